"""The games of issue 8 under random legal play (hypothesis): what every one of them must keep.

Each game of ``FAMILY`` with every table size it seats (and its option variants) is dealt and
played at random by ``simulate.random_record``: the replay accepts the hand, every card is played
once (or lies out of play), replaying without the deal agrees, the quick result of what each player
took scores the same, a session of such hands settles, and a revoke or a card not held, injected
into a legal hand, is caught at the play where it was made. The per-game files
(``test_family_<game>.py``) hold the catalogue's worked examples and each game's own checks.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import JOKER

from scorekeeper.engine.hearts.hand import Hand

from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.cards import Card
from scorekeeper.engine.hearts.records import HandRecord
from scorekeeper.engine.hearts.replay import HandOutcome
from scorekeeper.engine.hearts.scoring import base_points
from scorekeeper.engine.hearts.settlement import METHODS, session_from_json, settle
from scorekeeper.engine.hearts.simulate import random_record
from tests.support.families import assert_caught

# (game, options): every configuration the random hands cover, at every table size it seats.
FAMILY: list[tuple[str, dict[str, Any]]] = [
    ("polignac", {}), ("polignac", {"capot_mode": "replace"}),
    ("slobberhannes", {}),
    ("knaves", {}), ("knaves", {"trump": "fixed-per-deal"}), ("knaves", {"trump": "none"}),
    ("knaves", {"deal": "all-equal", "trump": "fixed-per-deal"}),
    ("hartenjagen", {}), ("hartenjagen", {"phase1_moon": "choice-20", "pass": "rotation-lrah"}),
    ("hartenjagen-three", {}),
    ("auction-hearts", {}), ("auction-hearts", {"profile": "002"}),
    ("joker-hearts", {}), ("joker-hearts", {"profile": "004"}), ("joker-hearts", {"profile": "004", "deck": "add-joker"}),
    ("discard-hearts", {}), ("discard-hearts", {"black_card": "JS", "pass": "rotation-lrah"}),
    ("cancellation-hearts", {}),
    ("three-handed-hearts", {}), ("three-handed-hearts", {"deal": "chart-004"}),
    ("three-handed-hearts", {"deal": "equal-widow"}),
    ("two-handed-hearts", {}),
]
CASES: list[tuple[str, dict[str, Any], int]] = [
    (game, options, n)
    for game, options in FAMILY
    for n in range(make_ruleset(game, options).min_players, make_ruleset(game, options).max_players + 1)
]
FEW = settings(max_examples=5, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
SOME = settings(max_examples=40, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def case_id(case: tuple[str, dict[str, Any], int]) -> str:
    game, options, n = case
    return "-".join([game, *(f"{k}={v}" for k, v in options.items()), f"{n}p"])


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(n)]


def legal_hand(case: tuple[str, dict[str, Any], int], seed: int, **kw: Any) -> HandRecord:
    """A random legal hand that is played (an Auction Hearts deal that everybody passed is not)."""
    game, options, n = case
    rng = random.Random(seed)
    record = random_record(game, names(n), rng, options=options, dealer=rng.randrange(n), **kw)
    assume(record.play)
    return record


def hand_total(outcome: HandOutcome) -> int:
    """Catalogue 9.3: what the hand's base points (before Capot) add up to."""
    ruleset, layout = outcome.ruleset, outcome.layout
    assert layout is not None
    game = ruleset.game
    if game == "polignac":
        return 7
    if game == "slobberhannes":  # 3, or 4 when one player took the first and last tricks and QC
        return 4 if any(h.first_trick and h.last_trick and h.specials for h in outcome.hauls) else 3
    if game == "knaves":  # +1 a trick; a jack out of play (the turn-up, the undealt cards) costs nobody
        out = Counter(outcome.record.widow or ())
        return layout.hand_size + sum(v for c, v in ruleset.values.items() if not out[c])
    if game.startswith("hartenjagen"):  # AMB-36: hearts 1, QS 5, JC 2
        return 20
    if game == "auction-hearts":  # the 13 cards of the suit named
        return 13
    if game in ("three-handed-hearts", "two-handed-hearts"):
        return 13
    if game == "cancellation-hearts":  # 26 hearts and two QS, less the dead tricks at the end (out of play)
        out: list[Card] = []
        for trick in reversed(outcome.tricks or ()):
            if trick.winner >= 0:
                break
            out += trick.cards
        else:  # every trick dead: nobody wins the widow either, which goes with the first trick's cards
            out += outcome.record.widow or ()
        return 52 - sum(ruleset.values.get(c, 0) for c in out)
    if game == "discard-hearts":  # 13 hearts and the black card: QS 13 or JS 10 (2.18)
        return 26 if ruleset.options["black_card"] == "QS" else 23
    if game == "joker-hearts":  # 12 hearts (13 with the Joker added), and the Joker's 5 points in 004
        return layout.hearts + ruleset.values[JOKER]
    raise AssertionError(game)


