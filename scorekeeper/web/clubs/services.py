"""A club's services: its keys, its people, its tables and evenings, a person renamed everywhere.

The one layer the club pages and the club API call. A club's table is an ordinary session (the
session services store and check it); its edit token is made from the club's edit token and the
table's id (``table_token``), so the club's edit link reaches every one of its tables while only
hashes are stored. Every name seated at a club's table is one of the club's people, so a person's
figures are found by name, and a rename rewrites the name at every table of the club, checked by
the engine first: each table must settle exactly as before, seat for seat.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from datetime import date, datetime, time, timedelta, timezone
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import DBAPIError

from ...engine.errors import InconsistentRecord, RecordSyntaxError, Said
from ...engine.family import family_of
from .. import lang, params
from ..evenings import services as progressive_services
from .. import services, writelock
from ..extensions import db
from ..unit import writes
from ..models import (
    Club, ClubEvening, ClubPerson, ClubTable, Evening, EveningPlayer, EveningResult, TableSession, TableTally,
)

MAX_CLUB_NAME = params.MAX_CLUB_NAME


# --- keys ------------------------------------------------------------------------------------------

def get_club(club_id: str) -> Club:
    return services.get_linked(Club, club_id, "club")


def edit_club(club_id: str, token: str | None) -> Club:
    """:raises services.AccessDenied: unless ``token`` is the club's edit token."""
    return services.edit_linked(Club, club_id, token, "club")


def read_club(club_id: str, token: str | None, key: str | None) -> Club:
    """Reads take the read-only key or the edit token, as a table's do."""
    return services.read_linked(Club, club_id, token, key, "club")


