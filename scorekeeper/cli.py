"""The ``scorekeeper`` command (the records contract, docs/command.md): replay and check hands, one record or an archive.

Output and exit codes are the contract: 0 legal, 1 illegal or impossible, 2 unreadable.
An archive (one JSON object per line) is streamed: one output line per record, in
order, in constant memory, spread over worker processes when it is large.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time  # noqa: F401  (the tests pace the archive's progress through cli.time)
from collections.abc import Callable
from typing import IO, Any

from .language import LANGUAGES, N_, from_environment, gettext as _, speaking, written
from .boundary import attempt, quiet_log
from .engine.hearts import records
from .engine.errors import RecordSyntaxError, ScorekeeperError, Text
from .engine.family import family_of_notation, family_of_record
from .engine.jsontext import decode, utf8
from .inputs import (  # noqa: F401  (archive_summary, Progress...: the command's, found here too)
    UNREADABLE, LineAnswer, Progress, answer_line, archive_summary, error_json, is_notation, load_any, load_record, print_error,
    read_all,
    records_in, refused_line, run_archive,
)


def main(argv: list[str] | None = None) -> int:
    """The command; a reader that stops early (``scorekeeper replay big.jsonl | head``) ends it quietly."""
    try:
        return _command(argv)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error when Python flushes
        return 1


def _command(argv: list[str] | None) -> int:
    """The command in the language asked (``--lang``, else the locale's): its help, its words, its sheets."""
    with speaking(_asked(argv)):
        args = _parser().parse_args(argv)
        if args.command != "serve":
            return _run(args)
    from .web.serve import serve  # the app chooses each page's language itself (web/lang.py)

    return serve(args.host, args.port, lan=args.lan)


def _asked(argv: list[str] | None) -> str:
    """The language of ``--lang`` before the command is read (its help speaks it), else the environment's."""
    early = argparse.ArgumentParser(add_help=False, allow_abbrev=False)  # "--lan" is serve's, not "--lang"
    early.add_argument("--lang")
    found, _rest = early.parse_known_args(argv)
    return found.lang if found.lang in LANGUAGES else from_environment()


# argparse's own words in a help (Python's, which ships no catalogue of them): translated in ours.
ARGPARSE_WORDS = (N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"))


def _parser() -> argparse.ArgumentParser:
    """The command's arguments, their help in the language spoken now (argparse's own words too)."""
    argparse._ = _  # type: ignore[attr-defined]  # argparse words its headings with its module's ``_`` at call time
    parser = argparse.ArgumentParser(prog="scorekeeper", description=_("Score, check and audit card-table hands."))
    parser.add_argument("--lang", choices=sorted(LANGUAGES),
                        help=_("the language of what it prints in words, such as a sheet (default: the locale's, "
                               "LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en); JSON and error codes never change"))
    sub = parser.add_subparsers(dest="command", required=True)
    p_replay = sub.add_parser("replay", help=_("replay and check a hand record or a JSON-lines archive"))
    p_replay.add_argument("file", help=_("a JSON hand record, a JSON-lines archive, or - for standard input"))
    p_replay.add_argument("--text", action="store_true", help=_("print a trick table for a person instead of JSON"))
    p_replay.add_argument("--jobs", type=int, default=0,
                          help=_("worker processes for an archive (default: one per core)"))
    p_replay.add_argument("--quiet", action="store_true",
                          help=_("no progress or summary of an archive on standard error (standard output is the "
                                 "same)"))
    p_notation = sub.add_parser("notation", help=_("convert a hand record between JSON and the text notation"))
    p_notation.add_argument("file", help=_("a JSON record or a record in the text notation, or - for standard input"))
    p_notation.add_argument("--to", choices=("text", "json"), help=_("output format (default: the other one)"))
    for name, what in (("next", _("what comes next in a partial hand record: whose turn, the kind of action, "
                                  "the choices, what is paid so far")),
                       ("steps", _("a hand record action by action, each with the table after it, up to the first "
                                   "illegal action"))):
        p_progress = sub.add_parser(name, help=what)
        p_progress.add_argument("file", help=_("a JSON hand record, or one in the text notation, or - for standard "
                                               "input"))
    p_settle = sub.add_parser("settle", help=_("settle a session: scores, chips, pools, money"))
    p_settle.add_argument("file", help=_("a JSON session record, a JSON-lines archive of them, or - for standard "
                                         "input"))
    p_settle.add_argument("--text", action="store_true", help=_("print the settlement in words instead of JSON"))
    p_settle.add_argument("--jobs", type=int, default=0,
                          help=_("worker processes for an archive (default: one per core)"))
    p_settle.add_argument("--quiet", action="store_true",
                          help=_("no progress or summary of an archive on standard error"))
    p_serve = sub.add_parser("serve", help=_("run the table app (schema brought up to date first)"))
    where = p_serve.add_mutually_exclusive_group()
    where.add_argument("--host", default="127.0.0.1",
                       help=_("the address to listen on (default: this machine only)"))
    where.add_argument("--lan", action="store_true",
                       help=_("serve the phones on the local network: listen on every interface and print the "
                              "address to open, with its QR code"))
    p_serve.add_argument("--port", type=int, default=5000)
    from .sheets.command import add_parser as add_sheet_parser  # the sheet subcommand (PDF, scorekeeper.sheets)

    add_sheet_parser(sub)
    return parser


def _run(args: argparse.Namespace) -> int:
    quiet_log()  # the app logs as Flask sets up; the others keep the boundary's log quiet
    if args.command == "sheet":
        from .sheets.command import cmd_sheet

        return cmd_sheet(args)
    if args.command == "settle":
        from .settle_cli import cmd_settle

        return cmd_settle(args.file, text=args.text, jobs=args.jobs, quiet=args.quiet)
    if args.command == "replay":
        return cmd_replay(args.file, text=args.text, jobs=args.jobs, quiet=args.quiet)
    if args.command == "notation":
        return cmd_notation(args.file, to=args.to)
    if args.command in ("next", "steps"):
        return cmd_progress(args.file, args.command)
    return 2  # pragma: no cover - argparse rejects unknown commands


# --- replay --------------------------------------------------------------------------------

def replay_text(
    text: str | bytes, parse: Callable[[str], records.HandRecord] = records.loads, *, words: bool = False,
) -> tuple[int, dict[str, Any], Text | None]:
    """Replay one record given as text (JSON, or what ``parse`` reads): (exit status, output, and with ``words``
    the hand as a person audits it, for ``--text``; None when refused or not asked)."""
    answered = attempt(lambda: _replay(text, parse, words))
    if isinstance(answered, ScorekeeperError):
        return answered.exit_status, error_json(answered), None
    return answered


def _replay(text: str | bytes, parse: Callable[[str], records.HandRecord],
            words: bool) -> tuple[int, dict[str, Any], Text | None]:
    """The record's family replays it (and words it for ``--text`` from the same replay: ``replay_words``).

    JSON is decoded once; a record in the text notation is read by its family; ``parse`` reads anything else
    (the core's reader words why it is neither).
    """
    text = text if isinstance(text, str) else utf8(text)
    written = parse is not records.loads and is_notation(text)
    value = None if written else _decoded(text)
    family = family_of_notation(text) if written else family_of_record(value)
    if value is None:
        value = family.from_notation(text) if written else records.to_json(parse(text))
    if not words:
        return 0, family.replay_json(value), None
    obj, said = family.replay_words(value)
    return 0, obj, said


def _decoded(text: str) -> Any:
    """The JSON value of a record, or None where it is not JSON (the core's reader then words why)."""
    try:
        return decode(text)
    except RecordSyntaxError:
        return None


def replay_line(line: str | bytes) -> LineAnswer:
    """One archive line in, (exit status, one output line, error code or None) out.

    The output of a legal hand is written straight to text (``outcome_line``): the same bytes
    as ``json.dumps`` of ``outcome_json``, without building the dict first.
    """
    try:  # answer_line's work, without its closure: an archive asks it once a line
        return 0, _replay_line(line), None
    except Exception as exc:  # noqa: BLE001 - the boundary: every failure becomes an error object
        return refused_line(exc)


def _replay_line(line: str | bytes) -> str:
    value = decode(line if isinstance(line, str) else utf8(line))
    return family_of_record(value).replay_line(value)


def cmd_replay(
    path: str, *, text: bool = False, jobs: int = 0, out: IO[str] | None = None, quiet: bool = False,
    err: IO[str] | None = None,
) -> int:
    """Replay one record or an archive. An archive also gets, on ``err`` (standard error), its
    progress when that is a terminal and a summary at the end (hands, legal, illegal by code)."""
    out = out or sys.stdout
    err = None if quiet else (err or sys.stderr)
    try:
        with records_in(path) as source:
            if isinstance(source, bytes):
                return _replay_single(source, text=text, out=out)
            return run_archive(source, _text_line if text else replay_line, jobs=1 if text else jobs, out=out, err=err)
    except RecordSyntaxError as exc:  # the file could not be opened
        return print_error(exc, out)


def _replay_single(source: bytes, *, text: bool, out: IO[str]) -> int:
    status, obj, said = replay_text(source, parse=load_record, words=text)
    if text:
        out.write(format_text(obj, said))
    else:
        print(json.dumps(obj, ensure_ascii=False), file=out)
    return status


def _text_line(line: bytes) -> LineAnswer:
    """One archive line as a trick table (``--text``): its lines, without the last newline."""
    status, obj, said = replay_text(line, words=True)
    return status, format_text(obj, said).rstrip("\n"), None if status == 0 else obj["error"]["code"]


# --- the text notation ----------------------------------------------------------------------

def cmd_notation(path: str, *, to: str | None = None, out: IO[str] | None = None) -> int:
    """Convert one record: JSON to the notation, the notation to canonical JSON (or as ``to`` says)."""
    out = out or sys.stdout
    answered = attempt(lambda: _converted(path, to))
    if isinstance(answered, ScorekeeperError):
        return print_error(answered, out)
    out.write(answered)
    return 0


def cmd_progress(path: str, what: str, *, out: IO[str] | None = None) -> int:
    """``next`` or ``steps`` of one record, through its family (docs/command.md); a refusal is the error object."""
    out = out or sys.stdout
    answered = attempt(lambda: _progress(path, what))
    if isinstance(answered, ScorekeeperError):
        return print_error(answered, out)
    print(json.dumps(answered, ensure_ascii=False), file=out)
    return 0 if answered.get("ok", True) else 1  # ``steps`` of a hand with an illegal action: exit 1, as replay


def _progress(path: str, what: str) -> dict[str, Any]:
    family, value = load_any(utf8(read_all(path)))
    return family.progress_json(value) if what == "next" else family.steps_json(value)


def _converted(path: str, to: str | None) -> str:
    """Each family converts its own records, found by the record's game (the JSON's, or the ``Game`` tag)."""
    text = utf8(read_all(path))
    written = is_notation(text)
    family, value = load_any(text)
    obj = value if written else family.record_json(value)
    if (to or ("json" if written else "text")) == "text":
        return family.to_notation(obj)
    return json.dumps(obj, ensure_ascii=False) + "\n"


# --- the readable trick table ----------------------------------------------------------------

PLACES = {"trick": N_("trick"), "play": N_("play"), "player": N_("player"), "card": N_("card")}  # where a refusal is


def format_text(obj: dict[str, Any], said: Text | None) -> str:
    """A hand a person can audit (``Family.replay_words``: the core's trick table, one row per trick, the leader
    marked >, the winner *; a package's payments in order), or why it is refused."""
    if not obj["ok"] or said is None:
        err = obj["error"]
        where = ", ".join(f"{_(PLACES[k])} {err[k]}" for k in PLACES if err.get(k) is not None)
        if where:
            return _("ILLEGAL (%(code)s) at %(where)s: %(why)s", code=err["code"], where=where, why=err["message"]) + "\n"
        return _("ILLEGAL (%(code)s): %(why)s", code=err["code"], why=err["message"]) + "\n"
    return written(said)  # its words in the language spoken now (--lang, the locale), its rows as they are


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
