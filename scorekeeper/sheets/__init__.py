"""Printed score sheets and hand audits: data from the engine, HTML from Jinja2, PDF from WeasyPrint.

Outside the engine (which stays standard library only) and outside the web app (no Flask),
so the command line and the app print the same sheets:

* ``blank_pdf(game, players)``: an empty sheet whose columns come from the game's ruleset;
* ``session_pdf(record)``: the filled sheet of a session record (docs/settlement.md) (``stored`` adds the
  app's struck, unconfirmed and corrected hands);
* ``audit_pdf(hand)``: one hand replayed trick by trick, the first illegal play highlighted.
* ``steps_pdf(audit)``: any game's hand step by step (``audit_steps``), the refused action marked.

The app passes a table's ``TableClock`` (its time zone, ``clock``) so its sheets print their times
as the phones show them; without one they print in UTC.

Each has a data-only counterpart (``blank_sheet``, ``filled_sheet``, ``hand_audit``) in
``model`` and ``audit``; ``render`` turns those into HTML and PDF. Names are imported on
first use: WeasyPrint takes a second to import, and ``scorekeeper replay`` never needs it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .audit import Audit as Audit
    from .audit import hand_audit as hand_audit
    from .clock import TableClock as TableClock
    from .clock import known_zone as known_zone
    from .model import PAPERS as PAPERS
    from .model import Sheet as Sheet
    from .model import StoredHand as StoredHand
    from .model import blank_sheet as blank_sheet
    from .model import filled_sheet as filled_sheet
    from .model import playable_games as playable_games
    from .model import player_counts as player_counts
    from .render import AppFilesOnly as AppFilesOnly
    from .render import audit_pdf as audit_pdf
    from .render import blank_pdf as blank_pdf
    from .render import html_to_pdf as html_to_pdf
    from .render import session_pdf as session_pdf
    from .render import sheet_html as sheet_html
    from .render import sheet_pdf as sheet_pdf
    from .render import steps_pdf as steps_pdf

_HOME = {
    "Audit": "audit", "hand_audit": "audit", "TableClock": "clock", "known_zone": "clock",
    "PAPERS": "model", "Sheet": "model", "StoredHand": "model", "blank_sheet": "model", "filled_sheet": "model",
    "player_counts": "model", "playable_games": "model",
    "AppFilesOnly": "render", "audit_pdf": "render", "blank_pdf": "render", "html_to_pdf": "render",
    "session_pdf": "render", "sheet_html": "render", "sheet_pdf": "render", "steps_pdf": "render",
}
__all__ = [
    "PAPERS", "AppFilesOnly", "Audit", "Sheet", "StoredHand", "TableClock", "audit_pdf", "blank_pdf", "blank_sheet",
    "filled_sheet", "hand_audit", "html_to_pdf", "known_zone", "playable_games", "player_counts", "session_pdf",
    "sheet_html", "sheet_pdf", "steps_pdf",
]


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)
