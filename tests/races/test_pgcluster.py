"""The throwaway PostgreSQL clusters of the tests (``tests/support/pgcluster.py``) never outlive the process that started
them: one whose starter is killed outright (SIGKILL: no cleanup runs) is stopped by its watchdog, one whose
starter is told to stop (SIGTERM) is stopped by the signal handler, and ``left_running`` names a cluster that
still serves, which the end of every test run checks (``tests/conftest.py``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support import pgcluster
from tests.support.apps import in_ci

ROOT = Path(__file__).resolve().parents[2]
STARTER = """
import sys, time
sys.path.insert(0, sys.argv[1])
from tests.support.pgcluster import PostgresCluster
cluster = PostgresCluster.start()
print(cluster.data, cluster.postmaster_pid(), flush=True)
time.sleep(120)
"""

pytestmark = pytest.mark.postgres


def _needs_postgres() -> None:
    try:
        pgcluster.find_bindir()
    except pgcluster.PostgresUnavailable as exc:
        if in_ci():
            pytest.fail(f"CI=true but PostgreSQL is not installed: {exc}", pytrace=False)
        pytest.skip(str(exc))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    return True


def _gone_within(pid: int, data: Path, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not _alive(pid) and not data.exists():
            return True
        time.sleep(0.2)
    return False


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["killed", "terminated"])
def test_a_cluster_does_not_outlive_the_process_that_started_it(how: signal.Signals) -> None:
    _needs_postgres()
    starter = subprocess.Popen([sys.executable, "-c", STARTER, str(ROOT)], stdout=subprocess.PIPE, text=True)
    try:
        line = starter.stdout.readline() if starter.stdout else ""
        data, pid = Path(line.split()[0]), int(line.split()[1])
        assert _alive(pid)
        starter.send_signal(how)
        starter.wait(timeout=30)
        assert _gone_within(pid, data, 30), f"the cluster {data} (pid {pid}) was left serving"
    finally:
        if starter.poll() is None:
            starter.kill()
            starter.wait()
        if starter.stdout:
            starter.stdout.close()


def test_left_running_names_a_cluster_until_it_stops() -> None:
    _needs_postgres()
    cluster = pgcluster.PostgresCluster.start()
    try:
        assert any(str(cluster.data) in left for left in pgcluster.left_running())
    finally:
        cluster.stop()
    assert not any(str(cluster.data) in left for left in pgcluster.left_running())


def test_a_forked_child_told_to_stop_leaves_its_parents_cluster_serving() -> None:
    """A multiprocessing pool forked from the run (the archive reader's, ``scorekeeper.inputs``) inherits the
    SIGTERM handler and the list of clusters; closing the pool sends its workers SIGTERM. The clusters are the
    parent's, still in use: the child must not stop them (it did, and later tests found nothing listening)."""
    import multiprocessing

    _needs_postgres()
    cluster = pgcluster.PostgresCluster.start()
    try:
        with multiprocessing.get_context("fork").Pool(1) as pool:  # its exit terminates the worker: SIGTERM
            assert pool.apply(int, ("7",)) == 7
        time.sleep(1.0)
        conn = cluster.connect()
        conn.close()
    finally:
        cluster.stop()
