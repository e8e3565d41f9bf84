"""A Reversis hand as it stands: the cards the player on turn may play, from the trick machine.

``progress._in_play`` follows the record's cards on the trick machine (``tricks.TrickMachine`` under Reversis'
trick rules); its ``check_play`` is the rule the replay applies to the next card, so the cards offered
are read off it instead of a replay of the record one card longer per card held (``progress._takes``,
the reference, kept for what the machine cannot tell alone: an Espagnolette hand's licence to revoke,
which the whole hand decides; a revoke the table established; the last card, which the settlement judges
too). ``tests/engine/test_state.py`` checks both agree at every decision point of random legal hands.

``progress.state(value)`` is Reversis' ``engine.state.HandState``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Card
from ..state import HandState
from ..tricks import TrickMachine
from .record import ReversisRecord
from .rules import PLAYERS, TRICKS, qualifies

DECLARED = ("revoke", "revoke-corrected")  # events that make the replay judge more than the next card


def choices(record: ReversisRecord, hand: TrickMachine, held: Sequence[Sequence[Card]]) -> tuple[str, ...] | None:
    """The cards the replay takes next from the player on turn, by the machine's rule; None where only trial
    replays can say (see the module's list)."""
    if record.deal is None or any(e.type in DECLARED for e in record.events):
        return None
    if len(record.play or ()) + 1 >= PLAYERS * TRICKS or any(qualifies(tuple(h)) for h in held):
        return None
    found = tuple(c.code for c in sorted(hand.holding[hand.turn]) if hand.is_legal(c))
    return found or None
