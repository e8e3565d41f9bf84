"""A Progressive Hearts evening in the engine (``engine.progressive``): the first seating, one table's
result read and checked on its own, rounds folded from JSON, and the prize tie that needs a cut.

The numbers are catalogue 3.13's own example; the invariants (every player seated once, two ladies and
two gentlemen at every table, the stars each round hands out) are checked on random evenings.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.cards import Card
from scorekeeper.engine.errors import ImpossibleResult, InconsistentRecord, RecordSyntaxError
from scorekeeper.engine.hearts.progressive import (
    HEARTS, TableResult, check_table, cut_value, draw_seating, play_evening, prize_tie, read_table, seating_plan,
    settle_round, start_evening, table_json,
)
from scorekeeper.engine.hearts.settlement.family import ProgressiveState, progressive_prizes

LADIES = ("L1", "L2", "L3", "L4")
GENTLEMEN = ("G1", "G2", "G3", "G4")
# Catalogue 3.13, own example: round 1 at T1 (head) L1 L2 G1 G2, at T2 (booby) L3 L4 G3 G4.
ROUND_1 = [{"hearts": {"L1": 3, "L2": 5, "G1": 2, "G2": 3}}, {"hearts": {"L3": 0, "L4": 4, "G3": 1, "G4": 8}}]
# Round 2: T1 L1 L3 G1 G3, T2 L2 L4 G2 G4; L1 and L3 tie on 4 and L3 cuts lower.
ROUND_2 = [{"hearts": {"L1": 4, "L3": 4, "G1": 3, "G3": 2}, "cuts": ["L3"]},
           {"hearts": {"L2": 1, "L4": 6, "G2": 0, "G4": 6}}]


def evening() -> ProgressiveState:
    return start_evening(LADIES, GENTLEMEN)


def names(state: ProgressiveState, players: Any) -> list[str]:
    return [state.players[p] for p in players]


def stars(state: ProgressiveState) -> dict[str, tuple[int, int, int]]:
    return {n: (state.gold[p], state.red[p], state.green[p]) for p, n in enumerate(state.players)}


# --- the catalogue's example ------------------------------------------------------------------------

def test_the_catalogue_example_from_json() -> None:
    played = play_evening(evening(), [ROUND_1, ROUND_2])
    assert [names(played[1].before, t.seats) for t in seating_plan(played[1].before)] == [
        ["L1", "G1", "L3", "G3"], ["L2", "G2", "L4", "G4"]]  # the movers took the seats vacated
    after = played[-1].after
    assert stars(after) == {
        "L1": (1, 0, 0), "L2": (0, 1, 0), "L3": (1, 1, 0), "L4": (0, 0, 2),
        "G1": (1, 0, 0), "G2": (0, 1, 0), "G3": (1, 1, 0), "G4": (0, 0, 2),
    }
    assert prize_tie(after) is None
    prizes = progressive_prizes(after)
    assert [(p.klass, p.colour, after.players[p.player]) for p in prizes if p.player is not None] == [
        ("ladies", "gold", "L3"), ("ladies", "red", "L2"), ("ladies", "green", "L4"),
        ("gentlemen", "gold", "G3"), ("gentlemen", "red", "G2"), ("gentlemen", "green", "G4")]
    assert "cut the lower card" in played[1].outcome.notes[2]


def test_a_round_without_its_cut_names_the_round() -> None:
    with pytest.raises(InconsistentRecord) as err:
        play_evening(evening(), [ROUND_1, [{"hearts": {"L1": 4, "L3": 4, "G1": 3}}, ROUND_2[1]]])
    assert err.value.code == "cut" and err.value.hand == 2
    assert "L1 and L3 both took 4 hearts" in err.value.message
    with pytest.raises(InconsistentRecord, match="each of the 2 tables, not 1"):
        play_evening(evening(), [ROUND_1[:1]])


# --- seating ------------------------------------------------------------------------------------------

def test_the_first_seating_as_typed_and_drawn() -> None:
    state = start_evening([" Ann ", "Bea", "Cleo", "Di", "Eve", "Flo"], ["Gus", "Hal", "Ian", "Jon", "Kit", "Lou"])
    plan = seating_plan(state)
    assert [p.label for p in plan] == ["table 1 (head)", "table 2", "table 3 (booby)"]
    assert [names(state, p.seats) for p in plan] == [
        ["Ann", "Gus", "Bea", "Hal"], ["Cleo", "Ian", "Di", "Jon"], ["Eve", "Kit", "Flo", "Lou"]]
    assert names(state, plan[0].order) == ["Ann", "Bea", "Gus", "Hal"]
    ladies, gentlemen = draw_seating(LADIES, GENTLEMEN, random.Random(7))
    assert sorted(ladies) == list(LADIES) and sorted(gentlemen) == list(GENTLEMEN)
    assert draw_seating(LADIES, GENTLEMEN, random.Random(7)) == (ladies, gentlemen)  # a seed draws the same


@pytest.mark.parametrize(("ladies", "gentlemen", "message"), [
    (LADIES, GENTLEMEN[:3], "4 ladies and 3 gentlemen do not make full tables"),
    (LADIES[:3], GENTLEMEN[:3], "3 ladies and 3 gentlemen do not make full tables"),
    (LADIES[:2], GENTLEMEN[:2], "at least two tables"),
    (LADIES, ("G1", "G2", "G3", "L1"), "L1 is named twice"),
])
def test_the_first_seating_refuses(ladies: tuple[str, ...], gentlemen: tuple[str, ...], message: str) -> None:
    with pytest.raises(InconsistentRecord, match=message) as err:
        start_evening(ladies, gentlemen)
    assert err.value.code == "players"
    with pytest.raises(RecordSyntaxError, match="every lady needs a name"):
        start_evening(("L1", " ", "L3", "L4"), GENTLEMEN)


# --- one table's result ----------------------------------------------------------------------------------

def test_the_fourth_count_is_filled_in_and_the_json_reads_back() -> None:
    state = evening()
    result = read_table(state, 1, {"hearts": {"L3": 0, "G3": 1, "G4": 8}})
    assert result.hearts == (0, 4, 1, 8)
    assert table_json(state, 1, result) == {"hearts": {"L3": 0, "L4": 4, "G3": 1, "G4": 8}}
    assert read_table(state, 1, table_json(state, 1, result)) == result
    assert check_table(state, 1, result)[0].startswith("L3 took 0 hearts at table 2 (booby), fewer hearts than L4")


@pytest.mark.parametrize(("record", "error", "message"), [
    ({"hearts": {"L1": 3, "L2": 5}}, RecordSyntaxError, "type the hearts of at least three players"),
    ({"hearts": {"L1": 9, "L2": 5, "G1": 2}}, ImpossibleResult, "L1 9, L2 5, G1 2 already add up to 16, more than 13"),
    ({"hearts": {"L1": 3, "L3": 5, "G1": 2}}, RecordSyntaxError, "'L3' does not sit at this table (L1, L2, G1, G2 do)"),
    ({"hearts": {"L1": "3", "L2": 5, "G1": 2}}, RecordSyntaxError, "L1's hearts must be a whole number"),
    ({"hearts": {"L1": 3}, "notes": "x"}, RecordSyntaxError, "unknown field 'notes'"),
    ({"hearts": {"L1": 1, "L2": 5, "G1": 4}, "cut_cards": {"G1": "ZZ", "G2": "3C"}}, RecordSyntaxError,
     "G1's cut card: 'ZZ' is not a card"),
    ([], RecordSyntaxError, "must be a JSON object"),
])
def test_a_table_result_that_cannot_be_read(record: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as err:
        read_table(evening(), 0, record)
    assert message in str(err.value)
    assert str(err.value).startswith("table 1 (head): ")


def test_the_engine_refuses_an_impossible_count_and_a_tie_without_a_cut() -> None:
    state = evening()
    with pytest.raises(ImpossibleResult, match=r"table 1 \(head\): hearts L1 3, L2 5, G1 2, G2 4 add up to 14"):
        check_table(state, 0, read_table(state, 0, {"hearts": {"L1": 3, "L2": 5, "G1": 2, "G2": 4}}))
    with pytest.raises(ImpossibleResult, match="not negative"):
        check_table(state, 0, read_table(state, 0, {"hearts": {"L1": -1, "L2": 5, "G1": 2}}))
    tie = read_table(state, 0, {"hearts": {"L1": 4, "L2": 4, "G1": 2}})
    with pytest.raises(InconsistentRecord, match="L1 and L2 both took 4 hearts: record who cut the lower card") as err:
        check_table(state, 0, tie)
    assert err.value.code == "cut"
    with pytest.raises(InconsistentRecord, match="a cut is recorded for G1, who tied with nobody"):
        check_table(state, 0, read_table(state, 0, {"hearts": {"L1": 4, "L2": 4, "G1": 2}, "cuts": ["L1", "G1"]}))
    notes = check_table(state, 0, read_table(state, 0, {"hearts": {"L1": 4, "L2": 4, "G1": 2}, "cuts": ["L2"]}))
    assert "tied with L1 and cut the lower card; gold star, stays at the head table" in notes[1]
    assert notes[0].endswith("moves to table 2 (booby)")


@pytest.mark.parametrize(("cards", "lower"), [
    ({"L1": "AS", "L2": "2H"}, "L1"),  # ace low
    ({"L1": "KD", "L2": "TH"}, "L2"),
    ({"L1": "10C", "L2": "♠ J"}, "L1"),
])
def test_the_lower_cut_card_goes_up(cards: dict[str, str], lower: str) -> None:
    state = evening()
    result = read_table(state, 0, {"hearts": {"L1": 4, "L2": 4, "G1": 2}, "cut_cards": cards})
    assert names(state, result.cuts) == [lower]
    assert table_json(state, 0, result)["cut_cards"] == {n: Card.parse(c).code for n, c in cards.items()}
    check_table(state, 0, result)  # the cut settles the tie


@pytest.mark.parametrize(("record", "message"), [
    ({"cut_cards": {"L1": "7H", "L2": "7S"}}, "L1 cut 7♥ and L2 cut 7♠, the same rank: cut again"),
    ({"cut_cards": {"L1": "7H"}}, "L2's cut card is missing"),
    ({"cut_cards": {"L1": "7H", "L2": "9S"}, "cuts": ["L2"]}, "the cut cards say L1 cut the lower card"),
])
def test_cut_cards_that_do_not_decide(record: dict[str, Any], message: str) -> None:
    with pytest.raises(InconsistentRecord, match=message) as err:
        read_table(evening(), 0, {"hearts": {"L1": 4, "L2": 4, "G1": 2}, **record})
    assert err.value.code == "cut"
    with pytest.raises(RecordSyntaxError, match="Joker"):
        cut_value(Card.parse("JK"))


def test_a_revoke_scores_13_and_needs_no_counts() -> None:
    state = evening()
    result = read_table(state, 0, {"hearts": {}, "revoke": "G2", "cuts": ["L2"]})
    assert result.hearts == (0, 0, 0, 0) and result.revoke == 4 + 1
    notes = check_table(state, 0, result)
    assert "revoked: scored as taking all 13 hearts" in notes[3]
    assert "gold star" in notes[2]  # G1 took 0 against G2's 13


# --- invariants on random evenings ---------------------------------------------------------------------

@st.composite
def evenings(draw: st.DrawFn) -> tuple[ProgressiveState, list[list[dict[str, Any]]]]:
    """A random evening: 2 to 5 tables, 1 to 6 rounds, every table 13 hearts, ties cut at random."""
    m = draw(st.integers(2, 5))
    state = start_evening([f"L{i}" for i in range(2 * m)], [f"G{i}" for i in range(2 * m)])
    rounds = []
    current = state
    for _ in range(draw(st.integers(1, 6))):
        records = []
        for plan in seating_plan(current):
            cuts = sorted(draw(st.lists(st.integers(0, HEARTS), min_size=3, max_size=3)))
            hearts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], HEARTS - cuts[2]]
            record: dict[str, Any] = {"hearts": {current.players[p]: h for p, h in zip(plan.order, hearts)}}
            for a, b in ((0, 1), (2, 3)):
                if hearts[a] == hearts[b]:
                    record.setdefault("cuts", []).append(current.players[plan.order[draw(st.sampled_from((a, b)))]])
            records.append(record)
        rounds.append(records)
        current = play_evening(current, [records])[0].after
    return state, rounds


@settings(max_examples=60, deadline=None)
@given(evenings())
def test_every_round_seats_everyone_once_two_ladies_and_two_gentlemen_a_table(
        game: tuple[ProgressiveState, list[list[dict[str, Any]]]]) -> None:
    start, rounds = game
    n = len(start.players)
    ladies = set(start.ladies())
    m = len(start.tables)
    for played in play_evening(start, rounds):
        for state in (played.before, played.after):
            seated = [p for plan in seating_plan(state) for p in plan.seats]
            assert sorted(seated) == list(range(n))  # every player at exactly one seat
            for plan in seating_plan(state):
                assert [p in ladies for p in plan.seats] == [True, False, True, False]  # they alternate
        gained = [sum(a) - sum(b) for a, b in ((played.after.gold, played.before.gold),
                                               (played.after.red, played.before.red),
                                               (played.after.green, played.before.green))]
        assert gained == [2, 2 * (m - 1), 2]  # head winners, movers from every other table, booby losers
        for t, result in enumerate(played.results):  # a table checked alone says what the round says
            order = seating_plan(played.before)[t].order
            assert check_table(played.before, t, result) == tuple(played.outcome.notes[p] for p in order)
        assert sum(played.outcome.points) == HEARTS * m


def test_settle_round_wants_every_table() -> None:
    with pytest.raises(InconsistentRecord, match="each of the 2 tables, not 1"):
        settle_round(evening(), [TableResult((3, 5, 2, 3))])


# --- the prize tie ----------------------------------------------------------------------------------------

def test_a_prize_tie_names_its_players_until_the_cut_is_recorded() -> None:
    # Round 2 where the head table's L1 and G1 win again: L1 and G1 2 gold; L2 L3 and G2 G3 1 red each, no gold.
    again = [{"hearts": {"L1": 3, "L3": 5, "G1": 2, "G3": 3}}, ROUND_2[1]]
    state = play_evening(evening(), [ROUND_1, again])[-1].after
    tie = prize_tie(state)
    assert tie is not None and names(state, tie.players) == ["L2", "L3"]
    assert tie.message == "the ladies' red prize: L2 and L3 are still tied (1 red, 0 gold): record who won the cut"
    L3, G2 = state.players.index("L3"), state.players.index("G2")
    after = prize_tie(state, (L3,))  # L2, who lost that cut, is not in the next tie
    assert after is not None and names(state, after.players) == ["G2", "G3"]
    assert prize_tie(state, (L3, G2)) is None
    winners = [state.players[p.player] for p in progressive_prizes(state, (L3, G2)) if p.player is not None]
    assert winners == ["L1", "L3", "L4", "G1", "G2", "G4"]
