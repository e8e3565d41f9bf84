"""The audit of a disputed hand, on the phone: step through it, see the first illegal play.

Routes on the pages blueprint (``views.bp``, so the endpoints are ``pages.*``), which this
module imports; ``create_app`` imports this module before it registers that blueprint. The hand
to audit is the stored one, or what the table types: a whole record (JSON or the text
notation), or only the tricks as remembered (``1. 2C 3C 4H 5C``, one trick a line), which take
the game, players, dealer and deal number from the stored hand. Nothing is stored until someone
applies the table's revoke rule, which goes through the services like any correction and is
kept in the hand's history.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Response, flash, redirect, render_template, request, url_for

from .. import sheets  # the printed audit (WeasyPrint loads with the first PDF)
from ..engine import notation, records
from ..engine.audit import HandAudit, TrickView, audit, what_if
from ..engine.cards import card as parse_card
from ..engine.errors import RecordSyntaxError, ScorekeeperError
from ..engine.jsontext import decode
from ..engine.output import points_json
from ..engine.records import HandRecord
from ..engine.settlement import session_from_json
from ..engine.settlement.session import INHERITED, session_hands
from . import forms, services
from .extensions import db
from .models import Hand as HandRow
from .models import TableSession
from .families import pages_of
from .sheets import table_clock
from .views import bp, edit_table, format_points, read_table, sentence, stored_row


def stored_record(table: TableSession, row: HandRow) -> HandRecord:
    """The stored hand as a full record: dealer and deal number as the session's rotation gives them."""
    session = session_from_json(services.session_record(table, row=row, struck=False, confirmed=True))
    index = sum(1 for h in table.hands[: table.hands.index(row)] if not h.struck)
    for position, sh in enumerate(session_hands(session)):
        if position == index:
            return sh.record
    raise services.NotFound(f"no hand {row.position} in this session")  # pragma: no cover - row is in table


def typed_record(text: str, base: HandRecord) -> HandRecord:
    """What the table typed: a JSON record, the text notation, or only trick lines.

    Missing game, players, dealer, deal number and options come from ``base`` (the stored hand).

    :raises RecordSyntaxError: the text cannot be read (with the line and column).
    """
    given = {"game": base.game, "options": dict(base.options), "players": list(base.players),
             "dealer": base.dealer, "hand": base.number}
    text = text.strip()
    if text.startswith("{"):
        return records.from_json(decode(text, "the record "), given)
    if "[Game" not in text:
        text = notation.dumps(records.from_json(given)) + "\n" + text
    return notation.loads(text)


@dataclass(frozen=True)
class WhatIf:
    """One card changed, and how the hand would have scored."""

    play: int  # 1-based
    was: str
    card: str
    audit: HandAudit


def _what_if(record: HandRecord, form: forms.AuditForm) -> tuple[WhatIf | None, str | None]:
    """The what-if the form asks for, or the sentence that says why it cannot be done."""
    number, code = form.whatif_play.data, (form.whatif_card.data or "").strip()
    if not number or not code:
        return None, None
    try:
        card = parse_card(code)
        changed = what_if(record, number - 1, card)
    except (ValueError, IndexError) as exc:
        return None, str(exc)
    return WhatIf(number, record.play[number - 1].card.code, card.code, audit(changed)), None


def _points(outcome: Any, players: tuple[str, ...]) -> dict[str, str]:
    return {name: format_points(points_json(p)) for name, p in zip(players, outcome.points)}


def _shown_trick(found: HandAudit, wanted: int | None) -> TrickView | None:
    """The trick to show: the one asked for, else the one with the illegal play, else the first."""
    if not found.tricks:
        return None
    numbers = [t.number for t in found.tricks]
    target = wanted if wanted in numbers else (found.illegal_trick if found.illegal_trick in numbers else numbers[0])
    return found.tricks[numbers.index(target)]


