"""Load bench: 50 tables recording hands at once through the JSON API, served by gunicorn.

Brings a fresh database up with the migrations (a SQLite file in a temporary instance folder,
or with ``--postgres`` a throwaway PostgreSQL cluster: tests/support/pgcluster.py), starts gunicorn on
a free loopback port with the app factory, then runs three phases with the same number of
concurrent tables (one thread and one keep-alive connection each, standard library http.client):

1. hands, flat out: each table creates a session and records random legal Black Lady quick
   results (``POST /api/sessions/<id>/hands``), the next as soon as the answer is in; when its
   game is over (a total reaches 100) it starts a new session. Only the hand-recording
   requests are timed. This is the saturation throughput.
2. bare, flat out: each table polls ``GET /api/sessions/<id>/revision?key=...``, the cheapest
   real endpoint of the same app (one primary-key read), as the baseline throughput.
   Phases 1 and 2 take turns in slices of about two seconds, so a drift of the machine's speed
   meets both alike.
3. hands, steady: the same tables recording hands, each waiting about ``--think`` seconds
   (default 2: 25 hands/s from 50 tables, a hundred times a real club's pace) between hands.
   This is the latency a phone sees.

Goals: at least half the bare throughput (phases 1 and 2) and p95 under 50 ms (phase 3). The
latency of the flat-out phases is printed too, but it is queueing: with every table always
waiting for an answer, the mean latency is the number of tables over the throughput (Little's
law; 50 tables at 500 requests/s wait 100 ms whatever the code does), so no endpoint, the bare
one included, meets 50 ms flat out on two cores.

The server runs the build a regular install gets (``pip install .``: the engine compiled with
mypyc, setup.py), built once into bench/out/; ``--pure`` serves the checkout's pure Python.
It also prints where the CPU went (server processes, the tables, anything else on the machine)
and the server's CPU time per request, the figure that other load on the machine does not
distort. Each phase is bounded by time (``--seconds``) and by count (``--max-requests`` per table).

    python bench/load.py                   # SQLite, 50 tables, 10 s a phase
    python bench/load.py --postgres        # the same on PostgreSQL
    python bench/load.py --pure            # the checkout's pure-Python engine
    python bench/load.py --synchronous NORMAL   # SQLite without a sync per commit, to see what FULL costs
    python bench/load.py --tables 10 --seconds 3 --strict   # exit 1 when a goal is missed
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT))

from tests.support.compiled_build import compiled_copy  # noqa: E402
from tests.support.pgcluster import PostgresCluster, free_port  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
SESSION = {"game": "black-lady", "players": PLAYERS, "first_dealer": "Dan"}
P95_GOAL_MS = 50.0
RATIO_GOAL = 0.5


def random_result(rng: random.Random) -> dict[str, Any]:
    """A Black Lady quick result any deal can give: each heart and the queen to someone."""
    hearts = [0] * 4
    for _ in range(13):
        hearts[rng.randrange(4)] += 1
    queen = rng.randrange(4)
    taken = {name: {"hearts": hearts[i], **({"QS": 1} if i == queen else {})} for i, name in enumerate(PLAYERS)}
    hand: dict[str, Any] = {"taken": taken}
    if hearts[queen] == 13:  # the moon: the shooter says which way it counts
        hand["moon_choice"] = rng.choice(["add", "subtract"])
    return hand


# --- the server ----------------------------------------------------------------------------------------

@contextmanager
def database(postgres: bool, instance: Path) -> Iterator[tuple[str, list[int]]]:
    """A fresh, empty database URL and the server's process ids (none for SQLite, which runs in
    the app); the PostgreSQL cluster is stopped and removed afterwards."""
    if not postgres:
        yield f"sqlite:///{instance / 'scorekeeper.db'}", []
        return
    # durable: PostgreSQL's default fsync settings, as a production server runs
    with PostgresCluster.start(durable=True, settings=("-c max_connections=200",)) as cluster:
        yield cluster.create_database("scorekeeper"), [cluster.postmaster_pid()]


def upgrade(env: dict[str, str], home: Path) -> None:
    """``serve``'s first step, in its own process: the schema up to date with the migrations."""
    code = "from scorekeeper.web import create_app\nfrom scorekeeper.web.serve import upgrade_database\n" \
           "upgrade_database(create_app())"
    done = subprocess.run([sys.executable, "-c", code], cwd=home, env=env, capture_output=True, text=True,
                          timeout=120)
    if done.returncode != 0:
        raise SystemExit(f"migration failed:\n{done.stderr}")


