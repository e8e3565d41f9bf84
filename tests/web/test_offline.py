"""The server's part of the table without a connection: the web app manifest and its icons, the service
worker (its headers, its precache list: every static file a page links), the offline page and the probe;
and every form a phone keeps offline sent twice (as a kept form is when its first answer was lost) stores
nothing more, on SQLite and PostgreSQL. A correction drawn from a hand another phone changed since is
refused with a sentence, and goes in when the scorer saves it again. The browser's part:
``tests/browser/test_offline_phone.py``.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import struct
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.web.extensions import db
from scorekeeper.web.models import Hand, HandVersion
from scorekeeper.web.offline.routes import PRECACHED
from scorekeeper.web.static_files import LONG_CACHE
from tests.support.phoneforms import card_hand
from tests.support.pages import Page, get, start_table, submit

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
LINKED = re.compile(r'(?:href|src)="(/static/[^"?]+\?v=\w+)"')
ABCD = ["Ann", "Bob", "Cat", "Dan"]


def stored(app: Flask) -> tuple[int, int]:
    """Rows in hands and hand_versions."""
    with app.app_context():
        return tuple(db.session.scalar(select(func.count()).select_from(m)) or 0  # type: ignore[return-value]
                     for m in (Hand, HandVersion))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


# --- the manifest, the worker, the offline page -------------------------------------------------------------

def test_the_manifest_names_the_app_and_its_icons(client: FlaskClient) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/manifest+json"
    body = json.loads(response.data)
    assert (body["name"], body["short_name"], body["start_url"], body["scope"], body["display"]) == (
        "Scorekeeper", "Scorekeeper", "/", "/", "standalone")
    assert body["theme_color"] == "#0b6e4f" and body["background_color"] == "#fbfbf8"
    assert "--accent: #0b6e4f" in (STATIC / "app.css").read_text()  # the header bar's colour
    purposes = {}
    for icon in body["icons"]:
        answer = client.get(icon["src"])
        assert answer.status_code == 200 and answer.headers["Content-Type"] == "image/png", icon
        assert answer.headers["Cache-Control"] == LONG_CACHE
        width, height = png_size(answer.data)
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png"
        purposes.setdefault(icon["purpose"], set()).add(width)
    assert purposes == {"any": {192, 512}, "maskable": {512}}


def test_every_page_links_the_manifest_and_the_offline_scripts(client: FlaskClient) -> None:
    edit, read = start_table(client, players=ABCD)
    for url in ("/", edit, read, edit + "/result", edit + "/play", "/offline"):
        html = get(client, url).html
        assert '<link rel="manifest" href="/manifest.webmanifest">' in html, url
        assert '<meta name="theme-color" content="#0b6e4f">' in html, url
        for script in ("vendor/idb-keyval.js", "outbox.js", "offline.js"):
            assert f'src="/static/{script}?v=' in html, (url, script)


def test_the_service_worker_is_served_from_the_root_and_precaches_what_the_pages_link(client: FlaskClient) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/javascript")
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert response.headers["Cache-Control"] == "no-cache"
    script = response.data.decode()
    listed = json.loads(re.search(r"var PRECACHE = (\[.*?\]);", script).group(1))  # type: ignore[union-attr]
    assert "/offline" in listed
    edit, read = start_table(client, players=ABCD)
    linked = set()
    for url in ("/", edit, read, edit + "/result", edit + "/play", "/offline"):
        linked |= set(LINKED.findall(get(client, url).html))
    assert linked, "the pages link fingerprinted static files"
    assert linked <= set(listed), f"linked but not precached: {linked - set(listed)}"
    for url in listed:
        answer = client.get(url)
        assert answer.status_code == 200, url
        if url.startswith("/static/"):
            assert answer.headers["Cache-Control"] == LONG_CACHE, url
    for name in PRECACHED:
        assert (STATIC / name).is_file(), name
    # A changed static file is a changed worker (its precache URLs carry the fingerprints).
    assert re.search(r'var VERSION = "[0-9a-f]{16}"', script)
    assert "importScripts" in script and "/static/outbox.js?v=" in script


def test_the_offline_page_and_the_probe(client: FlaskClient) -> None:
    page = get(client, "/offline")
    assert "No connection" in page.html and 'id="offline-page"' in page.html
    probe = client.get("/ping")
    assert probe.status_code == 204 and probe.data == b"" and probe.headers["Cache-Control"] == "no-store"


def test_the_vendored_library_is_the_one_its_note_names() -> None:
    vendored = STATIC / "vendor" / "idb-keyval.js"
    note = (STATIC / "vendor" / "README.md").read_text()
    assert re.search(r"idb-keyval 6\.\d+\.\d+", note)
    assert hashlib.sha256(vendored.read_bytes()).hexdigest() in note, "the note gives the file's SHA-256"
    assert "Apache License" in (STATIC / "vendor" / "idb-keyval.LICENCE").read_text()
    design = (ROOT / "docs" / "design.md").read_text()
    assert "idb-keyval" in design, "the docs say why it is there"


# --- a kept form sent twice stores nothing more ---------------------------------------------------------------

def twice(client: FlaskClient, page: Page, form_id: str, changes: dict[str, Any]) -> tuple[Any, Any]:
    return submit(client, page, form_id, changes), submit(client, page, form_id, changes)


def test_a_hand_card_by_card_sent_twice_is_stored_once(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_table(client, players=ABCD)  # Dan deals hand 1
    _, plays, _ = card_hand("Dan", 1)
    page = get(client, edit + "/play")
    first, second = twice(client, page, "play-form", {"record": json.dumps({"play": plays})})
    assert first.status_code == second.status_code == 302
    assert first.headers["Location"].endswith("#hand-1") and second.headers["Location"].endswith("/hand/1")
    assert stored(app) == (1, 0)


def test_a_misdeal_sent_twice_is_stored_once(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_table(client, players=ABCD)
    page = get(client, edit)
    first, second = twice(client, page, "misdeal-form", {"reason": "wrong-count"})
    assert first.status_code == second.status_code == 302
    assert stored(app) == (1, 0)


def test_a_correction_or_a_confirmation_sent_twice_stores_nothing_more(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_table(client, players=ABCD, changes={"confirm_required": "y"})
    form = get(client, edit + "/result")
    assert submit(client, form, "result-form", {"hearts_0": "3", "hearts_1": "10", "take_QS": "1"}).status_code == 302
    hand = get(client, edit + "/hand/1")
    first, second = twice(client, hand, "result-form", {"hearts_0": "4", "hearts_1": "9"})
    assert first.status_code == second.status_code == 302
    assert stored(app) == (1, 2), "one correction: versions 1 and 2"
    sheet = get(client, edit)
    first, second = twice(client, sheet, "confirm-form-1", {})
    assert first.status_code == second.status_code == 302
    assert stored(app) == (1, 3), "one confirmation"
    again = submit(client, get(client, edit + "/hand/1"), "result-form")  # saved as it stands
    assert again.status_code == 302 and stored(app) == (1, 3)
    assert "is already so: nothing changed" in get(client, edit).html


def test_a_correction_drawn_before_another_phone_changed_the_hand_is_refused(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_table(client, players=ABCD)
    form = get(client, edit + "/result")
    assert submit(client, form, "result-form", {"hearts_0": "3", "hearts_1": "10", "take_QS": "1"}).status_code == 302
    mine = get(client, edit + "/hand/1")  # this phone opens the correction form (kept offline, say)
    other = get(client, edit + "/hand/1")
    assert submit(client, other, "result-form", {"hearts_0": "5", "hearts_1": "8"}).status_code == 302
    refused = submit(client, mine, "result-form", {"hearts_0": "4", "hearts_1": "9"})
    assert refused.status_code == 200
    page = Page(refused)
    assert page.refusal().startswith("Hand 1 was changed on another phone after this form was opened: nothing is stored.")
    _, kept = page.form("result-form")
    assert (kept["hearts_0"], kept["hearts_1"]) == ("4", "9"), "the form as typed"
    assert stored(app) == (1, 2)
    assert submit(client, page, "result-form").status_code == 302, "Save again replaces it"
    assert stored(app) == (1, 3)
    # The JSON correction says the same.
    mine = get(client, edit + "/hand/1")
    assert submit(client, get(client, edit + "/hand/1"), "result-form", {"hearts_0": "2", "hearts_1": "11"}).status_code == 302
    _, fields = mine.form("json-form")
    record = json.loads(fields["record"])
    record["taken"]["Ann"]["hearts"] = 1
    record["taken"]["Bob"]["hearts"] = 12
    refused = submit(client, mine, "json-form", {"record": json.dumps(record)})
    assert "was changed on another phone" in Page(refused).html
    assert stored(app) == (1, 4)


def test_a_tripoli_deal_and_a_reversis_hand_sent_twice_are_stored_once(app: Flask, client: FlaskClient) -> None:
    from tests.support.tripoliweb import DEAL_1, start_tripoli
    from tests.support.reversisweb import E2, start_reversis

    edit = start_tripoli(client)[0]
    first, second = twice(client, get(client, edit + "/result"), "deal-form", DEAL_1)
    assert first.status_code == second.status_code == 302, Page(second).refusal()
    assert stored(app) == (1, 0)
    edit = start_reversis(client, ["A", "B", "C", "D"])[0]
    first, second = twice(client, get(client, edit + "/result"), "result-form", E2[0])
    assert first.status_code == second.status_code == 302, Page(second).refusal()
    assert stored(app) == (2, 0)


def test_a_new_hand_drawn_before_another_phone_recorded_it_is_refused(app: Flask, client: FlaskClient) -> None:
    """This phone opened the form for hand 1 (and kept it offline, say); another phone recorded hand 1 in the
    meantime: the form is refused with a sentence, as typed, and goes in as hand 2 on a second Save. A
    misdeal drawn for a hand recorded since is refused the same way."""
    edit, _ = start_table(client, players=ABCD)
    mine, sheet = get(client, edit + "/result"), get(client, edit)
    assert 'name="for_hand" value="1"' in mine.html
    other = submit(client, get(client, edit + "/result"), "result-form", {"hearts_0": "3", "hearts_1": "10", "take_QS": "1"})
    assert other.status_code == 302
    refused = submit(client, mine, "result-form", {"hearts_0": "4", "hearts_1": "9", "take_QS": "2"})
    assert refused.status_code == 200
    page = Page(refused)
    assert page.refusal() == ("Hand 1 was recorded on another phone after this form was opened: nothing is stored. "
                              "It says: Ann took 3 hearts: 3; total 3 · Bob took 10 hearts and Q♠: 23; total 23 · "
                              "Cat took no scoring cards: 0; total 0 · Dan took no scoring cards: 0; total 0. "
                              "If this is another hand, tap Save again to record it as hand 2.")
    _, kept = page.form("result-form")
    assert (kept["hearts_0"], kept["hearts_1"], kept["take_QS"], kept["for_hand"]) == ("4", "9", "2", "2")
    assert stored(app) == (1, 0)
    assert submit(client, page, "result-form").status_code == 302
    assert stored(app) == (2, 0)
    misdeal = submit(client, sheet, "misdeal-form", {"reason": "wrong-count"})
    assert misdeal.status_code == 302 and stored(app) == (2, 0)
    assert "Hand 1 was recorded on another phone" in get(client, edit).html
    # The same form sent again once it is stored is no refusal: it shows the stored hand.
    again = submit(client, page, "result-form")
    assert again.status_code == 302 and again.headers["Location"].endswith("/hand/2") and stored(app) == (2, 0)


def test_the_refusal_says_the_other_phones_moon_in_words(app: Flask, client: FlaskClient) -> None:
    """What the other phone stored is said as the sheet says it: a moon by its choice, not by its rule's id."""
    edit, _ = start_table(client, players=ABCD)
    mine = get(client, edit + "/result")
    sid, token = edit.rsplit("/", 2)[-2:]
    other = client.post(f"/api/sessions/{sid}/hands", headers={"Authorization": f"Bearer {token}"},
                        json={"taken": {"Ann": {"hearts": 13, "QS": 1}, "Bob": {"hearts": 0}, "Cat": {"hearts": 0},
                                        "Dan": {"hearts": 0}}, "moon_choice": "add"})
    assert other.status_code == 201, other.get_data(as_text=True)
    refused = Page(submit(client, mine, "result-form", {"hearts_0": "4", "hearts_1": "9", "take_QS": "2"}))
    said = refused.refusal()
    assert "Ann took 13 hearts and Q♠: shot the moon and chose to add 26 to everyone else's score: 0" in said, said
    assert "black-lady-26" not in said and "(" not in said, said


