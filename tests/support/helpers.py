"""Shared builders for the engine tests: hand-made records and a legal-play finisher.

The main four-player deal (dealer Dan, so Ann is eldest) is built so that each rule can be
broken within the first few plays:

* Ann holds 2C and the low clubs, spades A K J, low diamonds, 2H 3H 4H;
* Bob holds 6C-9C, QS 2S 3S, 5D-7D, 5H-7H;
* Cat holds TC-AC (five clubs), 5S 6S, 8D-TD, 8H-TH;
* Dan is void in clubs: 4S 7S-TS, JD-AD, JH-AH.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

from scorekeeper.engine import Card, Seating

from scorekeeper.engine.hearts.hand import Hand

from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import progress as core_progress, records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.hearts.replay import HandOutcome

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]

# Catalogue 9.3: total of the hand scores when there is no moon (single pack), by game or game@profile.
PER_HAND_TOTALS = {
    "hearts@004": 13, "hearts@003": 13, "hearts@001": 26, "hearts@002": 13,
    "black-lady": 26, "greek-hearts": 26, "rickety-kate": 26, "dirty-nasty-filthy-hearts": 26,
    "omnibus-hearts": 16, "hooligan-hearts": 23, "pink-lady": 28,
    "spot-hearts@002": 104, "spot-hearts@004": 104,
    "heartsette@004": 13, "heartsette@002": 13,
}
DEFAULT_PROFILE = {"hearts": "004", "spot-hearts": "002", "heartsette": "004"}


def game_key(game: str, options: Mapping[str, Any]) -> str:
    """``game`` or ``game@profile`` (the default profile when none is given)."""
    profile = options.get("profile", DEFAULT_PROFILE.get(game))
    return game + ("@" + profile if profile else "")
DEAL = {
    "Ann": "2C 3C 4C 5C AS KS JS 2D 3D 4D 2H 3H 4H",
    "Bob": "6C 7C 8C 9C QS 2S 3S 5D 6D 7D 5H 6H 7H",
    "Cat": "TC JC QC KC AC 5S 6S 8D 9D TD 8H 9H TH",
    "Dan": "4S 7S 8S 9S TS JD QD KD AD JH QH KH AH",
}


def hand_record(play: Any = (), *, game: str = "hearts", options: Mapping[str, Any] | None = None,
                **fields: Any) -> dict[str, Any]:
    """A record of the main deal with no passing (``pass`` none) unless the options say otherwise."""
    obj: dict[str, Any] = {
        "game": game,
        "options": {"pass": "none", **(options or {})},
        "players": PLAYERS,
        "dealer": "Dan",
        "deal": DEAL,
        "play": play if isinstance(play, str) else list(play),
    }
    obj.update(fields)
    return {k: v for k, v in obj.items() if v is not None}


def result_record(game: str, taken: Mapping[str, Any], *, options: Mapping[str, Any] | None = None,
                  moon_choice: str | None = None) -> dict[str, Any]:
    """A quick result record (``taken``); the players are the keys of ``taken``, the last one deals."""
    names = list(taken)
    obj: dict[str, Any] = {"game": game, "players": names, "dealer": names[-1], "taken": dict(taken)}
    if options:
        obj["options"] = dict(options)
    if moon_choice:
        obj["moon_choice"] = moon_choice
    return obj


def run(obj: Mapping[str, Any]) -> HandOutcome:
    """Read and replay a JSON record."""
    return replay(records.from_json(obj))


def error_of(obj: Mapping[str, Any], kind: type[ScorekeeperError] = ScorekeeperError) -> ScorekeeperError:
    """The error reading or replaying ``obj`` raises (the test fails when there is none)."""
    with pytest.raises(kind) as info:
        run(obj)
    return info.value


def finish(obj: Mapping[str, Any], moon_choice: str | None = "subtract") -> dict[str, Any]:
    """The record with its play completed: after the given plays, always the first legal card.

    The given plays are made through ``Hand.play`` (so they must be legal, events included);
    the completed record is then for ``replay`` to check on its own. Always playing the first
    legal card often shoots the moon, so the record says what the shooter chose (``moon_choice``)
    unless it already does or ``moon_choice`` is None.
    """
    rec = records.from_json(obj)
    ruleset = make_ruleset(rec.game, rec.options)
    seating = Seating(rec.players, ruleset.clockwise)
    n = seating.size
    layout = ruleset.layout(n)
    assert rec.deal is not None
    hands = [list(rec.deal[name]) for name in rec.players]
    if rec.passes:
        direction = ruleset.pass_direction(rec.number, n)
        for seat, name in enumerate(rec.players):
            for c in rec.passes[name]:
                hands[seat].remove(c)
                hands[seating.receiver(seat, direction)].append(c)
    if rec.widow is not None:
        widow = list(rec.widow)
    else:
        widow = list((Counter(layout.pack) - Counter(c for name in rec.players for c in rec.deal[name])).elements())
    out_of_turn = [e["trick"] for e in rec.events if e["type"] == "out-of-turn"]
    leader = None if rec.leader is None else seating.seat(rec.leader)
    hand = Hand(ruleset, seating, seating.seat(rec.dealer), hands, widow=widow, leader=leader,
                out_of_turn_tricks=out_of_turn)
    for item in rec.play:
        hand.play(item.card, None if item.player is None else seating.seat(item.player))
    play = records.to_json(rec)["play"]
    while not hand.is_over:
        c = hand.legal_plays()[0]
        hand.play(c)
        play.append(c.code)
    done = {**obj, "play": play}
    if moon_choice is not None:
        done.setdefault("moon_choice", moon_choice)
    return done


def codes(cards: Any) -> list[str]:
    """Canonical card codes."""
    return [c.code for c in cards]


def at_play(value: dict[str, Any], k: int) -> dict[str, Any]:
    """The core record cut just before its ``k``-th card (after the steps before the first lead: bids, passes...)."""
    plays = [i for i, a in enumerate(core_progress.actions(value)) if a.kind == "play"]
    return core_progress.cut(value, plays[k] if k < len(plays) else len(core_progress.actions(value)))


def next_offers_each_card_played(game: str, players: int, seed: int) -> dict[str, Any]:
    """A random hand of ``game``: before each of its cards ``next`` names its player and offers the card; once
    complete, its outcome is the replay's. Returns the record (as JSON)."""
    import random

    from scorekeeper.engine.family import family_of_record
    from scorekeeper.engine.hearts.simulate import random_record

    value = records.to_json(random_record(game, [f"P{i}" for i in range(players)], random.Random(seed)))
    family = family_of_record(value)
    record = records.from_json(value)
    outcome = replay(record, audit=True)
    for k, item in enumerate(record.play):
        nxt = family.progress_json(at_play(value, k))["next"]
        assert nxt["kind"] == "play" and item.card.code in nxt["choices"]
        assert nxt["player"] == record.players[outcome.snapshots[k].seat]
    final = family.progress_json(value)
    assert final["complete"] and final["outcome"] == family.replay_json(value)
    return value


