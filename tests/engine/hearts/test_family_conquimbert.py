"""Conquimbert (catalogue 2.24, 3.17, AMB-34): the ten ranks second, card points, trades before trick 1,
trumps turned up the first time a player cannot follow, and lives over a session that players leave.

``examples/conquimbert-hand.json`` (five players, three trades, diamonds turned up in trick 5) and
``examples/conquimbert-session.json`` (four players down to one) are checked by hand below; random
legal hands (hypothesis) check that card points are conserved and that every trick is won by the rules.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.families import assert_caught
from scorekeeper.cli import main
from scorekeeper.engine import Seating
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.cards import Card, Suit, card, cards
from scorekeeper.engine.errors import RecordSyntaxError, ImpossibleResult, InconsistentRecord, ScorekeeperError, UnknownOption
from scorekeeper.engine.hearts.hand import ConquimbertHand
from scorekeeper.engine.hearts.records import HandRecord
from scorekeeper.engine.hearts.settlement import result_json, session_from_json, settle
from scorekeeper.engine.hearts.simulate import random_record

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
ORDER = "A T K Q J 9 8 7 6 5 4 3 2".split()  # 1.1: the ten ranks second
POINTS = {"A": 11, "T": 10, "K": 3, "Q": 2, "J": 1}


def example() -> dict[str, Any]:
    return json.loads((EXAMPLES / "conquimbert-hand.json").read_text(encoding="utf-8"))


def session_example() -> dict[str, Any]:
    return json.loads((EXAMPLES / "conquimbert-session.json").read_text(encoding="utf-8"))


def codes(cs: Any) -> list[str]:
    return [c.code for c in cs]


def points(cs: Sequence[Card]) -> int:
    return sum(POINTS.get(c.code[0], 0) for c in cs)


def winner(plays: Sequence[tuple[int, Card]], trump: Suit | None) -> int:
    """The trick's winner worked out here, apart from the engine: the highest trump, else of the suit led."""
    suit = trump if trump is not None and any(c.suit is trump for _, c in plays) else plays[0][1].suit
    return min((ORDER.index(c.code[0]), seat) for seat, c in plays if c.suit is suit)[1]


# --- the game ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "each", "out"), [(3, 17, 1), (4, 13, 0), (5, 10, 2), (6, 8, 4), (7, 7, 3), (8, 6, 4),
                                                (9, 5, 7), (10, 5, 2), (2, 26, 0)])
def test_the_deal_as_far_as_the_pack_divides(n: int, each: int, out: int) -> None:
    ruleset = make_ruleset("conquimbert")
    layout = ruleset.layout(n)
    assert (layout.hand_size, layout.widow_size, ruleset.leftover) == (each, out, "out")


def test_card_points_and_the_rank_of_the_ten() -> None:
    ruleset = make_ruleset("conquimbert")
    assert sum(ruleset.values.values()) == 108 and ruleset.values[card("TS")] == 10 and ruleset.values[card("KS")] == 3
    assert (ruleset.rank_order, ruleset.trumps, ruleset.lives, ruleset.settlement) == (
        "ten-second", "first-void", 3, "conquimbert-lives")
    hand = ConquimbertHand(ruleset, Seating(("Ann", "Bob", "Cat")), 2, [(), (), ()], has_stock=False)
    assert hand.trick_winner(list(enumerate(cards("KH TH QH")))) == 1  # A T K Q J 9 ... 2
    assert hand.trick_winner(list(enumerate(cards("TH AH KH")))) == 1
    with pytest.raises(ValueError, match="2 to 10 players"):
        ruleset.layout(11)


