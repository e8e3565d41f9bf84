"""Each player's own hand from his own phone (``/v/<sid>/<key>/my-hand``, ``services.put_seat_draft``,
``engine.seats``), through the Flask client on SQLite and PostgreSQL (conftest's ``app``):

- privacy: until the hand is stored, no other phone (another secret), nobody without a secret, the read-only
  pages, the API and the table's export read a card of a draft; they learn only which seats have sent;
- a seat belongs to the first phone that sends it for that hand: another phone can neither overwrite it nor
  read it back;
- the engine checks each hand alone (its size, its cards, the pass) and the whole deal once every seat has
  sent, refusing drafts that do not make one deal without naming a card;
- once every seat has sent, the card page's record head has the deal and the passes: only legal cards are
  offered, a revoke is refused on the spot; the stored hand holds the deal, and storing it deletes the drafts
  in the same transaction; a draft for a hand already stored is refused.
The browser run is ``tests/browser/test_seat_drafts_phone.py``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.engine.family import family_of
from scorekeeper.web.extensions import db
from scorekeeper.web.models import Hand, SeatDraft
from tests.support.pages import csrf_header, get, start_table, submit
from tests.support.seatdrafts import ABCD, SECRETS, Phone, cards_in, draft_of, example, readable

STRANGER = "e" * 64


def test_nobody_but_the_phone_that_sent_it_reads_a_hand_before_it_is_stored(
        app: Flask, table: tuple[FlaskClient, str, str]) -> None:
    scorer, edit, read = table
    value = example()
    before = readable(scorer, edit, read)
    ann = Phone(app, read, SECRETS["Ann"])
    assert ann.page.html.count('data-player="') == 4 and "Tap my own hand" in get(scorer, read).html
    answer = ann.send("Ann", draft_of(value, "Ann"))
    assert answer["ok"] and answer["sent"] == ["Ann"] and answer["mine"] == draft_of(value, "Ann")
    assert ann.send("Ann")["mine"] == draft_of(value, "Ann")  # this phone reads it back
    hers = value["deal"]["Ann"]
    other = Phone(app, read, SECRETS["Bob"])
    looked = other.send("Ann")  # another phone naming Ann's seat: who has sent, never her cards
    assert looked == {"ok": True, "position": 1, "title": "Hand 1", "sent": ["Ann"], "mine": None,
                      "dealt": False, "problem": None}
    assert other.send(None)["mine"] is None and other.send("Ann", secret=STRANGER)["mine"] is None
    taken = other.send("Ann", {"hand": value["deal"]["Bob"], "passed": value["passes"]["Bob"]}, status=409)
    assert taken["error"]["code"] == "seat-taken" and not cards_in(json.dumps(taken), hers)
    assert ann.send("Ann")["mine"] == draft_of(value, "Ann")  # not overwritten
    no_secret = other.client.post(other.url, json={"player": "Ann"}, headers=other.headers)
    assert no_secret.status_code == 422 and not cards_in(no_secret.get_data(as_text=True), hers)
    assert readable(scorer, edit, read) == before  # no page nor answer shows a card more with Ann's hand sent
    page = get(scorer, edit + "/play")  # the card page knows only who has sent until every seat has
    next_answer = scorer.post(edit + "/next", json={"record": None, "action": None}, headers=csrf_header(page))
    assert next_answer.get_json()["seats"] == {"sent": ["Ann"], "waiting": ["Bob", "Cat", "Dan"], "dealt": False,
                                                "problem": None}
    assert "deal" not in next_answer.get_json()["record"] and not cards_in(next_answer.get_data(as_text=True), hers)
    kept = scorer.get(read + "/my-hand")
    assert kept.headers["Cache-Control"] == "no-store"  # no cache keeps the page (nor the service worker: sw.js)


def test_the_engine_checks_each_hand_alone_and_the_deal_once_every_seat_has_sent(
        app: Flask, table: tuple[FlaskClient, str, str]) -> None:
    _, _, read = table
    value = example()
    phones = {name: Phone(app, read, SECRETS[name]) for name in ABCD}
    short = phones["Bob"].send("Bob", {"hand": value["deal"]["Bob"][:12], "passed": value["passes"]["Bob"]}, 422)
    assert short["error"]["code"] == "deal"
    no_pass = phones["Bob"].send("Bob", {"hand": value["deal"]["Bob"], "passed": []}, 422)
    assert no_pass["error"]["message"] == "Bob passes 3 cards this hand"
    not_held = phones["Bob"].send("Bob", {"hand": value["deal"]["Bob"], "passed": value["passes"]["Ann"]}, 422)
    assert not_held["error"]["code"] != "seat-taken"
    dealer = phones["Dan"].send("Dan", {"hand": value["deal"]["Dan"][:12] + ["XX"], "passed": []}, 422)  # the last hand
    assert dealer["error"]["code"] == "deal"
    his = [c for c in value["deal"]["Bob"] if c not in value["passes"]["Bob"]][0]
    bad_bob = [value["deal"]["Ann"][0] if c == his else c for c in value["deal"]["Bob"]]  # one of Ann's cards
    assert phones["Bob"].send("Bob", {"hand": bad_bob, "passed": value["passes"]["Bob"]})["ok"]
    for name in ("Ann", "Cat"):
        phones[name].send(name, draft_of(value, name))
    last = phones["Dan"].send("Dan", draft_of(value, "Dan"))
    assert last["sent"] == ABCD and not last["dealt"]
    assert last["problem"] == ("the hands sent do not make one deal (1 card is in two hands): each player looks at "
                               "his hand on his phone and sends it again")
    fixed = phones["Bob"].send("Bob", draft_of(value, "Bob"))  # the same phone corrects it
    assert fixed["dealt"] and fixed["problem"] is None


def test_the_card_page_has_the_deal_once_every_seat_has_sent_and_the_hand_stored_takes_the_drafts_away(
        app: Flask, table: tuple[FlaskClient, str, str]) -> None:
    scorer, edit, read = table
    value = example()
    for name in ABCD:
        Phone(app, read, SECRETS[name]).send(name, draft_of(value, name))
    page = get(scorer, edit + "/play")
    assert 'id="give-deal"' not in page.html  # the deal is in: nothing to give
    headers = csrf_header(page)

    def post(record: Any, action: Any, status: int = 200) -> dict[str, Any]:
        response = scorer.post(edit + "/next", json={"record": record, "action": action}, headers=headers)
        assert response.status_code == status, response.get_json()
        answer: dict[str, Any] = response.get_json()
        return answer

    answer = post(None, None)
    assert answer["seats"]["dealt"] and answer["record"]["deal"] == value["deal"]
    assert answer["record"]["passes"] == value["passes"]
    assert answer["next"] == {"kind": "play", "player": "Bob", "ask": "card", "choices": ["2C"]}  # only legal
    record = {"play": []}  # the page may send the record without the deal: the head puts it back
    answer = post(record, {"kind": "play", "player": None, "value": "2C"})
    refused = post(answer["record"], {"kind": "play", "player": None, "value": "AS"}, 422)
    assert refused["error"]["code"] == "revoke" and refused["stands"]["kind"] == "revoke"
    for code in value["play"][1:]:
        answer = post(answer["record"], {"kind": "play", "player": None, "value": code})
    assert answer["complete"] and answer["outcome"]["points"] == {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 17}
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(SeatDraft)) == 4
    response = submit(scorer, page, "play-form", {"record": json.dumps({"play": answer["record"]["play"]})})
    assert response.status_code == 302
    with app.app_context():
        [hand] = [dict(h.record) for h in db.session.scalars(select(Hand))]
        assert db.session.scalar(select(db.func.count()).select_from(SeatDraft)) == 0  # gone with the hand's write
    assert hand["deal"] == value["deal"] and hand["passes"] == value["passes"]
    stored = {**value, **hand, "hand": 1}
    assert family_of("black-lady").replay_json(stored)["points"] == answer["outcome"]["points"]
    again = Phone(app, read, SECRETS["Ann"])
    assert again.send("Ann") == {"ok": True, "position": 2, "title": "Hand 2", "sent": [], "mine": None,
                                 "dealt": False, "problem": None}  # the next hand: nothing sent for it yet


def test_a_hand_sent_for_a_hand_already_stored_is_refused(app: Flask, table: tuple[FlaskClient, str, str]) -> None:
    from scorekeeper.engine import seats
    from scorekeeper.web import services
    from scorekeeper.web.families import pages_of

    scorer, edit, read = table
    value = example()
    sid = edit.split("/")[2]
    with app.app_context():
        stored = services.get_session(sid)
        head = pages_of("black-lady").card_table(stored).record()  # read before the hand below is stored
    response = scorer.post(f"/api/sessions/{sid}/hands", json={
        "taken": {"Ann": {"hearts": 3}, "Bob": {"hearts": 4}, "Cat": {"hearts": 2}, "Dan": {"hearts": 4, "QS": 1}}},
        headers={"Authorization": f"Bearer {edit.split('/')[3]}"})
    assert response.status_code == 201, response.get_json()
    with app.app_context():
        stored = services.get_session(sid)
        with pytest.raises(services.ScorekeeperError) as refused:
            services.put_seat_draft(stored, head, 1, "Ann", seats.Draft(tuple(value["deal"]["Ann"]),
                                                                       tuple(value["passes"]["Ann"])), SECRETS["Ann"])
        assert refused.value.code == "stale"
        assert db.session.scalar(select(db.func.count()).select_from(SeatDraft)) == 0


def test_a_game_whose_deal_asks_more_than_each_hand_says_so(app: Flask) -> None:
    scorer = app.test_client()
    edit, read = start_table(scorer, players=ABCD, game="domino-hearts")  # its deal holds the stock too
    page = get(scorer, read + "/my-hand")
    assert 'id="no-seats"' in page.html and 'data-player="' not in page.html
    assert "Tap my own hand" not in get(scorer, read).html
