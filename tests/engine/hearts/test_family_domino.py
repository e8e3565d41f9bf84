"""Domino Hearts (catalogue 2.13, AMB-17, 3.1): six cards each and a stock; a player who cannot follow
draws until he can; empty hands drop out; the last player with cards keeps them and takes the stock.

Hand-made deals (``examples/domino-hearts-hand.json`` and smaller ones) check each rule; random legal
hands (hypothesis) check what every hand keeps: every card played once or kept at the end, 13 hearts,
the draws in the stock's order, the replay, the quick result, the notation and the audit agreeing.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main
from scorekeeper.engine import Seating
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import notation, records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.hearts.audit import audit
from scorekeeper.engine.cards import Card, card, cards
from scorekeeper.engine.errors import (
    IllegalPlay,
    ImpossibleResult,
    InconsistentRecord,
    RecordSyntaxError,
    ScorekeeperError,
    UnknownOption,
)
from scorekeeper.engine.hearts.hand import DominoHand
from scorekeeper.engine.hearts.records import HandRecord
from scorekeeper.engine.hearts.settlement import session_from_json, settle
from scorekeeper.engine.hearts.simulate import random_record
from tests.support.domino import two_handed

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
ABC = ("Ann", "Bob", "Cat")


def example() -> dict[str, Any]:
    return json.loads((EXAMPLES / "domino-hearts-hand.json").read_text(encoding="utf-8"))


def codes(cs: Any) -> list[str]:
    return [c.code for c in cs]


# --- the game ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "stock"), [(2, 40), (3, 34), (4, 28), (5, 22), (6, 16), (7, 10), (8, 4)])
def test_six_cards_each_and_the_rest_a_stock(n: int, stock: int) -> None:
    ruleset = make_ruleset("domino-hearts")
    layout = ruleset.layout(n)
    assert (layout.hand_size, layout.widow_size, ruleset.leftover, ruleset.variant.players_drop_out) == (6, stock, "stock", True)
    assert (ruleset.passing, ruleset.first_lead, ruleset.break_rule, ruleset.moon) == ("none", "eldest-any", "none", None)
    assert ruleset.values == {c: 1 for c in layout.pack if c.suit is not None and c.suit.value == "H"}


@pytest.mark.parametrize("n", [1, 9])
def test_two_to_eight_players(n: int) -> None:
    with pytest.raises(ValueError, match="2 to 8 players"):
        make_ruleset("domino-hearts").layout(n)


@pytest.mark.parametrize(
    ("options", "target", "revoke"),
    [({}, 31, "003"), ({"end": "none"}, None, "003"), ({"profile": "001"}, None, "001"),
     ({"profile": "001", "revoke": "003"}, None, "003"), ({"end": 31, "revoke": "001"}, 31, "001")],
)
def test_the_game_end_option_and_the_001_profile(options: dict[str, Any], target: int | None, revoke: str) -> None:
    ruleset = make_ruleset("domino-hearts", options)
    assert (ruleset.target, ruleset.revoke, ruleset.settlement) == (target, revoke, "cumulative")


@pytest.mark.parametrize("options", [{"pass": "left-3"}, {"moon": "hearts-26"}, {"end": 100}])
def test_options_the_game_does_not_take(options: dict[str, Any]) -> None:
    with pytest.raises(UnknownOption):
        make_ruleset("domino-hearts", options)


# --- the example hand: drawing, dropping out, the last player keeps his cards ----------------------

def test_the_example_hand_trick_by_trick() -> None:
    outcome = replay(records.from_json(example()), snapshots=True)
    names = outcome.players
    assert outcome.tricks is not None
    shown = [(names[t.leader], " ".join(codes(t.cards)), names[t.winner]) for t in outcome.tricks]
    assert shown == [
        ("Ann", "AS 8S 7S", "Ann"), ("Ann", "KS 6S 5S", "Ann"), ("Ann", "QS 4S 3S", "Ann"), ("Ann", "JS 2S 2C", "Ann"),
        ("Ann", "TS 2H 3C", "Ann"),
        ("Ann", "9S 3H 4C", "Ann"),  # Ann wins with her last card: she is out, and Bob, on her left, leads
        ("Bob", "4H 8H", "Cat"), ("Cat", "2D 5H", "Cat"), ("Cat", "3D 6H", "Cat"), ("Cat", "4D 7H", "Cat"),
    ]
    # Bob and Cat cannot follow spades: each draws until a spade comes; with the spades gone Cat draws the rest
    draws = [(d.play, names[d.seat], " ".join(codes(d.cards))) for d in outcome.draws]
    assert draws[:7] == [(1, "Bob", "8S"), (2, "Cat", "2D 7S"), (4, "Bob", "6S"), (5, "Cat", "3D 5S"),
                         (7, "Bob", "4S"), (8, "Cat", "3S"), (10, "Bob", "2S")]
    assert draws[7][:2] == (11, "Cat") and len(draws[7][2].split()) == 25
    assert [s.drawn for s in outcome.snapshots[:3]] == [(), cards("8S"), cards("2D 7S")]
    # Bob played his last card (7H) in trick 10: Cat keeps 26 cards, six hearts among them
    assert outcome.remainder is not None and names[outcome.remainder.seat] == "Cat"
    assert len(outcome.remainder.kept) == 26 and outcome.remainder.stock == ()
    assert dict(zip(names, map(codes, outcome.taken))) == {
        "Ann": ["3H", "2H"], "Bob": [], "Cat": ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H"]}
    assert outcome.points_by_player() == {"Ann": 2, "Bob": 0, "Cat": 11}


def test_drawing_then_the_last_player_takes_the_stock() -> None:
    # Bob holds only hearts: on each spade lead he draws until a spade comes. Ann wins trick 6 with her last
    # card; Bob, alone, keeps what he holds and takes the 29 cards left in the stock: all 13 hearts.
    record = two_handed("2H 3H 4H 5H 6H 7H", "2C 8S 3C 4C 7S 6S 5D 6D 5S 4S 3S",
                        "AS 8S KS 7S QS 6S JS 5S TS 4S 9S 3S")
    outcome = replay(records.from_json(record))
    assert [(d.play, codes(d.cards)) for d in outcome.draws] == [
        (1, ["2C", "8S"]), (3, ["3C", "4C", "7S"]), (5, ["6S"]), (7, ["5D", "6D", "5S"]), (9, ["4S"]), (11, ["3S"])]
    remainder = outcome.remainder
    assert remainder is not None and remainder.seat == 1
    assert codes(remainder.kept) == ["7H", "6H", "5H", "4H", "3H", "2H", "6D", "5D", "4C", "3C", "2C"]
    assert len(remainder.stock) == 29 and card("2S") in remainder.stock
    assert outcome.points_by_player() == {"Ann": 0, "Bob": 13}


def test_the_last_two_running_out_together_leave_the_stock_to_the_trick_winner() -> None:  # AMB-17
    record = two_handed("8S 7S 6S 5S 4S 3S", "", "AS 8S KS 7S QS 6S JS 5S TS 4S 9S 3S")
    outcome = replay(records.from_json(record))
    assert outcome.draws == () and outcome.tricks is not None and len(outcome.tricks) == 6
    remainder = outcome.remainder
    assert remainder is not None and remainder.seat == 0 and remainder.kept == () and len(remainder.stock) == 40
    assert outcome.points_by_player() == {"Ann": 13, "Bob": 0}


def test_a_winner_with_no_cards_left_passes_the_lead_to_his_left() -> None:
    # Cat wins trick 1 with his last card: Ann, on his left, leads trick 2 (Bob follows); both then run out
    # on the same trick with a card still in the stock, which goes to that trick's winner (AMB-17).
    hand = DominoHand(make_ruleset("domino-hearts"), Seating(ABC), 1, [cards("2S 4H"), cards("3S 5H"), cards("AS")],
                      stock=cards("9H"))
    assert hand.first_leader == 2  # Bob deals: Cat is eldest
    hand.run([(card("AS"), None), (card("2S"), None), (card("3S"), None)])
    assert (hand.tricks[0].winner, hand.turn) == (2, 0)
    hand.run([(card("4H"), None), (card("5H"), None)])
    assert len(hand.tricks[1].plays) == 2 and hand.tricks[1].winner == 1 and hand.is_over
    assert hand.remainder is not None and (hand.remainder.seat, hand.remainder.stock) == (1, cards("9H"))
    assert [Counter(c.suit for c in t)[card("2H").suit] for t in hand.taken] == [0, 3, 0]


def test_an_empty_hand_drops_out_of_the_turn_order() -> None:
    # Bob runs out first; Ann's next lead goes round Ann, Cat, Dan only.
    hand = DominoHand(make_ruleset("domino-hearts"), Seating(("Ann", "Bob", "Cat", "Dan")), 3,
                      [cards("AS 2D"), cards("2S"), cards("3S 3D"), cards("4S 4D")], stock=())
    hand.run([(c, None) for c in cards("AS 2S 3S 4S")])
    assert hand.turn == 0 and hand.legal_plays() == [card("2D")]
    hand.run([(card("2D"), None)])
    assert hand.turn == 2  # Bob is skipped
    hand.run([(card("3D"), None), (card("4D"), None)])
    assert [len(t.plays) for t in hand.tricks] == [4, 3] and hand.tricks[1].winner == 3 and hand.is_over


# --- illegal plays -----------------------------------------------------------------------------

def test_discarding_while_the_stock_has_cards_is_refused() -> None:
    record = example()
    record["play"] = record["play"][:1] + ["2H"] + record["play"][2:]  # Bob discards instead of drawing
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(record))
    error = info.value
    assert (error.code, error.play, error.trick, error.player, error.card) == ("draw", 1, 1, "Bob", "2H")
    assert error.message == ("Bob played 2♥ without drawing: with no spades in hand and cards in the stock, Bob "
                             "draws until a spade comes (8♠) and must play it, 8♠")


def test_a_card_drawn_on_the_way_is_not_the_one_to_play() -> None:
    record = example()
    record["play"] = record["play"][:2] + ["2D"] + record["play"][3:]  # Cat draws 2D 7S: the spade must be played
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(record))
    assert (info.value.code, info.value.play, info.value.player) == ("draw", 2, "Cat")
    assert "(2♦ 7♠) and must play it, 7♠" in info.value.message


def test_a_card_deeper_in_the_stock_is_not_held() -> None:
    record = example()
    record["play"] = record["play"][:1] + ["7S"] + record["play"][2:]  # Bob draws only 8S
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(record))
    assert (info.value.code, info.value.player, info.value.card) == ("not-in-hand", "Bob", "7S")


def test_a_dropped_out_player_cannot_play() -> None:
    record = example()
    record["play"] = record["play"][:18] + [["Ann", "4D"]]
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(record))
    assert info.value.code == "out-of-turn" and info.value.player == "Ann"


def test_not_drawing_can_stand_as_an_established_revoke() -> None:  # AMB-10
    record = example()
    record["play"] = record["play"][:1] + ["2H"]
    record["events"] = [{"type": "revoke", "player": "Bob", "trick": 1}]
    outcome = replay(records.from_json(record))
    assert outcome.revoke is not None and (outcome.revoke.code, outcome.revoke.rule) == ("draw", "revoke-003-points")
    assert outcome.points_by_player() == {"Ann": 0, "Bob": 20, "Cat": 0}


def test_the_deal_and_the_stock_are_needed() -> None:
    for drop in ("deal", "widow"):
        record = {k: v for k, v in example().items() if k != drop}
        with pytest.raises(InconsistentRecord) as info:
            replay(records.from_json(record))
        assert info.value.code == "deal" and "the stock" in info.value.message


def test_a_hand_that_stops_early_is_incomplete() -> None:
    record = {**example(), "play": example()["play"][:20]}
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(record))
    assert info.value.code == "incomplete" and info.value.message.startswith("the hand stops after 20 cards;")


# --- quick results and sessions ----------------------------------------------------------------

def quick(taken: dict[str, Any]) -> tuple[Any, ...]:
    record = {"game": "domino-hearts", "players": list(taken), "dealer": list(taken)[-1], "taken": taken}
    return replay(records.from_json(record)).points


def test_the_quick_result_counts_hearts() -> None:
    assert quick({"Ann": {"hearts": 2}, "Bob": {"hearts": 0}, "Cat": {"hearts": 11}}) == (2, 0, 11)
    # tricks are not six a hand here: players draw, and the last one keeps his cards
    assert quick({"Ann": {"hearts": 2, "tricks": 6}, "Bob": {"hearts": 0, "tricks": 0},
                  "Cat": {"hearts": 11, "tricks": 4}}) == (2, 0, 11)
    with pytest.raises(ImpossibleResult, match="the hearts add up to 14, but a hand has 13"):
        quick({"Ann": {"hearts": 3}, "Bob": {"hearts": 0}, "Cat": {"hearts": 11}})


def test_the_example_session_ends_at_31() -> None:
    session = json.loads((EXAMPLES / "domino-hearts-session.json").read_text(encoding="utf-8"))
    result = settle(session_from_json(session))
    assert [h.points for h in result.hands][:2] == [(2, 0, 11), (5, 6, 2)]
    assert result.totals == (24, 22, 32) and result.finished and result.winners == (1,)
    assert [ABC[d] for d in result.dealers] == ["Cat", "Ann", "Bob", "Cat", "Ann", "Bob"]
    more = {**session, "hands": session["hands"] + [session["hands"][1]]}
    with pytest.raises(ScorekeeperError) as info:
        settle(session_from_json(more))
    assert (info.value.code, info.value.hand) == ("game-over", 7)
    open_ended = {**session, "options": {"profile": "001"}}
    result = settle(session_from_json(open_ended))
    assert result.totals == (24, 22, 32) and not result.finished  # 001: each deal stands alone


def test_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLES / "domino-hearts-hand.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["points"] == {"Ann": 2, "Bob": 0, "Cat": 11} and [len(t["cards"]) for t in out["tricks"]][-4:] == [2] * 4
    assert main(["settle", str(EXAMPLES / "domino-hearts-session.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["settlement"] == "cumulative" and out["winners"] == ["Bob"]


# --- the text notation and the audit ----------------------------------------------------------

def test_the_notation_shows_the_draws_and_tricks_that_shrink() -> None:
    record = records.from_json(example())
    text = notation.dumps(record)
    lines = text.splitlines()
    assert "1.  AS 8S 7S ; Ann led, Ann won; Bob drew 8S; Cat drew 2D 7S" in lines
    assert "7.  4H 8H    ; Bob led, Cat won" in lines
    assert lines[-1].startswith("; Cat keeps ") and len(lines[-1].split()) == 3 + 26
    again = notation.loads(text)
    assert again == record and notation.dumps(again) == text
    short = text.replace("7.  4H 8H ", "7.  4H    ")
    with pytest.raises(RecordSyntaxError, match="trick 7 has 1 cards, but with 3 players every trick but the last has 2 to 3"):
        notation.loads(short)


def test_the_audit_of_a_hand_with_draws() -> None:
    found = audit(records.from_json(example()))
    assert found.legal and found.complete and (found.plays, found.total) == (26, 26)
    assert [(s, codes(c)) for s, c in found.tricks[0].draws] == [(1, ["8S"]), (2, ["2D", "7S"])]
    cut = audit(records.from_json({**example(), "play": example()["play"][:20]}))
    assert cut.legal and not cut.complete


# --- random legal hands ------------------------------------------------------------------------

FEW = settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def random_hand(n: int, seed: int, options: dict[str, Any] | None = None) -> HandRecord:
    rng = random.Random(seed)
    return random_record("domino-hearts", [f"P{i}" for i in range(n)], rng, options=options, dealer=rng.randrange(n))


@FEW
@given(n=st.integers(2, 8), seed=st.integers(0, 2**32 - 1))
def test_random_legal_hands_keep_every_card_and_13_hearts(n: int, seed: int) -> None:
    record = random_hand(n, seed)
    outcome = replay(record)
    assert outcome.tricks is not None and record.widow is not None and outcome.dealt is not None
    played = [c for t in outcome.tricks for c in t.cards]
    kept = outcome.remainder.kept + outcome.remainder.stock if outcome.remainder else ()
    assert Counter(played) + Counter(kept) == Counter(make_ruleset("domino-hearts").layout(n).pack)
    # the draws come off the stock in its order; what is left goes to the last player
    drawn = [c for d in outcome.draws for c in d.cards]
    assert drawn + list(outcome.remainder.stock if outcome.remainder else ()) == list(record.widow)
    assert sum(outcome.points) == 13 and outcome.points == tuple(len(t) for t in outcome.taken)  # type: ignore[arg-type]
    for before, trick in zip(outcome.tricks, outcome.tricks[1:]):
        in_play = {s for s, _ in trick.plays}
        assert 2 <= len(trick.plays) <= n and len(in_play) == len(trick.plays)
        if before.winner in in_play:
            assert trick.leader == before.winner
        else:  # he won with his last card: the next player still in, on his left, leads
            seats = Seating(record.players)
            nxt = seats.next(before.winner)
            while nxt not in in_play:
                nxt = seats.next(nxt)
            assert trick.leader == nxt
    # a player's cards: dealt and drawn, played or kept
    for seat in range(n):
        mine = Counter(outcome.dealt[seat]) + Counter(c for d in outcome.draws if d.seat == seat for c in d.cards)
        gone = Counter(c for t in outcome.tricks for s, c in t.plays if s == seat)
        if outcome.remainder and outcome.remainder.seat == seat:
            gone += Counter(outcome.remainder.kept)
        assert mine == gone


@FEW
@given(n=st.integers(2, 8), seed=st.integers(0, 2**32 - 1))
def test_random_hands_score_alike_as_a_quick_result_in_the_notation_and_in_the_audit(n: int, seed: int) -> None:
    record = random_hand(n, seed)
    outcome = replay(record)
    taken = {name: {"hearts": h.hearts} for name, h in zip(record.players, outcome.hauls)}
    result = records.from_json({"game": record.game, "players": list(record.players), "dealer": record.dealer,
                                "taken": taken})
    assert replay(result).points == outcome.points
    text = notation.dumps(record)
    assert notation.loads(text) == record and notation.dumps(notation.loads(text)) == text
    found = audit(record)
    assert found.legal and found.complete and found.outcome is not None and found.outcome.points == outcome.points


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 8), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_a_discard_in_place_of_a_draw_is_caught_where_it_was_made(n: int, seed: int, data: st.DataObject) -> None:
    record = random_hand(n, seed)
    outcome = replay(record)
    assert outcome.dealt is not None
    # each draw that ends with a card of the suit led: its player could have discarded a card he held instead
    spots: list[tuple[int, int, Card]] = []
    for d in outcome.draws:
        led = next(t for t in outcome.tricks or () if any(i == d.play for i in _indexes(outcome, t)))
        if d.cards[-1].suit is led.cards[0].suit:
            held = _held_before(outcome, d.seat, d.play)
            spots += [(d.play, d.seat, c) for c in held]
    if not spots:
        return
    index, seat, wrong = data.draw(st.sampled_from(spots))
    play = list(record.play)
    play[index] = play[index]._replace(card=wrong)
    with pytest.raises(IllegalPlay) as info:
        replay(dataclasses.replace(record, play=tuple(play)))
    assert (info.value.code, info.value.play, info.value.player) == ("draw", index, record.players[seat])


def _indexes(outcome: Any, trick: Any) -> range:
    start = sum(len(t.plays) for t in outcome.tricks[: trick.number - 1])
    return range(start, start + len(trick.plays))


def _held_before(outcome: Any, seat: int, index: int) -> list[Card]:
    """The cards ``seat`` held just before play ``index`` (before that play's draw)."""
    held = Counter(outcome.dealt[seat])
    at = 0
    for trick in outcome.tricks:
        for s, c in trick.plays:
            if at == index:
                return sorted(held.elements())
            if s == seat:
                held += Counter(next((d.cards for d in outcome.draws if d.play == at), ()))
                held -= Counter([c])
            at += 1
    raise AssertionError(index)
