"""A club's statistics: every table's tally (``engine.tally``), kept at the table's revision, added up.

A table's tally is made by its family from the session as stored (the same settlement its page
shows) and kept in ``table_tallies`` with the table's revision. Every write to a table (a hand, a
correction, a strike, a rename) moves the revision, so a kept tally of another revision is made
again before it is read: the figures are right the moment a hand is corrected, and a club page
with hundreds of tables reads its tallies in one query instead of settling every table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.exc import DBAPIError

from ..engine.errors import RecordSyntaxError, ScorekeeperError
from ..engine.family import family_of_record
from ..engine.tally import TALLY_VERSION, ClubFigures, Line, club_figures
from . import services
from .extensions import db
from .models import Club, ClubTable, TableSession, TableTally


@dataclass(frozen=True)
class Tallied:
    """One table of the club with its tally."""

    id: str
    game: str
    started: datetime
    players: tuple[str, ...]
    tally: dict[str, Any]


def _utc(day: date, *, end: bool = False) -> datetime:
    at = datetime.combine(day + timedelta(days=1) if end else day, time(), tzinfo=timezone.utc)
    return at


def tallied(club: Club, since: date | None = None, until: date | None = None) -> list[Tallied]:
    """The club's tables started from ``since`` to ``until`` (whole days, UTC), oldest first, each with
    its tally at the table's current revision (made and kept now when the kept one is older)."""
    s, t = TableSession.__table__, TableTally.__table__
    query = (select(s.c.id, s.c.game, s.c.created_at, s.c.revision, s.c.config, t.c.revision, t.c.tally)
             .select_from(s.join(ClubTable.__table__, ClubTable.session_id == s.c.id)
                          .outerjoin(t, t.c.session_id == s.c.id))
             .where(ClubTable.club_id == club.id).order_by(s.c.created_at, s.c.id))
    if since is not None:
        query = query.where(s.c.created_at >= _utc(since))
    if until is not None:
        query = query.where(s.c.created_at < _utc(until, end=True))
    out: list[Tallied] = []
    fresh: list[tuple[str, int, dict[str, Any], bool]] = []
    for sid, game, started, revision, config, kept_revision, kept in db.session.execute(query):
        tally = kept if kept_revision == revision and (kept or {}).get("version") == TALLY_VERSION else None
        if tally is None:
            tally = _make(sid, revision, config)
            if tally is None:
                continue
            fresh.append((sid, revision, tally, kept_revision is not None))
        out.append(Tallied(sid, game, started, tuple(config.get("players") or ()), tally))
    if fresh:
        _keep(fresh)
    return out


def _make(sid: str, revision: int, config: dict[str, Any]) -> dict[str, Any] | None:
    """A table's tally from its stored hands (None for a table the engine no longer settles: left out)."""
    head = services.SessionHead(sid, "", "", config, False, revision)
    record = services.snapshot(head).session_record(config)
    try:
        return family_of_record(record).tally(record)
    except ScorekeeperError:  # pragma: no cover - every stored table settled when it was written
        return None


def _keep(fresh: Sequence[tuple[str, int, dict[str, Any], bool]]) -> None:
    """Keep new tallies; another request keeping the same ones at once is fine (they are equal)."""
    t = TableTally.__table__
    try:
        stale = [sid for sid, _, _, had in fresh if had]
        if stale:
            db.session.execute(delete(t).where(t.c.session_id.in_(stale)))
        db.session.execute(insert(t), [{"session_id": sid, "revision": rev, "tally": tally}
                                       for sid, rev, tally, _ in fresh])
        db.session.commit()
    except DBAPIError:
        db.session.rollback()  # a cache: the next read makes them again


def figures(rows: Iterable[Tallied]) -> ClubFigures:
    return club_figures((row.tally, None) for row in rows)


@dataclass(frozen=True)
class PersonTable:
    """One table of a person's, for the person's page and chart."""

    id: str
    game: str
    started: datetime
    hands: int
    points: Any
    won: bool
    money: str | None


def person_tables(rows: Iterable[Tallied], name: str) -> list[PersonTable]:
    found = []
    for row in rows:
        mine = (row.tally.get("players") or {}).get(name)
        if mine is not None:
            found.append(PersonTable(row.id, row.game, row.started, int(mine.get("hands") or 0), mine.get("points"),
                                     bool(mine.get("won")), mine.get("money")))
    return found


def person_lines(rows: Iterable[Tallied], name: str) -> tuple[Line | None, dict[str, Line]]:
    """A person's figures over every game, and game by game."""
    club = figures(rows)
    return club.overall.get(name), {g: lines[name] for g, lines in club.by_game.items() if name in lines}


def over_time(tables: Sequence[PersonTable], name: str) -> dict[str, Any]:
    """A person's tables as a settle output the charts draw (``sheets.charts.running_totals``): one point a
    table: the points a hand at that table, the tables won so far, and the money so far when any table had
    a stake."""
    won, money, hands = 0, 0.0, []
    with_money = any(t.money is not None for t in tables)
    for t in tables:
        won += 1 if t.won else 0
        money += float(t.money) if t.money is not None else 0.0
        totals: dict[str, Any] = {"tables won": won}
        if isinstance(t.points, (int, float)) and t.hands:
            totals["points a hand"] = round(t.points / t.hands, 1)
        if with_money:
            totals["money"] = round(money, 2)
        hands.append({"totals": totals})
    last: dict[str, Any] = {}
    for hand in hands:
        last.update(hand["totals"])  # every line the chart draws, at its latest value
    return {"hands": hands, "totals": last}


def period(args: Any) -> tuple[date | None, date | None]:
    """The period a page or the API asks for: ``from`` and ``to``, days as ``2026-11-21`` (either may be left out).

    :raises RecordSyntaxError: a day that is not one, or a period that ends before it starts.
    """
    days = []
    for name in ("from", "to"):
        text = (args.get(name) or "").strip()
        try:
            days.append(date.fromisoformat(text) if text else None)
        except ValueError:
            raise RecordSyntaxError(f"{name!r} must be a day written as 2026-11-21, not {text[:20]!r}") from None
    since, until = days
    if since and until and until < since:
        raise RecordSyntaxError("the period ends before it starts: swap the two days")
    return since, until


def period_words(since: date | None, until: date | None) -> str:
    """The period in words, for pages and the printed summary."""
    if since and until:
        return f"{since.isoformat()} to {until.isoformat()}"
    if since:
        return f"from {since.isoformat()}"
    if until:
        return f"up to {until.isoformat()}"
    return "every table"
