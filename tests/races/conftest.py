"""The races' fixture: the app (SQLite or PostgreSQL, tests/conftest.py's ``backend``) served for real."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from flask import Flask
from werkzeug.serving import make_server


@pytest.fixture
def served(app: Flask) -> Iterator[str]:
    """``app`` (SQLite or PostgreSQL) served on a free loopback port, a thread per request."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="race-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
