"""Reversis (catalogue section 6): records, replay, payments in play and at the end, the ``reversis-fish`` settlement.

A pure package like the rest of the engine: standard library only, immutable values in
and out. One module per part:

* ``rules``: the pack, the paying cards, the fish amounts, the two options, the trick ``Ruleset``;
* ``table``: counter-clockwise seats, the opposite player, the multiplier of 6.5;
* ``record`` (with ``fields``, ``actions``): ``ReversisRecord`` and its JSON (FORMAT.md);
* ``deal``: the deal, the dealer's discard, the exchange, the talon (6.3);
* ``tricks``: the play checked card by card on the kernel's ``tricks.TrickMachine`` (Espagnolette revokes, established revokes);
* ``quick``: the quick result, checked; ``facts``: what the fish depend on, whichever record it was;
* ``pools``, ``ledger``: the pools between hands and every payment of a hand;
* ``inplay`` (6.5), ``party`` (6.8), ``finish`` (6.6-6.9): the payments;
* ``replay``/``outcome``: one hand checked and settled; ``settlement``: ``reversis-fish`` over a session;
* ``simulate``: random legal hands and sessions.
"""

from .ledger import Payment
from .outcome import ReversisOutcome, outcome_json
from .pools import Pools
from .quick import quick_result_of
from .record import ReversisRecord, dumps, from_json, loads, pretty, to_json
from .replay import replay
from .rules import OPTION_SPECS, ReversisRules, make_rules
from .settlement import (
    SETTLEMENT_ID, SETTLEMENT_OPTIONS, ReversisFish, ReversisSessionResult, replay_json, settle_json, settled,
    ReversisFold, settle_session,
)

GAMES = ("reversis",)
REVERSIS_METHODS: dict[str, type[ReversisFish]] = {SETTLEMENT_ID: ReversisFish}

__all__ = [
    "GAMES", "REVERSIS_METHODS", "Payment", "ReversisOutcome", "outcome_json", "Pools", "quick_result_of",
    "ReversisRecord", "dumps", "from_json", "loads", "pretty", "to_json", "replay", "OPTION_SPECS", "ReversisRules",
    "make_rules", "SETTLEMENT_ID", "SETTLEMENT_OPTIONS", "ReversisFish", "ReversisSessionResult", "replay_json",
    "settle_json", "settled", "settle_session", "ReversisFold",
]
