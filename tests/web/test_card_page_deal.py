"""The deal given on the card page (``/s/<sid>/<key>/deal``, ``Family.dealing_json``), through the Flask client:
a Black Lady hand dealt before the first card (each hand, then the passes asked from the cards held, a revoke
refused on the spot, only legal cards offered), the same hand's deal given after the play (only the passes
asked, from the cards each receiver played), a Reversis hand's after its play (the face-down cards and the
cards given for them), the stored record holding the deal and replaying to the same scores; refusals with
the engine's code, never a 500. The browser run is ``tests/browser/test_card_page_deal_phone.py``.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.family import family_of
from tests.support.dealpage import Table, example, stored
from tests.support.pages import csrf_header, get, start_table

ABCD = ["Ann", "Bob", "Cat", "Dan"]


def sheet(client: FlaskClient, edit: str) -> dict[str, int]:
    return {p: int(v) for p, v in get(client, edit).totals().items()}


BLACK_LADY = {"opt_first_lead": "two-of-clubs"}  # as the example hand is played


def test_a_black_lady_hand_dealt_before_the_first_card(app: Flask, client: FlaskClient) -> None:
    value = example("black-lady-hand")
    edit, _ = start_table(client, players=ABCD, changes=BLACK_LADY)  # Dan deals, as in the example
    assert 'data-deal="' in get(client, edit + "/play").html
    table = Table(client, edit)
    asked = table.deal()
    assert asked["next"] == {"kind": "hand", "player": "Ann", "ask": "cards", "count": 13,
                             "choices": asked["next"]["choices"]} and len(asked["next"]["choices"]) == 52
    for name in ("Ann", "Bob", "Cat"):  # the eldest first; Dan's hand is the 13 cards left
        assert asked["next"]["player"] == name
        asked = table.deal({"kind": "hand", "player": name, "value": value["deal"][name]})
    assert asked["dealt"] and sorted(table.record["deal"]["Dan"]) == sorted(value["deal"]["Dan"])
    for name in ("Ann", "Bob", "Cat", "Dan"):  # the passes, asked from the cards each holds
        assert asked["next"]["kind"] == "pass" and asked["next"]["player"] == name
        assert sorted(asked["next"]["choices"]) == sorted(value["deal"][name])
        asked = table.tap("pass", value["passes"][name], player=name)
    assert asked["next"] == {"kind": "play", "player": "Bob", "ask": "card", "choices": ["2C"]}  # Bob holds 2C
    table.tap("play", "2C")
    assert asked["state"]["hands"]["Cat"]  # the page knows what Cat holds: it offers his held cards to be refused
    refused = table.refused("play", "AS")  # Cat holds clubs: a revoke, refused on the spot
    assert refused["error"]["code"] == "revoke" and refused["error"]["player"] == "Cat"
    assert refused["stands"]["kind"] == "revoke"
    answer = table.tap("play", "7C")
    assert answer["next"]["player"] == "Dan" and set(answer["next"]["choices"]) == {"8C"}  # only legal cards
    for code in value["play"][2:]:
        answer = table.tap("play", code)
    assert answer["complete"] and answer["outcome"]["points"] == {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 17}
    assert table.save().status_code == 302
    [hand] = stored(app)
    assert hand["deal"] == table.record["deal"] and hand["passes"] == value["passes"] and hand["play"] == value["play"]
    assert family_of("black-lady").replay_json(value)["points"] == answer["outcome"]["points"] == sheet(client, edit)


def test_a_black_lady_deal_given_after_the_hand_asks_only_the_passes(app: Flask, client: FlaskClient) -> None:
    value = example("black-lady-hand")
    edit, _ = start_table(client, players=ABCD, changes=BLACK_LADY)
    table = Table(client, edit)
    table.tap("leader", "Bob")  # without the deal, the table says who holds 2C
    for code in value["play"]:
        answer = table.tap("play", code)
    assert answer["complete"] and "hands" not in answer["state"]
    asked = table.deal()
    for name, receiver in (("Ann", "Bob"), ("Bob", "Cat"), ("Cat", "Dan"), ("Dan", "Ann")):  # passed left
        assert asked["next"]["kind"] == "passed" and asked["next"]["player"] == name and asked["next"]["count"] == 3
        received = set(value["deal"][receiver]) - set(value["passes"][receiver]) | set(value["passes"][name])
        assert set(asked["next"]["choices"]) <= received  # the cards the receiver played, less those placed
        if name == "Ann":  # a card the receiver did not play cannot be among them
            assert table.post("/deal", {"record": table.record, "given": [
                {"kind": "passed", "player": "Ann", "value": ["AS", "KC", "JC"]}]}, 422)["error"]["code"] == "deal"
        asked = table.deal({"kind": "passed", "player": name, "value": value["passes"][name]})
    assert asked["dealt"] and asked["complete"]
    assert {n: sorted(c) for n, c in table.record["deal"].items()} == {n: sorted(c) for n, c in value["deal"].items()}
    assert asked["outcome"]["points"] == {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 17}
    assert table.save().status_code == 302
    [hand] = stored(app)
    assert hand["deal"] == table.record["deal"] and hand["passes"] == value["passes"]
    assert sheet(client, edit) == asked["outcome"]["points"]
    assert table.post("/deal", {"record": table.record, "given": []}, 422)["error"]["code"] == "dealt"


def test_a_reversis_deal_given_after_the_hand(app: Flask, client: FlaskClient) -> None:
    from tests.support.cardpage import start_chips

    value = example("reversis-hand")
    edit = start_chips(client, "reversis")  # Ann deals, as in the example
    assert 'data-deal="' in get(client, edit + "/play").html
    table = Table(client, edit)
    table.tap("espagnolette", "Bob")
    for item in value["play"]:
        answer = table.tap("play", item if isinstance(item, str) else item[1])
    assert answer["complete"]
    asked, kinds = table.deal(), []
    while not asked["dealt"]:
        n = asked["next"]
        kinds.append((n["kind"], n["player"]))
        said = value["face_down"] if n["kind"] == "face-down" else value["exchanges"]
        asked = table.deal({"kind": n["kind"], "player": n["player"], "value": said[n["player"]]})
    assert kinds == [("face-down", "Dan"), ("exchanged", "Dan"), ("face-down", "Cat"), ("exchanged", "Cat"),
                     ("face-down", "Bob")]  # Bob kept his hand: his face-down card is in the talon
    record = table.record
    assert record["discard"] == "6H" and record["exchanges"] == value["exchanges"]
    assert {n: sorted(c) for n, c in record["deal"].items()} == {n: sorted(c) for n, c in value["deal"].items()}
    assert asked["outcome"]["net"] == {"Ann": -17, "Bob": 36, "Cat": -54, "Dan": -15}
    assert table.save().status_code == 302
    [hand] = stored(app)
    assert hand["deal"] == record["deal"] and hand["face_down"] == value["face_down"]


def test_a_reversis_deal_given_before_the_first_card(client: FlaskClient) -> None:
    from tests.support.cardpage import start_chips

    value = example("reversis-hand")
    table = Table(client, start_chips(client, "reversis"))
    asked = table.deal()
    for name, count in (("Ann", 12), ("Dan", 11), ("Cat", 11), ("Bob", 11)):  # the dealer, then from his right
        assert (asked["next"]["player"], asked["next"]["count"]) == (name, count)
        asked = table.deal({"kind": "hand", "player": name, "value": value["deal"][name]})
    for name in ("Dan", "Cat"):  # Bob's face-down card is the one left
        assert asked["next"]["kind"] == "face-down" and len(asked["next"]["choices"]) == (3 if name == "Dan" else 2)
        asked = table.deal({"kind": "face-down", "player": name, "value": value["face_down"][name]})
    assert asked["dealt"] and table.record["face_down"] == value["face_down"]
    assert asked["next"]["kind"] == "discard" and asked["next"]["player"] == "Ann"  # the walk goes on with the deal


def test_a_deal_the_page_cannot_take_now_is_refused_with_a_sentence(client: FlaskClient) -> None:
    from tests.support.cardpage import start_chips

    table = Table(client, start_chips(client, "tripoli"))
    middle = {"spare": "keep", "claims": {}, "poker": {"bets": {}, "winners": ["Bob"]},
              "michigan": {"play": [["Bob", "2S"]]}}  # in the middle of Michigan
    error = table.post("/deal", {"record": {**table.record, **middle}, "given": []}, 422)["error"]
    assert error["code"] == "deal" and "once Michigan has ended" in error["message"]


@pytest.mark.parametrize("body", [b"[]", b"{\"record\": 3}", b"{", b"null"])
def test_a_bad_body_is_a_400(client: FlaskClient, body: bytes) -> None:
    edit, _ = start_table(client, players=ABCD)
    page = get(client, edit + "/play")
    response = client.post(edit + "/deal", data=body, headers={**csrf_header(page), "Content-Type": "application/json"})
    assert response.status_code == 400 and response.get_json()["ok"] is False


@pytest.mark.parametrize("given", [3, [3], [{"kind": "hand"}], [{"kind": "hand", "player": "Ann", "value": "QS"}],
                                   [{"kind": "play", "player": "Ann", "value": ["QS"]}],
                                   [{"kind": "hand", "player": "Ann", "value": ["QS"] * 13}]])
def test_a_wrong_answer_is_refused_with_a_sentence(client: FlaskClient, given: Any) -> None:
    edit, _ = start_table(client, players=ABCD)
    table = Table(client, edit)
    error = table.post("/deal", {"record": table.record, "given": given}, 422)["error"]
    assert error["code"] in ("syntax", "deal", "not-next") and error["message"]


@pytest.mark.parametrize("game,players,hand", [("black-lady", 4, 2), ("black-lady", 4, 3), ("hearts", 3, 1),
                                               ("omnibus", 4, 1), ("spot-hearts", 5, 1), ("black-lady", 4, 4)])
def test_the_deal_given_after_the_hand_is_the_deal_dealt(game: str, players: int, hand: int) -> None:
    """Any played hand: its deal given after it (only the passes asked, from the cards each receiver played)
    is the deal dealt, and the hand scores the same; before the first card, the hands as dealt make it too."""
    import random

    from scorekeeper.engine.hearts import records
    from scorekeeper.engine.hearts.simulate import random_record

    names = ABCD[:players] if players <= 4 else [*ABCD, "Eve"]
    family = family_of(game)
    for seed in range(3):
        value = records.to_json(random_record(game, names, random.Random(seed), dealer=players - 1, hand_number=hand))
        if value.get("events") or value.get("moon_choice"):
            continue
        bare = {k: v for k, v in value.items() if k not in ("deal", "passes", "widow")}
        if family.progress_json(bare)["next"]["kind"] == "leader":
            continue  # the two-of-clubs rule without the deal: the table says who led
        given: list[dict[str, Any]] = []
        asked = family.dealing_json(bare, given)
        while not asked["dealt"]:
            n = asked["next"]
            given.append({"kind": n["kind"], "player": n["player"], "value": value["passes"][n["player"]]})
            asked = family.dealing_json(bare, given)
        assert {n: sorted(c) for n, c in asked["record"]["deal"].items()} == {n: sorted(c) for n, c in value["deal"].items()}
        assert asked["outcome"]["points"] == family.replay_json(value)["points"]
        fresh = {k: v for k, v in bare.items() if k != "play"}
        given = []
        asked = family.dealing_json(fresh, given)
        while not asked["dealt"]:
            n = asked["next"]
            given.append({"kind": "hand", "player": n["player"], "value": value["deal"][n["player"]]})
            asked = family.dealing_json(fresh, given)
        assert {n: sorted(c) for n, c in asked["record"]["deal"].items()} == {n: sorted(c) for n, c in value["deal"].items()}
