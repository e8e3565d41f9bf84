"""The result form for the rest of the family (issue 8), driven through the real pages.

Each newly offered game starts a table through the start page and records the catalogue's
worked examples (the hands of ``examples/<game>-session.json``) by tapping the form as a player
would; the stored records must be those hands, and the sheet's totals, chips and "why this
score" notes the engine's settlement of them. An impossible result is refused with the engine's
sentence, the form kept as typed and nothing stored; a stored hand's correction form comes back
prefilled with what was recorded.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.family import settle_json
from scorekeeper.web.forms import app_games, result_form_covers
from tests.support.pages import Page, counts, get, start_table, submit
from tests.support.familyforms import app, client, record, stored_hands

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ABCD = ["Ann", "Bob", "Cat", "Dan"]
FAMILY = ("polignac", "slobberhannes", "knaves", "hartenjagen", "hartenjagen-three", "auction-hearts", "joker-hearts",
          "discard-hearts", "cancellation-hearts", "two-handed-hearts", "three-handed-hearts")
A, B, C, D = "0", "1", "2", "3"  # the form's player choices are seats


def example(game: str) -> dict[str, Any]:
    return dict(json.loads((EXAMPLES / f"{game}-session.json").read_text(encoding="utf-8")))


def check_sheet_is_the_engines(client: FlaskClient, edit: str, session: Mapping[str, Any]) -> dict[str, Any]:
    """The page's totals (and chips) and every hand's notes are the engine's settlement of ``session``."""
    settled = settle_json(session)
    page = get(client, edit)
    assert page.totals() == {p: str(v) for p, v in settled["totals"].items()}
    for name, chips in settled["balance"].items() if "Chips" in page.html else ():
        assert f'<td class="chips" data-player="{name}">{chips:+d}</td>' in page.html
    notes = client.get(edit + "/notes").get_json()["hands"]
    assert notes == {str(i): h["notes"] for i, h in enumerate(settled["hands"], 1)}
    return settled


def play_example(client: FlaskClient, game: str, players: list[str], hands: list[dict[str, str]],
                 changes: dict[str, str] | None = None, profile: str = "") -> tuple[str, dict[str, Any]]:
    """Start a table of ``game``, record ``hands`` by the form; the stored hands must be the example's."""
    session = example(game)
    edit, read = start_table(client, players=players, game=game, changes=changes, profile=profile)
    for fields in hands:
        response = record(client, edit, fields)
        assert response.status_code == 302, Page(response).refusal()
    assert stored_hands(client, read) == session["hands"]
    return edit, check_sheet_is_the_engines(client, edit, session)


# --- every game is offered, with the fields it needs ---------------------------------------------------

def test_every_game_of_the_family_is_offered() -> None:
    assert set(FAMILY) <= set(app_games())
    assert all(result_form_covers(make_ruleset(game, {})) for game in FAMILY)


FIELDS = [  # (game, players, start form changes, profile, fields it has, fields it has not)
    ("polignac", ABCD, {}, "", ["capot_0", "first_trick-0", "last_trick-3", "take_JS-0", "take_JC-3"],
     ["hearts_0", "tricks_0", "trumps", "take_JS-out"]),
    ("slobberhannes", ABCD, {}, "", ["first_trick-0", "last_trick-0", "take_QC-0"], ["hearts_0", "capot_0"]),
    ("knaves", ABCD[:3], {}, "", ["tricks_0", "tricks_2", "trumps", "take_JH-out", "take_JS-2"],
     ["hearts_0", "first_trick-0"]),
    ("knaves", ABCD, {"opt_deal": "all-equal"}, "", ["tricks_3", "take_JH-3"], ["trumps", "take_JH-out"]),
    ("knaves", ABCD[:3], {"opt_trump": "fixed-per-deal"}, "", ['<option value="H">hearts</option>'], []),
    ("knaves", ABCD[:3], {"opt_trump": "none"}, "", ["tricks_0"], ["trumps"]),
    ("auction-hearts", ABCD, {}, "", ["bid_0", "kept_by", "penalty_suit-C", "hearts_3"], ["take_QS-0"]),
    ("joker-hearts", ABCD[:3], {}, "002", ["hearts_2", "take_JK-2", "joker_from-2", "joker_from-widow"], []),
    ("joker-hearts", ABCD, {}, "002", ["joker_from-3"], ["joker_from-widow"]),
    ("joker-hearts", ABCD, {}, "004", ["take_JK-0", "moon-add"], ["joker_from-0"]),
    ("cancellation-hearts", ABCD + ["Eve", "Fay"], {}, "", ["out_hearts", "hearts_5", "take_QS-out", "take_QS_2-out"],
     ["tricks_0"]),
    ("hartenjagen", ABCD, {}, "", ["hearts_3", "take_QS-3", "take_JC-3"], ["moon-add"]),
    ("hartenjagen", ABCD, {"opt_phase1_moon": "choice-20"}, "", ["moon-add", "moon-subtract"], []),
]


