"""Tripoli, Rummoli and Cosmo (catalogue section 5): records, replay, poker ranking, settlements.

A pure package like the rest of the engine: standard library only, immutable values in
and out. One module per part:

* ``rules``: the options of 5.8 (``OptionSpec``) and ``make_rules`` for the three game ids;
* ``record``: ``TripoliRecord`` / ``FinalPokerRecord`` and their JSON (FORMAT.md);
* ``layout``: the nine spaces, ``Layout``, chip ``Transfer`` values;
* ``deal``: hand sizes and the spare hand (5.2); ``claims``: stage 1 and in-play pay cards;
* ``betting`` (5.4) and ``michigan`` (5.6): state machines that check every action;
* ``poker``: five-card ranking (5.5); ``replay``/``final``: a deal or a final poker deal checked and settled;
* ``declared``: what can be proved without the deal; ``outcome``: results and their JSON;
* ``settlement``: ``tripoli-layout`` and ``tripoli-final-poker``; ``simulate``: random legal deals.
"""

from .final import replay_final
from .layout import SPACES, Layout, Space, Transfer
from .outcome import FinalOutcome, TripoliOutcome, outcome_json
from .poker import PokerRank, best_hand, rank_hand
from .record import FinalPokerRecord, TripoliRecord, dumps, from_json, loads, to_json
from .replay import replay
from .rules import OPTION_SPECS, TripoliRules, make_rules
from .settlement import (
    SETTLEMENT_OPTIONS, TRIPOLI_METHODS, LayoutState, TripoliFinalPoker, TripoliLayout, replay_json, settle_json,
    TripoliFold, settle_session, settled, tripoli_final_poker, tripoli_layout,
)

__all__ = [
    "replay_final", "SPACES", "Layout", "Space", "Transfer", "FinalOutcome", "TripoliOutcome", "outcome_json",
    "PokerRank", "best_hand", "rank_hand", "FinalPokerRecord", "TripoliRecord", "dumps", "from_json", "loads", "to_json",
    "replay", "OPTION_SPECS", "TripoliRules", "make_rules", "SETTLEMENT_OPTIONS", "TRIPOLI_METHODS", "LayoutState",
    "TripoliFinalPoker", "TripoliLayout", "replay_json", "settle_json", "settle_session", "settled", "TripoliFold",
    "tripoli_final_poker",
    "tripoli_layout",
]
