"""Trumps in quick results (catalogue 2.23 Knaves, 2.24 Conquimbert): a result's ``trumps`` event is read
as replay reads it, and the card turned up for trumps (or any card of the recorded widow) is out of play,
so no player can have taken it. A ``trumps`` event in a game without trumps is refused, as it is in a
hand played card by card.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.hearts import records

from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.errors import ImpossibleResult, InconsistentRecord, ScorekeeperError
from scorekeeper.engine.hearts.settlement import session_from_json, settle
from scorekeeper.engine.hearts.simulate import random_record

from tests.support.helpers import said

ABC = ["Ann", "Bob", "Cat"]
ABCD = [*ABC, "Dan"]
# Catalogue 3.16's own example (A 8 tricks with JH, B 6 with JC and JS, C 3 with JD): 4, 3, 0.
EXAMPLE = {"Ann": {"tricks": 8, "JH": 1}, "Bob": {"tricks": 6, "JC": 1, "JS": 1}, "Cat": {"tricks": 3, "JD": 1}}
NO_JH = {**EXAMPLE, "Ann": {"tricks": 8}}


def knaves(taken: dict[str, Any], events: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    return {"game": "knaves", "players": ABC, "dealer": "Cat", "taken": taken, "events": events or [], **extra}


def turned(code: str) -> list[dict[str, Any]]:
    return [{"type": "trumps", "card": code}]


def points(record: dict[str, Any]) -> dict[str, Any]:
    return replay(records.from_json(record)).points_by_player()


@pytest.mark.parametrize(("record", "sentence"), [
    # JH turned up for trumps is out of play: Ann cannot have taken it
    (knaves(EXAMPLE, turned("JH")),
     "Impossible result: J♥ was turned up for trumps, so nobody took it, but Ann's share names it."),
    (knaves(EXAMPLE, widow=["JH"]),  # the top card of the recorded widow is the turn-up
     "Impossible result: J♥ was turned up for trumps, so nobody took it, but Ann's share names it."),
    (knaves(EXAMPLE, options={"trump": "none"}, widow=["JH"]),  # no trumps: the widow is still out of play
     "Impossible result: J♥ is out of play (in the widow), so nobody took it, but Ann's share names it."),
    # 3H turned up is the one card out of play, so JH (taken by nobody) cannot be out of play too
    (knaves(NO_JH, turned("3H")), "Impossible result: J♥ taken by nobody, but the card out of play is 3♥."),
    ({"game": "knaves", "players": [*ABCD, "Eve"], "dealer": "Eve", "events": turned("3H"),
      "taken": {"Ann": {"tricks": 4}, "Bob": {"tricks": 2, "JC": 1}, "Cat": {"tricks": 2}, "Dan": {"tricks": 1},
                "Eve": {"tricks": 1}}},
     "Impossible result: 3 scoring cards taken by nobody, but only 1 card is out of play besides 3♥."),
    # Conquimbert: cards listed as taken, one of them the card turned up
    ({"game": "conquimbert", "players": ABC, "dealer": "Cat", "events": turned("AH"),
      "taken": {"Ann": ["AH", "TH"], "Bob": {"points": 50}, "Cat": {"points": 37}}},
     "Impossible result: A♥ was turned up for trumps, so nobody took it, but Ann's share names it."),
])
def test_a_card_out_of_play_cannot_be_taken(record: dict[str, Any], sentence: str) -> None:
    with pytest.raises(ImpossibleResult) as info:
        points(record)
    assert (info.value.code, info.value.message) == ("impossible-result", sentence)


@pytest.mark.parametrize(("record", "words"), [
    ({"game": "black-lady", "players": ABCD, "dealer": "Dan", "events": turned("JH"),
      "taken": {"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 10}, "Cat": {"hearts": 0}, "Dan": {"hearts": 0}}},
     "Black Lady is played without trumps here, but the record names them"),
    (knaves(EXAMPLE, turned("3H"), options={"trump": "none"}), "Knaves is played without trumps here"),
    (knaves(EXAMPLE, [{"type": "trumps", "suit": "H"}]), "record the card (\"card\"), not only its suit"),
    (knaves(EXAMPLE, [*turned("3H"), *turned("3H")]), "the record names the trumps twice"),
    ({"game": "conquimbert", "players": ABC, "dealer": "Cat", "events": [{"type": "trumps", "suit": "D"}],
      "taken": {"Ann": {"points": 21}, "Bob": {"points": 50}, "Cat": {"points": 37}}}, "not only its suit"),
])
def test_trumps_the_game_does_not_take_are_refused(record: dict[str, Any], words: str) -> None:
    with pytest.raises(InconsistentRecord) as info:
        points(record)
    assert info.value.code == "trumps" and words in info.value.message


@pytest.mark.parametrize(("record", "expected"), [
    (knaves(NO_JH, turned("JH")), {"Ann": 8, "Bob": 3, "Cat": 0}),  # the turned-up jack scores for nobody
    (knaves(NO_JH, widow=["JH"]), {"Ann": 8, "Bob": 3, "Cat": 0}),
    (knaves(EXAMPLE, turned("3H")), {"Ann": 4, "Bob": 3, "Cat": 0}),
    (knaves(EXAMPLE), {"Ann": 4, "Bob": 3, "Cat": 0}),  # a quick result need not say the trumps
    (knaves(EXAMPLE, [{"type": "trumps", "suit": "H"}], options={"trump": "fixed-per-deal"}),
     {"Ann": 4, "Bob": 3, "Cat": 0}),
])
def test_results_that_fit_their_trumps(record: dict[str, Any], expected: dict[str, int]) -> None:
    assert points(record) == expected


def test_a_session_refuses_the_hand_and_names_it() -> None:
    """``settle`` checks a session's quick results without going through ``replay``: the same refusals."""
    session = {"game": "knaves", "players": ABC, "first_dealer": "Cat",
               "hands": [{"taken": EXAMPLE}, {"taken": EXAMPLE, "events": turned("JH")}]}
    with pytest.raises(ScorekeeperError) as info:
        settle(session_from_json(session))
    assert (info.value.code, info.value.hand) == ("impossible-result", 2)
    hearts = {"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 10}, "Cat": {"hearts": 0}, "Dan": {"hearts": 0}}
    session = {"game": "black-lady", "players": ABCD, "first_dealer": "Dan",
               "hands": [{"taken": hearts}, {"taken": hearts, "events": [{"type": "trumps", "suit": "S"}]}]}
    with pytest.raises(ScorekeeperError) as info:
        settle(session_from_json(session))
    assert (info.value.code, info.value.hand) == ("trumps", 2)


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 5), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_hands_as_results_with_their_turn_up(n: int, seed: int, data: st.DataObject) -> None:
    """A random legal Knaves hand, said as a quick result with its turned-up card: it scores as the hand
    did; the same result with a jack out of play named as taken is refused."""
    players = [*ABCD, "Eve"][:n]
    rng = random.Random(seed)
    record = random_record("knaves", players, rng, dealer=rng.randrange(n))
    outcome = replay(record)
    assert record.widow
    taken = {name: {"tricks": haul.tricks, **{c.code: 1 for c in haul.specials}}
             for name, haul in zip(players, outcome.hauls)}
    result = {"game": "knaves", "players": players, "dealer": record.dealer, "taken": taken}
    widow = [c.code for c in record.widow]
    assert points({**result, "events": turned(widow[0])}) == outcome.points_by_player()
    assert points({**result, "widow": widow}) == outcome.points_by_player()
    jacks_out = [code for code in widow if code[0] == "J"]
    if jacks_out:  # a jack out of play, said to be taken by someone
        out = data.draw(st.sampled_from(jacks_out))
        name = data.draw(st.sampled_from(players))
        claimed = {**result, "widow": widow, "taken": {**taken, name: {**taken[name], out: 1}}}
        why = "was turned up for trumps" if out == widow[0] else "is out of play (in the widow)"
    else:  # every jack was taken: say one of them was the card turned up
        name, out = data.draw(st.sampled_from([(p, c) for p, entry in taken.items() for c in entry if c[0] == "J"]))
        claimed = {**result, "events": turned(out)}
        why = "was turned up for trumps"
    with pytest.raises(ImpossibleResult) as info:
        points(claimed)
    assert f"{said(out)} {why}, so nobody took it, but {name}'s share names it" in info.value.message
