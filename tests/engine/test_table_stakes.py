"""Table stakes (catalogue 1.5, ``table_stakes``) in every chip game: Reversis' fish paid in the order of
the hand, the chip settlements of the trick-taking games (the pools, Howell, the Joker's payments) hand
by hand, and Tripoli's (its own cases are in test_tripoli_table_rules.py). A worked case per family
refused and accepted, and the property that an accepted session never takes a balance below zero."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.hearts import records
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of_record
from scorekeeper.engine.reversis import simulate as reversis_simulate
from scorekeeper.engine.seating import Seating
from scorekeeper.engine.hearts.simulate import random_record
from scorekeeper.engine.tripoli import simulate as tripoli_simulate
from tests.support.examples import example


def settle(value: dict[str, Any]) -> dict[str, Any]:
    return family_of_record(value).settle_json(value)


def refusal(value: dict[str, Any]) -> ScorekeeperError:
    with pytest.raises(ScorekeeperError) as caught:
        settle(value)
    return caught.value


# --- worked cases ------------------------------------------------------------------------------------

def test_reversis_fish_are_checked_payment_by_payment() -> None:
    # The example session: Ann deals, everyone stakes 5 and Ann adds her dealer's 5; Cat's Quinola led in
    # trick 7 of hand 1 doubles the pool of 25 (she pays 25 after 5 of stake).
    session = example("reversis-session")
    whole = settle(session)
    assert settle({**session, "table_stakes": 228})["balance"] == whole["balance"]  # 6.1's 228 fish: nobody short
    short = refusal({**session, "table_stakes": 5})
    assert (short.code, short.hand, short.player) == ("table-stakes", 1, "A")
    assert short.message == "table stakes: A has 0 fish left and cannot pay 5 for the dealer's 5"
    doubled = refusal({**session, "table_stakes": 20})
    assert (doubled.code, doubled.hand, doubled.player) == ("table-stakes", 1, "B")
    assert doubled.message == "table stakes: B has 5 fish left and cannot pay 25 for the Quinola to the pool"


@pytest.mark.parametrize(("name", "settlement"), [("joker-hearts-session", "joker-payments"),
                                                  ("auction-hearts-session", "auction-pool"),
                                                  ("three-handed-hearts-session", "howell")])
def test_a_chip_settlement_refuses_a_hand_a_player_cannot_pay(name: str, settlement: str) -> None:
    session = example(name)
    whole = settle(session)
    assert whole["settlement"] == settlement
    assert settle({**session, "table_stakes": 100})["balance"] == whole["balance"]
    low = min(min(h["payments"].values()) for h in whole["hands"])  # the most anyone pays in a hand
    short = refusal({**session, "table_stakes": -low - 1})
    assert short.code == "table-stakes" and short.message.startswith(f"table stakes: {short.player} has ")
    assert short.message.endswith("for this hand")


def test_the_joker_payments_refuse_the_hand_a_player_cannot_pay() -> None:
    # The example: Ann pays 11 in hand 1 (the Joker's 5 and 6 hearts into the pool); Cat pays 2, 5, then 12
    # in hand 3. With 10 chips each Ann is short at once; with 11 Cat is short in hand 3 (4 left); 19 do.
    session = example("joker-hearts-session")
    assert (lambda e: (e.hand, e.player, e.message))(refusal({**session, "table_stakes": 10})) == (
        1, "Ann", "table stakes: Ann has 10 chips left and cannot pay 11 for this hand")
    assert (lambda e: (e.hand, e.player, e.message))(refusal({**session, "table_stakes": 11})) == (
        3, "Cat", "table stakes: Cat has 4 chips left and cannot pay 12 for this hand")
    assert settle({**session, "table_stakes": 19})["hands"][2]["payments"]["Cat"] == -12


def test_a_point_settlement_takes_no_table_stakes() -> None:
    caught = refusal({**example("knaves-session"), "table_stakes": 100})
    assert caught.code == "unknown-option" and "knaves-points scores points" in caught.message


@pytest.mark.parametrize("name", ["reversis-session", "joker-hearts-session", "tripoli-session"])
@pytest.mark.parametrize("value", [0, -5, "on", True, 2.5])
def test_table_stakes_is_a_number_of_chips_in_every_family(name: str, value: Any) -> None:
    assert refusal({**example(name), "table_stakes": value}).code == "syntax"


@pytest.mark.parametrize("name", ["reversis-session", "joker-hearts-session", "tripoli-session"])
def test_the_table_stakes_are_kept_with_a_stored_session(name: str) -> None:
    value = {**example(name), "table_stakes": 500}
    assert family_of_record(value).read_session(value).config["table_stakes"] == 500


# --- the property: no balance ever below zero ----------------------------------------------------------

def core_session(rng: random.Random, hands: int) -> dict[str, Any]:
    game, settlement = rng.choice([("hearts", "pot"), ("black-lady", "sweepstakes"), ("hearts", "howell"),
                                   ("joker-hearts", "joker-payments")])
    players = ("A", "B", "C", "D")
    seating = Seating(players)
    dealer, out = 0, []
    for number in range(1, hands + 1):
        out.append(records.to_json(random_record(game, players, rng, dealer=dealer, hand_number=number)))
        dealer = seating.next(dealer)
    return {"game": game, "players": list(players), "first_dealer": "A", "settlement": settlement, "hands": out}


def random_session(family: str, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    if family == "reversis":
        return reversis_simulate.random_session(("A", "B", "C", "D"), rng, hands=4)
    if family == "tripoli":
        return tripoli_simulate.random_session(rng.choice(["tripoli", "rummoli", "cosmo"]), ["A", "B", "C", "D"], rng,
                                               deals=3)
    return core_session(rng, 4)


@settings(max_examples=30, deadline=None, database=None)
@given(family=st.sampled_from(["reversis", "tripoli", "core"]), seed=st.integers(0, 10**6), stakes=st.integers(1, 120))
def test_no_balance_goes_below_zero_under_table_stakes(family: str, seed: int, stakes: int) -> None:
    session = random_session(family, seed)
    free = settle(session)
    try:
        staked = settle({**session, "table_stakes": stakes})
    except ScorekeeperError as exc:
        assert exc.code == "table-stakes", exc.message
        assert exc.hand is not None and exc.player in session["players"]
        # the hands before the refused one are accepted, and the refusal is the stakes': a player short
        settle({**session, "table_stakes": stakes, "hands": session["hands"][:exc.hand - 1]})
        assert exc.message.startswith(f"table stakes: {exc.player} has ")
        return
    assert staked["balance"] == free["balance"]  # the option refuses, it never changes what is paid
    running = {p: stakes for p in session["players"]}
    for hand in staked["hands"]:
        running = {p: running[p] + hand["payments"][p] for p in running}
        assert min(running.values()) >= 0, hand
