"""The services layer: the only code that talks to both the engine and the database.

Every write settles the whole session with the change applied before anything is
stored, so an illegal or impossible hand is refused with the engine's error and
nothing already stored is lost. Views and the JSON API call these functions.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import random
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol, TypeVar

from sqlalchemy import Text, bindparam, delete, func, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError

from ..engine.errors import Said, ScorekeeperError
from ..engine import seats
from ..engine.family import Fold, family_of, family_of_record, plain
from ..engine.fields import read_id
from ..engine.marks import N_
from ..engine.settled import Settled
from ..engine.family import settle_json
from ..engine.session import split_counts
from ..sheets.clock import known_zone
from .. import notes_words
from . import changes, direct, history_words, lang, params, writelock
from .extensions import db
from .lang import LANGUAGES
from .models import ClubTable, Hand, HandVersion, SeatDraft, TableSession, now
from .unit import writes



class AccessDenied(Exception):
    """A write without the session's token, or a read without its token or read key."""


class NotFound(Exception):
    """No such session or hand: its sentence, in English (``str``), or as data (a ``Said``) that a page words in
    the reader's language (the API's answer keeps the English)."""


RETRY_AFTER_SECONDS = 1


class Busy(Exception):
    """Other writes kept going in while this one was checked, or the database stayed locked: nothing is
    stored, and the same request sent again after ``retry_after`` seconds should go in.

    Not an engine error (the record is fine), but answered with the same error object, code ``busy``:
    409 and ``Retry-After`` from the API and the pages.
    """

    code = "busy"

    def __init__(self, message: str | Said, *, retry_after: int = RETRY_AFTER_SECONDS) -> None:
        super().__init__(str(message))
        self.said = message if isinstance(message, Said) else None  # its sentence as data: a page words it
        self.message = str(message)
        self.retry_after = retry_after

    def refusal(self) -> ScorekeeperError:
        """The same sentence as an engine's refusal (code ``busy``): what the pages and answers word."""
        return ScorekeeperError(self.said or self.message, code=self.code)

    def to_json(self) -> dict[str, Any]:
        """The contract's error object, and when to send again."""
        return {**self.refusal().to_json(), "retry_after": self.retry_after}


class ChangedMeanwhile(ScorekeeperError):
    """A form another phone's write has overtaken (409 ``conflict``): a new hand drawn for a hand now
    recorded, a correction drawn from a version of the hand changed since. Storing it could record one
    hand twice or undo the other change unseen, so nothing is stored and the sentence says what the
    other phone stored. Judged inside the write's transaction (``record_hand``, ``_change_hand``)."""

    default_code = "conflict"


class ClientIdConflict(ScorekeeperError):
    """A hand sent with a client id this session already holds for a different hand (409 ``conflict``).

    The same id with the same hand is a re-send after a lost answer and stores nothing; with other
    content it is a mistake the phone must hear of, not a success that silently drops the new hand.
    """

    default_code = "conflict"


@dataclass(frozen=True)
class Created:
    id: str
    token: str
    read_key: str


# --- keys ----------------------------------------------------------------------------------------

def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Keyed(Protocol):
    """What has its own links: a table (or its head), an evening, a club."""

    @property
    def token_hash(self) -> str: ...

    @property
    def read_key(self) -> str: ...


REPLACED = Said("this needs the table's edit link or token; a link the table has replaced with new links opens "
                "nothing: ask its scorer for the current one")


def check_token(table: Keyed, token: str | None) -> None:
    """:raises AccessDenied: unless ``token`` is the session's edit token."""
    if not token or not hmac.compare_digest(_hash(token), table.token_hash):
        raise AccessDenied(REPLACED)


def check_read(table: Keyed, token: str | None, key: str | None) -> None:
    """Reads accept the edit token or the read-only key."""
    if key and hmac.compare_digest(key.encode(), table.read_key.encode()):
        return
    check_token(table, token)


MISSING = {  # a link that opens nothing, by what it names: whole sentences, each translated
    "session": N_("no session %(session)s"), "club": N_("no club %(club)s"), "evening": N_("no evening %(evening)s"),
}

Linked = TypeVar("Linked", bound=Keyed)  # what has its own links: a table, an evening, a club
T = TypeVar("T")


def get_linked(model: type[Linked], ident: str, noun: str) -> Linked:
    """:raises NotFound: no ``noun`` of that id."""
    found = db.session.get(model, ident) if params.is_ident(ident) else None
    if found is None:
        raise NotFound(Said(MISSING[noun], **{noun: repr(ident)}))
    return found


def edit_linked(model: type[Linked], ident: str, token: str | None, noun: str) -> Linked:
    """:raises AccessDenied: unless ``token`` is its edit token; NotFound: no such ``noun``."""
    found = get_linked(model, ident, noun)
    check_token(found, token)
    return found


def read_linked(model: type[Linked], ident: str, token: str | None, key: str | None, noun: str) -> Linked:
    """Reads take the read-only key or the edit token, alike for a table, an evening and a club."""
    found = get_linked(model, ident, noun)
    check_read(found, token, key)
    return found


# --- new links (``web.links``): each renewal one transaction, the link it was asked with checked inside it -----

def renew_keys(model: Any, ident: str, token: str | None, *, new_token: bool = True) -> tuple[str, str]:
    """Give the row ``ident`` of ``model`` (a table, an evening, a club) a new read-only key and, with
    ``new_token``, a new edit token, and move its revision, in the caller's transaction (its write lock
    taken): one statement, which changes the row only while ``token`` is still its edit token. So the check
    of the link the renewal was asked with runs inside the write: of two phones renewing at once with one
    link, the second finds it replaced. The edit token (``token`` itself without ``new_token``) and the key.

    :raises AccessDenied: ``token`` no longer opens the row (new links were taken in the meantime).
    """
    made = secrets.token_urlsafe(24) if new_token else str(token)
    key = secrets.token_urlsafe(12)
    values: dict[str, Any] = {"read_key": key, "revision": model.revision + 1}
    if new_token:
        values["token_hash"] = _hash(made)
    moved = db.session.execute(update(model).where(model.id == ident, model.token_hash == _hash(token or ""))
                               .values(**values).execution_options(synchronize_session=False))
    if moved.rowcount != 1:  # type: ignore[attr-defined]
        raise AccessDenied(REPLACED)
    return made, key


