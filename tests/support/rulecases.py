"""The Hearts core's table of rule cases: records that break each rule, with what their refusal carries, and
records the reader cannot read (the rules' tests, and the refusals' words in every language, read them)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.helpers import DEAL, PLAYERS, finish, hand_record, result_record
from scorekeeper.engine.errors import RecordSyntaxError, UnknownGame, UnknownOption


# Trick 1 of the main deal: Ann 2C, Bob 6C, Cat AC (wins), Dan void in clubs.
TRICK_1 = ["2C", "6C", "AC", "4S"]
# Trick 2: Cat 5S, Dan 7S, Ann AS (wins), Bob QS.
TRICK_2 = ["5S", "7S", "AS", "QS"]

# Each player holds one whole suit: Dan all the hearts.
SUITS = {"Ann": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "Bob": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
         "Cat": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "Dan": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"}


FIVE_DEAL = {  # hearts 001 (strip-low), five players: 2S and 2C are out, ten cards each
    "A": "3S 4S 5S 6S 7S 8S 9S TS JS QS", "B": "KS AS 3C 4C 5C 6C 7C 8C 9C TC",
    "C": "JC QC KC AC 2D 3D 4D 5D 6D 7D", "D": "8D 9D TD JD QD KD AD 2H 3H 4H",
    "E": "5H 6H 7H 8H 9H TH JH QH KH AH",
}


def five_handed(play: list[str], deal: dict[str, str] | None = FIVE_DEAL) -> dict[str, Any]:
    obj = {"game": "hearts", "options": {"profile": "001"}, "players": list("ABCDE"), "dealer": "E", "deal": deal,
           "play": play}
    return {k: v for k, v in obj.items() if v is not None}


# (record, code, play, trick, player, card, further words of the message)
ERRORS = [
    # --- deal: wrong cards dealt
    pytest.param(hand_record("2C", deal={**DEAL, "Ann": "2C 3C"}), "deal", None, None, "Ann", None,
                 ["2 cards", "13"], id="deal-short-hand"),
    pytest.param(hand_record("2C", deal={**DEAL, "Ann": DEAL["Ann"].replace("4H", "3H")}), "deal", None, None,
                 None, "3H", ["2 times"], id="deal-card-twice"),
    pytest.param(hand_record("2C", deal={k: v for k, v in DEAL.items() if k != "Dan"}), "deal", None, None,
                 "Dan", None, ["0 cards"], id="deal-player-missing"),
    pytest.param(hand_record("2C", widow=["5S"]), "deal", None, None, None, None,
                 ["the widow holds 1", "4 players it holds 0"], id="deal-widow-size"),
    pytest.param(five_handed(["3S"], {**FIVE_DEAL, "A": FIVE_DEAL["A"].replace("3S", "2S")}), "deal", None, None,
                 None, "2S", ["not in this game's pack"], id="deal-stripped-card"),
    # --- pass: a bad pass
    pytest.param(hand_record("2C", options={"pass": "left-3"}), "pass", None, None, None, None,
                 ["passes", "left"], id="pass-missing"),
    pytest.param(hand_record("2C", options={"pass": "left-3"},
                             passes={"Ann": "2C 3C", "Bob": "6C 7C 8C", "Cat": "TC JC QC", "Dan": "4S 7S 8S"}),
                 "pass", None, None, "Ann", None, ["2 cards", "3"], id="pass-count"),
    pytest.param(hand_record("2C", options={"pass": "left-3"},
                             passes={"Ann": "2C 3C 5S", "Bob": "6C 7C 8C", "Cat": "TC JC QC", "Dan": "4S 7S 8S"}),
                 "pass", None, None, "Ann", "5S", ["not dealt"], id="pass-card-not-dealt"),
    pytest.param(hand_record("2C", passes={"Ann": "AS KS JS", "Bob": "6C 7C 8C", "Cat": "TC JC QC",
                                           "Dan": "4S 7S 8S"}),
                 "pass", None, None, None, None, ["no cards are passed"], id="pass-on-no-pass-hand"),
    pytest.param(hand_record("2C", options={"pass": "left-3"}, pass_direction="right",
                             passes={"Ann": "AS KS JS", "Bob": "6C 7C 8C", "Cat": "TC JC QC", "Dan": "4S 7S 8S"}),
                 "pass", None, None, None, None, ["left", "right"], id="pass-wrong-direction"),
    pytest.param(hand_record("2C", options={"pass": "rotation-lrah"}, hand=4,
                             passes={"Ann": "AS KS JS", "Bob": "6C 7C 8C", "Cat": "TC JC QC", "Dan": "4S 7S 8S"}),
                 "pass", None, None, None, None, ["no cards are passed"], id="pass-on-hold-hand"),
    pytest.param(hand_record("2C 6C AC 4S", deal=None, options={"pass": "left-3"},
                             passes={"Ann": "2C 3C 4C", "Bob": "6C 7C 8C", "Cat": "TC JC QC", "Dan": "4S 7S 8S"}),
                 "pass", None, None, "Ann", "2C", ["played it later"], id="pass-card-played-later"),
    # --- not-in-hand
    pytest.param(hand_record("2C TC"), "not-in-hand", 1, 1, "Bob", "TC", ["does not hold"], id="not-in-hand"),
    pytest.param(hand_record(TRICK_1 + TRICK_2 + ["2C"]), "not-in-hand", 8, 3, "Ann", "2C", ["does not hold"],
                 id="not-in-hand-played-before"),
    pytest.param(hand_record(TRICK_1 + ["AH"]), "not-in-hand", 4, 2, "Cat", "AH", ["does not hold"],
                 id="not-in-hand-trick-2"),
    pytest.param(five_handed(["3S", "KS", "2D", "4H", "2S"], None), "not-in-hand", 4, 1, "E", "2S",
                 ["not in this game's pack"], id="not-in-hand-stripped-card"),
    # --- out-of-turn
    pytest.param(hand_record(["2C", ["Cat", "TC"]]), "out-of-turn", 1, 1, "Cat", "TC", ["Bob's turn"],
                 id="out-of-turn"),
    pytest.param(hand_record(["JC"], leader="Cat"), "out-of-turn", 0, 1, "Cat", "JC", ["Ann", "eldest"],
                 id="out-of-turn-first-lead"),
    pytest.param(hand_record([["Ann", "2C"], ["Bob", "6C"], ["Cat", "AC"], ["Dan", "4S"], ["Dan", "7S"]]),
                 "out-of-turn", 4, 2, "Dan", "7S", ["Cat's turn"], id="out-of-turn-trick-2"),
    # --- revoke
    pytest.param(hand_record("2C QS"), "revoke", 1, 1, "Bob", "QS", ["club", "9C 8C 7C 6C"], id="revoke"),
    pytest.param(hand_record(TRICK_1 + ["5S", "JD"]), "revoke", 5, 2, "Dan", "JD", ["spade", "TS 9S 8S 7S"],
                 id="revoke-trick-2"),
    pytest.param(hand_record(["2C", "6C", "AC", "4S", "5S", "7S", "2H"]), "revoke", 6, 2, "Ann", "2H",
                 ["spade", "AS KS JS"], id="revoke-heart-discard"),
    # --- hearts-not-broken
    pytest.param(hand_record(TRICK_1 + ["8H"]), "hearts-not-broken", 4, 2, "Cat", "8H", ["broken"],
                 id="hearts-not-broken"),
    pytest.param(hand_record(TRICK_1 + TRICK_2 + ["2H"]), "hearts-not-broken", 8, 3, "Ann", "2H", ["broken"],
                 id="hearts-not-broken-after-queen"),  # only a heart breaks hearts (AMB-02)
    # --- first-lead
    pytest.param(hand_record("2H"), "first-lead", 0, 1, "Ann", "2H", ["heart", "first trick"],
                 id="first-lead-no-heart"),
    pytest.param(hand_record("AS", game="black-lady"), "first-lead", 0, 1, "Ann", "AS", ["spade", "first trick"],
                 id="first-lead-no-spade"),
    pytest.param(hand_record("2H", game="black-lady"), "first-lead", 0, 1, "Ann", "2H", ["heart", "first trick"],
                 id="first-lead-no-spade-heart"),
    pytest.param(hand_record("3C", options={"first_lead": "two-of-clubs"}), "first-lead", 0, 1, "Ann", "3C",
                 ["2C"], id="first-lead-two-of-clubs"),
    pytest.param(hand_record("3C", options={"first_lead": "two-of-clubs"}, dealer="Ann"), "first-lead", 0, 1,
                 "Ann", "3C", ["2C"], id="first-lead-two-of-clubs-not-eldest"),
    pytest.param(hand_record("6C", options={"first_lead": "two-of-clubs"}, leader="Bob"), "first-lead", 0, 1,
                 "Bob", "6C", ["Ann holds 2C"], id="first-lead-two-of-clubs-wrong-leader"),
    pytest.param(hand_record("AS", options={"first_lead": "any-club"}), "first-lead", 0, 1, "Ann", "AS",
                 ["club"], id="first-lead-any-club"),
    # --- first-trick-points (first_trick_points = false)
    pytest.param(hand_record("2C 6C AC AH", options={"first_trick_points": False}), "first-trick-points", 3, 1,
                 "Dan", "AH", ["first trick"], id="first-trick-points-heart"),
    pytest.param(hand_record("2D 3C 2H QS", options={"first_trick_points": False}, deal=SUITS, dealer="Ann"),
                 "first-trick-points", 3, 1, "Ann", "QS", ["first trick"], id="first-trick-points-queen"),
    # --- duplicate-card (without the deal, each card once in a single pack)
    pytest.param(hand_record(TRICK_1 + TRICK_2 + ["2C"], deal=None), "duplicate-card", 8, 3, "Ann", "2C",
                 ["already played", "play 1"], id="duplicate-card"),
    # --- impossible-result
    pytest.param(result_record("black-lady", {"Ann": {"hearts": 3}, "Bob": {"hearts": 2}, "Cat": {"hearts": 0},
                                              "Dan": {"hearts": 9, "QS": 1}}),
                 "impossible-result", None, None, None, None, ["14", "13"], id="impossible-result"),
    # --- moon-choice
    pytest.param(result_record("black-lady", {"Ann": {"hearts": 0}, "Bob": {"hearts": 13, "QS": 1},
                                              "Cat": {"hearts": 0}, "Dan": {"hearts": 0}}),
                 "moon-choice", None, None, "Bob", None, ["moon_choice", "subtract", "add"], id="moon-choice-result"),
    pytest.param("moon-played", "moon-choice", None, None, "Dan", None, ["moon_choice"], id="moon-choice-played"),
    # --- incomplete
    pytest.param(hand_record(TRICK_1), "incomplete", 4, 2, None, None, ["4 of 52"], id="incomplete"),
    pytest.param(hand_record(TRICK_1 + ["5S"], events=[{"type": "stopped"}]), "incomplete", 5, 2, None, None,
                 ["5 of 52"], id="incomplete-stopped-mid-trick"),
    # --- players
    pytest.param({**hand_record("2C", deal=None), "players": ["Ann", "Bob"], "dealer": "Bob"}, "players", None,
                 None, None, None, ["3 to 7 players, not 2"], id="players-too-few"),
    pytest.param({"game": "black-lady", "players": list("ABCDEFGH"), "dealer": "H", "play": []}, "players", None,
                 None, None, None, ["not 8"], id="players-too-many"),
    pytest.param({"game": "heartsette", "options": {"profile": "002"}, "players": list("ABCDEFG"), "dealer": "G",
                  "play": []}, "players", None, None, None, None, ["not 7"], id="players-heartsette-002"),
]


def moon_played() -> dict[str, Any]:
    """Dan holds all thirteen hearts, leads them and takes every trick: a moon with no choice recorded."""
    return finish(hand_record([], deal=SUITS, dealer="Cat"), moon_choice=None)


def resolve(record: Any) -> dict[str, Any]:
    return moon_played() if record == "moon-played" else record


SYNTAX = [
    ({"game": "hearts", "players": PLAYERS, "dealer": "Dan", "play": ["1C"]}, RecordSyntaxError, "syntax",
     ["play[0]", "'1C'"]),
    ({"game": "hearts", "players": PLAYERS, "dealer": "Dan", "play": "2C ZZ"}, RecordSyntaxError, "syntax",
     ["'ZZ'"]),
    ({"game": "hearts", "players": PLAYERS, "dealer": "Dan", "deal": {"Ann": "2C 1C"}}, RecordSyntaxError, "syntax",
     ["deal of Ann", "'1C'"]),
    ({"game": "hearts", "players": PLAYERS, "dealer": "Eve"}, RecordSyntaxError, "syntax", ["'Eve'", "players"]),
    ({"game": "hearts", "players": PLAYERS, "dealer": "Dan", "plays": []}, RecordSyntaxError, "syntax", ["'plays'"]),
    ({"game": "hearts", "players": ["Ann", "Ann"], "dealer": "Ann"}, RecordSyntaxError, "syntax", ["'Ann'", "twice"]),
    ({"game": "hearts", "dealer": "Ann"}, RecordSyntaxError, "syntax", ["players"]),
    ({"game": "hearts", "players": PLAYERS}, RecordSyntaxError, "syntax", ["dealer"]),
    ({"players": PLAYERS, "dealer": "Dan"}, RecordSyntaxError, "syntax", ["game"]),
    ({"game": "hearts", "players": PLAYERS, "dealer": "Dan", "play": [["Eve", "2C"]]}, RecordSyntaxError, "syntax",
     ["'Eve'"]),
    ({"game": "hearts", "players": PLAYERS, "dealer": "Dan", "play": [["Ann"]]}, RecordSyntaxError, "syntax",
     ["play[0]"]),
    ({"game": "hearts", "players": PLAYERS, "dealer": "Dan", "events": [{"type": "boom"}]}, RecordSyntaxError,
     "syntax", ["events[0]"]),
    ({"game": "hearts", "players": PLAYERS, "dealer": "Dan", "events": [{"type": "revoke", "player": "Ann"}]},
     RecordSyntaxError, "syntax", ["'trick'"]),
    ({"game": "hearts", "players": PLAYERS, "dealer": "Dan", "events": [{"type": "misdeal", "reason": "drunk"}]},
     RecordSyntaxError, "syntax", ["exposed-other"]),
    ({"game": "hearts", "players": PLAYERS, "dealer": "Dan", "hand": 0}, RecordSyntaxError, "syntax", ["hand"]),
    ({"game": "hearts", "players": PLAYERS, "dealer": "Dan", "moon_choice": "both"}, RecordSyntaxError, "syntax",
     ["moon_choice"]),
    ({"game": "hearts", "players": PLAYERS, "dealer": "Dan", "pass_direction": "up"}, RecordSyntaxError, "syntax",
     ["pass_direction"]),
    ({"game": "hearts", "players": PLAYERS, "dealer": "Dan", "taken": {"Ann": {"hearts": -1}}}, RecordSyntaxError,
     "syntax", ["hearts", "-1"]),
    ({"game": "hearts", "players": PLAYERS, "dealer": "Dan", "taken": {"Ann": {"hearts": 1}}, "play": "2C"},
     RecordSyntaxError, "syntax", ["taken", "play"]),
    ({"game": "chess", "players": PLAYERS, "dealer": "Dan", "play": "2C"}, UnknownGame, "unknown-game",
     ["'chess'"]),
    ({"game": "progressive-hearts", "players": PLAYERS, "dealer": "Dan"}, UnknownGame, "unknown-game",
     ["not play progressive-hearts"]),
    ({"game": "reversis", "players": PLAYERS, "dealer": "Dan"}, UnknownGame, "unknown-game", ["not play reversis"]),
    ({"game": "hearts", "options": {"colour": "red"}, "players": PLAYERS, "dealer": "Dan", "play": "2C"},
     UnknownOption, "unknown-option", ["'colour'"]),
    ({"game": "hearts", "options": {"pass": "up"}, "players": PLAYERS, "dealer": "Dan", "play": "2C"},
     UnknownOption, "unknown-option", ["'pass'", "up"]),
]
