"""How the ``scorekeeper`` command reads its input: one record, or an archive of one JSON object
per line, streamed and run line by line in worker processes, with progress and a summary.

``replay`` and ``settle`` share all of it; each gives the function that answers one record.
A line is bytes until that function reads it, so a line that is not UTF-8, or not JSON, is
that line's error alone: every other line of the archive is still answered, in order.
"""

from __future__ import annotations

import io
import json
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import IO, Any, BinaryIO

from .boundary import attempt, refusal
from .language import gettext as _, ngettext
from .engine.hearts import records
from .engine.errors import RecordSyntaxError, ScorekeeperError
from .engine.family import Family, family_of_notation, family_of_record
from .engine.jsontext import decode
from .language import error_object

CHUNK = 400  # archive lines per task handed to a worker process

# One record's answer: (exit status, one output line without its newline, error code or None).
LineAnswer = tuple[int, str, str | None]
Block = tuple[int, str, dict[str, int]]  # (worst exit status, whole output lines, records by outcome)
UNREADABLE = frozenset({"syntax", "unknown-game", "unknown-option"})  # the exit-2 codes of the contract


@contextmanager
def records_in(path: str) -> Iterator[bytes | Iterator[bytes]]:
    """The input named by ``path`` (``-``: standard input): all its bytes when it is one record,
    or an iterator over an archive's non-blank lines, read as they are needed.

    :raises RecordSyntaxError: the file cannot be opened.
    """
    try:
        stream: BinaryIO = _stdin() if path == "-" else open(path, "rb")
    except OSError as exc:
        raise RecordSyntaxError(f"cannot read {path}: {exc.strerror}") from None
    try:
        head: list[bytes] = []
        lines = _archive_lines(stream, head)
        yield b"".join(head) + stream.read() if lines is None else lines
    finally:
        if path != "-":
            stream.close()


def read_all(path: str) -> bytes:
    """All the bytes of ``path`` (``-``: standard input). :raises RecordSyntaxError: it cannot be read."""
    try:
        if path == "-":
            return _stdin().read()
        with open(path, "rb") as stream:
            return stream.read()
    except OSError as exc:
        raise RecordSyntaxError(f"cannot read {path}: {exc.strerror}") from None


def _stdin() -> BinaryIO:
    """Standard input as bytes (a test's text stand-in is encoded as UTF-8)."""
    buffer = getattr(sys.stdin, "buffer", None)
    return buffer if buffer is not None else io.BytesIO(sys.stdin.read().encode("utf-8", "surrogatepass"))


def _archive_lines(stream: BinaryIO, head: list[bytes]) -> Iterator[bytes] | None:
    """The lines of a JSON-lines archive, or None when the input is one record.

    An archive has at least two non-blank lines, its first a whole JSON object, or, when that
    first line cannot be read, a later one starting with ``{`` that is (a record pretty-printed
    over many lines has none: its nested objects are indented). Only the lines up to the
    deciding one are read before deciding (kept in ``head``), so an archive streams.
    """
    first = _next_nonblank(stream, head)
    if first is None:
        return None
    if _is_object(first):
        second = _next_nonblank(stream, head)
        return None if second is None else _nonblank(head, stream)
    while (line := _next_nonblank(stream, head)) is not None:
        if line.startswith(b"{") and _is_object(line):
            return _nonblank(head, stream)
    return None


def _is_object(line: bytes) -> bool:
    try:
        return isinstance(decode(line), dict)
    except RecordSyntaxError:
        return False


def _next_nonblank(stream: BinaryIO, seen: list[bytes]) -> bytes | None:
    for line in iter(stream.readline, b""):
        seen.append(line)
        if line.strip():
            return line
    return None


def _nonblank(head: Iterable[bytes], stream: Iterable[bytes]) -> Iterator[bytes]:
    for source in (list(head), stream):
        for line in source:
            if line.strip():
                yield line


# --- one record as text ----------------------------------------------------------------------------

