"""A seat whose phone lost its storage (its secret) is freed from the scorer's phone: *Free Dan's seat* on the
card page (the edit link) drops the hand Dan's lost phone sent for the table's next hand, with a sentence
saying so, and Dan claims the seat again from another phone. The read-only link cannot free a seat.
"""

from __future__ import annotations

from html import unescape

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.web.extensions import db
from scorekeeper.web.models import SeatDraft
from tests.support.pages import csrf_header, get, submit
from tests.support.seatdrafts import SECRETS, Phone, draft_of, example

NEW_PHONE = "9" * 64


def test_the_scorer_frees_a_seat_whose_phone_lost_its_storage(app: Flask,
                                                               table: tuple[FlaskClient, str, str]) -> None:
    scorer, edit, read = table
    value = example()
    Phone(app, read, SECRETS["Dan"]).send("Dan", draft_of(value, "Dan"))  # then that phone forgets its secret
    Phone(app, read, SECRETS["Ann"]).send("Ann", draft_of(value, "Ann"))
    other = Phone(app, read, NEW_PHONE)
    taken = other.send("Dan", draft_of(value, "Dan"), status=409)
    assert taken["error"]["code"] == "seat-taken"
    assert taken["error"]["message"].endswith("(if it lost it, the scorer taps Free Dan's seat on the card page)")

    page = get(scorer, edit + "/play")
    assert "Free Dan's seat" in page.html and "Free Ann's seat" in page.html and "Free Bob's seat" not in page.html
    freed = submit(scorer, page, "free-seats", {"player": "Dan"})
    assert freed.status_code == 302 and freed.headers["Location"].endswith(edit + "/play")
    after = get(scorer, edit + "/play")
    assert ("Dan's seat is free for hand 1: the hand his phone sent is dropped. Dan chooses his seat again on any "
            "phone and taps his hand again.") in unescape(after.html)
    assert "Free Dan's seat" not in after.html and "Free Ann's seat" in after.html
    with app.app_context():
        assert sorted(db.session.scalars(select(SeatDraft.player))) == ["Ann"]  # Ann's hand stays

    answer = other.send("Dan", draft_of(value, "Dan"))  # the new phone claims the seat
    assert answer["ok"] and answer["sent"] == ["Ann", "Dan"] and answer["mine"] == draft_of(value, "Dan")
    assert Phone(app, read, SECRETS["Dan"]).send("Dan")["mine"] is None  # the old secret reads nothing back


def test_a_seat_is_freed_only_from_the_edit_link(app: Flask, table: tuple[FlaskClient, str, str]) -> None:
    scorer, edit, read = table
    value = example()
    Phone(app, read, SECRETS["Dan"]).send("Dan", draft_of(value, "Dan"))
    page = get(scorer, edit + "/play")
    sid, key = edit.split("/")[2], read.split("/")[3]
    refused = scorer.post(f"/s/{sid}/{key}/seats/free", data={"player": "Dan"}, headers=csrf_header(page))
    assert refused.status_code in (403, 404)
    again = submit(scorer, page, "free-seats", {"player": "Dan"})
    assert again.status_code == 302
    nobody = submit(scorer, page, "free-seats", {"player": "Dan"})  # the page as it was: nothing left to drop
    assert nobody.status_code == 302
    assert "Dan has sent no hand for hand 1: his seat is free." in unescape(get(scorer, edit + "/play").html)
    stranger = submit(scorer, page, "free-seats", {"player": "Zed"})
    assert stranger.status_code == 302
    assert "Zed is not at this table" in get(scorer, edit + "/play").html
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(SeatDraft)) == 0
