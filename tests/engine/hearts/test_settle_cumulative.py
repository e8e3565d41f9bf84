"""Catalogue 3.1 ``cumulative``: the own example (Black Lady, 4 players, target 100), hands X and Y.

The example starts from totals A 81, B 95, C 60, D 70. Black Lady hands add 26 (or 78, or
-26 with a moon), so those totals (306 in all) need five established revokes at 30 each
(revoke-003-points, catalogue 4.1) besides six ordinary hands: the session below reaches
them exactly, then plays hand X or one version of hand Y.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts.words import plain_note
from scorekeeper.sheets.hearts import filled_sheet
from tests.support.settling import ABCD, refusal, revoke_hand, session, settled, units

# Six ordinary hands (QS to A three times, to D three times) and five revokes (B three, A, C).
# Dealers rotate from D: D A B C D A B C D A B, so no offender leads trick 1 of his hand.
BEFORE: list[dict[str, Any]] = [
    revoke_hand(ABCD, "D", "B"),          # 1: B +30
    units(2, 1, 5, 5, qs="A"),            # 2: A 15, B 1, C 5, D 5
    revoke_hand(ABCD, "B", "B"),          # 3: B +30 (eldest C leads)
    revoke_hand(ABCD, "C", "A"),          # 4: A +30
    revoke_hand(ABCD, "D", "B"),          # 5: B +30
    revoke_hand(ABCD, "A", "C"),          # 6: C +30
    units(2, 1, 5, 5, qs="A"),            # 7
    units(2, 1, 5, 5, qs="A"),            # 8
    units(2, 1, 5, 5, qs="D"),            # 9: D 18
    units(2, 1, 5, 5, qs="D"),            # 10
    units(2, 0, 5, 6, qs="D"),            # 11: D 19
]
TOTALS_BEFORE = {"A": 81, "B": 95, "C": 60, "D": 70}

HAND_X = units(3, 2, 8, 0, qs="B")  # A 3, B QS + 2 hearts = 15, C 8, D 0: 26
MOON_C = units(0, 0, 13, 0, qs="C")  # hand Y: C takes every heart and QS


def black_lady(*hands: dict[str, Any], game: str = "black-lady", **options: Any) -> dict[str, Any]:
    return session(game, [*BEFORE, *hands], settlement_options=options or None)


@pytest.mark.parametrize("game", ["black-lady", "greek-hearts"])
def test_the_totals_before_the_example_hand(game: str) -> None:
    result = settled(black_lady(game=game))
    assert result["settlement"] == "cumulative"
    assert result["totals"] == TOTALS_BEFORE
    assert [h["dealer"] for h in result["hands"]] == list("DABCDABCDAB")
    assert [h.get("revoke") for h in result["hands"]] == ["B", None, "B", "A", "B", "C", None, None, None, None, None]
    assert result["finished"] is False
    assert result["winners"] == ["C"]  # the lowest so far; the game goes on


@pytest.mark.parametrize(
    ("hand", "game", "points", "totals", "finished", "moon"),
    [
        # Hand X: 3 + 15 + 8 + 0 = 26; B reaches 110 >= 100, the game is over, C (68) is lowest.
        (HAND_X, "black-lady", (3, 15, 8, 0), (84, 110, 68, 70), True, None),
        # Hand Y, subtract-mode: C 60 - 26 = 34, nobody at 100: play on.
        ({**MOON_C, "moon_choice": "subtract"}, "black-lady", (0, 0, -26, 0), (81, 95, 34, 70), False, "C"),
        # Hand Y, add-mode: +26 to every other player: A 107, B 121, D 96, C 60: C wins with 60.
        ({**MOON_C, "moon_choice": "add"}, "black-lady", (26, 26, 0, 26), (107, 121, 60, 96), True, "C"),
        # Greek version of Y: C -78, the others +26: C wins with -18.
        (MOON_C, "greek-hearts", (26, 26, -78, 26), (107, 121, -18, 96), True, "C"),
    ],
    ids=["X", "Y-subtract", "Y-add", "Y-greek"],
)
def test_own_example(hand: dict[str, Any], game: str, points: tuple[int, ...], totals: tuple[int, ...],
                     finished: bool, moon: str | None) -> None:
    result = settled(black_lady(hand, game=game))
    last = result["hands"][-1]
    assert tuple(last["points"].values()) == points
    assert tuple(last["totals"].values()) == totals
    assert tuple(result["totals"].values()) == totals
    assert last.get("moon") == moon
    assert last["dealer"] == "C"  # the twelfth deal
    assert result["finished"] is finished
    assert result["winners"] == ["C"]  # the lowest total wins (3.1 step 4); while playing on, C leads
    assert result["balance"] == {p: 0 for p in ABCD}  # a point method moves no chips
    assert all(h["payments"] == {p: 0 for p in ABCD} and h["pool"] == 0 for h in result["hands"])


def test_a_hand_after_the_game_is_over_is_refused() -> None:
    error = refusal(black_lady(HAND_X, units(13, 0, 0, 0, qs="B")))
    assert (error.code, error.hand, error.exit_status) == ("game-over", 13, 1)


def test_play_goes_on_after_a_moon_below_the_target() -> None:
    result = settled(black_lady({**MOON_C, "moon_choice": "subtract"}, HAND_X))
    assert result["totals"] == {"A": 84, "B": 110, "C": 42, "D": 70}
    assert (result["finished"], result["winners"]) == (True, ["C"])


@pytest.mark.parametrize(
    ("options", "finished"),
    [({}, True), ({"target": 150}, False), ({"target": "none"}, False)],
)
def test_the_target_is_a_settlement_option(options: dict[str, Any], finished: bool) -> None:
    result = settled(black_lady(HAND_X, **options))
    assert result["totals"] == {"A": 84, "B": 110, "C": 68, "D": 70}
    assert (result["finished"], result["winners"]) == (finished, ["C"])


def test_a_lower_target_ends_the_game_sooner() -> None:
    # Target 50: B reaches 61 with his second revoke (hand 3); C and D, at 5, are joint winners (1.6).
    result = settled(session("black-lady", BEFORE[:3], settlement_options={"target": 50}))
    assert (result["totals"], result["finished"], result["winners"]) == (
        {"A": 15, "B": 61, "C": 5, "D": 5}, True, ["C", "D"])
    error = refusal(session("black-lady", BEFORE[:4], settlement_options={"target": 50}))
    assert (error.code, error.hand) == ("game-over", 4)


@pytest.mark.parametrize(("final_tie", "finished"), [("joint", True), ("play-on", False)])
def test_tied_lowest_totals_are_joint_winners_or_play_on(final_tie: str, finished: bool) -> None:
    # 1.6: B takes QS and 12 hearts four times (100); A and C, both at 0, tie for the lowest.
    hands = [units(0, 12, 0, 1, qs="B")] * 4
    result = settled(session("black-lady", hands, settlement_options={"final_tie": final_tie}))
    assert result["totals"] == {"A": 0, "B": 100, "C": 0, "D": 4}
    assert (result["finished"], result["winners"]) == (finished, ["A", "C"])
    if not finished:  # playing on: the next hand breaks the tie and ends the game
        result = settled(session("black-lady", [*hands, units(1, 0, 0, 12, qs="D")],
                                 settlement_options={"final_tie": final_tie}))
        assert result["totals"] == {"A": 1, "B": 100, "C": 0, "D": 29}
        assert (result["finished"], result["winners"]) == (True, ["C"])


def test_spot_instant_win_ends_the_game_with_the_shooter_as_winner() -> None:
    # 3.1 step 2 (spot-hearts profile 004, AMB-48): the moon hand scores 0 for everyone and the shooter wins at
    # once, whatever the totals: A wins with 40, below B's 64.
    hands = [{"taken": {"A": {"spots": 40}, "B": {"spots": 51, "QS": 1}, "C": {"spots": 0}, "D": {"spots": 0}}},
             {"taken": {"A": {"spots": 91, "QS": 1}, "B": {"spots": 0}, "C": {"spots": 0}, "D": {"spots": 0}}}]
    result = settled(session("spot-hearts", hands, options={"profile": "004"}))
    assert result["hands"][1]["moon"] == "A"
    assert result["hands"][1]["points"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert result["totals"] == {"A": 40, "B": 64, "C": 0, "D": 0}
    assert (result["finished"], result["winners"]) == (True, ["A"])
    error = refusal(session("spot-hearts", [*hands, hands[0]], options={"profile": "004"}))
    assert (error.code, error.hand) == ("game-over", 3)
    # the printed sheet marks the moon hand under the shooter's 0, and the notes say why in words
    sheet = filled_sheet(session("spot-hearts", hands, options={"profile": "004"}))
    cells = [(c.text, c.note) for c in sheet.rows[1].cells]
    assert ("0", "moon: wins the game") in cells and [c for c in cells if c[1]] == [("0", "moon: wins the game")]
    note = result["hands"][1]["notes"]["A"]
    assert note == "A took 13 hearts and Q♠: shot the moon (spot-instant-win): 0; total 40"
    assert plain_note(note, make_ruleset("spot-hearts", {"profile": "004"})) == (
        "A took 13 hearts and Q♠: shot the moon and wins the game at once: 0; total 40")
