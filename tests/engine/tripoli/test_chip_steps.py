"""Tripoli, Rummoli and Cosmo walked step by step where the record only held fields before: the spare hand
kept, swapped or sold, the paying-suit auction, the five cards shown at the showdown, the Michigan end the
table declares without the deal, and a final poker deal. Worked tables of partial records, records rebuilt
action by action with ``advance_json`` replaying exactly as the whole, and each new kind's illegal action
refused with the replay's own code."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of_record

from tests.support.helpers import advanced as advance
from tests.support.helpers import rebuilt_same
from scorekeeper.engine.tripoli import progress as tp
from scorekeeper.engine.tripoli import from_json, replay_json, simulate, to_json
from scorekeeper.engine.tripoli.rules import make_rules

EXAMPLES = Path(__file__).parents[3] / "examples"
TRIPOLI = json.loads((EXAMPLES / "tripoli-deal.json").read_text())
BIDDING = {"game": "rummoli", "options": {"paying_suit": "bid"}, "players": ["A", "B", "C"], "dealer": "A",
           "spare": "keep"}


def nxt(value: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = family_of_record(value).progress_json(value)["next"]
    return answer


def rebuilt(value: dict[str, Any]) -> dict[str, Any]:
    return rebuilt_same(tp.WALK, value)


# --- the spare hand (5.2) ------------------------------------------------------------------------------

def test_the_spare_hand_sold_step_by_step() -> None:
    start = tp.cut(TRIPOLI, 0)
    assert nxt(start) == {"kind": "spare", "player": "D", "ask": "option",
                          "choices": ["keep", "swap", "auction", "swap-then-auction"]}
    sold = advance(start, "spare", "D", "auction")
    assert sold["next"] == {"kind": "spare-buyer", "player": "D", "ask": "player", "choices": ["A", "B", "C"]}
    bought = advance(sold["record"], "spare-buyer", "D", "B")
    assert (bought["next"]["kind"], bought["next"]["player"], bought["next"]["ask"]) == ("spare-price", "B", "number")
    paid = advance(bought["record"], "spare-price", "B", 3)
    assert paid["record"]["spare"] == {"action": "auction", "buyer": "B", "price": 3}
    assert {"from": "B", "to": "D", "chips": 3, "step": "spare"} in paid["paid"]
    assert paid["next"]["kind"] == "bet" and paid["next"]["player"] == "A"


@pytest.mark.parametrize(("choice", "hand_of_d"), [("keep", 10), ("swap", 10)])
def test_the_spare_hand_kept_or_swapped_is_one_step(choice: str, hand_of_d: int) -> None:
    start = {k: v for k, v in tp.cut(TRIPOLI, 0).items() if k != "claims"}  # the claims follow from the cards held
    answer = advance(start, "spare", "D", choice)
    assert answer["record"]["spare"] == choice and answer["next"]["kind"] == "bet"
    assert len(answer["state"]["hands"]["D"]) == hand_of_d
    if choice == "swap":  # D holds the spare hand now, his own is dead
        assert set(answer["state"]["hands"]["D"]) == set(TRIPOLI["spare_hand"])


@pytest.mark.parametrize(("steps", "code"), [
    ([("spare", "D", "sell")], "syntax"),  # not a choice
    ([("spare", "D", "auction"), ("spare-buyer", "D", "D")], "spare"),  # the dealer cannot buy from himself
    ([("spare", "D", "auction"), ("spare-buyer", "D", "B"), ("spare-price", "B", 0)], "spare"),  # at least 1
    ([("spare", "A", "keep")], "not-next"),  # the dealer chooses
])
def test_an_illegal_spare_choice_is_refused(steps: list[tuple[str, str, Any]], code: str) -> None:
    record = tp.cut(TRIPOLI, 0)
    with pytest.raises(ScorekeeperError) as caught:
        for kind, player, value in steps:
            record = advance(record, kind, player, value)["record"]
    assert caught.value.code == code, caught.value.message


# --- the paying-suit auction (5.8) ---------------------------------------------------------------------

@pytest.mark.parametrize(("bids", "kind", "player", "choices"), [
    ([], "bid", "A", [None, {"low": 1}]),  # the dealer calls first
    ([["A", 1]], "bid", "B", [None, {"low": 2}]),
    ([["A", 1], ["B", "pass"]], "bid", "C", [None, {"low": 2}]),
    ([["A", 1], ["B", "pass"], ["C", 2]], "bid", "A", [None, {"low": 3}]),  # B passed: out of the auction
    ([["A", 1], ["B", "pass"], ["C", 2], ["A", "pass"]], "bid-suit", "C", ["S", "H", "D", "C"]),  # C names it
])
def test_the_auction_call_by_call(bids: list[Any], kind: str, player: str, choices: list[Any]) -> None:
    value = {**BIDDING, "bid": {"bids": bids}} if bids else BIDDING
    got = nxt(value)
    assert (got["kind"], got["player"], got["choices"]) == (kind, player, choices)
    assert got["ask"] == ("suit" if kind == "bid-suit" else "number")


def test_the_bid_is_paid_to_the_kitty_once_the_suit_is_named() -> None:
    value = {**BIDDING, "bid": {"bids": [["A", 1], ["B", "pass"], ["C", 2], ["A", "pass"]]}}
    answer = advance(value, "bid-suit", "C", "S")
    assert answer["record"]["bid"]["suit"] == "S" and answer["state"]["paying_suit"] == "S"
    assert {"from": "C", "to": "KITTY", "chips": 2, "step": "bid"} in answer["paid"]
    everyone_passed = {**BIDDING, "bid": {"bids": [["A", "pass"], ["B", "pass"], ["C", "pass"]]}}
    assert nxt(everyone_passed)["kind"] == "bet"  # hearts pay, nobody names a suit


@pytest.mark.parametrize(("bid", "code"), [(("A", 0), "bid-amount"), (("B", 1), "not-next")])
def test_an_illegal_bid_is_refused_with_the_replays_code(bid: tuple[str, int], code: str) -> None:
    with pytest.raises(ScorekeeperError) as caught:
        advance(BIDDING, "bid", *bid)
    assert caught.value.code == code


def test_a_low_bid_after_another_is_refused() -> None:
    value = {**BIDDING, "bid": {"bids": [["A", 2]]}}
    with pytest.raises(ScorekeeperError) as caught:
        advance(value, "bid", "B", 2)
    assert caught.value.code == "bid-amount" and "at least 3" in caught.value.message


# --- the poker cards shown and the showdown (5.4) --------------------------------------------------------

def test_the_showdown_players_show_five_cards_each() -> None:
    bets = [a.kind for a in tp.actions(TRIPOLI)].index("poker-cards")
    value = tp.cut(TRIPOLI, bets)
    got = nxt(value)
    assert (got["kind"], got["player"], got["ask"], got["count"]) == ("poker-cards", "A", "cards", 5)
    assert len(got["choices"]) == 11 and "AH" in got["choices"]  # any five of the 11 cards A holds
    shown = advance(value, "poker-cards", "A", ["8D", "KD", "9C", "TC", "TD"])
    assert shown["next"]["player"] == "B" and shown["state"]["shown"] == {"A": ["8D", "KD", "9C", "TC", "TD"]}
    done = advance(shown["record"], "poker-cards", "B", ["TH", "6D", "9D", "QC", "3D"])
    assert done["next"]["kind"] == "michigan" and done["next"]["player"] == "A"  # A's pair of tens wins and leads
    assert [p["chips"] for p in done["paid"] if p["step"] == "pot"] == [4 + 5 + 5 + 2]  # the antes and the bets


@pytest.mark.parametrize(("cards", "code"), [
    (["8D", "KD", "9C", "TC"], "poker-select"),  # four cards
    (["8D", "KD", "9C", "TC", "2H"], "poker-select"),  # 2H is not his
])
def test_an_illegal_poker_hand_is_refused(cards: list[str], code: str) -> None:
    value = tp.cut(TRIPOLI, [a.kind for a in tp.actions(TRIPOLI)].index("poker-cards"))
    with pytest.raises(ScorekeeperError) as caught:
        advance(value, "poker-cards", "A", cards)
    assert caught.value.code == code


def test_hands_not_shown_leave_the_winners_to_the_table() -> None:
    value = tp.cut(TRIPOLI, [a.kind for a in tp.actions(TRIPOLI)].index("poker-cards"))
    value = advance(advance(value, "poker-cards", "A", None)["record"], "poker-cards", "B", None)["record"]
    assert nxt(value)["kind"] == "showdown" and nxt(value)["choices"] == ["A", "B"]
    with pytest.raises(ScorekeeperError) as caught:
        advance(value, "showdown", None, ["C"])  # C folded
    assert caught.value.code == "poker-winner"
    assert advance(value, "showdown", None, ["A"])["next"]["kind"] == "michigan"


# --- Michigan without the deal, and the final poker ---------------------------------------------------

QUICK_PLAY = {"game": "tripoli", "players": ["A", "B", "C"], "dealer": "C", "spare": "keep", "claims": {"AH": "A"},
              "poker": {"betting": [["A", "check"], ["B", "check"], ["C", "check"]], "winners": ["B"]}}


def test_michigan_without_the_deal_runs_to_the_end_the_table_declares() -> None:
    got = nxt(QUICK_PLAY)
    assert got["kind"] == "michigan" and got["choices"] is None and "declared" in got["unknown"]
    played = advance(QUICK_PLAY, "michigan", "B", "2S")
    played = advance(played["record"], "michigan", "C", "3S")
    assert played["state"]["played"] == [["B", "2S"], ["C", "3S"]] and played["state"]["runs"] == 1
    end = advance(played["record"], "michigan-end", None, {"block": True, "left": {"A": 13, "B": 12, "C": 12}})
    assert end["complete"] and end["outcome"]["michigan"]["end"] == "block"
    with pytest.raises(ScorekeeperError) as caught:  # C has 12 of his 13 cards: he did not go out
        advance(played["record"], "michigan-end", None, {"out": "C", "left": {"A": 13, "B": 12}})
    assert caught.value.code == "impossible-result"
    with pytest.raises(ScorekeeperError) as caught:  # a player who went out has no cards left
        advance(played["record"], "michigan-end", None, {"out": "C", "left": {"A": 13, "B": 12, "C": 1}})
    assert caught.value.code == "go-out"


def test_a_final_poker_deal_walks_its_betting_and_showdown() -> None:
    session = json.loads((EXAMPLES / "tripoli-session.json").read_text())
    final = {"game": "tripoli", "players": session["players"], "dealer": "B", **session["hands"][2],
             "layout": {"JH": 4, "SEQ": 4}}
    whole = replay_json(final)
    # C checks, D bets 2, A folds, B calls, C folds: B and D show (not recorded), the table names D
    assert [(a.kind, a.player) for a in tp.actions(final)][5:] == [("poker-cards", "D"), ("poker-cards", "B"),
                                                                     ("showdown", None)]
    got = nxt(tp.cut(final, 0))
    assert (got["kind"], got["player"]) == ("bet", "C")
    got = nxt(tp.cut(final, 7))
    assert (got["kind"], got["choices"]) == ("showdown", ["D", "B"])
    assert family_of_record(rebuilt(final)).replay_json(final) == whole


# --- random deals, rebuilt from nothing ------------------------------------------------------------------

@settings(max_examples=15, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(["tripoli", "rummoli", "cosmo"]), n=st.integers(3, 6),
       bid=st.booleans())
def test_random_deals_with_an_auction_rebuilt(seed: int, game: str, n: int, bid: bool) -> None:
    rng = random.Random(seed)
    options = {"paying_suit": "bid"} if bid and game == "rummoli" else {}
    value = to_json(simulate.random_record(game, [f"P{i}" for i in range(n)], rng, dealer=rng.randrange(n),
                                           options=options))
    rebuilt(value)


@settings(max_examples=10, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), n=st.integers(3, 6))
def test_random_final_deals_rebuilt(seed: int, n: int) -> None:
    rng = random.Random(seed)
    value = to_json(simulate.random_final("tripoli", [f"P{i}" for i in range(n)], rng, dealer=0, hand=2))
    value["layout"] = {"POT": 7, "AH": 3}
    if rng.random() < 0.5:  # without the deal: the cards shown are asked
        del value["deal"]
        shown = tp._showdown(from_json(value), make_rules("tripoli", {}))
        if shown:  # the table names the winner of a showdown nobody's cards were written for
            value["poker"]["winners"] = [value["players"][shown[0]]]
    rebuilt(value)
