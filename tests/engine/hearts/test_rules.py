"""Rule cases per error code (RECORDS.md) and the lead, break and passing options (catalogue 2.2).

Most records use the main deal of ``helpers`` (dealer Dan, Ann eldest, no passing): every
error is reached within a few plays, and the error must say where (play index, trick,
player, card) in a sentence that names the player and the card.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.helpers import DEAL, PLAYERS, codes, error_of, finish, hand_record, result_record, run, said
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.errors import (
    IllegalPlay,
    ImpossibleResult,
    InconsistentRecord,
    RecordSyntaxError,
    ScorekeeperError,
    UnknownGame,
    UnknownOption,
)
from scorekeeper.engine.seating import Direction

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


@pytest.mark.parametrize(("record", "code", "play", "trick", "player", "card", "words"), ERRORS)
def test_error(record: Any, code: str, play: int | None, trick: int | None, player: str | None,
               card: str | None, words: list[str]) -> None:
    error = error_of(resolve(record))
    assert (error.code, error.play, error.trick, error.player, error.card) == (code, play, trick, player, card)
    assert error.exit_status == 1
    assert error.to_json() == {"code": code, "message": error.message, "play": play, "trick": trick,
                               "player": player, "card": card}
    for word in [player, *words]:
        if word is not None:
            assert said(word) in error.message


# Messages quote the card (STYLE 7, RECORDS.md "Cat played 4H on a diamond lead while holding 9D").
@pytest.mark.parametrize(("record", "card"), [pytest.param(p.values[0], p.values[5], id=p.id)
                                             for p in ERRORS if p.values[5] is not None])
def test_error_message_names_the_card(record: Any, card: str) -> None:
    error = error_of(resolve(record))
    assert error.card == card
    assert said(card) in error.message and card not in error.message  # the card as printed, never its code


def test_the_moon_hand_scores_with_its_choice() -> None:
    outcome = run({**moon_played(), "moon_choice": "subtract"})
    assert outcome.points_by_player() == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": -26}
    assert outcome.tricks is not None and {outcome.players[t.winner] for t in outcome.tricks} == {"Dan"}


# --- unreadable records: exit 2 ----------------------------------------------------------------

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


@pytest.mark.parametrize(("record", "kind", "code", "words"), SYNTAX)
def test_unreadable_record(record: dict[str, Any], kind: type[ScorekeeperError], code: str,
                           words: list[str]) -> None:
    error = error_of(record, kind)
    assert error.code == code and error.exit_status == 2
    for word in words:
        assert word in error.message


def test_error_classes() -> None:
    assert issubclass(IllegalPlay, ScorekeeperError) and issubclass(ScorekeeperError, ValueError)
    assert isinstance(error_of(hand_record("2C QS")), IllegalPlay)
    assert isinstance(error_of(hand_record(TRICK_1)), InconsistentRecord)
    assert isinstance(error_of(result_record("hearts", {"A": {"hearts": 14}, "B": {"hearts": 0},
                                                        "C": {"hearts": 0}, "D": {"hearts": 0}})), ImpossibleResult)


# --- options: breaking, first trick, first lead ----------------------------------------------------

def test_queen_breaks_hearts_option() -> None:
    play = TRICK_1 + TRICK_2 + ["2H"]  # Ann leads a heart after QS fell in trick 2
    assert error_of(hand_record(play)).code == "hearts-not-broken"
    outcome = run(finish(hand_record(play, options={"queen_breaks_hearts": True})))
    assert outcome.tricks is not None and codes(outcome.tricks[2].cards)[0] == "2H"


def test_a_discarded_heart_breaks_hearts() -> None:
    # Trick 1: Dan, void in clubs, paints AH; Cat may then lead a heart to trick 2.
    outcome = run(finish(hand_record(["2C", "6C", "AC", "AH", "8H"])))
    assert outcome.tricks is not None and codes(outcome.tricks[1].cards)[0] == "8H"


# Bob wins the three club tricks and is left with QS and nine hearts, hearts unbroken.
QUEEN_DEAL = {
    "Ann": "2C 3C 4C AS KS JS TS 9S 8S 7S 6S 5S 4S",
    "Bob": "AC KC QC QS AH KH QH JH TH 9H 8H 7H 6H",
    "Cat": "5C 6C 7C JC 3S 2S 2D 3D 4D 5D 6D 7D 8D",
    "Dan": "8C 9C TC 9D TD JD QD KD AD 2H 3H 4H 5H",
}
QUEEN_PLAY = ["2C", "AC", "5C", "8C", "KC", "6C", "9C", "3C", "QC", "7C", "TC", "4C", "AH"]


def test_lead_heart_instead_of_queen_option() -> None:
    error = error_of(hand_record(QUEEN_PLAY, deal=QUEEN_DEAL))
    assert (error.code, error.play, error.trick, error.player, error.card) == ("hearts-not-broken", 12, 4, "Bob", "AH")
    outcome = run(finish(hand_record(QUEEN_PLAY, deal=QUEEN_DEAL, options={"lead_heart_instead_of_queen": True})))
    assert outcome.tricks is not None
    assert outcome.players[outcome.tricks[3].leader] == "Bob" and codes(outcome.tricks[3].cards)[0] == "AH"


def test_leading_the_queen_itself_is_always_allowed() -> None:
    outcome = run(finish(hand_record(QUEEN_PLAY[:-1] + ["QS"], deal=QUEEN_DEAL)))
    assert outcome.tricks is not None and codes(outcome.tricks[3].cards)[0] == "QS"


@pytest.mark.parametrize(
    ("play", "options", "code"),
    [
        (["2C", "6C", "AC", "4S"], {"first_trick_points": False}, None),  # a plain discard
        (["2C", "6C", "AC", "AH"], {"first_trick_points": False}, "first-trick-points"),
        (["2C", "6C", "AC", "AH"], {}, None),  # first_trick_points = true: painting is allowed
    ],
)
def test_first_trick_points_option(play: list[str], options: dict[str, Any], code: str | None) -> None:
    record = finish(hand_record(play, options=options)) if code is None else hand_record(play, options=options)
    if code is None:
        assert run(record).tricks is not None
    else:
        assert error_of(record).code == code


def test_first_trick_points_allows_a_hand_of_nothing_else() -> None:
    # Bob leads 2D; Cat discards a club; Dan holds only hearts and may discard one; Ann then
    # discards a spade (not QS).
    record = finish(hand_record(["2D", "3C", "2H", "2S"], deal=SUITS, dealer="Ann",
                                options={"first_trick_points": False, "moon_choice": "subtract"}))
    outcome = run(record)
    assert outcome.tricks is not None and codes(outcome.tricks[0].cards) == ["2D", "3C", "2H", "2S"]


@pytest.mark.parametrize(
    ("options", "dealer", "first", "leader"),
    [
        ({}, "Dan", "2C", "Ann"),  # eldest (left of Dan) leads anything but a heart
        ({}, "Ann", "6C", "Bob"),
        ({"first_lead": "two-of-clubs"}, "Dan", "2C", "Ann"),
        ({"first_lead": "two-of-clubs"}, "Ann", "2C", "Ann"),  # the holder of 2C leads, not eldest
        ({"first_lead": "two-of-clubs"}, "Bob", "2C", "Ann"),
        ({"first_lead": "any-club"}, "Ann", "5C", "Ann"),
        ({"first_lead": "any-club"}, "Cat", "2C", "Ann"),
        ({"first_lead": "eldest-any", "break": "none"}, "Dan", "2H", "Ann"),
    ],
)
def test_first_lead_options(options: dict[str, Any], dealer: str, first: str, leader: str) -> None:
    outcome = run(finish(hand_record([first], options=options, dealer=dealer)))
    assert outcome.tricks is not None
    assert outcome.players[outcome.tricks[0].leader] == leader and codes(outcome.tricks[0].cards)[0] == first


# AMB-44: three players under chart-004 (16 each, kitty 4) with 2C in the kitty: the 2C rules fall back
# to the game's own eldest rule.
DEAL_3 = {"Ann": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 6C 7C 8C",
          "Bob": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H 9C TC JC",
          "Cat": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D QC KC AC"}


def three_handed(play: list[str], game: str = "hearts", first_lead: str = "two-of-clubs",
                 dealer: str = "Ann") -> dict[str, Any]:
    return {"game": game, "options": {"pass": "none", "first_lead": first_lead, "moon_choice": "subtract"},
            "players": ["Ann", "Bob", "Cat"], "dealer": dealer, "deal": DEAL_3, "widow": "2C 3C 4C 5C",
            "play": play}


@pytest.mark.parametrize("first_lead", ["two-of-clubs", "any-club"])
@pytest.mark.parametrize(
    ("game", "dealer", "legal", "illegal", "words"),
    [
        # hearts' own rule is eldest-no-heart: Bob (left of Ann) leads, not a heart
        ("hearts", "Ann", "9C", "AH", ["heart"]),
        # Black Lady's is eldest-no-spade-heart: Ann (left of Cat) leads neither spade nor heart
        ("black-lady", "Cat", "6C", "AS", ["spade"]),
    ],
)
def test_two_of_clubs_in_the_kitty_falls_back_to_eldest(
    first_lead: str, game: str, dealer: str, legal: str, illegal: str, words: list[str]
) -> None:
    assert make_ruleset(game, {"first_lead": first_lead}).layout(3).widow_size == 4
    outcome = run(finish(three_handed([legal], game, first_lead, dealer)))
    assert outcome.tricks is not None
    eldest = {"Ann": "Bob", "Cat": "Ann"}[dealer]
    assert outcome.players[outcome.tricks[0].leader] == eldest
    assert len(outcome.tricks) == 16
    # the kitty (with 2C) goes to the winner of trick 1 (T-STD 5)
    taken = replay(records.from_json(finish(three_handed([legal], game, first_lead, dealer))), snapshots=True)
    assert {"2C", "3C", "4C", "5C"} <= set(codes(taken.snapshots[-1].taken[outcome.tricks[0].winner]))
    error = error_of(three_handed([illegal], game, first_lead, dealer))
    assert (error.code, error.play, error.player, error.card) == ("first-lead", 0, eldest, illegal)
    for word in words:
        assert word in error.message


# --- passing -------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("hand", "players", "direction"),
    [(1, 4, "left"), (2, 4, "right"), (3, 4, "across"), (4, 4, "none"), (5, 4, "left"), (6, 4, "right"),
     (7, 4, "across"), (8, 4, "none"), (2, 5, "left"), (4, 3, "left"), (3, 6, "left")],
)
def test_rotation_lrah_direction_by_hand_number(hand: int, players: int, direction: str) -> None:
    # HOUSE (AMB-01): left, right, across, hold with four players; other counts pass left.
    assert make_ruleset("hearts", {"pass": "rotation-lrah"}).pass_direction(hand, players) is Direction(direction)


@pytest.mark.parametrize(("players", "count"), [(3, 3), (4, 3), (5, 3), (6, 2), (7, 2)])
def test_pass_count(players: int, count: int) -> None:
    # 003 "The Pass": three cards, two when six or seven play.
    assert make_ruleset("black-lady").pass_count(players) == count
    assert make_ruleset("black-lady", {"pass": "none"}).pass_count(players) == 0


PASSES = {"Ann": "AS KS JS", "Bob": "7C 8C 9C", "Cat": "QC KC AC", "Dan": "QD KD AD"}


@pytest.mark.parametrize(("hand", "direction"), [(1, "left"), (2, "right"), (3, "across"), (5, "left")])
def test_rotation_lrah_passes_reach_the_receiver(hand: int, direction: str) -> None:
    record = finish(hand_record([], options={"pass": "rotation-lrah", "moon_choice": "subtract"}, hand=hand,
                                passes=PASSES))
    outcome = run(record)
    receivers = {"left": {"Ann": "Bob", "Bob": "Cat", "Cat": "Dan", "Dan": "Ann"},
                 "right": {"Ann": "Dan", "Bob": "Ann", "Cat": "Bob", "Dan": "Cat"},
                 "across": {"Ann": "Cat", "Bob": "Dan", "Cat": "Ann", "Dan": "Bob"}}[direction]
    assert outcome.dealt is not None
    held = dict(zip(outcome.players, map(codes, outcome.dealt)))
    for giver, cards in PASSES.items():
        assert set(cards.split()) <= set(held[receivers[giver]]), (giver, receivers[giver])
        assert not set(cards.split()) & set(held[giver])
    # the direction may be written in the record, and must then agree
    assert run({**record, "pass_direction": direction}).points == outcome.points


def test_rotation_lrah_hold_hand_has_no_passes() -> None:
    outcome = run(finish(hand_record([], options={"pass": "rotation-lrah"}, hand=4, pass_direction="none")))
    assert outcome.dealt is not None
    assert dict(zip(outcome.players, map(sorted, map(codes, outcome.dealt)))) == {
        name: sorted(cards.split()) for name, cards in DEAL.items()}


# --- replay without the deal -----------------------------------------------------------------------

def test_without_the_deal_a_later_card_proves_the_revoke() -> None:
    # Bob discards QS on the club lead, then follows clubs with 6C in trick 2: he held a club.
    play = ["2C", "QS", "AC", "4S", "KC", "7S", "3C", "6C"]
    error = error_of(hand_record(play, deal=None))
    assert (error.code, error.play, error.trick, error.player, error.card) == ("revoke", 1, 1, "Bob", "QS")
    assert "proven by 6\u2663" in error.message and "Bob played later" in error.message and "play 8" in error.message


def test_without_the_deal_no_later_card_no_proof() -> None:
    # Bob never plays a club later in what was recorded, so nothing shows he could follow.
    play = ["2C", "QS", "AC", "4S", "KC", "7S", "3C", "2S"]
    assert error_of(hand_record(play, deal=None)).code == "incomplete"


def test_without_the_deal_a_later_card_proves_an_early_heart_lead() -> None:
    play = TRICK_1 + ["8H", "7S", "2H", "5H", "TC"]
    error = error_of(hand_record(play, deal=None))
    assert (error.code, error.play, error.trick, error.player, error.card) == ("hearts-not-broken", 4, 2, "Cat", "8H")
    assert "later" in error.message and "10\u2663" in error.message


def test_without_the_deal_a_legal_hand_scores_as_with_it() -> None:
    full = finish(hand_record(TRICK_1, options={"moon_choice": "subtract"}))
    assert run({k: v for k, v in full.items() if k != "deal"}).points == run(full).points