@writes
def new_table_links(table: TableSession, token: str) -> Created:
    """New links for a table whose edit token is ``token``: a new read-only key, and a new edit token unless
    the table is a club's (its edit token is made from the club's, renewed with the club's links). One
    transaction; ``token`` checked inside it (``renew_keys``).

    :raises AccessDenied: new links were taken with ``token`` in the meantime.
    :raises Busy: the database stayed held by other writes.
    """
    sid = table.id
    made, key = retried(committed(lambda: renew_keys(TableSession, sid, token, new_token=not _a_clubs(sid))),
                        Said("the table is busy: other phones keep writing at this moment; nothing is changed, take "
                             "new links again in a moment"))
    db.session.expire(table)  # the row changed under the ORM: read again if asked
    forget(sid)
    return Created(sid, made, key)


def _a_clubs(session_id: str) -> bool:
    """Whether the table is one of a club's (its links are the club's to renew)."""
    return db.session.scalar(select(ClubTable.club_id).where(ClubTable.session_id == session_id)) is not None


def get_session(session_id: str) -> TableSession:
    return get_linked(TableSession, session_id, "session")


def configs_of(ids: list[str]) -> dict[str, dict[str, Any]]:
    """The stored configuration of each of these tables (one query; an id of no table is left out)."""
    rows = db.session.execute(select(TableSession.id, TableSession.config).where(TableSession.id.in_(ids)))
    return {sid: config for sid, config in rows}


@dataclass(frozen=True)
class SessionHead:
    """What a new hand needs of its session, read without the ORM (the API's hot path).

    Kept per process (``head_for_write``): treat ``config`` as read-only.
    """

    id: str
    token_hash: str
    read_key: str
    config: dict[str, Any]
    confirm_required: bool
    revision: int


def get_head(session_id: str) -> SessionHead:
    """The session's row as a value. :raises NotFound: no such session."""
    row = db.session.connection().execute(_HEAD, {"sid": session_id}).first() if params.is_ident(session_id) else None
    if row is None:
        raise NotFound(Said("no session %(session)s", session=repr(session_id)))
    head = SessionHead(*row)
    with _SNAPSHOTS_LOCK:
        _put(_HEADS, head.id, head)
    return head


def head_for_write(session_id: str) -> SessionHead:
    """The session's head for a new hand: no statement when this process knows the session.

    A session's token, read key, config and confirmation rule are set when it is created and
    never change, so they are kept; the revision is that of this process's latest snapshot of
    the session. Stale is harmless: the write's optimistic lock (``_bump_revision``) refuses a
    revision another process moved, and ``record_hand`` then reads the session again and retries.
    """
    head, known = _HEADS.get(session_id), _SNAPSHOTS.get(session_id)
    if head is None or known is None:
        return get_head(session_id)
    return replace(head, revision=known.revision)


_HEADS: dict[str, SessionHead] = {}


# --- the session record ----------------------------------------------------------------------------

def session_record(
    table: TableSession,
    *,
    row: Hand | None = None,
    record: dict[str, Any] | None = None,
    struck: bool | None = None,
    confirmed: bool | None = None,
) -> dict[str, Any]:
    """The stored session as a session record (docs/settlement.md): every hand not struck out, in order.

    A hand waiting for confirmation was dealt at the table, so it keeps its place in the
    dealer rotation but does not count yet: it goes to the engine as ``"counts": false``.
    With ``row`` and any of ``record``/``struck``/``confirmed``: the session as it would be
    with that one hand changed, which is what a write checks before it stores anything.
    """
    hands = []
    for h in table.hands:
        rec, is_struck, is_confirmed = h.record, h.struck, h.confirmed
        if h is row:
            rec = rec if record is None else record
            is_struck = is_struck if struck is None else struck
            is_confirmed = is_confirmed if confirmed is None else confirmed
        if not is_struck:
            hands.append(dict(rec) if is_confirmed else {**rec, "counts": False})
    return {**table.config, "hands": hands}


def settle_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """Settle a session record, by its game's family (``engine.family``), the waiting hands
    included as ``"counts": false``. :raises ScorekeeperError: with the engine's sentence."""
    return settle_json(record)


def settle_counting(table: TableSession, row: Hand) -> tuple[Settled, int] | None:
    """The session settled as if ``row`` counted (struck out or waiting too), by its family, and the
    place of ``row`` among the hands that count; None when the engine refuses the session that way."""
    record, index = _as_if_counted(table, row)
    try:
        result = family_of_record(record).settle(record)
    except ScorekeeperError:
        return None
    return (result, index) if index < len(result.hands) else None


def settle_counting_json(table: TableSession, row: Hand) -> tuple[dict[str, Any], int] | None:
    """``settle_counting`` as the settle output (a family's package may give only that)."""
    record, index = _as_if_counted(table, row)
    try:
        settled = settle_record(record)
    except ScorekeeperError:
        return None
    return (settled, index) if index < len(settled["hands"]) else None


def _as_if_counted(table: TableSession, row: Hand) -> tuple[dict[str, Any], int]:
    """The session record with ``row`` counting, and the place of ``row`` among the hands that count."""
    record = session_record(table, row=row, struck=False, confirmed=True)
    return record, sum(1 for h in table.hands[: table.hands.index(row)] if h.confirmed and not h.struck)


def current_settlement(table: TableSession | SessionHead) -> dict[str, Any]:
    """The settle output of the session as stored (shared: callers must not change it).

    Every write moves the session's revision, so (id, revision) names one stored state in
    every process: each process settles a state once, however many phones poll it.
    """
    stored = snapshot(table)
    key = (table.id, stored.revision)
    settled = _SETTLED.get(key)
    if settled is None:
        settled = settle_record(stored.session_record(table.config))
        _remember(key, settled)
    return settled