# --- invariants of legal play ----------------------------------------------------------------

@pytest.mark.parametrize("case", CASES, ids=case_id)
@FEW
@given(seed=seeds)
# eleven players of Cancellation Hearts where every trick is dead: nobody takes a card, the widow's QS neither
@example(seed=410)
def test_random_legal_hands_replay_and_conserve_points(case: tuple[str, dict[str, Any], int], seed: int) -> None:
    record = legal_hand(case, seed)
    outcome = replay(record)
    layout, n = outcome.layout, case[2]
    assert layout is not None and outcome.tricks is not None and outcome.revoke is None
    stock = layout.widow_size if outcome.ruleset.leftover == "stock" else 0  # drawn: more tricks
    assert len(outcome.tricks) == layout.hand_size + stock // n and all(len(t.plays) == n for t in outcome.tricks)
    # the winner leads the next trick; after a dead trick (Cancellation Hearts), its leader again
    assert [t.leader for t in outcome.tricks[1:]] == [t.winner if t.winner >= 0 else t.leader
                                                      for t in outcome.tricks[:-1]]
    played = Counter(c for t in outcome.tricks for c in t.cards)
    assert played + Counter(record.widow or () if not stock else ()) == Counter(layout.pack)
    if outcome.ruleset.scores_tricks:  # the tricks each player won, the first and last trick's winners
        assert [h.tricks for h in outcome.hauls] == [sum(t.winner == s for t in outcome.tricks) for s in range(n)]
        assert outcome.hauls[outcome.tricks[0].winner].first_trick
        assert outcome.hauls[outcome.tricks[-1].winner].last_trick
    base = [base_points(outcome.ruleset, h) for h in outcome.hauls]
    assert sum(base) == hand_total(outcome)  # type: ignore[arg-type]
    if not any(e["type"] == "capot" for e in record.events) and outcome.moon is None:
        assert list(outcome.points) == base


@pytest.mark.parametrize(  # a game with a stock is replayed from the deal and the stock only
    "case", [c for c in CASES if make_ruleset(c[0], c[1]).leftover != "stock"], ids=case_id)
@FEW
@given(seed=seeds)
def test_replay_without_the_deal_agrees(case: tuple[str, dict[str, Any], int], seed: int) -> None:
    record = legal_hand(case, seed)
    outcome = replay(record)
    data = records.to_json(record)
    for key in ("deal", "passes"):
        data.pop(key, None)
    if outcome.ruleset.trumps != "turn-up":
        data.pop("widow", None)  # a turned-up trump is the widow's first card: keep it
    again = replay(records.from_json(data))
    assert (again.points, again.taken, again.hauls) == (outcome.points, outcome.taken, outcome.hauls)


def quick_counts(outcome: HandOutcome) -> dict[str, Any]:
    """What each player took, as a quick result's counts."""
    taken: dict[str, Any] = {}
    ruleset = outcome.ruleset
    for name, haul in zip(outcome.players, outcome.hauls):
        entry: dict[str, int] = {c.code: k for c, k in Counter(haul.specials).items()}  # two packs: QS twice
        if ruleset.heart_unit:
            entry["hearts"] = haul.hearts
        if ruleset.trick_value or haul.tricks:
            entry["tricks"] = haul.tricks
        if haul.first_trick and ruleset.first_trick_value:
            entry["first_trick"] = 1
        if haul.last_trick and ruleset.last_trick_value:
            entry["last_trick"] = 1
        taken[name] = entry
    return taken


@pytest.mark.parametrize("case", CASES, ids=case_id)
@FEW
@given(seed=seeds)
def test_the_quick_result_scores_as_the_replay(case: tuple[str, dict[str, Any], int], seed: int) -> None:
    record = legal_hand(case, seed)
    outcome = replay(record)
    result = {"game": record.game, "options": dict(record.options), "players": list(record.players),
              "dealer": record.dealer, "taken": quick_counts(outcome),
              "events": [e for e in record.events if e["type"] in ("capot", "bid", "penalty-suit")]}
    if record.moon_choice:
        result["moon_choice"] = record.moon_choice
    quick = replay(records.from_json(result))
    assert quick.points == outcome.points and quick.tricks is None


@pytest.mark.parametrize("case", [c for c in CASES if not METHODS[make_ruleset(c[0], c[1]).settlement].chips],
                         ids=case_id)
