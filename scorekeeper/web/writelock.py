"""One writer at a time on a SQLite file, queued by the kernel instead of SQLite's busy handler.

SQLite lets one connection write at a time. The others wait in its busy handler, which sleeps
(1, 2, 5, 10, ... ms) between tries: under many phones at once the CPU sits idle while a queue
of sleeping writers builds (bench/load.py measured the hands' throughput stuck at one core's
worth). An exclusive ``flock`` on a file beside the database queues the app's writers in the
kernel instead, which wakes the next one the moment the lock is free.

The lock covers a write's statements and its commit, and must be taken before the first of
them, an ORM autoflush included: a connection that holds SQLite's lock while it waits for this
one would deadlock with the one holding this lock (until SQLite's busy timeout). Checks (the
engine settling the session) run before it. Not reentrant. PostgreSQL locks rows itself, and an
in-memory SQLite database has one process: for them ``writing()`` does nothing.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.engine import URL, Engine

try:
    import fcntl
except ImportError:  # not on a POSIX system: SQLite's own busy handler does the waiting
    fcntl = None  # type: ignore[assignment]

_THREADS = threading.Lock()  # a flock belongs to an open file, which the threads of a process share
_FILES: dict[str, tuple[int, int]] = {}  # lock file -> (pid that opened it, descriptor)


def lock_path(url: URL) -> str | None:
    """The lock file of a SQLite database file, or None when no lock is needed."""
    if fcntl is None or url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return url.database + ".write-lock"


@contextmanager
def writing(engine: Engine) -> Iterator[None]:
    """Hold the database's write lock (other processes and threads of the app wait their turn)."""
    path = lock_path(engine.url)
    if path is None:
        yield
        return
    with _THREADS:
        fd = _descriptor(path)
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)


def _descriptor(path: str) -> int:
    """This process's descriptor of the lock file (a forked worker opens its own: a descriptor
    inherited from the parent would share the parent's lock)."""
    known = _FILES.get(path)
    if known is not None and known[0] == os.getpid():
        return known[1]
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    _FILES[path] = (os.getpid(), fd)
    return fd