_SETTLED: dict[tuple[str, int], dict[str, Any]] = {}
_SETTLED_MAX = 512
_SETTLED_LOCK = threading.Lock()


def _remember(key: tuple[str, int], settled: dict[str, Any]) -> None:
    with _SETTLED_LOCK:
        _put(_SETTLED, key, settled)


def _put(cache: dict[Any, Any], key: Any, value: Any) -> None:
    """Keep ``value`` in one of this process's caches: at most ``_SETTLED_MAX`` entries, the oldest
    going first (dicts keep insertion order). Called holding the cache's lock."""
    if key not in cache and len(cache) >= _SETTLED_MAX:
        del cache[next(iter(cache))]
    cache[key] = value


# --- a stored state, read once ----------------------------------------------------------------------

@dataclass(frozen=True)
class StoredHand:
    """What the engine and the dedupe need of a stored hand (no ORM object behind it)."""

    id: int
    position: int
    client_id: str | None
    record: dict[str, Any]
    struck: bool
    confirmed: bool


@dataclass(frozen=True)
class Snapshot:
    """A session's hands at one revision: a value, shared by the requests of a process.

    The revision and the hands are read by one statement, so they belong together even while
    other phones write; each write moves the revision, so (id, revision) names the hands in
    every process and a snapshot is never stale under its own revision.
    """

    revision: int
    hands: tuple[StoredHand, ...]

    def session_record(self, config: Mapping[str, Any]) -> dict[str, Any]:
        """The session record, as ``services.session_record`` gives it, without the ORM."""
        return {**config, "hands": [dict(h.record) if h.confirmed else {**h.record, "counts": False}
                                    for h in self.hands if not h.struck]}

    def next_position(self) -> int:
        return max((h.position for h in self.hands), default=0) + 1

    def with_hand(self, hand: StoredHand) -> Snapshot:
        return Snapshot(self.revision + 1, (*self.hands, hand))


_SNAPSHOTS: dict[str, Snapshot] = {}
_SNAPSHOTS_LOCK = threading.Lock()


def snapshot(table: TableSession | SessionHead) -> Snapshot:
    """The session's hands as stored now: this process's copy when it is at the revision ``table``
    was read at, else one query (the session's revision joined with its hands)."""
    known = _SNAPSHOTS.get(table.id)
    if known is not None and known.revision == table.revision:
        return known
    return _load_snapshot(table.id)


def _load_snapshot(session_id: str) -> Snapshot:
    rows = db.session.connection().execute(_SNAPSHOT, {"sid": session_id}).all()
    if not rows:
        raise NotFound(Said("no session %(session)s", session=repr(session_id)))
    stored = Snapshot(rows[0].revision, tuple(
        StoredHand(r.id, r.position, r.client_id, r.record, r.struck, r.confirmed) for r in rows if r.id is not None))
    _keep(session_id, stored)
    return stored


def _keep(session_id: str, stored: Snapshot) -> None:
    with _SNAPSHOTS_LOCK:
        known = _SNAPSHOTS.get(session_id)
        if known is not None and known.revision > stored.revision:
            return  # a later state is already known here
        _put(_SNAPSHOTS, session_id, stored)


# --- writes ------------------------------------------------------------------------------------------

def create_session(record: Mapping[str, Any], *, confirm_required: bool = False, time_zone: str | None = None,
                   language: str | None = None, token_from: Callable[[str], str] | None = None, commit: bool = True) -> Created:
    """Store a new session (hands optional) once the engine accepts all of it: its family reads and
    settles the whole record first (``Family.read_session``). ``time_zone``: the starting phone's, kept
    when it is one the printed sheets know (else not, and they print in UTC and say so); ``language``: the
    table's (a code ``web.lang`` ships, else none). ``token_from``
    makes the edit token from the new id (a club's tables: ``clubs.table_token``); ``commit=False``
    leaves the new rows to the caller's transaction.

    :raises ScorekeeperError: the record is unreadable, or a hand is illegal or impossible.
    """
    stored = family_of_record(record).read_session(record)
    return _store_new(stored.game, stored.config, stored.hands, confirm_required, known_zone(time_zone),
                      token_from=token_from, commit=commit, language=language)


def start_again(table: TableSession, start: Callable[..., Created] | None = None) -> Created:
    """A new table with ``table``'s seats, game and settings (its stored record without the hands: the
    players in their order, the game and its options, the settlement and its options, the stake, the
    first dealer), its confirmation rule, time zone and language. ``start`` stores it (``clubs.start_table`` with
    the club's token keeps a club's table in its club); by default ``create_session``.

    :raises ScorekeeperError: the engine refuses the record (a table stored before a rule changed).
    """
    record = {name: copy.deepcopy(value) for name, value in table.config.items() if name != "hands"}
    return (start or create_session)(record, confirm_required=table.confirm_required, time_zone=table.time_zone,
                                     language=table.language)


def _store_new(game: str, config: dict[str, Any], hands: list[dict[str, Any]], confirm_required: bool,
               time_zone: str | None = None, *, token_from: Callable[[str], str] | None = None,
               commit: bool = True, language: str | None = None) -> Created:
    """Store a checked session: a new id, edit token (kept as its hash) and read key."""
    sid = params.new_id()
    token = token_from(sid) if token_from else secrets.token_urlsafe(24)
    created = Created(sid, token, secrets.token_urlsafe(12))
    if not commit:
        _new_rows(created, game, config, hands, confirm_required, time_zone, language)
        return created
    retried(committed(lambda: _new_rows(created, game, config, hands, confirm_required, time_zone, language)),
            Said("the database is busy at this moment: nothing is stored; send it again in a moment"))
    return created


def _new_rows(created: Created, game: str, config: dict[str, Any], hands: list[dict[str, Any]],
              confirm_required: bool, time_zone: str | None, language: str | None = None) -> TableSession:
    table = TableSession(id=created.id, token_hash=_hash(created.token), read_key=created.read_key, game=game,
                         config=config, confirm_required=confirm_required, revision=0, time_zone=time_zone,
                         language=language if language in LANGUAGES else None)
    db.session.add(table)
    for position, raw in enumerate(hands, 1):
        hand, counts = split_counts(raw)  # an exported hand that awaited confirmation still does
        _add_row(table, position, dict(hand), confirmed=counts)
    return table


