"""Fixtures of the printed sheets' tests."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator

import pytest

from tests.support.paper import Counting


@pytest.fixture
def web_server() -> Iterator[str]:
    """A local web server that counts requests: nothing may ever reach it."""
    Counting.hits = []
    server = http.server.HTTPServer(("127.0.0.1", 0), Counting)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
