"""Where input from outside meets the engine: the one place that turns any failure on a record,
line or request body into the contract's error object.

The readers refuse what they can word (``ScorekeeperError``); whatever else an input sets off
(a fault of the engine's that the fuzz suite has not found yet, nesting deep enough to exhaust
the stack) still answers with an error object, never a traceback: ``attempt`` for the command
line (one record, or one archive line, at a time) and ``refusal`` for the web app's last-resort
error handler. The fuzz suite counts answers that came this way (``is_unexpected``) and expects
none: each is a reader to mend.
"""

from __future__ import annotations

import logging
import os
import traceback
from collections.abc import Callable
from typing import TypeVar

from .engine.errors import RecordSyntaxError, ScorekeeperError

T = TypeVar("T")

UNEXPECTED = "the engine could not read this input"
_log = logging.getLogger("scorekeeper.boundary")


def attempt(run: Callable[[], T]) -> T | ScorekeeperError:
    """``run()``, or the refusal to report instead of its exception."""
    try:
        return run()
    except Exception as exc:  # noqa: BLE001 - the boundary: every failure becomes an error object
        return refusal(exc)


def refusal(exc: BaseException) -> ScorekeeperError:
    """The error to report for ``exc``: the engine's own, or a ``syntax`` error that says what broke.

    An unexpected one is logged with its traceback (the web app's log; on the command line,
    ``SCOREKEEPER_DEBUG=1`` shows it) and worded so that a player knows it is not his record's
    fault alone.
    """
    if isinstance(exc, ScorekeeperError):
        return exc
    if isinstance(exc, RecursionError):
        return RecordSyntaxError("the input is nested too deeply to be a record")
    if isinstance(exc, MemoryError):
        return RecordSyntaxError("the input is too large to be a record")
    if isinstance(exc, UnicodeError):
        return RecordSyntaxError("the input holds text that is not UTF-8")
    _log.error("unexpected %s reading a record", type(exc).__name__, exc_info=exc)
    return RecordSyntaxError(f"{UNEXPECTED} ({type(exc).__name__} at {_where(exc)}); please report it with the input")


def quiet_log() -> None:
    """On the command line the error object says it all: its log shows only with ``SCOREKEEPER_DEBUG=1``."""
    if os.environ.get("SCOREKEEPER_DEBUG"):
        logging.basicConfig(level=logging.DEBUG)
    elif not _log.handlers:  # a handler of its own: Python's last-resort printer stays silent
        _log.addHandler(logging.NullHandler())


def is_unexpected(message: str) -> bool:
    """Whether an error message came from ``refusal``'s last resort (what the fuzz suite counts)."""
    return message.startswith(UNEXPECTED)


def _where(exc: BaseException) -> str:
    """The innermost frame of the project's code: enough for a report, nothing of the machine's paths."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "scorekeeper" in f.filename]
    if not frames:
        return "the boundary"
    frame = frames[-1]
    return f"{frame.filename.rsplit('scorekeeper', 1)[-1].lstrip('/')}:{frame.lineno}"
