"""The audit of a hand, for every game: step through it, see the first illegal action, try a what-if.

Routes on the pages blueprint (``tables.blueprint.bp``, so the endpoints are ``pages.*``), registered
through ``tables.access.table_route``; ``create_app`` imports this module before it registers that blueprint. The page is built
once for every family, from the family's ``steps_json`` (``sheets.audit_steps``): the stored hand,
or what the table types (a whole record as JSON or the family's text notation, or, where the
family has a notation, only its plays, the rest taken from the stored hand). Nothing is stored
until someone applies the rule the replay names (an established revoke), which goes through the
services like any correction, with who decided and why, and can be undone the same way.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import Response, flash, redirect, render_template, request, url_for
from flask_babel import gettext

from ... import language, sheets  # the printed audit (WeasyPrint loads with the first PDF)
from ...engine.errors import RecordSyntaxError, Said, ScorekeeperError
from ...engine.family import Family, family_of
from ...engine.jsontext import decode
from ...sheets.audit_steps import Shown, StepsAudit, choice_value, shown, steps_audit, value_words
from .. import forms, lang, params, services
from ..ratelimit import creating, printing
from ..models import Hand as HandRow
from ..models import TableSession
from ..printed.routes import kept_pdf, table_clock
from ..submit import submit
from ..tables.access import table_route
from ..tables.blueprint import format_points, sentence, stored_row

GIVEN = ("game", "options", "players", "dealer", "hand")  # what a typed record may leave to the stored hand
CHANGE = "audit: "
PACK = [rank + suit for suit in "SHDC" for rank in "AKQJT98765432"]  # offered when the deal does not say  # how the history names a correction the audit made (and may undo)


@dataclass(frozen=True)
class Base:
    """The stored hand as a full record, and which of its keys the session gave (not stored in the row)."""

    record: dict[str, Any]
    added: frozenset[str]


@dataclass(frozen=True)
class Scored:
    """A hand as the session would settle it: per player, the points, what was paid, the totals after."""

    lines: tuple[tuple[str, str, int, str], ...]

    def words(self) -> str:
        return ", ".join(f"{name} {points}" for name, points, _, _ in self.lines)

    @property
    def paid(self) -> bool:
        return any(paid for _, _, paid, _ in self.lines)


@dataclass(frozen=True)
class Established:
    """The rule applied to the refused action (an established revoke): the record, and what it costs."""

    record: dict[str, Any]
    player: str
    trick: int
    rule: str
    scored: Scored | None


@dataclass(frozen=True)
class WhatIf:
    """One action changed, and the hand replayed with it (made to fit, where the later actions no longer do)."""

    frame: int
    was: str
    now: str
    audit: StepsAudit | None
    refusal: str | None
    scored: Scored | None
    unfit: str | None = None  # where the change leaves the later actions as recorded unfit, in words
    repair: tuple[str, ...] = ()  # the later steps changed to make them fit, in words

    @property
    def failed(self) -> bool:
        """Whether the hand with the change breaks a rule (or cannot be replayed): said as a refusal."""
        return self.refusal is not None or self.audit is None or self.audit.proof is not None


def stored_base(table: TableSession, row: HandRow) -> Base:
    """The stored hand as its family's full record: the session's game, players, dealer and deal number,
    and what the hands before left on the table (the pools, the layout), as the settlement says."""
    config = table.config
    given: dict[str, Any] = {"game": config["game"], "options": dict(config.get("options") or {}),
                             "players": list(config["players"])}
    found = services.settle_counting(table, row)
    if found is not None:
        settled, index = found
        hand = settled.hands[index]
        given.update(dealer=hand.dealer, hand=hand.deal, players=list(hand.players))
        before = settled.hands[index - 1].carried if index else {k: config[k] for k in hand.carried if k in config}
        given.update({k: v for k, v in before.items() if v is not None})
    return Base({**given, **row.record}, frozenset(k for k in given if k not in row.record))


def typed_record(text: str, base: Base, family: Family) -> dict[str, Any]:
    """What the table typed: a JSON record, the family's text notation, or only its plays.

    Missing game, players, dealer, deal number and options come from the stored hand.

    :raises ScorekeeperError: the text cannot be read (with the line and column), or the family has no notation.
    """
    given = {k: base.record[k] for k in GIVEN if k in base.record}
    text = text.strip()
    if text.startswith("{"):
        value = decode(text, Said("the record "))
        if not isinstance(value, Mapping):
            raise RecordSyntaxError(Said("the record is a JSON object"))
        return {**given, **value}
    if "[Game" not in text:
        text = family.to_notation(given) + "\n" + text
    return family.from_notation(text)


def _row_form(record: Mapping[str, Any], base: Base, row: HandRow) -> dict[str, Any]:
    """A full record as the session stores its hand: without what the session gives, its id kept."""
    hand = {k: v for k, v in record.items() if k not in base.added and k not in ("game", "options", "players")}
    if row.record.get("id") is not None:
        hand["id"] = row.record["id"]
    return hand


def scored(table: TableSession, row: HandRow, hand: Mapping[str, Any] | None) -> Scored | None:
    """The hand as the session settles it (``hand``: instead of the stored one); None when it does not."""
    record = services.session_record(table, row=row, record=None if hand is None else dict(hand),
                                     struck=False, confirmed=True)
    index = sum(1 for h in table.hands[: table.hands.index(row)] if h.confirmed and not h.struck)
    try:
        settled = services.settle_record(record)
    except ScorekeeperError:
        return None
    if index >= len(settled["hands"]):
        return None
    h = settled["hands"][index]
    names = list(h.get("points") or h.get("payments") or {})
    return Scored(tuple((name, format_points((h.get("points") or {}).get(name, 0)),
                         int((h.get("payments") or {}).get(name, 0)),
                         format_points((h.get("totals") or {}).get(name, ""))) for name in names))


def audit_of(family: Family, record: Mapping[str, Any]) -> StepsAudit:
    """The record step by step, in the reader's language (its refusal's sentence too: ``lang.error_object``).
    :raises ScorekeeperError: refused before its first action."""
    return steps_audit(family.steps_json(record, lang.error_object), family.vocabulary)


def established(table: TableSession, row: HandRow, base: Base, family: Family, record: Mapping[str, Any],
                found: StepsAudit) -> Established | None:
    """The refused action established as the rules' penalty (a revoke that stood), where the replay takes it."""
    proof = found.proof
    if proof is None or proof.player is None or proof.trick is None:
        return None
    claim = {"type": "revoke", "player": proof.player, "trick": proof.trick}
    events = list(record.get("events") or ())
    if claim in events:
        return None
    candidate = {**record, "events": [*events, claim]}
    try:
        answer = family.steps_json(candidate)
    except ScorekeeperError:
        return None
    if not answer.get("ok") or "outcome" not in answer:
        return None  # a later action breaks a rule too, or the replay does not stop the hand: look again
    rule = str((answer["outcome"].get("revoke") or {}).get("rule") or "the revoke rule")
    return Established(candidate, proof.player, proof.trick, rule,
                       scored(table, row, _row_form(candidate, base, row)))