@pytest.mark.parametrize(("game", "players", "changes", "profile", "present", "absent"), FIELDS)
def test_the_form_has_the_fields_its_game_needs(client: FlaskClient, game: str, players: list[str],
                                                 changes: dict[str, str], profile: str, present: list[str],
                                                 absent: list[str]) -> None:
    edit, _ = start_table(client, players=players, game=game, changes=changes, profile=profile)
    page = get(client, edit + "/result")
    for field in present:
        assert (f'id="{field}"' if "<" not in field else field) in page.html, field
    for field in absent:
        assert f'id="{field}"' not in page.html, field


# --- the catalogue's worked examples, recorded by the form ----------------------------------------------

def test_polignac_jacks_first_and_last_trick_and_capot(client: FlaskClient) -> None:
    """3.14's examples: a plain hand (A 4, B 2, C 1, D 0), Dan's Capot made, Dan's Capot failed."""
    plain = {"first_trick": A, "take_JS": A, "take_JH": A, "take_JD": B, "last_trick": B, "take_JC": C}
    capot_made = {"capot_3": "y", "first_trick": A, "take_JS": D, "take_JH": D, "take_JD": D, "take_JC": D,
                  "last_trick": D}
    capot_failed = {**capot_made, "take_JC": C}
    edit, settled = play_example(client, "polignac", ABCD, [plain, capot_made, capot_failed, plain, capot_made])
    assert [h["points"] for h in settled["hands"][:3]] == [
        {"Ann": 4, "Bob": 2, "Cat": 1, "Dan": 0},
        {"Ann": 11, "Bob": 10, "Cat": 10, "Dan": -4},
        {"Ann": -9, "Bob": -10, "Cat": -9, "Dan": 15},
    ]
    page = get(client, edit)
    assert "Game over" in page.html and page.text("winners") == "Dan"  # Ann reached 20: the lowest total wins


def test_slobberhannes_first_last_trick_and_the_queen(client: FlaskClient) -> None:
    """3.15: A first and last trick, C Q♣ (A 2, C 1); B all three (4); ... joint winners."""
    hands = [
        {"first_trick": A, "last_trick": A, "take_QC": C},
        {"first_trick": B, "last_trick": B, "take_QC": B},
        {"take_QC": A, "last_trick": B, "first_trick": D},
        {"first_trick": B, "last_trick": B, "take_QC": B},
        {"first_trick": B, "take_QC": C, "last_trick": D},
    ]
    edit, settled = play_example(client, "slobberhannes", ABCD, hands)
    assert settled["hands"][1]["points"]["Bob"] == 4
    assert get(client, edit).text("winners") == "Cat, Dan"


def test_knaves_tricks_jacks_and_the_turned_up_trump(client: FlaskClient) -> None:
    """3.16 (three players: A 8 tricks and JH = 4, B 6 with JC JS = 3, C 3 with JD = 0); the third deal
    turns JH up for trumps: it is out of play and scores for nobody."""
    hands = [
        {"tricks_0": "8", "tricks_1": "6", "tricks_2": "3", "take_JH": A, "take_JC": B, "take_JS": B, "take_JD": C},
        {"tricks_0": "9", "tricks_1": "5", "tricks_2": "3", "take_JD": B, "take_JH": C, "take_JC": C, "take_JS": C},
        {"trumps": "JH", "tricks_0": "10", "tricks_1": "4", "tricks_2": "3", "take_JS": A, "take_JD": B,
         "take_JC": B, "take_JH": "out"},
    ]
    edit, settled = play_example(client, "knaves", ABCD[:3], hands)
    assert settled["hands"][0]["points"] == {"Ann": 4, "Bob": 3, "Cat": 0}
    assert get(client, edit).text("winners") == "Ann"


