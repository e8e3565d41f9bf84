"""The ``scorekeeper`` command (RECORDS.md): replay and check hands, one record or an archive.

Output and exit codes are the contract: 0 legal, 1 illegal or impossible, 2 unreadable.
An archive (one JSON object per line) is streamed: one output line per record, in
order, in constant memory, spread over worker processes when it is large.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from .engine import notation, records
from .engine.errors import RecordSyntaxError, ScorekeeperError
from .engine.families import own_package
from .engine.output import error_json, facts_lines, hand_facts, kept_words, outcome_json, outcome_line, points_text
from .engine.replay import HandOutcome, replay

CHUNK = 400  # archive lines per task handed to a worker process


def main(argv: list[str] | None = None) -> int:
    """The command; a reader that stops early (``scorekeeper replay big.jsonl | head``) ends it quietly."""
    try:
        return _command(argv)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error when Python flushes
        return 1


def _command(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="scorekeeper", description="Score, check and audit card-table hands.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_replay = sub.add_parser("replay", help="replay and check a hand record or a JSON-lines archive")
    p_replay.add_argument("file", help="a JSON hand record, a JSON-lines archive, or - for standard input")
    p_replay.add_argument("--text", action="store_true", help="print a trick table for a person instead of JSON")
    p_replay.add_argument("--jobs", type=int, default=0, help="worker processes for an archive (default: one per core)")
    p_replay.add_argument("--quiet", action="store_true",
                          help="no progress or summary of an archive on standard error (standard output is the same)")
    p_notation = sub.add_parser("notation", help="convert a hand record between JSON and the text notation")
    p_notation.add_argument("file", help="a JSON record or a record in the text notation, or - for standard input")
    p_notation.add_argument("--to", choices=("text", "json"), help="output format (default: the other one)")
    p_settle = sub.add_parser("settle", help="settle a session: scores, chips, pools, money")
    p_settle.add_argument("file", help="a JSON session record, or - for standard input")
    p_settle.add_argument("--text", action="store_true", help="print the settlement in words instead of JSON")
    p_serve = sub.add_parser("serve", help="run the table app (schema brought up to date first)")
    p_serve.add_argument("--host", default="127.0.0.1")
    p_serve.add_argument("--port", type=int, default=5000)
    from .sheets.command import add_parser as add_sheet_parser  # the sheet subcommand (PDF, scorekeeper.sheets)

    add_sheet_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "serve":
        from .web.serve import serve

        return serve(args.host, args.port)
    if args.command == "sheet":
        from .sheets.command import cmd_sheet

        return cmd_sheet(args)
    if args.command == "settle":
        from .settle_cli import cmd_settle

        return cmd_settle(args.file, text=args.text)
    if args.command == "replay":
        return cmd_replay(args.file, text=args.text, jobs=args.jobs, quiet=args.quiet)
    if args.command == "notation":
        return cmd_notation(args.file, to=args.to)
    return 2  # pragma: no cover - argparse rejects unknown commands


# --- replay --------------------------------------------------------------------------------

def replay_text(
    text: str, parse: Callable[[str], records.HandRecord] = records.loads,
) -> tuple[int, dict[str, Any], HandOutcome | None]:
    """Replay one record given as text (JSON, or what ``parse`` reads): (exit status, output, outcome)."""
    try:
        record = parse(text)
        outcome = replay(record)
    except ScorekeeperError as exc:
        status, obj = _own_family(text, exc)
        return status, obj, None
    return 0, outcome_json(outcome), outcome


def replay_line(line: str) -> tuple[int, str, str | None]:
    """One archive line in, (exit status, one output line, error code or None) out.

    The output of a legal hand is written straight to text (``outcome_line``): the same bytes
    as ``json.dumps`` of ``outcome_json``, without building the dict first.
    """
    try:
        outcome = replay(records.loads(line))
    except ScorekeeperError as exc:
        status, obj = _own_family(line, exc)
        return status, json.dumps(obj, ensure_ascii=False), None if status == 0 else obj["error"]["code"]
    return 0, outcome_line(outcome), None


def _own_family(text: str, refused: ScorekeeperError) -> tuple[int, dict[str, Any]]:
    """A record the trick-taking engine refused: a game with a package of its own (Tripoli,
    Reversis) is replayed there; anything else keeps the refusal. (exit status, output object)

    Only refused records come here, so the games of the core pay nothing for the others.
    """
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    package = own_package(value.get("game")) if isinstance(value, dict) else None
    if package is None:
        return refused.exit_status, error_json(refused)
    try:
        return 0, package.replay_json(value)
    except ScorekeeperError as exc:
        return exc.exit_status, error_json(exc)


Block = tuple[int, str, dict[str, int]]  # (worst exit status, whole output lines, records by outcome)


def _replay_chunk(lines: list[str]) -> Block:
    """A chunk of archive lines in, (worst exit status, their output lines as one text, tally) out.

    One string per chunk is what crosses back from a worker process: pickling and writing
    it is much cheaper than one (status, line) pair per record. The tally counts the records
    by outcome (``legal``, or the error code) for the summary.
    """
    worst = 0
    out: list[str] = []
    tally: dict[str, int] = {}
    for line in lines:
        status, text, code = replay_line(line)
        worst = max(worst, status)
        out.append(text)
        key = code or "legal"
        tally[key] = tally.get(key, 0) + 1
    out.append("")
    return worst, "\n".join(out), tally


def cmd_replay(
    path: str, *, text: bool = False, jobs: int = 0, out: IO[str] | None = None, quiet: bool = False,
    err: IO[str] | None = None,
) -> int:
    """Replay one record or an archive. An archive also gets, on ``err`` (standard error), its
    progress when that is a terminal and a summary at the end (hands, legal, illegal by code)."""
    out = out or sys.stdout
    err = None if quiet else (err or sys.stderr)
    try:
        stream = sys.stdin if path == "-" else open(path, encoding="utf-8-sig")
    except OSError as exc:
        error = RecordSyntaxError(f"cannot read {path}: {exc.strerror}")
        print(json.dumps(error_json(error)), file=out)
        return 2
    try:
        head: list[str] = []
        lines = _archive_lines(stream, head)
        if lines is None:
            return _replay_single("".join(head) + stream.read(), text=text, out=out)
        return _replay_archive(lines, text=text, jobs=jobs, out=out, err=err)
    finally:
        if stream is not sys.stdin:
            stream.close()


def _replay_single(source: str, *, text: bool, out: IO[str]) -> int:
    status, obj, outcome = replay_text(source, parse=load_record)
    if text:
        out.write(format_text(obj, outcome))
    else:
        print(json.dumps(obj, ensure_ascii=False), file=out)
    return status


def _archive_lines(stream: IO[str], head: list[str]) -> Iterator[str] | None:
    """The records of a JSON-lines archive, or None when the input is one record.

    An archive is a first line that is a whole JSON object followed by at least one more
    non-blank line; only those lines are read before deciding (kept in ``head``), so an
    archive streams.
    """
    first = _next_nonblank(stream, head)
    second = None
    if first is not None:
        try:
            is_object = isinstance(json.loads(first), dict)
        except ValueError:
            is_object = False
        if is_object:
            second = _next_nonblank(stream, head)
    if first is None or second is None:
        return None
    return _nonblank([first, second], stream)


def _next_nonblank(stream: IO[str], seen: list[str]) -> str | None:
    for line in iter(stream.readline, ""):
        seen.append(line)
        if line.strip():
            return line
    return None


def _replay_archive(lines: Iterator[str], *, text: bool, jobs: int, out: IO[str], err: IO[str] | None) -> int:
    results = _parallel(lines, jobs) if not text else map(_text_line, lines)
    worst = 0
    tally: dict[str, int] = {}
    progress = Progress(err if err is not None and err.isatty() else None)
    for status, block, counts in results:  # each block is one or more whole output lines
        worst = max(worst, status)
        out.write(block)
        for key, n in counts.items():
            tally[key] = tally.get(key, 0) + n
        progress.show(tally)
    progress.done()
    if err is not None:
        print(archive_summary(tally), file=err)
    return worst


def _text_line(line: str) -> Block:
    status, obj, outcome = replay_text(line)
    return status, format_text(obj, outcome) + "\n", {"legal" if status == 0 else obj["error"]["code"]: 1}


def archive_summary(tally: dict[str, int]) -> str:
    """The archive in one line: how many records, how many legal, the others by code.

    >>> archive_summary({"legal": 9, "revoke": 2, "not-in-hand": 1, "syntax": 1})
    'replayed 13 records: 9 legal, 3 illegal (revoke 2, not-in-hand 1), 1 unreadable (syntax 1)'
    """
    total = sum(tally.values())
    parts = [f"{tally.get('legal', 0)} legal"]
    for label, codes in (("illegal", {k: n for k, n in tally.items() if k != "legal" and k not in UNREADABLE}),
                         ("unreadable", {k: n for k, n in tally.items() if k in UNREADABLE})):
        if codes:
            by_code = ", ".join(f"{k} {n}" for k, n in sorted(codes.items(), key=lambda kn: (-kn[1], kn[0])))
            parts.append(f"{sum(codes.values())} {label} ({by_code})")
    return f"replayed {total} record{'s' if total != 1 else ''}: " + ", ".join(parts)


UNREADABLE = frozenset({"syntax", "unknown-game", "unknown-option"})  # the exit-2 codes of RECORDS.md


class Progress:
    """How far an archive has got, redrawn on one terminal line at most a few times a second."""

    def __init__(self, stream: IO[str] | None) -> None:
        self.stream = stream
        self.last = 0.0
        self.shown = False

    def show(self, tally: dict[str, int]) -> None:
        if self.stream is None or time.monotonic() - self.last < 0.2:
            return
        self.last = time.monotonic()
        legal = tally.get("legal", 0)
        self.stream.write(f"\rreplaying: {sum(tally.values())} records, {legal} legal ")
        self.stream.flush()
        self.shown = True

    def done(self) -> None:
        if self.stream is not None and self.shown:
            self.stream.write("\r\x1b[K")  # clear the line for the summary
            self.stream.flush()


def _nonblank(head: Iterable[str], stream: Iterable[str]) -> Iterator[str]:
    for source in (head, stream):
        for line in source:
            if line.strip():
                yield line


def _parallel(lines: Iterator[str], jobs: int) -> Iterator[Block]:
    """Replay lines in order, in chunks over worker processes; at most a few chunks in flight.

    Yields (worst exit status, output lines ending in a newline, tally), a chunk or a line at a time.
    """
    jobs = jobs or os.cpu_count() or 1
    chunk: list[str] = []
    first_chunks: list[list[str]] = []
    for line in lines:  # small archives are not worth starting processes for
        chunk.append(line)
        if len(chunk) == CHUNK:
            first_chunks.append(chunk)
            chunk = []
            if len(first_chunks) == 2:
                break
    if jobs == 1 or len(first_chunks) < 2:
        for c in first_chunks + [chunk]:
            yield _replay_chunk(c)
        yield from _replay_chunk_stream(lines)
        return
    import multiprocessing

    with multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn").Pool(jobs) as pool:
        pending: deque[Any] = deque()
        for c in first_chunks:
            pending.append(pool.apply_async(_replay_chunk, (c,)))
        for line in lines:
            chunk.append(line)
            if len(chunk) == CHUNK:
                pending.append(pool.apply_async(_replay_chunk, (chunk,)))
                chunk = []
                while len(pending) > 2 * jobs:
                    yield pending.popleft().get()
        if chunk:
            pending.append(pool.apply_async(_replay_chunk, (chunk,)))
        while pending:
            yield pending.popleft().get()


def _replay_chunk_stream(lines: Iterator[str]) -> Iterator[Block]:
    for line in lines:
        status, text, code = replay_line(line)
        yield status, text + "\n", {code or "legal": 1}


# --- the text notation ----------------------------------------------------------------------

def is_notation(text: str) -> bool:
    """Whether one record is in the text notation: not JSON, and opening with a tag (or a comment)."""
    if not text.lstrip("\ufeff \t\r\n").startswith(("[", ";")):
        return False
    try:
        json.loads(text)
    except ValueError:
        return True
    return False


def load_record(text: str) -> records.HandRecord:
    """One record, from JSON or from the text notation.

    :raises RecordSyntaxError: unreadable in either.
    """
    return notation.loads(text) if is_notation(text) else records.loads(text)


def cmd_notation(path: str, *, to: str | None = None, out: IO[str] | None = None) -> int:
    """Convert one record: JSON to the notation, the notation to canonical JSON (or as ``to`` says)."""
    out = out or sys.stdout
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8-sig") as stream:
                text = stream.read()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        print(json.dumps(error_json(RecordSyntaxError(f"cannot read {path}: {reason}"))), file=out)
        return 2
    try:
        record = load_record(text)
    except ScorekeeperError as exc:
        print(json.dumps(error_json(exc), ensure_ascii=False), file=out)
        return exc.exit_status
    if (to or ("json" if is_notation(text) else "text")) == "text":
        out.write(notation.dumps(record))
    else:
        print(records.dumps(record), file=out)
    return 0


# --- the readable trick table ----------------------------------------------------------------

def format_text(obj: dict[str, Any], outcome: HandOutcome | None) -> str:
    """A trick table a person can audit: one row per trick, the leader marked >, the winner *."""
    if outcome is None and not obj["ok"]:
        err = obj["error"]
        where = ", ".join(f"{k} {err[k]}" for k in ("trick", "play", "player", "card") if err.get(k) is not None)
        return f"ILLEGAL ({err['code']}){' at ' + where if where else ''}: {err['message']}\n"
    if outcome is None:
        return _format_moves(obj)
    record = outcome.record
    names = outcome.players
    lines = [f"{outcome.ruleset.name}, hand {record.number}, dealer {record.dealer}"]
    if outcome.ruleset.warning:
        lines.append(f"note: {outcome.ruleset.warning}")
    if outcome.void:
        lines.append(f"misdeal ({outcome.void}): the hand is void and the same dealer deals again")
    facts = hand_facts(outcome)
    lines.extend(facts_lines(facts, names, ending=False))  # trumps, Capot, the auction, the Joker, trades, draws
    width = max(4, *(len(n) for n in names))
    if outcome.tricks:
        lines.append("trick  " + "  ".join(n.ljust(width) for n in names) + "  winner")
        for t in outcome.tricks:
            cells = [""] * len(names)
            for seat, c in t.plays:
                cells[seat] = (">" if seat == t.leader else " ") + c.code + ("*" if seat == t.winner else "")
            won = names[t.winner] if t.winner >= 0 else "(dead)"  # Cancellation Hearts: nobody wins a dead trick
            lines.append(f"{t.number:>5}  " + "  ".join(cell.ljust(width) for cell in cells) + f"  {won}")
    if facts.kept is not None:  # Domino Hearts: the last player in keeps his cards and takes the stock
        lines.append(kept_words(facts.kept, names))
    if outcome.revoke:
        r = outcome.revoke
        lines.append(f"established revoke: {names[r.seat]} played {r.card.code} in trick {r.trick} ({r.code}); "
                     f"play stopped and {r.rule} applies")
    lines.append("taken:")
    for name, entry in obj["taken"].items():
        shown = " ".join(entry) if isinstance(entry, list) else json.dumps(entry)
        lines.append(f"  {name.ljust(width)}  {shown or '-'}")
    if obj.get("moon"):
        m = obj["moon"]
        lines.append(f"{m['player']} shot the moon ({m['rule']}{', ' + m['choice'] if m['choice'] else ''})")
    lines.append("points: " + ", ".join(f"{n} {points_text(p)}" for n, p in obj["points"].items()))
    return "\n".join(lines) + "\n"


def _format_moves(obj: dict[str, Any]) -> str:
    """A hand of a game with a package of its own (Tripoli's chips, Reversis' fish): every
    payment in the order it was made, then each player's net."""
    moves = obj.get("transfers") if isinstance(obj.get("transfers"), list) else obj.get("payments")
    net = obj["payments"] if isinstance(obj.get("payments"), dict) else obj.get("net", {})
    lines = [f"{obj['game']}, hand {obj['hand']}, dealer {obj['dealer']}", "payments in order:"]
    for m in moves if isinstance(moves, list) else []:
        amount, why = m.get("chips", m.get("fish")), m.get("step", m.get("why"))
        lines.append(f"  {m['from']} -> {m['to']}: {amount}" + (f" ({why})" if why else ""))
    lines.append("net: " + ", ".join(f"{name} {value:+d}" for name, value in net.items()))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