# --- what a table's pages tell the phone, for when it opens them without a connection --------------------------

def known(page: Page) -> dict[str, Any]:
    found = re.search(r"id=\"table-known\" data-known='([^']*)'", page.html)
    assert found, "the page tells the phone what it knows of the table"
    value: dict[str, Any] = json.loads(html.unescape(found.group(1)))
    return value


def test_a_table_s_pages_tell_the_phone_the_hands_to_come(app: Flask, client: FlaskClient) -> None:
    """The scorer's sheet, result form and card page carry the table's revision, its next hand's position
    and that hand and the six after it: each is what the sheet says once the hands before it are in (a
    misdeal is dealt again by the same dealer, and passes the same way). The read-only page keeps none."""
    edit, read = start_table(client, players=ABCD)
    sheet = get(client, edit)
    first = known(sheet)
    assert (first["table"], first["position"], len(first["coming"])) == (edit, 1, 7)
    assert [c["dealer"] for c in first["coming"]] == ["Dan", "Ann", "Bob", "Cat", "Dan", "Ann", "Bob"]
    assert known(get(client, edit + "/result"))["coming"] == first["coming"]
    cards = known(get(client, edit + "/play"))["coming"]
    assert [{k: v for k, v in c.items() if k not in ("turn", "order")} for c in cards] == first["coming"]
    assert all(c["order"] == ABCD for c in cards)
    assert [c["turn"] for c in cards[:2]] == [{"kind": "play", "player": "Ann", "ask": "card"},
                                              {"kind": "play", "player": "Bob", "ask": "card"}]
    assert "table-known" not in get(client, read).html
    revision = first["revision"]
    for k, (hearts, queen) in enumerate([((3, 10, 0, 0), "1"), ((0, 4, 4, 5), "2"), ((5, 5, 3, 0), "0")], start=1):
        fields = {f"hearts_{seat}": str(n) for seat, n in enumerate(hearts)}
        assert submit(client, get(client, edit + "/result"), "result-form",
                      {**fields, "take_QS": queen}).status_code == 302
        sheet = get(client, edit)
        now = known(sheet)
        assert now["position"] == k + 1 and now["revision"] > revision
        assert now["coming"][0] == first["coming"][k]
        said = first["coming"][k]
        assert f'<strong id="dealer" data-coming="dealer">{said["dealer"]}</strong>' in sheet.html
        assert f'<p id="pass" data-coming="pass">{said["pass"]}</p>' in sheet.html
        revision = now["revision"]
    before = known(sheet)["coming"]
    assert submit(client, sheet, "misdeal-form", {"reason": "wrong-count"}).status_code == 302
    after = known(get(client, edit))
    assert after["position"] == 5
    assert [{**c, "position": c["position"] - 1} for c in after["coming"]] == before[:len(after["coming"])]


