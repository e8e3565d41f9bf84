"""The new-hand hot path: snapshots of a session's hands, Core writes, and SQLite's write lock.

A process keeps the hands of each session it has seen at one revision (``services.snapshot``);
every write moves the revision, so another process's write (here: a change made through the
ORM path, or the cache emptied) must be read again, never served from the old copy.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import create_engine, event, func, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.engine import make_url

from scorekeeper.web import direct, services, writelock
from scorekeeper.web.extensions import db
from scorekeeper.web.models import Hand, HandVersion, now
from tests.support.webdata import result, session


@pytest.fixture
def ctx(app: Flask) -> Iterator[Flask]:
    with app.app_context():
        yield app


def test_a_new_hand_is_one_row_its_own_first_version_and_moves_the_revision(ctx: Flask) -> None:
    created = services.create_session(session())
    head = services.get_head(created.id)
    recorded = services.record_hand(head, result((3, 2, 0, 8), "Ann") | {"id": "phone-1"})
    assert recorded.created and recorded.hand.position == 1
    assert recorded.settlement["totals"] == {"Ann": 16, "Bob": 2, "Cat": 0, "Dan": 8}  # QS is 13
    db.session.expire_all()
    table = services.get_session(created.id)
    assert table.revision == 1
    (row,) = table.hands
    assert (row.id, row.client_id, row.record, row.confirmed) == (recorded.hand.id, "phone-1", recorded.hand.record, True)
    assert row.versions == []  # no version row until the hand changes
    assert [(v.version, v.change, v.record, v.created_at) for v in row.history] == [
        (1, "recorded", row.record, row.recorded_at)]
    assert services.current_settlement(table) == recorded.settlement


def test_the_same_client_id_twice_is_stored_once_from_the_snapshot(ctx: Flask) -> None:
    created = services.create_session(session())
    first = services.record_hand(services.get_head(created.id), result() | {"id": "x"})
    again = services.record_hand(services.get_head(created.id), result() | {"id": "x"})
    assert (again.created, again.hand.id) == (False, first.hand.id)
    assert db.session.scalar(select(func.count()).select_from(Hand)) == 1
    assert db.session.scalar(select(func.count()).select_from(HandVersion)) == 0


def test_a_change_made_elsewhere_is_read_again_not_served_from_the_snapshot(ctx: Flask) -> None:
    """The snapshot of revision 1 must not answer for revision 2 (an edit by the ORM path)."""
    created = services.create_session(session())
    services.record_hand(services.get_head(created.id), result((3, 2, 0, 8), "Ann"))
    assert services.snapshot(services.get_head(created.id)).revision == 1  # this process's copy
    services.edit_hand(services.get_session(created.id), 1, result((1, 1, 1, 10), "Dan"), change="count fixed")
    db.session.expire_all()
    after = services.record_hand(services.get_head(created.id), result((0, 4, 9, 0), "Cat"))
    assert after.hand.position == 2
    assert after.settlement["totals"] == {"Ann": 1, "Bob": 5, "Cat": 23, "Dan": 23}


def test_another_process_write_is_seen_after_the_cache_is_gone(ctx: Flask) -> None:
    """Another worker wrote hand 2; this one still holds revision 1 and must not store a second hand 2."""
    created = services.create_session(session())
    services.record_hand(services.get_head(created.id), result((3, 2, 0, 8), "Ann"))
    stale = services._SNAPSHOTS[created.id]
    services.record_hand(services.get_head(created.id), result((1, 1, 1, 10), "Dan"))
    services._SNAPSHOTS[created.id] = stale  # as if the write had been served by another process
    third = services.record_hand(services.get_head(created.id), result((0, 4, 9, 0), "Cat"))
    assert third.hand.position == 3
    assert third.settlement["totals"] == {"Ann": 17, "Bob": 7, "Cat": 23, "Dan": 31}


def test_a_known_session_is_written_without_reading_its_row(ctx: Flask) -> None:
    """The head of a session this process knows costs no statement; the write goes straight to the driver."""
    created = services.create_session(session())
    services.record_hand(services.head_for_write(created.id), result((3, 2, 0, 8), "Ann"))
    statements: list[str] = []
    listen = lambda *args: statements.append(args[2])  # noqa: E731  (conn, cursor, statement, ...)
    event.listen(db.engine, "before_cursor_execute", listen)
    try:
        head = services.head_for_write(created.id)
        assert (head.revision, head.token_hash) == (1, services._hash(created.token))
        second = services.record_hand(head, result((1, 1, 1, 10), "Dan"))
    finally:
        event.remove(db.engine, "before_cursor_execute", listen)
    assert statements == []  # nothing through SQLAlchemy's execution: no read, and the write is direct
    table = services.get_session(created.id)
    assert table.revision == 2 and [h.position for h in table.hands] == [1, 2]
    assert table.hands[1].id == second.hand.id and table.hands[1].record == second.hand.record
    assert isinstance(table.hands[1].recorded_at, datetime)  # the dialect's bind processor wrote it


def test_a_direct_write_is_undone_when_its_transaction_fails(ctx: Flask) -> None:
    created = services.create_session(session())
    with pytest.raises(RuntimeError):
        with direct.transaction(db.engine) as run:
            assert run(services._BUMP_DIRECT, {"sid": created.id, "seen": 0, "next": 1, "at": now()}).rowcount == 1
            raise RuntimeError("the hand's insert failed")
    assert services.get_head(created.id).revision == 0


def test_a_direct_write_s_integrity_error_is_sqlalchemy_s(ctx: Flask) -> None:
    """Two phones taking the same position: the second insert fails as it would through a Session."""
    created = services.create_session(session())
    services.record_hand(services.head_for_write(created.id), result())
    values = {"session_id": created.id, "position": 1, "client_id": None, "record": "{}", "struck": False,
              "confirmed": True, "recorded_at": now()}
    with pytest.raises(IntegrityError):
        with direct.transaction(db.engine) as run:
            run(services._INSERT_HAND, values)
    assert db.session.scalar(select(func.count()).select_from(Hand)) == 1



def test_a_direct_write_on_a_dropped_connection_leaves_it_out_of_the_pool(ctx: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """A driver error the dialect calls a disconnect invalidates the connection (the pool replaces it)."""
    dropped: list[object] = []
    event.listen(db.engine, "invalidate", lambda *args: dropped.append(args[0]))
    monkeypatch.setattr(db.engine.dialect, "is_disconnect", lambda *args: True)
    broken = direct.Statement(text("SELECT nothing FROM nowhere"))
    with pytest.raises(db.engine.dialect.loaded_dbapi.Error):
        with direct.transaction(db.engine) as run:
            run(broken, {})
    assert len(dropped) == 1
    monkeypatch.undo()
    created = services.create_session(session())  # the pool still serves
    assert services.get_head(created.id).revision == 0

def test_a_stale_known_head_is_read_again_and_the_hand_stored_after_the_other_process(ctx: Flask) -> None:
    """Another worker wrote hand 2 while this one knows revision 1: the lock refuses, the retry stores hand 3."""
    created = services.create_session(session())
    services.record_hand(services.head_for_write(created.id), result((3, 2, 0, 8), "Ann") | {"id": "a"})
    stale = services._SNAPSHOTS[created.id]
    services.record_hand(services.head_for_write(created.id), result((1, 1, 1, 10), "Dan") | {"id": "b"})
    services._SNAPSHOTS[created.id] = stale
    assert services.head_for_write(created.id).revision == 1
    again = services.record_hand(services.head_for_write(created.id), result((1, 1, 1, 10), "Dan") | {"id": "b"})
    assert (again.created, again.hand.position) == (False, 2)  # found after the read, not stored twice
    services._SNAPSHOTS[created.id] = stale
    third = services.record_hand(services.head_for_write(created.id), result((0, 4, 9, 0), "Cat"))
    assert (third.created, third.hand.position) == (True, 3)
    assert third.settlement["totals"] == {"Ann": 17, "Bob": 7, "Cat": 23, "Dan": 31}
    assert db.session.scalar(select(func.count()).select_from(Hand)) == 3


def test_a_duplicate_seen_in_a_stale_snapshot_answers_with_the_session_as_stored(ctx: Flask) -> None:
    created = services.create_session(session())
    services.record_hand(services.head_for_write(created.id), result((3, 2, 0, 8), "Ann") | {"id": "a"})
    stale = services._SNAPSHOTS[created.id]
    latest = services.record_hand(services.head_for_write(created.id), result((1, 1, 1, 10), "Dan"))
    services._SNAPSHOTS[created.id] = stale
    again = services.record_hand(services.head_for_write(created.id), result((3, 2, 0, 8), "Ann") | {"id": "a"})
    assert (again.created, again.hand.position) == (False, 1)
    assert again.settlement == latest.settlement  # both hands, not the stale copy's one


def test_a_refused_hand_stores_nothing_and_leaves_the_revision(ctx: Flask) -> None:
    created = services.create_session(session())
    services.record_hand(services.get_head(created.id), result())
    with pytest.raises(Exception, match="hearts add up to 14"):
        services.record_hand(services.get_head(created.id), result((4, 2, 0, 8), "Ann"))
    assert services.get_head(created.id).revision == 1
    assert db.session.scalar(select(func.count()).select_from(Hand)) == 1


# --- SQLite's write lock ------------------------------------------------------------------------------

def test_the_write_lock_is_a_file_beside_a_sqlite_database_only(tmp_path: Path) -> None:
    assert writelock.lock_path(make_url(f"sqlite:///{tmp_path / 'a.db'}")) == str(tmp_path / "a.db.write-lock")
    assert writelock.lock_path(make_url("sqlite://")) is None
    assert writelock.lock_path(make_url("sqlite:///:memory:")) is None
    assert writelock.lock_path(make_url("postgresql+psycopg2://u@localhost/x")) is None


@pytest.mark.skipif(os.name != "posix", reason="flock is POSIX")
def test_another_process_waits_for_the_write_lock(tmp_path: Path) -> None:
    """While this process writes, another process's writer waits (and gets the lock once it is free)."""
    engine = create_engine(f"sqlite:///{tmp_path / 'a.db'}")
    probe = textwrap.dedent(f"""
        import fcntl, os, sys
        fd = os.open({writelock.lock_path(engine.url)!r}, os.O_RDWR | os.O_CREAT)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            sys.exit(3)
        """)
    with writelock.writing(engine):
        held = subprocess.run([sys.executable, "-c", probe], check=False, timeout=30)
    free = subprocess.run([sys.executable, "-c", probe], check=False, timeout=30)
    assert (held.returncode, free.returncode) == (3, 0)


def test_a_waiting_hand_keeps_its_deal_but_no_later_check_counts_it(ctx: Flask) -> None:
    """The fold kept for the next hand must hold the waiting hand as dealt, not scored."""
    created = services.create_session(session())
    waiting = services.record_hand(services.get_head(created.id), result((3, 2, 0, 8), "Ann"), confirmed=False)
    assert not waiting.hand.confirmed and waiting.settlement["totals"] == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0}
    second = services.record_hand(services.get_head(created.id), result((1, 1, 1, 10), "Dan"))
    assert second.settlement["totals"] == {"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 23}
    assert [h["dealer"] for h in second.settlement["hands"]] == ["Ann"]  # Dan dealt the waiting hand
    third = services.record_hand(services.get_head(created.id), result((0, 4, 9, 0), "Cat"))
    assert third.settlement["totals"] == {"Ann": 1, "Bob": 5, "Cat": 23, "Dan": 23}
    assert third.settlement == services.settle_record(services.export_session(services.get_session(created.id)))