@contextmanager
def gunicorn(env: dict[str, str], home: Path, port: int, workers: int, threads: int, connections: int,
             log: Path) -> Iterator[int]:
    """gunicorn serving the app found first from ``home`` (the checkout, or the compiled copy's folder).

    ``connections``: the keep-alive connections a worker holds at most. Without a bound one worker
    may accept most of the tables' connections in the first burst and leave the other cores idle
    (runs then differed by half); a phone's connection stays with the worker that accepted it.
    """
    argv = [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
            "--worker-class", "gthread" if threads > 1 else "sync", "--threads", str(threads),
            "--worker-connections", str(connections),
            "--config", "python:scorekeeper.web.gunicorn_conf", "--keep-alive", "30", "--backlog", "512", "--error-logfile", str(log), "--log-level", "warning",
            "scorekeeper.web:create_app()"]
    with log.open("ab") as errors:
        server = subprocess.Popen(argv, cwd=home, env=env, stdout=errors, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:  # ready once the app answers (404 for a session that does not exist)
            if server.poll() is not None:
                raise SystemExit(f"gunicorn exited {server.returncode}:\n{log.read_text()[-3000:]}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                conn.request("GET", "/api/sessions/none/revision")
                if conn.getresponse().status == 404:
                    conn.close()
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit(f"gunicorn did not answer within 60 s:\n{log.read_text()[-3000:]}")
            time.sleep(0.2)
        yield server.pid
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)  # its own process group: the master and its workers
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait(timeout=10)


# --- the tables -----------------------------------------------------------------------------------------

@dataclass
class Phase:
    latencies: list[float] = field(default_factory=list)  # seconds, the timed requests only
    errors: list[str] = field(default_factory=list)
    sessions: int = 0
    games_over: int = 0
    started: float = 0.0
    ended: float = 0.0
    machine_cpu: float = 0.0  # CPU seconds used on the whole machine during the phase (all cores)
    client_cpu: float = 0.0  # of which this process, the tables
    server_cpu: float = 0.0  # of which gunicorn and its workers (and PostgreSQL when used)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def server_ms_per_request(self) -> float:
        """CPU the server side (gunicorn, and PostgreSQL when used) spent per request."""
        if not self.latencies:
            return float("nan")
        return 1000 * self.server_cpu / len(self.latencies)

    @property
    def seconds(self) -> float:
        return self.ended - self.started

    @property
    def throughput(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds > 0 else 0.0

    def percentile(self, p: float) -> float:
        """Milliseconds."""
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return 1000 * ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


class Table:
    """One table's phone: a keep-alive connection and its session."""

    def __init__(self, port: int, seed: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.rng = random.Random(seed)
        self.id = self.token = self.key = ""

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any, float]:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if body is not None else None
        for attempt in (1, 2):
            start = time.perf_counter()
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                payload = response.read()
            except (ConnectionError, http.client.RemoteDisconnected, http.client.BadStatusLine):
                self.conn.close()  # the server closed an idle keep-alive connection: once more
                if attempt == 2:
                    raise
                continue
            elapsed = time.perf_counter() - start
            return response.status, json.loads(payload) if payload else None, elapsed
        raise AssertionError("unreachable")

    def new_session(self) -> None:
        status, body, _ = self.call("POST", "/api/sessions", SESSION)
        if status != 201:
            raise RuntimeError(f"POST /api/sessions answered {status}: {body}")
        self.id, self.token, self.key = body["id"], body["token"], body["read_key"]

    def record_hand(self, phase: Phase) -> None:
        status, body, elapsed = self.call("POST", f"/api/sessions/{self.id}/hands", random_result(self.rng),
                                          self.token)
        with phase.lock:
            if status == 201:
                phase.latencies.append(elapsed)
            else:
                phase.errors.append(f"POST hands {status}: {str(body)[:200]}")
        if status == 201 and body["finished"]:
            with phase.lock:
                phase.games_over += 1
                phase.sessions += 1
            self.new_session()

    def poll_revision(self, phase: Phase) -> None:
        status, body, elapsed = self.call("GET", f"/api/sessions/{self.id}/revision?key={self.key}")
        with phase.lock:
            if status == 200 and isinstance(body.get("revision"), int):
                phase.latencies.append(elapsed)
            else:
                phase.errors.append(f"GET revision {status}: {str(body)[:200]}")


def merged(parts: list[Phase]) -> Phase:
    """Slices of one phase as one: their requests, errors, time and CPU added up."""
    whole = Phase()
    for part in parts:
        whole.latencies += part.latencies
        whole.errors += part.errors
        whole.sessions += part.sessions
        whole.games_over += part.games_over
        whole.ended += part.seconds
        whole.machine_cpu += part.machine_cpu
        whole.client_cpu += part.client_cpu
        whole.server_cpu += part.server_cpu
    return whole


def alternate(tables: list[Table], seconds: float, max_requests: int, servers: list[int]) -> tuple[Phase, Phase]:
    """Hands and the bare read flat out, taking turns in slices of about two seconds.

    A virtual machine's speed drifts from one ten-second spell to the next (runs differed by a
    third); slices that alternate meet the same drift, so their ratio is the code's.
    """
    slices = max(1, round(seconds / 2))
    hands: list[Phase] = []
    bare: list[Phase] = []
    for _ in range(slices):
        hands.append(run_phase(tables, "record_hand", seconds / slices, max_requests, servers, 0.0))
        bare.append(run_phase(tables, "poll_revision", seconds / slices, max_requests, servers, 0.0))
    return merged(hands), merged(bare)


def run_phase(tables: list[Table], action: str, seconds: float, max_requests: int, servers: list[int],
              think: float) -> Phase:
    phase = Phase()
    start = threading.Barrier(len(tables) + 1)

    def play(table: Table) -> None:
        start.wait()
        deadline = time.monotonic() + seconds
        if think:  # spread the tables over the first interval rather than all at once
            time.sleep(table.rng.uniform(0, think))
        done = 0
        while done < max_requests and time.monotonic() < deadline:
            try:
                getattr(table, action)(phase)
            except Exception as exc:  # noqa: BLE001 - counted and shown, the bench goes on
                with phase.lock:
                    phase.errors.append(f"{action}: {exc!r}")
                time.sleep(0.05)
            done += 1
            if think:
                time.sleep(think * table.rng.uniform(0.5, 1.5))

    threads = [threading.Thread(target=play, args=(t,), daemon=True) for t in tables]
    for t in threads:
        t.start()
    machine, client, server = machine_cpu_seconds(), time.process_time(), tree_cpu_seconds(servers)
    start.wait()
    phase.started = time.perf_counter()
    for t in threads:
        t.join(timeout=seconds + 120)
    phase.ended = time.perf_counter()
    phase.machine_cpu = machine_cpu_seconds() - machine
    phase.client_cpu = time.process_time() - client
    phase.server_cpu = tree_cpu_seconds(servers) - server
    if any(t.is_alive() for t in threads):
        phase.errors.append("a table did not finish in time")
    return phase


def machine_cpu_seconds() -> float:
    """Busy CPU time of the whole machine so far (Linux /proc/stat; 0 elsewhere)."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    except OSError:
        return 0.0
    ticks = [int(f) for f in fields]
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)  # idle + iowait
    return (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(roots: list[int]) -> float:
    """CPU time of these processes and all their descendants (Linux /proc; 0 elsewhere)."""
    stats: dict[int, tuple[int, int]] = {}  # pid: (ppid, ticks)
    for entry in Path("/proc").iterdir() if Path("/proc/self/stat").exists() else ():
        if not entry.name.isdigit():
            continue
        try:
            raw = (entry / "stat").read_text()
        except OSError:
            continue
        fields = raw[raw.rindex(")") + 2:].split()  # after "pid (comm) "
        # state ppid ... utime(14) stime(15) cutime(16) cstime(17), counted from 1 in proc(5)
        stats[int(entry.name)] = (int(fields[1]), sum(int(f) for f in fields[11:15]))
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in stats.items():
        children.setdefault(ppid, []).append(pid)
    total, todo = 0, [r for r in roots if r in stats]
    while todo:
        pid = todo.pop()
        total += stats[pid][1]
        todo.extend(children.get(pid, []))
    return total / os.sysconf("SC_CLK_TCK")


def report(name: str, phase: Phase) -> str:
    cores = phase.machine_cpu / phase.seconds if phase.seconds else 0.0
    return (f"{name:<26} {len(phase.latencies):>6} in {phase.seconds:4.1f} s {phase.throughput:7.1f} req/s  "
            f"p50 {phase.percentile(50):6.1f} ms  p95 {phase.percentile(95):6.1f} ms  "
            f"p99 {phase.percentile(99):6.1f} ms  errors {len(phase.errors)}\n"
            f"{'':<26} CPU in use {cores:.2f} of {os.cpu_count()} cores: server "
            f"{phase.server_cpu / phase.seconds:.2f}, tables {phase.client_cpu / phase.seconds:.2f}, other "
            f"{max(0.0, phase.machine_cpu - phase.server_cpu - phase.client_cpu) / phase.seconds:.2f}; "
            f"server CPU {phase.server_ms_per_request:.1f} ms a request")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL cluster, not SQLite")
    parser.add_argument("--pure", action="store_true",
                        help="serve the checkout's pure-Python engine, not the compiled build of a regular install")
    parser.add_argument("--tables", type=int, default=50, help="tables playing at once (default 50)")
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each phase (default 10)")
    parser.add_argument("--max-requests", type=int, default=5000, help="per table and phase (default 5000)")
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1),
                        help="gunicorn workers (default 2 x cores)")
    parser.add_argument("--threads", type=int, default=4,
                        help="threads per worker (default 4: gthread workers, keep-alive; 1: sync workers)")
    parser.add_argument("--think", type=float, default=2.0,
                        help="the steady phase: seconds a table waits between hands (default 2: 25 hands/s "
                             "from 50 tables); 0 leaves the steady phase out")
    parser.add_argument("--synchronous", choices=["FULL", "NORMAL"], default="FULL",
                        help="SQLite's synchronous level (SCOREKEEPER_SQLITE_SYNCHRONOUS; default FULL, the app's)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--strict", action="store_true", help="exit 1 when a goal is not met")
    args = parser.parse_args()

    home = ROOT if args.pure else compiled_copy(ROOT / "bench" / "out")
    before = machine_cpu_seconds()
    time.sleep(1.0)
    busy = machine_cpu_seconds() - before
    if busy > 0.25:
        print(f"warning: {busy:.2f} cores were already busy before the bench started: other work on this "
              "machine takes CPU from the server, and the figures below are low", flush=True)
    instance = Path(tempfile.mkdtemp(prefix="scorekeeper-load-"))
    steady: Phase | None = None
    try:
        with database(args.postgres, instance) as (url, db_pids):
            env = {**os.environ, "SCOREKEEPER_INSTANCE_PATH": str(instance), "SCOREKEEPER_DATABASE_URL": url,
                   "PYTHONPATH": str(home), "SCOREKEEPER_RATE_LIMIT": "off"}  # 50 tables from one address at once
            env.pop("SCOREKEEPER_PURE", None)
            env["SCOREKEEPER_SQLITE_SYNCHRONOUS"] = args.synchronous
            upgrade(env, home)
            port = free_port()
            kind = "PostgreSQL" if args.postgres else f"SQLite (synchronous={args.synchronous})"
            print(f"scorekeeper load bench: {kind}, {'pure-Python' if args.pure else 'compiled'} engine, gunicorn "
                  f"{args.workers} workers x {args.threads} threads on 127.0.0.1:{port}, {args.tables} tables, "
                  f"{args.seconds:g} s a phase, {os.cpu_count()} cores (client and server share them)", flush=True)
            per_worker = -(-args.tables // args.workers) + 2  # an even share, and room for a reconnect
            with gunicorn(env, home, port, args.workers, args.threads, per_worker,
                          instance / "gunicorn.log") as server_pid:
                servers = [server_pid, *db_pids]
                tables = [Table(port, args.seed + i) for i in range(args.tables)]
                for table in tables:
                    table.new_session()
                hands, bare = alternate(tables, args.seconds, args.max_requests, servers)
                hands.sessions += len(tables)
                if args.think:
                    steady = run_phase(tables, "record_hand", args.seconds, args.max_requests, servers, args.think)
                for table in tables:
                    table.conn.close()
    finally:
        shutil.rmtree(instance, ignore_errors=True)

    print(report("record hand, flat out", hands))
    print(report("bare (GET revision)", bare))
    if steady is not None:
        print(report(f"record hand, ~{args.think:g} s apart", steady))
    print(f"sessions played {hands.sessions}, games finished {hands.games_over} (flat out)")
    ratio = hands.throughput / bare.throughput if bare.throughput else 0.0
    ratio_ok = ratio >= RATIO_GOAL
    print(f"goal throughput >= {RATIO_GOAL:g} x bare: {'met' if ratio_ok else 'NOT met'} ({ratio:.2f}; "
          f"server CPU a request {hands.server_ms_per_request:.1f} / {bare.server_ms_per_request:.1f} ms)")
    p95_ok = True
    if steady is not None:
        p95 = steady.percentile(95)
        p95_ok = p95 < P95_GOAL_MS
        print(f"goal p95 < {P95_GOAL_MS:g} ms at {steady.throughput:.0f} hands/s: "
              f"{'met' if p95_ok else 'NOT met'} ({p95:.1f} ms)")
    print(f"flat out, the latency is queueing: {args.tables} tables / {hands.throughput:.0f} hands/s = "
          f"{1000 * args.tables / hands.throughput if hands.throughput else float('nan'):.0f} ms mean wait")
    failed = hands.errors + bare.errors + (steady.errors if steady else [])
    for line in failed[:10]:
        print("error:", line)
    if failed:
        return 1
    return 1 if args.strict and not (p95_ok and ratio_ok) else 0


if __name__ == "__main__":
    sys.exit(main())