def is_notation(text: str) -> bool:
    """Whether one record is in the text notation: not JSON, and opening with a tag (or a comment)."""
    if not text.lstrip("\ufeff \t\r\n").startswith(("[", ";")):
        return False
    try:
        decode(text)
    except RecordSyntaxError:
        return True
    return False


def load_record(text: str) -> records.HandRecord:
    """One record, from JSON or from the text notation.

    :raises RecordSyntaxError: unreadable in either.
    """
    if is_notation(text):
        from .engine.hearts import notation  # the notation's reader, loaded only for a record written in it

        return notation.loads(text)
    return records.loads(text)


def load_any(text: str) -> tuple[Family, dict[str, Any]]:
    """A hand record of any family, from JSON or the family's text notation (found by its game or its
    ``Game`` tag), with the family that reads it: the notation as its JSON record, JSON as decoded.

    :raises ScorekeeperError: unreadable, or a game no family plays.
    """
    if is_notation(text):
        family = family_of_notation(text)
        return family, family.from_notation(text)
    value = decode(text)
    return family_of_record(value), value


# --- answering ------------------------------------------------------------------------------------

def answer_line(run: Callable[[], str]) -> LineAnswer:
    """One record's answer: the output line ``run`` makes (exit 0), or, whatever it raised, the
    error object (``boundary.attempt``) with its exit status and code."""
    answered = attempt(run)
    if isinstance(answered, ScorekeeperError):
        return refused_line(answered)
    return 0, answered, None


def refused_line(exc: Exception) -> LineAnswer:
    """The answer of a record refused, whatever ``exc`` is (``boundary.refusal``): its error object as one line,
    with its exit status and code (what ``answer_line`` gives when its ``run`` raises)."""
    error = refusal(exc)
    return error.exit_status, json.dumps(error_json(error), ensure_ascii=False), error.code


def error_json(error: ScorekeeperError) -> dict[str, Any]:
    """The output of a record refused: the error object, its ``message`` in the language the command speaks
    (``--lang`` or the locale: ``language.error_object``), its ``code`` and the rest the same in every language."""
    return {"ok": False, "error": error_object(error)}


def print_error(error: ScorekeeperError, out: IO[str]) -> int:
    """Print the error object on ``out``; its exit status."""
    print(json.dumps(error_json(error), ensure_ascii=False), file=out)
    return error.exit_status


# --- running an archive ------------------------------------------------------------------------

def run_archive(
    lines: Iterator[bytes], answer: Callable[[bytes], LineAnswer], *, jobs: int, out: IO[str],
    err: IO[str] | None, noun: str = "replayed",
) -> int:
    """Answer every line in order (in worker processes when ``jobs`` is not 1 and the archive is
    large), write the answers to ``out``, the progress and summary to ``err``; the worst status.

    ``answer`` must be a module-level function (it is sent to the worker processes).
    """
    worst = 0
    tally: dict[str, int] = {}
    progress = Progress(err if err is not None and err.isatty() else None, noun)
    for status, block, counts in _parallel(lines, jobs, answer):  # each block is one or more whole lines
        worst = max(worst, status)
        out.write(block)
        for key, n in counts.items():
            tally[key] = tally.get(key, 0) + n
        progress.show(tally)
    progress.done()
    if err is not None:
        print(archive_summary(tally, noun), file=err)
    return worst


def _chunk(answer: Callable[[bytes], LineAnswer], lines: list[bytes]) -> Block:
    """A chunk of archive lines in, (worst exit status, their output lines as one text, tally) out.

    One string per chunk is what crosses back from a worker process: pickling and writing
    it is much cheaper than one (status, line) pair per record. The tally counts the records
    by outcome (``legal``, or the error code) for the summary.
    """
    worst = 0
    out: list[str] = []
    tally: dict[str, int] = {}
    for line in lines:
        status, text, code = answer(line)
        worst = max(worst, status)
        out.append(text)
        key = code or "legal"
        tally[key] = tally.get(key, 0) + 1
    out.append("")
    return worst, "\n".join(out), tally


