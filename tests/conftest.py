"""Fixtures for the web tests: the app on a migrated SQLite file and on a real PostgreSQL.

* ``postgres_cluster`` / ``postgres_url`` (session scope): a throwaway PostgreSQL cluster from
  the Debian packages (``tests/support/pgcluster.py``) and the URL of its ``scorekeeper`` database.
  Without the server programs the tests that need it fail under ``CI=true`` (a broken CI
  install must show) and are skipped, with the reason, on a developer's machine.
* ``database_url``: parametrized over ``sqlite`` (a fresh file in ``tmp_path``) and ``postgres``
  (the session's database, emptied before each test); the ``postgres`` case carries the
  ``postgres`` marker, so ``-m "not postgres"`` runs the SQLite half alone.
* ``app`` / ``client``: the app on that database, brought to head by the migrations exactly as
  ``scorekeeper serve`` does (``upgrade_database``; on SQLite a copy of the file they made once per worker,
  ``tests/support/apps.py``). ``sqlite_app`` is the SQLite one alone.
* ``live_server``, ``browser``, ``phone`` (``tests/support/phonekit.py``): the app served on 127.0.0.1, Debian's
  Chromium and a 390x844 phone page, one server and one browser for every browser test of the run.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support import pgcluster
from tests.support.pgcluster import PostgresCluster, PostgresUnavailable
from tests.support.phonekit import browser, browser_ready, live_server, phone  # noqa: F401  (the browser tests' phone)
from tests.support.apps import dispose, in_ci, make_app
from tests.support.order import slowest_first

PG_DATABASE = "scorekeeper"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "postgres: runs against the throwaway PostgreSQL cluster (tests/support/pgcluster.py); "
        "fails under CI=true and skips elsewhere when the server programs are not installed",
    )
    config.addinivalue_line(
        "markers", "fuzz: the fuzz suites (tests/*/test_fuzz_*.py): slow, run by default; -m \"not fuzz\" leaves them out",
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    slowest_first(items)  # the run's longest modules first, so that none is its tail (tests/support/order.py)


@pytest.fixture(scope="session", autouse=True)
def nothing_left_behind() -> Iterator[None]:
    """The end of the run (of each worker's, with pytest-xdist): no PostgreSQL cluster it started still serves
    and no process it started still runs (an app server, a browser, a pool). Set up before any other fixture of
    the run, so torn down after all of them; what is left is stopped, and the run fails naming it (a failing
    teardown is an error on every runner, where a worker's own exit status would not reach the run's)."""
    yield
    problems = []
    left = pgcluster.left_running()
    if left:
        pgcluster.stop_all()
        for cluster in pgcluster._STARTED:
            cluster._force_stop()
        problems.append("PostgreSQL clusters of this run were left serving (now stopped): " + ", ".join(left))
    running = _children(wait=10.0)
    if running:
        for pid, _ in running:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        problems.append("processes of this run were left running (now killed): "
                        + ", ".join(f"{command} (pid {pid})" for pid, command in running))
    if problems:
        pytest.fail("; ".join(problems), pytrace=False)


def _children(wait: float) -> list[tuple[int, str]]:
    """This process's children still running (not zombies), read from /proc, after waiting up to ``wait``
    seconds for them to end."""
    deadline = time.monotonic() + wait
    while True:
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                state, parent = (entry / "stat").read_text().rsplit(")", 1)[1].split()[:2]
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
            except (OSError, ValueError):
                continue
            # multiprocessing's resource tracker is started once and ends with this process, by design
            if int(parent) == os.getpid() and state != "Z" and "multiprocessing.resource_tracker" not in command:
                found.append((int(entry.name), command[:80]))
        if not found or time.monotonic() >= deadline:
            return found
        time.sleep(0.2)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    try:
        cluster = PostgresCluster.start()
    except PostgresUnavailable as exc:
        missing = str(exc)
    else:
        missing = ""
    if missing:  # outside the except block: the report is the reason, not a chained traceback
        if in_ci():
            pytest.fail(f"CI=true but PostgreSQL is not installed: {missing}", pytrace=False)
        pytest.skip(f"PostgreSQL is not installed: {missing}")
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def postgres_url(postgres_cluster: PostgresCluster) -> str:
    """``postgresql+psycopg2://postgres@127.0.0.1:PORT/scorekeeper`` (an empty database)."""
    return postgres_cluster.create_database(PG_DATABASE)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest) -> str:
    """``sqlite`` or ``postgres``: every test that takes ``app`` or ``database_url`` runs on both."""
    return str(request.param)


@pytest.fixture
def database_url(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database (no tables at all), one per test."""
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'scorekeeper.db'}"
    url: str = request.getfixturevalue("postgres_url")
    cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
    cluster.reset_schema(PG_DATABASE)
    return url


@pytest.fixture
def app(backend: str, request: pytest.FixtureRequest, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """The app on a database at head with no rows.

    SQLite: a new file, a copy of one migrated once per worker. PostgreSQL: migrated once, then emptied between tests
    (TRUNCATE); a test that left it elsewhere (the migration tests) gets it rebuilt.
    """
    if backend == "sqlite":
        application = make_app(f"sqlite:///{tmp_path / 'scorekeeper.db'}", tmp_path / "instance", monkeypatch)
    else:
        url: str = request.getfixturevalue("postgres_url")
        cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
        emptied = cluster.truncate_if_at(PG_DATABASE, migrations_head())
        if not emptied:
            cluster.reset_schema(PG_DATABASE)
        application = make_app(url, tmp_path / "instance", monkeypatch, migrate=not emptied)
    yield application
    dispose(application)


def migrations_head() -> str:
    from alembic.script import ScriptDirectory

    from scorekeeper.web import MIGRATIONS

    return str(ScriptDirectory(str(MIGRATIONS)).get_current_head())


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def sqlite_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    application = make_app(f"sqlite:///{tmp_path / 'scorekeeper.db'}", tmp_path / "instance", monkeypatch)
    yield application
    dispose(application)
