"""A club's data to take away: its tables' session records (JSON lines, as ``scorekeeper settle`` reads an
archive) and a CSV of every hand and every table's totals for a spreadsheet.

The CSV is written in a player's words: the game by its name, each table by its number in the club ("Table 3":
the club's third table, the third line of the JSON export), and each player's result at the table's totals
("won", "game over" or "in play": won only once the settlement says the game is over, as the table's page
says). The CSV is safe to open in a spreadsheet: a text cell that begins with ``=``, ``+``, ``-``, ``@``, a tab
or a carriage return (a player named ``=HYPERLINK(...)``), also after any number of spaces or invisible
characters (every Unicode space, format character and control: a spreadsheet may skip them before it
reads a formula), gets a leading apostrophe, so it stays text and is never run as a formula. Numbers
stay numbers (a score of -3, money of -3.80).
"""

from __future__ import annotations

import csv
import io
import json
import unicodedata
from decimal import Decimal
from collections.abc import Iterable, Iterator
from typing import Any

from ...engine.errors import ScorekeeperError
from .. import services
from ...language import N_, gettext as _
from .stats import game_name
from ..models import TableSession

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# What a spreadsheet may pass over before it reads a formula: spaces of every kind, format characters
# (zero width, bidirectional marks), controls.
_INVISIBLE = frozenset({"Zs", "Zl", "Zp", "Cf", "Cc"})
COLUMNS = ("table", "started", "game", "hand", "dealer", "player", "points", "total", "money", "result")
# Each column's header in the club's language (``csv_text``); ``COLUMNS`` are the English ones, the file's with
# ``?headers=names``.
HEADERS = {"table": N_("table"), "started": N_("started"), "game": N_("game"), "hand": N_("hand"),
           "dealer": N_("dealer"), "player": N_("player"), "points": N_("points"), "total": N_("total"),
           "money": N_("money"), "result": N_("result")}


def safe_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as written: text that could start a formula gets an apostrophe."""
    if isinstance(value, str) and (value.startswith(FORMULA_STARTS)
                                   or _after_invisible(value).startswith(FORMULA_STARTS)):
        return "'" + value
    return value


def _after_invisible(text: str) -> str:
    """``text`` from its first character a reader sees."""
    for i, char in enumerate(text):
        if unicodedata.category(char) not in _INVISIBLE:
            return text[i:]
    return ""


def _points(value: Any) -> Any:
    """A score as a cell: a number, or Complex Hearts' ``3+13i`` as text."""
    if isinstance(value, dict):
        re, im = value.get("re", 0), value.get("im", 0)
        return f"{re}{'+' if im >= 0 else '-'}{abs(im)}i"
    return value


def records_jsonl(tables: Iterable[TableSession]) -> Iterator[str]:
    """Each table's session record (``services.export_session``), one JSON line each."""
    for table in tables:
        yield json.dumps(services.export_session(table), ensure_ascii=False, separators=(",", ":")) + "\n"


def result_words(settled: dict[str, Any], player: str) -> str:
    """A player's result at a table, from its settle output: won only once the game is over."""
    if not settled.get("finished"):
        return _("in play")
    return _("won") if player in (settled.get("winners") or ()) else _("game over")


def csv_rows(tables: Iterable[TableSession]) -> Iterator[list[Any]]:
    """A row a player a hand (``hand`` its number), then a row a player with the table's totals (``hand``
    "total", with the money and the player's result), from each table's settle output. ``tables`` oldest
    first: the n-th is "Table n"."""
    for number, table in enumerate(tables, 1):
        try:
            settled = services.current_settlement(table)
        except ScorekeeperError:  # pragma: no cover - every stored table settled when it was written
            continue
        started = table.created_at.date().isoformat() if table.created_at else ""
        head = [_("Table %(number)s", number=number), started, game_name(table.game)]
        for hand_number, hand in enumerate(settled.get("hands") or [], 1):
            for player, points in (hand.get("points") or {}).items():
                yield [*head, hand_number, hand.get("dealer", ""), player, _points(points),
                       _points((hand.get("totals") or {}).get(player)), "", ""]
        money = settled.get("money") or {}
        for player, total in (settled.get("totals") or {}).items():
            amount = money.get(player)
            yield [*head, _("total"), "", player, "", _points(total), "" if amount is None else Decimal(amount),
                   result_words(settled, player)]


def csv_text(tables: Iterable[TableSession]) -> str:
    """The CSV in the language spoken now (``language.speaking``: its headers and words), every cell made safe
    (``safe_cell``)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([_(HEADERS[column]) for column in COLUMNS])
    writer.writerows([safe_cell(v) for v in row] for row in csv_rows(tables))
    return out.getvalue()