def test_trumps_are_turned_up_the_first_time_a_player_cannot_follow() -> None:
    # Cat cannot follow to Ann's club lead: the turn-up, 5H, makes hearts trumps for that trick already.
    hand = ConquimbertHand(make_ruleset("conquimbert"), Seating(("Ann", "Bob", "Cat")), 2,
                           [cards("AC 2S"), cards("KC 3S"), cards("2H 4S")], turn_up=card("5H"))
    hand.run([(c, None) for c in cards("AC KC")])
    assert hand.trump is None
    hand.run([(card("2H"), None)])
    assert hand.turned is not None and (hand.turned.play, hand.turned.seat, hand.turned.card) == (2, 2, card("5H"))
    assert hand.tricks[0].winner == 2


def test_no_stock_no_trumps() -> None:  # AMB-34: four players are dealt every card
    hand = ConquimbertHand(make_ruleset("conquimbert"), Seating(("Ann", "Bob", "Cat", "Dan")), 3,
                           [cards("2C"), cards("AS"), cards("3C"), cards("4C")], has_stock=False)
    hand.run([(c, None) for c in cards("2C AS 3C 4C")])
    assert hand.trump is None and hand.turned is None and hand.tricks[0].winner == 3


# --- the example hand --------------------------------------------------------------------------

def test_the_example_hand() -> None:
    outcome = replay(records.from_json(example()))
    names = outcome.players
    # Bob's JC for Ann's KD and Cat's JH for Eve's QS stand; Eve's AC for Cat's TC (both clubs) is reversed
    assert [(names[t.player], t.card.code, names[t.partner], t.partner_card.code, t.reversed)
            for t in outcome.trades] == [("Bob", "JC", "Ann", "KD", False), ("Cat", "JH", "Eve", "QS", False),
                                         ("Eve", "AC", "Cat", "TC", True)]
    assert outcome.dealt is not None and card("JC") in outcome.dealt[0] and card("KD") in outcome.dealt[1]
    assert card("QS") in outcome.dealt[2] and card("AC") in outcome.dealt[4] and card("TC") in outcome.dealt[2]
    # trick 1: the ace beats the ten; trick 5: Eve cannot follow, 4D (the top card out of play) is turned up
    assert outcome.tricks is not None
    assert (codes(outcome.tricks[0].cards), names[outcome.tricks[0].winner]) == (["JC", "2C", "TC", "8C", "AC"], "Eve")
    assert outcome.turned is not None and (outcome.turned.play, names[outcome.turned.seat]) == (21, "Eve")
    assert outcome.turned.card == card("4D")
    # trick 8: Cat leads 3S, Ann trumps with 2D and beats Eve's AS
    assert (codes(outcome.tricks[7].cards), names[outcome.tricks[7].winner]) == (["3S", "9C", "AS", "2D", "7S"], "Ann")
    assert outcome.points_by_player() == {"Ann": 52, "Bob": 0, "Cat": 13, "Dan": 18, "Eve": 25}  # 108: 4D 6S are 0


def test_the_example_hand_without_the_deal_agrees() -> None:
    data = {k: v for k, v in example().items() if k != "deal"}
    outcome = replay(records.from_json(data))
    assert outcome.points == (52, 0, 13, 18, 25) and len(outcome.trades) == 3
    data["events"][0]["partner_card"] = "QD"  # Ann never played QD: she cannot have traded it to Bob
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(data))
    assert info.value.code == "trade" and "never played it" in info.value.message


def test_the_turned_up_card_must_be_known_once_it_is_needed() -> None:
    data = {k: v for k, v in example().items() if k != "widow"}
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(data))
    error = info.value
    assert (error.code, error.play, error.trick, error.player) == ("trumps", 21, 5, "Eve")
    data["events"] = [*data["events"], {"type": "trumps", "card": "4D"}]
    assert replay(records.from_json(data)).points == (52, 0, 13, 18, 25)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"events": [{"type": "trumps", "suit": "D"}]}, "record the card"),
        ({"events": [{"type": "trumps", "card": "AH"}]}, "A♥ was turned up for trumps, but it was dealt"),
    ],
)
def test_trump_records_that_do_not_fit(change: dict[str, Any], words: str) -> None:
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json({**example(), **change}))
    assert info.value.code == "trumps" and words in info.value.message


