"""Catalogue 3.4 ``pot`` and 3.5 ``sweepstakes``: players pay their units in; the pool is won or carried.

Also the table stopping with chips in the pool (AMB-43): settlement option ``closed: true``
shares the leftover per ``leftover`` (``split-equal``, remainder by cut; or ``last-winner``).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.settling import ABCD, misdeal, payments, pools, refusal, session, settled, units

H003 = {"profile": "003"}


def pool_session(settlement: str, *hands: dict[str, Any], **options: Any) -> dict[str, Any]:
    return session("hearts", hands, options=H003, settlement=settlement, settlement_options=options or None)


def conserved(result: dict[str, Any]) -> None:
    before = 0
    for hand in result["hands"]:
        assert sum(hand["payments"].values()) + hand["pool"] - before == 0
        before = hand["pool"]
    assert sum(result["balance"].values()) + result["pool"] == 0


# --- 3.4 pot ---------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("hand", "expected", "pool"),
    [
        # (a) A 3, B 0, C 6, D 4: P = 13, B +13.
        (units(3, 0, 6, 4), (-3, 13, -6, -4), 0),
        # (b) A 2, B 2, C 5, D 4: P = 13; A and B 6 each, 1 carried.
        (units(2, 2, 5, 4), (4, 4, -5, -4), 1),
        # The fewest need not be clear (what distinguishes pot from sweepstakes): one heart each wins 13.
        (units(1, 4, 4, 4), (12, -4, -4, -4), 0),
        # Three tied: 13 = 3 x 4 + 1 carried.
        (units(1, 1, 1, 10), (3, 3, 3, -10), 1),
    ],
)
def test_pot_own_examples(hand: dict[str, Any], expected: tuple[int, ...], pool: int) -> None:
    result = settled(pool_session("pot", hand))
    assert payments(result) == [expected]
    assert pools(result) == [pool] and result["pool"] == pool
    assert tuple(result["balance"].values()) == expected
    assert result["finished"] is False  # pools are played for until the table stops
    conserved(result)


def test_pot_carry_goes_into_the_next_pot() -> None:
    # (b) carries 1; then (a): P = 1 + 13 = 14, all to B.
    result = settled(pool_session("pot", units(2, 2, 5, 4), units(3, 0, 6, 4)))
    assert payments(result) == [(4, 4, -5, -4), (-3, 14, -6, -4)]
    assert pools(result) == [1, 0]
    assert result["balance"] == {"A": 1, "B": 18, "C": -11, "D": -8}
    assert "1 carried in" in result["hands"][1]["notes"]["B"]
    conserved(result)


# --- 3.5 sweepstakes -------------------------------------------------------------------------

THREE_HANDS = [units(0, 0, 6, 7), units(1, 2, 4, 6), units(0, 5, 4, 4)]


def test_sweepstakes_three_hand_table() -> None:
    result = settled(pool_session("sweepstakes", *THREE_HANDS))
    # 1: A and B clear share 13: 6 each, jack 1. 2: nobody clear: jack 14. 3: A clear wins 27.
    assert payments(result) == [(6, 6, -6, -7), (-1, -2, -4, -6), (27, -5, -4, -4)]
    assert pools(result) == [1, 14, 0]
    # Nets: A +32, B -1, C -14, D -17; sum 0.
    assert result["balance"] == {"A": 32, "B": -1, "C": -14, "D": -17}
    assert result["pool"] == 0
    conserved(result)


def test_sweepstakes_single_clear_only() -> None:
    result = settled(pool_session("sweepstakes", *THREE_HANDS, win="single-clear-only"))
    # Hand 1 carries 13 (two clear), hand 2 carries 26, hand 3: A wins 39.
    assert pools(result) == [13, 26, 0]
    assert payments(result) == [(0, 0, -6, -7), (-1, -2, -4, -6), (39, -5, -4, -4)]
    assert result["balance"] == {"A": 38, "B": -7, "C": -14, "D": -17}
    conserved(result)


@pytest.mark.parametrize(("all_hearts_jack", "expected", "pool"), [(False, (4, 4, 4, -13), 1), (True, (0, 0, 0, -13), 13)])
def test_sweepstakes_all_hearts_jack(all_hearts_jack: bool, expected: tuple[int, ...], pool: int) -> None:
    # D takes all 13: three clear share 13 (4 each, 1 odd chip carried); or, with the option, it is a jack.
    result = settled(pool_session("sweepstakes", units(0, 0, 0, 13), all_hearts_jack=all_hearts_jack))
    assert payments(result) == [expected]
    assert pools(result) == [pool]
    conserved(result)


def test_a_misdeal_leaves_the_jack_alone() -> None:
    result = settled(pool_session("sweepstakes", THREE_HANDS[1], misdeal(), THREE_HANDS[2]))
    assert payments(result) == [(-1, -2, -4, -6), (0, 0, 0, 0), (13 + 13, -5, -4, -4)]
    assert pools(result) == [13, 13, 0]
    assert [h["dealer"] for h in result["hands"]] == ["D", "A", "A"]
    conserved(result)


# --- the table stops (AMB-43) ------------------------------------------------------------------

@pytest.mark.parametrize(
    ("settlement", "hands", "options", "closing", "balance"),
    [
        # Jack of 14 after hand 2 of the table above; split equally: 3 each, 2 odd chips to the cut (C).
        ("sweepstakes", [THREE_HANDS[0], {**THREE_HANDS[1], "events": [{"type": "cut", "player": "C"}]}],
         {"closed": True}, (3, 3, 5, 3), (8, 7, -5, -10)),
        # last-winner: the last hand that was won (hand 1: A and B) takes the 14 left: 7 each.
        ("sweepstakes", THREE_HANDS[:2], {"closed": True, "leftover": "last-winner"}, (7, 7, 0, 0), (12, 11, -10, -13)),
        # Pot (b) leaves 1: split among four, the whole chip is the cut's (D).
        ("pot", [units(2, 2, 5, 4, cut="D")], {"closed": True}, (0, 0, 0, 1), (4, 4, -5, -3)),
        # last-winner: A and B won the last pot; the odd chip left is theirs to cut for (B).
        ("pot", [units(3, 0, 6, 4), units(2, 2, 5, 4, cut="B")], {"closed": True, "leftover": "last-winner"},
         (0, 1, 0, 0), (1, 18, -11, -8)),
    ],
)
def test_closing_shares_the_leftover(settlement: str, hands: list[dict[str, Any]], options: dict[str, Any],
                                     closing: tuple[int, ...], balance: tuple[int, ...]) -> None:
    result = settled(pool_session(settlement, *hands, **options))
    assert tuple(result["closing"]["payments"].values()) == closing
    assert tuple(result["balance"].values()) == balance
    assert result["pool"] == 0
    assert result["finished"] is True
    assert sum(result["balance"].values()) == 0


def test_a_closed_table_settles_every_recorded_hand() -> None:
    # `closed` means the table stopped after the last recorded hand, not after the first.
    result = settled(pool_session("sweepstakes", *THREE_HANDS, closed=True))
    assert len(result["hands"]) == 3
    assert result["balance"] == {"A": 32, "B": -1, "C": -14, "D": -17}
    assert "closing" not in result  # nothing was left in the pool
    assert result["finished"] is True


def test_without_closed_the_pool_stays() -> None:
    result = settled(pool_session("sweepstakes", *THREE_HANDS[:2]))
    assert result["pool"] == 14 and "closing" not in result and result["finished"] is False
    assert sum(result["balance"].values()) + result["pool"] == 0


@pytest.mark.parametrize("leftover", ["split-equal", "last-winner"])
def test_closing_without_a_cut_for_odd_chips_is_refused_naming_the_last_hand(leftover: str) -> None:
    # 14 left among four, or 1 left between the last pot's two winners: the cut goes on the last hand.
    hands = THREE_HANDS[:2] if leftover == "split-equal" else [units(3, 0, 6, 4), units(2, 2, 5, 4)]
    error = refusal(pool_session("sweepstakes" if leftover == "split-equal" else "pot", *hands,
                                 closed=True, leftover=leftover))
    assert (error.code, error.hand, error.exit_status) == ("cut", 2, 1)


def test_pot_and_sweepstakes_options_are_checked() -> None:
    error = refusal(pool_session("pot", units(3, 0, 6, 4), win="single-clear-only"))
    assert (error.code, error.exit_status) == ("unknown-option", 2)
    error = refusal(pool_session("sweepstakes", units(3, 0, 6, 4), leftover="nobody"))
    assert (error.code, error.exit_status) == ("unknown-option", 2)


def test_players_named_in_order() -> None:
    result = settled(pool_session("pot", units(3, 0, 6, 4)))
    assert list(result["balance"]) == ABCD
