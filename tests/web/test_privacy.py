"""What one browser learns of another's tables (nothing), and what the links' keys leak (nothing).

Each test client is a browser with its own cookie jar, all on one server: the start page
suggests the names of the tables that browser started or opened with their key, never those
of another browser's tables. Every response forbids sending the links on as a Referer; the
session cookie is HttpOnly, SameSite=Lax, and Secure on an https request (also when a trusted
proxy says so).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web.extensions import db
from tests.support.pages import (  # noqa: F401  (app, client: the SQLite fixtures of the page tests)
    Page, app, client, get, start_table,
)

A_NAMES = ["Ann", "Bob", "Cat", "Dan"]
B_NAMES = ["Eve", "Fay", "Gus"]
HTTPS = "https://localhost"


def offered(client: FlaskClient) -> list[str]:
    """The names the start page's datalist offers this browser, in order."""
    page = get(client, "/")
    datalist = re.search(r'<datalist id="known-players">(.*?)</datalist>', page.html, re.S)
    assert datalist, "no datalist on the start page"
    return re.findall(r'<option value="([^"]*)">', datalist.group(1))


def api_table(client: FlaskClient, players: list[str]) -> tuple[str, str, str]:
    """A table made through the JSON API (which remembers nothing): (id, token, read key)."""
    response = client.post("/api/sessions", json={"game": "black-lady", "players": players,
                                                   "first_dealer": players[-1]})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return body["id"], body["token"], body["read_key"]


def session_cookie(response: object) -> str:
    """The Set-Cookie header of the session cookie (there must be one)."""
    headers = [h for h in response.headers.getlist("Set-Cookie") if h.startswith("session=")]  # type: ignore[attr-defined]
    assert len(headers) == 1, headers
    return headers[0]


def attributes(set_cookie: str) -> set[str]:
    """The cookie's attributes, lower-cased, values kept: {"httponly", "samesite=lax", ...}."""
    return {part.strip().lower() for part in set_cookie.split(";")[1:]}


# --- the start page's suggestions -----------------------------------------------------------------

def test_each_browser_is_offered_only_the_names_of_its_own_tables(app: Flask) -> None:
    a, b, fresh = app.test_client(), app.test_client(), app.test_client()
    start_table(a, A_NAMES)
    start_table(b, B_NAMES)
    assert offered(a) == A_NAMES
    assert offered(b) == B_NAMES
    assert offered(fresh) == []


def test_opening_a_link_counts_and_the_most_recent_table_comes_first(app: Flask) -> None:
    a, b, guest = app.test_client(), app.test_client(), app.test_client()
    a_edit, _ = start_table(a, A_NAMES)
    _, b_read = start_table(b, B_NAMES)
    get(guest, b_read)  # the read-only link counts
    assert offered(guest) == B_NAMES
    get(guest, a_edit)  # so does the edit link; the latest table's names come first
    assert offered(guest) == A_NAMES + B_NAMES
    get(guest, b_read)
    assert offered(guest) == B_NAMES + A_NAMES
    assert offered(a) == A_NAMES and offered(b) == B_NAMES  # what the guest opened changes nobody else's


def test_a_wrong_key_or_a_made_up_cookie_adds_no_table(app: Flask) -> None:
    owner, stranger = app.test_client(), app.test_client()
    edit, read = start_table(owner, A_NAMES)
    sid = edit.split("/")[2]
    get(stranger, f"/s/{sid}/wrong", 403)
    get(stranger, f"/v/{sid}/wrong", 403)
    get(stranger, f"/s/{sid}/{read.split('/')[3]}", 403)  # the read key is no edit token
    assert offered(stranger) == []
    stranger.set_cookie("session", '{"tables": ["' + sid + '"]}')  # not signed by the server: ignored
    assert offered(stranger) == []


def test_only_the_last_twenty_tables_are_remembered(app: Flask) -> None:
    browser = app.test_client()
    tables = [api_table(browser, [f"P{n}a", f"P{n}b", f"P{n}c"]) for n in range(22)]
    assert offered(browser) == []  # made through the API: not opened in this browser
    for sid, _, read_key in tables:
        get(browser, f"/v/{sid}/{read_key}")
    names = offered(browser)
    assert names == [f"P{n}{seat}" for n in range(21, 1, -1) for seat in "abc"]  # 21 first, 0 and 1 forgotten
    sid, token, _ = tables[5]
    get(browser, f"/s/{sid}/{token}")  # opened again: first again, nothing forgotten
    assert offered(browser) == ["P5a", "P5b", "P5c"] + [name for name in names if not name.startswith("P5")]
    sid, token, _ = tables[0]
    get(browser, f"/s/{sid}/{token}")  # a forgotten one opened again: first, and the oldest kept one drops
    again = offered(browser)
    assert again[:6] == ["P0a", "P0b", "P0c", "P5a", "P5b", "P5c"] and len(again) == 60 and "P2a" not in again


def test_the_suggestions_are_one_query(app: Flask) -> None:
    from sqlalchemy import event

    browser = app.test_client()
    for n in range(3):
        start_table(browser, [f"Q{n}a", f"Q{n}b", f"Q{n}c"])
    statements: list[str] = []

    def count(conn: object, cursor: object, statement: str, *args: object) -> None:
        if "sessions" in statement:
            statements.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        assert offered(browser)[:3] == ["Q2a", "Q2b", "Q2c"]
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert len(statements) == 1, statements


# --- Referrer-Policy ------------------------------------------------------------------------------

