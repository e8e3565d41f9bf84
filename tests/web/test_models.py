"""Models and services on SQLite and PostgreSQL: constraints, cascades, and every version of a hand.

Edits, strikes and confirmations go through ``scorekeeper.web.services`` (the phone pages'
path); each keeps the hand's earlier versions and the totals follow.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import delete, func, select, text
from sqlalchemy.exc import IntegrityError

from scorekeeper.engine.hearts import records
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.hearts.simulate import random_record
from scorekeeper.web import services
from scorekeeper.web.extensions import db
from scorekeeper.web.models import Hand, HandVersion, TableSession
from tests.support.webdata import EXAMPLE_OPTIONS, IMPOSSIBLE, PLAYERS, example_hand, illegal_hand, result, session


@pytest.fixture
def ctx(app: Flask) -> Iterator[Flask]:
    with app.app_context():
        yield app


def new_session(**kwargs: Any) -> TableSession:
    created = services.create_session(session(), **kwargs)
    return services.get_session(created.id)


def totals(table: TableSession) -> dict[str, Any]:
    return services.current_settlement(table)["totals"]  # type: ignore[no-any-return]


def history(row: Hand) -> list[tuple[int, str, bool, dict[str, Any]]]:
    db.session.expire_all()  # read what is stored, not what this session holds
    versions = db.session.scalars(select(HandVersion).where(HandVersion.hand_id == row.id)
                                  .order_by(HandVersion.version)).all()
    return [(v.version, v.change, v.struck, v.record) for v in versions]


def count(model: type[Any]) -> int:
    return db.session.scalar(select(func.count()).select_from(model)) or 0


# --- SQLite's settings --------------------------------------------------------------------------------

def test_sqlite_runs_with_foreign_keys_and_wal(sqlite_app: Flask) -> None:
    with sqlite_app.app_context():
        assert db.session.scalar(text("PRAGMA foreign_keys")) == 1
        assert db.session.scalar(text("PRAGMA journal_mode")) == "wal"
        assert db.session.scalar(text("PRAGMA busy_timeout")) == 5000
        db.session.remove()
        # every pooled connection, not just the first
        with db.engine.connect() as one, db.engine.connect() as two:
            for conn in (one, two):
                assert conn.scalar(text("PRAGMA foreign_keys")) == 1
                assert conn.scalar(text("PRAGMA journal_mode")) == "wal"


# --- constraints -------------------------------------------------------------------------------------------

def test_a_hand_needs_its_session(ctx: Flask) -> None:
    db.session.add(Hand(session_id="nosuchsession", position=1, record={}, struck=False, confirmed=True))
    with pytest.raises(IntegrityError):
        db.session.commit()
    db.session.rollback()
    assert count(Hand) == 0


def test_positions_and_client_ids_are_unique_per_session(ctx: Flask) -> None:
    table = new_session()
    services.add_hand(table, result(id="a"))
    for clash in ({"position": 1, "client_id": "b"}, {"position": 2, "client_id": "a"}):
        db.session.add(Hand(session_id=table.id, record={}, struck=False, confirmed=True, **clash))
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()
    # several hands without a client id are fine (NULLs are distinct)
    table = services.get_session(table.id)
    services.add_hand(table, result())
    services.add_hand(table, result())
    assert count(Hand) == 3


def test_deleting_a_session_deletes_its_hands_and_versions(ctx: Flask) -> None:
    keep = new_session()
    services.add_hand(keep, result())
    gone = new_session()
    services.add_hand(gone, result())
    services.edit_hand(gone, 1, result((1, 1, 1, 10)))
    assert (count(TableSession), count(Hand), count(HandVersion)) == (2, 2, 2)  # only the edited hand has rows
    db.session.delete(gone)  # the ORM cascade
    db.session.commit()
    assert (count(TableSession), count(Hand), count(HandVersion)) == (1, 1, 0)
    db.session.execute(delete(TableSession))  # the database's own ON DELETE CASCADE, no ORM involved
    db.session.commit()
    assert (count(TableSession), count(Hand), count(HandVersion)) == (0, 0, 0)


def test_records_round_trip_as_json(ctx: Flask) -> None:
    table = new_session()
    hand = example_hand() | {"id": "full", "events": [{"type": "exposed-own", "player": "Cat"}]}
    row, created = services.add_hand(table, hand)
    assert created
    db.session.expire_all()
    assert db.session.get(Hand, row.id).record == hand  # type: ignore[union-attr]
    assert list(db.session.get(Hand, row.id).record) == list(hand)  # type: ignore[union-attr]  # key order too


# --- versions ------------------------------------------------------------------------------------------------

def test_an_edit_keeps_the_old_version_and_the_totals_follow(ctx: Flask) -> None:
    table = new_session()
    row, _ = services.add_hand(table, result((3, 2, 0, 8), "Ann"))
    services.add_hand(table, result((1, 1, 1, 10), "Dan"))
    assert totals(table) == {"Ann": 17, "Bob": 3, "Cat": 1, "Dan": 31}
    revision = table.revision
    services.edit_hand(table, 1, result((0, 0, 5, 8), "Bob"), change="Bob had the queen")
    assert totals(table) == {"Ann": 1, "Bob": 14, "Cat": 6, "Dan": 31}
    assert table.revision == revision + 1
    assert history(row) == [
        (1, "recorded", False, result((3, 2, 0, 8), "Ann")),
        (2, "Bob had the queen", False, result((0, 0, 5, 8), "Bob")),
    ]
    services.edit_hand(table, 1, example_hand())  # a quick result replaced by the whole hand
    assert [v[0] for v in history(row)] == [1, 2, 3]
    assert services.current_settlement(table)["hands"][0]["points"] == {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 17}



def test_a_hand_stored_with_its_first_version_row_by_an_older_release_is_not_given_two(ctx: Flask) -> None:
    """Databases written before this change hold a version 1 row for every hand: the next change is version 2."""
    table = new_session()
    row, _ = services.add_hand(table, result((3, 2, 0, 8), "Ann"))
    assert row.versions == [] and [v.change for v in row.history] == ["recorded"]
    row.versions.append(HandVersion(version=1, record=row.record, struck=False, change="recorded"))
    db.session.commit()
    services.edit_hand(table, 1, result((0, 0, 5, 8), "Bob"), change="Bob had the queen")
    assert [(v, change) for v, change, _, _ in history(row)] == [(1, "recorded"), (2, "Bob had the queen")]

@pytest.mark.parametrize("bad", [IMPOSSIBLE, illegal_hand()], ids=["impossible", "illegal"])
def test_a_refused_edit_changes_nothing(ctx: Flask, bad: dict[str, Any]) -> None:
    table = new_session()
    row, _ = services.add_hand(table, result())
    before = (services.export_session(table), table.revision, history(row))
    with pytest.raises(ScorekeeperError):
        services.edit_hand(table, 1, bad)
    db.session.rollback()
    table = services.get_session(table.id)
    assert (services.export_session(table), table.revision, history(row)) == before


def test_strike_and_restore_keep_every_version(ctx: Flask) -> None:
    table = new_session()
    services.add_hand(table, result((3, 2, 0, 8), "Ann"))
    row, _ = services.add_hand(table, result((1, 1, 1, 10), "Dan"))
    services.strike_hand(table, 2)
    assert totals(table) == {"Ann": 16, "Bob": 2, "Cat": 0, "Dan": 8}
    assert len(services.export_session(table)["hands"]) == 1  # a struck hand does not count...
    assert count(Hand) == 2  # ...but stays, marked
    services.strike_hand(table, 2)  # striking twice changes nothing
    services.strike_hand(table, 2, struck=False)
    assert totals(table) == {"Ann": 17, "Bob": 3, "Cat": 1, "Dan": 31}
    assert [(v, change, struck) for v, change, struck, _ in history(row)] == [
        (1, "recorded", False), (2, "struck out", True), (3, "restored", False),
    ]
    assert table.revision == 4  # two hands, a strike, a restore


def test_a_strike_that_breaks_the_deal_rotation_is_refused(ctx: Flask) -> None:
    """Hand 2 says Ann dealt; with hand 1 struck out it would be Dan's deal again."""
    table = new_session()
    services.add_hand(table, result())
    row, _ = services.add_hand(table, result((1, 1, 1, 10), "Dan", dealer="Ann", hand=2))
    before = (services.export_session(table), table.revision)
    with pytest.raises(ScorekeeperError) as refused:
        services.strike_hand(table, 1)
    assert refused.value.hand == 1 and "Ann" in str(refused.value)
    db.session.rollback()
    table = services.get_session(table.id)
    assert (services.export_session(table), table.revision) == before
    assert not any(h.struck for h in table.hands)


