"""Printed score sheets from the app: a session's sheet as PDF, and blank sheets for any game.

``GET /sessions/<id>/sheet.pdf`` (the records contract, docs/command.md) is read like the JSON API: the session's
token as ``Authorization: Bearer`` or its read-only key as ``?key=``; 403 otherwise, 404 for
an unknown session. The sheet shows every stored hand: struck-out ones crossed out, ones
waiting for confirmation marked, corrected ones marked "corrected"; only the hands that
count are totalled. ``GET /sheets/blank.pdf?game=...&players=N`` is public, as is the list
of blank sheets at ``/sheets/``. The PDFs are made by ``scorekeeper.sheets``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, render_template, request

from ... import sheets  # names load on first use: WeasyPrint is imported by the first PDF, not by the app
from ...engine.errors import RecordSyntaxError, Said, Word
from .. import lang, params, services
from ..http import bearer_token, json_errors
from ..ratelimit import creating, printing
from ..models import Hand, TableSession

bp = Blueprint("sheets", __name__)


def _paper() -> str:
    paper = (request.args.get("paper") or "a4").strip().lower()
    if paper not in ("a4", "letter"):
        raise RecordSyntaxError(Said("paper must be a4 or letter, not %(given)s", given=repr(paper[:20])))
    return paper


# PDFs made, by what they show: a table's sheet by its revision (every write moves it), a blank sheet by its
# choices. A sheet asked for again (a phone reloading it, many phones at one table) costs nothing; a sheet
# of 100 hands takes seconds to make.
KEPT_PDFS = 32
_KEPT: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
_KEPT_LOCK = threading.Lock()


def kept_pdf(key: tuple[Any, ...], make: Callable[[], bytes]) -> bytes:
    """The PDF kept for ``key``, or ``make()``'s, kept (the ``KEPT_PDFS`` latest)."""
    with _KEPT_LOCK:
        found = _KEPT.get(key)
        if found is not None:
            _KEPT.move_to_end(key)
            return found
    pdf = make()
    with _KEPT_LOCK:
        _KEPT[key] = pdf
        while len(_KEPT) > KEPT_PDFS:
            _KEPT.popitem(last=False)
    return pdf


def _pdf(pdf: bytes, filename: str) -> Response:
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = params.attachment_header(filename, inline=True)
    return response


json_errors(bp)


def stored_hands(hands: list[Hand]) -> list[sheets.StoredHand]:
    """The stored hands as the sheet shows them: struck, unconfirmed, corrected (changed since recorded)."""
    return [
        sheets.StoredHand(h.position, h.record, h.struck, h.confirmed,
                          corrected=bool(h.versions) and h.record != h.versions[0].record)
        for h in hands
    ]


def table_clock(table: TableSession) -> sheets.TableClock:
    """The table's time zone and start, for the times its printed sheets show."""
    return sheets.TableClock(table.time_zone, table.created_at)


@bp.get("/sessions/<session_id>/sheet.pdf")
@printing
def session_sheet(session_id: str) -> Response:
    """The session's printed score sheet (the records contract, docs/command.md), corrections included."""
    table = services.get_session(session_id)
    services.check_read(table, bearer_token(), request.args.get("key"))
    record = {**table.config, "id": table.id}
    paper = _paper()
    with lang.speaking(table.language) as language:  # the table's sheet in the table's language
        pdf = kept_pdf(("session", table.id, table.revision, paper, language), lambda: sheets.session_pdf(
            record, stored=stored_hands(table.hands), paper=paper, clock=table_clock(table)))
    return _pdf(pdf, f"scorekeeper-{table.id}.pdf")


@bp.get("/sheets/blank.pdf")
@printing
def blank_sheet() -> Response:
    """A blank score sheet: ``game``, ``players`` (a number), optional ``profile``, ``settlement``, ``paper``."""
    game = request.args.get("game") or "hearts"
    players = params.number_arg(request.args, "players", Word("players", "a page's parameter"), 2, 12, 4)
    profile = request.args.get("profile")
    options: dict[str, Any] | None = {"profile": profile} if profile else None
    settlement, paper = request.args.get("settlement") or None, _paper()
    with lang.speaking(None) as language:  # the reader's
        pdf = kept_pdf(("blank", game, players, profile, settlement, paper, language), lambda: sheets.blank_pdf(
            game, players, options=options, settlement=settlement, paper=paper))
    return _pdf(pdf, f"scorekeeper-{game[:40]}-{players}-players.pdf")


@bp.get("/sheets/")
def index() -> str:
    """Every blank sheet the app prints: each game, each number of players it seats, on one paper (``paper``:
    A4 unless Letter is asked; the page links the other), so that the list stays a light page in every language."""
    games = [(g, sheets.player_counts(g)) for g in sheets.playable_games()]
    paper = "letter" if request.args.get("paper") == "letter" else "a4"
    return render_template("sheets/index.html", games=games, paper=paper)