# --- one Date per answer --------------------------------------------------------------------------------------

def test_every_answer_carries_one_date_the_server_s(sqlite_app: Flask) -> None:
    """The HTTP server dates every answer; the app adds no second ``Date`` (a compressed page, a static file
    sent by its fingerprint, the probe), so a page the phone kept says when the server sent it."""
    import http.client
    import threading
    from email.utils import parsedate_to_datetime

    from werkzeug.serving import make_server

    client = sqlite_app.test_client()
    start_table(client, ABCD)
    page = client.get("/")
    script = re.search(r'src="(/static/app\.js\?v=\w+)"', page.get_data(as_text=True))
    assert script
    paths = ["/", script.group(1), "/static/icons/icon-192.png", "/ping", "/sw.js", "/offline"]
    for path in paths:  # the app itself leaves the date to the server
        assert "Date" not in client.get(path, headers={"Accept-Encoding": "gzip"}).headers, path
    server = make_server("127.0.0.1", 0, sqlite_app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        for path in paths:
            connection = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=10)
            connection.request("GET", path, headers={"Accept-Encoding": "gzip"})
            answer = connection.getresponse()
            answer.read()
            dates = answer.headers.get_all("Date") or []
            connection.close()
            assert len(dates) == 1, (path, dates)
            assert parsedate_to_datetime(dates[0]).tzinfo is not None
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()


