"""A Tripoli deal as it stands (``engine.state.HandState``).

Tripoli's progress already asks its machines directly: the betting round (``betting.Betting``) says who
bets and what he may, the Michigan machine (``michigan.Michigan``) whose turn it is and its
``legal_plays``; one replay of the record says whether the deal is complete. So the state is the
family-neutral one over Tripoli's walk.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..state import HandState


def state(value: Mapping[str, Any]) -> HandState:
    """The Tripoli deal that ``value`` records, as it stands.

    :raises ScorekeeperError: the replay's refusal of the record's first illegal action."""
    from .progress import WALK

    return HandState.of(WALK, value)
