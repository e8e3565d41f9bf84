"""A throwaway PostgreSQL cluster from the Debian packages, for the tests and the load bench.

``PostgresCluster`` runs ``initdb`` and ``pg_ctl`` from ``/usr/lib/postgresql/<version>/bin``
on a data directory in a fresh temporary directory, listening on a free port on 127.0.0.1
(its unix socket in that directory too), and removes everything when it stops. PostgreSQL
refuses to run as root, so as root the server programs run as the ``postgres`` system user
(``runuser -u postgres --``) and the temporary directory is handed to that user.

    with PostgresCluster.start() as cluster:
        url = cluster.create_database("scorekeeper")  # postgresql+psycopg2://postgres@127.0.0.1:PORT/scorekeeper

Standard library plus psycopg2 (a runtime dependency of the app) only, so ``bench/load.py``
imports it as well.

No cluster outlives the process that started it, however that process ends: ``stop()`` on the way
out of a ``with`` block or a fixture; ``atexit`` and SIGTERM/SIGHUP stop whatever is still running
(``stop_all``); and each cluster has a watchdog process that stops it as soon as its starter is gone,
even killed with SIGKILL. ``left_running()`` names the clusters of this process still serving, for
the check at the end of a test run (``tests/conftest.py``).
"""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import FrameType, TracebackType
from typing import Any

SUPERUSER = "postgres"
# Fast and disposable: nothing here survives the run, so no need to wait for the disk.
FAST = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"


# Every cluster this process started and has not stopped yet.
_RUNNING: dict[Path, PostgresCluster] = {}
_STARTED: list[PostgresCluster] = []  # every cluster this process started, for ``left_running``
_OWNER: dict[str, int] = {}  # the process that started them (``stop_all`` acts in it alone)


def stop_all() -> None:
    """Stop every cluster this process still runs (at exit, on SIGTERM or SIGHUP).

    Not in a process forked from it (a multiprocessing pool's worker, told to stop with SIGTERM when its
    pool closes): it inherits the handler and the list, but the clusters are its parent's, still in use."""
    if os.getpid() != _OWNER.get("pid"):
        return
    for cluster in list(_RUNNING.values()):
        try:
            cluster.stop()
        except Exception:  # noqa: BLE001 - stop the others all the same
            cluster._force_stop()


def left_running() -> list[str]:
    """The clusters this process started whose server still runs: '<data dir> (pid n)' each."""
    left = []
    for cluster in _STARTED:
        pid_file = cluster.data / "postmaster.pid"
        try:
            pid = int(pid_file.read_text().split()[0])
            os.kill(pid, 0)
        except (OSError, ValueError, IndexError):
            continue
        left.append(f"{cluster.data} (pid {pid})")
    return left


def _on_signal(signum: int, frame: FrameType | None) -> None:
    """SIGTERM/SIGHUP: stop the clusters, then die of the signal as before."""
    stop_all()
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def _guard_process() -> None:
    """Once per process: ``stop_all`` at exit and on SIGTERM/SIGHUP (where no one else handles them)."""
    if getattr(_guard_process, "done", False):
        return
    _guard_process.done = True  # type: ignore[attr-defined]
    _OWNER["pid"] = os.getpid()
    atexit.register(stop_all)
    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGTERM, signal.SIGHUP):
            if signal.getsignal(signum) in (signal.SIG_DFL, None):
                signal.signal(signum, _on_signal)


# Run beside each cluster: waits for the process that started it to end, then stops the server at once
# and removes its folder (its starter may have been killed with SIGKILL and run no cleanup at all).
_WATCHDOG = """
import os, shutil, subprocess, sys, time
starter, root, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
while True:
    try:
        os.kill(starter, 0)
    except OSError:
        break
    if not os.path.exists(os.path.join(root, "data")):
        sys.exit(0)
    time.sleep(0.5)
if os.path.exists(os.path.join(root, "data", "postmaster.pid")):
    subprocess.run(command, cwd=root, capture_output=True, timeout=60)
shutil.rmtree(root, ignore_errors=True)
"""


class PostgresUnavailable(RuntimeError):
    """The PostgreSQL server programs are not installed (``apt-get install postgresql``)."""


