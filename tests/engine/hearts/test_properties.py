"""Random legal play (hypothesis): invariants of replay, and corruptions caught where they were made.

Every game of the Hearts core with every player count it allows (plus option variants) is
played at random by ``simulate.random_record`` from a hypothesis-drawn seed; example counts are
kept small so the file runs in well under a minute.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.support.corehands import CASES, case_id, legal_game
from tests.support.helpers import PER_HAND_TOTALS, game_key
from scorekeeper.engine.hearts.hand import Hand
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.cards import Card, Suit
from scorekeeper.engine.errors import IllegalPlay
from scorekeeper.engine.hearts.records import HandRecord
from scorekeeper.engine.hearts.replay import HandOutcome

FEW = settings(max_examples=4, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
SOME = settings(max_examples=60, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def played_cards(outcome: HandOutcome) -> Counter[Card]:
    assert outcome.tricks is not None
    return Counter(c for t in outcome.tricks for c in t.cards)


# --- invariants of legal play ----------------------------------------------------------------------

@pytest.mark.parametrize("case", CASES, ids=case_id)
@FEW
@given(seed=seeds)
def test_random_legal_games_replay(case: tuple[str, dict[str, Any], int], seed: int) -> None:
    record = legal_game(case, seed)
    outcome = replay(record)
    n = case[2]
    layout = outcome.layout
    assert layout is not None and outcome.tricks is not None
    assert len(outcome.tricks) == layout.hand_size
    assert all(len(t.plays) == n for t in outcome.tricks)
    # the winner of each trick leads the next
    assert [t.leader for t in outcome.tricks[1:]] == [t.winner for t in outcome.tricks[:-1]]
    # the pack is the deal plus the widow; every card is played once (or lies in the widow)
    assert played_cards(outcome) + Counter(record.widow or ()) == Counter(layout.pack)
    assert outcome.revoke is None and outcome.void is None


@pytest.mark.parametrize("case", CASES, ids=case_id)
@FEW
@given(seed=seeds)
def test_points_are_conserved(case: tuple[str, dict[str, Any], int], seed: int) -> None:
    game, options, n = case
    outcome = replay(legal_game(case, seed))
    ruleset, layout = outcome.ruleset, outcome.layout
    assert layout is not None
    copies = 2 if layout.double_deck else 1
    # every heart is taken by somebody, the widow's too
    assert sum(h.hearts for h in outcome.hauls) == 13 * copies
    if ruleset.complex:
        # 9.3: not additive; QS and JD are each taken exactly once
        for c in ("QS", "JD", "TC"):
            assert sum(h.specials.count(Card.parse(c)) for h in outcome.hauls) == 1
        return
    total = PER_HAND_TOTALS[game_key(game, options)] * copies
    if "base" in options:  # Omnibus on plain Hearts: 13 hearts and JD -10
        total = 3
    moon = outcome.moon
    if moon is None:
        assert sum(outcome.points) == total
    elif moon.instant_win:  # AMB-48: the moon hand scores nothing for anyone
        assert outcome.points == (0,) * len(outcome.points)
    else:
        shooter = outcome.hauls[moon.seat]
        assert shooter.hearts == 13 * copies
        assert ruleset.moon is not None
        assert all(shooter.has(c) for c in ruleset.moon.requires)


@pytest.mark.parametrize("case", CASES, ids=case_id)
@FEW
@given(seed=seeds)
def test_every_card_is_taken_exactly_once(case: tuple[str, dict[str, Any], int], seed: int) -> None:
    record = legal_game(case, seed)
    outcome = replay(record, snapshots=True)
    layout = outcome.layout
    assert layout is not None and outcome.tricks is not None
    final = outcome.snapshots[-1]
    assert Counter(c for taken in final.taken for c in taken) == Counter(layout.pack)
    assert all(not held for held in final.holdings)
    # the widow went to the winner of trick 1
    winner = outcome.tricks[0].winner
    assert not Counter(record.widow or ()) - Counter(final.taken[winner])
    # one snapshot per play
    assert [s.play for s in outcome.snapshots] == list(range(len(record.play)))


def without_deal(record: HandRecord, outcome: HandOutcome) -> dict[str, Any]:
    data = records.to_json(record)
    for key in ("deal", "widow", "passes"):
        data.pop(key, None)
    if outcome.ruleset.first_lead in ("two-of-clubs", "any-club") and outcome.tricks is not None:
        # the deal said who held 2C; without it the record says who led
        data["leader"] = outcome.players[outcome.tricks[0].leader]
    return data


@pytest.mark.parametrize("case", CASES, ids=case_id)
@FEW
@given(seed=seeds)
def test_replay_without_the_deal_gives_the_same_points(case: tuple[str, dict[str, Any], int], seed: int) -> None:
    record = legal_game(case, seed)
    outcome = replay(record)
    again = replay(records.from_json(without_deal(record, outcome)))
    assert again.points == outcome.points
    assert again.moon == outcome.moon
    assert again.taken == outcome.taken


def card_lists(outcome: HandOutcome) -> list[Any]:
    """Each player's scoring cards, as card lists."""
    return [[c.code for c in cards] for cards in outcome.taken]