def rebuilt(walk: Any, value: dict[str, Any]) -> dict[str, Any]:
    """The record rebuilt from its first action with ``advance_json``, as a card page builds it; each answer
    is the progress of its record (``walk``: the family's ``engine.progress.Walk``)."""
    from scorekeeper.engine.family import family_of_record

    family = family_of_record(value)
    record = walk.cut(value, 0)
    for action in walk.actions(value):
        answer = family.advance_json(record, dataclasses.asdict(action))
        record = answer["record"]
        assert answer == {**family.progress_json(record), "record": record}
    return record


def same_record(walk: Any, built: dict[str, Any], value: dict[str, Any]) -> None:
    """A rebuilt record is the hand it was rebuilt from: the same replay, the same actions."""
    from scorekeeper.engine.family import family_of_record

    family = family_of_record(value)
    assert family.replay_json(built) == family.replay_json(value)
    assert walk.actions(built) == walk.actions(value)


def advanced(value: Mapping[str, Any], kind: str, player: str | None, v: Any) -> dict[str, Any]:
    """The card page's answer to one action (``advance_json``): the longer record and what comes next."""
    from scorekeeper.engine.family import family_of_record

    answer: dict[str, Any] = family_of_record(value).advance_json(value, {"kind": kind, "player": player, "value": v})
    return answer


def rebuilt_same(walk: Any, value: dict[str, Any]) -> dict[str, Any]:
    """``rebuilt``, checked to be the very hand it was rebuilt from (``same_record``)."""
    record = rebuilt(walk, value)
    same_record(walk, record, value)
    return record


_CARD_CODE = re.compile(r"\b(?:[2-9TJQKA][SHDC]|JK)\b")


def said(text: str) -> str:
    """A text with its card codes as a sentence names the cards (``Card.label``): ``"QS 9D"`` -> ``"Q♠ 9♦"``.
    The engine's sentences print cards so; its machine fields (``card``, the records) keep the codes."""
    return _CARD_CODE.sub(lambda found: Card.parse(found.group()).label, text)
