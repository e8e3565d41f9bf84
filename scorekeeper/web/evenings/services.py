"""A Progressive Hearts evening's services: the one layer of the evening pages that calls the
engine and commits.

An evening is stored as its players' first seating and every version of every table's result.
The seating of each round, the stars and the prizes are the engine's (``engine.progressive``),
computed each time they are read, so a correction can never leave a stale seating behind.
Every write first reads the whole evening with the change applied, so a refused result stores
nothing; then it moves the evening's revision from the one it read (an optimistic lock, as a
session's writes do), so two phones never both commit against the same evening.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import update

from ...engine import fields
from ...engine.errors import InconsistentRecord, RecordSyntaxError, Said, both
from ...engine.hearts.progressive import (
    PlayedRound, PrizeTie, TablePlan, check_table, draw_seating, play_evening, prize_tie, read_table,
    seating_plan, start_evening, table_json,
)
from ...engine.hearts.settlement.family import Prize, ProgressiveState, progressive_prizes
from ...sheets.progressive import Tally
from .. import params, services, writelock
from ..extensions import db
from ..models import Club, ClubEvening, Evening, EveningPlayer, EveningResult
from ..unit import writes
from ..changes import describe_fields  # what changed, field by field: "hearts Ann 3 → 4"

LADY, GENTLEMAN = "lady", "gentleman"
SEATINGS = ("typed", "drawn")
MAX_ROUNDS = 99
MAX_NAME = fields.MAX_NAME  # EveningPlayer.name's column: the engine's bound on every name


# --- access ------------------------------------------------------------------------------------

def get_evening(evening_id: str) -> Evening:
    return services.get_linked(Evening, evening_id, "evening")


def edit_evening(evening_id: str, token: str | None) -> Evening:
    """:raises services.AccessDenied: unless ``token`` is the evening's edit token (sessions' check)."""
    return services.edit_linked(Evening, evening_id, token, "evening")


def club_language(evening_id: str) -> str | None:
    """The language of the club the evening was started in, or None (an evening of no club, a club without one)."""
    owner = db.session.get(ClubEvening, evening_id)
    club = db.session.get(Club, owner.club_id) if owner is not None else None
    return club.language if club is not None else None


def read_evening(evening_id: str, token: str | None, key: str | None) -> Evening:
    """Reads take the read-only key or the edit token, as a session's do."""
    return services.read_linked(Evening, evening_id, token, key, "evening")


# --- the evening as the engine reads it --------------------------------------------------------------

@dataclass(frozen=True)
class TableNow:
    """A table of the round being played: who sits where, and its result once entered."""

    plan: TablePlan
    row: EveningResult | None  # the latest version, or None while the table is still playing
    notes: tuple[str, ...] = ()  # the engine's words for its four players (ladies, then gentlemen)


@dataclass(frozen=True)
class EveningView:
    """Everything a page or the printed tally shows, from the stored rows and the engine."""

    evening: Evening
    start: ProgressiveState
    played: tuple[PlayedRound, ...]  # the complete rounds
    state: ProgressiveState  # the seating and the stars after them
    finished: bool
    tables: tuple[TableNow, ...] = ()  # the round being played (none once finished)
    latest: Mapping[tuple[int, int], EveningResult] = field(default_factory=dict)  # (round, table) -> row
    prizes: tuple[Prize, ...] = ()
    tie: PrizeTie | None = None  # a prize tie that needs a cut before the prizes can be given

    @property
    def current(self) -> int | None:
        """The number of the round being played; None once the evening is over."""
        return None if self.finished else len(self.played) + 1

    def entered(self, round_no: int) -> bool:
        return any(r == round_no for r, _ in self.latest)

    def correctable(self, round_no: int) -> bool:
        """A round's results may be corrected until the next round has a result (its movement stands then)."""
        return 1 <= round_no <= len(self.played) + 1 and not self.entered(round_no + 1)

    def name(self, player: int) -> str:
        return self.state.players[player]


def load(evening: Evening, latest: Mapping[tuple[int, int], EveningResult] | None = None,
         records: Mapping[tuple[int, int], Any] | None = None) -> EveningView:
    """The evening read by the engine: the complete rounds in order, then the one being played.

    ``records`` override stored results (what a write checks before it stores anything).

    :raises ScorekeeperError: the engine refuses a result (never for what is stored: every write checks first).
    """
    if latest is None:
        latest = latest_results(evening)
    known = {key: row.record for key, row in latest.items()}
    known.update(records or {})
    start = first_seating(evening)
    numbers = range(1, len(start.tables) + 1)
    rounds: list[list[Any]] = []
    while all((len(rounds) + 1, t) in known for t in numbers):  # the complete rounds, in order
        rounds.append([known[len(rounds) + 1, t] for t in numbers])
    if evening.rounds is not None:
        rounds = rounds[:evening.rounds]
    played = play_evening(start, rounds)
    state = played[-1].after if played else start
    finished = bool(played) and (evening.ended or (evening.rounds is not None and len(played) >= evening.rounds))
    if finished:
        cuts = [state.players.index(name) for name in evening.prize_cuts or [] if name in state.players]
        tie = prize_tie(state, cuts)
        return EveningView(evening, start, played, state, True, (), latest, () if tie else progressive_prizes(state, cuts),
                           tie)
    now = len(played) + 1
    tables = tuple(TableNow(plan, latest.get((now, plan.number)),
                            _notes(state, plan.number - 1, known[now, plan.number]) if (now, plan.number) in known else ())
                   for plan in seating_plan(state))
    return EveningView(evening, start, played, state, False, tables, latest)


