"""The JSON API of RECORDS.md ("Server and HTTP API"), on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.engine.family import settle_json
from scorekeeper.web import services
from scorekeeper.web.extensions import db
from scorekeeper.web.models import Hand, HandVersion, TableSession
from tests.support.webdata import (
    ILLEGAL_ERROR,
    IMPOSSIBLE,
    PLAYERS,
    ROOT,
    Table,
    example_hand,
    illegal_hand,
    result,
    session,
)

SETTLE_KEYS = {"ok", "settlement", "hands", "totals", "balance", "pool", "finished", "winners"}


def counts(app: Flask) -> tuple[int, int, int]:
    """Rows in sessions, hands, hand_versions."""
    with app.app_context():
        return tuple(db.session.scalar(select(func.count()).select_from(model))  # type: ignore[return-value]
                     for model in (TableSession, Hand, HandVersion))


def snapshot(app: Flask, table: Table) -> tuple[Any, int, tuple[int, int, int]]:
    """What a refused write must leave exactly as it was."""
    return table.export(), table.revision(), counts(app)


# --- creating a session ------------------------------------------------------------------------

def test_create_answers_201_with_id_and_token(client: FlaskClient) -> None:
    response = client.post("/api/sessions", json=session())
    assert response.status_code == 201
    body = response.get_json()
    assert isinstance(body["id"], str) and body["id"]
    assert isinstance(body["token"], str) and len(body["token"]) >= 24
    assert body["read_key"] and body["read_key"] != body["token"]


def test_the_token_is_never_stored(app: Flask, client: FlaskClient) -> None:
    table = Table(client)
    with app.app_context():
        row = db.session.get(TableSession, table.id)
        assert row is not None
        stored = json.dumps([getattr(row, c.key) for c in TableSession.__table__.columns], default=str)
    assert table.token not in stored


def test_create_with_hands_settles_them(client: FlaskClient) -> None:
    table = Table(client, session(hands=[example_hand(), result()]))
    settled = table.get()
    assert [h["points"] for h in settled["hands"]] == [
        {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 17}, {"Ann": 16, "Bob": 2, "Cat": 0, "Dan": 8},
    ]
    assert settled["totals"] == {"Ann": 19, "Bob": 6, "Cat": 2, "Dan": 25}


@pytest.mark.parametrize("body, status, code", [
    ({"game": "black-lady", "players": PLAYERS}, 400, "syntax"),  # no first dealer
    ({**session(), "colour": "red"}, 400, "syntax"),  # an unknown field is never stored silently
    ({**session(), "game": "no-such-game"}, 400, "unknown-game"),
    ({**session(), "options": {"bogus": 1}}, 400, "unknown-option"),
    (session(hands=[illegal_hand()]), 422, "revoke"),
    (session(hands=[result(), IMPOSSIBLE]), 422, "impossible-result"),
])
def test_create_refuses_and_stores_nothing(app: Flask, client: FlaskClient, body: Any, status: int,
                                           code: str) -> None:
    response = client.post("/api/sessions", json=body)
    assert response.status_code == status
    assert response.get_json()["ok"] is False
    assert response.get_json()["error"]["code"] == code
    assert counts(app) == (0, 0, 0)


@pytest.mark.parametrize("data, content_type", [
    ("not json", "application/json"), ("[1, 2]", "application/json"), ('"a string"', "application/json"),
    ("{}", "text/plain"),
])
def test_create_refuses_a_body_that_is_not_a_session_object(app: Flask, client: FlaskClient, data: str,
                                                           content_type: str) -> None:
    response = client.post("/api/sessions", data=data, content_type=content_type)
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "syntax"
    assert counts(app) == (0, 0, 0)


# --- recording hands ----------------------------------------------------------------------------

def test_add_hands_answers_201_with_the_settle_output(client: FlaskClient) -> None:
    table = Table(client)
    first = table.add(example_hand())
    assert first.status_code == 201
    body = first.get_json()
    assert SETTLE_KEYS <= set(body) and body["ok"] is True
    assert body["settlement"] == "cumulative"
    assert body["hands"][0]["points"] == {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 17}
    assert set(body["hands"][0]) >= {"points", "payments", "pool"}
    second = table.add(result((0, 0, 13, 0), "Dan"))
    assert second.status_code == 201
    body = second.get_json()
    assert [h["dealer"] for h in body["hands"]] == ["Dan", "Ann"]  # the deal rotates by itself
    assert body["totals"] == {"Ann": 3, "Bob": 4, "Cat": 15, "Dan": 30}
    assert body["finished"] is False and body["winners"] == ["Ann"]
    # The answer is the engine's settlement of the stored session, as `scorekeeper settle` gives it.
    assert body == settle_json(table.export()) == table.get()
    assert table.revision() == 2


@pytest.mark.parametrize("bad, error", [
    (illegal_hand, ILLEGAL_ERROR),
    (lambda: IMPOSSIBLE, {"code": "impossible-result", "hand": 2, "player": None, "play": None}),
])
def test_an_illegal_or_impossible_hand_answers_422_and_nothing_is_stored(
    app: Flask, client: FlaskClient, bad: Callable[[], dict[str, Any]], error: dict[str, Any],
) -> None:
    table = Table(client)
    if error["hand"] == 2:
        assert table.add(result()).status_code == 201
    before = snapshot(app, table)
    response = table.add(bad())
    assert response.status_code == 422
    body = response.get_json()
    assert body["ok"] is False
    assert error.items() <= body["error"].items()
    assert set(body["error"]) >= {"code", "message", "play", "trick", "player", "card"}
    assert body["error"]["message"]
    assert snapshot(app, table) == before


def test_impossible_result_lists_every_problem(client: FlaskClient) -> None:
    response = Table(client).add(IMPOSSIBLE)
    assert response.get_json()["error"]["message"] == (
        "Impossible result: Q♠ is taken by both Ann and Bob; the hearts add up to 14, but a hand has 13."
    )


def test_a_hand_after_the_game_is_over_is_refused(app: Flask, client: FlaskClient) -> None:
    table = Table(client)
    for _ in range(4):  # Dan takes 12 hearts and QS each hand: 100 after four, the game's end
        assert table.add(result((1, 0, 0, 12), "Dan")).status_code == 201
    assert table.get()["finished"] is True
    before = snapshot(app, table)
    response = table.add(result())
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "game-over"
    assert snapshot(app, table) == before


def test_a_hand_must_be_a_json_object(app: Flask, client: FlaskClient) -> None:
    table = Table(client)
    before = snapshot(app, table)
    for data in ("[]", "3", "nope"):
        response = client.post(f"/api/sessions/{table.id}/hands", data=data, content_type="application/json",
                               headers=table.auth)
        assert response.status_code == 400, data
    assert snapshot(app, table) == before


# --- the same hand sent twice ----------------------------------------------------------------------

def test_the_same_client_id_twice_is_stored_once(app: Flask, client: FlaskClient) -> None:
    table = Table(client)
    first = table.add(result(id="phone-1/hand-1"))
    again = table.add(result(id="phone-1/hand-1"))
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json() == first.get_json()
    assert len(table.export()["hands"]) == 1
    assert table.revision() == 1
    assert counts(app) == (1, 1, 0)  # a hand never changed has no version row
    other = table.add(result(id="phone-1/hand-2"))
    assert other.status_code == 201 and len(other.get_json()["hands"]) == 2


def test_client_ids_are_per_session(client: FlaskClient) -> None:
    one, two = Table(client), Table(client)
    assert one.add(result(id="h1")).status_code == 201
    assert two.add(result(id="h1")).status_code == 201


def _post_together(app: Flask, table: Table, hands: list[dict[str, Any]]) -> list[tuple[int, Any]]:
    """POST each hand from its own thread, test client and app context, all released at once.

    An exception escaping a view (TESTING propagates them) counts as a 500.
    """
    start = threading.Barrier(len(hands))
    answers: list[tuple[int, Any]] = [(0, None)] * len(hands)

    def phone(i: int) -> None:
        client = app.test_client()
        start.wait(timeout=30)
        try:
            response = client.post(f"/api/sessions/{table.id}/hands", json=hands[i], headers=table.auth)
            answers[i] = (response.status_code, response.get_json())
        except Exception as exc:  # noqa: BLE001 - reported below as the 500 it would be
            answers[i] = (500, repr(exc))

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(len(hands))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads)
    return answers


@pytest.fixture
def interleaved(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    """Force the race: every phone has read and checked the session before any of them writes.

    Each thread's first settle (the check before the write) waits until all have reached it.
    """
    def arm(phones: int) -> None:
        barrier = threading.Barrier(phones)
        local = threading.local()
        lock = threading.Lock()
        seats = [phones]  # only the first settle of the first ``phones`` threads waits
        real = services.settle_record

        def settle_then_wait(record: Any) -> dict[str, Any]:
            out = real(record)
            with lock:
                wait = seats[0] > 0 and not getattr(local, "waited", False)
                if wait:
                    seats[0] -= 1
                    local.waited = True
            if wait:
                try:  # (3 s: under SQLite's 5 s busy timeout)
                    barrier.wait(timeout=3)
                except threading.BrokenBarrierError:
                    pass  # the other is held back by a lock (a right fix): carry on alone
            return out

        monkeypatch.setattr(services, "settle_record", settle_then_wait)

    return arm


def test_the_same_hand_sent_by_two_phones_at_once_is_stored_once(
    app: Flask, client: FlaskClient, interleaved: Callable[[int], None],
) -> None:
    table = Table(client)
    assert table.add(result(id="h1")).status_code == 201
    interleaved(2)
    answers = _post_together(app, table, [result((1, 1, 1, 10), "Bob", id="h2")] * 2)
    assert sorted(status for status, _ in answers) == [200, 201], answers
    assert answers[0][1] == answers[1][1]  # both phones see the same settlement
    assert len(table.export()["hands"]) == 2
    assert counts(app) == (1, 2, 0)
    assert table.revision() == 2


def test_many_phones_sending_the_same_hand_store_it_once(app: Flask, client: FlaskClient) -> None:
    table = Table(client)
    answers = _post_together(app, table, [result(id="dup")] * 6)
    assert sorted(status for status, _ in answers) == [200] * 5 + [201], answers
    assert len(table.export()["hands"]) == 1
    assert counts(app) == (1, 1, 0)  # a hand never changed has no version row


@pytest.mark.parametrize("with_ids", [True, False], ids=["client-ids", "no-ids"])
def test_two_different_hands_at_once_are_both_stored(
    app: Flask, client: FlaskClient, interleaved: Callable[[int], None], with_ids: bool,
) -> None:
    """Two phones at one table record different hands at the same moment: both count, in some order.

    (Both take the same next position; the loser used to answer 500, or without client ids
    answer 2xx with the hand lost.)
    """
    table = Table(client)
    hands = [result((1, 1, 1, 10), "Bob"), result((10, 1, 1, 1), "Cat")]
    if with_ids:
        hands = [dict(h, id=f"h{i}") for i, h in enumerate(hands)]
    interleaved(2)
    answers = _post_together(app, table, hands)
    assert [status for status, _ in answers] == [201, 201], answers
    stored = table.export()["hands"]
    assert sorted(map(repr, stored)) == sorted(map(repr, hands))
    assert counts(app) == (1, 2, 0)
    assert table.revision() == 2
    assert table.get() == settle_json(table.export())


def _spread(phone: int, hand: int) -> dict[str, Any]:
    """A hand whose points never end the game, whatever order the hands come in: each player takes
    the queen of spades (and 4 hearts with it) once in four hands, and 3 hearts otherwise."""
    queen = PLAYERS[(phone + hand) % len(PLAYERS)]
    return result(tuple(4 if name == queen else 3 for name in PLAYERS), queen)  # type: ignore[arg-type]


def _send_until_stored(client: FlaskClient, table: Table, hand: dict[str, Any]) -> list[int]:
    """POST a hand as a phone does: again after ``Retry-After`` while the table is busy; every status."""
    statuses = []
    for _ in range(10):
        response = client.post(f"/api/sessions/{table.id}/hands", json=hand, headers=table.auth)
        statuses.append(response.status_code)
        if response.status_code != 409 or response.get_json()["error"]["code"] != "busy":
            break
        time.sleep(float(response.headers["Retry-After"]))
    return statuses


def test_phones_recording_many_hands_at_once_store_each_exactly_once(app: Flask, client: FlaskClient) -> None:
    """Four phones record three hands each, all at once, each hand sent twice (as after an answer
    lost on the way) and again after ``Retry-After`` should the table be busy: every hand is stored
    exactly once, in some order, and no answer is a 5xx."""
    table = Table(client)
    phones, per_phone = 4, 3
    hands = [[_spread(p, k) | {"id": f"phone-{p}/hand-{k}"} for k in range(per_phone)] for p in range(phones)]
    start = threading.Barrier(phones)
    statuses: list[list[int]] = [[] for _ in range(phones)]

    def phone(p: int) -> None:
        client = app.test_client()
        start.wait(timeout=30)
        for hand in hands[p]:
            for _ in range(2):
                try:
                    statuses[p] += _send_until_stored(client, table, hand)
                except Exception as exc:  # noqa: BLE001 - reported below as the 500 it would be
                    statuses[p].append(500)
                    statuses[p].append(repr(exc))  # type: ignore[arg-type]

    threads = [threading.Thread(target=phone, args=(p,)) for p in range(phones)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    every = [s for answers in statuses for s in answers]
    assert set(every) <= {200, 201, 409}, statuses  # 409: busy, sent again after Retry-After
    assert every.count(201) == phones * per_phone, statuses
    stored = table.export()["hands"]
    assert sorted(h["id"] for h in stored) == sorted(h["id"] for mine in hands for h in mine)
    assert counts(app) == (1, phones * per_phone, 0)
    assert table.revision() == phones * per_phone
    assert table.get() == settle_json(table.export())


# --- keys -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("known", [False, True], ids=["new-session", "head-kept-by-this-process"])
def test_writes_need_the_token(app: Flask, client: FlaskClient, known: bool) -> None:
    table = Table(client)
    if known:  # after a hand, this process answers from the head it keeps, with no statement
        table.add(result())
    before = snapshot(app, table)
    url = f"/api/sessions/{table.id}/hands"
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": f"Bearer {table.read_key}"},
                    {"Authorization": table.token}, {"Authorization": f"Basic {table.token}"}):
        response = client.post(url, json=result(), headers=headers)
        assert response.status_code == 403, headers
        assert response.get_json()["error"]["code"] == "forbidden"
    response = client.post(url, json=result(), query_string={"key": table.read_key})  # the read link is not a key
    assert response.status_code == 403
    assert snapshot(app, table) == before
    assert client.post(url, json=result(), headers={"authorization": f"bearer {table.token}"}).status_code == 201


@pytest.mark.parametrize("what", ["", "/export", "/revision"])
def test_reads_accept_the_token_or_the_read_key(client: FlaskClient, what: str) -> None:
    table = Table(client)
    table.add(result())
    url = f"/api/sessions/{table.id}{what}"
    by_token = client.get(url, headers=table.auth)
    by_key = client.get(url, query_string={"key": table.read_key})
    assert by_token.status_code == by_key.status_code == 200
    assert by_token.get_json() == by_key.get_json()
    for kwargs in ({}, {"query_string": {"key": "wrong"}}, {"headers": {"Authorization": "Bearer wrong"}},
                   {"query_string": {"key": table.token}}):
        response = client.get(url, **kwargs)
        assert response.status_code == 403, kwargs
        assert response.get_json()["error"]["code"] == "forbidden"


def test_one_sessions_keys_do_not_open_another(client: FlaskClient) -> None:
    one, two = Table(client), Table(client)
    assert client.get(f"/api/sessions/{two.id}", query_string={"key": one.read_key}).status_code == 403
    assert client.post(f"/api/sessions/{two.id}/hands", json=result(), headers=one.auth).status_code == 403


def test_a_non_ascii_key_is_refused_not_a_crash(client: FlaskClient) -> None:
    """(hmac.compare_digest raises TypeError on non-ASCII str: this was a 500.)"""
    table = Table(client)
    for key in ("clé", "🂡" * 16):
        assert client.get(f"/api/sessions/{table.id}", query_string={"key": key}).status_code == 403
    assert client.post(f"/api/sessions/{table.id}/hands", json=result(),
                       headers={"Authorization": "Bearer clé"}).status_code == 403


@pytest.mark.parametrize("method, what", [
    ("get", ""), ("get", "/export"), ("get", "/revision"), ("post", "/hands"),
])
def test_an_unknown_session_is_404(client: FlaskClient, method: str, what: str) -> None:
    table = Table(client)
    response = getattr(client, method)(f"/api/sessions/nosuchsession{what}", json=result(), headers=table.auth,
                                       query_string={"key": table.read_key})
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "not-found"


# --- export and import ---------------------------------------------------------------------------------

def test_export_is_accepted_again_unchanged_and_settles_identically(client: FlaskClient) -> None:
    table = Table(client, session(settlement="cumulative", stake="0.05"))
    assert table.add(example_hand() | {"id": "full-1"}).status_code == 201
    assert table.add(result((0, 5, 5, 3), "Bob", id="quick-2")).status_code == 201
    assert table.add(result((2, 2, 2, 7), "Ann")).status_code == 201
    exported = table.export()
    assert set(exported) >= {"game", "players", "first_dealer", "hands"}
    assert len(exported["hands"]) == 3
    again = Table(client, exported)  # POST /api/sessions with the export, unchanged
    assert again.id != table.id
    assert again.export() == exported
    assert again.get() == table.get() == settle_json(exported)
    assert table.get()["money"]  # the stake came through
    # the client ids came along: sending a hand again to the copy stores nothing
    assert again.add(result((0, 5, 5, 3), "Bob", id="quick-2")).status_code == 200


def test_the_settlement_follows_the_export_through_json(client: FlaskClient) -> None:
    """Unicode names and the contract's key order survive the database and the wire."""
    names = ["Zoë", "Ødegård", "李", "Ann"]
    record = {"game": "black-lady", "players": names, "first_dealer": "Ann", "options": {}}
    table = Table(client, record)
    hand = {"taken": {"Zoë": {"hearts": 13}, "Ødegård": {"QS": 1}, "李": {"hearts": 0}, "Ann": {"hearts": 0}}}
    response = table.add(hand)
    assert response.status_code == 201
    assert list(response.get_json())[:3] == ["ok", "settlement", "hands"]
    assert list(response.get_json()["totals"]) == names
    assert table.export()["hands"] == [hand]