def test_no_response_sends_the_links_on_as_a_referer(client: FlaskClient) -> None:
    edit, read = start_table(client, A_NAMES)
    sid, key = read.split("/")[2:4]
    page = get(client, edit)
    assert '<meta name="referrer" content="no-referrer">' in page.html  # the page's own policy agrees
    responses = {
        "start page": client.get("/"),
        "edit page": page.response,
        "read page": client.get(read),
        "API": client.get(f"/api/sessions/{sid}", query_string={"key": key}),
        "API error": client.get(f"/api/sessions/{sid}", query_string={"key": "wrong"}),
        "static file": client.get("/static/app.css"),
        "page refused": client.get(f"/s/{sid}/wrong"),
        "page not found": client.get(f"/v/nosuch/{key}"),
        "no such route": client.get("/no/such/route"),
        "csrf refused": client.post(edit + "/result", data={}),
    }
    statuses = {what: response.status_code for what, response in responses.items()}
    assert statuses == {"start page": 200, "edit page": 200, "read page": 200, "API": 200, "API error": 403,
                        "static file": 200, "page refused": 403, "page not found": 404, "no such route": 404,
                        "csrf refused": 400}
    for what, response in responses.items():
        assert response.headers.getlist("Referrer-Policy") == ["no-referrer"], what
        response.close()


# --- the session cookie ---------------------------------------------------------------------------

@pytest.fixture
def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str | None], Flask]]:
    """An app factory: ``make(proxy)`` with ``SCOREKEEPER_PROXY`` set to ``proxy`` (None: unset)."""
    from scorekeeper.web import create_app
    from scorekeeper.web.serve import upgrade_database

    made: list[Flask] = []

    def make(proxy: str | None) -> Flask:
        monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
        monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
        if proxy is None:
            monkeypatch.delenv("SCOREKEEPER_PROXY", raising=False)
        else:
            monkeypatch.setenv("SCOREKEEPER_PROXY", proxy)
        application = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / f'p{len(made)}.db'}",
                                  "TESTING": True})
        upgrade_database(application)
        made.append(application)
        return application

    yield make
    for application in made:
        with application.app_context():
            db.engine.dispose()


def test_the_cookie_is_httponly_and_samesite_lax_and_secure_only_over_https(client: FlaskClient) -> None:
    over_http = attributes(session_cookie(client.get("/")))
    assert {"httponly", "samesite=lax"} <= over_http and "secure" not in over_http
    over_https = attributes(session_cookie(client.application.test_client().get("/", base_url=HTTPS)))
    assert {"httponly", "samesite=lax", "secure"} <= over_https
    ignored = client.application.test_client().get("/", headers={"X-Forwarded-Proto": "https"})
    assert "secure" not in attributes(session_cookie(ignored))  # no proxy trusted: a client cannot claim https


def test_a_trusted_proxy_makes_the_cookie_secure_and_the_links_https(make_app: Callable[[str | None], Flask]) -> None:
    proxied = make_app("1").test_client()
    response = proxied.get("/", headers={"X-Forwarded-Proto": "https"})
    assert {"httponly", "samesite=lax", "secure"} <= attributes(session_cookie(response))
    assert "secure" not in attributes(session_cookie(make_app("1").test_client().get("/")))  # plain http behind it
    edit, _ = start_table(proxied, A_NAMES)  # (the helper's requests carry no X-Forwarded-Proto: plain http)
    page = Page(proxied.get(edit, headers={"X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example"}))
    assert 'id="read-link" value="https://cards.example/v/' in page.html
    direct = make_app(None).test_client()
    response = direct.get("/", headers={"X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example"})
    assert "secure" not in attributes(session_cookie(response))


def test_a_proxy_setting_that_is_not_a_count_is_refused(make_app: Callable[[str | None], Flask]) -> None:
    with pytest.raises(RuntimeError, match="SCOREKEEPER_PROXY='yes'"):
        make_app("yes")


# --- CSRF over http and https ---------------------------------------------------------------------

@pytest.mark.parametrize("https", [False, True], ids=["http", "https"])
def test_forms_work_over_http_and_https_without_a_referer(app: Flask, https: bool) -> None:
    """Browsers send no Referer under no-referrer: the token alone carries the form, and stays required."""
    browser = app.test_client()
    base = HTTPS if https else "http://localhost"
    page = Page(browser.get("/?game=black-lady", base_url=base))
    fields = {f"players-{i}": name for i, name in enumerate(A_NAMES)}
    fields.update({"first_dealer": "Dan", "action": "start"})
    action, data = page.form("start-form")
    refused = browser.post(action, data={**{k: v for k, v in data.items() if k != "csrf_token"}, **fields},
                           base_url=base)
    assert refused.status_code == 400
    started = browser.post(action, data={**data, **fields}, base_url=base)
    assert started.status_code == 302, Page(started).refusal() or Page(started).html[:500]
    assert browser.get(started.headers["Location"], base_url=base).status_code == 200
    assert offered(browser) == A_NAMES


def test_a_form_from_the_proxy_over_https_keeps_its_token(make_app: Callable[[str | None], Flask]) -> None:
    browser = make_app("1").test_client()
    behind = {"X-Forwarded-Proto": "https"}
    page = Page(browser.get("/?game=black-lady", headers=behind))
    action, data = page.form("start-form")
    fields = {f"players-{i}": name for i, name in enumerate(A_NAMES)}
    fields.update({"first_dealer": "Dan", "action": "start"})
    response = browser.post(action, data={**data, **fields}, headers=behind)
    assert response.status_code == 302, Page(response).refusal() or Page(response).html[:500]
    assert response.headers["Location"].startswith("/s/")
