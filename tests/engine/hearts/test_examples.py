"""The catalogue's worked examples for the Hearts core (sections 2, 3.1 and 7), replayed.

Hands are quick result records (``taken``) unless the example gives the cards played.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.helpers import codes, result_record, run
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.gaussian import Gaussian

Z: dict[str, int] = {"hearts": 0}
ABCD = ("A", "B", "C", "D")


def taken(*entries: Any) -> dict[str, Any]:
    """Per player A, B, C, D (and more) in seat order."""
    return dict(zip("ABCDEFG", entries))


# --- 2.3: the 001 example deal (AMB-09: West opens with the heart two) ---------------------------

# Seats clockwise W, N, E, S; West leads, so South dealt (eldest-any under profile 001).
EXAMPLE_001 = [
    # leader, cards in the order played, winner
    ("W", ["2H", "4H", "3H", "8H"], "S"),
    ("S", ["9H", "6H", "7H", "TH"], "E"),
    ("E", ["JH", "AD", "QH", "KH"], "N"),
    ("N", ["5H", "QS", "QD", "AH"], "W"),
]


def example_001(play: list[Any]) -> dict[str, Any]:
    return {"game": "hearts", "options": {"profile": "001"}, "players": ["W", "N", "E", "S"], "dealer": "S",
            "play": play, "events": [{"type": "stopped"}]}


@pytest.mark.parametrize(
    "play",
    [
        [c for _, cards, _ in EXAMPLE_001 for c in cards],
        # the seeds' own notation: suit first, with a space, ten as 10
        ["♥ 2", "♥ 4", "♥ 3", "♥ 8", "♥ 9", "♥ 6", "♥ 7", "♥ 10", "♥ J", "♦ A", "♥ Q", "♥ K", "♥ 5", "♠ Q", "♦ Q",
         "♥ A"],
    ],
    ids=["canonical", "seed-notation"],
)
def test_001_example_deal(play: list[str]) -> None:
    outcome = run(example_001(play))
    names = outcome.players
    assert outcome.tricks is not None
    assert [(names[t.leader], codes(t.cards), names[t.winner]) for t in outcome.tricks] == EXAMPLE_001
    assert dict(zip(names, map(codes, outcome.taken))) == {
        "W": ["QS", "AH", "5H"], "N": ["KH", "QH", "JH"], "E": ["TH", "9H", "7H", "6H"], "S": ["8H", "4H", "3H", "2H"],
    }
    # "West will come off worst of all": W 15, N 3, E 4, S 4 (total 13 + 13)
    assert outcome.points_by_player() == {"W": 15, "N": 3, "E": 4, "S": 4}
    assert outcome.moon is None and outcome.revoke is None


def test_001_example_without_the_stop_is_incomplete() -> None:
    obj = example_001([c for _, cards, _ in EXAMPLE_001 for c in cards])
    del obj["events"]
    with pytest.raises(ScorekeeperError) as info:
        run(obj)
    assert info.value.code == "incomplete"


def test_001_example_cannot_stop_while_the_queen_is_out() -> None:
    # After three tricks QS and AH 5H are still to come: "stopped" is only for a hand with nothing left to score.
    obj = example_001([c for _, cards, _ in EXAMPLE_001[:3] for c in cards])
    with pytest.raises(ScorekeeperError) as info:
        run(obj)
    assert info.value.code == "incomplete"


# --- 3.1: Black Lady, cumulative, totals before the hand A 81, B 95, C 60, D 70 ---------------------

BEFORE = (81, 95, 60, 70)
MOON_C = taken(Z, Z, {"hearts": 13, "QS": 1}, Z)


@pytest.mark.parametrize(
    ("game", "entries", "choice", "points", "totals"),
    [
        # Hand X: A 3 hearts, B QS + 2 hearts, C 8 hearts, D nothing; 3 + 15 + 8 + 0 = 26
        ("black-lady", taken({"hearts": 3}, {"hearts": 2, "QS": 1}, {"hearts": 8}, Z), None,
         (3, 15, 8, 0), (84, 110, 68, 70)),
        # the same hand as card lists
        ("black-lady", taken(["2H", "3H", "4H"], ["QS", "5H", "6H"], "7H 8H 9H TH JH QH KH AH", []), None,
         (3, 15, 8, 0), (84, 110, 68, 70)),
        # Hand Y: C shoots the moon; subtract-mode C 60 - 26 = 34
        ("black-lady", MOON_C, "subtract", (0, 0, -26, 0), (81, 95, 34, 70)),
        # add-mode: everyone else +26
        ("black-lady", MOON_C, "add", (26, 26, 0, 26), (107, 121, 60, 96)),
        # Greek version of Y: C 60 - 78 = -18, the others +26, no choice
        ("greek-hearts", MOON_C, None, (26, 26, -78, 26), (107, 121, -18, 96)),
    ],
    ids=["hand-X", "hand-X-cards", "hand-Y-subtract", "hand-Y-add", "hand-Y-greek"],
)
def test_black_lady_cumulative_example(
    game: str, entries: dict[str, Any], choice: str | None, points: tuple[int, ...], totals: tuple[int, ...]
) -> None:
    outcome = run(result_record(game, entries, moon_choice=choice))
    assert outcome.points == points
    assert tuple(b + p for b, p in zip(BEFORE, outcome.points)) == totals
    if entries is MOON_C:
        assert outcome.moon is not None and outcome.players[outcome.moon.seat] == "C"
        assert outcome.moon.choice == choice
    else:
        assert outcome.moon is None


@pytest.mark.parametrize(
    ("entries", "points"),
    [
        # 2.5: 4 players, shooter -78, each opponent +26
        (taken({"hearts": 13, "QS": 1}, Z, Z, Z), (-78, 26, 26, 26)),
        # with 3 players: -52 and +26 twice
        (taken(Z, {"hearts": 13, "QS": 1}, Z), (26, -52, 26)),
        # 5 players: -104
        (taken(Z, Z, Z, Z, {"hearts": 13, "QS": 1}), (26, 26, 26, 26, -104)),
    ],
)
def test_greek_moon(entries: dict[str, Any], points: tuple[int, ...]) -> None:
    outcome = run(result_record("greek-hearts", entries, moon_choice="subtract"))
    assert outcome.points == points
    assert outcome.moon is not None and outcome.moon.rule == "greek"


# --- 2.6: Omnibus --------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("entries", "choice", "points"),
    [
        # "subtract 36 total points": the moon with JD
        (taken({"hearts": 13, "QS": 1, "JD": 1}, Z, Z, Z), "subtract", (-36, 0, 0, 0)),
        # without JD: -26, and JD still gives its taker -10
        (taken({"hearts": 13, "QS": 1}, {"JD": 1}, Z, Z), "subtract", (-26, -10, 0, 0)),
        # AMB-25 add-mode: others +26, the shooter -10 if he took JD else 0
        (taken({"hearts": 13, "QS": 1, "JD": 1}, Z, Z, Z), "add", (-10, 26, 26, 26)),
        (taken({"hearts": 13, "QS": 1}, {"JD": 1}, Z, Z), "add", (0, 16, 26, 26)),
        # no moon: 16 per hand (26 - 10)
        (taken({"hearts": 5, "QS": 1}, {"hearts": 8, "JD": 1}, Z, Z), None, (18, -2, 0, 0)),
        (taken({"hearts": 12, "QS": 1, "JD": 1}, {"hearts": 1}, Z, Z), None, (15, 1, 0, 0)),
    ],
)
def test_omnibus_examples(entries: dict[str, Any], choice: str | None, points: tuple[int, ...]) -> None:
    outcome = run(result_record("omnibus-hearts", entries, moon_choice=choice))
    assert outcome.points == points
    assert (outcome.moon is not None) == (choice is not None)


# --- 2.9: Hooligan ---------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("entries", "options", "choice", "points", "moon"),
    [
        # all hearts + QS + 7C with TD: -43
        (taken({"hearts": 13, "QS": 1, "7C": 1, "TD": 1}, Z, Z, Z), {}, None, (-43, 0, 0, 0), True),
        # without TD: -33 (and TD's taker -10)
        (taken({"hearts": 13, "QS": 1, "7C": 1}, {"TD": 1}, Z, Z), {}, None, (-33, -10, 0, 0), True),
        # hearts + QS without 7C is no moon: 13 + 13, and 7C scores 7 for its taker
        (taken({"hearts": 13, "QS": 1}, {"TD": 1}, {"7C": 1}, Z), {}, None, (26, -10, 7, 0), False),
        (taken({"hearts": 13, "QS": 1, "TD": 1}, Z, {"7C": 1}, Z), {}, None, (16, 0, 7, 0), False),
        # no moon: 23 per hand
        (taken({"hearts": 4, "QS": 1}, {"hearts": 9, "7C": 1}, {"TD": 1}, Z), {}, None, (17, 16, -10, 0), False),
        # moon_mode choice, add: +33 to each other player, own -10 if he took TD else 0
        (taken({"hearts": 13, "QS": 1, "7C": 1, "TD": 1}, Z, Z, Z), {"moon_mode": "choice"}, "add",
         (-10, 33, 33, 33), True),
        (taken({"hearts": 13, "QS": 1, "7C": 1}, {"TD": 1}, Z, Z), {"moon_mode": "choice"}, "add",
         (0, 23, 33, 33), True),
        (taken({"hearts": 13, "QS": 1, "7C": 1, "TD": 1}, Z, Z, Z), {"moon_mode": "choice"}, "subtract",
         (-43, 0, 0, 0), True),
    ],
)
def test_hooligan_examples(
    entries: dict[str, Any], options: dict[str, Any], choice: str | None, points: tuple[int, ...], moon: bool
) -> None:
    outcome = run(result_record("hooligan-hearts", entries, options=options, moon_choice=choice))
    assert outcome.points == points
    assert (outcome.moon is not None) == moon


def test_hooligan_choice_mode_needs_the_choice() -> None:
    record = result_record("hooligan-hearts", taken({"hearts": 13, "QS": 1, "7C": 1}, {"TD": 1}, Z, Z),
                           options={"moon_mode": "choice"})
    with pytest.raises(ScorekeeperError) as info:
        run(record)
    assert info.value.code == "moon-choice"


# --- 2.10: Pink Lady -------------------------------------------------------------------------------

ALL_PINK = {"hearts": 13, "QS": 1, "QH": 1}


@pytest.mark.parametrize(
    ("entries", "options", "points", "moon"),
    [
        # all 13 hearts + QS: own -38, flat
        (taken(ALL_PINK, {"TD": 1}, Z, Z), {}, (-38, -10, 0, 0), True),
        (taken({**ALL_PINK, "TD": 1}, Z, Z, Z), {}, (-38, 0, 0, 0), True),
        # moon_adds_bonus: -48 with the bonus card
        (taken({**ALL_PINK, "TD": 1}, Z, Z, Z), {"moon_adds_bonus": True}, (-48, 0, 0, 0), True),
        (taken(ALL_PINK, {"TD": 1}, Z, Z), {"moon_adds_bonus": True}, (-38, -10, 0, 0), True),
        # moon_requires_bonus: without TD it is no moon; 12 + 13 (QH) + 13 (QS) = 38
        (taken(ALL_PINK, {"TD": 1}, Z, Z), {"moon_requires_bonus": True}, (38, -10, 0, 0), False),
        (taken({**ALL_PINK, "TD": 1}, Z, Z, Z), {"moon_requires_bonus": True}, (-38, 0, 0, 0), True),
        # bonus card JD (AMB-33 option)
        (taken(ALL_PINK, {"JD": 1}, Z, Z), {"bonus_card": "JD"}, (-38, -10, 0, 0), True),
        # no moon: QH 13 in place of its 1; 28 per hand
        (taken({"hearts": 5, "QS": 1, "QH": 1}, {"hearts": 8, "TD": 1}, Z, Z), {}, (30, -2, 0, 0), False),
        (taken({"hearts": 5, "QS": 1}, {"hearts": 8, "QH": 1, "TD": 1}, Z, Z), {}, (18, 10, 0, 0), False),
    ],
)
def test_pink_lady_examples(
    entries: dict[str, Any], options: dict[str, Any], points: tuple[int, ...], moon: bool
) -> None:
    outcome = run(result_record("pink-lady", entries, options=options))
    assert outcome.points == points
    assert (outcome.moon is not None) == moon


# --- 7: Complex Hearts ----------------------------------------------------------------------------

G = Gaussian


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (G(0, 4) + G(10, 0) + G(5, 5), G(15, 9)),
        # the source prints 2 + 2i; 11 - 8 = 3 (AMB-35): the tests expect 3 + 2i
        (G(11, 4) - G(8, 2), G(3, 2)),
        (G(5, 4) * G(1, 8), G(-27, 44)),
        # 7.3: (a + bi)(2i) = -2b + 2ai
        (G(4, 13) * G(0, 2), G(-26, 8)),
        (G(0, 13) * G(0, 2), G(-26, 0)),
    ],
)
def test_complex_source_arithmetic(value: Gaussian, expected: Gaussian) -> None:
    assert value == expected


def test_complex_magnitude() -> None:
    assert G(25, 2).norm == 629
    assert G(25, 2).magnitude == pytest.approx(25.079872408)
    assert str(G(3, 2)) == "3 + 2i" and str(G(-26, 0)) == "-26" and str(G(26, -26)) == "26 - 26i"


def gaussians(*pairs: tuple[int, int]) -> tuple[Gaussian, ...]:
    return tuple(G(a, b) for a, b in pairs)


@pytest.mark.parametrize(
    ("entries", "choice", "points"),
    [
        # 7.7 hand: A 4 hearts + QS = 4 + 13i; B 6 hearts + TC = 6 x 2i = 12i; C 3 hearts + JD = -7; D 0
        (taken({"hearts": 4, "QS": 1}, {"hearts": 6, "TC": 1}, {"hearts": 3, "JD": 1}, Z), None,
         gaussians((4, 13), (0, 12), (-7, 0), (0, 0))),
        # TC with QS only: (13i)(2i) = -26, a 26-point bonus
        (taken({"QS": 1, "TC": 1}, {"hearts": 6}, {"hearts": 7}, {"JD": 1}), None,
         gaussians((-26, 0), (6, 0), (7, 0), (-10, 0))),
        # TC with nothing else scores 0
        (taken({"TC": 1}, {"hearts": 6, "QS": 1}, {"hearts": 7}, {"JD": 1}), None,
         gaussians((0, 0), (6, 13), (7, 0), (-10, 0))),
        # 7.4 moon table, subtract-mode (Z_k := Z_k - M): M = 13 + 13i
        (taken({"hearts": 13, "QS": 1}, {"TC": 1}, {"JD": 1}, Z), "subtract",
         gaussians((-13, -13), (0, 0), (-10, 0), (0, 0))),
        # with JD: M = 3 + 13i
        (taken({"hearts": 13, "QS": 1, "JD": 1}, {"TC": 1}, Z, Z), "subtract",
         gaussians((-3, -13), (0, 0), (0, 0), (0, 0))),
        # 7.7 moon: A takes all hearts, QS, TC but not JD (C): M = -26 + 26i; A changes by +26 - 26i,
        # C's hand score -10 still applies
        (taken({"hearts": 13, "QS": 1, "TC": 1}, Z, {"JD": 1}, Z), "subtract",
         gaussians((26, -26), (0, 0), (-10, 0), (0, 0))),
        # JD and TC: M = (3 + 13i)(2i) = -26 + 6i
        (taken({"hearts": 13, "QS": 1, "TC": 1, "JD": 1}, Z, Z, Z), "subtract",
         gaussians((26, -6), (0, 0), (0, 0), (0, 0))),
        # add-mode: B, C and D each add -26 + 26i; C additionally -10
        (taken({"hearts": 13, "QS": 1, "TC": 1}, Z, {"JD": 1}, Z), "add",
         gaussians((0, 0), (-26, 26), (-36, 26), (-26, 26))),
        (taken({"hearts": 13, "QS": 1}, {"TC": 1}, {"JD": 1}, Z), "add",
         gaussians((0, 0), (13, 13), (3, 13), (13, 13))),
    ],
)
def test_complex_hand_scores(entries: dict[str, Any], choice: str | None, points: tuple[Gaussian, ...]) -> None:
    outcome = run(result_record("complex-hearts", entries, moon_choice=choice))
    assert outcome.points == points
    assert (outcome.moon is not None) == (choice is not None)
    if choice:
        assert outcome.moon is not None and outcome.moon.choice == choice


def test_complex_running_scores() -> None:
    # 7.7: before A 10 + 13i, B -5 + 20i, C 30, D 0; after A 14 + 26i, B -5 + 32i, C 23, D 0
    outcome = run(result_record(
        "complex-hearts", taken({"hearts": 4, "QS": 1}, {"hearts": 6, "TC": 1}, {"hearts": 3, "JD": 1}, Z)))
    before = gaussians((10, 13), (-5, 20), (30, 0), (0, 0))
    after = tuple(b + p for b, p in zip(before, outcome.points))
    assert after == gaussians((14, 26), (-5, 32), (23, 0), (0, 0))
    assert [z.norm for z in after] == [872, 1049, 529, 0]
    assert [round(z.magnitude, 2) for z in after] == [29.53, 32.39, 23.0, 0.0]


@pytest.mark.parametrize(
    ("score", "norm", "ends"),
    # 7.7 end: |Z| >= 100 compared exactly as a² + b² >= 10000
    [(G(60, 80), 10000, True), (G(30, -40), 2500, False), (G(-70, 10), 5000, False), (G(0, 99), 9801, False)],
)
def test_complex_end_of_game_magnitudes(score: Gaussian, norm: int, ends: bool) -> None:
    assert score.norm == norm
    assert (score.norm >= 100 * 100) == ends


def test_complex_moon_needs_the_choice() -> None:
    with pytest.raises(ScorekeeperError) as info:
        run(result_record("complex-hearts", taken({"hearts": 13, "QS": 1, "TC": 1}, Z, {"JD": 1}, Z)))
    assert info.value.code == "moon-choice"
