"""``scorekeeper settle FILE|-``: settle a session record (RECORDS.md), as JSON or in words."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import IO, Any

from .engine.errors import RecordSyntaxError, ScorekeeperError
from .engine.families import own_package
from .engine.output import error_json, facts_lines, hand_facts, points_text
from .engine.settlement import result_json, session_from_json, settle, settle_json


def cmd_settle(path: str, *, text: bool = False, out: IO[str] | None = None) -> int:
    """Print the settle output; exit 0 settled, 1 an illegal or impossible hand, 2 unreadable."""
    out = out or sys.stdout
    try:
        if path == "-":
            source = sys.stdin.read()
        else:
            with open(path, encoding="utf-8-sig") as stream:  # closed at once: no ResourceWarning
                source = stream.read()
    except OSError as exc:
        return _fail(RecordSyntaxError(f"cannot read {path}: {exc.strerror}"), out)
    try:
        try:
            value = json.loads(source)
        except json.JSONDecodeError as exc:
            raise RecordSyntaxError(f"not JSON: {exc.msg}", line=exc.lineno, column=exc.colno) from None
        result, facts = settle_with_facts(value) if text else (settle_json(value), [])
    except ScorekeeperError as exc:
        return _fail(exc, out)
    if text:
        out.write(format_settlement(result, facts))
    else:
        print(json.dumps(result, ensure_ascii=False), file=out)
    return 0


def _fail(error: ScorekeeperError, out: IO[str]) -> int:
    print(json.dumps(error_json(error), ensure_ascii=False), file=out)
    return error.exit_status


def settle_with_facts(value: Any) -> tuple[dict[str, Any], list[list[str]]]:
    """The settle output, and per hand the trumps, Capot, auction and Joker in words (``facts_lines``);
    a game with a package of its own (Tripoli, Reversis) words its hands in its notes.

    :raises ScorekeeperError: as ``settle_json``.
    """
    if isinstance(value, Mapping) and own_package(value.get("game")) is not None:
        return settle_json(value), []
    result = settle(session_from_json(value))
    return result_json(result), [facts_lines(hand_facts(o), o.players) for o in result.outcomes]


def format_settlement(result: dict[str, Any], facts: Sequence[Sequence[str]] = ()) -> str:
    """The settlement in words: every hand's arithmetic (after what was declared beside the cards:
    ``facts``, per hand), then totals, chips and who pays whom."""
    lines = [f"settlement: {result['settlement']}"]
    for i, hand in enumerate(result["hands"], 1):
        lines.append(f"hand {i} (dealer {hand['dealer']}), pool after: {hand['pool']}")
        lines.extend(f"  {fact}" for fact in (facts[i - 1] if i <= len(facts) else ()))
        lines.extend(f"  {note}" for note in dict.fromkeys(hand["notes"].values()) if note)  # a misdeal's note once
    if "closing" in result:
        lines.append("the table stops:")
        lines.extend(f"  {note}" for note in result["closing"]["notes"].values())
    lines.append("totals: " + ", ".join(f"{n} {points_text(v)}" for n, v in result["totals"].items()))
    lines.append("chips: " + ", ".join(f"{n} {v:+d}" for n, v in result["balance"].items()) + f"; pool {result['pool']}")
    if "money" in result:
        lines.append("money: " + ", ".join(f"{n} {v}" for n, v in result["money"].items()))
        lines.extend(f"  {t['from']} pays {t['to']} {t['amount']}" for t in result["transfers"])
    state = "finished" if result["finished"] else "in progress"
    lines.append(f"game {state}; " + ("winners: " + ", ".join(result["winners"]) if result["winners"] else "no winner yet"))
    return "\n".join(lines) + "\n"
