"""The club rules of the first lead (catalogue 2.2.3): ``two-of-clubs``, ``any-club`` and ``lowest-club``, with the
deal and without it.

Without the deal the hands are rebuilt from the cards played so far, so the club that gives the lead may not have
been seen yet: the table's stated leader (``leader``) is taken as its holder until a card proves otherwise; every
first card the rule allows him is taken; a lead the record's own cards prove wrong is refused at once with the
first-lead rule; and ``next`` offers only what the replay takes.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import Seating

from scorekeeper.engine.hearts.hand import Hand

from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.cards import card
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of_record
from scorekeeper.engine.hearts.simulate import random_record

N, E, S, W = "N", "E", "S", "W"


def blind(game: str, first_lead: str, leader: str | None, play: list[str], players: tuple[str, ...] = (N, E, S, W),
          **options: Any) -> dict[str, Any]:
    """A hand without the deal, dealt by the last player (so the first is eldest), nobody passing."""
    value: dict[str, Any] = {"game": game, "players": list(players), "dealer": players[-1],
                             "options": {"first_lead": first_lead, "pass": "none", **options}, "play": play}
    if leader is not None:
        value["leader"] = leader
    return value


def verdict(value: dict[str, Any]) -> tuple[str, str]:
    """The replay's code and sentence (``incomplete``: taken so far)."""
    try:
        replay(records.from_json(value))
    except ScorekeeperError as exc:
        return exc.code, exc.message
    return "complete", ""


@pytest.mark.parametrize(("game", "rule", "leader", "play", "code", "words"), [
    # Black Lady without the deal, S holds 2C and leads 4C under any-club: taken
    ("black-lady", "any-club", S, ["4C"], "incomplete", ""),
    ("black-lady", "any-club", S, ["4C", "5C", "6C"], "incomplete", ""),
    ("black-lady", "any-club", S, ["4C", "5C", "6C", "7C", "2S"], "incomplete", ""),
    # ... but not a spade: the stated leader holds 2C and must lead a club
    ("black-lady", "any-club", S, ["4S"], "first-lead", "S holds 2\u2663 and must lead a club to the first trick, not 4\u2660"),
    # 2C played later by another player proves S was not its holder
    ("black-lady", "any-club", S, ["4C", "5C", "2C"], "first-lead",
     "S led 4\u2663 to the first trick, but N holds 2\u2663 and leads it"),
    # two-of-clubs: a first lead of 3C by the stated leader, eldest or not, is refused at once
    ("black-lady", "two-of-clubs", N, ["3C"], "first-lead", "N holds 2\u2663 and must lead it to the first trick, not 3\u2663"),
    ("black-lady", "two-of-clubs", E, ["3C"], "first-lead", "E holds 2\u2663 and must lead it to the first trick, not 3\u2663"),
    ("black-lady", "two-of-clubs", E, ["2C"], "incomplete", ""),
    ("hearts", "two-of-clubs", S, ["2C", "3C", "4C", "5C"], "incomplete", ""),
    # lowest-club with the whole pack dealt: 2C is the lowest club in the hands
    ("black-lady", "lowest-club", S, ["2C"], "incomplete", ""),
    ("black-lady", "lowest-club", S, ["3C"], "first-lead",
     "S holds 2\u2663, the lowest club in the hands, and must lead it to the first trick, not 3\u2663"),
])
def test_first_lead_without_the_deal(game: str, rule: str, leader: str, play: list[str], code: str,
                                     words: str) -> None:
    got = verdict(blind(game, rule, leader, play))
    assert got[0] == code, got
    if words:
        assert got[1] == words