def counts(outcome: HandOutcome) -> list[Any]:
    """Each player's take as counts: hearts (and spots), and each card that scores on its own."""
    entries = []
    for haul in outcome.hauls:
        entry: dict[str, int] = {"hearts": haul.hearts}
        if outcome.ruleset.spots:
            entry["spots"] = haul.spots
        entry.update({c.code: k for c, k in Counter(haul.specials).items()})
        entries.append(entry)
    return entries


@pytest.mark.parametrize("form", [card_lists, counts])
@pytest.mark.parametrize("case", CASES, ids=case_id)
@FEW
@given(seed=seeds)
def test_replay_equals_the_quick_result(case: tuple[str, dict[str, Any], int], form: Any, seed: int) -> None:
    record = legal_game(case, seed)
    outcome = replay(record)
    result = {"game": record.game, "options": dict(record.options), "players": list(record.players),
              "dealer": record.dealer, "taken": dict(zip(record.players, form(outcome)))}
    if record.moon_choice:
        result["moon_choice"] = record.moon_choice
    quick = replay(records.from_json(result))
    assert quick.points == outcome.points
    assert quick.moon == outcome.moon
    assert quick.tricks is None


@pytest.mark.parametrize("case", CASES[:: 7], ids=case_id)
@FEW
@given(seed=seeds)
def test_records_round_trip_through_json(case: tuple[str, dict[str, Any], int], seed: int) -> None:
    record = legal_game(case, seed)
    text = records.dumps(record)
    assert records.loads(text) == record
    assert records.dumps(records.loads(text)) == text


# --- corruptions -----------------------------------------------------------------------------------

def walk(record: HandRecord) -> Iterator[tuple[int, Hand]]:
    """The hand before each play of a legal record: (play index, hand)."""
    outcome = replay(record)
    assert outcome.dealt is not None
    hand = Hand(outcome.ruleset, outcome.seating, outcome.seating.seat(record.dealer), outcome.dealt,
                widow=record.widow or ())
    for index, item in enumerate(record.play):
        yield index, hand
        hand.play(item.card)


def later_play(record: HandRecord, after: int, card: Card) -> int:
    return next(j for j in range(after + 1, len(record.play)) if record.play[j].card is card)


def swapped(record: HandRecord, i: int, j: int) -> HandRecord:
    play = list(record.play)
    play[i], play[j] = play[j], play[i]
    return dataclasses.replace(record, play=tuple(play))


def replaced(record: HandRecord, i: int, card: Card) -> HandRecord:
    play = list(record.play)
    play[i] = play[i]._replace(card=card)
    return dataclasses.replace(record, play=tuple(play))


def assert_caught(corrupt: HandRecord, index: int, code: str, seat_name: str, card: Card) -> None:
    with pytest.raises(IllegalPlay) as info:
        replay(corrupt)
    error = info.value
    assert (error.code, error.play, error.player, error.card) == (code, index, seat_name, card.code)
    assert error.trick == index // len(corrupt.players) + 1


def held(hand: Hand, seat: int) -> list[Card]:
    return [c for c, k in hand.holding[seat].items() for _ in range(k)]


cases = st.sampled_from(CASES)