def forget(session_id: str) -> None:
    """Drop what this process keeps of a session whose config changed (a club's player renamed): its
    head, snapshot and fold are read again. Other processes find the revision moved and read it again."""
    with _SNAPSHOTS_LOCK:
        for cache in (_HEADS, _SNAPSHOTS, _FOLDS):
            cache.pop(session_id, None)


@writes
def add_hand(table: TableSession, hand: Mapping[str, Any], *, confirmed: bool | None = None,
             for_hand: int | None = None) -> tuple[Hand, bool]:
    """Append a hand after the engine accepts the session with it; (row, created).

    The same client-made ``id`` sent twice is stored once: the second call returns the
    first row unchanged. Two phones writing at once both get their hand stored (the later
    one is checked again after the earlier one, as the next hand), or a clear refusal; with
    ``for_hand`` (the hand the phone's form was drawn for) the later one is refused when the
    earlier one stored that hand (``ChangedMeanwhile``).
    """
    recorded = record_hand(table, hand, confirmed=confirmed, for_hand=for_hand)
    db.session.expire_all()  # written beside the session (``direct``): what it loaded is read again
    row = db.session.get(Hand, recorded.hand.id)
    assert row is not None  # stored by this call or an earlier one, and hands are never deleted
    return row, recorded.created


@dataclass(frozen=True)
class Recorded:
    """A new hand's outcome: the stored hand, whether this call stored it, the settlement after it."""

    hand: StoredHand
    created: bool
    settlement: dict[str, Any]


def record_hand(
    table: TableSession | SessionHead, hand: Mapping[str, Any], *, confirmed: bool | None = None,
    for_hand: int | None = None,
) -> Recorded:
    """``add_hand`` without loading ORM objects: the path every phone and the API take for a new hand.

    The hands come from this process's snapshot of the session (or one query); the check before
    the write already settled the session with the new hand, and that settlement is returned.
    The write is two statements (the revision's optimistic lock first, then the hand) and one
    commit; with ``head_for_write``, a session this process knows costs no read at all.

    ``for_hand``: the number of the hand the phone's form was drawn for. It is judged against the
    state the write commits on: the optimistic lock stores the hand only if the revision the check
    read is still the session's, and every new attempt reads the session again and judges again, so
    of two phones saving hand n at once one stores it and the other is told what it stored.

    :raises ChangedMeanwhile: the session holds hand ``for_hand`` already (another client's).
    """
    cleaned, counts = split_counts(plain(hand))  # a hand sent with "counts": false waits for confirmation
    hand = dict(cleaned)
    if not counts:
        confirmed = False
    client_id = _client_id(hand)
    is_confirmed = (not table.confirm_required) if confirmed is None else confirmed
    sid, config = table.id, table.config  # read before the commit expires them
    stored = snapshot(table)

    def attempt(again: bool) -> Recorded:
        nonlocal stored, config
        if again:  # another phone wrote to this session a moment ago: check against what it stored
            stored = _load_snapshot(sid)
            head = get_head(sid)
            config = head.config  # a club's rename may have changed the names
            if head.token_hash != table.token_hash:  # the table took new links: the old token writes nothing
                raise AccessDenied(Said("this table has new links since: ask its scorer for the new edit link"))
        if client_id is not None:
            existing = next((h for h in stored.hands if h.client_id == client_id), None)
            if existing is not None:  # the answer is the session as stored now, read afresh
                _same_hand_again(existing, hand)
                return Recorded(existing, False, current_settlement(get_head(sid)))
        if for_hand is not None and 1 <= for_hand < stored.next_position():
            raise _overtaken(config, stored, for_hand)
        try:
            settled, fold = _settle_with(sid, stored, config, hand)  # as if it counted, even while it waits
        except ScorekeeperError as exc:
            if get_head(sid).revision == stored.revision:
                raise
            raise Conflict() from exc  # checked against a state another process has changed since (a renamed player)
        position = stored.next_position()
        hand_id = _insert_hand(sid, stored.revision, position, client_id, hand, is_confirmed)
        new = StoredHand(hand_id, position, client_id, hand, False, is_confirmed)
        after = stored.with_hand(new)
        _keep(sid, after)
        if not is_confirmed:
            settled = settle_record(after.session_record(config))
        else:
            _keep_fold(sid, after.revision, fold)
        _remember((sid, after.revision), settled)  # what the check settled is the new stored state
        return Recorded(new, True, settled)

    return retried(attempt, Said("the table is busy: other phones keep recording at this moment; nothing is "
                                 "stored, send the hand again in a moment"), unique=True)


def _overtaken(config: Mapping[str, Any], stored: Snapshot, position: int) -> ChangedMeanwhile:
    """The refusal of a new hand drawn for hand ``position``, which another phone stored meanwhile."""
    said = stored_words(config, stored, position)
    if said:
        return ChangedMeanwhile(Said(
            "Hand %(number)s was recorded on another phone after this form was opened: nothing is stored. It says: "
            "%(says)s. If this is another hand, tap Save again to record it as hand %(next)s.",
            number=position, says=said, next=stored.next_position()), hand=position)
    return ChangedMeanwhile(Said(
        "Hand %(number)s was recorded on another phone after this form was opened: nothing is stored. If this is "
        "another hand, tap Save again to record it as hand %(next)s.", number=position, next=stored.next_position()),
        hand=position)


@dataclass(frozen=True)
class Notes:
    """A stored hand's notes as a place of a sentence: their English as ``str`` (the API's ``message``), each
    note worded in the language spoken now by ``spoken`` (``notes_words.note``, as a hand's page words them)."""

    notes: tuple[str, ...]

    def __str__(self) -> str:
        return " · ".join(self.notes)

    def spoken(self) -> str:
        return " · ".join(notes_words.note(n) for n in self.notes)