def by_name(known_: dict[str, Any]) -> list[dict[str, Any]]:
    """The hands to come with their seats by name (what offline.js shows), the rest as said."""
    players = known_.get("players") or []
    return [{**{k: v for k, v in c.items() if k != "seats"}, **{k: players[s] for k, s in c.get("seats", {}).items()}}
            for c in known_["coming"]]


def test_a_reversis_table_s_pages_tell_the_phone_the_hands_to_come(app: Flask, client: FlaskClient) -> None:
    """Reversis: the next hand and the six after it, each dealt to the right and led by the player right of
    the dealer, as seats of the table with the names said once; each is the dealer the sheet names once the
    hands before it are in; a misdeal is dealt again by the same dealer; the pools words are not said."""
    from tests.support.reversisweb import E2, record as record_reversis, start_reversis

    edit, _ = start_reversis(client, ["Ann", "Bob", "Cat", "Dan"])
    first = known(get(client, edit))
    assert first["players"] == ["Ann", "Bob", "Cat", "Dan"] and first["position"] == 1
    said = by_name(first)
    assert [c["dealer"] for c in said] == ["Ann", "Dan", "Cat", "Bob", "Ann", "Dan", "Cat"]
    assert [c["leader"] for c in said] == ["Dan", "Cat", "Bob", "Ann", "Dan", "Cat", "Bob"]
    assert all(set(c) == {"dealer", "leader"} for c in said)
    assert known(get(client, edit + "/result"))["coming"] == first["coming"]
    cards = by_name(known(get(client, edit + "/play")))
    assert [c["context"] for c in cards[:2]] == ["Ann deals; Dan leads.", "Dan deals; Cat leads."]
    for k, fields in enumerate(E2[:2], start=1):
        assert record_reversis(client, edit, fields).status_code == 302
        sheet = get(client, edit)
        now = by_name(known(sheet))
        assert now[0] == said[k] and sheet.text("dealer") == said[k]["dealer"]
        assert now == said[k:] + now[len(said) - k:]
    assert record_reversis(client, edit, {"misdeal": "face-up-in-pack"}).status_code == 302
    after = known(get(client, edit))
    assert after["position"] == 4 and by_name(after)[0] == said[2]  # Cat deals again


