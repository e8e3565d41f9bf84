"""A hand of the trick-taking core in progress: what comes next, and the hand card by card (``engine.progress``).

The actions are the variant's steps before the first lead (the bids, the passes, the trumps, the
trades, Capot: ``core_steps``) and the cards played; the deal is taken as the record gives it. The audit replay
(``replay(record, audit=True)``) checks every card and keeps the table after each; the
plain replay says whether the hand is complete. Whose turn it is and which cards may
come next are the replay's answers too: a card is offered when the replay takes the record
one card longer, and the seat it gave that card to is the player on turn.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import core_steps
from .cards import Card
from .errors import ScorekeeperError
from .games import make_ruleset
from .hand import Snapshot
from .output import outcome_json
from .progress import COMPLETE, Action, Progress, Walk, accepted, appended, played, stops_early
from .records import HandRecord, PlayItem, from_json, to_json
from .replay import HandOutcome, replay

UNKNOWN = "the deal is not recorded: any card not played yet may come next, and the engine checks it when it is tapped"
UNKNOWN_DROPPING = ("the deal is not recorded and players drop out as their hands run out, which only the table "
                    "sees: name who plays each card, and when one player is left, the cards he kept (\"kept\"); "
                    "the engine checks the hand then")


def actions(value: Mapping[str, Any]) -> list[Action]:
    """The variant's steps before the first lead (``core_steps``), then the cards played, in order (with
    the steps the play brings about where they come)."""
    record = from_json(value)
    before, during = core_steps.actions(record)
    out = list(before)
    for k, item in enumerate(record.play):
        out.extend(step for at, step in during if at == k)
        out.append(Action("play", item.player, item.card.code))
    out.extend(step for at, step in during if at >= len(record.play))
    return out


def cut(value: Mapping[str, Any], k: int) -> dict[str, Any]:
    """The record with only its first ``k`` actions; cut short, it loses the variant's word on how the hand
    ended (Domino Hearts' cards kept by the last player), and a revoke's event until its trick begins."""
    record = from_json(value)
    steps = actions(value)
    if record.is_result or k >= len(steps):
        return to_json(record)
    plays = sum(1 for a in steps[:k] if a.kind == "play")
    end = make_ruleset(record.game, record.options).variant.kept(record)
    n = len(record.players)
    base = core_steps.stripped(record)  # without what the steps write: written again below, step by step
    events = tuple(e for e in base.events if e is not end and (
        e["type"] not in ("revoke", "revoke-corrected") or plays > (e["trick"] - 1) * n))  # once its trick has begun
    out = to_json(dataclasses.replace(base, play=(), events=events))
    for step in steps[:k]:
        if step.kind != "play":
            out = core_steps.write(out, step)
    return to_json(dataclasses.replace(from_json(out), play=record.play[:plays]))


def progress(value: Mapping[str, Any], offer: bool = True) -> Progress:
    """What comes next in a (partial) record of the core; ``offer``: find whose turn and the cards the replay takes.

    :raises ScorekeeperError: the replay's refusal of the record's first illegal action.
    """
    record = from_json(value)
    step = core_steps.pending(record, offer)  # a bid, a pass, the trumps... before the first lead
    if step is not None:
        return step
    names = record.players
    count = len(actions(value))
    try:
        audited = replay(record, audit=True)
    except ScorekeeperError as exc:
        if (turned := core_steps.turned_up(record, exc, offer)) is not None:  # Conquimbert's trumps in mid-hand
            return turned
        if exc.code != "incomplete":
            raise
        # Domino Hearts without the deal: the hands are rebuilt from a finished record only, and only the
        # table sees players drop out: each card names its player, and the table says when one is left (kept)
        return Progress(record.game, names, "play", unknown=UNKNOWN_DROPPING, actions=count,
                        state=core_steps.facts(record), also=("kept",))
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
    early = stops_early(len(record.play), len(record.players))
    return lambda exc: early(exc) or core_steps.waits_for_trumps(record, exc)


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
    return {**state, **core_steps.facts(outcome.record), **core_steps.played_facts(outcome)}


def extend(value: Mapping[str, Any], action: Action) -> dict[str, Any]:
    """The record with one more card played, or one more of the variant's steps (``core_steps.write``)."""
    if action.kind != "play":
        if action.player is None:  # the player on turn, where a step has one
            action = dataclasses.replace(action, player=progress(value, offer=False).player)
        return core_steps.write(value, action)
    return appended(value, ("play",), played(action))


WALK = Walk(actions, cut, progress, extend)
