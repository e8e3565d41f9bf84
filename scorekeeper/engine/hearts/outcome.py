"""What the replay of a hand gives (``HandOutcome``), and the trumps of a hand: read by the replay of the
cards played (``replay``) and of a quick result (``results``) alike, so neither imports the other to
share them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ..cards import Card, card
from ..errors import InconsistentRecord, ScorekeeperError, Said
from ..seating import Seating
from .games.conquimbert import Trade
from .hand import Draw, Hand, Remainder, Snapshot, Trick, Turned
from .records import HandRecord
from .ruleset import DealLayout, Ruleset
from .scoring import Haul, MoonOutcome, Points

TURNED_UP: Final = ("turn-up", "first-void")  # trumps: the suit of an undealt card turned up


@dataclass(frozen=True)
class RevokeOutcome:
    """An established revoke: who, where, and the rule that settles it (catalogue 4.1)."""

    seat: int
    trick: int
    play: int
    card: Card
    code: str
    rule: str


@dataclass(frozen=True)
class HandOutcome:
    """A checked, scored hand: what replay prints and settlement reads."""

    record: HandRecord
    ruleset: Ruleset
    seating: Seating
    layout: DealLayout | None
    points: tuple[Points, ...]
    hauls: tuple[Haul, ...]
    taken: tuple[Any, ...]  # per seat: scoring cards taken (tuple of Card) or the result's counts
    tricks: tuple[Trick, ...] | None = None
    moon: MoonOutcome | None = None
    revoke: RevokeOutcome | None = None
    void: str | None = None  # the misdeal reason when the hand was void
    dealt: tuple[tuple[Card, ...], ...] | None = None  # each seat's cards after passing, as replayed
    snapshots: tuple[Snapshot, ...] = field(default=(), repr=False)
    error: ScorekeeperError | None = None  # an audit's first illegal play (``replay(..., audit=True)``)
    draws: tuple[Draw, ...] = ()  # Domino Hearts: the draws the stock's order gives, in order
    remainder: Remainder | None = None  # Domino Hearts: who kept his cards and took the stock at the end
    trades: tuple[Trade, ...] = ()  # Conquimbert: the trades before trick 1, reversed ones included
    turned: Turned | None = None  # Conquimbert: the first play that could not follow, and the trump turned up
    machine: Hand | None = field(default=None, repr=False, compare=False)  # ``last``: the trick machine at the end

    def __init__(
        self,
        record: HandRecord,
        ruleset: Ruleset,
        seating: Seating,
        layout: DealLayout | None,
        points: tuple[Points, ...],
        hauls: tuple[Haul, ...],
        taken: tuple[Any, ...],
        tricks: tuple[Trick, ...] | None = None,
        moon: MoonOutcome | None = None,
        revoke: RevokeOutcome | None = None,
        void: str | None = None,
        dealt: tuple[tuple[Card, ...], ...] | None = None,
        snapshots: tuple[Snapshot, ...] = (),
        error: ScorekeeperError | None = None,
        draws: tuple[Draw, ...] = (),
        remainder: Remainder | None = None,
        trades: tuple[Trade, ...] = (),
        turned: Turned | None = None,
        machine: Hand | None = None,
    ) -> None:
        # The dataclass's __init__ written out, so that a compiled build sets the fields directly
        # (see HandRecord.__init__); keep it in step with the fields above.
        object.__setattr__(self, "record", record)
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "seating", seating)
        object.__setattr__(self, "layout", layout)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "hauls", hauls)
        object.__setattr__(self, "taken", taken)
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "moon", moon)
        object.__setattr__(self, "revoke", revoke)
        object.__setattr__(self, "void", void)
        object.__setattr__(self, "dealt", dealt)
        object.__setattr__(self, "snapshots", snapshots)
        object.__setattr__(self, "error", error)
        object.__setattr__(self, "draws", draws)
        object.__setattr__(self, "remainder", remainder)
        object.__setattr__(self, "trades", trades)
        object.__setattr__(self, "turned", turned)
        object.__setattr__(self, "machine", machine)

    @property
    def players(self) -> tuple[str, ...]:
        return self.seating.players

    def points_by_player(self) -> dict[str, Points]:
        return dict(zip(self.players, self.points))


def trump(record: HandRecord, ruleset: Ruleset) -> Card | None:
    """The trump of the hand, as a card whose suit is trumps (a named suit: its ace), or None.

    ``turn-up``: the event ``{"type": "trumps", "card": ...}``, or else the recorded widow's
    first card (the top undealt card). ``fixed-per-deal``: the event with the suit (or a card).
    ``first-void`` (Conquimbert): as ``turn-up``, or None, since the card is turned up only when a
    player cannot follow (``hand.ConquimbertHand`` asks for it then).

    :raises InconsistentRecord: trumps named twice, or none where the game needs them (``trumps``).
    """
    events = [e for e in record.events if e["type"] == "trumps"]
    if len(events) > 1:
        raise InconsistentRecord(Said("the record names the trumps twice"), code="trumps")
    if ruleset.trumps == "none":  # a trumps event is refused then (``events.admit``)
        return None
    if events:
        event = events[0]
        if "card" in event:
            return card(event["card"])
        if ruleset.trumps in TURNED_UP:
            raise InconsistentRecord(
                Said("trumps are the suit of the turned-up card: record the card (\"card\"), not only its suit"), code="trumps",
            )
        return card("A" + event["suit"])
    if ruleset.trumps in TURNED_UP and record.widow:
        return record.widow[0]
    if ruleset.trumps == "first-void":
        return None
    how = (Said("the card turned up for trumps (an event {\"type\": \"trumps\", \"card\": ...})")
           if ruleset.trumps == "turn-up" else Said("the trump suit (an event {\"type\": \"trumps\", \"suit\": ...})"))
    raise InconsistentRecord(Said("%(game)s has trumps: record %(how)s", game=ruleset.name, how=how), code="trumps")