def test_auction_hearts_bids_suit_and_the_kept_choice(client: FlaskClient) -> None:
    """3.11's own example: D buys clubs with 4 (nets A +8, B -6, C -7, D +4, one chip stays); B buys
    diamonds with 1 and takes all 13 (a jack: B keeps the choice); B names diamonds again, free."""
    hands = [
        {"bid_0": "2", "bid_2": "3", "bid_3": "4", "penalty_suit": "C", "hearts_1": "6", "hearts_2": "7"},
        {"bid_1": "1", "penalty_suit": "D", "hearts_1": "13"},
        {"kept_by": B, "penalty_suit": "D", "hearts_1": "4", "hearts_2": "5", "hearts_3": "4"},
    ]
    edit, settled = play_example(client, "auction-hearts", ABCD, hands)
    assert settled["hands"][0]["payments"] == {"Ann": 8, "Bob": -6, "Cat": -7, "Dan": 4}
    assert settled["hands"][2]["payments"]["Ann"] == 15
    page = get(client, edit)
    assert "Whoever buys the choice (or keeps it) names the penalty suit and leads" in page.html
    # The second deal's bidding starts left of its dealer (Ann): Bob, Cat, Dan, then Ann.
    hand = get(client, edit + "/hand/2")
    order = re.findall(r'id="bid_(\d)"', hand.html)
    assert order == ["1", "2", "3", "0"]


def test_auction_hearts_everybody_passed_is_a_deal_without_play(app: Flask, client: FlaskClient) -> None:
    edit, read = start_table(client, players=ABCD, game="auction-hearts")
    response = record(client, edit, {})
    assert response.status_code == 302, Page(response).refusal()
    assert stored_hands(client, read) == [{"events": [{"type": "bid", "player": p, "pass": True} for p in ABCD]}]
    notes = client.get(edit + "/notes").get_json()["hands"]["1"]
    assert "everybody passed" in notes["Ann"]
    assert get(client, edit).text("dealer") == "Ann"  # the next player deals


def test_joker_hearts_who_took_and_who_played_the_joker(client: FlaskClient) -> None:
    """3.12's J1-J3 under joker-payments: A takes the Joker B got rid of (A -11, B +17, C -2, D -4)..."""
    hands = [
        {"hearts_0": "6", "hearts_1": "0", "hearts_2": "2", "hearts_3": "4", "take_JK": A, "joker_from": B},
        {"hearts_0": "0", "hearts_1": "3", "hearts_2": "5", "hearts_3": "4", "take_JK": B, "joker_from": B},
        {"hearts_0": "0", "hearts_1": "0", "hearts_2": "7", "hearts_3": "5", "take_JK": C, "joker_from": D},
    ]
    _, settled = play_example(client, "joker-hearts", ABCD, hands, profile="002")
    assert [h["payments"] for h in settled["hands"]] == [
        {"Ann": -11, "Bob": 17, "Cat": -2, "Dan": -4},
        {"Ann": 17, "Bob": -8, "Cat": -5, "Dan": -4},
        {"Ann": 6, "Bob": 6, "Cat": -12, "Dan": 0},
    ]


def test_hartenjagen_two_phases_on_the_sheet(client: FlaskClient) -> None:
    """The example session: phase 1 adds up to Ann's 100, then phase 2 subtracts until Bob is alone
    at or under 0; the notes say which phase each hand scored in."""
    hands = [{f"hearts_{seat}": str(entry["hearts"]) for seat, entry in enumerate(h["taken"].values())}
             | {f"take_{c}": str(seat) for seat, entry in enumerate(h["taken"].values()) for c in ("QS", "JC") if c in entry}
             for h in example("hartenjagen")["hands"]]
    edit, settled = play_example(client, "hartenjagen", ABCD, hands)
    notes = client.get(edit + "/notes").get_json()["hands"]
    assert "adds 18 (phase 1); score 100; Ann reached 100: phase 2" in notes["6"]["Ann"]
    assert notes["8"]["Bob"].startswith("Bob took 6 points: subtracts 6 (phase 2); score -6")
    assert settled["totals"] == {"Ann": 95, "Bob": -6, "Cat": -4, "Dan": -5}
    assert get(client, edit).text("winners") == "Bob"


