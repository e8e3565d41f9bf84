"""Two phones at the same moment, many times, on SQLite and on PostgreSQL (``backend`` of conftest): the app
served by werkzeug on 127.0.0.1 with a thread per request, two phones (each its own cookies, so its own CSRF
token) that open the same form and then send it at once (a barrier releases both).

Whatever the order the database sees them in: the hand is stored once, the one phone is told it was saved
and the other that another phone stored it first, with what that phone stored, in the engine's words
(the players' notes of the settle output); two corrections drawn from one version leave the one that went
in, and the other phone is told what that one changed. Each race is fired ``TRIALS`` times.
"""

from __future__ import annotations

import html
import json
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from html.parser import HTMLParser
from http.cookiejar import CookieJar
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select
from werkzeug.serving import make_server

from scorekeeper.web.extensions import db
from scorekeeper.web.models import Hand, HandVersion
from tests.support.webdata import example_hand, result, session

TRIALS = 20


# --- a served app and two phones ---------------------------------------------------------------------

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


class _Stay(urllib.request.HTTPRedirectHandler):
    """A phone reads the redirect itself (where a save went), as the tests of the pages do."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


@dataclass
class Answer:
    status: int
    location: str
    body: str

    def flash_or_refusal(self) -> str:
        found = re.search(r'class="refusal"[^>]*>(.*?)</p>', self.body, re.S)
        return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip() if found else ""


class _Form(HTMLParser):
    """The fields of one form as a browser sends it untouched (hidden, text, checked, selected)."""

    def __init__(self, form_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id, self.inside, self.action = form_id, False, ""
        self.fields: dict[str, str] = {}
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("id") == self.form_id
            if self.inside:
                self.action = a.get("action", "")
        elif not self.inside:
            return
        elif tag == "input" and a.get("name") and a.get("type") not in ("submit", "button"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.fields[a["name"]] = a.get("value", "")
        elif tag == "select":
            self.select = a.get("name")
        elif tag == "option" and self.select and ("selected" in a or self.select not in self.fields):
            self.fields[self.select] = a.get("value", "")
        elif tag == "textarea" and a.get("name"):
            self.fields[a["name"]] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None


class Phone:
    """A browser of its own: cookies (the CSRF token's session), no redirect followed."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()), _Stay())

    def request(self, path: str, data: dict[str, str] | None = None, *, json_body: Any = None,
                headers: dict[str, str] | None = None) -> Answer:
        body, sent = None, dict(headers or {})
        if json_body is not None:
            body, sent["Content-Type"] = json.dumps(json_body).encode(), "application/json"
        elif data is not None:
            body = urllib.parse.urlencode(data).encode()
        request = urllib.request.Request(self.base + path, data=body, headers=sent)
        try:
            with self.opener.open(request, timeout=30) as response:
                return Answer(response.status, response.headers.get("Location", ""), response.read().decode())
        except urllib.error.HTTPError as answer:
            return Answer(answer.code, answer.headers.get("Location", ""), answer.read().decode())

    def form(self, path: str, form_id: str) -> tuple[str, dict[str, str]]:
        page = self.request(path)
        assert page.status == 200, (path, page.status, page.body[-800:])
        parser = _Form(form_id)
        parser.feed(page.body)
        assert parser.action, f"no form #{form_id} on {path}"
        return parser.action, parser.fields


def at_once(*sends: Callable[[], Answer]) -> list[Answer]:
    """Every send released at the same moment (a barrier), each in its own thread."""
    barrier = threading.Barrier(len(sends))

    def go(send: Callable[[], Answer]) -> Answer:
        barrier.wait()
        return send()

    with ThreadPoolExecutor(len(sends)) as pool:
        return list(pool.map(go, sends))


def new_table(phone: Phone, record: dict[str, Any] | None = None) -> tuple[str, str]:
    """A table through the API: (its id, its edit path)."""
    made = phone.request("/api/sessions", json_body=record or session())
    assert made.status == 201, made.body
    created = json.loads(made.body)
    return created["id"], f"/s/{created['id']}/{created['token']}"


def hands_of(app: Flask, session_id: str) -> list[tuple[int, dict[str, Any]]]:
    with app.app_context():
        rows = db.session.execute(select(Hand.position, Hand.record).where(Hand.session_id == session_id)
                                  .order_by(Hand.position)).all()
        db.session.remove()
    return [(position, dict(record)) for position, record in rows]


def versions_of(app: Flask, session_id: str) -> int:
    with app.app_context():
        count = db.session.scalar(select(func.count()).select_from(HandVersion).join(Hand)
                                  .where(Hand.session_id == session_id)) or 0
        db.session.remove()
    return count


def saved_and_told(answers: list[Answer], edit: str) -> tuple[Answer, Answer]:
    """The phone whose hand went in (a redirect to the sheet) and the other one (the form again, refused)."""
    saved = [a for a in answers if a.status == 302]
    refused = [a for a in answers if a.status != 302]
    assert len(saved) == 1 and len(refused) == 1, [(a.status, a.location, a.flash_or_refusal()) for a in answers]
    assert saved[0].location.startswith(edit), saved[0].location
    return saved[0], refused[0]


# --- the same hand from two phones -------------------------------------------------------------------

def test_the_same_hand_by_result_from_two_phones_is_stored_once_and_the_other_phone_told(
        app: Flask, served: str) -> None:
    first, second = Phone(served), Phone(served)
    for trial in range(TRIALS):
        sid, edit = new_table(first)
        sends = []
        for phone, hearts, qs in ((first, ("3", "2", "0", "8"), "0"), (second, ("1", "1", "1", "10"), "3")):
            action, fields = phone.form(edit + "/result", "result-form")
            assert fields["for_hand"] == "1"
            fields.update({f"hearts_{i}": h for i, h in enumerate(hearts)}, take_QS=qs)
            sends.append(lambda phone=phone, action=action, fields=fields: phone.request(action, fields))
        answers = at_once(*sends)
        stored = hands_of(app, sid)
        assert [p for p, _ in stored] == [1], f"trial {trial}: {stored}"
        _, told = saved_and_told(answers, edit)
        words = told.flash_or_refusal()
        assert "Hand 1 was recorded on another phone" in words and "nothing is stored" in words, words
        dan_took = stored[0][1]["taken"]["Dan"]["hearts"]
        assert f"Dan took {dan_took} hearts" in words, words  # what the other phone stored, as the sheet says it


def test_the_same_hand_card_by_card_from_two_phones_is_stored_once_and_the_other_phone_told(
        app: Flask, served: str) -> None:
    first, second = Phone(served), Phone(served)
    record = example_hand()
    for trial in range(TRIALS):
        sid, edit = new_table(first)
        sends = []
        for phone in (first, second):
            action, fields = phone.form(edit + "/play", "play-form")
            assert fields["for_hand"] == "1"
            fields.update(record=json.dumps(record), pending="[]")
            sends.append(lambda phone=phone, action=action, fields=fields: phone.request(action, fields))
        answers = at_once(*sends)
        stored = hands_of(app, sid)
        assert [p for p, _ in stored] == [1], f"trial {trial}: {stored}"
        _, told = saved_and_told(answers, edit)
        words = told.flash_or_refusal()
        assert "Hand 1 was recorded on another phone" in words and "nothing is stored" in words, words
        assert "Dan took" in words, words


def test_two_corrections_from_one_version_leave_one_and_the_other_phone_told(app: Flask, served: str) -> None:
    first, second = Phone(served), Phone(served)
    for trial in range(TRIALS):
        sid, edit = new_table(first, session(hands=[result()]))  # Ann 3, Bob 2, Cat 0, Dan 8; Ann QS
        sends = []
        for phone, ann in ((first, "4"), (second, "5")):
            action, fields = phone.form(edit + "/hand/1", "result-form")
            assert fields["drawn_from"]
            fields.update(hearts_0=ann, hearts_3=str(11 - int(ann)))
            sends.append(lambda phone=phone, action=action, fields=fields: phone.request(action, fields))
        answers = at_once(*sends)
        [(_, now)] = hands_of(app, sid)
        assert versions_of(app, sid) == 2, f"trial {trial}: one correction, kept beside the hand as recorded"
        _, told = saved_and_told(answers, edit)
        words = told.flash_or_refusal()
        assert "Hand 1 was changed on another phone" in words and "nothing is stored" in words, words
        went_in = now["taken"]["Ann"]["hearts"]
        assert went_in in (4, 5) and f"Ann hearts 3 → {went_in}" in words, words  # what the other phone changed


def test_a_correction_without_the_version_it_was_drawn_from_is_refused_from_the_pages(
        app: Flask, served: str) -> None:
    phone = Phone(served)
    sid, edit = new_table(phone, session(hands=[result()]))
    action, fields = phone.form(edit + "/hand/1", "result-form")
    del fields["drawn_from"]
    fields.update(hearts_0="4", hearts_3="7")
    answer = phone.request(action, fields)
    assert answer.status != 302 and "which version" in answer.flash_or_refusal(), answer.flash_or_refusal()
    assert hands_of(app, sid) == [(1, result())]


def test_the_api_refuses_a_hand_drawn_for_a_hand_now_stored(app: Flask, served: str) -> None:
    phone = Phone(served)
    made = json.loads(phone.request("/api/sessions", json_body=session()).body)
    auth = {"Authorization": f"Bearer {made['token']}"}
    path = f"/api/sessions/{made['id']}/hands?for_hand=1"
    first, second = at_once(lambda: phone.request(path, json_body=result(), headers=auth),
                            lambda: phone.request(path, json_body=result((1, 1, 1, 10), "Dan"), headers=auth))
    assert sorted([first.status, second.status]) == [201, 409], (first, second)
    refused = json.loads((first if first.status == 409 else second).body)
    assert refused["error"]["code"] == "conflict" and refused["error"]["hand"] == 1
    assert len(hands_of(app, made["id"])) == 1
    # Without for_hand, as before: the next hand.
    assert phone.request(f"/api/sessions/{made['id']}/hands", json_body=result(), headers=auth).status == 201
