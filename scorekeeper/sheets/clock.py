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

from .. import language
from ..language import gettext as _

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
        return f"{_when(now.astimezone(timezone.utc))} UTC"
    zone_name = known_zone(clock.zone)
    zone: tzinfo = ZoneInfo(zone_name) if zone_name else timezone.utc
    local = now.astimezone(zone)
    if zone_name in ("UTC", "Etc/UTC"):
        text = f"{_when(local)} UTC"
    elif zone_name:
        abbreviation = local.tzname() or ""  # NZDT; some zones have none but a number (-03)
        named = abbreviation and not abbreviation.startswith(("+", "-"))
        text = f"{_when(local)} {abbreviation + ' ' if named else ''}({zone_name})"
    elif clock.zone:
        text = _("%(when)s UTC (unknown time zone %(zone)s)", when=_when(local), zone=repr(clock.zone[:MAX_ZONE_LENGTH]))
    else:
        text = _("%(when)s UTC (time zone not known)", when=_when(local))
    if clock.started is not None:
        started = _utc(clock.started).astimezone(zone)
        text += "; " + _("started %(when)s", when=_when(started, alone=started.date() == local.date()))
    return text


def _when(moment: datetime, alone: bool = False) -> str:
    """A day and time as the language spoken now writes them (Babel's short form: 29/11/2026 00:18); in English
    as before, ISO (2026-11-29 00:18). ``alone``: the time only."""
    if language.current() == language.DEFAULT:
        return f"{moment:%H:%M}" if alone else f"{moment:{WHEN}}"
    from babel.dates import format_datetime, format_time

    code = language.current()
    return str(format_time(moment, "short", locale=code) if alone else format_datetime(moment, "short", locale=code))
