"""The audit of a disputed hand: the table trick by trick, the first illegal play and its proof.

A replay refuses a hand at its first illegal play; an audit is asked about exactly that
hand, so it keeps everything up to that play (each player's cards left, who led, who won,
what was taken), names the play with the rule and its proof, and says how the hand
scores if the table let it stand as an established revoke (catalogue 4.1). The tricks may
stop anywhere: a table often remembers only the tricks in dispute. ``what_if`` changes
one card, to see how the hand would have scored.

Everything here is the replay's own work (``replay(record, audit=True)``): no rule is
checked twice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..errors import ScorekeeperError
from .hand import Snapshot
from .records import HandRecord, PlayItem
from .replay import REVOKE_CODES, HandOutcome, replay

__all__ = ["HandAudit", "TrickView", "audit", "what_if"]


@dataclass(frozen=True)
class TrickView:
    """One trick as the audit shows it."""

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]  # in the order played (up to the illegal play, in its trick)
    winner: int | None  # None: the trick was not finished (the record stops, or the illegal play is next)
    before: tuple[tuple[Card, ...], ...] | None  # each seat's cards when the trick began, if known
    after: tuple[tuple[Card, ...], ...]  # each seat's cards left after the trick's last play
    taken: tuple[tuple[Card, ...], ...]  # each seat's cards won so far, after this trick
    draws: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # Domino Hearts: who drew what from the stock, in order


@dataclass(frozen=True)
class HandAudit:
    """What an audit found: the tricks, the first thing wrong, and what it would cost."""

    record: HandRecord
    players: tuple[str, ...]
    tricks: tuple[TrickView, ...]
    outcome: HandOutcome | None  # the hand as far as it is legal (None: refused before any play)
    error: ScorekeeperError | None  # the first illegal play, or what is wrong with the record
    claim: Mapping[str, Any] | None  # the revoke event that records ``error`` as established
    established: HandOutcome | None  # the hand scored by the table's revoke rule, had it stood
    plays: int  # how many cards the record plays
    total: int  # how many cards a whole hand plays

    @property
    def legal(self) -> bool:
        return self.error is None

    @property
    def complete(self) -> bool:
        return self.plays == self.total

    @property
    def illegal_trick(self) -> int | None:
        return None if self.error is None else self.error.trick


def audit(record: HandRecord) -> HandAudit:
    """Audit a full record (with or without the deal, whole or only the tricks remembered).

    Never raises for a play: the first illegal one is ``error``. A record that cannot be
    replayed at all (a bad deal or pass, a quick result) has ``error`` and no tricks.
    """
    players = tuple(record.players)
    try:
        outcome = replay(record, audit=True)
    except ScorekeeperError as exc:
        return HandAudit(record, players, (), None, exc, None, None, len(record.play), 0)
    total = _whole_hand(outcome)
    error = outcome.error
    claim = None
    established = None
    if error is not None and error.code in REVOKE_CODES and error.player and error.trick and outcome.revoke is None:
        claim = {"type": "revoke", "player": error.player, "trick": error.trick}
        try:
            established = replay(dataclasses.replace(record, events=(*record.events, claim)), audit=True)
        except ScorekeeperError:
            established = None
        if established is not None and established.error is not None:
            established = None  # a later play breaks a rule too: the table must look again
    return HandAudit(record, players, _tricks(outcome), outcome, error, claim, established,
                     len(record.play), total)


def what_if(record: HandRecord, play: int, card: Card) -> HandRecord:
    """The record with play number ``play`` (0-based) changed to ``card``: audit it to compare.

    :raises IndexError: no such play.
    """
    if not 0 <= play < len(record.play):
        raise IndexError(f"the record has {len(record.play)} plays, not {play + 1}")
    plays = list(record.play)
    plays[play] = PlayItem(card, plays[play].player)
    return dataclasses.replace(record, play=tuple(plays))


def _whole_hand(outcome: HandOutcome) -> int:
    """How many cards a whole hand plays: the cards dealt (with a stock drawn after each trick, those
    too); in Domino Hearts, where the last player keeps his cards, the plays of a hand that is over, or
    at most the cards still held."""
    layout, ruleset, n = outcome.layout, outcome.ruleset, len(outcome.players)
    if layout is None:
        return 0
    if ruleset.variant.players_drop_out:
        held = outcome.snapshots[-1].holdings if outcome.snapshots else outcome.dealt or ()
        stock = layout.widow_size - sum(len(d.cards) for d in outcome.draws)
        return len(outcome.record.play) + (0 if outcome.remainder else sum(len(h) for h in held) + stock)
    tricks = ruleset.tricks_per_hand(layout, n)
    return n * (layout.hand_size if tricks is None else tricks)


def _tricks(outcome: HandOutcome) -> tuple[TrickView, ...]:
    """Group the replay's snapshots into tricks."""
    views: list[TrickView] = []
    before: tuple[tuple[Card, ...], ...] | None = outcome.dealt
    group: list[Snapshot] = []
    for snap in outcome.snapshots:
        group.append(snap)
        if snap.completed is not None:
            views.append(_view(group, before))
            before, group = snap.holdings, []
    if group:
        views.append(_view(group, before))
    return tuple(views)


def _view(group: list[Snapshot], before: tuple[tuple[Card, ...], ...] | None) -> TrickView:
    last = group[-1]
    done = last.completed
    plays = done.plays if done is not None else last.current
    return TrickView(
        number=last.trick, leader=plays[0][0], plays=plays,
        winner=None if done is None or done.winner < 0 else done.winner,  # a dead trick (Cancellation): nobody
        before=before, after=last.holdings, taken=last.taken,
        draws=tuple((snap.seat, snap.drawn) for snap in group if snap.drawn),
    )