def _what_if(table: TableSession, row: HandRow, base: Base, family: Family, record: Mapping[str, Any],
             found: StepsAudit, form: forms.AuditForm) -> WhatIf | None:
    """The what-if the form asks for: the action of a frame given another value (one of its choices)."""
    number, text = form.whatif_step.data, form.whatif_value.data
    if number is None or text is None:
        return None
    frames = [f for f in found.frames if f.number == number and f.index is not None]
    if not frames:
        return WhatIf(number, "", "", None, language.gettext("there is no step %(step)s to change", step=number), None)
    frame = frames[0]
    was = frame.card.label if frame.card is not None else value_words(frame.kind, frame.value, family.vocabulary)
    try:
        value = choice_value(decode(text, Said("the choice ")), form.whatif_amount.data)
        changed = family.changed_json(record, frame.index or 0, value)
        audit = audit_of(family, changed)
        unfit: str | None = None
        repair: tuple[str, ...] = ()
        if audit.proof is not None and audit.proof.frame > number:  # a later action as recorded no longer fits
            proof = audit.proof
            unfit = language.gettext("step %(step)s as recorded would break a rule: %(sentence)s",
                                     step=proof.frame, sentence=proof.message)
            mended = family.repaired_json(record, frame.index or 0, value)
            fixed = None if mended is None else audit_of(family, mended["record"])
            if mended is not None and fixed is not None and fixed.legal:
                repair = _repair_words(found, fixed, mended["repaired"])
                changed, audit = mended["record"], fixed
    except ScorekeeperError as exc:
        return WhatIf(number, was, "", None, lang.refusal(exc), None)
    now = value_words(frame.kind, value, family.vocabulary)
    cost = scored(table, row, _row_form(changed, base, row)) if audit.complete else None
    return WhatIf(number, was, now, audit, None, cost, unfit, repair)


