"""A hand as it stands, for every family: whose turn it is and what may come next, asked directly.

Like OpenSpiel's ``State`` (``CurrentPlayer``, ``LegalActions``, ``ApplyAction``) and pokerkit's
``can_*``/``verify_*``, a ``HandState`` is built by taking the record's actions once (the family's
``Walk.progress``: one replay of the record, whose trick machine says whose turn it is and which cards
it takes) and answers from what it holds: ``to_act``, ``legal_actions()``, ``verify(action)`` (raising
the ``ScorekeeperError`` a tap gets, its code and sentence) and ``can(action)``; ``apply(action)`` is the
state one action later, built by one replay of the longer record. The replay still judges whole records:
a state only says what comes next.

The card page's tap (``advance``) starts from the state of the record it posts. The page posts
the record of the previous answer, so the state of that record is kept here (``known``/``remember``, a
small cache of the latest states by the record's text, per process: losing it costs a replay, never an
answer) and a tap costs one replay: the longer record's.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import ScorekeeperError, Said, kind_word
from .progress import Action, Progress, Walk, action_from_json

KEPT = 256  # states kept per process: a table's tap finds its record's state among the latest answers
R = TypeVar("R")


@dataclass(frozen=True)
class HandState:
    """A hand after its record's actions: what comes next, and who is to act."""

    walk: Walk
    value: Mapping[str, Any]
    progress: Progress

    @classmethod
    def of(cls, walk: Walk, value: Mapping[str, Any], offer: bool = True) -> HandState:
        """The state of a record (one replay of it). ``offer=False``: without listing the choices.

        :raises ScorekeeperError: the replay's refusal of the record's first illegal action."""
        return cls(walk, value, walk.progress(value, offer=offer))

    @property
    def to_act(self) -> str | None:
        """Whose turn it is (None: the hand is complete, or anyone at the table may act)."""
        return self.progress.player

    @property
    def kind(self) -> str:
        return self.progress.kind

    @property
    def complete(self) -> bool:
        return self.progress.complete

    def legal_actions(self) -> tuple[Action, ...] | None:
        """Every action the rules take next, or None when they are not known (the deal is not recorded); a
        complete hand has none. The kinds the table may declare instead are in ``progress.declare``."""
        if self.complete:
            return ()
        if self.progress.choices is None:
            return None
        return tuple(Action(self.kind, self.to_act, choice) for choice in self.progress.choices)

    def verify(self, action: Action) -> Action:
        """The action as the record takes it next, once it is the kind that comes next (or one the table may
        declare now), by the player on turn, and among the choices where they are listed.

        :raises ScorekeeperError: not (code ``complete``, ``not-next``, or the replay's own refusal)."""
        action = self.next_one(action)
        before = self.progress
        if action.kind == before.kind and before.choices is not None and _listed(before) and (
                action.value not in before.choices):
            # the replay's own sentence for the refusal (its rule's code, the cards that prove it)
            self.walk.progress(self.walk.extend(self.value, action), offer=False)
        return action

    def next_one(self, action: Action) -> Action:
        """``action``, once it is the kind that comes next (or one the table may declare now), by the player on
        turn; its value is left to the replay of the longer record (``verify`` checks it against the choices).

        :raises ScorekeeperError: not (code ``complete`` or ``not-next``)."""
        before = self.progress
        if before.complete and action.kind not in before.declare:
            raise ScorekeeperError(Said("the hand is complete: nothing more can be recorded in it"), code="complete")
        if action.kind in self.walk.declared or action.kind in before.declare:
            return action
        if action.kind != before.kind:
            nouns = self.walk.nouns
            raise ScorekeeperError(Said("a %(value)s comes next, not a %(value2)s",
                                        value=kind_word(nouns, before.kind), value2=kind_word(nouns, action.kind)), code="not-next")
        if before.player is not None and action.player is not None and action.player != before.player:
            raise ScorekeeperError(Said("it is %(player)s's turn, not %(player2)s's",
                                        player=str(before.player), player2=str(action.player)), code="not-next",
                                   player=action.player)
        return action

    def can(self, action: Action) -> bool:
        """Whether ``verify`` takes the action."""
        try:
            self.verify(action)
        except ScorekeeperError:
            return False
        return True

    def apply(self, action: Action) -> HandState:
        """The state one action later (one replay of the longer record).

        :raises ScorekeeperError: ``verify``'s refusal, or the replay's."""
        longer = self.walk.extend(self.value, self.verify(action))
        return HandState.of(self.walk, longer)