@SOME
@given(case=cases, seed=seeds, data=st.data())
def test_a_revoke_is_caught_where_it_was_made(case: tuple[str, dict[str, Any], int], seed: int,
                                              data: st.DataObject) -> None:
    record = legal_game(case, seed)
    spots = []
    for i, hand in walk(record):
        if hand.current:
            led = hand.current[0][1].suit
            seat = hand.turn
            if record.play[i].card.suit is led:
                others = sorted({c for c in held(hand, seat) if c.suit is not led})
                spots += [(i, seat, c) for c in others]
    assume(spots)
    i, seat, card = data.draw(st.sampled_from(spots))
    corrupt = swapped(record, i, later_play(record, i, card))
    assert_caught(corrupt, i, "revoke", record.players[seat], card)


@SOME
@given(case=st.sampled_from([c for c in CASES if make_ruleset(c[0], c[1]).break_rule == "lead-restricted"]),
       seed=seeds, data=st.data())
def test_an_early_heart_lead_is_caught_where_it_was_made(case: tuple[str, dict[str, Any], int], seed: int,
                                                         data: st.DataObject) -> None:
    record = legal_game(case, seed)
    spots = []
    for i, hand in walk(record):
        if hand.current or not hand.tricks or hand.hearts_broken:
            continue
        seat = hand.turn
        cards = held(hand, seat)
        others = [c for c in cards if c.suit is not Suit.HEARTS]
        if not others:
            continue  # a leader holding only hearts may lead one
        if hand.ruleset.lead_heart_instead_of_queen and [c.code for c in others] == ["QS"]:
            continue  # that leader may lead a heart
        spots += [(i, seat, c) for c in cards if c.suit is Suit.HEARTS]
    assume(spots)
    i, seat, card = data.draw(st.sampled_from(spots))
    corrupt = swapped(record, i, later_play(record, i, card))
    assert_caught(corrupt, i, "hearts-not-broken", record.players[seat], card)


def wrong_first_leads(hand: Hand) -> list[Card]:
    """Cards the first leader holds but may not lead to trick 1 under the rule in force."""
    cards = held(hand, hand.turn)
    rule = hand.first_lead
    if rule == "two-of-clubs":
        return [c for c in cards if c.code != "2C"]
    if rule == "any-club":
        return [c for c in cards if c.suit is not Suit.CLUBS]
    if rule == "eldest-no-heart" and any(c.suit is not Suit.HEARTS for c in cards):
        return [c for c in cards if c.suit is Suit.HEARTS]
    if rule == "eldest-no-spade-heart" and any(c.suit in (Suit.CLUBS, Suit.DIAMONDS) for c in cards):
        return [c for c in cards if c.suit in (Suit.SPADES, Suit.HEARTS)]
    return []


@SOME
@given(case=st.sampled_from([c for c in CASES if make_ruleset(c[0], c[1]).first_lead != "eldest-any"]),
       seed=seeds, data=st.data())
def test_a_wrong_first_lead_is_caught(case: tuple[str, dict[str, Any], int], seed: int,
                                      data: st.DataObject) -> None:
    record = legal_game(case, seed)
    _, hand = next(walk(record))
    wrong = wrong_first_leads(hand)
    assume(wrong)
    card = data.draw(st.sampled_from(sorted(wrong)))
    corrupt = swapped(record, 0, later_play(record, 0, card))
    assert_caught(corrupt, 0, "first-lead", record.players[hand.turn], card)


@SOME
@given(case=cases, seed=seeds, data=st.data())
def test_a_card_not_held_is_caught_where_it_was_played(case: tuple[str, dict[str, Any], int], seed: int,
                                                      data: st.DataObject) -> None:
    record = legal_game(case, seed)
    target = data.draw(st.integers(min_value=0, max_value=len(record.play) - 1))
    for i, hand in walk(record):
        if i == target:
            break
    seat = hand.turn
    mine = set(held(hand, seat))
    others = sorted({c for s in range(hand.n) if s != seat for c in held(hand, s)} - mine)
    assume(others)
    card = data.draw(st.sampled_from(others))
    assert_caught(replaced(record, target, card), target, "not-in-hand", record.players[seat], card)