@settings(max_examples=3, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds)
def test_a_session_of_random_hands_settles(case: tuple[str, dict[str, Any], int], seed: int) -> None:
    game, options, n = case
    rng = random.Random(seed)
    players = names(n)
    hands = []
    for number in range(1, 9):
        dealer = (n - 1 + number - 1) % n  # the first dealer is the last player; the deal passes left
        record = random_record(game, players, rng, options=options, dealer=dealer, hand_number=number)
        data = records.to_json(record)
        for key in ("game", "options", "players"):
            data.pop(key, None)
        hands.append(data)
    session = {"game": game, "options": options, "players": players, "first_dealer": players[-1], "hands": hands}
    try:
        result = settle(session_from_json(session))
    except Exception as exc:  # the game ended before the eighth hand: settle what was played
        assert getattr(exc, "code", None) == "game-over", exc
        session["hands"] = hands[: exc.hand - 1]  # type: ignore[attr-defined]
        result = settle(session_from_json(session))
    assert result.settlement == make_ruleset(game, options).settlement
    running = [0] * n
    sign = 1  # Hartenjagen: phase 1 adds, phase 2 subtracts (3.18)
    for settled, outcome in zip(result.hands, result.outcomes):
        assert settled.points == outcome.points  # the points the replay gives ...
        change = [sign * p for p in outcome.points]  # type: ignore[operator]
        choice = outcome.record.moon_choice
        if sign == 1 and choice and 20 in outcome.points:  # a phase-1 moon under choice-20
            shooter = list(outcome.points).index(20)
            change = [(-20 if s == shooter else 0) if choice == "subtract" else (0 if s == shooter else 20)
                      for s in range(n)]
        running = [t + c for t, c in zip(running, change)]
        assert list(settled.totals) == running  # ... add up to the running totals
        if game.startswith("hartenjagen") and max(running) >= 100:
            sign = -1
    assert all(p == 0 for p in result.balance)  # point methods move no chips


# --- corruptions -------------------------------------------------------------------------------

def walk(record: HandRecord) -> Iterator[tuple[int, Hand]]:
    """The hand before each play of a legal record: (play index, hand)."""
    outcome = replay(record)
    assert outcome.dealt is not None
    trump = outcome.tricks and _trump_suit(record, outcome)
    hand = Hand(outcome.ruleset, outcome.seating, outcome.seating.seat(record.dealer), outcome.dealt,
                widow=record.widow if outcome.ruleset.leftover == "widow" and record.widow else (),
                trump=trump or None, leader=outcome.tricks[0].leader if outcome.tricks else None,
                stock=record.widow or () if outcome.ruleset.leftover == "stock" else ())
    for index, item in enumerate(record.play):
        yield index, hand
        hand.play(item.card)


def _trump_suit(record: HandRecord, outcome: HandOutcome) -> Any:
    rule = outcome.ruleset.trumps
    if rule == "turn-up":
        assert record.widow
        return record.widow[0].suit
    if rule == "fixed-per-deal":
        (event,) = [e for e in record.events if e["type"] == "trumps"]
        return Card.parse("A" + event["suit"]).suit
    return None


def held(hand: Hand, seat: int) -> list[Card]:
    return [c for c, k in hand.holding[seat].items() for _ in range(k)]


@SOME
@given(case=st.sampled_from(CASES), seed=seeds, data=st.data())
def test_an_injected_revoke_is_caught_where_it_was_made(case: tuple[str, dict[str, Any], int], seed: int,
                                                        data: st.DataObject) -> None:
    record = legal_hand(case, seed)
    spots = []
    for i, hand in walk(record):
        if hand.current and record.play[i].card.suit is hand.current[0][1].suit:
            led = hand.current[0][1].suit
            off = {c for c in held(hand, hand.turn) if c.suit is not led and not hand.is_legal(c)}  # the Joker may be
            spots += [(i, hand.turn, c) for c in sorted(off)]  # a heart, or a discard under a high heart
    assume(spots)
    i, seat, card = data.draw(st.sampled_from(spots))
    j = next(j for j in range(i + 1, len(record.play)) if record.play[j].card is card)
    play = list(record.play)
    play[i], play[j] = play[j], play[i]
    assert_caught(dataclasses.replace(record, play=tuple(play)), i, "revoke", record.players[seat], card)


@SOME
@given(case=st.sampled_from(CASES), seed=seeds, data=st.data())
def test_a_card_not_held_is_caught_where_it_was_played(case: tuple[str, dict[str, Any], int], seed: int,
                                                      data: st.DataObject) -> None:
    record = legal_hand(case, seed)
    target = data.draw(st.integers(min_value=0, max_value=len(record.play) - 1))
    for i, hand in walk(record):
        if i == target:
            break
    seat = hand.turn
    others = sorted({c for s in range(hand.n) if s != seat for c in held(hand, s)} - set(held(hand, seat)))
    assume(others)
    card = data.draw(st.sampled_from(others))
    play = list(record.play)
    play[target] = play[target]._replace(card=card)
    assert_caught(dataclasses.replace(record, play=tuple(play)), target, "not-in-hand", record.players[seat], card)
