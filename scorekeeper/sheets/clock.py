"""The time a printed sheet shows: in its table's time zone, as the phones show it.

A table started on a phone keeps the phone's time zone (an IANA name such as
``Pacific/Auckland``, which the browser knows); its sheet prints its times in that zone with
``zoneinfo``. A table whose zone is missing or not one ``zoneinfo`` knows prints in UTC and
says why; a sheet of no table (the command line, a blank sheet) prints in UTC as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

MAX_ZONE_LENGTH = 64  # the longest IANA name is about 30 characters
WHEN = "%Y-%m-%d %H:%M"


@lru_cache(maxsize=1)
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def known_zone(name: object) -> str | None:
    """``name`` when it is a time zone ``zoneinfo`` knows (``Europe/Paris``, ``UTC``), else None."""
    if not isinstance(name, str) or not name or len(name) > MAX_ZONE_LENGTH:
        return None
    return name if name in _zones() else None


@dataclass(frozen=True)
class TableClock:
    """A table's time zone as it was stored (None: not known) and when the table started."""

    zone: str | None
    started: datetime | None = None


def _utc(moment: datetime) -> datetime:
    """A stored time; SQLite gives it back without its zone, which is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def printed(clock: TableClock | None = None, now: datetime | None = None) -> str:
    """What follows "Printed" at the top of a sheet: the time and its zone, and for a table when it
    started (its time alone when it started that day), short enough for the page's top corner."""
    now = _utc(now or datetime.now(timezone.utc))
    if clock is None:
        return f"{now.astimezone(timezone.utc):{WHEN}} UTC"
    zone_name = known_zone(clock.zone)
    zone: tzinfo = ZoneInfo(zone_name) if zone_name else timezone.utc
    local = now.astimezone(zone)
    if zone_name in ("UTC", "Etc/UTC"):
        text = f"{local:{WHEN}} UTC"
    elif zone_name:
        abbreviation = local.tzname() or ""  # NZDT; some zones have none but a number (-03)
        named = abbreviation and not abbreviation.startswith(("+", "-"))
        text = f"{local:{WHEN}} {abbreviation + ' ' if named else ''}({zone_name})"
    elif clock.zone:
        text = f"{local:{WHEN}} UTC (unknown time zone {clock.zone[:MAX_ZONE_LENGTH]!r})"
    else:
        text = f"{local:{WHEN}} UTC (time zone not known)"
    if clock.started is not None:
        started = _utc(clock.started).astimezone(zone)
        text += f"; started {started:%H:%M}" if started.date() == local.date() else f"; started {started:{WHEN}}"
    return text
