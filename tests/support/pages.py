"""The phone pages through the Flask client: a page read back, its forms sent with their CSRF tokens."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.web.extensions import db
from scorekeeper.web.models import Hand, HandVersion, TableSession
from tests.support.apps import sqlite_at_head


ROOT = Path(__file__).resolve().parents[2]


EVIL = "<script>alert(1)</script>"


PLAYERS = ["Ann", "Bob", "Cat", EVIL]


PAGE_LIMIT = 30 * 1024


URL = re.compile(r"https?://([^/\"'\s<>]+)")


class _Forms(HTMLParser):
    """Every <form>: its action, method and the values a browser would submit by default."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: dict[str, dict[str, Any]] = {}
        self.current: dict[str, Any] | None = None
        self.select: str | None = None
        self.select_first: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.current = {"action": a.get("action", ""), "method": a.get("method", "get"), "fields": [],
                            "buttons": {}}
            self.forms[a.get("id") or f"form-{len(self.forms)}"] = self.current
            return
        if self.current is None:
            return
        fields = self.current["fields"]
        if tag == "input":
            kind = a.get("type", "text")
            name = a.get("name")
            if not name or kind in ("submit", "button"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            fields.append((name, a.get("value", "on" if kind in ("checkbox", "radio") else "")))
        elif tag == "button" and a.get("name") and a.get("id"):
            self.current["buttons"][a["id"]] = (a["name"], a.get("value", ""))
        elif tag == "select":
            self.select, self.select_first = a.get("name"), None
            self._selected = False
        elif tag == "option" and self.select:
            if self.select_first is None:
                self.select_first = a.get("value", "")
            if "selected" in a:
                fields.append((self.select, a.get("value", "")))
                self._selected = True
        elif tag == "textarea":
            self.textarea = a.get("name")
            fields.append((self.textarea, ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None
        elif tag == "select" and self.select and self.current is not None:
            if not self._selected and self.select_first is not None:
                self.current["fields"].append((self.select, self.select_first))
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data: str) -> None:
        if self.textarea and self.current is not None:
            name, value = self.current["fields"][-1]
            self.current["fields"][-1] = (name, value + data)


class Page:
    def __init__(self, response: Any) -> None:
        self.response = response
        self.status = response.status_code
        self.html = response.get_data(as_text=True)

    def form(self, form_id: str) -> tuple[str, dict[str, Any]]:
        """(action, fields) of a form as a browser would submit it untouched."""
        parser = _Forms()
        parser.feed(self.html)
        form = parser.forms[form_id]
        data: dict[str, Any] = {}
        for name, value in form["fields"]:
            data[name] = value
        return form["action"], data

    def text(self, element_id: str) -> str:
        match = re.search(rf'id="{re.escape(element_id)}"[^>]*>(.*?)</', self.html, re.S)
        assert match, f"no element #{element_id}"
        return re.sub(r"<[^>]+>", "", match.group(1)).strip()

    def totals(self) -> dict[str, str]:
        return {_unescape(p): v for p, v in re.findall(r'<td class="total" data-player="([^"]*)">([^<]*)</td>', self.html)}

    def refusal(self) -> str:
        match = re.search(r'class="refusal"[^>]*>(.*?)</p>', self.html, re.S)
        return _unescape(match.group(1)) if match else ""


def _unescape(text: str) -> str:
    return html.unescape(text)


WORDS_LIMIT = 4 * 1024  # the scripts' words (web/script_words.py): the same on every page of a language


QR_LIMIT = 12 * 1024  # a table's two QR codes (its links): their size varies with the links' random keys


def check_page(page: Page) -> None:
    """Every page: small enough for a phone on a poor connection, nothing from another host,
    and every name escaped. What grows with a table (its names, its hands) is counted against the limit; the
    scripts' words and the QR codes of its links, the same size whatever the table (a QR code's varies by a few
    hundred bytes with the random keys it draws), against their own (the wire's 30 KB,
    tests/web/test_fast_pages.py, counts them all)."""
    data = page.response.data
    words = re.search(rb'<script type="application/json" id="words">.*?</script>', data, re.S)
    qr = sum(len(code) for code in re.findall(rb'<figure class="qr-code".*?</figure>', data, re.S))
    assert qr < QR_LIMIT, f"the QR codes take {qr} bytes"
    size = len(data) - (len(words.group(0)) if words else 0) - qr
    assert size < PAGE_LIMIT, f"page is {size} bytes, its scripts' words and QR codes aside"
    assert not words or len(words.group(0)) < WORDS_LIMIT, f"its scripts' words are {len(words.group(0))} bytes"
    hosts = set(URL.findall(page.html))
    assert hosts <= {"localhost"}, hosts
    assert EVIL not in page.html
    assert "<script>alert" not in page.html


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    from scorekeeper.web import create_app

    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    sqlite_at_head(tmp_path / "t.db")
    application = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite:///" + str(tmp_path / "t.db"), "TESTING": True})
    yield application
    with application.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def get(client: FlaskClient, url: str, status: int = 200) -> Page:
    page = Page(client.get(url))
    assert page.status == status, (url, page.status, page.html[:500])
    check_page(page)
    return page


def submit(client: FlaskClient, page: Page, form_id: str, changes: dict[str, Any] | None = None,
           drop: tuple[str, ...] = ()) -> Any:
    action, data = page.form(form_id)
    for key in drop:
        data.pop(key, None)
    data.update(changes or {})
    return client.post(action, data=data)


def start_table(client: FlaskClient, players: list[str] = PLAYERS, game: str = "black-lady",
                changes: dict[str, Any] | None = None, profile: str = "") -> tuple[str, str]:
    """Start a table through the start form; (edit url, read-only url)."""
    page = get(client, f"/?game={game}&profile={profile}")
    fields = {f"players-{i}": name for i, name in enumerate(players)}
    fields.update({"first_dealer": players[-1], "action": "start"})
    fields.update(changes or {})
    response = submit(client, page, "start-form", fields)
    assert response.status_code == 302, Page(response).refusal() or Page(response).html[:2000]
    edit = response.headers["Location"]
    session = get(client, edit)
    read = re.search(r'id="read-link" value="http://localhost([^"]+)"', session.html)
    assert read
    return edit, read.group(1)


def record_result(client: FlaskClient, edit: str, hearts: list[int | str], qs: int,
                  extra: dict[str, Any] | None = None) -> Any:
    page = get(client, edit + "/result")
    fields: dict[str, Any] = {f"hearts_{i}": str(h) for i, h in enumerate(hearts)}
    fields["take_QS"] = str(qs)
    fields.update(extra or {})
    return submit(client, page, "result-form", fields)


def counts(app: Flask) -> tuple[int, int, int]:
    with app.app_context():
        return tuple(db.session.scalar(select(func.count()).select_from(m))  # type: ignore[return-value]
                     for m in (TableSession, Hand, HandVersion))


def api_session_whose_last_hand_is_refused_then_added(
        app: Flask, client: FlaskClient, session: dict[str, Any], refused: dict[str, Any]) -> tuple[Any, Any, Any]:
    """The JSON API round trip of a table: ``session`` created without its last hand; ``refused`` sent as the
    next hand (a 422, nothing stored); the last hand then added (a 201). Returns the refusal's error, the
    settled answer, and what the session's export settles to once created again from it (the same as the
    settled answer: asserted here, as is the export's own acceptance)."""
    session = {**session, "hands": list(session["hands"])}
    last = session["hands"].pop()
    response = client.post("/api/sessions", json=session)
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    auth = {"Authorization": f"Bearer {body['token']}"}
    before = counts(app)
    response = client.post(f"/api/sessions/{body['id']}/hands", json=refused, headers=auth)
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert counts(app) == before
    response = client.post(f"/api/sessions/{body['id']}/hands", json=last, headers=auth)
    assert response.status_code == 201
    settled = response.get_json()
    export = client.get(f"/api/sessions/{body['id']}/export", query_string={"key": body["read_key"]}).get_json()
    again = client.post("/api/sessions", json=export)  # an export is accepted again and settles identically
    assert again.status_code == 201
    copy_id, copy_key = again.get_json()["id"], again.get_json()["read_key"]
    assert client.get(f"/api/sessions/{copy_id}", query_string={"key": copy_key}).get_json() == settled
    return error, settled, export


def csrf_header(page: Page) -> dict[str, str]:
    token = re.search(r'<meta name="csrf-token" content="([^"]+)"', page.html)
    assert token
    return {"X-CSRFToken": token.group(1)}


# Dan deals, Ann leads: trick 1 2C 6C AC 4S (Cat wins); trick 2 Cat 5S, Dan 7S, Ann discards 2H while
# holding spades, Bob 2S; trick 3 Dan 8S, Ann KS (the proof), Bob 3S, Cat 6S.
REMEMBERED = "1. 2C 6C AC 4S\n2. 5S 7S 2H 2S\n3. 8S KS 3S 6S\n"


def overtaken_correction(client: FlaskClient, language: str, players: list[str]) -> tuple[str, Page]:
    """A table in ``language`` whose hand 1 two phones open for correction at once: the other phone saves first
    (Ann 3 -> 5 hearts, Bob 10 -> 8), then this one. The edit link, and the page this phone's save answers."""
    edit, _ = start_table(client, players=players, changes={"language": language})
    assert submit(client, get(client, edit + "/result"), "result-form",
                  {"hearts_0": "3", "hearts_1": "10", "take_QS": "1"}).status_code == 302
    mine, other = get(client, edit + "/hand/1"), get(client, edit + "/hand/1")
    assert submit(client, other, "result-form", {"hearts_0": "5", "hearts_1": "8"}).status_code == 302
    return edit, Page(submit(client, mine, "result-form", {"hearts_0": "4", "hearts_1": "9"}))
