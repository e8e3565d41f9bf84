"""Links a table controls (``web.links``): new links retire the old edit and read-only links, on a table's
page and on a club's (whose tables' edit links are made from its own); links and QR codes built on the
configured public address, never on a client's ``Host``; keys masked in the access logs; what the
service worker may keep; a PDF kept by the table's revision."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest
from tests.support import webdata
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web.logs import MaskedRequestHandler, masked


def _values(page: Any) -> list[str]:
    return re.findall(r'value="(https?://[^"]*)"', page.get_data(as_text=True))


@pytest.fixture
def client(sqlite_app: Flask) -> FlaskClient:
    sqlite_app.config["WTF_CSRF_ENABLED"] = False
    return sqlite_app.test_client()


def test_new_links_retire_the_old_ones(client: FlaskClient) -> None:
    table = webdata.Table(client)
    assert table.add(webdata.result()).status_code == 201
    old_edit, old_read = f"/s/{table.id}/{table.token}", f"/v/{table.id}/{table.read_key}"
    renewed = client.post(old_edit + "/links")
    assert renewed.status_code == 303
    new_edit = renewed.headers["Location"].split("#")[0]
    page = client.get(new_edit)
    assert page.status_code == 200 and b"New links: the old ones open nothing any more" in page.data
    edit_link, read_link = _values(page)
    assert edit_link.endswith(new_edit) and table.token not in edit_link and table.read_key not in read_link
    for old in (old_edit, old_read, old_edit + "/result", old_read + "/live"):
        answer = client.get(old)
        assert answer.status_code == 403, old
        assert b"replaced with new links opens nothing" in answer.data
    assert client.get(read_link.split("localhost")[-1]).status_code == 200
    # The API and the printed sheet: the old token and key are refused, the new ones work.
    new_token = new_edit.rsplit("/", 1)[1]
    new_key = read_link.rsplit("/", 1)[1]
    api = client.post(f"/api/sessions/{table.id}/hands", json=webdata.result(),
                      headers={"Authorization": f"Bearer {table.token}"})
    assert api.status_code == 403
    assert client.get(f"/api/sessions/{table.id}", query_string={"key": table.read_key}).status_code == 403
    assert client.post(f"/api/sessions/{table.id}/hands", json=webdata.result(),
                       headers={"Authorization": f"Bearer {new_token}"}).status_code == 201
    assert client.get(f"/api/sessions/{table.id}", query_string={"key": new_key}).status_code == 200
    # Only the edit link takes new links.
    assert client.post(f"/v/{table.id}/{new_key}/links").status_code in (403, 404, 405)


def test_new_links_of_a_club_renew_its_tables_edit_links(client: FlaskClient) -> None:
    club = client.post("/api/clubs", json={"name": "Club", "players": webdata.PLAYERS}).get_json()
    auth = {"Authorization": f"Bearer {club['token']}"}
    table = client.post(f"/api/clubs/{club['id']}/sessions", json=webdata.session(), headers=auth).get_json()
    renewed = client.post(f"/c/{club['id']}/{club['token']}/links")
    assert renewed.status_code == 303
    new_token = renewed.headers["Location"].split("#")[0].rsplit("/", 1)[1]
    assert client.get(f"/c/{club['id']}/{club['token']}").status_code == 403
    assert client.get(f"/vc/{club['id']}/{club['read_key']}").status_code == 403
    assert client.get(f"/s/{table['id']}/{table['token']}").status_code == 403  # made from the old club token
    page = client.get(f"/c/{club['id']}/{new_token}")
    assert page.status_code == 200
    table_link = re.search(rf'href="(/s/{table["id"]}/[^"]+)"', page.get_data(as_text=True))
    assert table_link is not None and client.get(table_link.group(1)).status_code == 200
    # A club table's own new links: a new read-only key; its edit link stays the club's.
    edit = table_link.group(1)
    read_before = client.get(edit)
    again = client.post(edit + "/links")
    assert again.status_code == 303 and again.headers["Location"].split("#")[0] == edit
    assert _values(client.get(edit))[1] != _values(read_before)[1]


def test_links_are_built_on_the_public_address_not_the_host_header(sqlite_app: Flask, client: FlaskClient) -> None:
    table = webdata.Table(client)
    spoofed = client.get(f"/s/{table.id}/{table.token}", headers={"Host": "evil.example"})
    assert any("evil.example" in v for v in _values(spoofed))  # unset: the request's own address (a LAN)
    sqlite_app.config["PUBLIC_URL"] = "https://scores.example.org"
    page = client.get(f"/s/{table.id}/{table.token}", headers={"Host": "evil.example"})
    assert b"evil.example" not in page.data
    assert _values(page) == [f"https://scores.example.org/s/{table.id}/{table.token}",
                             f"https://scores.example.org/v/{table.id}/{table.read_key}"]


@pytest.mark.parametrize("value, ok", [("https://scores.example.org/", "https://scores.example.org"),
                                       ("http://192.168.1.5:5000", "http://192.168.1.5:5000"), ("", None),
                                       ("scores.example.org", RuntimeError), ("https://x.org/?a=1", RuntimeError)])
def test_the_public_address_is_checked(value: str, ok: Any) -> None:
    from scorekeeper.web import public_address

    if ok is RuntimeError:
        with pytest.raises(RuntimeError):
            public_address(value)
    else:
        assert public_address(value) == ok


def test_keys_are_masked_in_the_access_logs() -> None:
    line = "GET /s/Ab3/SECRETTOKEN/hand/2/audit.pdf?key=READKEY&paper=a4 HTTP/1.1"
    assert masked(line) == "GET /s/Ab3/…/hand/2/audit.pdf?key=…&paper=a4 HTTP/1.1"
    for path in ("/v/Ab3/READKEY", "/e/Ev1/TOKEN/live", "/ve/Ev1/KEY", "/c/Cl1/TOKEN/people/3", "/vc/Cl1/KEY"):
        assert "KEY" not in masked(path) and "TOKEN" not in masked(path), path
    assert masked("/api/sessions/Ab3/hands") == "/api/sessions/Ab3/hands"


def test_the_development_server_logs_no_key(sqlite_app: Flask, caplog: pytest.LogCaptureFixture) -> None:
    from werkzeug.serving import make_server
    import threading
    import urllib.request

    table = webdata.Table(sqlite_app.test_client())
    server = make_server("127.0.0.1", 0, sqlite_app, threaded=True, request_handler=MaskedRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with caplog.at_level(logging.INFO, logger="werkzeug"):
            url = f"http://127.0.0.1:{server.server_port}"
            urllib.request.urlopen(f"{url}/s/{table.id}/{table.token}").read()
            urllib.request.urlopen(f"{url}/api/sessions/{table.id}?key={table.read_key}").read()
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
    logged = caplog.text
    assert f"/s/{table.id}/…" in logged and "key=…" in logged
    assert table.token not in logged and table.read_key not in logged


def test_gunicorn_logs_no_key() -> None:
    from datetime import timedelta
    from types import SimpleNamespace

    from gunicorn.config import Config

    from scorekeeper.web.logs import MaskedLogger

    logger = MaskedLogger(Config())
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": "/v/Ab3/READKEY?key=READKEY", "SERVER_PROTOCOL": "HTTP/1.1",
               "PATH_INFO": "/v/Ab3/READKEY", "QUERY_STRING": "key=READKEY", "REMOTE_ADDR": "10.0.0.1"}
    atoms = logger.atoms(SimpleNamespace(status="200 OK", sent=10, headers=[]), SimpleNamespace(headers=[]),
                         environ, timedelta(seconds=0))
    assert "READKEY" not in f"{atoms['r']} {atoms['U']} {atoms['q']}"
    assert atoms["r"] == "GET /v/Ab3/…?key=… HTTP/1.1"


def test_what_the_service_worker_may_keep(client: FlaskClient) -> None:
    table = webdata.Table(client)
    club = client.post("/api/clubs", json={"name": "Club", "players": []}).get_json()
    page = client.get(f"/s/{table.id}/{table.token}")
    assert page.headers["Cache-Control"] == "no-store"
    assert page.headers["Scorekeeper-Offline"] == "keep"  # a scorer records offline from it
    assert page.headers["Scorekeeper-Links"] == f"/s/{table.id}/{table.token}/"
    club_page = client.get(f"/c/{club['id']}/{club['token']}")
    assert "Scorekeeper-Offline" not in club_page.headers  # the club's edit link is not kept
    assert club_page.headers["Scorekeeper-Links"] == f"/c/{club['id']}/{club['token']}/"
    assert client.get("/").headers["Scorekeeper-Offline"] == "keep"
    assert "Scorekeeper-Offline" not in client.get(f"/s/{table.id}/wrong").headers
    worker = client.get("/sw.js").get_data(as_text=True)
    assert "Scorekeeper-Offline" in worker and "Scorekeeper-Links" in worker


def test_a_sheet_is_kept_by_the_table_s_revision(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from scorekeeper import sheets

    made: list[int] = []
    real = sheets.session_pdf
    monkeypatch.setattr(sheets, "session_pdf", lambda *a, **k: made.append(1) or real(*a, **k))
    table = webdata.Table(client)
    url = f"/sessions/{table.id}/sheet.pdf?key={table.read_key}"
    first = client.get(url)
    assert first.status_code == 200 and client.get(url).data == first.data and len(made) == 1
    assert table.add(webdata.result()).status_code == 201
    assert client.get(url).status_code == 200 and len(made) == 2  # a new hand: a new sheet
    assert first.headers["Content-Disposition"] == f"inline; filename=scorekeeper-{table.id}.pdf"




def test_a_renewal_checks_the_link_it_was_asked_with_inside_its_transaction(sqlite_app: Flask) -> None:
    """Each service that takes new links checks, in the write itself, that the link it was asked with still
    opens the table, the evening or the club: asked twice with one link (two phones, the second checked
    by its page before the first went in), the second is refused and the first's links stay."""
    from scorekeeper.web import services
    from scorekeeper.web.clubs import services as clubs
    from scorekeeper.web.evenings import services as evenings
    from scorekeeper.web.models import Club, Evening, TableSession
    from tests.support.progressiveweb import GENTLEMEN, LADIES

    with sqlite_app.app_context():
        table = services.create_session(webdata.session())
        club = clubs.create_club("Club", webdata.PLAYERS)
        evening = evenings.create_evening(LADIES, GENTLEMEN, "typed", 2)
        for model, made, renew in (
                (TableSession, table, lambda row, token: services.new_table_links(row, token)),
                (Club, club, lambda row, token: clubs.new_links(row, token)),
                (Evening, evening, lambda row, token: evenings.new_links(row, token))):
            row = services.get_linked(model, made.id, "row")
            revision = row.revision
            first = renew(row, made.token)
            assert first.token != made.token and first.read_key != made.read_key
            with pytest.raises(services.AccessDenied):
                renew(services.get_linked(model, made.id, "row"), made.token)
            kept = services.get_linked(model, made.id, "row")
            services.check_token(kept, first.token)
            assert kept.read_key == first.read_key and kept.revision == revision + 1, model