def stored_words(config: Mapping[str, Any], stored: Snapshot, position: int) -> str | Notes:
    """What stored hand ``position`` says, in the sheet's words: each player's note of the settle output
    (``Ann took 3 hearts and Q♠: 16``), or the points when the family writes no notes; "" when the
    engine does not settle the session up to it (a struck or waiting hand is settled as if it counted)."""
    hands = [dict(h.record) if h.position == position or (h.confirmed and not h.struck)
             else {**h.record, "counts": False}
             for h in stored.hands if h.position <= position and (h.position == position or not h.struck)]
    try:
        entry = settle_record({**config, "hands": hands})["hands"][-1]
    except (ScorekeeperError, IndexError, KeyError):
        return ""
    notes = entry.get("notes")
    if isinstance(notes, Mapping) and notes:  # as the sheet says them: the output names some rules by their ids
        family, game, options = family_of(str(config["game"])), str(config["game"]), config.get("options") or {}
        return Notes(tuple(family.plain_note(game, options, str(v)) for v in notes.values()))
    points = entry.get("points")
    if isinstance(points, Mapping):
        return ", ".join(f"{p} {v}" for p, v in points.items())
    return ""


def _same_hand_again(existing: StoredHand, hand: Mapping[str, Any]) -> None:
    """A client id already stored is a re-send only with the same hand as stored (key order and spacing
    aside: both are the parsed JSON ``record_hand`` stores; whether it waits for confirmation aside, as
    another phone may have confirmed it since), or as first stored when it was corrected since: told
    "conflict", that phone would send its hand again under a new id and have it counted twice.

    :raises ClientIdConflict: the id was recorded with a different hand: the new one would be lost.
    """
    if existing.record != hand and _first_version(existing.id) != hand:
        raise ClientIdConflict(Said(
            "hand id %(id)s was already recorded with different cards or counts: nothing is stored. Send this hand "
            "with a new id, or correct hand %(number)s", id=repr(existing.client_id), number=existing.position),
            hand=existing.position)


def _first_version(hand_id: int) -> dict[str, Any] | None:
    """A changed hand as first stored (its version 1, ``Hand.history``); None for a hand never changed."""
    first: dict[str, Any] | None = db.session.scalar(
        select(HandVersion.record).where(HandVersion.hand_id == hand_id, HandVersion.version == 1))
    return first


def _settle_with(
    session_id: str, stored: Snapshot, config: Mapping[str, Any], hand: dict[str, Any],
) -> tuple[dict[str, Any], Fold]:
    """The session settled with ``hand`` added, and its family's fold after it.

    The fold of the stored hands is this process's when it has one at this revision (a phone's
    keep-alive connection stays with one worker), so a new hand costs one hand of engine work;
    else it is folded from the snapshot.
    """
    fold = _stored_fold(session_id, stored, config).copy()
    fold.add(hand)
    return fold.result_json(), fold


_FOLDS: dict[str, tuple[int, Fold]] = {}


def stored_fold(table: TableSession | SessionHead) -> Any:
    """The family's fold of the session's stored hands (shared: read it, or copy it before adding a hand):
    what the pages ask the engine of the table as it stands, such as who deals the hands to come.
    :raises ScorekeeperError: the stored session is refused (never: every write settles first)."""
    return _stored_fold(table.id, snapshot(table), table.config)


def _stored_fold(session_id: str, stored: Snapshot, config: Mapping[str, Any]) -> Fold:
    """The fold of the stored hands at ``stored``'s revision (shared: copy it before adding a hand)."""
    known = _FOLDS.get(session_id)
    if known is not None and known[0] == stored.revision:
        return known[1]
    record = stored.session_record(config)
    fold = family_of_record(record).fold({k: v for k, v in record.items() if k != "hands"})
    for raw in record["hands"]:
        fold.add(raw)
    _keep_fold(session_id, stored.revision, fold)
    return fold


def _keep_fold(session_id: str, revision: int, fold: Fold) -> None:
    with _SNAPSHOTS_LOCK:
        known = _FOLDS.get(session_id)
        if known is not None and known[0] > revision:
            return
        _put(_FOLDS, session_id, (revision, fold))


def _insert_hand(
    session_id: str, seen: int, position: int, client_id: str | None, hand: dict[str, Any], confirmed: bool,
) -> int:
    """Store a new hand checked against revision ``seen``: its own transaction, straight on the driver.

    Three statements: the revision's optimistic lock (``_bump_revision``), the hand (no version row
    until it changes), and the deletion of the hand's seat drafts (``put_seat_draft``: the players'
    own hands, kept until the hand is stored). No unit of work: there is nothing to track.

    :raises Conflict: another write came first, or held the database (``contended``).
    :raises IntegrityError: another write came first, seen by the index.
    """
    at = now()
    try:
        with writelock.writing(db.engine), direct.transaction(db.engine) as run:
            if run(_BUMP_DIRECT, {"sid": session_id, "seen": seen, "next": seen + 1, "at": at}).rowcount != 1:
                raise Conflict()
            row = run(_INSERT_HAND, {
                "session_id": session_id, "position": position, "client_id": client_id,
                "record": json.dumps(hand), "struck": False, "confirmed": confirmed, "recorded_at": at,
            }).fetchone()
            run(_DELETE_DRAFTS, {"sid": session_id, "position": position})  # the hand is stored: its drafts go
    except db.engine.dialect.loaded_dbapi.Error as exc:  # the driver's own: ``direct`` wraps only integrity errors
        if contended(exc):
            raise Conflict() from exc
        raise
    hand_id: int = row[0]
    return hand_id


# Built once: a statement's SQL and its cache key are then computed once per process.
_SESSIONS, _HANDS = TableSession.__table__, Hand.__table__
_HEAD = select(_SESSIONS.c.id, _SESSIONS.c.token_hash, _SESSIONS.c.read_key, _SESSIONS.c.config,
               _SESSIONS.c.confirm_required, _SESSIONS.c.revision).where(_SESSIONS.c.id == bindparam("sid"))