def test_a_hand_counts_once_confirmed(ctx: Flask) -> None:
    table = new_session(confirm_required=True)
    services.add_hand(table, result((3, 2, 0, 8), "Ann"))
    row, created = services.add_hand(table, result((1, 1, 1, 10), "Dan"), confirmed=True)
    assert created and row.confirmed
    first = table.hands[0]
    assert not first.confirmed
    exported = services.export_session(table)["hands"]
    assert [h.get("counts") for h in exported] == [False, None]  # dealt, waiting, not counted yet
    assert totals(table) == {"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 10 + 13}  # hand 2 only
    services.confirm_hand(table, 1)
    assert [h.get("counts") for h in services.export_session(table)["hands"]] == [None, None]
    assert totals(table) == {"Ann": 17, "Bob": 3, "Cat": 1, "Dan": 31}
    assert [(v, change) for v, change, _, _ in history(first)] == [(1, "recorded"), (2, "confirmed")]
    services.confirm_hand(table, 1)  # confirming twice changes nothing
    assert len(history(first)) == 2


def test_a_hand_waiting_for_confirmation_keeps_its_place_in_the_rotation(ctx: Flask) -> None:
    # Dan deals hand 1, which waits; hand 2, played card by card, is Ann's deal and passes right.
    table = new_session(confirm_required=True)
    services.add_hand(table, result((3, 2, 0, 8), "Ann"))
    record = records.to_json(random_record("black-lady", PLAYERS, random.Random(5), options=EXAMPLE_OPTIONS,
                                           dealer=0, hand_number=2))
    for key in ("game", "options", "players"):
        del record[key]
    assert (record["dealer"], record["hand"]) == ("Ann", 2)  # its passes go right
    row, created = services.add_hand(table, record, confirmed=True)
    assert created and row.position == 2
    settled = services.current_settlement(table)
    assert [h["dealer"] for h in settled["hands"]] == ["Ann"]  # only hand 2 counts yet, as Ann's deal
    services.confirm_hand(table, 1)
    assert [h["dealer"] for h in services.current_settlement(table)["hands"]] == ["Dan", "Ann"]


def test_an_exported_hand_still_waiting_imports_as_waiting(ctx: Flask) -> None:
    table = new_session(confirm_required=True)
    services.add_hand(table, result((3, 2, 0, 8), "Ann"))
    services.add_hand(table, result((1, 1, 1, 10), "Dan"), confirmed=True)
    exported = services.export_session(table)
    copy = services.get_session(services.create_session(exported, confirm_required=True).id)
    assert [(h.confirmed, "counts" in h.record) for h in copy.hands] == [(False, False), (True, False)]
    assert services.export_session(copy) == exported
    row, _ = services.add_hand(copy, result((0, 4, 9, 0), "Cat") | {"counts": False})
    assert not row.confirmed and "counts" not in row.record
    with pytest.raises(ScorekeeperError) as refused:
        services.add_hand(copy, result() | {"counts": "later"})
    assert refused.value.code == "syntax"


def test_each_stored_state_is_settled_once_and_every_write_moves_on(ctx: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_session()
    services.add_hand(table, result((3, 2, 0, 8), "Ann"))
    calls: list[int] = []
    real = services.settle_record
    monkeypatch.setattr(services, "settle_record", lambda record: calls.append(1) or real(record))
    first = services.current_settlement(table)
    assert first is services.current_settlement(table) and calls == []  # the write already settled it
    services.edit_hand(table, 1, result((4, 1, 0, 8), "Ann"))
    assert len(calls) == 1  # the edit's check
    assert services.current_settlement(table)["totals"]["Ann"] == 17 and len(calls) == 2
    services.current_settlement(table)
    assert len(calls) == 2
    services.strike_hand(table, 1)
    assert services.current_settlement(table)["totals"]["Ann"] == 0


def test_an_unknown_hand_or_session_is_not_found(ctx: Flask) -> None:
    table = new_session()
    with pytest.raises(services.NotFound):
        services.edit_hand(table, 1, result())
    with pytest.raises(services.NotFound):
        services.strike_hand(table, 7)
    with pytest.raises(services.NotFound):
        services.get_session("nosuchsession")


# --- two phones changing one session at once ------------------------------------------------------

def test_an_edit_and_a_new_hand_at_once_leave_a_session_that_settles(app: Flask,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Both writes were checked against the same session; the revision lock lets only one stand."""
    dan_25, ann_25 = result((0, 0, 1, 12), "Dan"), result((12, 0, 1, 0), "Ann")
    with app.app_context():
        created = services.create_session(session(hands=[dan_25, dan_25, dan_25, ann_25]))  # Dan 75
    barrier = threading.Barrier(2)
    seats, lock, local = [2], threading.Lock(), threading.local()
    real = services.settle_record

    def settle_then_wait(record: Any) -> dict[str, Any]:  # both have checked before either writes
        out = real(record)
        with lock:
            wait = seats[0] > 0 and not getattr(local, "waited", False)
            if wait:
                seats[0] -= 1
                local.waited = True
        if wait:
            try:
                barrier.wait(timeout=3)
            except threading.BrokenBarrierError:
                pass  # the other is held back by a lock (the right fix): carry on alone
        return out

    monkeypatch.setattr(services, "settle_record", settle_then_wait)
    failures: list[str] = []

    def phone(write: Any) -> None:
        with app.app_context():
            try:
                write(services.get_session(created.id))
            except ScorekeeperError:
                pass  # a refusal is a fine answer
            except Exception as exc:  # noqa: BLE001
                failures.append(repr(exc))

    threads = [threading.Thread(target=phone, args=(lambda t: services.edit_hand(t, 4, dan_25),)),
               threading.Thread(target=phone, args=(lambda t: services.add_hand(t, result()),))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert failures == []
    with app.app_context():
        services.current_settlement(services.get_session(created.id))  # must not raise
