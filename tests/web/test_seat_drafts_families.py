"""Each player's own hand from his own phone in Reversis and Tripoli (``/v/<sid>/<key>/my-hand``,
``engine.seats``), through the Flask client on SQLite and PostgreSQL:

- Reversis: the dealer taps his 12 cards, each other player his 11, then the card dealt face down in front of
  him (he takes it up, or may look at it when he declines: 6.3), from the cards not in his hand; the last
  player of the exchange order is not asked his (the card left). The card page then asks the dealer's
  discard and the exchanges, as with the deal given on the page;
- Tripoli: each player taps the hand he was dealt (the sizes 5.2 gives, the eldest first); the spare hand is
  the cards left, and the dealer's choice of it is asked on the card page;
- in both, no other phone, nor the read-only link, reads a card before the hand is stored; the stored hand
  holds the deal and replays to the example's scores.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from flask import Flask
from sqlalchemy import select

from scorekeeper.engine.family import family_of
from scorekeeper.web.extensions import db
from scorekeeper.web.models import Hand, SeatDraft
from tests.support.cardpage import start_chips
from tests.support.dealpage import Table, example
from tests.support.pages import get, submit
from tests.support.seatdrafts import ABCD, SECRETS, TRIPOLI_NAMES, Phone, readable, renamed


def links(client: Any, game: str) -> tuple[str, str]:
    edit = start_chips(client, game)  # Ann deals
    read = get(client, edit).html.split('id="read-link" value="http://localhost', 1)[1].split('"', 1)[0]
    return edit, read


def test_reversis_each_player_taps_his_hand_and_his_face_down_card(app: Flask) -> None:
    scorer = app.test_client()
    edit, read = links(scorer, "reversis")
    value = example("reversis-hand")  # Ann deals, as at this table
    before = readable(scorer, edit, read)
    phones = {name: Phone(app, read, SECRETS[name]) for name in ABCD}
    found = re.search(r'data-asks=(["\'])(.*?)\1', phones["Ann"].page.html)
    assert found, "the page of one's own hand says what each seat is asked"
    asks = json.loads(html.unescape(found.group(2)))
    assert asks["Ann"] == {"hand": 12, "passed": 0} and asks["Bob"] == {"hand": 11, "passed": 0}
    assert asks["Dan"] == {"hand": 11, "passed": 0, "more": [{"kind": "face-down", "count": 1,
                                                             "word": "card dealt face down"}]}
    dan = {"hand": value["deal"]["Dan"], "passed": [], "more": {"face-down": [value["face_down"]["Dan"]]}}
    without = phones["Dan"].send("Dan", {"hand": value["deal"]["Dan"], "passed": []}, 422)
    assert without["error"]["message"] == "Dan taps the card dealt face down this hand"
    own = phones["Dan"].send("Dan", {**dan, "more": {"face-down": [value["deal"]["Dan"][0]]}}, 422)
    assert own["error"]["code"] == "deal"  # a card of his own hand
    assert phones["Dan"].send("Dan", dan)["mine"] == dan
    assert readable(scorer, edit, read) == before  # Dan's hand and face-down card: on his phone only
    for name in ("Ann", "Bob", "Cat"):
        more = {"more": {"face-down": [value["face_down"][name]]}} if name == "Cat" else {}
        answer = phones[name].send(name, {"hand": value["deal"][name], "passed": [], **more})
    assert answer["dealt"] and answer["problem"] is None
    table = Table(scorer, edit)
    assert table.record["deal"] == value["deal"] and table.record["face_down"] == value["face_down"]
    assert 'id="give-deal"' not in table.page.html
    answer = table.post("/next", {"record": table.record, "action": None})
    assert answer["next"]["kind"] == "discard" and answer["next"]["player"] == "Ann"  # the walk goes on
    rest = {k: value[k] for k in ("discard", "exchanges", "play", "events")}
    response = submit(scorer, table.page, "play-form", {"record": json.dumps(rest)})
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    with app.app_context():
        [hand] = [dict(h.record) for h in db.session.scalars(select(Hand))]
        assert db.session.scalar(select(db.func.count()).select_from(SeatDraft)) == 0
    assert hand["deal"] == value["deal"] and hand["face_down"] == value["face_down"]
    assert family_of("reversis").replay_json({**value, **hand})["net"] == family_of("reversis").replay_json(value)["net"]


def test_tripoli_each_player_taps_the_hand_he_was_dealt(app: Flask) -> None:
    scorer = app.test_client()
    edit, read = links(scorer, "tripoli")
    value = renamed(example("tripoli-deal"), TRIPOLI_NAMES)
    before = readable(scorer, edit, read)
    phones = {name: Phone(app, read, SECRETS[name]) for name in ABCD}
    short = phones["Dan"].send("Dan", {"hand": value["deal"]["Bob"], "passed": []}, 422)  # 11 cards: Dan has 10
    assert short["error"]["code"] == "deal"
    for name in ("Bob", "Cat", "Dan"):
        answer = phones[name].send(name, {"hand": value["deal"][name], "passed": []})
    assert answer["sent"] == ["Bob", "Cat", "Dan"] and not answer["dealt"]
    assert readable(scorer, edit, read) == before
    answer = phones["Ann"].send("Ann", {"hand": value["deal"]["Ann"], "passed": []})
    assert answer["dealt"]
    table = Table(scorer, edit)
    assert table.record["deal"] == value["deal"] and sorted(table.record["spare_hand"]) == sorted(value["spare_hand"])
    answer = table.post("/next", {"record": table.record, "action": None})
    assert answer["next"]["kind"] == "spare" and answer["next"]["player"] == "Ann"  # the dealer's choice
    rest = {k: value[k] for k in ("spare", "poker", "michigan")}
    response = submit(scorer, table.page, "play-form", {"record": json.dumps(rest)})
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    with app.app_context():
        [hand] = [dict(h.record) for h in db.session.scalars(select(Hand))]
    assert hand["deal"] == value["deal"]
    assert family_of("tripoli").replay_json({**value, **hand})["payments"] == {"Bob": 3, "Cat": 1, "Dan": -2, "Ann": -10}


def test_a_face_down_card_in_another_hand_does_not_make_one_deal() -> None:
    import pytest

    from scorekeeper.engine import seats
    from scorekeeper.engine.errors import ScorekeeperError

    value = example("reversis-hand")
    head = {k: value[k] for k in ("game", "players", "dealer")} | {"play": []}
    family = family_of("reversis")
    drafts = {p: seats.Draft(tuple(value["deal"][p])) for p in ("Ann", "Bob")}
    for name in ("Cat", "Dan"):
        drafts[name] = seats.Draft(tuple(value["deal"][name]), (), (("face-down", (value["face_down"][name],)),))
    assert seats.deal(family, head, drafts)["face_down"] == value["face_down"]
    drafts["Cat"] = seats.Draft(tuple(value["deal"]["Cat"]), (), (("face-down", (value["deal"]["Bob"][0],)),))
    seats.check(family, head, "Cat", drafts["Cat"])  # alone, it is a card Cat can have face down
    with pytest.raises(ScorekeeperError) as refused:
        seats.deal(family, head, drafts)
    assert refused.value.code == "seats" and "(1 card is in two hands)" in refused.value.message


def test_the_card_a_seat_taps_besides_its_hand_is_named_in_the_readers_language(app: Flask) -> None:
    """Reversis' card dealt face down, on the page of one's own hand of a phone that reads French: its word in
    French (the answer's sentence too, as every refusal), the kind's code the same."""
    scorer = app.test_client()
    edit, read = links(scorer, "reversis")
    phone = app.test_client()
    phone.get(f"{read}/my-hand?lang=fr")  # the phone's own choice, kept in its cookie
    page = phone.get(f"{read}/my-hand").get_data(as_text=True)
    found = re.search(r'data-asks=(["\'])(.*?)\1', page)
    assert found and '<html lang="fr">' in page
    asks = json.loads(html.unescape(found.group(2)))
    assert asks["Dan"]["more"] == [{"kind": "face-down", "count": 1, "word": "carte donnée face cachée"}]
