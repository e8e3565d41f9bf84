"""The pages of a Progressive Hearts evening (catalogue 2.20, 3.13): start it, the table plan of
each round, each table's result from any phone, the stars, the prizes, the printed tally.

Views stay thin, as the session pages do: they parse a form, call ``progressive_services``
(which asks the engine and commits), show a refusal as the engine's sentence with the form
kept as typed, and redirect. The edit link carries the evening's token (``/e/<id>/<token>``);
the read-only link its read key (``/ve/<id>/<key>``) and has no write route at all.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, flash, jsonify, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError
from flask_babel import gettext

from ...engine.errors import RecordSyntaxError, Said, ScorekeeperError, Word
from ...engine.hearts.progressive import MAX_TABLES, TablePlan, seating_plan
from ...sheets import progressive as tally
from .. import history_words, lang, params, services
from ..tables import blueprint as views
from . import forms
from . import services as evenings
from ..printed import routes as printed
from ..forms import ActionForm, choices
from ..http import bearer_token
from ..links import public_url
from ..ratelimit import creating, printing
from ..models import Evening
from ..submit import checked, submit

bp = Blueprint("progressive", __name__)
# The session pages' answers: the error page with a 403, a 404, "send the form again", or "busy".
bp.register_error_handler(services.AccessDenied, views.denied_page)
bp.register_error_handler(services.NotFound, views.missing_page)
bp.register_error_handler(CSRFError, views.csrf_page)
bp.register_error_handler(services.Busy, views.busy_page)  # a 409 page that sends the form again by itself

POLL_SECONDS = views.POLL_SECONDS


@bp.route("/evenings/new", methods=["GET", "POST"])
@creating
def start() -> Any:
    """Start an evening: the ladies and the gentlemen, the first seating, the rounds."""
    form = forms.EveningForm()
    sent = submit(checked(form), lambda: evenings.create_evening(
        forms.typed_names(form.ladies.data), forms.typed_names(form.gentlemen.data), form.seating.data or "drawn",
        form.rounds.data))
    if (made := sent.made) is not None:  # done: the evening made
        flash(str(forms.EVENING_READY))
        return redirect(url_for(".evening_edit", eid=made.id, key=made.token))
    return render_template("pages/progressive_start.html", form=form, refusal=sent.refusal)


# --- the evening page --------------------------------------------------------------------------

@bp.get("/e/<eid>/<key>")
def evening_edit(eid: str, key: str) -> str:
    return _evening_page(evenings.edit_evening(eid, key), True, key)


@bp.get("/ve/<eid>/<key>")
def evening_read(eid: str, key: str) -> str:
    return _evening_page(evenings.read_evening(eid, None, key), False, key)


@bp.get("/e/<eid>/<key>/live")
def live_edit(eid: str, key: str) -> str:
    return render_template("pages/progressive_live.html", **_context(evenings.edit_evening(eid, key), True, key))


@bp.get("/ve/<eid>/<key>/live")
def live_read(eid: str, key: str) -> str:
    return render_template("pages/progressive_live.html", **_context(evenings.read_evening(eid, None, key), False, key))


@bp.get("/ve/<eid>/<key>/revision")
def revision(eid: str, key: str) -> Response:
    """What the phones poll to follow the tables entered elsewhere."""
    return jsonify({"revision": evenings.read_evening(eid, None, key).revision})


def _evening_page(evening: Evening, can_edit: bool, key: str) -> str:
    links = {"read": public_url(".evening_read", eid=evening.id, key=evening.read_key)}
    if can_edit:
        links["edit"] = public_url(".evening_edit", eid=evening.id, key=key)
    return render_template("pages/progressive_evening.html", links=links, **_context(evening, can_edit, key))


def _context(evening: Evening, can_edit: bool, key: str) -> dict[str, Any]:
    view = evenings.load(evening)
    prize_form = None
    if can_edit and view.tie:
        prize_form = forms.PrizeCutForm()
        prize_form.winner.choices = choices([(view.name(p), view.name(p)) for p in view.tie.players])
    live = ".live_edit" if can_edit else ".live_read"
    return {
        "view": view, "evening": evening, "can_edit": can_edit, "key": key, "standings": tally.standings(view.state),
        "last_round": (view.played[-1].number, tally.round_lines(view.played[-1])) if view.played else None,
        "action_form": ActionForm(),
        "prize_form": prize_form, "live_url": url_for(live, eid=evening.id, key=key),
        "poll_url": url_for(".revision", eid=evening.id, key=evening.read_key), "poll_seconds": POLL_SECONDS,
    }


@bp.get("/e/<eid>/<key>/round/<int:round_no>")
def round_edit(eid: str, key: str, round_no: int) -> str:
    return _round_page(evenings.edit_evening(eid, key), True, key, round_no)


@bp.get("/ve/<eid>/<key>/round/<int:round_no>")
def round_read(eid: str, key: str, round_no: int) -> str:
    return _round_page(evenings.read_evening(eid, None, key), False, key, round_no)


def _round_page(evening: Evening, can_edit: bool, key: str, round_no: int) -> str:
    """A played round on a page of its own: the evening page shows the last one only, to stay small."""
    view = evenings.load(evening)
    if not 1 <= round_no <= len(view.played):
        raise services.NotFound(Said("round %(number)s has not been played", number=round_no))
    back = url_for(".evening_edit" if can_edit else ".evening_read", eid=evening.id, key=key)
    return render_template("pages/progressive_round.html", number=round_no, lines=tally.round_lines(view.played[round_no - 1]),
                           view=view, evening=evening, key=key, can_edit=can_edit, back=back)


# --- a table's result ------------------------------------------------------------------------------

@bp.route("/e/<eid>/<key>/round/<int:round_no>/table/<int:table_no>", methods=["GET", "POST"])
def table(eid: str, key: str, round_no: int, table_no: int) -> Any:
    """Enter a table's result, or correct it while the next round has none."""
    evening = evenings.edit_evening(eid, key)
    view = evenings.load(evening)
    plan = _plan(view, round_no, table_no)
    players = [view.name(p) for p in plan.order]
    stored = view.latest.get((round_no, table_no))
    posted = request.method == "POST"
    form = forms.table_form(players, stored.record if stored else None, stored.version if stored else 0, posted)
    sent = submit(checked(form), lambda: evenings.record_table(
        evening, round_no, table_no, forms.table_record(form, players), form.seen_version()))
    if sent.done:
        flash(gettext("Table %(table)s's result of round %(round)s is in.", table=table_no, round=round_no))
        return redirect(url_for(".evening_edit", eid=eid, key=key) + f"#table-{table_no}")
    refusal, needs_cut = sent.refusal, sent.code == "cut"
    history = [{"version": r.version, "when": r.created_at, "change": history_words.change(r.change), "diff": ""}
               for r in evenings.versions(evening, round_no, table_no)]
    shown = stored.record if stored else {}
    return render_template(
        "pages/progressive_table.html", form=form, refusal=refusal, plan=plan, players=players, view=view,
        round_no=round_no, evening=evening, key=key, versions=history, closed=evenings.closed_reason(view, round_no),
        show_cut=needs_cut or "cuts" in shown or "cut_cards" in shown, show_revoke="revoke" in shown,
        back=url_for(".evening_edit", eid=eid, key=key) + f"#table-{table_no}",
    )


