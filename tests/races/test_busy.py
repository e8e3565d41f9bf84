"""Writes that meet other writes, on SQLite and on PostgreSQL (``app`` of conftest): the server's own
retries, the busy answer (409 ``busy`` with ``Retry-After``) once they run out, a client id sent again
with another hand (409 ``conflict``), and the phone pages' busy answer that sends the form again.

The other phones are real writes: the session's revision moved on another connection between a
write's check and its commit (``other_phones``), or the database held by another connection (SQLite's
write lock, a PostgreSQL row lock) while the app's connections give up waiting after 50 ms
(``database_held``).
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, func, select, update

from scorekeeper.web.evenings import services as evenings
from scorekeeper.web import services
from scorekeeper.web.extensions import db
from scorekeeper.web.models import Evening, EveningResult, Hand, HandVersion, TableSession
from tests.support.pages import EVIL, Page, check_page, get, start_table, submit
from tests.support.progressiveweb import GENTLEMEN, LADIES, start
from tests.support.webdata import PLAYERS, Table, result, session

ERROR_KEYS = ["code", "message", "play", "trick", "player", "card"]
ALWAYS = 10**6


def stored(app: Flask) -> tuple[int, int]:
    """Rows in hands and hand_versions."""
    with app.app_context():
        return tuple(db.session.scalar(select(func.count()).select_from(m)) or 0  # type: ignore[return-value]
                     for m in (Hand, HandVersion))


def hand_rows(app: Flask, session_id: str) -> list[tuple[int, dict[str, Any], bool, bool, int]]:
    """Each stored hand: position, record, struck, confirmed, version rows."""
    with app.app_context():
        table = services.get_session(session_id)
        return [(h.position, h.record, h.struck, h.confirmed, len(h.versions)) for h in table.hands]


def revision(app: Flask, session_id: str) -> int:
    with app.app_context():
        return services.get_session(session_id).revision


# --- another phone writes between the check and the commit ------------------------------------------------

@dataclass
class OtherPhones:
    """How many more checks another phone's write follows (``left``), and how many it followed."""

    left: int
    moves: int = 0


@pytest.fixture
def other_phones(monkeypatch: pytest.MonkeyPatch) -> Callable[[str, str, int], OtherPhones]:
    """``other_phones(check, session_id, times)``: after each of the next ``times`` calls of the services'
    ``check`` (``_settle_with``: a new hand's; ``settle_record``: an edit's, strike's, confirmation's),
    another connection moves the session's revision, as another phone's write would: the write that
    check was for finds the revision moved."""

    def arm(check: str, session_id: str, times: int) -> OtherPhones:
        phones = OtherPhones(times)
        real = getattr(services, check)

        def check_then_another_phone_writes(*args: Any, **kwargs: Any) -> Any:
            out = real(*args, **kwargs)
            if phones.left > 0:
                phones.left -= 1
                phones.moves += 1
                with db.engine.begin() as other:
                    other.execute(update(TableSession).where(TableSession.id == session_id)
                                  .values(revision=TableSession.revision + 1))
            return out

        monkeypatch.setattr(services, check, check_then_another_phone_writes)
        return phones

    return arm


# --- another connection holds the database -----------------------------------------------------------------

