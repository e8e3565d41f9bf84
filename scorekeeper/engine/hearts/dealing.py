"""The deal of a hand of the trick-taking core, given by the table on the card page (``progress.Dealing``).

Before the first card the table gives each hand as dealt, from the eldest hand on (``hand``); the last
hand is what is left when no widow is dealt. Once the hand is played, the cards each player played are
his hand after the passes (the replay rebuilds them, as it does to prove a revoke), the cards nobody
played are the widow, and only the passes are asked (``passed``: the cards a player passed are among
those his receiver played); the deal is then each hand played, less the cards received, plus the cards
passed. The replay judges the record with that deal like any other, so a game whose hands change
otherwise (trades, a stock) is refused with its sentence.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Card
from ..errors import Said, ScorekeeperError, said_of
from .games import make_ruleset
from ..progress import Action, Dealing, Progress
from .records import HandRecord, from_json, to_json
from .replay import replay
from .ruleset import DealLayout, Ruleset
from ..seating import Direction, Seating


def _table(record: HandRecord) -> tuple[Ruleset, Seating, DealLayout]:
    ruleset = make_ruleset(record.game, record.options)
    seating = Seating(record.players, ruleset.clockwise)
    try:
        layout = ruleset.layout(len(record.players))
    except ValueError as exc:
        raise ScorekeeperError(said_of(exc), code="players") from None
    return ruleset, seating, layout


def _record(value: Mapping[str, Any]) -> HandRecord:
    """:raises ScorekeeperError: the record has its deal already, or is a result without cards."""
    record = from_json(value)
    if record.deal is not None:
        raise ScorekeeperError(Said("the deal is recorded already"), code="dealt")
    if record.is_result:
        raise ScorekeeperError(Said("a hand recorded by its result has no cards to deal"), code="deal")
    return record


def _order(record: HandRecord, seating: Seating) -> tuple[int, ...]:
    return seating.order_from(seating.eldest(seating.seat(record.dealer)))


def _left(pack: Sequence[Card], taken: Sequence[Sequence[str]]) -> list[str]:
    """The pack's codes (a code once per copy) less the cards ``taken``."""
    left = [c.code for c in pack]
    for cards in taken:
        for code in cards:
            if code in left:
                left.remove(code)
    return left


def _played(record: HandRecord) -> tuple[tuple[tuple[Card, ...], ...], list[str]]:
    """Each seat's hand after the passes as the whole play shows it, and the cards nobody played (the widow).

    :raises ScorekeeperError: the play is not over (a hand is short), or the replay refuses it."""
    _, seating, layout = _table(record)
    try:
        outcome = replay(record)
    except ScorekeeperError as exc:
        if exc.code != "incomplete":
            raise
        raise ScorekeeperError(Said("the deal is given before the first card, or once every card is played"),
                               code="deal") from None
    held = outcome.dealt or ()
    if len(held) != seating.size or any(len(h) != layout.hand_size for h in held):
        raise ScorekeeperError(Said("the deal is given before the first card, or once every card is played: the play "
                                    "stopped before every hand was shown"), code="deal")
    return held, _left(layout.pack, [[c.code for c in h] for h in held])


def _passing(record: HandRecord, ruleset: Ruleset) -> tuple[Direction, int]:
    direction = ruleset.pass_direction(record.number, len(record.players))
    return direction, 0 if direction is Direction.NONE else ruleset.pass_count(len(record.players))


def ask(value: Mapping[str, Any], given: Sequence[Action]) -> Progress | None:
    """The next question about the deal (``hand`` before the first card, ``passed`` after the hand), or None."""
    record = _record(value)
    ruleset, seating, layout = _table(record)
    names = record.players
    order = _order(record, seating)
    if not record.play:
        hands = [a.value for a in given]
        if len(given) == len(order) or (len(given) == len(order) - 1 and layout.widow_size == 0):
            return None
        seat = order[len(given)]
        return Progress(record.game, names, "hand", names[seat], tuple(_left(layout.pack, hands)), ask="cards",
                        count=layout.hand_size, state={"hands": {names[order[k]]: h for k, h in enumerate(hands)}})
    held, _ = _played(record)
    direction, count = _passing(record, ruleset)
    if not count or record.passes or len(given) == len(order):  # passes written without the deal are kept
        return None
    seat = order[len(given)]
    receiver = seating.receiver(seat, direction)
    chosen = [code for a in given for code in a.value]
    choices = tuple(c.code for c in held[receiver] if c.code not in chosen)
    return Progress(record.game, names, "passed", names[seat], choices, ask="cards", count=count,
                    state={"hands": {names[s]: [c.code for c in held[s]] for s in order}})


def write(value: Mapping[str, Any], given: Sequence[Action]) -> dict[str, Any]:
    """The record with the deal the answers make (and the passes, given after the hand)."""
    record = _record(value)
    ruleset, seating, layout = _table(record)
    names = record.players
    order = _order(record, seating)
    if not record.play:
        hands = {names[order[k]]: list(a.value) for k, a in enumerate(given)}
        if len(hands) < len(order):
            hands[names[order[-1]]] = _left(layout.pack, list(hands.values()))
        return {**to_json(record), "deal": hands}
    held, widow = _played(record)
    direction, count = _passing(record, ruleset)
    if record.passes:
        passed = {seating.seat(name): [c.code for c in cards] for name, cards in record.passes.items()}
    else:
        passed = {order[k]: list(a.value) for k, a in enumerate(given)} if count else {}
    deal: dict[str, list[str]] = {}
    for seat in range(seating.size):
        cards = [c.code for c in held[seat]]
        for giver, codes in passed.items():
            if seating.receiver(giver, direction) == seat:
                for code in codes:
                    cards.remove(code)
        deal[names[seat]] = cards + passed.get(seat, [])
    out = to_json(dataclasses.replace(record, widow=None))
    out["deal"] = deal
    if widow:
        out["widow"] = widow
    if passed:
        out["passes"] = {names[s]: codes for s, codes in passed.items()}
    return out


DEALING = Dealing(ask, write)
