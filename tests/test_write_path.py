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
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import create_engine, func, select
from sqlalchemy.engine import make_url

from scorekeeper.web import services, writelock
from scorekeeper.web.extensions import db
from scorekeeper.web.models import Hand, HandVersion
from webdata import result, session


@pytest.fixture
def ctx(app: Flask) -> Iterator[Flask]:
    with app.app_context():
        yield app


def test_a_new_hand_is_stored_with_its_first_version_and_moves_the_revision(ctx: Flask) -> None:
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
    assert [(v.version, v.change, v.record) for v in row.versions] == [(1, "recorded", row.record)]
    assert services.current_settlement(table) == recorded.settlement


def test_the_same_client_id_twice_is_stored_once_from_the_snapshot(ctx: Flask) -> None:
    created = services.create_session(session())
    first = services.record_hand(services.get_head(created.id), result() | {"id": "x"})
    again = services.record_hand(services.get_head(created.id), result() | {"id": "x"})
    assert (again.created, again.hand.id) == (False, first.hand.id)
    assert db.session.scalar(select(func.count()).select_from(Hand)) == 1
    assert db.session.scalar(select(func.count()).select_from(HandVersion)) == 1


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