# --- what the database must never see ----------------------------------------------------------------

BAD_IDS = {"number": 5, "object": {"a": 1}, "list": ["x"], "empty": "", "too-long": "x" * 65}


@pytest.mark.parametrize("case", list(BAD_IDS))
def test_a_bad_client_id_is_refused_before_the_database_sees_it(app: Flask, client: FlaskClient,
                                                                case: str) -> None:
    """(The id used to reach the database unchecked: 500s on PostgreSQL for a number or an id
    over the 64-character column, on both for an object; SQLite stored the long one.)"""
    table = Table(client)
    before = snapshot(app, table)
    response = table.add(result(id=BAD_IDS[case]))
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "syntax"
    assert snapshot(app, table) == before
    created = client.post("/api/sessions", json=session(hands=[result(id=BAD_IDS[case])]))
    assert created.status_code == 400
    assert counts(app) == before[2]


def test_the_longest_client_id_is_stored(client: FlaskClient) -> None:
    table = Table(client)
    assert table.add(result(id="x" * 64)).status_code == 201
    assert table.add(result(id="x" * 64)).status_code == 200


def test_a_session_with_one_client_id_twice_is_refused(app: Flask, client: FlaskClient) -> None:
    """(Both passed the engine, then broke uq_hands_session_id_client_id at commit: a 500.)"""
    record = session(hands=[result(id="same"), result(id="same")])
    response = client.post("/api/sessions", json=record)
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "syntax"
    assert counts(app) == (0, 0, 0)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_is_not_json(app: Flask, client: FlaskClient, constant: str) -> None:
    """(Python's reader takes NaN; the engine let it through in an event's extra field, so SQLite
    stored a record whose export was no longer JSON, and PostgreSQL's json type answered 500.)"""
    table = Table(client)
    before = snapshot(app, table)
    body = ('{"taken": {"Ann": {"hearts": 13}, "Bob": {"QS": 1}, "Cat": {"hearts": 0}, "Dan": {"hearts": 0}},'
            ' "events": [{"type": "exposed-own", "player": "Ann", "note": %s}]}' % constant)
    response = client.post(f"/api/sessions/{table.id}/hands", data=body, content_type="application/json",
                           headers=table.auth)
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "syntax"
    created = client.post("/api/sessions", data=json.dumps(session())[:-1] + ', "stake": %s}' % constant,
                          content_type="application/json")
    assert created.status_code == 400
    assert snapshot(app, table) == before


def test_a_domino_hand_from_the_plays_alone_is_stored_and_a_renege_in_it_refused(app: Flask, client: FlaskClient) -> None:
    """Named plays and the kept event (no deal, no stock): the API takes them like any hand."""
    alone = json.loads((ROOT / "examples" / "domino-hearts-plays-alone.json").read_text())
    table = Table(client, {"game": "domino-hearts", "players": alone["players"], "first_dealer": "Cat"})
    bad = json.loads(json.dumps(alone))
    bad["events"][0]["cards"] = "AH KH"  # 24 cards left in the stock: Cat's 2C on a spade lead was a renege
    response = table.add(bad)
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "draw" and counts(app) == (1, 0, 0)
    response = table.add(alone)
    assert response.status_code == 201
    assert response.get_json()["totals"] == {"Ann": 2, "Bob": 0, "Cat": 11}
    assert table.export()["hands"][0]["events"] == alone["events"]  # stored as sent
