"""Quick results (``taken``, RECORDS.md): what each player took, checked and scored.

Results no deal could produce are refused with ``impossible-result`` and one sentence per
problem, all of them at once (STYLE 8).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.helpers import error_of, result_record, run
from scorekeeper.engine.errors import ImpossibleResult, InconsistentRecord

Z: dict[str, int] = {"hearts": 0}
ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"


def four(a: Any, b: Any, c: Any, d: Any) -> dict[str, Any]:
    return {"Ann": a, "Bob": b, "Cat": c, "Dan": d}


VALID = [
    # Black Lady in every form RECORDS.md allows: counts with a card code, card lists, strings, mixed
    pytest.param("black-lady", {}, four({"hearts": 3, "QS": 1}, ["2H", "5H"], {"hearts": 0}, {"hearts": 8}),
                 (16, 2, 0, 8), id="black-lady-mixed"),
    pytest.param("black-lady", {}, four(["QS", "2H", "3H", "4H"], ["5H", "6H"], [], "7H 8H 9H TH JH QH KH AH"),
                 (16, 2, 0, 8), id="black-lady-card-lists"),
    pytest.param("black-lady", {}, four({"hearts": 3, "QS": 1, "tricks": 4}, {"hearts": 2, "tricks": 3},
                                        {"hearts": 0, "tricks": 2}, {"hearts": 8, "tricks": 4}),
                 (16, 2, 0, 8), id="black-lady-with-tricks"),
    pytest.param("black-lady", {}, four({"hearts": 3, "QS": 0}, {"hearts": 2, "QS": 1}, Z, {"hearts": 8}),
                 (3, 15, 0, 8), id="black-lady-card-code-0"),
    pytest.param("black-lady", {}, four({"points": 16}, {"points": 2}, {"points": 0}, {"points": 8}),
                 (16, 2, 0, 8), id="black-lady-points"),
    pytest.param("black-lady", {}, four({"points": 16}, ["5H", "6H"], {"hearts": 0}, {"hearts": 8}),
                 (16, 2, 0, 8), id="black-lady-points-mixed"),
    pytest.param("black-lady", {}, {"A": {"hearts": 5, "QS": 1}, "B": {"hearts": 8}, "C": Z}, (18, 8, 0),
                 id="black-lady-three-players"),
    pytest.param("hearts", {}, four({"hearts": 4}, {"hearts": 4}, {"hearts": 5}, Z), (4, 4, 5, 0), id="hearts"),
    pytest.param("hearts", {"profile": "001"}, four({"hearts": 2, "QS": 1}, {"hearts": 11}, Z, Z), (15, 11, 0, 0),
                 id="hearts-001-queen"),
    # a double deck: 26 hearts (003, seven players)
    pytest.param("hearts", {"profile": "003"}, {n: {"hearts": h} for n, h in zip("ABCDEFG", (13, 13, 0, 0, 0, 0, 0))},
                 (13, 13, 0, 0, 0, 0, 0), id="hearts-003-double-deck"),
    # the widow goes to the winner of trick 1: one trick and the 1-card widow (003, three players: 17 + 1)
    pytest.param("hearts", {"profile": "003"}, {"A": {"hearts": 4, "tricks": 1}, "B": {"hearts": 9, "tricks": 16},
                                                "C": {"hearts": 0, "tricks": 0}}, (4, 9, 0), id="widow-in-one-trick"),
    # Spot Hearts: the hearts' pips (002: A = 14, total 104; 004: A = 1, QS 13)
    pytest.param("spot-hearts", {}, four({"spots": 2}, {"spots": 50}, {"spots": 52}, {"spots": 0}), (2, 50, 52, 0),
                 id="spot-002-spots"),
    pytest.param("spot-hearts", {}, four(["AH"], ALL_HEARTS.replace(" AH", ""), [], []), (14, 90, 0, 0),
                 id="spot-002-cards"),
    pytest.param("spot-hearts", {}, four({"hearts": 1, "spots": 14}, {"hearts": 12, "spots": 90}, {"spots": 0},
                                         {"spots": 0}), (14, 90, 0, 0), id="spot-002-hearts-and-spots"),
    pytest.param("spot-hearts", {"profile": "004"}, four({"spots": 1, "QS": 1}, {"spots": 50}, {"spots": 40},
                                                         {"spots": 0}), (14, 50, 40, 0), id="spot-004"),
    pytest.param("heartsette", {"profile": "002"}, {"A": {"hearts": 13}, "B": Z, "C": Z}, (13, 0, 0),
                 id="heartsette-002-no-moon"),
]


@pytest.mark.parametrize(("game", "options", "entries", "points"), VALID)
def test_valid_results_score(game: str, options: dict[str, Any], entries: dict[str, Any],
                             points: tuple[int, ...]) -> None:
    outcome = run(result_record(game, entries, options=options))
    assert outcome.points == points
    assert outcome.tricks is None and outcome.moon is None


IMPOSSIBLE = [
    # 13 hearts split as 3 + 2 + 0 + 9
    pytest.param("black-lady", {}, four({"hearts": 3}, {"hearts": 2}, Z, {"hearts": 9, "QS": 1}),
                 ["the hearts add up to 14, but a hand has 13"], id="hearts-14"),
    pytest.param("black-lady", {}, four({"hearts": 3}, {"hearts": 2}, Z, {"hearts": 7, "QS": 1}),
                 ["the hearts add up to 12, but a hand has 13"], id="hearts-12"),
    pytest.param("hearts", {"profile": "003"},
                 {n: {"hearts": h} for n, h in zip("ABCDEFG", (13, 12, 0, 0, 0, 0, 0))},
                 ["the hearts add up to 25, but a hand has 26"], id="hearts-25-double-deck"),
    # QS twice or by nobody
    pytest.param("black-lady", {}, four({"hearts": 3, "QS": 1}, {"hearts": 2, "QS": 1}, Z, {"hearts": 8}),
                 ["Q♠ is taken by both Ann and Bob"], id="queen-twice"),
    pytest.param("black-lady", {}, four({"hearts": 3}, {"hearts": 2}, Z, {"hearts": 8}),
                 ["Q♠ was taken by nobody"], id="queen-by-nobody"),
    pytest.param("omnibus-hearts", {}, four({"hearts": 13, "QS": 1}, Z, Z, Z), ["J♦ was taken by nobody"],
                 id="jack-by-nobody"),
    pytest.param("hooligan-hearts", {}, four({"hearts": 13, "QS": 1, "TD": 1}, {"7C": 1}, {"7C": 1}, Z),
                 ["7♣ is taken by both Bob and Cat"], id="seven-twice"),
    pytest.param("black-lady", {}, four(["2H", "3H", "QS"], ["2H"], Z, {"hearts": 10}),
                 ["2♥ is listed for Ann and Bob"], id="heart-listed-twice"),
    pytest.param("hearts", {"profile": "001"}, {"A": ["2S", "QS"], "B": {"hearts": 3}, "C": {"hearts": 10},
                                                "D": Z, "E": Z},
                 ["2♠ is not in this game's pack (A)"], id="card-not-in-pack"),
    # spot totals no hearts can make: the lowest heart is worth 2 in profile 002
    pytest.param("spot-hearts", {}, four({"spots": 1}, {"spots": 50}, {"spots": 53}, {"spots": 0}),
                 ["no deal shares the hearts out with those counts and spot totals"], id="spots-1"),
    pytest.param("spot-hearts", {}, four({"spots": 2, "hearts": 2}, {"spots": 50}, {"spots": 52}, {"spots": 0}),
                 ["no deal shares the hearts out"], id="spots-2-in-two-hearts"),
    pytest.param("spot-hearts", {}, four({"spots": 2}, {"spots": 50}, {"spots": 50}, {"spots": 0}),
                 ["the spots add up to 102, but a hand's hearts are worth 104"], id="spots-102"),
    pytest.param("spot-hearts", {}, four({"points": 1}, {"points": 50}, {"points": 53}, {"points": 0}),
                 ["Ann cannot score 1 point"], id="spot-points-1"),
    pytest.param("spot-hearts", {}, four({"hearts": 2}, {"spots": 50}, {"spots": 52}, {"spots": 0}),
                 ["give Ann's spots"], id="spots-missing"),
    # tricks that do not add up, or that cannot hold the cards
    pytest.param("black-lady", {}, four({"hearts": 3, "QS": 1, "tricks": 5}, {"hearts": 2, "tricks": 5},
                                        {"hearts": 0, "tricks": 0}, {"hearts": 8, "tricks": 4}),
                 ["the tricks add up to 14, but a hand has 13"], id="tricks-14"),
    pytest.param("black-lady", {}, four({"hearts": 3, "QS": 1, "tricks": 14}, Z, Z, {"hearts": 10}),
                 ["Ann took 14 tricks, but a hand has 13"], id="tricks-too-many"),
    pytest.param("black-lady", {}, four({"hearts": 3, "QS": 1, "tricks": 0}, Z, Z, {"hearts": 10}),
                 ["Ann took 4 scoring cards in 0 tricks"], id="cards-without-tricks"),
    pytest.param("hearts", {}, four({"hearts": 13, "tricks": 3}, Z, Z, Z),
                 ["Ann took 13 scoring cards in 3 tricks"], id="cards-in-too-few-tricks"),
    # points
    pytest.param("black-lady", {}, four({"points": 16}, {"points": 2}, {"points": 0}, {"points": 9}),
                 ["the points add up to 27, but a hand of Black Lady is worth 26"], id="points-27"),
    pytest.param("complex-hearts", {}, four({"points": 3}, {"hearts": 6}, {"hearts": 3, "JD": 1}, Z),
                 ["Complex Hearts scores cannot be entered as points"], id="complex-points"),
    # shapes that do not fit the game
    pytest.param("black-lady", {}, four({"hearts": 3}, {"hearts": 2}, Z, {"hearts": 8, "QS": 1, "2H": 1}),
                 ["2♥ does not score on its own in Black Lady; count it in hearts (Dan)"], id="plain-heart-by-code"),
    pytest.param("pink-lady", {}, four({"hearts": 0, "QH": 1}, {"hearts": 13, "QS": 1}, {"TD": 1}, Z),
                 ["Ann took Q♥ but only 0 hearts"], id="special-heart-beyond-count"),
    pytest.param("black-lady", {}, {"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 2}, "Cat": {"hearts": 8}},
                 ["Dan's share is missing"], id="share-missing"),
]


@pytest.mark.parametrize(("game", "options", "entries", "sentences"), IMPOSSIBLE)
def test_impossible_results_are_refused(game: str, options: dict[str, Any], entries: dict[str, Any],
                                        sentences: list[str]) -> None:
    record = result_record(game, entries, options=options)
    if "Ann" in entries:  # Dan sits at the table even when his share is left out
        record.update(players=["Ann", "Bob", "Cat", "Dan"], dealer="Dan")
    error = error_of(record, ImpossibleResult)
    assert error.code == "impossible-result" and error.exit_status == 1
    assert error.message.startswith("Impossible result: ") and error.message.endswith(".")
    for sentence in sentences:
        assert sentence in error.message


def test_every_problem_is_collected_in_one_message() -> None:
    entries = four({"hearts": 3, "QS": 1}, {"hearts": 2, "QS": 1, "tricks": 14}, {"2H": 1}, {"hearts": 9})
    error = error_of(result_record("black-lady", entries), ImpossibleResult)
    problems = error.message.removeprefix("Impossible result: ").removesuffix(".").split("; ")
    assert problems == [
        "Bob took 14 tricks, but a hand has 13",
        "2♥ does not score on its own in Black Lady",
        "count it in hearts (Cat)",  # the same sentence: its own semicolon
        "Q♠ is taken by both Ann and Bob",
        "the hearts add up to 14, but a hand has 13",
    ]


def test_a_list_conflict_and_a_wrong_heart_total_are_both_reported() -> None:
    error = error_of(result_record("black-lady", four(["2H", "3H", "QS"], ["2H"], Z, {"hearts": 9})), ImpossibleResult)
    assert "2♥ is listed for Ann and Bob" in error.message
    assert "the hearts add up to 12, but a hand has 13" in error.message


# --- moons in quick results ----------------------------------------------------------------------

MOONS = [
    pytest.param("black-lady", {}, four(Z, {"hearts": 13, "QS": 1}, Z, Z), "subtract", (0, -26, 0, 0),
                 id="black-lady-subtract"),
    pytest.param("black-lady", {}, four(Z, {"hearts": 13, "QS": 1}, Z, Z), "add", (26, 0, 26, 26),
                 id="black-lady-add"),
    pytest.param("black-lady", {}, four([], ALL_HEARTS + " QS", [], []), "add", (26, 0, 26, 26),
                 id="black-lady-cards"),
    pytest.param("black-lady", {"moon_choice": "add"}, four(Z, {"hearts": 13, "QS": 1}, Z, Z), None,
                 (26, 0, 26, 26), id="black-lady-table-always-adds"),
    pytest.param("hearts", {}, four({"hearts": 13}, Z, Z, Z), "subtract", (-26, 0, 0, 0), id="hearts-26"),
    pytest.param("hearts", {}, four({"hearts": 13}, Z, Z, Z), "add", (0, 26, 26, 26), id="hearts-26-add"),
    # AMB-48: the Spot Hearts moon scores nothing for anyone; the shooter wins the game at once
    pytest.param("spot-hearts", {"profile": "004"}, four(ALL_HEARTS + " QS", [], [], []), None, (0, 0, 0, 0),
                 id="spot-004-cards"),
    pytest.param("spot-hearts", {"profile": "004"}, four({"hearts": 13, "spots": 91, "QS": 1}, {"spots": 0},
                                                         {"spots": 0}, {"spots": 0}), None, (0, 0, 0, 0),
                 id="spot-004-hearts-and-spots"),
    # 91 spots are every heart (A = 1, ..., K = 13): the moon is there without the count
    pytest.param("spot-hearts", {"profile": "004"}, four({"spots": 91, "QS": 1}, {"spots": 0}, {"spots": 0},
                                                         {"spots": 0}), None, (0, 0, 0, 0),
                 id="spot-004-spots-only"),
]


@pytest.mark.parametrize(("game", "options", "entries", "choice", "points"), MOONS)
def test_moon_is_recognised(game: str, options: dict[str, Any], entries: dict[str, Any], choice: str | None,
                            points: tuple[int, ...]) -> None:
    outcome = run(result_record(game, entries, options=options, moon_choice=choice))
    assert outcome.points == points
    assert outcome.moon is not None
    shooter = next(i for i, p in enumerate(entries.values()) if p not in (Z, [], {"spots": 0}))
    assert outcome.moon.seat == shooter
    assert outcome.moon.instant_win == (game == "spot-hearts")


@pytest.mark.parametrize(
    ("game", "entries"),
    [("black-lady", four(Z, {"hearts": 13, "QS": 1}, Z, Z)), ("hearts", four({"hearts": 13}, Z, Z, Z)),
     ("omnibus-hearts", four({"hearts": 13, "QS": 1}, {"JD": 1}, Z, Z))],
)
def test_a_moon_needs_the_shooters_choice(game: str, entries: dict[str, Any]) -> None:
    error = error_of(result_record(game, entries), InconsistentRecord)
    shooter = next(name for name, e in entries.items() if e.get("hearts") == 13)
    assert (error.code, error.player) == ("moon-choice", shooter)
    assert f"{shooter} shot the moon" in error.message and '"moon_choice"' in error.message


@pytest.mark.parametrize(
    ("game", "entries", "points"),
    [
        # all hearts without QS is no moon in Black Lady: 13 hearts, and QS 13 for its taker
        ("black-lady", four({"hearts": 13}, {"QS": 1}, Z, Z), (13, 13, 0, 0)),
        # no moon rule in profile 003 / 002
        ("hearts", four({"hearts": 13}, Z, Z, Z), (13, 0, 0, 0)),
    ],
)
def test_no_moon(game: str, entries: dict[str, Any], points: tuple[int, ...]) -> None:
    options = {"profile": "003"} if game == "hearts" else {}
    outcome = run(result_record(game, entries, options=options))
    assert outcome.points == points and outcome.moon is None
