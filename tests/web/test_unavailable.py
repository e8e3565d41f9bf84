"""A database that fails, whatever state its connection is in, answers 503 ``unavailable`` with
``Retry-After``, never a 500, and never says nothing is stored (the commit may have gone through); a
PostgreSQL restart under a bounded loopback load loses no hand a phone was told is stored.
gunicorn's limits sit at or beyond the app's, so the app answers first (``web/gunicorn_conf.py``)."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from sqlalchemy.exc import OperationalError
from werkzeug.serving import make_server

from tests.support.apps import dispose, in_ci, make_app
from tests.support.pgcluster import PostgresCluster, PostgresUnavailable
from scorekeeper.web import gunicorn_conf, services
from scorekeeper.web.extensions import db
from scorekeeper.web.http import MAX_URL
from scorekeeper.web.models import Hand
from tests.support.webdata import result, session

MISDEAL = {"events": [{"type": "misdeal", "reason": "wrong-count"}]}


def _dead(*args: Any, **kwargs: Any) -> Any:
    raise OperationalError("SELECT 1", {}, Exception("server closed the connection unexpectedly"))


def test_a_failure_whose_rollback_fails_too_is_a_503_with_retry_after(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    made = client.post("/api/sessions", json=session()).get_json()
    monkeypatch.setattr(services, "record_hand", _dead)
    monkeypatch.setattr(db.session, "rollback", _dead)  # the handler's own rollback meets the dead connection
    answer = client.post(f"/api/sessions/{made['id']}/hands", json=result(),
                         headers={"Authorization": f"Bearer {made['token']}"})
    assert answer.status_code == 503 and answer.headers["Retry-After"] == str(services.RETRY_AFTER_SECONDS)
    error = answer.get_json()["error"]
    assert error["code"] == "unavailable" and "nothing" not in error["message"]
    assert "may or may not be stored" in error["message"]
    monkeypatch.setattr(services, "get_session", _dead)
    page = client.get(f"/s/{made['id']}/{made['token']}")  # a page: the error page, 503
    assert page.status_code == 503 and "may or may not be stored" in page.get_data(as_text=True)


def test_a_request_line_the_app_does_not_read_is_the_app_s_414_below_gunicorn_s_limit(client: FlaskClient) -> None:
    assert MAX_URL < gunicorn_conf.limit_request_line
    answer = client.get("/api/sessions/x?" + "a" * MAX_URL)
    assert answer.status_code == 414 and answer.get_json()["error"]["code"] == "too-large"
    assert client.get("/api/sessions/x/revision?" + "a" * (MAX_URL - 200)).status_code == 404


def test_gunicorn_waits_longer_than_any_answer_of_the_app() -> None:
    assert gunicorn_conf.timeout >= 60 and gunicorn_conf.graceful_timeout >= 30


# --- a PostgreSQL restart under load ---------------------------------------------------------------------

@pytest.fixture
def own_cluster() -> Iterator[PostgresCluster]:
    """A cluster of this test alone: the restart must not cut the connections of the other tests."""
    try:
        cluster = PostgresCluster.start()
    except PostgresUnavailable as exc:
        if in_ci():
            pytest.fail(f"CI=true but PostgreSQL is not installed: {exc}", pytrace=False)
        pytest.skip(str(exc))
    try:
        yield cluster
    finally:
        cluster.stop()


def _post(url: str, body: Any, token: str) -> tuple[int, dict[str, str], Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers={
        "Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), json.loads(answer.read())
    except urllib.error.HTTPError as answer:
        text = answer.read()
        try:
            parsed = json.loads(text)
        except ValueError:
            parsed = text.decode(errors="replace")
        return answer.code, dict(answer.headers), parsed


class Outboxes:
    """Phones sending hands one after another to one server, as their outboxes do: each hand sent again with its
    id after an answer ``again`` accepts (a 503, a cut connection) until it is acknowledged; any other answer is
    odd and stops that phone."""

    def __init__(self, base: str, send: Any, again: Any, pace: float = 0.0) -> None:
        self.base, self.send, self.again, self.pace = base, send, again, pace
        self.statuses: Counter[int | None] = Counter()
        self.acknowledged: dict[str, list[str]] = {}
        self.odd: list[Any] = []
        self.stop = threading.Event()

    def acked(self) -> int:
        return sum(len(a) for a in self.acknowledged.values())

    def phone(self, table: dict[str, str]) -> None:
        acked = self.acknowledged.setdefault(table["id"], [])
        while not self.stop.is_set() and len(acked) < 95:  # a session holds 100 hands
            hand = {**MISDEAL, "id": uuid.uuid4().hex}
            for _ in range(100):
                status, headers, body = self.send(f"{self.base}/api/sessions/{table['id']}/hands", hand, table["token"])
                self.statuses[status] += 1
                if status in (200, 201):
                    acked.append(hand["id"])
                    time.sleep(self.pace)
                    break
                if not self.again(status, headers, body):
                    self.odd.append((status, body))
                    return
                time.sleep(0.1)  # the outbox waits (Retry-After, shortened), then sends the same hand again

    def run(self, tables: list[dict[str, str]], warm: float, disturb: Any, after: float) -> tuple[int, int, int]:
        """The phones sending for ``warm`` seconds, then ``disturb()``, then ``after`` seconds more: the hands
        acknowledged before, just after the disturbance, and at the end."""
        phones = [threading.Thread(target=self.phone, args=(t,)) for t in tables]
        for p in phones:
            p.start()
        time.sleep(warm)
        before = self.acked()
        disturb()
        disturbed = self.acked()
        time.sleep(after)
        self.stop.set()
        for p in phones:
            p.join(timeout=60)
        return before, disturbed, self.acked()


@pytest.mark.postgres
def test_a_postgresql_restart_under_load_answers_503_never_500_and_loses_no_acknowledged_hand(
        own_cluster: PostgresCluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(own_cluster.create_database("restart"), tmp_path / "instance", monkeypatch)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    base = f"http://127.0.0.1:{server.server_port}"

    def again(status: int, headers: dict[str, str], body: Any) -> bool:
        return status == 503 and headers.get("Retry-After") == "1" and body["error"]["code"] == "unavailable"

    outboxes = Outboxes(base, _post, again, pace=0.05)  # a busy club's pace, a hundred times over
    try:
        tables = [_post(f"{base}/api/sessions", session(), "")[2] for _ in range(4)]
        before, restarted, after = outboxes.run(tables, 0.8, own_cluster.restart, 1.0)
    finally:
        server.shutdown()
        serving.join(timeout=10)
        server.server_close()
    with app.app_context():
        for table in tables:
            rows = db.session.execute(select(Hand.position, Hand.client_id)
                                      .where(Hand.session_id == table["id"]).order_by(Hand.position)).all()
            ids = [client_id for _, client_id in rows]
            assert [p for p, _ in rows] == list(range(1, len(rows) + 1))
            assert set(outboxes.acknowledged[table["id"]]) <= set(ids), "a hand its phone was told is stored was lost"
            assert len(ids) == len(set(ids))
        db.session.remove()
    dispose(app)
    assert not outboxes.odd, outboxes.odd
    assert set(outboxes.statuses) <= {200, 201, 503}, outboxes.statuses
    assert before > 0 and after > restarted, (before, restarted, after, outboxes.statuses)  # in before and after the restart
    print(f"restart under load: {dict(outboxes.statuses)}; {after} hands acknowledged, none lost")


# --- a gunicorn worker killed under load -------------------------------------------------------------------

def _post_or_cut(url: str, body: Any, token: str) -> tuple[int | None, dict[str, str], Any]:
    """``_post``, with None for a connection the server cut (a worker killed mid-answer): no answer at all."""
    try:
        return _post(url, body, token)
    except (urllib.error.URLError, ConnectionError, TimeoutError) as exc:  # the outbox sends the hand again
        return None, {}, str(exc)


def _workers_of(master: int) -> list[int]:
    """The pids of gunicorn's workers: the master's children, read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == master:
                found.append(int(entry.name))
    return found


