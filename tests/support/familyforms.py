"""The result form of the rest of the family through the real pages (the SQLite app)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.pages import get, submit


@pytest.fixture
def app(sqlite_app: Flask) -> Flask:
    return sqlite_app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def record(client: FlaskClient, edit: str, fields: Mapping[str, str]) -> Any:
    """Open the result form and send it with what the players tapped."""
    return submit(client, get(client, edit + "/result"), "result-form", dict(fields))


def stored_hands(client: FlaskClient, read: str) -> list[dict[str, Any]]:
    """The hands as stored (the session's export, through the read-only key), without their client ids."""
    sid, key = read.split("/")[2:4]
    exported = client.get(f"/api/sessions/{sid}/export?key={key}").get_json()
    return [{k: v for k, v in h.items() if k != "id"} for h in exported["hands"]]