_SNAPSHOT = (select(_SESSIONS.c.revision, _HANDS.c.id, _HANDS.c.position, _HANDS.c.client_id, _HANDS.c.record,
                    _HANDS.c.struck, _HANDS.c.confirmed)
             .select_from(_SESSIONS.outerjoin(_HANDS, _HANDS.c.session_id == _SESSIONS.c.id))
             .where(_SESSIONS.c.id == bindparam("sid")).order_by(_HANDS.c.position))
_BUMP = (update(_SESSIONS).where(_SESSIONS.c.id == bindparam("sid"), _SESSIONS.c.revision == bindparam("seen"))
         .values(revision=bindparam("next"), updated_at=bindparam("at")))
_BUMP_DIRECT = direct.Statement(_BUMP)
_DRAFTS = SeatDraft.__table__
_DELETE_DRAFTS = direct.Statement(delete(_DRAFTS).where(_DRAFTS.c.session_id == bindparam("sid"),
                                                         _DRAFTS.c.position == bindparam("position")))
# The record goes in as the JSON text the column holds.
_INSERT_HAND = direct.Statement(
    insert(_HANDS).values(record=bindparam("record", type_=Text())).returning(_HANDS.c.id),
    keys=["session_id", "position", "client_id", "struck", "confirmed", "recorded_at"],
)


_WRITE_ATTEMPTS = 5
# No new attempt once a write has taken this long: most of SQLite's 5 s busy timeout has then gone by
# in one attempt, and a database held that long answers busy rather than holding the phone longer.
_RETRY_SECONDS = 4.0
_BACK_OFF_SECONDS = 0.005
# PostgreSQL's serialization failure, deadlock detected, lock not available (lock_timeout, NOWAIT).
_CONTENTION_SQLSTATES = frozenset({"40001", "40P01", "55P03"})
_SQLITE_BUSY, _SQLITE_LOCKED = 5, 6


def write_attempts() -> Iterator[int]:
    """The attempts of a write that may meet other writes: the first at once, each next one after a short
    random pause, growing (phones that collided do not collide again in step), and none once
    ``_RETRY_SECONDS`` are spent. The caller raises ``Busy`` when they run out."""
    started = time.monotonic()
    for attempt in range(_WRITE_ATTEMPTS):
        if attempt:
            if time.monotonic() - started > _RETRY_SECONDS:
                return
            time.sleep(random.uniform(0, _BACK_OFF_SECONDS * 2 ** attempt))
        yield attempt


def contended(exc: BaseException) -> bool:
    """Whether a database error only says that another write held the data at that moment: SQLite's
    "database is locked", PostgreSQL's serialization failure, deadlock or lock timeout. Worth another
    attempt; any other error (a broken or full database) is not, and goes on as it is."""
    error = exc.orig if isinstance(exc, DBAPIError) else exc
    sqlstate = getattr(error, "pgcode", None) or getattr(error, "sqlstate", None)
    if sqlstate is not None:
        return sqlstate in _CONTENTION_SQLSTATES
    if type(error).__module__.startswith("sqlite3"):
        code = getattr(error, "sqlite_errorcode", None)
        if code is not None:
            return code & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED)  # extended codes keep the primary one low
        return "locked" in str(error)
    return False


class Conflict(Exception):
    """Another write came first: the session's (or an evening's) revision moved between the check and the
    write, or the check was made against a state changed since. ``retried`` tries the write again."""


def retried(attempt: Callable[[bool], T], busy: Said, *, unique: bool = False) -> T:
    """A write that may meet other writes, tried until it goes in: the one owner of the write-retry loop.

    ``attempt(again)`` is one whole try: the write's checks, its statements and its commit, in its own
    transaction (``again``: an earlier try was undone, so what it read is read afresh). When another write
    got in its way (``Conflict``; a database error that only says another write held the data,
    ``contended``; with ``unique``, another write storing the same row first, ``IntegrityError``), the
    try is rolled back and made again, as ``write_attempts`` allow. Anything else (a refusal, a broken
    database) goes on as it is (the service's ``unit.writes`` rolls it back); a database error rolled back first.

    :raises Busy: ``busy``, once every attempt met another write; nothing is stored.
    """
    for number in write_attempts():
        try:
            return attempt(number > 0)
        except Conflict:
            db.session.rollback()
        except DBAPIError as exc:
            db.session.rollback()
            if not (contended(exc) or unique and isinstance(exc, IntegrityError)):
                raise
    raise Busy(busy)


def committed(write: Callable[[], T]) -> Callable[[bool], T]:
    """One try of a write for ``retried``: ``write()``'s checks and statements under the write lock
    (``writelock``: taken before its first statement), then the commit."""
    def attempt(again: bool) -> T:
        with writelock.writing(db.engine):
            done = write()
            db.session.commit()
        return done
    return attempt


def _client_id(hand: Mapping[str, Any]) -> str | None:
    """A hand's client-made id, checked by the engine's reader before it reaches the database."""
    return read_id(hand.get("id"))


@writes
def edit_hand(table: TableSession, position: int, hand: Mapping[str, Any], change: str = "edited", *,
              drawn_from: str | None = None) -> Hand:
    """Replace a hand with a corrected version (kept in its history) once the session settles.

    ``drawn_from``: the ``record_tag`` of the version the correction was drawn from (the one the phone
    saw). Judged inside the write's transaction: a hand changed since by another phone is not replaced.

    :raises ChangedMeanwhile: the hand is no longer the version the correction was drawn from.
    """
    hand = dict(split_counts(plain(hand))[0])  # confirming is its own step, not an edit
    return _change_hand(table, position, change, record=hand, drawn_from=drawn_from)