def test_four_players_have_no_card_to_turn_up() -> None:
    record = random_record("conquimbert", FIVE[:4], random.Random(3), dealer=3)
    data = {**records.to_json(record), "events": [{"type": "trumps", "card": "2H"}]}
    with pytest.raises(InconsistentRecord, match="every card is dealt, so the hand has no trumps"):
        replay(records.from_json(data))


# --- trades ------------------------------------------------------------------------------------

def traded(*trades: tuple[str, str, str, str], options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The example hand with other trades (the play stays: only the trades are checked)."""
    events = [{"type": "trade", "player": p, "card": c, "partner": q, "partner_card": d} for p, c, q, d in trades]
    return {**example(), "events": events, "options": options or {}}


@pytest.mark.parametrize(
    ("trades", "options", "words"),
    [
        ((("Bob", "JC", "Ann", "AH"),), {}, "a coat (K, Q, J) is traded for a coat"),
        ((("Bob", "7S", "Ann", "KD"),), {}, "only a coat (K, Q, J) or a card (A, T) is traded, not 7♠"),
        ((("Bob", "JC", "Bob", "KH"),), {}, "a trade is with another player"),
        ((("Bob", "QC", "Ann", "KD"),), {}, "Bob traded Q♣ but did not hold it"),
        ((("Eve", "AC", "Cat", "TC"), ("Cat", "TC", "Eve", "AC")), {}, "may not trade a card again"),
        ((("Bob", "JC", "Ann", "KD"), ("Bob", "KD", "Dan", "QH")), {}, "each player asks for 1"),
    ],
)
def test_trades_the_rules_refuse(trades: tuple[tuple[str, str, str, str], ...], options: dict[str, Any],
                                 words: str) -> None:
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(traded(*trades, options=options)))
    assert info.value.code == "trade" and words in info.value.message


def test_a_reversed_trade_changes_nothing_and_does_not_count() -> None:
    # Eve's AC for Cat's TC is reversed (both clubs): Eve may still trade once, with Cat for a coat
    data = traded(("Eve", "AC", "Cat", "TC"), ("Bob", "JC", "Ann", "KD"), ("Cat", "JH", "Eve", "QS"))
    assert replay(records.from_json(data)).points == (52, 0, 13, 18, 25)
    # with two trades each allowed, Bob may trade twice (the second undoes the first: the play stands)
    again = traded(("Bob", "JC", "Ann", "KD"), ("Cat", "JH", "Eve", "QS"), ("Ann", "JC", "Bob", "KD"),
                   ("Bob", "JC", "Ann", "KD"), options={"trades_per_player": "unlimited"})
    assert replay(records.from_json(again)).points == (52, 0, 13, 18, 25)


def test_trades_belong_to_conquimbert() -> None:
    data = {"game": "black-lady", "players": list(FIVE[:4]), "dealer": "Dan", "play": [],
            "events": [{"type": "trade", "player": "Ann", "card": "KS", "partner": "Bob", "partner_card": "QH"}]}
    with pytest.raises(InconsistentRecord, match="Black Lady has no trades"):
        replay(records.from_json(data))


# --- quick results -----------------------------------------------------------------------------

def quick(values: Sequence[int], **extra: Any) -> tuple[Any, ...]:
    names = FIVE[: len(values)]
    record = {"game": "conquimbert", "players": list(names), "dealer": names[-1],
              "taken": {name: {"points": v} for name, v in zip(names, values)}, **extra}
    return replay(records.from_json(record)).points


def test_card_points_as_the_quick_result() -> None:
    assert quick((40, 31, 25, 12)) == (40, 31, 25, 12)  # 3.17's own examples
    assert quick((30, 28, 25, 15, 10)) == (30, 28, 25, 15, 10)  # two cards out of play, worth nothing
    assert quick((30, 28, 25, 15, 0)) == (30, 28, 25, 15, 0)  # ... or a ten and a card worth nothing
    assert quick((52, 0, 13, 18, 25), widow=["4D", "6S"]) == (52, 0, 13, 18, 25)


@pytest.mark.parametrize(
    ("values", "extra", "words"),
    [
        ((40, 31, 25, 13), {}, "the card points add up to 109, but the cards in play are worth 108"),
        ((30, 28, 25, 15, 3), {}, "the 2 cards out of play cannot be worth the other 7 of the pack's 108"),
        ((52, 0, 13, 18, 24), {"widow": ["4D", "6S"]}, "add up to 107, but the cards in play are worth 108"),
        ((52, 0, 13, 18, 25), {"widow": ["AD", "6S"]}, "add up to 108, but the cards in play are worth 97"),
        ((109, 0, 0, 0), {}, "Ann cannot take 109 card points"),
    ],
)
def test_impossible_card_points(values: Sequence[int], extra: dict[str, Any], words: str) -> None:
    with pytest.raises(ImpossibleResult) as info:
        quick(values, **extra)
    assert words in info.value.message


def test_cards_or_points_not_both_and_no_hearts() -> None:
    taken = {"Ann": {"points": 11, "AS": 1}, "Bob": {"points": 0}, "Cat": ["TS"], "Dan": {"points": 86}}
    record = {"game": "conquimbert", "players": list(taken), "dealer": "Dan", "taken": taken}
    with pytest.raises(ImpossibleResult) as info:
        replay(records.from_json(record))
    assert "give Ann's card points or the cards Ann took, not both" in info.value.message
    record["taken"] = {**taken, "Bob": {"hearts": 2}}  # a count the game does not keep: a shape it cannot take
    with pytest.raises(RecordSyntaxError) as syntax:
        replay(records.from_json(record))
    assert syntax.value.code == "syntax" and "Conquimbert does not count hearts" in syntax.value.message


# --- lives: conquimbert-lives in a session ----------------------------------------------------------

def test_catalogue_3_17_examples_in_a_session() -> None:
    four = {"game": "conquimbert", "players": list(FIVE[:4]), "first_dealer": "Dan",
            "hands": [{"taken": {n: {"points": v} for n, v in zip(FIVE, (40, 31, 25, 12))}}]}
    assert settle(session_from_json(four)).totals == (2, 2, 3, 3)  # A and B reached 31: one life each
    five = {"game": "conquimbert", "players": list(FIVE), "first_dealer": "Eve",
            "hands": [{"taken": {n: {"points": v} for n, v in zip(FIVE, (30, 28, 25, 15, 10))}}]}
    assert settle(session_from_json(five)).totals == (2, 3, 3, 3, 3)  # nobody reached 31: the most, 30


def test_the_example_session_players_drop_out_until_one_is_left() -> None:
    result = settle(session_from_json(session_example()))
    names = result.players
    assert [h.totals for h in result.hands] == [  # the totals are the lives left
        (2, 2, 3, 3), (1, 2, 3, 3), (1, 1, 2, 3), (0, 1, 1, 3), (0, 1, 1, 2), (0, 0, 1, 1), (0, 0, 1, 1),
        (0, 0, 0, 1)]
    # Ann is out after hand 4: hands 5 and 6 are dealt to Bob, Cat and Dan; hands 7 and 8 to Cat and Dan
    assert [o.players for o in result.outcomes][3:] == [FIVE[:4], FIVE[1:4], FIVE[1:4], FIVE[2:4], FIVE[2:4]]
    # the deal passes over the players who are out: after Cat, Dan (not Ann); after Dan, Bob; then Cat, Dan
    assert [names[d] for d in result.dealers] == ["Dan", "Ann", "Bob", "Cat", "Dan", "Bob", "Cat", "Dan"]
    assert result.hands[4].points == (0, 20, 10, 78)  # 0 for the player who is out
    assert "nobody loses a life, play another hand (AMB-34)" in result.hands[6].notes[2]
    assert result.finished and result.winners == (3,)
    out = result_json(result)
    assert out["winners"] == ["Dan"] and out["hands"][7]["points"] == {"Ann": 0, "Bob": 0, "Cat": 80, "Dan": 28}


def test_a_hand_that_seats_a_player_who_is_out_is_refused() -> None:
    session = session_example()
    session["hands"][4] = {"taken": {"Ann": {"points": 0}, "Bob": {"points": 20}, "Cat": {"points": 10},
                                     "Dan": {"points": 78}}}
    with pytest.raises(InconsistentRecord) as info:
        settle(session_from_json(session))
    error = info.value
    assert (error.code, error.hand, error.player) == ("players", 5, "Ann")
    assert error.message == ("Ann is out of the game (no lives left), so deal 5 is played by Bob, Cat and Dan only, "
                             "but the hand names Ann")
    session["hands"][4] = {"players": ["Dan", "Bob", "Cat"], "taken": {"Bob": {"points": 20}, "Cat": {"points": 10},
                                                                        "Dan": {"points": 78}}}
    with pytest.raises(InconsistentRecord, match="played by the players still in the game, Bob, Cat, Dan"):
        settle(session_from_json(session))


def test_a_full_hand_among_the_players_still_in() -> None:
    session = session_example()
    hand = random_record("conquimbert", FIVE[1:4], random.Random(11), dealer=3 - 1, hand_number=5)
    data = records.to_json(hand)
    for key in ("game", "players", "dealer", "hand"):
        data.pop(key)
    session["hands"] = session["hands"][:4] + [data]
    result = settle(session_from_json(session))
    assert result.outcomes[-1].tricks is not None and len(result.outcomes[-1].tricks) == 17
    assert sum(result.hands[-1].points) == 108 - points(hand.widow or ())  # type: ignore[arg-type]


def test_more_hands_after_the_winner_are_refused() -> None:
    session = session_example()
    session["hands"].append({"taken": {"Cat": {"points": 60}, "Dan": {"points": 48}}})
    with pytest.raises(ScorekeeperError) as info:
        settle(session_from_json(session))
    assert (info.value.code, info.value.hand) == ("game-over", 9)


def test_an_established_revoke_costs_the_offender_a_life() -> None:
    record = example()
    # trick 2: Eve leads QD; Ann holds 2D (and JD) but plays 4C
    record["play"] = record["play"][:6] + ["4C"]
    with pytest.raises(ScorekeeperError) as info:
        replay(records.from_json(record))
    assert (info.value.code, info.value.player) == ("revoke", "Ann")
    record["events"] = [*record["events"], {"type": "revoke", "player": "Ann", "trick": 2}]
    outcome = replay(records.from_json(record))
    assert outcome.revoke is not None and outcome.revoke.rule == "revoke-house-life" and set(outcome.points) == {0}
    hand = {k: v for k, v in record.items() if k not in ("game", "players", "dealer", "hand")}
    result = settle(session_from_json({"game": "conquimbert", "players": list(FIVE), "first_dealer": "Eve",
                                       "hands": [hand]}))
    assert result.totals == (2, 3, 3, 3, 3)


def test_the_settlement_is_for_three_to_ten() -> None:
    session = {"game": "conquimbert", "players": ["Ann", "Bob"], "first_dealer": "Bob", "hands": []}
    with pytest.raises(UnknownOption, match="3 to 10 players"):
        settle(session_from_json(session))


def test_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLES / "conquimbert-hand.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["points"] == {"Ann": 52, "Bob": 0, "Cat": 13, "Dan": 18, "Eve": 25}
    assert main(["settle", str(EXAMPLES / "conquimbert-session.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["settlement"] == "conquimbert-lives" and out["winners"] == ["Dan"] and out["finished"]


# --- random legal hands ------------------------------------------------------------------------

FEW = settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def random_hand(n: int, seed: int, options: dict[str, Any] | None = None) -> HandRecord:
    rng = random.Random(seed)
    return random_record("conquimbert", [f"P{i}" for i in range(n)], rng, options=options, dealer=rng.randrange(n))


@FEW
@given(n=st.integers(2, 10), seed=st.integers(0, 2**32 - 1), unlimited=st.booleans())
def test_random_legal_hands_conserve_card_points_and_follow_the_trick_rules(n: int, seed: int, unlimited: bool) -> None:
    record = random_hand(n, seed, {"trades_per_player": "unlimited"} if unlimited else None)
    outcome = replay(record)
    assert outcome.tricks is not None and record.widow is not None
    layout = make_ruleset("conquimbert").layout(n)
    played = [c for t in outcome.tricks for c in t.cards]
    assert Counter(played) + Counter(record.widow) == Counter(layout.pack) and len(record.widow) == layout.widow_size
    assert sum(outcome.points) == 108 - points(record.widow)  # type: ignore[arg-type]  # catalogue 9.3
    # trumps: the top card out of play, from the first card that does not follow, if there is a stock
    first = next(((t.number, i) for t in outcome.tricks for i, (_, c) in enumerate(t.plays)
                  if c.suit is not t.cards[0].suit), None)
    if first is None or not record.widow:
        assert outcome.turned is None
    else:
        assert outcome.turned is not None and outcome.turned.card == record.widow[0]
        assert outcome.turned.play == (first[0] - 1) * n + first[1]
    trump = None
    for trick in outcome.tricks:
        if outcome.turned is not None and outcome.turned.play < trick.number * n:
            trump = outcome.turned.card.suit
        assert trick.winner == winner(trick.plays, trump)
    by_seat = [0] * n
    for trick in outcome.tricks:
        by_seat[trick.winner] += points(trick.cards)
    assert list(outcome.points) == by_seat


@FEW
@given(n=st.integers(2, 10), seed=st.integers(0, 2**32 - 1))
def test_random_hands_score_alike_without_the_deal_and_as_a_quick_result(n: int, seed: int) -> None:
    record = random_hand(n, seed)
    outcome = replay(record)
    data = records.to_json(record)
    data.pop("deal")  # the widow stays: its top card is the turn-up
    assert replay(records.from_json(data)).points == outcome.points
    result = {"game": "conquimbert", "players": list(record.players), "dealer": record.dealer, "widow": data["widow"],
              "taken": {name: {"points": p} for name, p in zip(record.players, outcome.points)}}
    assert replay(records.from_json(result)).points == outcome.points
    listed = {**result, "taken": {name: [c.code for c in t] for name, t in zip(record.players, outcome.taken)}}
    assert replay(records.from_json(listed)).points == outcome.points


@settings(max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 10), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_a_random_revoke_is_caught_where_it_was_made(n: int, seed: int, data: st.DataObject) -> None:
    record = random_hand(n, seed)
    outcome = replay(record)
    assert outcome.tricks is not None and outcome.dealt is not None
    held = [Counter(h) for h in outcome.dealt]
    spots: list[tuple[int, int, Card]] = []
    index = 0
    for trick in outcome.tricks:
        led = trick.cards[0].suit
        for i, (seat, c) in enumerate(trick.plays):
            if i and c.suit is led:  # he followed: any card of another suit he holds would be a revoke
                spots += [(index, seat, other) for other in held[seat] if other.suit is not led]
            held[seat][c] -= 1
            held[seat] += Counter()
            index += 1
    if not spots:
        return
    at, seat, wrong = data.draw(st.sampled_from(spots))
    play = list(record.play)
    play[at] = play[at]._replace(card=wrong)
    assert_caught(dataclasses.replace(record, play=tuple(play)), at, "revoke", record.players[seat], wrong)