def _parallel(lines: Iterator[bytes], jobs: int, answer: Callable[[bytes], LineAnswer]) -> Iterator[Block]:
    """Answer lines in order, in chunks over worker processes; at most a few chunks in flight."""
    jobs = jobs or os.cpu_count() or 1
    run = partial(_chunk, answer)
    chunk: list[bytes] = []
    first_chunks: list[list[bytes]] = []
    for line in lines:  # small archives are not worth starting processes for
        chunk.append(line)
        if len(chunk) == CHUNK:
            first_chunks.append(chunk)
            chunk = []
            if len(first_chunks) == 2:
                break
    if jobs == 1 or len(first_chunks) < 2:
        for c in first_chunks + [chunk]:
            yield run(c)
        for line in lines:  # one block a line (a stream's answers come as its lines do), without _chunk's lists
            status, text, code = answer(line)
            yield status, text + "\n", {code or "legal": 1}
        return
    import multiprocessing

    with multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn").Pool(jobs) as pool:
        pending: deque[Any] = deque()
        for c in first_chunks:
            pending.append(pool.apply_async(run, (c,)))
        for line in lines:
            chunk.append(line)
            if len(chunk) == CHUNK:
                pending.append(pool.apply_async(run, (chunk,)))
                chunk = []
                while len(pending) > 2 * jobs:
                    yield pending.popleft().get()
        if chunk:
            pending.append(pool.apply_async(run, (chunk,)))
        while pending:
            yield pending.popleft().get()


def archive_summary(tally: dict[str, int], noun: str = "replayed") -> str:
    """The archive in one line: how many records, how many legal, the others by code.

    >>> archive_summary({"legal": 9, "revoke": 2, "not-in-hand": 1, "syntax": 1})
    'replayed 13 records: 9 legal, 3 illegal (revoke 2, not-in-hand 1), 1 unreadable (syntax 1)'
    """
    total = sum(tally.values())
    parts = [ngettext("%(num)d legal", "%(num)d legal", tally.get("legal", 0))]
    for illegal, codes in ((True, {k: n for k, n in tally.items() if k != "legal" and k not in UNREADABLE}),
                           (False, {k: n for k, n in tally.items() if k in UNREADABLE})):
        if codes:
            by_code = ", ".join(f"{k} {n}" for k, n in sorted(codes.items(), key=lambda kn: (-kn[1], kn[0])))
            count = sum(codes.values())
            parts.append(ngettext("%(num)d illegal (%(codes)s)", "%(num)d illegal (%(codes)s)", count, codes=by_code)
                         if illegal else
                         ngettext("%(num)d unreadable (%(codes)s)", "%(num)d unreadable (%(codes)s)", count, codes=by_code))
    if noun == "settled":
        head = ngettext("settled %(num)d record", "settled %(num)d records", total)
    else:
        head = ngettext("replayed %(num)d record", "replayed %(num)d records", total)
    return _("%(head)s: %(parts)s", head=head, parts=", ".join(parts))


class Progress:
    """How far an archive has got, redrawn on one terminal line at most a few times a second."""

    def __init__(self, stream: IO[str] | None, noun: str = "replayed") -> None:
        self.stream = stream
        self.verb = {"replayed": "replaying", "settled": "settling"}.get(noun, noun)
        self.last = 0.0
        self.shown = False

    def show(self, tally: dict[str, int]) -> None:
        if self.stream is None or time.monotonic() - self.last < 0.2:
            return
        self.last = time.monotonic()
        legal, count = tally.get("legal", 0), sum(tally.values())
        said = (_("settling: %(count)s records, %(legal)s legal", count=count, legal=legal) if self.verb == "settling"
                else _("replaying: %(count)s records, %(legal)s legal", count=count, legal=legal))
        self.stream.write(f"\r{said} ")
        self.stream.flush()
        self.shown = True

    def done(self) -> None:
        if self.stream is not None and self.shown:
            self.stream.write("\r\x1b[K")  # clear the line for the summary
            self.stream.flush()