def test_a_worker_killed_under_load_answers_no_500_and_loses_no_acknowledged_hand(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """gunicorn with two workers on one SQLite file (as ``docs/server.md`` runs it), four phones sending hands,
    one worker killed outright (SIGKILL) mid-run: the phones on it lose their connection and send the same hand
    again (its id makes that safe), the master starts a new worker, and every hand a phone was told is stored
    is stored once. No phone is ever answered 500, by the app or by gunicorn."""
    import os
    import signal
    import socket
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path / 'scorekeeper.db'}"
    app = make_app(url, tmp_path / "instance", monkeypatch)  # migrated, as `scorekeeper serve` does first
    dispose(app)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": url, "SCOREKEEPER_INSTANCE_PATH": str(tmp_path / "instance"),
           "SCOREKEEPER_SECRET_KEY": "worker-killed", "SCOREKEEPER_RATE_LIMIT": "off", "WEB_CONCURRENCY": "2"}
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "python:scorekeeper.web.gunicorn_conf",
                               "--workers", "2", "--threads", "2", "--bind", f"127.0.0.1:{port}",
                               "scorekeeper.web:create_app()"],
                              env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    outboxes = Outboxes(base, _post_or_cut, lambda status, headers, body: status in (None, 503))
    try:
        deadline = time.monotonic() + 60
        while True:  # the server is up once it answers
            status, _, _ = _post_or_cut(f"{base}/api/sessions/none/hands", {}, "")
            if status is not None or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert len(_workers_of(server.pid)) == 2, "gunicorn did not start its two workers"
        tables = [_post(f"{base}/api/sessions", session(), "")[2] for _ in range(4)]
        victim = _workers_of(server.pid)[0]
        before, _, after = outboxes.run(tables, 1.0, lambda: os.kill(victim, signal.SIGKILL), 3.0)
        # meanwhile the master noticed and started another worker; the phones went on
        replaced = victim not in _workers_of(server.pid) and len(_workers_of(server.pid)) == 2
    finally:
        server.terminate()
        try:
            _, errors = server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            _, errors = server.communicate()
    app = make_app(url, tmp_path / "instance", monkeypatch, migrate=False)
    with app.app_context():
        for table in tables:
            ids = [row.client_id for row in db.session.execute(
                select(Hand.client_id).where(Hand.session_id == table["id"]).order_by(Hand.position))]
            assert set(outboxes.acknowledged[table["id"]]) <= set(ids), "a hand its phone was told is stored was lost"
            assert len(ids) == len(set(ids)), "a hand sent again after the cut was stored twice"
        db.session.remove()
    dispose(app)
    assert not outboxes.odd, outboxes.odd
    assert set(outboxes.statuses) <= {200, 201, 503, None}, outboxes.statuses
    assert before > 0 and after > before, (before, after, outboxes.statuses)
    assert replaced, "the master did not replace the killed worker"
    assert b"Traceback" not in errors, errors.decode(errors="replace")[-2000:]