@pytest.mark.parametrize(("rule", "leader", "play", "code"), [
    # Three-handed Black Lady by the chart: 16 each and a widow of 4, where 2C may lie
    ("any-club", "N", ["4S"], "incomplete"),  # eldest: 2C in the widow, the eldest rule (a spade: hand unknown)
    ("any-club", "E", ["4S"], "first-lead"),  # not eldest: he leads only as 2C's holder
    ("any-club", "E", ["4C"], "incomplete"),
    ("two-of-clubs", "N", ["3C"], "incomplete"),  # eldest leads with 2C in the widow
    ("two-of-clubs", "E", ["3C"], "first-lead"),
    ("two-of-clubs", "N", ["3C", "4C", "2C"], "first-lead"),  # 2C was in a hand after all: E leads
    ("lowest-club", "E", ["7C"], "incomplete"),  # the lower clubs may lie in the widow
    ("lowest-club", "E", ["7C", "8C", "9C", "3C"], "first-lead"),  # 3C proves N held a lower club
    ("lowest-club", "E", ["7S"], "first-lead"),
])
def test_first_lead_without_the_deal_with_a_widow(rule: str, leader: str, play: list[str], code: str) -> None:
    got = verdict(blind("black-lady", rule, leader, play, players=("N", "E", "S"), deal="chart-004"))
    assert got[0] == code, got


def test_next_offers_the_stated_leader_what_the_rule_allows() -> None:
    family = family_of_record(blind("black-lady", "any-club", S, []))
    clubs = [c for c in family.progress_json(blind("black-lady", "any-club", S, []))["next"]["choices"]]
    assert clubs == ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"]
    nxt = family.progress_json(blind("black-lady", "two-of-clubs", E, []))["next"]
    assert (nxt["player"], nxt["choices"]) == ("E", ["2C"])
    nxt = family.progress_json(blind("black-lady", "lowest-club", E, []))["next"]
    assert (nxt["player"], nxt["choices"]) == ("E", ["2C"])
    # S led 4C: 2C is S's until it is played, so it is offered to nobody else
    after = family.advance_json(blind("black-lady", "any-club", S, []), {"kind": "play", "player": None, "value": "4C"})
    assert after["next"]["player"] == "W" and "2C" not in after["next"]["choices"]
    assert len(after["next"]["choices"]) == 50


# --- lowest-club with the deal -------------------------------------------------------------------------------------

THREE = {  # Heartsette 004 three-handed: 2C out, 16 each and a widow of 3 (here 5C 6C 7C)
    "A": "3C 4C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH",
    "B": "8C 9C KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD",
    "C": "TC JC QC KC AC QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
}


def dealt(deal: dict[str, str], rule: str, play: list[str], dealer: str = "C") -> dict[str, Any]:
    return {"game": "heartsette", "players": list(deal), "dealer": dealer,
            "options": {"profile": "004", "first_lead": rule, "pass": "none", "break": "none"},
            "deal": {k: v.split() for k, v in deal.items()}, "widow": ["5C", "6C", "7C"], "play": play}


@pytest.mark.parametrize(("deal", "play", "code", "words"), [
    (THREE, ["3C"], "incomplete", ""),  # 2C is out of the pack: the 3C leads
    (THREE, ["4C"], "first-lead", "A holds 3\u2663, the lowest club in the hands, and must lead it to the first trick, "
                                  "not 4\u2663"),
    ({**THREE, "A": THREE["A"].replace("3C", "KD"), "B": THREE["B"].replace("KD", "3C")}, ["3C"], "incomplete", ""),
    ({**THREE, "A": THREE["A"].replace("3C", "KD"), "B": THREE["B"].replace("KD", "3C")}, ["AS"], "first-lead",
     "A led A\u2660 to the first trick, but B holds 3\u2663 and leads it"),
])
def test_lowest_club_with_the_deal(deal: dict[str, str], play: list[str], code: str, words: str) -> None:
    value = dealt(deal, "lowest-club", play)
    if play[0] == "AS":
        value["leader"] = "A"  # the record says A led
    got = verdict(value)
    assert got[0] == code, got
    if words:
        assert got[1] == words


