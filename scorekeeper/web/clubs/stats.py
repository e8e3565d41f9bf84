"""A club's statistics: every table's tally (``engine.tally``), kept at the table's revision, added up.

A table's tally is made by its family from the session as stored (the same settlement its page
shows) and kept in ``table_tallies`` with the table's revision (the club's services read and keep them: ``clubs.services.tally_heads``,
``kept_tallies``, ``keep_tallies``). Every write to a table (a hand, a
correction, a strike, a rename) moves the revision, so a kept tally of another revision is made
again before it is read: the figures are right the moment a hand is corrected, and a club page
with hundreds of tables reads its tallies in one query instead of settling every table.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from ...engine.errors import RecordSyntaxError, Said, ScorekeeperError
from ...engine.family import family_of, family_of_record
from ...engine.tally import TALLY_VERSION, ClubFigures, Line, club_figures
from .. import params, services
from ..models import Club
from . import services as clubs


@dataclass(frozen=True)
class Tallied:
    """One table of the club with its tally."""

    id: str
    game: str
    started: datetime
    players: tuple[str, ...]
    tally: dict[str, Any]


@dataclass(frozen=True)
class Season:
    """The club's tables of a period with their tallies, and the figures they add up to."""

    tables: tuple[Tallied, ...]
    figures: ClubFigures


def season(club: Club, since: date | None = None, until: date | None = None) -> Season:
    """The club's tables started from ``since`` to ``until`` (whole days, UTC), oldest first, each with its
    tally at the table's current revision (made and kept now when the kept one is older), and their sum.

    One query reads every table's revision beside its kept tally's; the tallies themselves are read (and
    added up) only when this process has not already added up the same tables at the same revisions.
    """
    heads = clubs.tally_heads(club, since, until)
    key = (club.id, since, until, tuple((sid, revision) for sid, _, _, revision, _ in heads))
    known = _SEASONS.get(club.id)
    if known is not None and known[0] == key:
        return known[1]
    made = _made({sid: revision for sid, _, _, revision, kept in heads if kept != revision})
    kept = clubs.kept_tallies(club, since, until) if len(made) < len(heads) else {}
    stale = {sid: revision for sid, _, _, revision, _ in heads
             if sid in kept and kept[sid].get("version") != TALLY_VERSION}  # kept by an older app
    made.update(_made(stale))
    tallies = {**kept, **made}
    rows = tuple(Tallied(sid, game, started, tuple(tallies[sid].get("players") or ()), tallies[sid])
                 for sid, game, started, _, _ in heads if sid in tallies)
    found = Season(rows, club_figures((row.tally, None) for row in rows))
    with _SEASONS_LOCK:
        if len(_SEASONS) >= _SEASONS_MAX and club.id not in _SEASONS:
            del _SEASONS[next(iter(_SEASONS))]
        _SEASONS[club.id] = (key, found)
    return found


_SEASONS: dict[str, tuple[Any, Season]] = {}  # per club: the last period added up, by its tables' revisions
_SEASONS_MAX = 64
_SEASONS_LOCK = threading.Lock()


def tallied(club: Club, since: date | None = None, until: date | None = None) -> list[Tallied]:
    return list(season(club, since, until).tables)


def _made(revisions: dict[str, int]) -> dict[str, dict[str, Any]]:
    """Make the tallies of the tables at these revisions from their stored hands, and keep them."""
    if not revisions:
        return {}
    configs = services.configs_of(list(revisions))
    made = {}
    for sid, revision in revisions.items():
        tally = _make(sid, revision, configs[sid])
        if tally is not None:
            made[sid] = tally
    clubs.keep_tallies([(sid, revisions[sid], tally) for sid, tally in made.items()])
    return made


def _make(sid: str, revision: int, config: dict[str, Any]) -> dict[str, Any] | None:
    """A table's tally from its stored hands (None for a table the engine no longer settles: left out)."""
    head = services.SessionHead(sid, "", "", config, False, revision)
    record = services.snapshot(head).session_record(config)
    try:
        return family_of_record(record).tally(record)
    except ScorekeeperError:  # pragma: no cover - every stored table settled when it was written
        return None