def _notes(state: ProgressiveState, t: int, record: Any) -> tuple[str, ...]:
    return check_table(state, t, read_table(state, t, record))


def first_seating(evening: Evening) -> ProgressiveState:
    """The seating of round 1: the ladies and the gentlemen in their stored seating order."""
    ladies = [p.name for p in sorted(evening.players, key=lambda p: p.seat_order) if p.kind == LADY]
    gentlemen = [p.name for p in sorted(evening.players, key=lambda p: p.seat_order) if p.kind == GENTLEMAN]
    return start_evening(ladies, gentlemen)


def latest_results(evening: Evening) -> dict[tuple[int, int], EveningResult]:
    """The latest version of each (round, table) result."""
    latest: dict[tuple[int, int], EveningResult] = {}
    for row in evening.results:
        key = (row.round_no, row.table_no)
        if key not in latest or row.version > latest[key].version:
            latest[key] = row
    return latest


def versions(evening: Evening, round_no: int, table_no: int) -> list[EveningResult]:
    return [r for r in evening.results if (r.round_no, r.table_no) == (round_no, table_no)]


# --- writes ------------------------------------------------------------------------------------

@writes
def new_links(evening: Evening, token: str) -> services.Created:
    """New links for an evening: a new edit token and read-only key, in one transaction, the evening's edit
    ``token`` checked inside it (``services.renew_keys``). :raises AccessDenied: new links were taken with it."""
    with writelock.writing(db.engine):
        made, key = services.renew_keys(Evening, evening.id, token)
        db.session.commit()
    db.session.expire(evening)
    return services.Created(evening.id, made, key)


def create_evening(ladies: Sequence[str], gentlemen: Sequence[str], seating: str, rounds: int | None,
                   rng: random.Random | None = None, *, token_from: Callable[[str], str] | None = None,
                   commit: bool = True) -> services.Created:
    """Store a new evening once the engine accepts its tables; the seating drawn at random or as typed.

    :raises ScorekeeperError: the engine refuses the players (not full tables of two ladies and two
        gentlemen, fewer than two tables, a name twice), an unknown seating or number of rounds.

    ``token_from`` makes the edit token from the new id (a club's evening); ``commit=False`` leaves the
    new rows to the caller's transaction.
    """
    if seating not in SEATINGS:
        raise RecordSyntaxError(Said("the first seating is typed or drawn, not %(given)s", given=repr(seating)))
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        raise RecordSyntaxError(Said("an evening plays 1 to %(most)s rounds, or as many as the host likes",
                                     most=MAX_ROUNDS))
    if seating == "drawn":
        ladies, gentlemen = draw_seating(ladies, gentlemen, rng or random.SystemRandom())
    state = start_evening(ladies, gentlemen)
    eid = params.new_id()
    token = token_from(eid) if token_from else secrets.token_urlsafe(24)
    evening = Evening(id=eid, token_hash=services._hash(token), read_key=secrets.token_urlsafe(12),
                      rounds=rounds, seating=seating, ended=False, prize_cuts=[], revision=0)
    half = len(state.players) // 2
    for p, name in enumerate(state.players):
        evening.players.append(EveningPlayer(name=name, kind=LADY if p < half else GENTLEMAN, seat_order=p % half))
    db.session.add(evening)
    if commit:
        db.session.commit()
    return services.Created(evening.id, token, evening.read_key)


