"""Where the card page starts a table's next hand, worked out once per table revision.

The next deal (who deals, the hand's number, what the table carries into it) follows from every hand the
table holds: the Hearts core reads the session's rotation off its stored hands, Reversis and Tripoli
settle them. A tap of the card page asks it each time, and it only changes when the table does: every
write moves the table's revision, so (table id, revision) names one next deal in every process. Each
process keeps the latest ones here (a cache: dropping it costs one computation, never an answer); it
takes a tap at a table of 20 hands from about 30 ms to a few (docs/benchmarks.md). Its words (who deals,
who leads and what) are the reader's, so a next deal is kept per language too.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from .. import language
from . import services
from .families import pages_of
from .families.base import CardTable
from .models import TableSession

KEPT = 512  # tables whose next deal a process keeps

_KNOWN: OrderedDict[tuple[str, int, str], tuple[CardTable, int]] = OrderedDict()
_LOCK = threading.Lock()


def next_deal(table: TableSession) -> tuple[CardTable, int]:
    """The card page's start of the table's next hand and the position that hand takes.

    :raises services.NotFound: the game has no card page, or the table takes no more hands."""
    key = (table.id, table.revision, language.current())
    with _LOCK:
        found = _KNOWN.get(key)
    if found is not None:
        return found
    found = pages_of(table.config.get("game")).card_table(table), services.next_position(table.id)
    with _LOCK:
        _KNOWN[key] = found
        _KNOWN.move_to_end(key)
        while len(_KNOWN) > KEPT:
            _KNOWN.popitem(last=False)
    return found
