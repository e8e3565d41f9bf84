"""When a printed page says it was printed, as the language writes a day and a time (Babel), with its words
(the time zone not known, when the table started) in that language; in English as before, ISO."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from scorekeeper import language
from scorekeeper.sheets.clock import TableClock, printed

NOW = datetime(2026, 11, 29, 0, 18, tzinfo=timezone.utc)
PARIS = TableClock("Europe/Paris", datetime(2026, 11, 28, 20, 5, tzinfo=timezone.utc))


@pytest.mark.parametrize(("code", "utc", "paris", "unknown"), [
    ("en", "2026-11-29 00:18 UTC", "2026-11-29 01:18 CET (Europe/Paris); started 2026-11-28 21:05",
     "2026-11-29 00:18 UTC (time zone not known)"),
    ("fr", "29/11/2026 00:18 UTC", "29/11/2026 01:18 CET (Europe/Paris); commencée à 28/11/2026 21:05",
     "29/11/2026 00:18 UTC (fuseau horaire inconnu)"),
    ("nl", "29-11-2026, 00:18 UTC", "29-11-2026, 01:18 CET (Europe/Paris); begonnen om 28-11-2026, 21:05",
     "29-11-2026, 00:18 UTC (tijdzone onbekend)"),
    ("de", "29.11.26, 00:18 UTC", "29.11.26, 01:18 CET (Europe/Paris); begonnen um 28.11.26, 21:05",
     "29.11.26, 00:18 UTC (Zeitzone unbekannt)"),
])
def test_when_a_sheet_was_printed_in_each_language(code: str, utc: str, paris: str, unknown: str) -> None:
    with language.speaking(code):
        assert printed(None, NOW) == utc
        assert printed(PARIS, NOW) == paris
        assert printed(TableClock(None), NOW) == unknown