def record_table(evening: Evening, round_no: int, table_no: int, given: Mapping[str, Any],
                 seen_version: int) -> EveningResult:
    """Enter or correct one table's result, checked by the engine with the whole evening first.

    ``seen_version`` is the version the phone's form was built on (0: none yet): if another phone
    stored one since, nothing is overwritten (the same result sent twice is stored once).

    :raises ScorekeeperError: the engine refuses the result; the round is not open (over, not
        started, or its movement already stands); another phone saved this table since the form was
        opened (code ``conflict``).
    :raises services.Busy: other phones kept changing the evening through every attempt.
    """

    def change(view: EveningView) -> EveningResult:
        if not 1 <= table_no <= len(view.start.tables):
            raise services.NotFound(Said("no table %(number)s: this evening has %(count)s tables", number=table_no,
                                         count=len(view.start.tables)))
        _check_open(view, round_no)
        state = view.played[round_no - 1].before if round_no <= len(view.played) else view.state
        record = table_json(state, table_no - 1, read_table(state, table_no - 1, given))
        stored = view.latest.get((round_no, table_no))
        if stored is not None and stored.record == record:
            return stored  # unchanged, or the same result sent twice
        if (stored.version if stored else 0) != seen_version:
            raise InconsistentRecord(Said("table %(table)s's result of round %(round)s was saved on another phone a "
                                          "moment ago: look at it again, then correct it if it is wrong",
                                          table=table_no, round=round_no), code="conflict")
        load(evening, view.latest, {(round_no, table_no): record})  # the whole evening with it: the engine's checks
        said = "entered" if stored is None else "corrected: " + describe_fields(stored.record, record)
        row = EveningResult(round_no=round_no, table_no=table_no, version=stored.version + 1 if stored else 1,
                            record=record, change=said[:200])
        evening.results.append(row)
        if view.finished or round_no <= len(view.played):
            evening.prize_cuts = []  # the stars change: the prize ties are asked again
        return row

    return _write(evening, change)


def _check_open(view: EveningView, round_no: int) -> None:
    if round_no > len(view.played) + 1 or round_no < 1 or (view.finished and round_no > len(view.played)):
        raise services.NotFound(Said("round %(number)s is not being played", number=round_no))
    closed = closed_reason(view, round_no)
    if closed:
        raise InconsistentRecord(closed)


def closed_reason(view: EveningView, round_no: int) -> str | None:
    """Why a round's results can no longer be corrected, or None while they can."""
    if view.correctable(round_no):
        return None
    return (f"round {round_no + 1} has results already: the movement after round {round_no} stands, "
            "and its results can no longer be corrected")


@writes
def end_evening(evening: Evening) -> None:
    """The host ends the evening after a complete round (an open-ended evening, or one cut short).

    :raises InconsistentRecord: no round complete yet, or the round being played has results already.
    """

    def change(view: EveningView) -> None:
        if view.finished:
            return
        if not view.played:
            raise InconsistentRecord(Said("no round is complete yet: play at least one round before ending the evening"))
        if any(t.row is not None for t in view.tables):
            raise InconsistentRecord(Said("some tables of round %(number)s have their result in: enter the others, "
                                          "then end the evening", number=view.current))
        evening.ended = True

    _write(evening, change)


@writes
def record_prize_cut(evening: Evening, winner: str) -> None:
    """Who won the cut for a prize still tied after the tie-breaks.

    :raises InconsistentRecord: (code ``cut``) no prize is waiting for a cut, or ``winner`` is not in the tie.
    """

    def change(view: EveningView) -> None:
        if view.tie is None:
            raise InconsistentRecord(Said("no prize is waiting for a cut"), code="cut")
        tied = [view.name(p) for p in view.tie.players]
        if winner not in tied:
            raise InconsistentRecord(Said("%(player)s is not in this tie (%(tied)s are)", player=winner, tied=both(tied)),
                                     code="cut")
        evening.prize_cuts = [*(evening.prize_cuts or []), winner]

    _write(evening, change)


T = TypeVar("T")


def _write(evening: Evening, change: Callable[[EveningView], T]) -> T:
    """Make ``change`` to the evening as read now and commit it, unless another phone wrote first
    (or held the database a moment): then read the evening again and check the change against it
    (tables of one round come in from several phones at once), a few times with a short pause.

    Each write moves the evening's revision from the one its check read (an optimistic lock);
    a write checked against an older evening finds no row to move and is undone.

    :raises services.Busy: other phones kept writing through every attempt; nothing is stored.
    """
    def attempt(again: bool) -> T:  # after a rollback, the evening and its results are read again
        seen = evening.revision
        done = change(load(evening))
        if not (db.session.new or db.session.dirty):
            return done  # nothing to store: the same result sent again, an evening already over
        moved = db.session.execute(
            update(Evening).where(Evening.id == evening.id, Evening.revision == seen)
            .values(revision=seen + 1).execution_options(synchronize_session=False)
        )
        if moved.rowcount != 1:  # type: ignore[attr-defined]
            raise services.Conflict()
        db.session.commit()
        return done

    # unique: a result's version stored by another phone in between
    return services.retried(attempt, Said("other phones keep changing this evening at this moment: nothing is "
                                          "stored; send it again in a moment"), unique=True)


def tally(view: EveningView) -> Tally:
    """What the printed tally shows of the evening (``sheets.progressive``)."""
    return Tally(view.played, view.state, view.evening.rounds, view.finished, view.prizes, view.tie)
