"""``scorekeeper settle FILE|-``: settle a session record (the records contract, docs/command.md), as JSON or in words."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import IO, Any

from .engine.errors import RecordSyntaxError
from .engine.family import family_of_record
from .engine.jsontext import decode
from .engine.hearts.output import facts_lines, points_text
from .engine.settled import settled_json
from .engine.family import settle_json
from .language import gettext as _
from .inputs import LineAnswer, answer_line, print_error, records_in, run_archive


def cmd_settle(path: str, *, text: bool = False, out: IO[str] | None = None, jobs: int = 0,
               quiet: bool = False, err: IO[str] | None = None) -> int:
    """Print the settle output; exit 0 settled, 1 an illegal or impossible hand, 2 unreadable.

    A JSON-lines archive of sessions, one per line, gets one output line per session, in order,
    and the highest exit status (with a summary on ``err``), as ``replay`` does for hands.
    """
    out = out or sys.stdout
    try:
        with records_in(path) as source:
            if isinstance(source, bytes):
                status, answer = settle_text(source, text=text)
                out.write(answer + "\n")
                return status
            return run_archive(source, settle_line_text if text else settle_line, jobs=1 if text else jobs, out=out,
                               err=None if quiet else (err or sys.stderr), noun="settled")
    except RecordSyntaxError as exc:  # the file could not be opened
        return print_error(exc, out)


def settle_text(source: str | bytes, *, text: bool = False) -> tuple[int, str]:
    """One session record in, (exit status, the settle output or the settlement in words) out."""
    status, answer, _ = _answer(source, text)
    return status, answer


def settle_line(line: bytes) -> LineAnswer:
    """One archive line: (exit status, its output line, error code or None)."""
    return _answer(line, False)


def settle_line_text(line: bytes) -> LineAnswer:
    """One archive line settled in words (``--text``)."""
    return _answer(line, True)


def _answer(source: str | bytes, text: bool) -> LineAnswer:
    return answer_line(lambda: _settled(source, text))


def _settled(source: str | bytes, text: bool) -> str:
    value = decode(source)
    if not text:
        return json.dumps(settle_json(value), ensure_ascii=False)
    result, facts = settle_with_facts(value)
    return format_settlement(result, facts).rstrip("\n")


def settle_with_facts(value: Any) -> tuple[dict[str, Any], list[list[str]]]:
    """The settle output, and per hand the trumps, Capot, auction and Joker in words (``facts_lines``),
    from the one settled result of every family; a game without such facts (Tripoli, Reversis) words
    its hands in its notes.

    :raises ScorekeeperError: as ``settle_json``.
    """
    settled = family_of_record(value).settle(value)
    return settled_json(settled), [[] if h.facts is None else facts_lines(h.facts, h.players) for h in settled.hands]


def format_settlement(result: dict[str, Any], facts: Sequence[Sequence[str]] = ()) -> str:
    """The settlement in words: every hand's arithmetic (after what was declared beside the cards:
    ``facts``, per hand), then totals, chips and who pays whom."""
    lines = [_("settlement: %(id)s", id=result["settlement"])]
    for i, hand in enumerate(result["hands"], 1):
        lines.append(_("hand %(number)s (dealer %(dealer)s), pool after: %(pool)s", number=i, dealer=hand["dealer"],
                       pool=hand["pool"]))
        lines.extend(f"  {fact}" for fact in (facts[i - 1] if i <= len(facts) else ()))
        lines.extend(f"  {note}" for note in dict.fromkeys(hand["notes"].values()) if note)  # a misdeal's note once
    if "closing" in result:
        lines.append(_("the table stops:"))
        lines.extend(f"  {note}" for note in result["closing"]["notes"].values())
    lines.append(_("totals: %(list)s", list=", ".join(f"{n} {points_text(v)}" for n, v in result["totals"].items())))
    lines.append(_("chips: %(list)s; pool %(pool)s", list=", ".join(f"{n} {v:+d}" for n, v in result["balance"].items()),
                   pool=result["pool"]))
    if "money" in result:
        lines.append(_("money: %(list)s", list=", ".join(f"{n} {v}" for n, v in result["money"].items())))
        lines.extend("  " + _("%(payer)s pays %(payee)s %(amount)s", payer=t["from"], payee=t["to"], amount=t["amount"])
                     for t in result["transfers"])
    if "team_totals" in result:  # Gong Zhu's partnerships
        lines.append(_("partnerships: %(list)s",
                       list=", ".join(f"{n} {points_text(v)}" for n, v in result["team_totals"].items())))
    if result.get("losers"):  # Gong Zhu: the pig of the game
        lines.append(_("the pig: %(list)s", list=", ".join(result["losers"])))
    state = _("game finished") if result["finished"] else _("game in progress")
    lines.append(state + "; " + (_("winners: %(list)s", list=", ".join(result["winners"])) if result["winners"]
                                 else _("no winner yet")))
    return "\n".join(lines) + "\n"