def test_hartenjagen_phase_one_moon_asks_the_choice(app: Flask, client: FlaskClient) -> None:
    edit, read = start_table(client, players=ABCD, game="hartenjagen", changes={"opt_phase1_moon": "choice-20"})
    moon = {"hearts_0": "13", "take_QS": A, "take_JC": A}
    refused = Page(record(client, edit, moon))
    assert "moon" in refused.refusal() and counts(app)[1] == 0
    response = record(client, edit, {**moon, "moon_choice": "add"})
    assert response.status_code == 302, Page(response).refusal()
    assert stored_hands(client, read)[0]["moon_choice"] == "add"
    assert get(client, edit).totals() == {"Ann": "0", "Bob": "20", "Cat": "20", "Dan": "20"}


def test_cancellation_hearts_cards_out_of_play(client: FlaskClient) -> None:
    """Six players, two packs: 26 hearts and two QS; a dead trick at the end took 2 hearts and a QS
    out of play, so only 24 hearts and one QS were taken (and nobody can shoot the moon)."""
    players = ABCD + ["Eve", "Fay"]
    edit, read = start_table(client, players=players, game="cancellation-hearts")
    fields = {"out_hearts": "2", "hearts_0": "10", "hearts_1": "4", "hearts_2": "0", "hearts_3": "6", "hearts_4": "1",
              "hearts_5": "3", "take_QS": B, "take_QS_2": "out"}
    response = record(client, edit, fields)
    assert response.status_code == 302, Page(response).refusal()
    taken = stored_hands(client, read)[0]["taken"]
    assert taken["Bob"] == {"hearts": 4, "QS": 1} and sum(e["hearts"] for e in taken.values()) == 24
    session = {"game": "cancellation-hearts", "options": {}, "players": players, "first_dealer": "Fay",
               "settlement_options": {}, "hands": stored_hands(client, read)}
    settled = check_sheet_is_the_engines(client, edit, session)
    assert settled["totals"]["Bob"] == 17
    # The correction form shows the two hearts out of play again.
    hand = get(client, edit + "/hand/1")
    assert re.search(r'id="out_hearts" name="out_hearts"\s+value="2"', hand.html)
    assert re.search(r'id="take_QS_2-out" value="out"\s+data-card="QS" checked>', hand.html)


# --- refused results -----------------------------------------------------------------------------------

REFUSED = [  # (game, players, profile, fields, the engine's sentence, a field kept as typed)
    ("polignac", ABCD, "", {"first_trick": A, "last_trick": B, "take_JS": A, "take_JH": B, "take_JD": C},
     "Impossible result: J♣ was taken by nobody.", r'id="take_JD-2" value="2"\s+data-card="JD" data-player="Cat" checked>'),
    ("slobberhannes", ABCD, "", {"last_trick": B, "take_QC": C},
     'Impossible result: nobody won the first trick: give its winner "first_trick": 1.',
     r'id="last_trick-1" value="1"\s+data-player="Bob" checked>'),
    ("knaves", ABCD[:3], "", {"tricks_0": "8", "tricks_1": "6", "tricks_2": "4", "take_JH": A, "take_JD": A,
                              "take_JC": B, "take_JS": C},
     "Impossible result: the tricks add up to 18, but a hand has 17.", r'id="tricks_2" name="tricks_2"\s+value="4"'),
    ("auction-hearts", ABCD, "", {"bid_0": "3", "bid_1": "2", "penalty_suit": "S", "hearts_0": "13"},
     "Bob bid 2 after Ann bid 3: a bid must exceed the high bid (AMB-18)", r'id="bid_1" name="bid_1"\s+value="2"'),
    ("joker-hearts", ABCD, "002", {"hearts_0": "12", "take_JK": A},
     'joker-payments: record who played the Joker (an event {"type": "joker", "player": ...}, or "widow": true)',
     r'id="hearts_0" name="hearts_0"\s+value="12"'),
    ("cancellation-hearts", ABCD + ["Eve", "Fay"], "", {"hearts_0": "20", "hearts_1": "7", "take_QS": A, "take_QS_2": B},
     "Impossible result: the hearts add up to 27, but a hand has 26.", r'id="hearts_1" name="hearts_1"\s+value="7"'),
]


