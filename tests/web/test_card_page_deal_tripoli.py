"""Tripoli's deal given on its card page (``/s/<sid>/<key>/deal``, ``engine.tripoli.dealing``), through the
Flask client: before the first card each hand as dealt (the eldest first, the sizes 5.2 gives; the spare
hand is the cards left), the dealer's choice then asked by the walk; after Michigan only the cards of each
held hand nobody saw (what the play and the showdown show are placed already), the deal as dealt following
from the dealer's sale of the spare hand; the stored hand holds the deal and settles as the example does.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.support.cardpage import start_chips
from tests.support.dealpage import Table, example, stored
from tests.support.pages import get
from tests.support.seatdrafts import TRIPOLI_NAMES, renamed

PAYMENTS = {"Bob": 3, "Cat": 1, "Dan": -2, "Ann": -10}  # catalogue 5.9, Deal 1


def test_a_tripoli_deal_given_before_the_first_card(client: FlaskClient) -> None:
    value = renamed(example("tripoli-deal"), TRIPOLI_NAMES)
    edit = start_chips(client, "tripoli")  # Ann deals
    assert 'id="give-deal"' in get(client, edit + "/play").html
    table = Table(client, edit)
    asked = table.deal()
    for name, count in (("Bob", 11), ("Cat", 11), ("Dan", 10), ("Ann", 10)):  # from the eldest, the spare last
        assert (asked["next"]["kind"], asked["next"]["player"], asked["next"]["count"]) == ("hand", name, count)
        asked = table.deal({"kind": "hand", "player": name, "value": value["deal"][name]})
    assert asked["dealt"] and sorted(table.record["spare_hand"]) == sorted(value["spare_hand"])
    assert asked["next"]["kind"] == "spare" and asked["next"]["player"] == "Ann"  # the dealer's choice comes next


def test_a_tripoli_deal_given_after_the_hand_asks_only_what_nobody_saw(app: Flask, client: FlaskClient) -> None:
    value = renamed(example("tripoli-deal"), TRIPOLI_NAMES)
    table = Table(client, start_chips(client, "tripoli"))
    played: dict[str, Any] = {k: value[k] for k in ("spare", "claims", "poker", "michigan")}
    table.record = {**table.record, **played}  # the hand as the card page recorded it, without the deal
    assert table.post("/next", {"record": table.record, "action": None})["complete"]
    held = {**value["deal"], "Cat": value["spare_hand"]}  # Cat bought the spare hand: his own is dead
    asked, kinds = table.deal(), []
    while not asked["dealt"]:
        n = asked["next"]
        kinds.append((n["kind"], n["player"], n["count"]))
        assert set(asked["state"]["hands"][n["player"]]) <= set(held[n["player"]])  # what the record shows
        asked = table.deal({"kind": n["kind"], "player": n["player"],
                            "value": [c for c in held[n["player"]] if c in n["choices"]]})
    assert kinds == [("held", "Bob", 1), ("held", "Dan", 5), ("held", "Ann", 2)]  # Cat went out: all seen
    assert {p: sorted(c) for p, c in table.record["deal"].items()} == {p: sorted(c) for p, c in value["deal"].items()}
    assert sorted(table.record["spare_hand"]) == sorted(value["spare_hand"])
    assert asked["outcome"]["payments"] == PAYMENTS
    assert table.save().status_code == 302
    [hand] = stored(app)
    assert hand["deal"] == table.record["deal"] and sorted(hand["spare_hand"]) == sorted(value["spare_hand"])


def test_a_wrong_tripoli_answer_is_refused_with_a_sentence(client: FlaskClient) -> None:
    value = renamed(example("tripoli-deal"), TRIPOLI_NAMES)
    table = Table(client, start_chips(client, "tripoli"))
    short = table.post("/deal", {"record": table.record, "given": [
        {"kind": "hand", "player": "Bob", "value": value["deal"]["Dan"]}]}, 422)["error"]
    assert short["code"] == "deal" and short["message"] == "Bob cards as dealt: 11 cards"