def table_token(club_token: str, session_id: str) -> str:
    """A club table's edit token: made from the club's token and the table's id, never stored."""
    digest = hmac.new(club_token.encode(), f"table:{session_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode().rstrip("=")


# --- the club and its people -------------------------------------------------------------------------

club_name = params.club_name  # the one rule of every name (params), each with its own limit
person_name = params.player_name


def create_club(name: Any, people: Sequence[Any] = (), language: str | None = None) -> services.Created:
    """A new club, with its first people and its pages' language (``lang.LANGUAGES``; None: each phone's own).

    :raises RecordSyntaxError: a name that cannot be one."""
    named = club_name(name)
    names = _distinct([person_name(p) for p in people])
    token = secrets.token_urlsafe(24)
    club = Club(id=params.new_id(), token_hash=services._hash(token), read_key=secrets.token_urlsafe(12),
                name=named, revision=0, language=lang.known(language))
    club.people = [ClubPerson(name=n) for n in names]
    db.session.add(club)
    db.session.commit()
    return services.Created(club.id, token, club.read_key)


def _distinct(names: Sequence[str]) -> list[str]:
    seen: list[str] = []
    for name in names:
        if name in seen:
            raise RecordSyntaxError(Said("%(name)s is named twice: each of the club's people has one name", name=repr(name)))
        seen.append(name)
    return seen


def get_person(club: Club, person_id: int) -> ClubPerson:
    person = db.session.get(ClubPerson, person_id)
    if person is None or person.club_id != club.id:
        raise services.NotFound(Said("no player %(person)s in this club", person=person_id))
    return person


@writes
def add_person(club: Club, name: Any) -> ClubPerson:
    """A new person of the club. :raises RecordSyntaxError: the name is not one, or already the club's."""
    named = person_name(name)
    if any(p.name == named for p in club.people):
        raise RecordSyntaxError(Said("%(name)s is already one of the club's players", name=named))
    person = ClubPerson(name=named)
    club.people.append(person)
    db.session.commit()
    return person


def _people_for(club: Club, names: Sequence[str]) -> None:
    """Make a person of every name not yet the club's (a table started with a new player)."""
    known = {p.name for p in club.people}
    for name in names:
        if isinstance(name, str) and name not in known:
            club.people.append(ClubPerson(name=name))
            known.add(name)


@writes
def rename_person(club: Club, person: ClubPerson, new_name: Any) -> ClubPerson:
    """Rename a person at every table and evening of the club, in one transaction.

    Each table's record and every version of its hands get the new name wherever the old one stood
    as a player's name, as the table's family reads its records (``Family.renamed``: never a card, a
    count's key or a hand's client id spelt the same); the engine settles each table again and must
    find the same figures seat for seat, or nothing is stored. Every table touched moves its revision, so the phones, the
    caches and the statistics read it again.

    :raises ScorekeeperError: the new name cannot be one, is another person's, or a table would not
        settle as before with it (a name that is also a card or a word of the records).
    """
    new = person_name(new_name)
    old = person.name
    if new == old:
        return person
    if any(p.name == new for p in club.people if p.id != person.id):
        raise RecordSyntaxError(Said("%(name)s is already one of the club's players: choose another name", name=new))
    tables = db.session.scalars(select(TableSession).join(ClubTable, ClubTable.session_id == TableSession.id)
                                .where(ClubTable.club_id == club.id)).all()
    checked: list[tuple[TableSession, dict[str, Any], int]] = []
    for table in tables:  # every check before the first change: a refusal leaves nothing half renamed
        if old not in (table.config.get("players") or []):
            continue
        family = family_of(table.game)  # it knows which fields of its records are names
        before = services.session_record(table)
        config = family.renamed(table.config, old, new)
        _same_figures(before, {**config, "hands": [family.renamed(h, old, new) for h in before["hands"]]}, old, new)
        checked.append((table, config, table.revision))
    evenings = [e for e in _evenings(club) if any(p.name == old for p in e.players)]
    touched = [table.id for table, _, _ in checked]
    with writelock.writing(db.engine):  # before the first change: a lazy load would flush it
        for table, config, _ in checked:
            family = family_of(table.game)
            table.config = config
            for hand in table.hands:
                hand.record = family.renamed(hand.record, old, new)
                for version in hand.versions:
                    version.record = family.renamed(version.record, old, new)
        for evening in evenings:
            _rename_in_evening(evening, old, new)
        person.name = new
        club.revision += 1
        for table, _, seen in checked:  # each table's optimistic lock, as a hand's write takes it
            moved = db.session.execute(update(TableSession).where(TableSession.id == table.id,
                                                                  TableSession.revision == seen)
                                       .values(revision=seen + 1).execution_options(synchronize_session=False))
            if moved.rowcount != 1:  # type: ignore[attr-defined]
                db.session.rollback()
                raise services.Busy(Said("a table of the club changed while the name was being changed: nothing is "
                                         "changed; rename again in a moment"))
        db.session.commit()
    for sid in touched:
        services.forget(sid)
    return person


def renamed(value: Any, old: str, new: str) -> Any:
    """``value`` (an evening's JSON data, whose only strings are names) with every string and key equal to
    ``old`` made ``new``."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [renamed(v, old, new) for v in value]
    if isinstance(value, dict):
        return {(new if k == old else k): renamed(v, old, new) for k, v in value.items()}
    return value


def _figures(settled: Mapping[str, Any]) -> list[Any]:
    """What a settlement says, by seat and without names: every hand's points, payments and totals."""
    def seats(values: Any) -> list[Any]:
        return list(values.values()) if isinstance(values, Mapping) else []

    hands = [[seats(h.get(k)) for k in ("points", "payments", "totals")] for h in settled.get("hands") or []]
    return [hands, seats(settled.get("totals")), seats(settled.get("money")), settled.get("finished")]


def _same_figures(before: Mapping[str, Any], after: Mapping[str, Any], old: str, new: str) -> None:
    """:raises InconsistentRecord: the table would not settle as before with the new name."""
    was = services.settle_record(before)
    now = services.settle_record(after)
    winners_then = [new if w == old else w for w in was.get("winners") or []]
    if _figures(was) != _figures(now) or winners_then != list(now.get("winners") or []):
        raise InconsistentRecord(Said("%(name)s cannot be a player's name at these tables (the records read it "
                                      "as something else): choose another name", name=repr(new)), code="players")


# --- tables --------------------------------------------------------------------------------------

def start_table(club: Club, club_token: str, record: Mapping[str, Any], *, confirm_required: bool = False,
                time_zone: str | None = None, language: str | None = None) -> services.Created:
    """A table of the club: the session stored as any table is, its new players made the club's people.

    :raises ScorekeeperError: the engine refuses the table; nothing is stored.
    """
    players = record.get("players") if isinstance(record, Mapping) else None
    with writelock.writing(db.engine):
        created = services.create_session(record, confirm_required=confirm_required, time_zone=time_zone,
                                          language=language, token_from=lambda sid: table_token(club_token, sid), commit=False)
        db.session.flush()  # the table before the row that names it
        _people_for(club, [p for p in players or [] if isinstance(p, str)])
        db.session.add(ClubTable(session_id=created.id, club_id=club.id))
        club.revision += 1
        db.session.commit()
    return created


def tables(club: Club, limit: int | None = None) -> list[TableSession]:
    """The club's tables, the newest first (the ``limit`` newest)."""
    query = (select(TableSession).join(ClubTable, ClubTable.session_id == TableSession.id)
             .where(ClubTable.club_id == club.id).order_by(TableSession.created_at.desc(), TableSession.id))
    return list(db.session.scalars(query if limit is None else query.limit(limit)))


def table_count(club: Club) -> int:
    return int(db.session.scalar(select(func.count()).select_from(ClubTable).where(ClubTable.club_id == club.id)) or 0)


@writes
def new_links(club: Club, token: str) -> services.Created:
    """New links for a club and for every one of its tables (their edit tokens are made from the club's), in
    one transaction; the club's edit ``token`` checked inside it (``services.renew_keys``).

    :raises AccessDenied: new links were taken with ``token`` in the meantime.
    """
    cid = club.id
    with writelock.writing(db.engine):  # before the first statement
        made, key = services.renew_keys(Club, cid, token)
        tables = db.session.scalars(select(TableSession).join(ClubTable, ClubTable.session_id == TableSession.id)
                                    .where(ClubTable.club_id == cid)).all()
        for table in tables:
            table.token_hash = services._hash(table_token(made, table.id))
            table.revision += 1
        db.session.commit()
    db.session.expire(club)  # the row changed under the ORM: read again if asked
    for table in tables:
        services.forget(table.id)
    return services.Created(cid, made, key)


def club_of_table(session_id: str) -> Club | None:
    found = db.session.scalar(select(Club).join(ClubTable, ClubTable.club_id == Club.id)
                              .where(ClubTable.session_id == session_id))
    return found


def club_of_evening(evening_id: str) -> Club | None:
    found = db.session.scalar(select(Club).join(ClubEvening, ClubEvening.club_id == Club.id)
                              .where(ClubEvening.evening_id == evening_id))
    return found


# --- evenings ------------------------------------------------------------------------------------

def start_evening(club: Club, club_token: str, ladies: Sequence[str], gentlemen: Sequence[str], seating: str,
                  rounds: int | None) -> services.Created:
    """A Progressive Hearts evening of the club, its edit token made from the club's as a table's is; its new
    players become the club's people.

    :raises ScorekeeperError: the engine refuses the evening; nothing is stored.
    """
    with writelock.writing(db.engine):
        created = progressive_services.create_evening(ladies, gentlemen, seating, rounds, commit=False,
                                                      token_from=lambda eid: table_token(club_token, eid))
        db.session.flush()  # the evening before the row that names it
        _people_for(club, [*ladies, *gentlemen])
        db.session.add(ClubEvening(evening_id=created.id, club_id=club.id))
        club.revision += 1
        db.session.commit()
    return created


def _evenings(club: Club) -> list[Evening]:
    return list(db.session.scalars(
        select(Evening).join(ClubEvening, ClubEvening.evening_id == Evening.id)
        .where(ClubEvening.club_id == club.id).order_by(Evening.created_at.desc())))


def evenings(club: Club) -> list[Evening]:
    """The club's evenings, the newest first."""
    return _evenings(club)


def _rename_in_evening(evening: Evening, old: str, new: str) -> None:
    """The name in an evening's players, results and prize cuts; the evening's revision moves."""
    player: EveningPlayer | None = next((p for p in evening.players if p.name == old), None)
    if player is None:
        return
    player.name = new
    result: EveningResult
    for result in evening.results:
        result.record = renamed(result.record, old, new)
    evening.prize_cuts = renamed(list(evening.prize_cuts), old, new)
    evening.revision += 1


# --- the kept tallies of the club's statistics (``clubs.stats``) ----------------------------------------------

def _utc(day: date, *, end: bool = False) -> datetime:
    return datetime.combine(day + timedelta(days=1) if end else day, time(), tzinfo=timezone.utc)


def _club_tables(club: Club, since: date | None, until: date | None) -> tuple[Any, list[Any]]:
    """The club's tables joined to the club, and the conditions of the period (whole days, UTC)."""
    s = TableSession.__table__
    where = [ClubTable.club_id == club.id]
    if since is not None:
        where.append(s.c.created_at >= _utc(since))
    if until is not None:
        where.append(s.c.created_at < _utc(until, end=True))
    return s.join(ClubTable.__table__, ClubTable.session_id == s.c.id), where


def tally_heads(club: Club, since: date | None, until: date | None) -> list[Any]:
    """The club's tables of the period, oldest first: (id, game, started, revision, the kept tally's revision or
    None), one query."""
    s, t = TableSession.__table__, TableTally.__table__
    tables, where = _club_tables(club, since, until)
    return list(db.session.execute(
        select(s.c.id, s.c.game, s.c.created_at, s.c.revision, t.c.revision)
        .select_from(tables.outerjoin(t, t.c.session_id == s.c.id)).where(*where)
        .order_by(s.c.created_at, s.c.id)).all())


def kept_tallies(club: Club, since: date | None, until: date | None) -> dict[str, dict[str, Any]]:
    """The kept tallies of the club's tables of the period that are at their table's revision, by table."""
    s, t = TableSession.__table__, TableTally.__table__
    tables, where = _club_tables(club, since, until)
    rows = db.session.execute(select(t.c.session_id, t.c.tally).select_from(tables.join(t, t.c.session_id == s.c.id))
                              .where(*where, t.c.revision == s.c.revision))
    return {sid: tally for sid, tally in rows}


def keep_tallies(fresh: Sequence[tuple[str, int, dict[str, Any]]]) -> None:
    """Keep new tallies (table, revision, tally) in place of older ones, in a transaction of their own; another
    request keeping the same ones at once is fine (they are equal: the loser's insert fails and is rolled back,
    a cache: the next read makes them again)."""
    t = TableTally.__table__
    try:
        with writelock.writing(db.engine):
            db.session.execute(delete(t).where(t.c.session_id.in_([sid for sid, _, _ in fresh])))
            db.session.execute(insert(t), [{"session_id": sid, "revision": rev, "tally": tally}
                                           for sid, rev, tally in fresh])
            db.session.commit()
    except DBAPIError:
        db.session.rollback()