@pytest.mark.parametrize(("game", "players", "profile", "fields", "sentence", "kept"), REFUSED,
                         ids=[case[0] for case in REFUSED])
def test_an_impossible_result_is_refused_and_kept_as_typed(app: Flask, client: FlaskClient, game: str,
                                                           players: list[str], profile: str, fields: dict[str, str],
                                                           sentence: str, kept: str) -> None:
    edit, _ = start_table(client, players=players, game=game, profile=profile)
    before = counts(app)
    page = Page(record(client, edit, fields))
    assert page.status == 200
    assert page.refusal() == sentence
    assert re.search(kept, page.html), kept
    assert counts(app) == before


# --- corrections: the form comes back as it was recorded -------------------------------------------------

@pytest.mark.parametrize(("game", "players", "profile", "changes", "fields"), [
    ("polignac", ABCD, "", {}, {"capot_3": "y", "first_trick": A, "take_JS": D, "take_JH": D, "take_JD": D,
                                "take_JC": C, "last_trick": D}),
    ("knaves", ABCD[:3], "", {}, {"trumps": "JH", "tricks_0": "10", "tricks_1": "4", "tricks_2": "3", "take_JS": A,
                                  "take_JD": B,
                                  "take_JC": B, "take_JH": "out"}),
    ("knaves", ABCD[:3], "", {"opt_trump": "fixed-per-deal"}, {"trumps": "D", "tricks_0": "17", "take_JS": A,
                                                               "take_JD": A, "take_JC": A, "take_JH": A}),
    ("auction-hearts", ABCD, "", {}, {"bid_0": "1", "bid_3": "5", "penalty_suit": "S", "hearts_2": "13"}),
    ("joker-hearts", ABCD[:3], "002", {}, {"hearts_0": "5", "hearts_1": "7", "take_JK": C, "joker_from": "widow"}),
])
def test_a_stored_hand_comes_back_in_its_correction_form(client: FlaskClient, game: str, players: list[str],
                                                          profile: str, changes: dict[str, str],
                                                          fields: dict[str, str]) -> None:
    edit, read = start_table(client, players=players, game=game, changes=changes, profile=profile)
    assert record(client, edit, fields).status_code == 302
    first = stored_hands(client, read)
    hand = get(client, edit + "/hand/1")
    _, prefilled = hand.form("result-form")
    for name, value in fields.items():
        assert prefilled.get(name) == ("y" if value == "y" else value), name
    assert submit(client, hand, "result-form").status_code == 302  # saved unchanged
    assert stored_hands(client, read) == first
    assert re.findall(r'data-version="(\d+)"', get(client, edit + "/hand/1").html) == ["1"], "nothing changed: no version"


def test_a_hand_played_card_by_card_prefills_its_correction_from_the_replay(client: FlaskClient) -> None:
    """Polignac's example hand, sent with every card through the API: the correction form shows what
    the engine's replay says each player took, the first and last trick and the Capot declared."""
    hand = json.loads((EXAMPLES / "polignac-hand.json").read_text(encoding="utf-8"))
    created = client.post("/api/sessions", json={"game": "polignac", "players": ABCD, "first_dealer": "Dan",
                                                 "hands": [hand]})
    assert created.status_code == 201, created.get_json()
    ids = created.get_json()
    _, prefilled = get(client, f"/s/{ids['id']}/{ids['token']}/hand/1").form("result-form")
    taken = {k: v for k, v in prefilled.items() if k.startswith(("take_", "first_", "last_", "capot_"))}
    assert taken == {"capot_0": "y", "first_trick": A, "last_trick": C, "take_JS": A, "take_JH": A, "take_JD": A,
                     "take_JC": A}