def record_tag(record: Mapping[str, Any]) -> str:
    """A short tag of a stored record, whatever its keys' order: a correction carries the tag of the
    version it was drawn from (``edit_hand``), so a correction drawn from a version changed since is told apart."""
    text = json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _changed_since(row: Hand, drawn_from: str) -> ChangedMeanwhile:
    """The refusal of a correction drawn from a version of ``row`` another phone changed since: what that
    phone changed, from the version the correction was drawn from (found in the history by its tag)."""
    drawn = next((v.record for v in reversed(row.history) if record_tag(v.record) == drawn_from), None)
    said = changes.describe_change(drawn, row.record) or changes.describe_fields(drawn, row.record) if drawn else ""
    if said:
        return ChangedMeanwhile(Said(
            "Hand %(number)s was changed on another phone after this form was opened: nothing is stored. It changed "
            "%(changed)s. This page shows it as it stands now; tap Save again to replace it by what this form says.",
            number=row.position, changed=history_words.Diff(said)), hand=row.position)
    return ChangedMeanwhile(Said(
        "Hand %(number)s was changed on another phone after this form was opened: nothing is stored. This page shows "
        "it as it stands now; tap Save again to replace it by what this form says.", number=row.position),
        hand=row.position)


@writes
def strike_hand(table: TableSession, position: int, struck: bool = True) -> Hand:
    """Strike a hand out (or restore it); the totals recompute, the history keeps it."""
    return _change_hand(table, position, "struck out" if struck else "restored", struck=struck)


@writes
def confirm_hand(table: TableSession, position: int) -> Hand:
    """A second phone confirms a hand: from now on it counts."""
    return _change_hand(table, position, "confirmed", confirmed=True)


def _change_hand(
    table: TableSession, position: int, change: str, *,
    record: dict[str, Any] | None = None, struck: bool | None = None, confirmed: bool | None = None,
    drawn_from: str | None = None,
) -> Hand:
    """Change one hand (its record, struck or confirmed) once the engine settles the session with it.

    When another write goes in between the check and the commit, the session is read again (the
    rollback expired it), the change checked again against it and tried again: a strike or a
    confirmation another phone already made is then done, and an edit the session no longer
    accepts is refused with the engine's sentence.

    ``drawn_from`` is judged on the hand as read at each attempt, which the commit's optimistic lock
    (``_bump_revision``) holds to: a correction drawn from a version another phone replaced is refused.

    :raises ScorekeeperError: the engine refuses the session with the change; nothing is stored.
    :raises ChangedMeanwhile: the hand is no longer the version ``drawn_from`` names; nothing is stored.
    :raises Busy: other writes came first at every attempt; nothing is stored.
    """
    def attempt(again: bool) -> Hand:
        seen = table.revision
        row = _hand_at(table, position)
        if (record is None or record == row.record) and (struck is None or row.struck == struck) and (
                confirmed is None or row.confirmed == confirmed):
            return row  # already so (a change sent twice): nothing to store
        if drawn_from is not None and drawn_from != record_tag(row.record):
            raise _changed_since(row, drawn_from)
        settle_record(session_record(table, row=row, record=record, struck=struck, confirmed=confirmed))
        with writelock.writing(db.engine):  # before the first change: a lazy load would flush it
            _version(row, row.record if record is None else record, row.struck if struck is None else struck,
                     change)
            if record is not None:
                row.record = record
            if struck is not None:
                row.struck = struck
            if confirmed is not None:
                row.confirmed = confirmed
            _bump_revision(table.id, seen)  # the lock taken before the change's first statement: it may be flushed
            db.session.commit()
        return row

    return retried(attempt, Said("another phone changed this session at the same moment, again and again: nothing "
                                 "is stored; send it again in a moment"))


def _bump_revision(session_id: str, seen: int) -> None:
    """Optimistic lock: the write stands only if nobody wrote since revision ``seen`` was read.

    Every write checks the whole session and then moves its revision from ``seen`` to
    ``seen + 1`` in the same transaction; a write checked against an older session finds
    no row to update and is undone, so two writes never both commit on one revision.
    """
    done = db.session.connection().execute(_BUMP, {"sid": session_id, "seen": seen, "next": seen + 1, "at": now()})
    if done.rowcount != 1:
        raise Conflict()


def _add_row(table: TableSession, position: int, hand: dict[str, Any], *, confirmed: bool) -> Hand:
    row = Hand(session=table, position=position, client_id=hand.get("id"), record=hand, struck=False,
               confirmed=confirmed)
    db.session.add(row)
    return row


def _version(row: Hand, hand: dict[str, Any], struck: bool, change: str) -> None:
    """Keep a change in the hand's history; called before ``row`` changes.

    The first change writes version 1 too, from the hand as it stood (``Hand.history``).
    """
    if not row.versions:
        row.versions.append(row.as_recorded())
    row.versions.append(HandVersion(version=len(row.versions) + 1, record=hand, struck=struck, change=change))


def _hand_at(table: TableSession, position: int) -> Hand:
    for row in table.hands:
        if row.position == position:
            return row
    raise NotFound(Said("no hand %(number)s in this session", number=position))


# --- a seat's own hand, from its player's phone ---------------------------------------------------------

class SeatTaken(ScorekeeperError):
    """A seat's hand for this hand was sent from another phone: only that phone may change or read it."""

    default_code = "seat-taken"


def next_position(session_id: str) -> int:
    """The position the table's next hand will take (one query)."""
    last: int | None = db.session.scalar(select(func.max(Hand.position)).where(Hand.session_id == session_id))
    return (last or 0) + 1


def _secret_hash(secret: object) -> str:
    """:raises ScorekeeperError: not a phone's secret (hex, 32 to 128 characters, made by the phone)."""
    if not isinstance(secret, str) or not 32 <= len(secret) <= 128 or any(c not in "0123456789abcdef" for c in secret):
        raise ScorekeeperError(Said("this phone has no secret to send a hand with: reload the page"), code="secret")
    return _hash(secret)


