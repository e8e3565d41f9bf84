"""The races' fixture: the app (SQLite or PostgreSQL, tests/conftest.py's ``backend``) served for real."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from tests.support.phonekit import serving


@pytest.fixture
def served(app: Flask) -> Iterator[str]:
    """``app`` (SQLite or PostgreSQL) served on a free loopback port, a thread per request."""
    with serving(app, "race-server") as url:
        yield url
