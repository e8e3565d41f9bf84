"""A hand of the trick-taking core as it stands: whose turn, which cards may come next, from the trick machine.

One audit replay of the record (``replay(record, audit=True, last=True)``) leaves the trick machine
(``hand.Hand``) where the plays left it; its ``turn`` is the player on turn and its ``check_play`` the
rule that the replay itself applies to the next card, so the cards offered are read off the machine
instead of trying each card held by a replay of the record one card longer (the reference path,
``core_progress._takes``/``_turn``, kept for what the machine cannot tell alone: the last card of a
hand, which the scoring judges too; a record with a revoke or a stop the table declared; the club
rules without the deal before the lead club shows, and a double pack without the deal; Domino Hearts and Conquimbert, whose machines draw or turn up trumps).
``tests/engine/test_state.py`` checks both paths agree at every decision point of random legal hands.

``progress.state(value)`` is the core's ``engine.state.HandState``: the table's answer to a tap, built from
one replay.
"""

from __future__ import annotations

import bisect
import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from ..errors import ScorekeeperError
from .hand import Hand
from .records import HandRecord
from .replay import HandOutcome, replay

DECLARED = ("revoke", "revoke-corrected", "stopped")  # events that make the replay judge more than the next card


def _plain(record: HandRecord, audited: HandOutcome) -> Hand | None:
    """The machine, where it alone judges the next card: a plain ``Hand``, no revoke or stop declared."""
    machine = audited.machine
    if machine is None or type(machine) is not Hand or audited.revoke is not None:
        return None
    if any(e["type"] in DECLARED for e in record.events):
        return None
    return machine


def _total(audited: HandOutcome) -> int:
    layout = audited.layout
    assert layout is not None
    ruleset = audited.ruleset
    return len(audited.players) * layout.hand_size + (layout.widow_size if ruleset.leftover == "stock" else 0)


def incomplete(record: HandRecord, audited: HandOutcome) -> bool:
    """Whether the plain replay of the record refuses it only as ``incomplete`` (cards are still to come), read
    off the audit replay's machine: then it need not run. False where that is not certain."""
    machine = _plain(record, audited)
    if machine is None or audited.error is not None:
        return False
    if record.deal is not None:
        return not machine.is_over
    return len(record.play) < _total(audited)


def turn_and_choices(record: HandRecord, audited: HandOutcome) -> tuple[int, tuple[str, ...] | None] | None:
    """The seat on turn and the cards the replay would take from it next (None without the deal: not known),
    read off the machine; None where only trial replays can say (see the module's list)."""
    machine = _plain(record, audited)
    if machine is None or audited.error is not None:
        return None
    turn = machine.turn
    if record.deal is None:
        layout = audited.layout
        if not record.play or len(record.play) + 1 >= _total(audited) or layout is None or layout.double_deck:
            return None
        return turn, None
    if sum(machine.cards_left) <= 1:
        return None  # the last card: the scoring judges it too
    choices = tuple(c.code for c in sorted(set(machine.holding[turn])) if machine.is_legal(c))
    return (turn, choices) if choices else None




# --- the card an established revoke was declared with (the audit's walk) ----------------------------------------

_STOOD: OrderedDict[str, int | None] = OrderedDict()
_STOOD_LOCK = threading.Lock()


def stood_at(record: HandRecord) -> int | None:
    """The index of the card the table declared its established revoke with: the first card after which the
    record's cards so far replay with the revoke standing (with the deal, the revoke itself; without it, the card
    that proved it). None where no such card is found.

    One audit replay of the whole record says where the revoke is; with the deal the card there stands for it
    (one replay to confirm), without it the proof comes later, found by bisection (the prefixes from the proving
    card on all replay with it). Kept per record for the audit, which asks it at every step (a cache: an
    answer is the same computed again). A record where that shortcut does not hold is walked card by card.
    """
    key = repr(record)
    with _STOOD_LOCK:
        if key in _STOOD:
            return _STOOD[key]
    found = _stood_at(record)
    with _STOOD_LOCK:
        _STOOD[key] = found
        while len(_STOOD) > 64:
            _STOOD.popitem(last=False)
    return found


def _stood_at(record: HandRecord) -> int | None:
    plays = record.play

    def stands(k: int) -> bool:  # the first k + 1 cards replay, the revoke standing
        try:
            return replay(dataclasses.replace(record, play=plays[:k + 1])).revoke is not None
        except ScorekeeperError:
            return False

    try:
        whole = replay(record, audit=True)
    except ScorekeeperError:
        whole = None
    start = whole.revoke.play if whole is not None and whole.revoke is not None else None
    if start is not None and start < len(plays):
        if stands(start):
            return start
        last = len(plays) - 1
        if start < last and stands(last):
            return bisect.bisect_left(range(start + 1, last), True, key=stands) + start + 1
    return next((k for k in range(len(plays)) if stands(k)), None)  # the walk card by card
