"""The pages of a table and its hands: the session page (and the live part other phones poll), why
each score, a new hand by its result, a misdeal, a stored hand's page, its corrections, striking it
out and confirming it.

Every route checks the link (the edit link carries the session's token in its path, ``/s/<id>/<token>``;
the read-only link the read key, ``/v/<id>/<key>``, with no write route at all), then hands the table
to its family's pages (``families.pages_of``): no route knows which game it serves. Views stay thin:
they parse a form, call ``services`` (which settle with the engine and commit), show the engine's
sentence on a refusal, and redirect.
"""

from __future__ import annotations

from typing import Any

from flask import Response, flash, redirect, request, url_for
from flask_babel import gettext

from ..engine.errors import ScorekeeperError
from . import forms, links, recent, services
from .extensions import db
from .families import pages_of
from .models import TableSession
from .views import bp, edit_table, parse_json_record, read_table, save_correction, save_new_hand, sentence, stored_row


def _pages(table: TableSession) -> Any:
    return pages_of(table.config.get("game"))


# --- the session page --------------------------------------------------------------------------

@bp.get("/s/<sid>/<key>")
def session_edit(sid: str, key: str) -> str:
    return _session_page(edit_table(sid, key), True, key)


@bp.get("/v/<sid>/<key>")
def session_read(sid: str, key: str) -> str:
    return _session_page(read_table(sid, key), False, key)


def _session_page(table: TableSession, can_edit: bool, key: str) -> str:
    """The table's page, once its key was checked: this browser now knows the table (``recent``)."""
    recent.remember(table.id)
    page: str = _pages(table).session_page(table, can_edit, key)
    return page


@bp.get("/s/<sid>/<key>/live")
def live_edit(sid: str, key: str) -> str:
    page: str = _pages(table := edit_table(sid, key)).live(table, True, key)
    return page


@bp.get("/v/<sid>/<key>/live")
def live_read(sid: str, key: str) -> str:
    page: str = _pages(table := read_table(sid, key)).live(table, False, key)
    return page


@bp.get("/s/<sid>/<key>/notes")
def notes_edit(sid: str, key: str) -> Response:
    table = edit_table(sid, key)
    notes: Response = _pages(table).notes(table)
    return notes


@bp.get("/v/<sid>/<key>/notes")
def notes_read(sid: str, key: str) -> Response:
    table = read_table(sid, key)
    notes: Response = _pages(table).notes(table)
    return notes


# --- a new hand -----------------------------------------------------------------------------------

@bp.route("/s/<sid>/<key>/result", methods=["GET", "POST"])
def record_result(sid: str, key: str) -> Any:
    """A new hand by its result: what each player took (the family's form)."""
    table = edit_table(sid, key)
    return _pages(table).record(table, sid, key)


@bp.post("/s/<sid>/<key>/links")
def new_links(sid: str, key: str) -> Any:
    """New links for the table (``links.new_table_links``): the old ones open nothing from now on."""
    table = edit_table(sid, key)
    if not forms.ActionForm().validate():
        return redirect(url_for(".session_edit", sid=sid, key=key) + "#share")
    made = links.new_table_links(table, key)
    flash(gettext("New links: the old ones open nothing any more. Share these again."))
    return redirect(url_for(".session_edit", sid=sid, key=made.token) + "#share", 303)


@bp.post("/s/<sid>/<key>/misdeal")
def misdeal(sid: str, key: str) -> Any:
    """A misdeal (catalogue 4.2): the hand is void, scores nothing, and the same dealer deals again."""
    table = edit_table(sid, key)
    form = forms.MisdealForm()
    if not form.validate():
        flash(gettext("Choose what happened in the deal, then record the misdeal again."), "error")
        return redirect(url_for(".session_edit", sid=sid, key=key) + "#misdeal")
    hand: dict[str, Any] = {"events": [{"type": "misdeal", "reason": form.reason.data}]}
    if form.client_id.data:
        hand["id"] = form.client_id.data
    try:
        return save_new_hand(table, hand, sid, key)
    except ScorekeeperError as exc:
        db.session.rollback()
        flash(sentence(exc, len(table.hands) + 1), "error")
        return redirect(url_for(".session_edit", sid=sid, key=key))


# --- one hand: its page, corrections, strike out, confirm ------------------------------------------

@bp.get("/v/<sid>/<key>/hand/<int:position>")
def hand_read(sid: str, key: str, position: int) -> str:
    table = read_table(sid, key)
    page: str = _pages(table).hand_page(table, stored_row(table, position), False, key)
    return page


@bp.route("/s/<sid>/<key>/hand/<int:position>", methods=["GET", "POST"])
def hand_edit(sid: str, key: str, position: int) -> Any:
    """A hand's page: why each score, its history, and the correction form prefilled."""
    table = edit_table(sid, key)
    return _pages(table).hand_edit(table, stored_row(table, position), sid, key)


@bp.post("/s/<sid>/<key>/hand/<int:position>/json")
def hand_json(sid: str, key: str, position: int) -> Any:
    """Replace a hand by a corrected record typed as JSON (how a card-by-card record is corrected)."""
    table = edit_table(sid, key)
    row = stored_row(table, position)
    json_form = forms.JsonForm()
    refusal = None
    if json_form.validate():
        try:
            new = parse_json_record(json_form.record.data or "")
            if row.record.get("id") and "id" not in new:
                new["id"] = row.record["id"]
            return save_correction(table, row, new, "corrected as JSON", sid, key)
        except ScorekeeperError as exc:
            db.session.rollback()
            refusal = sentence(exc, position)
    else:
        refusal = gettext("Paste or type the corrected record.")
    return _pages(table).json_refused(table, row, key, json_form, refusal)


@bp.post("/s/<sid>/<key>/hand/<int:position>/strike")
def hand_strike(sid: str, key: str, position: int) -> Any:
    """Strike a hand out (``struck=1``) or restore it (``struck=0``)."""
    table = edit_table(sid, key)
    stored_row(table, position)
    struck = request.form.get("struck", "1") != "0"
    try:
        services.strike_hand(table, position, struck)
    except ScorekeeperError as exc:
        db.session.rollback()
        flash(sentence(exc, position), "error")
        return redirect(url_for(".hand_edit", sid=sid, key=key, position=position))
    flash(gettext("Hand %(number)s struck out; the totals are recomputed.", number=position) if struck
          else gettext("Hand %(number)s restored; the totals are recomputed.", number=position))
    return redirect(url_for(".session_edit", sid=sid, key=key) + f"#hand-{position}")

@bp.post("/s/<sid>/<key>/hand/<int:position>/confirm")
def hand_confirm(sid: str, key: str, position: int) -> Any:
    table = edit_table(sid, key)
    stored_row(table, position)
    try:
        services.confirm_hand(table, position)
    except ScorekeeperError as exc:
        db.session.rollback()
        flash(sentence(exc, position), "error")
    else:
        flash(gettext("Hand %(number)s confirmed: it counts now.", number=position))
    return redirect(url_for(".session_edit", sid=sid, key=key) + f"#hand-{position}")
