"""The pages of a table and its hands: the session page (and the live part other phones poll), why
each score, a new hand by its result, a misdeal, a stored hand's page, its corrections, striking it
out and confirming it.

Every route checks the link through ``access.table_route`` (the edit link carries the session's token in
its path, ``/s/<id>/<token>``; the read-only link the read key, ``/v/<id>/<key>``, with no write route at
all; a page both show is one view), then hands the table
to its family's pages (``families.pages_of``): no route knows which game it serves. Views stay thin:
they parse a form, call ``services`` (which settle with the engine and commit), show the engine's
sentence on a refusal, and redirect.
"""

from __future__ import annotations

from typing import Any

from flask import Response, flash, redirect, request, url_for
from flask_babel import gettext

from ...engine.errors import ScorekeeperError
from .. import forms, recent, services
from ..families import pages_of
from ..models import TableSession
from .access import table_route
from .blueprint import parse_json_record, save_correction, save_new_hand, sentence, stored_row


def _pages(table: TableSession) -> Any:
    return pages_of(table.config.get("game"))


# --- the session page --------------------------------------------------------------------------

@table_route("", edit="session_edit", read="session_read")
def session_page(table: TableSession, sid: str, key: str, can_edit: bool) -> str:
    """The table's page, once its key was checked: this browser now knows the table (``recent``)."""
    recent.remember(table.id)
    page: str = _pages(table).session_page(table, can_edit, key)
    return page


@table_route("/live", edit="live_edit", read="live_read")
def live(table: TableSession, sid: str, key: str, can_edit: bool) -> str:
    page: str = _pages(table).live(table, can_edit, key)
    return page


@table_route("/notes", edit="notes_edit", read="notes_read")
def notes(table: TableSession, sid: str, key: str, can_edit: bool) -> Response:
    found: Response = _pages(table).notes(table)
    return found


# --- a new hand -----------------------------------------------------------------------------------

@table_route("/result", methods=["GET", "POST"])
def record_result(table: TableSession, sid: str, key: str) -> Any:
    """A new hand by its result: what each player took (the family's form)."""
    return _pages(table).record(table, sid, key)


@table_route("/links", methods=["POST"])
def new_links(table: TableSession, sid: str, key: str) -> Any:
    """New links for the table (``services.new_table_links``): the old ones open nothing from now on."""
    if not forms.ActionForm().validate():
        return redirect(url_for(".session_edit", sid=sid, key=key) + "#share")
    made = services.new_table_links(table, key)
    flash(gettext("New links: the old ones open nothing any more. Share these again."))
    return redirect(url_for(".session_edit", sid=sid, key=made.token) + "#share", 303)


@table_route("/misdeal", methods=["POST"])
def misdeal(table: TableSession, sid: str, key: str) -> Any:
    """A misdeal (catalogue 4.2): the hand is void, scores nothing, and the same dealer deals again."""
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
        flash(sentence(exc, len(table.hands) + 1), "error")
        return redirect(url_for(".session_edit", sid=sid, key=key))


# --- one hand: its page, corrections, strike out, confirm ------------------------------------------

@table_route("/hand/<int:position>", edit="hand_edit", read="hand_read", methods=["GET", "POST"], read_methods=["GET"])
def hand(table: TableSession, sid: str, key: str, position: int, can_edit: bool) -> Any:
    """A hand's page: why each score, its history, and on the edit link the correction form prefilled."""
    if can_edit:
        return _pages(table).hand_edit(table, stored_row(table, position), sid, key)
    page: str = _pages(table).hand_page(table, stored_row(table, position), False, key)
    return page


@table_route("/hand/<int:position>/json", methods=["POST"])
def hand_json(table: TableSession, sid: str, key: str, position: int) -> Any:
    """Replace a hand by a corrected record typed as JSON (how a card-by-card record is corrected)."""
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
            refusal = sentence(exc, position)
    else:
        refusal = gettext("Paste or type the corrected record.")
    return _pages(table).json_refused(table, row, key, json_form, refusal)


@table_route("/hand/<int:position>/strike", methods=["POST"])
def hand_strike(table: TableSession, sid: str, key: str, position: int) -> Any:
    """Strike a hand out (``struck=1``) or restore it (``struck=0``)."""
    stored_row(table, position)
    struck = request.form.get("struck", "1") != "0"
    try:
        services.strike_hand(table, position, struck)
    except ScorekeeperError as exc:
        flash(sentence(exc, position), "error")
        return redirect(url_for(".hand_edit", sid=sid, key=key, position=position))
    flash(gettext("Hand %(number)s struck out; the totals are recomputed.", number=position) if struck
          else gettext("Hand %(number)s restored; the totals are recomputed.", number=position))
    return redirect(url_for(".session_edit", sid=sid, key=key) + f"#hand-{position}")

@table_route("/hand/<int:position>/confirm", methods=["POST"])
def hand_confirm(table: TableSession, sid: str, key: str, position: int) -> Any:
    stored_row(table, position)
    try:
        services.confirm_hand(table, position)
    except ScorekeeperError as exc:
        flash(sentence(exc, position), "error")
    else:
        flash(gettext("Hand %(number)s confirmed: it counts now.", number=position))
    return redirect(url_for(".session_edit", sid=sid, key=key) + f"#hand-{position}")