@contextmanager
def database_held(app: Flask, backend: str, session_id: str | None = None) -> Iterator[None]:
    """Another connection holds what a write needs (SQLite: the database's write lock; PostgreSQL: the
    session's row, ``FOR UPDATE``, or without a session the sessions table against new rows) while every
    connection the app checks out gives up waiting for a lock after 50 ms (SQLite's ``busy_timeout``,
    PostgreSQL's ``lock_timeout``) instead of seconds."""
    with app.app_context():
        engine = db.engine
    setting = "PRAGMA busy_timeout = 50" if backend == "sqlite" else "SET lock_timeout = '50ms'"

    def impatient(dbapi_connection: Any, record: Any, proxy: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute(setting)
        cursor.close()

    event.listen(engine, "checkout", impatient)
    if backend == "sqlite":
        holder: Any = sqlite3.connect(str(engine.url.database), isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
    else:
        holder = engine.raw_connection()
        cursor = holder.cursor()
        if session_id is None:
            cursor.execute("LOCK TABLE sessions IN EXCLUSIVE MODE")  # reads go on, no row goes in
        else:
            cursor.execute("SELECT 1 FROM sessions WHERE id = %s FOR UPDATE", (session_id,))
            assert cursor.fetchone() == (1,)
    try:
        yield
    finally:
        holder.rollback() if backend != "sqlite" else holder.execute("ROLLBACK")
        holder.close()
        event.remove(engine, "checkout", impatient)


def assert_busy(response: Any) -> dict[str, Any]:
    """A busy answer: 409, ``Retry-After``, the contract's error object with ``retry_after``."""
    assert response.status_code == 409, response.get_data(as_text=True)
    assert response.headers["Retry-After"] == "1"
    body = response.get_json()
    assert body["ok"] is False
    error: dict[str, Any] = body["error"]
    assert list(error)[:6] == ERROR_KEYS and error["code"] == "busy" and error["retry_after"] == 1
    assert error["play"] is error["trick"] is error["player"] is error["card"] is None
    return error


# --- a new hand through the API ---------------------------------------------------------------------------

def test_a_hand_that_never_finds_the_table_free_is_busy_and_stores_nothing(
    app: Flask, client: FlaskClient, other_phones: Callable[[str, str, int], OtherPhones],
) -> None:
    table = Table(client)
    phones = other_phones("_settle_with", table.id, ALWAYS)
    error = assert_busy(table.add(result(id="h1")))
    assert "busy" in error["message"] and "nothing is stored" in error["message"]
    assert phones.moves == services._WRITE_ATTEMPTS  # a few attempts, each after another write, then busy
    assert table.export()["hands"] == [] and stored(app) == (0, 0)
    phones.left = 0  # the other phones are done: the same hand sent again after Retry-After goes in, once
    assert table.add(result(id="h1")).status_code == 201
    assert table.add(result(id="h1")).status_code == 200
    assert table.export()["hands"] == [result(id="h1")]


def test_a_conflict_that_clears_is_retried_by_the_server_and_stored_once(
    app: Flask, client: FlaskClient, other_phones: Callable[[str, str, int], OtherPhones],
) -> None:
    table = Table(client)
    phones = other_phones("_settle_with", table.id, 1)
    response = table.add(result(id="h1"))
    assert response.status_code == 201, response.get_json()
    assert phones.moves == 1
    assert table.export()["hands"] == [result(id="h1")] and stored(app) == (1, 0)
    assert table.revision() == 2  # the other phone's write, then this hand's
    assert response.get_json()["totals"] == {"Ann": 16, "Bob": 2, "Cat": 0, "Dan": 8}


def test_a_database_held_by_another_connection_is_busy_then_the_hand_goes_in(
    app: Flask, client: FlaskClient, backend: str,
) -> None:
    """SQLite's "database is locked" and PostgreSQL's lock timeout are a moment's contention: retried,
    then busy (they used to be a 500); nothing is stored until the database is free again."""
    table = Table(client)
    assert table.add(result(id="h1")).status_code == 201
    with database_held(app, backend, table.id):
        assert_busy(table.add(result((1, 1, 1, 10), "Bob", id="h2")))
    assert len(table.export()["hands"]) == 1 and table.revision() == 1
    assert table.add(result((1, 1, 1, 10), "Bob", id="h2")).status_code == 201
    assert [h["id"] for h in table.export()["hands"]] == ["h1", "h2"]


def test_a_broken_database_is_not_retried(app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only contention is retried: an error that another attempt cannot cure goes on at once."""
    table = Table(client)
    assert table.add(result(id="h1")).status_code == 201  # this process now knows the session's hands
    attempts: list[int] = []
    real = services._insert_hand

    def counted(*args: Any) -> int:
        attempts.append(1)
        return real(*args)

    monkeypatch.setattr(services, "_insert_hand", counted)
    with app.app_context(), db.engine.begin() as other:
        other.exec_driver_sql("ALTER TABLE hands RENAME TO hands_gone")
    response = table.add(result((1, 1, 1, 10), "Bob", id="h2"))
    assert response.status_code == 503 and response.get_json()["error"]["code"] == "unavailable"  # not "busy"
    assert response.headers["Retry-After"] == "1"
    assert attempts == [1]
    with app.app_context(), db.engine.begin() as other:
        other.exec_driver_sql("ALTER TABLE hands_gone RENAME TO hands")
    assert table.revision() == 1


def test_contention_is_told_from_other_database_errors(tmp_path: Any) -> None:
    path = str(tmp_path / "locked.db")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN IMMEDIATE")
    other = sqlite3.connect(path, timeout=0, isolation_level=None)
    errors = {}
    for name, sql in (("locked", "INSERT INTO t VALUES (1)"), ("no-table", "SELECT * FROM nothing_here")):
        with pytest.raises(sqlite3.OperationalError) as raised:
            other.execute(sql)
        errors[name] = raised.value
    holder.execute("ROLLBACK")
    assert services.contended(errors["locked"]) and not services.contended(errors["no-table"])
    assert not services.contended(ValueError("database is locked"))  # not the driver's


# --- the same client id again ---------------------------------------------------------------------------

def test_the_same_id_with_another_hand_is_a_conflict_and_changes_nothing(app: Flask, client: FlaskClient) -> None:
    table = Table(client)
    assert table.add(result(id="h1")).status_code == 201
    before = table.export(), table.revision(), stored(app)
    response = table.add(result((4, 1, 0, 8), id="h1"))
    assert response.status_code == 409
    error = response.get_json()["error"]
    assert list(error)[:6] == ERROR_KEYS and error["code"] == "conflict" and error["hand"] == 1
    assert error["message"] == ("hand id 'h1' was already recorded with different cards or counts: nothing is "
                                "stored. Send this hand with a new id, or correct hand 1")
    assert (table.export(), table.revision(), stored(app)) == before
    assert table.export()["hands"] == [result(id="h1")]


def test_the_same_hand_again_in_another_key_order_and_spacing_is_the_idempotent_200(client: FlaskClient) -> None:
    table = Table(client)
    hand = result(id="h1")
    first = table.add(hand)
    assert first.status_code == 201
    taken = reversed(list(hand["taken"].items()))
    reordered = {"taken": {name: dict(reversed(list(got.items()))) for name, got in taken}, "id": "h1"}
    text = json.dumps(reordered, indent=3, separators=(" ,", " :  "))
    again = client.post(f"/api/sessions/{table.id}/hands", data=text, content_type="application/json",
                        headers=table.auth)
    assert again.status_code == 200 and again.get_json() == first.get_json()
    assert table.export()["hands"] == [hand] and table.revision() == 1


def test_a_hand_sent_again_after_another_phone_corrected_it_is_still_the_200(app: Flask, client: FlaskClient) -> None:
    """The id's hand as first stored counts as the same hand: told "conflict", the phone would send it
    again under a new id and the hand would count twice."""
    table = Table(client)
    assert table.add(result(id="h1")).status_code == 201
    with app.app_context():
        services.edit_hand(services.get_session(table.id), 1, result((4, 1, 0, 8), id="h1"))
    again = table.add(result(id="h1"))  # the first phone's answer was lost: it sends its hand again
    assert again.status_code == 200 and again.get_json()["totals"]["Ann"] == 17
    assert table.export()["hands"] == [result((4, 1, 0, 8), id="h1")]  # the correction stands
    assert table.add(result((5, 0, 0, 8), id="h1")).status_code == 409  # neither version: a conflict


# --- edits, strikes and confirmations ------------------------------------------------------------------------

def test_an_edit_a_strike_and_a_confirmation_are_checked_again_and_go_in(
    app: Flask, other_phones: Callable[[str, str, int], OtherPhones],
) -> None:
    """Each meets one other write: the server reads the session again, checks again and stores it
    (they used to be refused at the first conflict)."""
    waiting = result((1, 1, 1, 10), "Bob", counts=False)
    with app.app_context():
        sid = services.create_session(session(hands=[result(), waiting])).id
    writes: list[Callable[[TableSession], Any]] = [
        lambda t: services.edit_hand(t, 1, result((4, 1, 0, 8))),
        lambda t: services.strike_hand(t, 1),
        lambda t: services.confirm_hand(t, 2),
    ]
    for write in writes:
        phones = other_phones("settle_record", sid, 1)
        with app.app_context():
            write(services.get_session(sid))
        assert phones.moves == 1
    rows = hand_rows(app, sid)
    assert rows == [(1, result((4, 1, 0, 8)), True, True, 3), (2, result((1, 1, 1, 10), "Bob"), False, True, 2)]
    assert revision(app, sid) == 6  # three other writes, three of these


def test_an_edit_that_never_finds_the_table_free_is_busy_and_changes_nothing(
    app: Flask, backend: str, other_phones: Callable[[str, str, int], OtherPhones],
) -> None:
    with app.app_context():
        sid = services.create_session(session(hands=[result()])).id
    before = hand_rows(app, sid)
    phones = other_phones("settle_record", sid, ALWAYS)
    with app.app_context(), pytest.raises(services.Busy) as busy:
        services.edit_hand(services.get_session(sid), 1, result((4, 1, 0, 8)))
    assert busy.value.to_json()["code"] == "busy" and busy.value.retry_after == 1
    phones.left = 0
    assert hand_rows(app, sid) == before
    with database_held(app, backend, sid), app.app_context(), pytest.raises(services.Busy):
        services.strike_hand(services.get_session(sid), 1)
    assert hand_rows(app, sid) == before
    with app.app_context():
        services.strike_hand(services.get_session(sid), 1)
    assert hand_rows(app, sid)[0][2] is True


# --- the phone pages --------------------------------------------------------------------------------------

TYPED = {"hearts_0": "3", "hearts_1": "2", "hearts_2": "0", "hearts_3": "8", "take_QS": "0"}


def test_a_busy_form_answers_409_with_the_form_as_posted_to_send_again(
    app: Flask, client: FlaskClient, other_phones: Callable[[str, str, int], OtherPhones],
) -> None:
    edit, _ = start_table(client, PLAYERS)
    sid = edit.split("/")[2]
    page = get(client, edit + "/result")
    phones = other_phones("_settle_with", sid, ALWAYS)
    response = submit(client, page, "result-form", TYPED)
    assert response.status_code == 409 and response.headers["Retry-After"] == "1"
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]  # app.js sends it again: no inline
    assert response.headers["Cache-Control"] == "no-store"  # it holds the form's CSRF token
    busy = Page(response)
    assert "the table is busy" in busy.refusal() and "nothing is stored" in busy.refusal()
    assert "<script" not in busy.html.split("</main>")[0]
    assert re.search(r'data-retry-after="1"\s+data-attempt="1" data-resends="2"', busy.html)
    _, resend = busy.form("busy-resend")
    _, posted = page.form("result-form")
    assert resend == {**posted, **TYPED, "busy_attempt": "1"}  # CSRF token and client id as posted
    assert stored(app) == (0, 0)

    again = Page(client.post(edit + "/result", data=resend))  # still busy: the count goes on
    assert again.status == 409 and again.form("busy-resend")[1]["busy_attempt"] == "2"
    phones.left = 0
    assert client.post(edit + "/result", data=resend).status_code == 302  # sent again: stored
    assert client.post(edit + "/result", data=resend).status_code == 302  # and once more (a lost answer)
    assert [row[1]["taken"]["Ann"] for row in hand_rows(app, sid)] == [{"hearts": 3, "QS": 1}]


def test_a_busy_strike_answers_409_and_is_sent_again(
    app: Flask, client: FlaskClient, other_phones: Callable[[str, str, int], OtherPhones],
) -> None:
    edit, _ = start_table(client, PLAYERS)
    sid = edit.split("/")[2]
    assert submit(client, get(client, edit + "/result"), "result-form", TYPED).status_code == 302
    hand = get(client, edit + "/hand/1")
    phones = other_phones("settle_record", sid, ALWAYS)
    response = submit(client, hand, "strike-form-1")
    assert response.status_code == 409 and response.headers["Retry-After"] == "1"
    assert hand_rows(app, sid)[0][2] is False
    phones.left = 0
    _, resend = Page(response).form("busy-resend")
    assert client.post(edit + "/hand/1/strike", data=resend).status_code == 302
    assert hand_rows(app, sid)[0][2] is True


def test_a_table_started_while_the_database_is_held_is_busy_then_starts(
    app: Flask, client: FlaskClient, backend: str,
) -> None:
    page = get(client, "/?game=black-lady")
    names = [*PLAYERS[:3], EVIL]
    typed = {**{f"players-{i}": name for i, name in enumerate(names)}, "first_dealer": EVIL, "action": "start"}
    with database_held(app, backend):
        response = submit(client, page, "start-form", typed)
    busy = Page(response)
    assert busy.status == 409 and response.headers["Retry-After"] == "1"
    assert "the database is busy" in busy.refusal()
    check_page(busy)  # the names go back escaped
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(TableSession)) == 0
    _, resend = busy.form("busy-resend")
    assert resend["players-3"] == EVIL and resend["csrf_token"]
    response = client.post("/", data=resend)
    assert response.status_code == 302 and "/s/" in response.headers["Location"]
    with app.app_context():
        assert [t.config["players"] for t in db.session.scalars(select(TableSession))] == [names]


def test_the_same_result_form_sent_again_shows_the_stored_hand(app: Flask, client: FlaskClient) -> None:
    """Back to a saved form and Save: nothing stored twice, and the answer is the stored hand."""
    edit, _ = start_table(client, PLAYERS)
    sid = edit.split("/")[2]
    page = get(client, edit + "/result")
    first = submit(client, page, "result-form", TYPED)
    assert first.status_code == 302 and first.headers["Location"].endswith("#hand-1")
    again = submit(client, page, "result-form", TYPED)  # the same form, its client id
    assert again.status_code == 302 and again.headers["Location"].endswith(edit + "/hand/1")
    shown = get(client, again.headers["Location"])
    assert "Hand 1 was already saved (this form was sent before): here it is, stored once." in shown.html
    assert len(hand_rows(app, sid)) == 1


def test_the_same_result_form_sent_again_with_other_counts_shows_the_conflict(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_table(client, PLAYERS)
    sid = edit.split("/")[2]
    page = get(client, edit + "/result")
    assert submit(client, page, "result-form", TYPED).status_code == 302
    changed = {**TYPED, "hearts_0": "4", "hearts_1": "1"}
    again = Page(submit(client, page, "result-form", changed))  # its client id, other counts
    assert again.status == 200
    assert again.refusal() == ("This form was saved before, as hand 1, with other counts: nothing is stored now. To "
                               "change hand 1, correct it on its page; to record these counts as a new hand, tap Save "
                               "again.")
    assert [row[1]["taken"]["Ann"] for row in hand_rows(app, sid)] == [{"hearts": 3, "QS": 1}]
    _, kept = again.form("result-form")
    assert kept["client_id"] != page.form("result-form")[1]["client_id"] and kept["hearts_0"] == "4"
    assert submit(client, again, "result-form").status_code == 302  # Save again: a new hand
    assert [row[1]["taken"]["Ann"] for row in hand_rows(app, sid)] == [{"hearts": 3, "QS": 1}, {"hearts": 4, "QS": 1}]


def test_a_busy_evening_answers_409_with_the_form_to_send_again(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    edit, _ = start(client, LADIES, GENTLEMEN)
    eid = edit.split("/")[2]
    page = get(client, f"{edit}/round/1/table/1")
    typed = {f"hearts-{i}": str(h) for i, h in enumerate([3, 5, 2, 3])}
    real = evenings.load
    busy = [True]

    def check_then_another_phone_writes(evening: Evening, *args: Any, **kwargs: Any) -> Any:
        view = real(evening, *args, **kwargs)
        if busy[0]:
            with db.engine.begin() as other:
                other.execute(update(Evening).where(Evening.id == eid).values(revision=Evening.revision + 1))
        return view

    monkeypatch.setattr(evenings, "load", check_then_another_phone_writes)
    response = submit(client, page, "result-form", typed)
    assert response.status_code == 409 and response.headers["Retry-After"] == "1"
    assert "other phones keep changing this evening" in Page(response).refusal()
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(EveningResult)) == 0
    busy[0] = False
    _, resend = Page(response).form("busy-resend")
    assert client.post(f"{edit}/round/1/table/1", data=resend).status_code == 302
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(EveningResult)) == 1