def _repair_words(found: StepsAudit, fixed: StepsAudit, indexes: list[int]) -> tuple[str, ...]:
    """Each later step the repair changed: ``step 19: Dan played 4♥ (recorded: Dan played 6♠, which ...)``."""
    out = []
    for index in indexes:
        old = next((f for f in found.frames if f.index == index), None)
        new = next((f for f in fixed.frames if f.index == index), None)
        if old is not None and new is not None:
            out.append(language.gettext("step %(step)s: %(action)s (recorded: %(recorded)s)", step=new.number,
                                        action=new.action, recorded=old.action))
    return tuple(out)


def _choices(family: Family, record: Mapping[str, Any], found: StepsAudit, number: int | None) -> Any:
    """The frame a player tapped to change, and the choices there were at it (``progress_json``)."""
    frame = next((f for f in found.frames if f.number == number and f.index is not None), None)
    if frame is None:
        return None
    try:
        nxt = family.progress_json(family.cut_json(record, frame.index or 0))["next"]
    except ScorekeeperError:
        return None
    options: list[tuple[str, str, Shown | None]] = []
    listed = nxt.get("choices")
    if listed is None and nxt.get("ask") == "card":  # the deal is not recorded: any card not played before
        before = {f.value for f in found.frames if f.index is not None and f.index < (frame.index or 0)}
        listed = [c for c in PACK if c not in before]
    for choice in listed or ():
        if isinstance(choice, Mapping) and choice.get("high") is not None:
            for amount in range(int(choice.get("low") or 1), int(choice["high"]) + 1):
                options.append((_json(choice_value(choice, amount)), f"{choice['kind']} {amount}", None))
        else:
            value = choice_value(choice)
            options.append((_json(value), value_words(frame.kind, value, family.vocabulary), shown(value)))
    return {"frame": frame, "options": options, "ask": nxt.get("ask"), "unknown": nxt.get("unknown")}


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _audit_change(row: HandRow) -> Any:
    """The hand's last version, when it is a correction the audit made (so it can be undone)."""
    history = row.history
    if len(history) > 1 and history[-1].change.startswith(CHANGE) and history[-1].record == row.record:
        return history[-1]
    return None


