"""Knaves (catalogue 2.23, 3.16): +1 a trick, the jacks cost; trumps turned up (or named, or none);
the undealt cards out of play; sessions settled by knaves-points to +20.

Random legal play and injected illegal plays: ``test_family_common.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.engine import Seating
from scorekeeper.engine.hearts.hand import Hand
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.cards import Suit, card, cards
from scorekeeper.engine.errors import ImpossibleResult, InconsistentRecord, RecordSyntaxError, ScorekeeperError
from scorekeeper.engine.hearts.settlement import session_from_json, settle

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
ABC = ["Ann", "Bob", "Cat"]


def example() -> dict[str, Any]:
    return json.loads((EXAMPLES / "knaves-hand.json").read_text(encoding="utf-8"))


def quick(taken: dict[str, Any], events: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    record = {"game": "knaves", "players": list(taken), "dealer": list(taken)[-1], "taken": taken,
              "events": events or []}
    return replay(records.from_json(record)).points_by_player()


@pytest.mark.parametrize(
    ("deal", "n", "size", "left"),
    [("leave-turnup", 3, 17, 1), ("leave-turnup", 4, 12, 4), ("leave-turnup", 5, 10, 2),
     ("all-equal", 3, 17, 1), ("all-equal", 4, 13, 0), ("all-equal", 5, 10, 2)],
)
def test_the_deal_options(deal: str, n: int, size: int, left: int) -> None:  # AMB-30
    layout = make_ruleset("knaves", {"deal": deal}).layout(n)
    assert (layout.hand_size, layout.widow_size) == (size, left)


# (trump, cards in the order played, winner's position in the trick): T-STD with trumps.
@pytest.mark.parametrize(
    ("trump", "played", "winner"),
    [
        (Suit.HEARTS, "KS 2H AS", 1),  # a trump beats the led suit
        (Suit.HEARTS, "KS 2H 5H", 2),  # the highest trump
        (Suit.HEARTS, "KS 2D AS", 2),  # no trump played: the highest of the led suit
        (Suit.HEARTS, "9H 6S JH", 2),  # trumps led
        (None, "KS 2H AS", 2),  # knaves.trump = none
        (Suit.CLUBS, "AD 2C KD", 1),
    ],
)
def test_the_trick_winner_with_trumps(trump: Suit | None, played: str, winner: int) -> None:
    hand = Hand(make_ruleset("knaves"), Seating(tuple(ABC)), 2, [(), (), ()], trump=trump)
    assert hand.trick_winner(list(enumerate(cards(played)))) == winner


# Catalogue 3.16, own example (3 players): A 8 tricks incl. JH -> 4; B 6 incl. JC, JS -> 3; C 3 incl. JD -> 0.
@pytest.mark.parametrize(
    ("taken", "events", "expected"),
    [
        ({"Ann": {"tricks": 8, "JH": 1}, "Bob": {"tricks": 6, "JC": 1, "JS": 1}, "Cat": {"tricks": 3, "JD": 1}},
         [], (4, 3, 0)),
        # the turn-up is a jack: it scores nothing, the hand totals 17 - 6 = 11
        ({"Ann": {"tricks": 8}, "Bob": {"tricks": 6, "JC": 1, "JS": 1}, "Cat": {"tricks": 3, "JD": 1}},
         [{"type": "trumps", "card": "JH"}], (8, 3, 0)),
        ({"Ann": {"tricks": 12}, "Bob": {"tricks": 0}, "Cat": {"tricks": 5, "JH": 1, "JD": 1, "JC": 1, "JS": 1}},
         [], (12, 0, -5)),
    ],
)
def test_catalogue_example_and_more_as_quick_results(taken: dict[str, Any], events: list[dict[str, Any]],
                                                     expected: tuple[int, ...]) -> None:
    assert tuple(quick(taken, events).values()) == expected


def test_the_example_hand_hearts_are_trumps() -> None:
    outcome = replay(records.from_json(example()))
    # 17 tricks - 10 for the jacks: Ann 7 tricks and JD, Bob 1 trick and JC, Cat 9 tricks, JS and JH
    assert outcome.points_by_player() == {"Ann": 4, "Bob": -1, "Cat": 4}
    assert [h.tricks for h in outcome.hauls] == [7, 1, 9]
    assert outcome.tricks is not None
    # trick 13: Ann leads QS, Bob (void) plays AD, Cat (void) trumps with 4H and wins
    trick = outcome.tricks[12]
    assert [c.code for c in trick.cards] == ["QS", "AD", "4H"] and outcome.players[trick.winner] == "Cat"
    # without the event the recorded widow's first card (the top undealt card) is the turn-up
    again = {k: v for k, v in example().items() if k != "events"}
    assert replay(records.from_json(again)).points == outcome.points


@pytest.mark.parametrize(
    ("change", "options", "words"),
    [
        ({"events": [{"type": "trumps", "card": "QD"}]}, {}, "Q♦ was turned up for trumps, but it was dealt"),
        ({"events": [{"type": "trumps", "suit": "H"}]}, {}, "record the card"),
        ({"events": [], "widow": None}, {}, "record the card turned up"),
        ({"events": []}, {"trump": "fixed-per-deal"}, "record the trump suit"),
        ({}, {"trump": "none"}, "played without trumps here"),
        ({"events": [{"type": "trumps", "card": "3H"}, {"type": "trumps", "card": "3H"}]}, {}, "twice"),
    ],
)
def test_trump_records_that_do_not_fit(change: dict[str, Any], options: dict[str, Any], words: str) -> None:
    record = {**example(), **change, "options": options}
    record = {k: v for k, v in record.items() if v is not None}
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(record))
    assert info.value.code == "trumps" and words in info.value.message


def test_no_card_to_turn_up_with_four_players_dealt_13() -> None:
    record = {"game": "knaves", "options": {"deal": "all-equal"}, "players": ["Ann", "Bob", "Cat", "Dan"],
              "dealer": "Dan", "play": ["2C"], "events": [{"type": "trumps", "card": "2H"}]}
    record["deal"] = {"Ann": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "Bob": "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
                      "Cat": "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "Dan": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"}
    with pytest.raises(InconsistentRecord, match="no card to turn up"):
        replay(records.from_json(record))


@pytest.mark.parametrize("event", [{"type": "trumps"}, {"type": "trumps", "card": "3H", "suit": "H"},
                                   {"type": "trumps", "suit": "X"}, {"type": "trumps", "card": "1H"}])
def test_badly_shaped_trump_events(event: dict[str, Any]) -> None:
    with pytest.raises(RecordSyntaxError):
        records.from_json({**example(), "events": [event]})


def test_a_fixed_trump_suit() -> None:
    record = {**example(), "options": {"trump": "fixed-per-deal"}, "events": [{"type": "trumps", "suit": "h"}]}
    outcome = replay(records.from_json(record))
    assert outcome.record.events[0]["suit"] == "H"
    assert outcome.points_by_player() == {"Ann": 4, "Bob": -1, "Cat": 4}
    # spades named instead: Bob's 6S wins trick 4 (9H 6S JH), so the 6H that Cat led next is Bob's turn
    record["events"] = [{"type": "trumps", "suit": "S"}]
    with pytest.raises(ScorekeeperError) as info:
        replay(records.from_json(record))
    assert (info.value.code, info.value.play, info.value.player) == ("not-in-hand", 12, "Bob")


@pytest.mark.parametrize(
    ("taken", "words"),
    [
        ({"Ann": {"tricks": 8, "JH": 1}, "Bob": {"tricks": 6, "JC": 1}, "Cat": {"tricks": 3}},
         "2 scoring cards taken by nobody, but only 1 card is out of play"),
        ({"Ann": {"tricks": 9, "JH": 1}, "Bob": {"tricks": 6, "JC": 1, "JS": 1}, "Cat": {"tricks": 3, "JD": 1}},
         "the tricks add up to 18, but a hand has 17"),
        ({"Ann": {"JH": 1}, "Bob": {"tricks": 6, "JC": 1, "JS": 1}, "Cat": {"tricks": 3, "JD": 1}},
         "give the tricks Ann won"),
        ({"Ann": {"tricks": 8, "JH": 1}, "Bob": {"tricks": 0, "JC": 1, "JS": 1}, "Cat": {"tricks": 9, "JD": 1}},
         "Bob won 0 tricks but took J♠ J♣"),
    ],
)
def test_impossible_quick_results(taken: dict[str, Any], words: str) -> None:
    with pytest.raises(ImpossibleResult) as info:
        quick(taken)
    assert words in info.value.message


@pytest.mark.parametrize(
    ("taken", "words"),
    [
        ({"Ann": {"tricks": 8, "JH": 1, "first_trick": 1}, "Bob": {"tricks": 6, "JC": 1, "JS": 1},
          "Cat": {"tricks": 3, "JD": 1}}, "taken by Ann: first_trick does not score in Knaves"),
        # a list cannot say how many tricks, and every trick scores in Knaves
        ({"Ann": ["JH"], "Bob": {"tricks": 6, "JC": 1, "JS": 1}, "Cat": {"tricks": 3, "JD": 1}},
         "taken by Ann: Knaves scores every trick, so give Ann's counts"),
    ],
)
def test_shapes_knaves_cannot_take_are_syntax_errors(taken: dict[str, Any], words: str) -> None:
    with pytest.raises(RecordSyntaxError) as info:
        quick(taken)
    assert info.value.code == "syntax" and words in info.value.message


def test_an_established_revoke_scores_minus_10() -> None:
    record = example()
    # trick 2: Ann leads KH (trumps); Bob holds 8H but plays 2S
    record["play"] = record["play"][:4] + ["2S"]
    with pytest.raises(ScorekeeperError) as info:
        replay(records.from_json(record))
    assert (info.value.code, info.value.player, info.value.card) == ("revoke", "Bob", "2S")
    record["events"] = [*record["events"], {"type": "revoke", "player": "Bob", "trick": 2}]
    outcome = replay(records.from_json(record))
    assert outcome.points_by_player() == {"Ann": 0, "Bob": -10, "Cat": 0}
    assert outcome.revoke is not None and outcome.revoke.rule == "revoke-house-10"


def test_a_session_settles_through_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    # examples/knaves-session.json: 3.16's example, then Ann passes +20 on the third hand (a jack turned up).
    assert main(["settle", str(EXAMPLES / "knaves-session.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["settlement"] == "knaves-points"
    assert [h["points"]["Ann"] for h in out["hands"]] == [4, 9, 9]
    assert out["totals"] == {"Ann": 22, "Bob": 4, "Cat": -1}
    assert (out["finished"], out["winners"]) == (True, ["Ann"])


def test_a_full_hand_in_a_session_and_the_leader_is_the_highest() -> None:
    hand = {k: v for k, v in example().items() if k not in ("game", "players")}
    session = {"game": "knaves", "players": ABC, "first_dealer": "Cat", "hands": [hand]}
    settled = settle(session_from_json(session))
    assert settled.totals == (4, -1, 4) and settled.winners == (0, 2) and not settled.finished
    with pytest.raises(ScorekeeperError) as info:
        settle(session_from_json({**session, "settlement": "howell"}))
    assert info.value.code == "unknown-option"


def test_jacks_are_special_cards_and_nothing_else_scores() -> None:
    ruleset = make_ruleset("knaves")
    assert ruleset.specials == frozenset(cards("JH JD JC JS")) and card("AH") not in ruleset.specials
    assert ruleset.settlements == ("knaves-points",) and ruleset.leftover == "out"
