"""The per-address rate limit (``web.ratelimit``): new tables, clubs and evenings, and the PDFs; each
address counted on its own, a 429 with ``Retry-After`` and a sentence, and each worker's share."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.support import webdata
from flask import Flask

from scorekeeper.web.ratelimit import limiter, shared


@pytest.fixture
def limited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    from tests.support.apps import dispose, make_app

    app = make_app(f"sqlite:///{tmp_path / 'db'}", tmp_path / "instance", monkeypatch)
    app.config.update(LIMITS_ON=True, LIMIT_CREATE="3 per minute", LIMIT_PDF="2 per minute", WTF_CSRF_ENABLED=False)
    limiter.reset()
    yield app
    limiter.reset()
    dispose(app)


def test_new_tables_and_clubs_are_limited_per_address(limited: Flask) -> None:
    client = limited.test_client()
    made = [client.post("/api/sessions", json=webdata.session()).status_code,
            client.post("/api/clubs", json={"name": "Club", "players": []}).status_code,
            client.post("/clubs/new", data={"name": "Club", "players": ""}).status_code]
    assert made == [201, 201, 302]
    refused = client.post("/api/sessions", json=webdata.session())
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert refused.get_json()["error"]["code"] == "rate-limited"
    assert "try again in a minute" in refused.get_json()["error"]["message"]
    page = client.post("/evenings/new", data={"ladies": "A\nB\nC\nD", "gentlemen": "E\nF\nG\nH", "seating": "typed"})
    assert page.status_code == 429 and b"try again in a minute" in page.data
    # Another address has its own count; reading is never limited.
    other = client.post("/api/sessions", json=webdata.session(), environ_base={"REMOTE_ADDR": "10.0.0.2"})
    assert other.status_code == 201
    assert client.get("/").status_code == 200 and client.get("/clubs/new").status_code == 200


def test_pdfs_are_limited_per_address(limited: Flask) -> None:
    client = limited.test_client()
    for _ in range(2):
        assert client.get("/sheets/blank.pdf?players=4").status_code == 200
    refused = client.get("/evenings/blank.pdf")
    assert refused.status_code == 429 and "Retry-After" in refused.headers


def test_each_worker_allows_its_share() -> None:
    assert shared("10 per minute;60 per hour", 4) == "3 per minute;15 per hour"
    assert shared("20 per minute", 1) == "20 per minute"


def test_off_in_the_test_suite_s_apps(sqlite_app: Flask) -> None:
    assert sqlite_app.config["LIMITS_ON"] is False