def test_lowest_club_goes_up_past_the_widow() -> None:
    """3C and 4C in the widow: the 5C leads, whoever holds it."""
    deal = {"A": THREE["A"].replace("3C", "5C").replace("4C", "6C"), "B": THREE["B"], "C": THREE["C"]}
    value = {**dealt(deal, "lowest-club", []), "widow": ["3C", "4C", "7C"]}
    ruleset = make_ruleset("heartsette", value["options"])
    seating = Seating(("A", "B", "C"))
    hand = Hand(ruleset, seating, 2, [[card(c) for c in deal[p].split()] for p in "ABC"])
    assert (hand.lead_club, hand.first_leader, [c.code for c in hand.legal_plays()]) == (card("5C"), 0, ["5C"])


def test_lowest_club_in_words() -> None:
    from scorekeeper.engine.hearts.words import first_lead

    ruleset = make_ruleset("black-lady", {"first_lead": "lowest-club"})
    assert first_lead(ruleset, ruleset.layout(4), "eldest").startswith("whoever holds 2\u2663 leads it;")
    three = make_ruleset("heartsette", {"profile": "004", "first_lead": "lowest-club"})
    assert "lowest club in the hands" in first_lead(three, three.layout(3), "eldest")


# --- random hands: the stated leader, every legal card, the choices -------------------------------------------------

def _walk_without_the_deal(game: str, n: int, rule: str, seed: int, **options: Any) -> None:
    """At every card of a random legal hand: ``next`` names who played it and offers it, and every card the deal
    makes legal there is taken by the replay without the deal."""
    names = [f"P{i}" for i in range(n)]
    opts = {"first_lead": rule, "pass": "none", **options}
    whole = records.to_json(random_record(game, names, random.Random(seed), options=opts))
    record = records.from_json(whole)
    ruleset = make_ruleset(game, opts)
    seating = Seating(tuple(names), ruleset.clockwise)
    assert record.deal is not None
    hand = Hand(ruleset, seating, seating.seat(record.dealer), [record.deal[p] for p in names],
                widow=record.widow or ())
    leader = names[hand.first_leader]
    value = {k: v for k, v in whole.items() if k not in ("deal", "passes", "widow")}
    value["leader"] = leader
    family = family_of_record(value)
    for k, item in enumerate(record.play):
        cut = {**value, "play": [c.card.code for c in record.play[:k]]}
        nxt = family.progress_json(cut)["next"]
        assert nxt["player"] == names[hand.turn], (k, nxt)
        legal = [c.code for c in hand.legal_plays()]
        if nxt["choices"] is not None:
            assert set(legal) <= set(nxt["choices"]), (k, legal, nxt["choices"])
        for code in legal if k < n else legal[:2]:  # every card of the first trick, two after it
            longer = {**cut, "play": [*cut["play"], code]}
            assert verdict(longer)[0] in ("incomplete", "complete", "moon-choice"), (k, code, verdict(longer))
        hand.play(item.card)
    assert family.replay_json(value) == family.replay_json(whole)


@settings(max_examples=4, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), rule=st.sampled_from(["two-of-clubs", "any-club", "lowest-club"]))
@pytest.mark.parametrize(("game", "n", "options"), [
    ("black-lady", 4, {}), ("hearts", 4, {"break": "none"}), ("black-lady", 3, {"deal": "chart-004"}),
    ("black-lady", 5, {"deal": "chart-004"}),
])
def test_random_hands_without_the_deal(game: str, n: int, options: dict[str, Any], seed: int, rule: str) -> None:
    _walk_without_the_deal(game, n, rule, seed, **options)


@settings(max_examples=10, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), n=st.integers(3, 7))
def test_lowest_club_leads_any_table(seed: int, n: int) -> None:
    """With the deal, any number of players: the lowest club dealt to a player is the first card, led by its
    holder, and the hand replays."""
    record = random_record("hearts", [f"P{i}" for i in range(n)], random.Random(seed),
                           options={"first_lead": "lowest-club", "pass": "none", "profile": "003"})
    assert record.deal is not None
    clubs = [c for p in record.players for c in record.deal[p] if c.suit is not None and c.suit.value == "C"]
    lowest = min(clubs, key=lambda c: c.rank)
    assert record.play[0].card is lowest
    replay(dataclasses.replace(record))