def find_bindir() -> Path:
    """The newest ``/usr/lib/postgresql/<version>/bin`` holding initdb, pg_ctl and postgres.

    ``SCOREKEEPER_PG_BINDIR`` overrides the search (another layout, another version).

    :raises PostgresUnavailable: none is installed.
    """
    override = os.environ.get("SCOREKEEPER_PG_BINDIR")
    candidates = [override] if override else sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: _version_key(Path(p).parent.name), reverse=True
    )
    for candidate in candidates:
        bindir = Path(candidate)
        if all((bindir / prog).is_file() for prog in ("initdb", "pg_ctl", "postgres")):
            return bindir
    raise PostgresUnavailable(
        "PostgreSQL server programs not found under /usr/lib/postgresql/*/bin "
        "(Debian: apt-get install postgresql; or set SCOREKEEPER_PG_BINDIR)"
    )


def _version_key(name: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in name.split("."))
    except ValueError:
        return (-1,)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class PostgresCluster:
    """One running throwaway cluster; ``stop()`` (or leaving the ``with`` block) removes it."""

    def __init__(self, bindir: Path, root: Path, port: int, as_user: str | None) -> None:
        self.bindir = bindir
        self.root = root  # the temporary directory: data/, the socket, the log
        self.port = port
        self.as_user = as_user  # run the server programs as this user (we are root), or None
        self.data = root / "data"
        self.log = root / "postgresql.log"
        self.running = False
        self.watchdog: subprocess.Popen[bytes] | None = None

    # --- start and stop ---------------------------------------------------------------------

    @classmethod
    def start(cls, *, durable: bool = False, settings: tuple[str, ...] = (), attempts: int = 3) -> PostgresCluster:
        """initdb and start a cluster on a free loopback port.

        ``durable``: keep PostgreSQL's default fsync settings (the load bench measures a server
        as it would run); otherwise fsync is off, which is what a throwaway test cluster wants.

        :raises PostgresUnavailable: the programs are not installed.
        :raises RuntimeError: initdb or the server failed (the message holds their output).
        """
        bindir = find_bindir()
        as_user = SUPERUSER if os.geteuid() == 0 else None
        # Short (a unix socket path has ~107 bytes), and where the postgres user can reach it:
        # as root, /tmp itself rather than a $TMPDIR that may sit in root's own home.
        root = Path(tempfile.mkdtemp(prefix="skpg-", dir="/tmp" if as_user else None))
        try:
            if as_user is not None:
                entry = pwd.getpwnam(as_user)  # KeyError: the package did not create its user
                os.chown(root, entry.pw_uid, entry.pw_gid)
            cluster = cls(bindir, root, 0, as_user)
            cluster._initdb()
            options = [] if durable else [FAST]
            options.extend(settings)
            last = ""
            for _ in range(attempts):  # another process may take the free port before the server does
                cluster.port = free_port()
                try:
                    _guard_process()
                    cluster._pg_ctl_start(" ".join(options))
                    cluster.running = True
                    _RUNNING[cluster.root] = cluster
                    _STARTED.append(cluster)
                    cluster._watch()
                    return cluster
                except RuntimeError as exc:
                    last = str(exc)
                    cluster._force_stop()  # a server that came up too late must not hold the data dir
            raise RuntimeError(last)
        except BaseException:
            if (root / "data" / "postmaster.pid").exists():
                cls(bindir, root, 0, as_user)._force_stop()
            shutil.rmtree(root, ignore_errors=True)
            raise

    def _watch(self) -> None:
        """The watchdog (``_WATCHDOG``): stops this server once this process is gone, however it ended."""
        stop = [str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "-t", "30", "stop"]
        if self.as_user is not None:
            stop = ["runuser", "-u", self.as_user, "--", *stop]
        self.watchdog = subprocess.Popen(
            [sys.executable, "-c", _WATCHDOG, str(os.getpid()), str(self.root), *stop],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)

    def restart(self) -> None:
        """Restart the server (fast shutdown: open transactions are cut, clients disconnected), as an
        operator's restart or a failover does; the same port, the same databases."""
        done = self._run(self.bindir / "pg_ctl", "-D", self.data, "-l", self.log, "-m", "fast", "-w", "-t", "60",
                         "restart")
        self._check(done, "pg_ctl restart")

    def _force_stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run(self.bindir / "pg_ctl", "-D", self.data, "-m", "immediate", "-w", "-t", "30", "stop")

    def _run(self, *argv: str | Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        command = [str(a) for a in argv]
        if self.as_user is not None:
            command = ["runuser", "-u", self.as_user, "--", *command]
        # cwd: a directory the postgres user can enter (root's own home is not one).
        return subprocess.run(command, cwd=self.root, capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL, env={**os.environ, "LC_ALL": "C", "TZ": "UTC"})

    def _check(self, done: subprocess.CompletedProcess[str], what: str) -> None:
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-4000:] if self.log.exists() else ""
            raise RuntimeError(f"{what} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}\n{log}")

    def _initdb(self) -> None:
        done = self._run(self.bindir / "initdb", "-D", self.data, "-U", SUPERUSER, "--auth=trust",
                         "--encoding=UTF8", "--locale=C", "--no-sync", "--no-instructions")
        self._check(done, "initdb")

    def _pg_ctl_start(self, extra: str) -> None:
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} {extra}".strip()
        done = self._run(self.bindir / "pg_ctl", "-D", self.data, "-l", self.log, "-o", options,
                         "-w", "-t", "60", "start")
        self._check(done, f"pg_ctl start (port {self.port})")

    def stop(self) -> None:
        """Stop the server (fast shutdown) and remove the temporary directory."""
        _RUNNING.pop(self.root, None)
        try:
            if self.running:
                done = self._run(self.bindir / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "-t", "60", "stop")
                if done.returncode != 0:  # a stuck client: do not leave a server behind
                    self._force_stop()
                self.running = False
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
            if self.watchdog is not None:  # it sees the folder gone and ends
                try:
                    self.watchdog.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    self.watchdog.kill()
                    self.watchdog.wait()

    def postmaster_pid(self) -> int:
        """The server's main process (its backends are its children)."""
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def __enter__(self) -> PostgresCluster:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    # --- databases -------------------------------------------------------------------------------

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of one of its databases."""
        return f"postgresql+psycopg2://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def connect(self, database: str = "postgres") -> Any:
        """A psycopg2 connection in autocommit mode (CREATE DATABASE cannot run in a transaction)."""
        import psycopg2

        deadline = time.monotonic() + 30
        while True:
            try:
                conn = psycopg2.connect(host="127.0.0.1", port=self.port, user=SUPERUSER, dbname=database)
                break
            except psycopg2.OperationalError:  # pg_ctl -w says ready; still, be patient once
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        conn.autocommit = True
        return conn

    def create_database(self, name: str) -> str:
        """CREATE DATABASE ``name`` (UTF-8); its SQLAlchemy URL."""
        if not name.replace("_", "").isalnum():
            raise ValueError(f"not a plain database name: {name!r}")
        conn = self.connect()
        try:
            with conn.cursor() as cur:
                cur.execute(f'CREATE DATABASE "{name}" ENCODING \'UTF8\' TEMPLATE template0')
        finally:
            conn.close()
        return self.url(name)

    def reset_schema(self, name: str) -> None:
        """Drop everything in a database's ``public`` schema: an empty database again, quickly."""
        conn = self.connect(name)
        try:
            with conn.cursor() as cur:
                cur.execute("SET lock_timeout = '20s'")  # a leaked connection: fail, do not hang
                cur.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
        finally:
            conn.close()

    def truncate_if_at(self, name: str, revision: str) -> bool:
        """Empty every table but ``alembic_version`` if the schema is at migration ``revision``.

        :returns: False (nothing done) when the database is anywhere else.
        """
        import psycopg2

        conn = self.connect(name)
        try:
            with conn.cursor() as cur:
                cur.execute("SET lock_timeout = '20s'")
                try:
                    cur.execute("SELECT version_num FROM alembic_version")
                except psycopg2.errors.UndefinedTable:
                    return False
                if [row[0] for row in cur.fetchall()] != [revision]:
                    return False
                cur.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                            "AND tablename <> 'alembic_version'")
                tables = [row[0] for row in cur.fetchall()]
                if tables:
                    cur.execute("TRUNCATE " + ", ".join(f'"{t}"' for t in tables) + " RESTART IDENTITY CASCADE")
                return True
        finally:
            conn.close()