def _page(table: TableSession, row: HandRow, key: str, can_edit: bool) -> Any:
    game = pages_of(table.config.get("game")).trick_game(table)
    base = stored_record(table, row)
    form = forms.AuditForm(formdata=request.form if request.method == "POST" else None)
    refusal = None
    record: HandRecord | None = base if base.play else None
    if request.method == "POST" and form.validate() and (form.record.data or "").strip():
        try:
            record = typed_record(form.record.data or "", base)
        except ScorekeeperError as exc:
            refusal, record = exc.message, None
    found = audit(record) if record is not None else None
    whatif, whatif_refusal = (None, None)
    if found is not None and record is not None and request.method == "POST":
        whatif, whatif_refusal = _what_if(record, form)
    if record is not None and not (form.record.data or "").strip():
        form.record.data = notation.dumps(record)
    wanted = form.trick.data if request.method == "POST" else request.args.get("trick", type=int)
    return render_template(
        "pages/audit.html", table=table, game=game, row=row, key=key, can_edit=can_edit, form=form,
        refusal=refusal, found=found, shown=_shown_trick(found, wanted) if found else None, base=base,
        whatif=whatif, whatif_refusal=whatif_refusal, points=_points,
        apply_form=forms.ActionForm() if can_edit else None,
    )


@bp.route("/s/<sid>/<key>/hand/<int:position>/audit", methods=["GET", "POST"])
def audit_edit(sid: str, key: str, position: int) -> Any:
    """Audit a stored hand, or the hand as the table types it; apply the revoke rule from here."""
    table = edit_table(sid, key)
    return _page(table, stored_row(table, position), key, True)


@bp.route("/v/<sid>/<key>/hand/<int:position>/audit", methods=["GET", "POST"])
def audit_read(sid: str, key: str, position: int) -> Any:
    """The same audit for anyone at the table (it stores nothing)."""
    table = read_table(sid, key)
    return _page(table, stored_row(table, position), key, False)


@bp.post("/s/<sid>/<key>/hand/<int:position>/audit/apply")
def audit_apply(sid: str, key: str, position: int) -> Any:
    """Store the audited hand with its revoke established: the table's revoke rule scores it."""
    table = edit_table(sid, key)
    row = stored_row(table, position)
    form = forms.AuditForm()
    back = url_for(".audit_edit", sid=sid, key=key, position=position)
    if not form.validate():
        flash("The audit form expired: audit the hand again.", "error")
        return redirect(back)
    try:
        record = typed_record(form.record.data or "", stored_record(table, row))
        found = audit(record)
        if found.claim is None or found.established is None:
            raise RecordSyntaxError("this hand has no revoke to establish: audit it again")
        hand = records.to_json(found.established.record)
        for field in INHERITED:
            hand.pop(field, None)
        name, trick = found.claim["player"], found.claim["trick"]
        rule = found.established.revoke.rule if found.established.revoke else "the revoke rule"
        services.edit_hand(table, position, hand,
                           change=f"audit: {name}'s revoke in trick {trick} established ({rule})")
    except ScorekeeperError as exc:
        db.session.rollback()
        flash(sentence(exc, position), "error")
        return redirect(back)
    flash(f"Hand {position}: {name}'s revoke in trick {trick} is established; the totals are recomputed.")
    return redirect(url_for(".hand_edit", sid=sid, key=key, position=position))


@bp.route("/s/<sid>/<key>/hand/<int:position>/audit.pdf", methods=["GET", "POST"])
def audit_pdf_edit(sid: str, key: str, position: int) -> Any:
    return _audit_pdf(edit_table(sid, key), position, url_for(".audit_edit", sid=sid, key=key, position=position))


@bp.route("/v/<sid>/<key>/hand/<int:position>/audit.pdf", methods=["GET", "POST"])
def audit_pdf_read(sid: str, key: str, position: int) -> Any:
    return _audit_pdf(read_table(sid, key), position, url_for(".audit_read", sid=sid, key=key, position=position))


def _audit_pdf(table: TableSession, position: int, back: str) -> Any:
    """The audit report on paper: the stored hand (GET), or the hand as typed on the audit page (POST)."""
    row = stored_row(table, position)
    record = stored_record(table, row)
    form = forms.AuditForm()
    try:
        if request.method == "POST":
            if not form.validate():
                raise RecordSyntaxError("the audit form expired: audit the hand again")
            record = typed_record(form.record.data or "", record)
        if not record.play:
            raise RecordSyntaxError("this hand was recorded by its result: enter its tricks on the audit page first")
        pdf, _ = sheets.audit_pdf(record, paper="letter" if request.args.get("paper") == "letter" else "a4",
                                  clock=table_clock(table))
    except ScorekeeperError as exc:
        flash(sentence(exc, position), "error")
        return redirect(back)
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="audit-{table.id}-hand-{position}.pdf"'
    return response