def _page(table: TableSession, row: HandRow, key: str, can_edit: bool) -> Any:
    family = family_of(table.config["game"])
    base = stored_base(table, row)
    posted = request.method == "POST"
    form = forms.AuditForm(formdata=request.form if posted else None)
    refusal = None
    typed = posted and form.validate() and bool((form.record.data or "").strip())
    record: dict[str, Any] | None = base.record
    if typed:
        try:
            record = typed_record(form.record.data or "", base, family)
        except ScorekeeperError as exc:
            refusal, record = lang.refusal(exc), None
    found = None
    if record is not None:
        try:
            found = audit_of(family, record)
        except ScorekeeperError as exc:
            refusal = lang.refusal(exc)
    if found is not None and found.actions == 0 and found.legal and not typed:
        found = None  # a quick result: nothing to step through until the table types what it remembers
    stand = whatif = choices = None
    if found is not None and record is not None:
        stand = established(table, row, base, family, record, found)
        if posted and form.validate():
            whatif = _what_if(table, row, base, family, record, found, form)
            choices = _choices(family, record, found, form.change.data) if whatif is None else None
    wanted = form.step.data if posted else params.count(request.args.get("step"))
    if choices is not None:
        wanted = choices["frame"].number
    elif whatif is not None:
        wanted = whatif.frame
    current = _current(found, wanted)
    return render_template(
        "pages/audit.html", table=table, row=row, key=key, can_edit=can_edit, form=form, refusal=refusal,
        found=found, current=current, base=base.record, typed=(form.record.data or "") if typed else "",
        stand=stand, whatif=whatif, choices=choices, stored=scored(table, row, None),
        audited=_audit_change(row) if can_edit else None, apply_form=forms.ActionForm() if can_edit else None,
    )


def _current(found: StepsAudit | None, wanted: int | None) -> int:
    """The frame to show: the one asked for, else the refused action, else a revoke that stood, else the deal."""
    if found is None:
        return 0
    if wanted is not None and 0 <= wanted < len(found.frames):
        return wanted
    if found.proof is not None:
        return found.proof.frame
    return found.stood.frame if found.stood is not None else 0


@table_route("/hand/<int:position>/audit", edit="audit_edit", read="audit_read", methods=["GET", "POST"])
def audit(table: TableSession, sid: str, key: str, position: int, can_edit: bool) -> Any:
    """Audit a stored hand, or the hand as the table types it; on the edit link apply the rule from here
    (the read-only link's audit stores nothing)."""
    return _page(table, stored_row(table, position), key, can_edit)


@table_route("/hand/<int:position>/audit/apply", methods=["POST"])
def audit_apply(table: TableSession, sid: str, key: str, position: int) -> Any:
    """Store the audited hand with the rule applied to its refused action, who decided it and why."""
    row = stored_row(table, position)
    form = forms.AuditForm()
    back = url_for(".audit_edit", sid=sid, key=key, position=position)
    if not form.validate():
        flash(gettext("The audit form expired: audit the hand again."), "error")
        return redirect(back)
    sent = submit(True, lambda: _apply_rule(table, row, form), position)
    made = sent.made  # done: what the write made
    if made is None:
        flash(sent.refusal or "", "error")
        return redirect(back)
    flash(gettext("Hand %(number)s: %(player)s's revoke in trick %(trick)s is established; the totals are recomputed.",
                  number=position, player=made.player, trick=made.trick))
    return redirect(url_for(".hand_edit", sid=sid, key=key, position=position))


def _apply_rule(table: TableSession, row: HandRow, form: forms.AuditForm) -> Established:
    """The audited hand (as stored, or as typed) stored with its revoke established, and who decided it and why.

    :raises ScorekeeperError: the hand has no refused action the rule settles, or the write is refused."""
    family = family_of(table.config["game"])
    base = stored_base(table, row)
    text = (form.record.data or "").strip()
    record = typed_record(text, base, family) if text else base.record
    stand = established(table, row, base, family, record, audit_of(family, record))
    if stand is None:
        raise RecordSyntaxError(Said("this hand has no refused action the rule can settle: audit it again"))
    change = f"{CHANGE}{stand.player}'s revoke in trick {stand.trick} established ({stand.rule})"
    who, why = (form.who.data or "").strip(), (form.why.data or "").strip()
    if who:
        change += f"; decided by {who}"
    if why:
        change += f": {why}"
    services.edit_hand(table, row.position, _row_form(stand.record, base, row), change=change[:200],
                      drawn_from=services.record_tag(row.record))  # the version this audit read
    return stand


