"""``scorekeeper sheet``: print a session's score sheet, a blank one, or a hand's audit as PDF.

Errors are those of the other subcommands: the engine's error object on standard output,
exit 1 for a session or hand the rules refuse, 2 for unreadable input. An illegal hand's
audit is still written (showing the refused play) and exits 1, as ``replay`` does.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO, Any

from ..boundary import attempt
from ..engine.errors import RecordSyntaxError, ScorekeeperError
from ..engine.jsontext import decode, utf8
from ..engine.family import Family
from ..inputs import load_any, print_error, read_all
from .. import language
from ..language import gettext as _


def add_parser(sub: Any) -> None:
    """The ``sheet`` subcommand's arguments (``sub`` is the main parser's subparsers)."""
    p = sub.add_parser("sheet", help=_("print a score sheet as PDF: a session's, a blank one, or a hand's audit"))
    p.add_argument("file", nargs="?", help=_("a JSON session record, or - for standard input"))
    p.add_argument("-o", "--output", required=True, help=_("the PDF to write, or - for standard output"))
    p.add_argument("--paper", choices=("a4", "letter"), default="a4", help=_("paper size (default a4)"))
    p.add_argument("--blank", metavar="GAME", help=_("a blank sheet for this game instead of a session's"))
    p.add_argument("--players", help=_("with --blank: how many players, or their names separated by commas"))
    p.add_argument("--options", help=_("with --blank: the game's options as a JSON object, e.g. '{\"profile\": \"003\"}'"))
    p.add_argument("--settlement", help=_("with --blank: the settlement id (default: the game's own)"))
    p.add_argument("--audit", metavar="HAND", help=_("the audit of one hand record (JSON or the text notation), trick by trick"))


def cmd_sheet(args: Any, out: IO[str] | None = None) -> int:
    """Run ``scorekeeper sheet`` with parsed arguments; the exit status."""
    out = out or sys.stdout
    answered = attempt(lambda: _run(args, out))
    if isinstance(answered, ScorekeeperError):
        return print_error(answered, out)
    return answered


def _run(args: Any, out: IO[str]) -> int:
    modes = [m for m in (args.file is not None, args.blank is not None, args.audit is not None) if m]
    if len(modes) != 1:
        raise RecordSyntaxError("give one of: a session FILE, --blank GAME --players N, or --audit HAND")
    if args.blank is None and (args.players or args.options or args.settlement):
        raise RecordSyntaxError("--players, --options and --settlement go with --blank")
    if args.blank is not None:
        return _write(_blank(args), args.output, out)
    if args.audit is not None:
        return _audit(args, out)
    return _write(_session(args), args.output, out)


def _read(path: str) -> str:
    return utf8(read_all(path))


def _session(args: Any) -> bytes:
    from . import session_pdf

    return session_pdf(decode(_read(args.file)), paper=args.paper)


def _blank(args: Any) -> bytes:
    from . import blank_pdf

    if not args.players:
        raise RecordSyntaxError("--blank needs --players: how many, or their names separated by commas")
    players: int | list[str]
    text = args.players.strip()
    if text.isdigit():
        players = int(text)
    else:
        players = [name.strip() for name in text.split(",") if name.strip()]
        if len(set(players)) != len(players):
            raise RecordSyntaxError("--players: every name must be different")
    options = decode(args.options, "--options ") if args.options else None
    if options is not None and not isinstance(options, dict):
        raise RecordSyntaxError("--options must be a JSON object of option names and values")
    return blank_pdf(args.blank, players, options=options, settlement=args.settlement, paper=args.paper)


def _audit(args: Any, out: IO[str]) -> int:
    from .model import has_layout, layout_of  # the sheets' model: not imported by the other commands' parser

    text = _read(args.audit)
    family, value = load_any(text)
    own = getattr(layout_of(value.get("game")), "printed_audit", None) if has_layout(family.id) else None
    if own is None:  # the hand step by step, as the app prints it
        return _steps_audit(args, family, value, out)
    pdf, error = own(value, args.paper)  # the family's own printed audit (the core's trick table)
    status = _write(pdf, args.output, out)
    if status == 0 and error is not None:  # the audit shows the refused play; the status says it was refused
        return print_error(error, sys.stderr if args.output == "-" else out)
    return status


def _steps_audit(args: Any, family: Family, value: dict[str, Any], out: IO[str]) -> int:
    """A family without a printed audit of its own: the hand step by step with what each action paid
    (``audit_steps``, the app's printed audit); a refused action is shown, and exits 1."""
    from . import steps_pdf
    from .audit_steps import steps_audit

    answer = family.steps_json(value, language.error_object)  # its refusal's sentence in the command's language
    game = str(value.get("game", ""))
    title = _("%(game)s: audit of a hand", game=language.word(family.game_def(game).name))
    status = _write(steps_pdf(steps_audit(answer, family.vocabulary), title=title, paper=args.paper), args.output,
                    out)
    refused = answer.get("refused")
    if status == 0 and refused:
        error = refused["error"]
        return print_error(ScorekeeperError(error["message"], code=error["code"], play=error.get("play"),
                                            trick=error.get("trick"), player=error.get("player"),
                                            card=error.get("card")), sys.stderr if args.output == "-" else out)
    return status


def _write(pdf: bytes, path: str, out: IO[str]) -> int:
    try:
        if path == "-":
            sys.stdout.buffer.write(pdf)
            sys.stdout.buffer.flush()
        else:
            Path(path).write_bytes(pdf)
    except OSError as exc:
        return print_error(RecordSyntaxError(f"cannot write {path}: {exc.strerror}"), out)
    return 0