@dataclass(frozen=True)
class PersonTable:
    """One table of a person's, for the person's page and chart. ``won`` only once the table is over
    (``finished``); before that, ``leading`` says the person was among the winners so far."""

    id: str
    game: str
    started: datetime
    hands: int
    points: Any
    won: bool
    money: str | None
    finished: bool = True
    leading: bool = False


def person_tables(rows: Iterable[Tallied], name: str) -> list[PersonTable]:
    found = []
    for row in rows:
        mine = (row.tally.get("players") or {}).get(name)
        if mine is not None:
            found.append(PersonTable(row.id, row.game, row.started, int(mine.get("hands") or 0), mine.get("points"),
                                     bool(mine.get("won")), mine.get("money"), bool(row.tally.get("finished")),
                                     bool(mine.get("leading"))))
    return found


# --- head to head and streaks: read off the tallies, finished tables deciding ---------------------------

@dataclass(frozen=True)
class Rival:
    """A person against one other player: the tables they sat at together, how many of them are over, and
    at those, how often one won the table and the other did not (both winning, or neither, is even)."""

    name: str
    together: int
    finished: int
    ahead: int  # the person won, the rival did not
    behind: int  # the rival won, the person did not

    @property
    def even(self) -> int:
        return self.finished - self.ahead - self.behind


def head_to_head(tallies: Iterable[Mapping[str, Any]], name: str) -> list[Rival]:
    """``name`` against each player met at a table, most tables together first, then by name. Only finished
    tables say who finished ahead: the settlement's winners of a table that is over (``engine.tally``)."""
    met: dict[str, list[int]] = {}
    for tally in tallies:
        players = tally.get("players") or {}
        mine = players.get(name)
        if mine is None:
            continue
        over = bool(tally.get("finished"))
        for other, row in players.items():
            if other == name:
                continue
            counts = met.setdefault(other, [0, 0, 0, 0])
            counts[0] += 1
            if over:
                counts[1] += 1
                counts[2] += bool(mine.get("won")) and not row.get("won")
                counts[3] += bool(row.get("won")) and not mine.get("won")
    return sorted((Rival(other, *counts) for other, counts in met.items()), key=lambda r: (-r.together, r.name))


@dataclass(frozen=True)
class Streaks:
    """Finished tables won in a row: the run up to the latest finished table, and the longest run."""

    current: int
    longest: int


def streaks(tallies: Iterable[Mapping[str, Any]], name: str) -> Streaks:
    """``name``'s winning streaks over ``tallies`` in the order played. A table still in progress neither
    adds to a streak nor breaks it; a finished table the person did not win ends it."""
    current = longest = 0
    for tally in tallies:
        mine = (tally.get("players") or {}).get(name)
        if mine is None or not tally.get("finished"):
            continue
        current = current + 1 if mine.get("won") else 0
        longest = max(longest, current)
    return Streaks(current, longest)


def person_lines(rows: Iterable[Tallied], name: str) -> tuple[Line | None, dict[str, Line]]:
    """A person's figures over every game, and game by game."""
    club = club_figures((row.tally, None) for row in rows if name in (row.tally.get("players") or {}))
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


def game_name(game: str) -> str:
    """A game's name as its start page shows it, for the club's pages, its CSV and its printed summary."""
    try:
        return family_of(game).game_def(game).name
    except ScorekeeperError:  # pragma: no cover - a stored table's game is known
        return game


def period(args: Any) -> tuple[date | None, date | None]:
    """The period a page or the API asks for: ``from`` and ``to``, days as ``2026-11-21`` (either may be left out).

    :raises RecordSyntaxError: a day that is not one, or a period that ends before it starts.
    """
    days = []
    for name in ("from", "to"):
        text = (args.get(name) or "").strip()
        days.append(params.day(text, repr(name)) if text else None)
    since, until = days
    if since and until and until < since:
        raise RecordSyntaxError(Said("the period ends before it starts: swap the two days"))
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