def test_a_tripoli_table_s_pages_tell_the_phone_the_hands_to_come(app: Flask, client: FlaskClient) -> None:
    """Tripoli: the next deal and the six after it, each dealt clockwise with the player left of the dealer
    eldest, as the sheet says them; a misdeal is dealt again by the same dealer; once the final poker took
    the layout no deal is left to come."""
    from tests.support.tripoliweb import DEAL_1, DEAL_2, FINAL, record as record_tripoli, start_tripoli

    players = ["Ann", "Bob", "Cat", "Dan"]
    edit, _ = start_tripoli(client, players=players)  # Dan deals first
    first = known(get(client, edit))
    said = by_name(first)
    assert [c["dealer"] for c in said] == ["Dan", "Ann", "Bob", "Cat", "Dan", "Ann", "Bob"]
    assert [c["eldest"] for c in said] == ["Ann", "Bob", "Cat", "Dan", "Ann", "Bob", "Cat"]
    assert known(get(client, edit + "/result"))["coming"] == first["coming"]
    assert by_name(known(get(client, edit + "/play")))[1]["context"] == "Ann deals; Bob is first."
    assert record_tripoli(client, edit, DEAL_1).status_code == 302
    sheet = get(client, edit)
    assert by_name(known(sheet))[0] == said[1] and sheet.text("dealer") == "Ann"
    assert '<p id="eldest"><span data-coming="eldest">Bob</span> (left of the dealer) is eldest.</p>' in sheet.html
    assert submit(client, sheet, "misdeal-form", {"reason": "wrong-count"}).status_code == 302
    assert by_name(known(get(client, edit)))[:6] == said[1:7]  # Ann deals again
    assert record_tripoli(client, edit, DEAL_2).status_code == 302
    assert by_name(known(get(client, edit)))[0] == said[2]
    assert record_tripoli(client, edit, FINAL, final=True).status_code == 302
    over = known(get(client, edit))
    assert over["coming"] == [] and "players" not in over
