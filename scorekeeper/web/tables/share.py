"""What a table shares: its final standings as one line of text, as a player pastes them in a chat
("Black Lady, 28 Nov: 1. Ann 42, 2. Bob 57, 3. Cat 61, 4. Dan 100").

Built here only, from the settle output the page shows (the engine's totals and winners), never scored
again: the winners come first (joint winners share first place), then the others in the direction the
winners' figures show (the lowest points first where the lowest won; the most chips, lives or points first
where the most won). The page shows the line, and its Share button (``static/app.js``) hands it to the
phone's share sheet, or copies it where the browser has none.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, timezone, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

from ...sheets.clock import known_zone
from ...language import day_said
from ..models import TableSession
from .blueprint import bp, format_points


def _key(value: Any) -> float:
    """A figure as a number to order by: a complex score (Complex Hearts) by its magnitude."""
    if isinstance(value, Mapping):
        return float(abs(complex(value.get("re", 0), value.get("im", 0))))
    return float(value) if isinstance(value, (int, float)) else 0.0


ONE = {"chips": "chip", "lives": "life"}  # a unit's word for one ("fish" is both)


def _shown(value: Any, signed: bool, unit: str) -> str:
    text = f"{value:+d}" if signed and isinstance(value, int) and value else format_points(value)
    if unit and value in (1, -1):
        unit = ONE.get(unit, unit)
    return f"{text} {unit}" if unit else text


def day_words(day: date | None) -> str:
    """``28 Nov``: a day as a chat line says it."""
    return day_said(day) if day is not None else ""


def standings_text(game: str, day: date | None, settled: Mapping[str, Any], *, by: str = "totals",
                   unit: str = "") -> str:
    """The standings as one line: the game, the day, then each player's place, name and figure.

    ``by``: the settle output's figure that decides (``totals``: points or lives; ``balance``: chips won
    or lost, shown signed); ``unit``: its word after each figure ("chips", "fish", "lives"), none for
    points. A game not over says so ("so far").
    """
    values: Mapping[str, Any] = settled.get(by) or {}
    names = list(values)
    winners = [name for name in names if name in (settled.get("winners") or [])]
    others = [name for name in names if name not in winners]
    most_wins = by != "totals"  # without a winner: chips are best high, points low
    if winners and others:
        best = [_key(values[w]) for w in winners]
        rest = [_key(values[o]) for o in others]
        if max(best) <= min(rest):
            most_wins = False
        elif min(best) >= max(rest):
            most_wins = True
    others.sort(key=lambda name: -_key(values[name]) if most_wins else _key(values[name]))
    places: list[str] = []
    place, last = 1, None
    for index, name in enumerate([*winners, *others]):
        figure = _key(values[name])
        if name in winners:
            place = 1
        elif index == len(winners) or figure != last:
            place = index + 1
        last = figure
        places.append(f"{place}. {name} {_shown(values[name], by == 'balance', unit)}")
    head = ", ".join(filter(None, [game, day_words(day)]))
    if not settled.get("finished"):
        head += ", so far"
    return f"{head}: {', '.join(places)}" if places else head


def table_day(table: TableSession) -> date | None:
    """The day a table started, in its time zone (UTC where the zone is not known)."""
    started = table.created_at
    if started is None:
        return None
    if started.tzinfo is None:
        started = started.replace(tzinfo=timezone.utc)
    name = known_zone(table.time_zone)
    zone: tzinfo = ZoneInfo(name) if name else timezone.utc
    return started.astimezone(zone).date()


@bp.app_template_global("standings_of")
def standings_of(table: TableSession, game: str, settled: Mapping[str, Any], by: str = "totals",
                 unit: str = "") -> str:
    """A table's standings line (``standings_text``) for its page."""
    return standings_text(game, table_day(table), settled, by=by, unit=unit)