def _listed(progress: Progress) -> bool:
    """Whether the choices are every value the rules take (one card or option each), not a pattern to fill
    (an auction's ``{"low": n}``, cards chosen several at once)."""
    return progress.ask in (None, "card", "option", "player", "suit") and progress.count is None and all(
        not isinstance(c, Mapping) for c in progress.choices or ())


# --- the states of the latest answers, per process ------------------------------------------------------------

_KNOWN: OrderedDict[tuple[int, str], Progress] = OrderedDict()
_LOCK = threading.Lock()


def _key(walk: Walk, value: Mapping[str, Any]) -> tuple[int, str] | None:
    try:
        return id(walk.progress), json.dumps(value, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return None


def known(walk: Walk, value: Mapping[str, Any]) -> HandState:
    """The state of ``value``: the one an answer kept, else built (one replay, without the choices).

    :raises ScorekeeperError: the replay's refusal of the record."""
    key = _key(walk, value)
    with _LOCK:
        found = _KNOWN.get(key) if key is not None else None
    if found is not None:
        return HandState(walk, value, found)
    return HandState.of(walk, value, offer=False)


def remember(state: HandState) -> None:
    """Keep the state of an answer's record for the next tap, which posts that record."""
    key = _key(state.walk, state.value)
    if key is None:
        return
    with _LOCK:
        _KNOWN[key] = state.progress
        _KNOWN.move_to_end(key)
        while len(_KNOWN) > KEPT:
            _KNOWN.popitem(last=False)


# --- a family's records read once per walk -------------------------------------------------------------------

def parsed(read: Callable[[Mapping[str, Any]], R], kept: int = 32) -> Callable[[Mapping[str, Any]], R]:
    """``read`` (a family's ``from_json``: a JSON record to its frozen record), remembering the latest records it
    read by their text. A walk reads one record many times (its actions, each cut of it, the progress of each
    cut: the audit's ``steps`` read the whole record twice at every step); reading it again is a dictionary
    look-up. What it answers is what ``read`` answered (the same object: records are not changed in place);
    its refusals are ``read``'s, raised each time."""
    known: OrderedDict[str, R] = OrderedDict()
    lock = threading.Lock()

    def reader(value: Mapping[str, Any]) -> R:
        try:
            key = json.dumps(value, sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError):
            return read(value)  # not JSON text: ``read`` says what is wrong with it
        with lock:
            found = known.get(key)
        if found is not None:
            return found
        record = read(value)
        with lock:
            known[key] = record
            while len(known) > kept:
                known.popitem(last=False)
        return record

    return reader


# --- a tap: the record one action longer (the card page's answer) ---------------------------------------------

def advance(walk: Walk, value: Mapping[str, Any], action: Action) -> tuple[dict[str, Any], Progress]:
    """The record one action longer and what comes after it, as a card page asks after each tap.

    The action must be of the kind that comes next (and by the player on turn, where the record
    says who acts); the replay then checks it like any other.

    :raises ScorekeeperError: the action is not the next one, or the replay refuses it.
    """
    longer = walk.extend(value, known(walk, value).next_one(action))
    try:
        after = HandState.of(walk, longer)
    except ScorekeeperError as exc:
        remedy = walk.stands(value, action, exc) if walk.stands is not None else None
        if remedy is not None:
            exc.stands = {"kind": remedy.kind, "player": remedy.player, "value": remedy.value}
        raise
    remember(after)
    return longer, after.progress


def advance_json(walk: Walk, value: Mapping[str, Any], action: object) -> dict[str, Any]:
    """``advance`` between JSON texts: the longer record under ``record``, then its progress."""
    longer, after = advance(walk, value, action_from_json(action))
    return {**after.to_json(walk.asks), "record": longer}
