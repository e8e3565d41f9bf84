"""A hand of the trick-taking core in progress: what comes next, and the hand card by card (``engine.progress``).

The actions are the cards played; the deal, the passes, the bids, the trades and the trumps
are the record's fields and events, taken as the record gives them. The audit replay
(``replay(record, audit=True)``) checks every card and keeps the table after each; the
plain replay says whether the hand is complete. Whose turn it is and which cards may
come next are the replay's answers too: a card is offered when the replay takes the record
one card longer, and the seat it gave that card to is the player on turn.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .cards import Card
from .errors import ScorekeeperError
from .games import make_ruleset
from .hand import Snapshot
from .output import outcome_json
from .errors import RecordSyntaxError
from .progress import COMPLETE, Action, Progress, Walk, accepted, appended, played, stops_early
from .records import HandRecord, PlayItem, from_json, to_json
from .replay import HandOutcome, replay

UNKNOWN = "the deal is not recorded: any card not played yet may come next, and the engine checks it when it is tapped"


def actions(value: Mapping[str, Any]) -> list[Action]:
    """The cards played, in order."""
    record = from_json(value)
    return [Action("play", item.player, item.card.code) for item in record.play]


def cut(value: Mapping[str, Any], k: int) -> dict[str, Any]:
    """The record with only its first ``k`` cards played; cut short, it loses the variant's word on how the hand
    ended (Domino Hearts' cards kept by the last player), and a revoke's event until its trick begins."""
    record = from_json(value)
    if record.is_result or k >= len(record.play):
        return to_json(record)
    end = make_ruleset(record.game, record.options).variant.kept(record)
    n = len(record.players)
    events = tuple(e for e in record.events if e is not end and (
        e["type"] not in ("revoke", "revoke-corrected") or k > (e["trick"] - 1) * n))  # once its trick has begun
    shorter = dataclasses.replace(record, play=record.play[:k], events=events)
    if record.deal is None and any(e["type"] == "revoke" for e in events):
        shorter = _until_proven(shorter)
    return to_json(shorter)


def _until_proven(record: HandRecord) -> HandRecord:
    """Without the deal, a revoke is proven only by a card its player plays later: until then, the record
    cut short leaves the table's revoke event out (the plays so far are legal as far as anyone can tell)."""
    try:
        replay(record, audit=True)
    except ScorekeeperError as exc:
        if exc.code == "revoke-claim" and exc.player is not None:
            left = tuple(e for e in record.events if not (e["type"] == "revoke" and e.get("player") == exc.player
                                                          and e.get("trick") == exc.trick))
            if len(left) < len(record.events):
                return _until_proven(dataclasses.replace(record, events=left))
    return record


def progress(value: Mapping[str, Any], offer: bool = True) -> Progress:
    """What comes next in a (partial) record of the core; ``offer``: find whose turn and the cards the replay takes.

    :raises ScorekeeperError: the replay's refusal of the record's first illegal action.
    """
    record = from_json(value)
    names = record.players
    count = len(record.play)
    try:
        audited = replay(record, audit=True)
    except ScorekeeperError as exc:
        if exc.code != "incomplete":
            raise
        # Domino Hearts without the deal: the hands are rebuilt from a finished record only
        return Progress(record.game, names, "play", unknown=UNKNOWN, actions=count)
    if audited.error is not None:
        raise audited.error
    try:
        whole = replay(record)
    except ScorekeeperError as exc:
        if not _waiting(record)(exc):
            raise
    else:
        answer = outcome_json(whole)
        return Progress(record.game, names, COMPLETE, state=_state(audited), outcome=answer, actions=count)
    state = _state(audited)
    if not offer:
        return Progress(record.game, names, "play", state=state, actions=count)
    held = _held(audited)
    if held is None:
        played = {item.card for item in record.play}
        pack = [c for c in sorted(audited.layout.copies if audited.layout else ()) if c not in played]
        turn = _turn(record, pack)
        return Progress(record.game, names, "play", None if turn is None else names[turn], None, UNKNOWN,
                        state=state, actions=count)
    turn = _turn(record, sorted({c for h in held for c in h}))
    if turn is None:  # pragma: no cover - a legal partial hand always has a card to play
        return Progress(record.game, names, "play", state=state, choices=(), actions=count)
    choices = tuple(c.code for c in sorted(set(held[turn])) if _takes(record, c))
    return Progress(record.game, names, "play", names[turn], choices, state=state, actions=count)


def _seat_taking(record: HandRecord, c: Card) -> int | None:
    """The seat the replay gives ``c`` to when it is played next, or None when the replay refuses it."""
    longer = dataclasses.replace(record, play=(*record.play, PlayItem(c)))
    try:
        outcome = replay(longer, audit=True)
    except ScorekeeperError:
        return None
    if outcome.error is not None or len(outcome.snapshots) != len(longer.play):
        return None
    return outcome.snapshots[-1].seat


def _takes(record: HandRecord, c: Card) -> bool:
    """Whether the replay takes the record with ``c`` played next (by the player on turn)."""
    longer = dataclasses.replace(record, play=(*record.play, PlayItem(c)))
    return accepted(lambda: replay(longer), _waiting(longer))


def _waiting(record: HandRecord) -> Callable[[ScorekeeperError], bool]:
    return stops_early(len(record.play), len(record.players))


def _turn(record: HandRecord, candidates: Sequence[Card]) -> int | None:
    """Whose turn it is: the seat the replay gives the first card it takes."""
    for c in candidates:
        seat = _seat_taking(record, c)
        if seat is not None:
            return seat
    return None


def _held(outcome: HandOutcome) -> tuple[tuple[Card, ...], ...] | None:
    """Each seat's cards left, when the deal is recorded."""
    if outcome.record.deal is None:
        return None
    last: Snapshot | None = outcome.snapshots[-1] if outcome.snapshots else None
    return last.holdings if last is not None else outcome.dealt


def _state(outcome: HandOutcome) -> dict[str, Any]:
    """The table after the last card: the tricks, the trick so far, the cards taken, each hand where known."""
    names = outcome.players
    tricks = outcome.tricks or ()
    state: dict[str, Any] = {
        "tricks": [{"leader": names[t.leader], "cards": [c.code for c in t.cards],
                    "winner": names[t.winner] if t.winner >= 0 else None} for t in tricks],
    }
    last = outcome.snapshots[-1] if outcome.snapshots else None
    state["current"] = [] if last is None or last.completed is not None else [[names[s], c.code] for s, c in last.current]
    if last is not None:
        state["taken"] = {name: [c.code for c in cs] for name, cs in zip(names, last.taken)}
    held = _held(outcome)
    if held is not None:
        state["hands"] = {name: [c.code for c in cs] for name, cs in zip(names, held)}
    return state


def extend(value: Mapping[str, Any], action: Action) -> dict[str, Any]:
    """The record with one more card played."""
    if action.kind != "play":
        raise RecordSyntaxError(f"a hand of {value.get('game', 'this game')} takes no {action.kind} here")
    return appended(value, ("play",), played(action))


WALK = Walk(actions, cut, progress, extend)