def _plan(view: evenings.EveningView, round_no: int, table_no: int) -> TablePlan:
    """Who sits at a table in a round: the round being played, or a complete one (its seating then)."""
    if view.current is not None and round_no == view.current:
        state = view.state
    elif 1 <= round_no <= len(view.played):
        state = view.played[round_no - 1].before
    else:
        raise services.NotFound(Said("round %(number)s is not being played", number=round_no))
    found = [p for p in seating_plan(state) if p.number == table_no]
    if not found:
        raise services.NotFound(Said("no table %(number)s: this evening has %(count)s tables", number=table_no,
                                     count=len(state.tables)))
    return found[0]


# --- the end and the prizes --------------------------------------------------------------------------

@bp.post("/e/<eid>/<key>/end")
def end(eid: str, key: str) -> Any:
    evening = evenings.edit_evening(eid, key)
    form = ActionForm()
    if form.validate():
        try:
            evenings.end_evening(evening)
        except ScorekeeperError as exc:
            flash(lang.refusal(exc), "error")
        else:
            flash(gettext("The evening is over: here are the prizes."))
    return redirect(url_for(".evening_edit", eid=eid, key=key) + "#prizes")


@bp.post("/e/<eid>/<key>/prize-cut")
def prize_cut(eid: str, key: str) -> Any:
    evening = evenings.edit_evening(eid, key)
    form = forms.PrizeCutForm()
    if not form.validate():
        flash(gettext("Choose who won the cut."), "error")
    else:
        try:
            evenings.record_prize_cut(evening, form.winner.data or "")
        except ScorekeeperError as exc:
            flash(lang.refusal(exc), "error")
    return redirect(url_for(".evening_edit", eid=eid, key=key) + "#prizes")


# --- the printed tally --------------------------------------------------------------------------------

@bp.get("/evenings/<eid>/sheet.pdf")
@printing
def sheet(eid: str) -> Any:
    """The evening's tally (rounds, tables, hearts, stars, prizes): the read key as ``?key=`` or the
    edit token as ``Authorization: Bearer``, as a session's sheet."""
    evening = evenings.read_evening(eid, bearer_token(), request.args.get("key"))
    try:
        paper = printed._paper()
    except RecordSyntaxError as exc:
        return _refused(lang.refusal(exc))
    # an evening of a club prints in the club's language, else the reader's
    with lang.speaking(evenings.club_language(evening.id)) as language:
        pdf = printed.kept_pdf(("evening", evening.id, evening.revision, paper, language),
                               lambda: tally.evening_pdf(evenings.tally(evenings.load(evening)), paper=paper))
    return printed._pdf(pdf, f"progressive-hearts-{evening.id}.pdf")


@bp.get("/evenings/blank.pdf")
@printing
def blank() -> Any:
    """A blank tally for pen and paper: ``tables`` (2 to 20) and ``rounds`` (1 to 30)."""
    try:
        tables = params.number_arg(request.args, "tables", Word("tables", "a page's parameter"), 2, MAX_TABLES, 3)
        rounds = params.number_arg(request.args, "rounds", Word("rounds", "a page's parameter"), 1, 30, 6)
        paper = printed._paper()
    except RecordSyntaxError as exc:
        return _refused(lang.refusal(exc))
    with lang.speaking(None) as language:  # the reader's
        pdf = printed.kept_pdf(("tally", tables, rounds, paper, language),
                               lambda: tally.blank_pdf(tables, rounds, paper=paper))
    return printed._pdf(pdf, f"progressive-hearts-{tables}-tables.pdf")


def _refused(message: str) -> Any:
    return render_template("pages/error.html", title=gettext("Cannot print this"), message=message), 400