@writes
def put_seat_draft(table: TableSession, head: Mapping[str, Any], position: int, player: str, draft: seats.Draft,
                   secret: object) -> tuple[str, ...]:
    """Keep the hand ``player`` tapped on his own phone for the hand ``head`` starts (the fresh record of the
    table's next hand when it was read, at ``position``), replacing what this phone sent before; the players who have
    sent, in their order at the table.

    The engine checks the hand alone (``seats.check``: nothing of the other seats is read), then one
    transaction checks that the hand is still the table's next one (a hand stored meanwhile refuses it) and
    that no other phone sent this seat's hand, and writes it.

    :raises ScorekeeperError: the engine's sentence; ``stale`` (the hand was stored meanwhile);
        ``SeatTaken`` (another phone holds the seat for this hand). Nothing is stored.
    :raises Busy: the database stayed held by other writes.
    """
    digest = _secret_hash(secret)
    seats.check(family_of(head["game"]), head, player, draft)
    sid = table.id

    def write() -> None:
        db.session.execute(select(TableSession.id).where(TableSession.id == sid).with_for_update())
        if next_position(sid) != position:
            raise ScorekeeperError(Said("hand %(number)s is stored already: your hand is for the next one; "
                                        "reload the page", number=position), code="stale")
        row = db.session.scalar(select(SeatDraft).where(
            SeatDraft.session_id == sid, SeatDraft.position == position, SeatDraft.player == player))
        if row is None:
            db.session.add(SeatDraft(session_id=sid, position=position, player=player, cards=draft.to_json(),
                                     secret_hash=digest))
        elif not hmac.compare_digest(row.secret_hash, digest):
            raise SeatTaken(f"{player}'s hand for hand {position} was sent from another phone: only that "
                            f"phone can change it (if it lost it, the scorer taps Free {player}'s seat on "
                            "the card page)", player=player)
        else:
            row.cards = draft.to_json()
            row.updated_at = now()

    # unique: another phone sent this seat's first hand at the same moment: look again
    retried(committed(write), Said("the table is busy: other phones keep writing at this moment; nothing is "
                                   "stored, send your hand again in a moment"), unique=True)
    return seats_sent(table, position)


def free_seat(table: TableSession, player: str) -> tuple[int, bool]:
    """Free ``player``'s seat for the table's next hand (the scorer's phone, for a player whose phone lost its
    secret): the hand his phone sent for it is deleted, so any phone may send that seat's hand again. The
    position of that hand, and whether a hand was dropped.

    :raises ScorekeeperError: no such player at the table (code ``seat``).
    :raises Busy: the database stayed held by other writes.
    """
    if player not in (table.config.get("players") or ()):
        raise ScorekeeperError(Said("%(player)s is not at this table", player=player), code="seat", player=player)
    sid = table.id

    def write() -> tuple[int, bool]:
        db.session.execute(select(TableSession.id).where(TableSession.id == sid).with_for_update())
        position = next_position(sid)
        mine = (SeatDraft.session_id == sid, SeatDraft.position == position, SeatDraft.player == player)
        dropped = db.session.scalar(select(func.count()).select_from(SeatDraft).where(*mine)) or 0
        db.session.execute(delete(SeatDraft).where(*mine))
        return position, dropped > 0

    return retried(committed(write), Said("the table is busy: other phones keep writing at this moment; nothing "
                                          "is changed, free the seat again in a moment"))


def seats_sent(table: TableSession, position: int) -> tuple[str, ...]:
    """The players who have sent their hand for hand ``position``, in their order at the table (no cards)."""
    sent = set(db.session.scalars(select(SeatDraft.player).where(SeatDraft.session_id == table.id,
                                                                 SeatDraft.position == position)))
    return tuple(p for p in table.config.get("players") or () if p in sent)


@writes
def own_seat_draft(table: TableSession, position: int, player: str, secret: object) -> seats.Draft | None:
    """The hand ``player`` sent for hand ``position``, to the phone holding the secret it was sent with only;
    None otherwise (none sent, or another phone's: the answer does not say which)."""
    digest = _secret_hash(secret)
    row = db.session.scalar(select(SeatDraft).where(SeatDraft.session_id == table.id, SeatDraft.position == position,
                                                    SeatDraft.player == player))
    if row is None or not hmac.compare_digest(row.secret_hash, digest):
        return None
    return seats.Draft.from_json(row.cards)


@dataclass(frozen=True)
class SeatDeal:
    """The deal the seats sent for the table's next hand: who has sent, and once every seat has and the hands
    make one deal, the record with it (``record``); else why not, in words for every phone (``problem``)."""

    sent: tuple[str, ...]
    record: dict[str, Any] | None = None
    problem: ScorekeeperError | None = None


@writes
def drafts_for(table: TableSession, head: Mapping[str, Any], position: int) -> SeatDeal:
    """The seats' deal of the hand ``head`` starts (at ``position``), for the card page: one query, and the
    engine once per set of drafts a process sees."""
    rows = db.session.execute(select(SeatDraft.player, SeatDraft.cards, SeatDraft.updated_at).where(
        SeatDraft.session_id == table.id, SeatDraft.position == position)).all()
    if not rows:
        return SeatDeal(())
    players = list(head.get("players") or ())
    sent = tuple(p for p in players if p in {r.player for r in rows})
    if len(sent) < len(players):
        return SeatDeal(sent)
    key = (table.id, position, tuple(sorted((r.player, str(r.updated_at)) for r in rows)))
    known = _SEAT_DEALS.get(key)
    if known is None:
        try:
            drafts = {r.player: seats.Draft.from_json(r.cards) for r in rows}
            known = SeatDeal(sent, seats.deal(family_of(head["game"]), head, drafts))
        except ScorekeeperError as exc:
            known = SeatDeal(sent, problem=exc)
        with _SETTLED_LOCK:
            _put(_SEAT_DEALS, key, known)
    return known


_SEAT_DEALS: dict[tuple[Any, ...], SeatDeal] = {}


def export_session(table: TableSession) -> dict[str, Any]:
    """The session record, which ``create_session`` accepts again unchanged."""
    return session_record(table)


def error_body(error: ScorekeeperError | Busy) -> dict[str, Any]:
    """The answer of a refusal: the error object, its ``message`` in the reader's language (``lang.error_object``)."""
    if isinstance(error, Busy):
        return {"ok": False, "error": {**lang.error_object(error.refusal()), "retry_after": error.retry_after}}
    return {"ok": False, "error": lang.error_object(error)}