@table_route("/hand/<int:position>/audit/undo", methods=["POST"])
def audit_undo(table: TableSession, sid: str, key: str, position: int) -> Any:
    """Undo the audit's correction: the hand as it was before, kept in the history as a correction too."""
    row = stored_row(table, position)
    form = forms.AuditForm()
    back = url_for(".hand_edit", sid=sid, key=key, position=position)
    last = _audit_change(row)
    if not form.validate() or last is None:
        flash(gettext("There is no correction of the audit to undo on this hand (or the form expired)."), "error")
        return redirect(back)
    before = row.history[-2]
    who = (form.who.data or "").strip()
    change = f"audit undone: back to version {before.version}" + (f"; decided by {who}" if who else "")
    drawn = services.record_tag(row.record)  # the version this undo read: another phone's change since is not undone
    sent = submit(True, lambda: services.edit_hand(table, position, before.record, change=change[:200], drawn_from=drawn),
                  position)
    if sent.done:
        flash(gettext("Hand %(number)s is back as it was before the audit; the totals are recomputed.", number=position))
    else:
        flash(sent.refusal or "", "error")
    return redirect(back)


@table_route("/hand/<int:position>/audit.pdf", edit="audit_pdf_edit", read="audit_pdf_read", methods=["GET", "POST"],
             limit=printing)
def audit_pdf(table: TableSession, sid: str, key: str, position: int, can_edit: bool) -> Any:
    back = url_for(".audit_edit" if can_edit else ".audit_read", sid=sid, key=key, position=position)
    return _audit_pdf(table, position, back)


def _audit_pdf(table: TableSession, position: int, back: str) -> Any:
    """The audit on paper: the stored hand (GET), or the hand as typed on the audit page (POST)."""
    row = stored_row(table, position)
    family = family_of(table.config["game"])
    form = forms.AuditForm()
    try:
        with lang.speaking(table.language) as spoken:  # the table's audit in the table's language, as its sheet
            base = stored_base(table, row)
            record = base.record
            if request.method == "POST":
                if not form.validate():
                    raise RecordSyntaxError(Said("the audit form expired: audit the hand again"))
                text = (form.record.data or "").strip()
                record = typed_record(text, base, family) if text else record
            found = audit_of(family, record)  # its steps worded in that language
            if found.actions == 0 and found.legal:
                raise RecordSyntaxError(Said("this hand was recorded by its result: enter what the table remembers "
                                             "on the audit page first"))
            stand = established(table, row, base, family, record, found)
            name = family.game_def(table.config["game"]).name
            paper = "letter" if request.args.get("paper") == "letter" else "a4"

            def make() -> bytes:
                return sheets.steps_pdf(found, title=language.gettext("%(game)s: audit of hand %(number)s",
                                                                      game=language.word(name), number=position),
                                        subtitle=_subtitle(record), stand=None if stand is None else (
                                            stand.rule, stand.scored.words() if stand.scored else ""),
                                        paper=paper, clock=table_clock(table))

            # the stored hand's audit is kept by the table's revision; a hand as typed is made each time
            kept = ("audit", table.id, table.revision, position, paper, spoken)
            pdf = make() if request.method == "POST" else kept_pdf(kept, make)
    except ScorekeeperError as exc:
        flash(sentence(exc, position), "error")
        return redirect(back)
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = params.attachment_header(f"audit-{table.id}-hand-{position}.pdf",
                                                                       inline=True)
    return response


def _subtitle(record: Mapping[str, Any]) -> str:
    players = record.get("players") or ()
    dealt = language.gettext("%(dealer)s dealt", dealer=record["dealer"]) + " \u00b7 " if record.get("dealer") else ""
    return f"{dealt}{', '.join(map(str, players))}"  # the game's name is the title's
