"""A club's pages: start a club, its page (people, tables, evenings, standings, every game's figures),
a player's page with a chart over time, a table or an evening started inside the club.

The edit link carries the club's token (``/c/<id>/<token>``), the read-only link its read key
(``/vc/<id>/<key>``, no write route). Views stay thin: they read a form, call ``clubs`` and
``club_stats`` (which ask the engine and commit), show a refusal in the engine's words, and redirect.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from flask_wtf.csrf import CSRFError

from ...engine.errors import ScorekeeperError
from ...sheets.charts import running_totals
from . import stats as club_stats, services as clubs
from .. import lang, recent, services
from ..tables import start, blueprint as views
from ..evenings import forms as progressive_forms
from .forms import ClubForm, PersonForm
from ..forms import ActionForm
from ..links import public_url
from ..ratelimit import creating, printing
from ..models import Club
from ..submit import checked, submit

bp = Blueprint("clubs", __name__)
bp.register_error_handler(services.AccessDenied, views.denied_page)
bp.register_error_handler(services.NotFound, views.missing_page)
bp.register_error_handler(CSRFError, views.csrf_page)
bp.register_error_handler(services.Busy, views.busy_page)

RECENT_TABLES = 20  # the tables listed on the club's page; the export has them all


@bp.route("/clubs/new", methods=["GET", "POST"])
@creating
def new_club() -> Any:
    form = ClubForm()
    if not form.is_submitted():
        form.language.data = lang.offered()  # the phone's own language, when it is one the club can have
    sent = submit(checked(form),
                  lambda: clubs.create_club(form.name.data, progressive_forms.typed_names(form.players.data),
                                            language=form.language.data))
    if (made := sent.made) is not None:  # done: the club made
        flash(gettext("The club is ready. Keep its edit link; share the read-only link with the players."))
        return redirect(url_for(".club_edit", cid=made.id, key=made.token))
    return render_template("pages/club_new.html", form=form, refusal=sent.refusal)


# --- the club's page ------------------------------------------------------------------------------

@bp.get("/c/<cid>/<key>")
def club_edit(cid: str, key: str) -> str:
    club = clubs.edit_club(cid, key)
    recent.remember_club(club.id, key)  # its tables' "New game with the same players" stays in the club
    return _club_page(club, True, key)


@bp.get("/vc/<cid>/<key>")
def club_read(cid: str, key: str) -> str:
    return _club_page(clubs.read_club(cid, None, key), False, key)


def _links(club: Club, can_edit: bool, key: str) -> dict[str, str]:
    links = {"read": public_url(".club_read", cid=club.id, key=club.read_key)}
    if can_edit:
        links["edit"] = public_url(".club_edit", cid=club.id, key=key)
        links["renew"] = url_for(".new_links", cid=club.id, key=key)
    return links


def _club_page(club: Club, can_edit: bool, key: str) -> str:
    refusal = None
    try:
        since, until = club_stats.period(request.args)
    except ScorekeeperError as exc:
        refusal, since, until = lang.refusal(exc), None, None
    found = club_stats.season(club, since, until)
    tables = clubs.tables(club, RECENT_TABLES)
    return render_template(
        "pages/club.html", club=club, can_edit=can_edit, key=key, links=_links(club, can_edit, key),
        figures=found.figures, period=club_stats.period_words(since, until), refusal=refusal,
        since=since, until=until, tables=tables, table_count=clubs.table_count(club),
        table_links=[_table_link(t, club, can_edit, key) for t in tables],
        evenings=clubs.evenings(club), person_form=PersonForm(formdata=None), game_name=club_stats.game_name,
        evening_link=lambda e: url_for("progressive.evening_edit", eid=e.id, key=clubs.table_token(key, e.id))
        if can_edit else url_for("progressive.evening_read", eid=e.id, key=e.read_key),
    )


def _table_link(table: Any, club: Club, can_edit: bool, key: str) -> str:
    if can_edit:
        return url_for("pages.session_edit", sid=table.id, key=clubs.table_token(key, table.id))
    return url_for("pages.session_read", sid=table.id, key=table.read_key)


@bp.post("/c/<cid>/<key>/links")
def new_links(cid: str, key: str) -> Any:
    """New links for the club and every one of its tables: the old ones open nothing from now on."""
    club = clubs.edit_club(cid, key)
    if not ActionForm().validate():
        return redirect(url_for(".club_edit", cid=cid, key=key) + "#share")
    made = clubs.new_links(club, key)
    flash(gettext("New links for the club and its tables: the old ones open nothing any more. Share these again."))
    return redirect(url_for(".club_edit", cid=cid, key=made.token) + "#share", 303)


@bp.post("/c/<cid>/<key>/people")
def add_person(cid: str, key: str) -> Any:
    club = clubs.edit_club(cid, key)
    form = PersonForm()
    if not form.validate():
        flash(gettext("Type the new player's name (at most 40 characters)."), "error")
    else:
        try:
            person = clubs.add_person(club, form.name.data)
        except ScorekeeperError as exc:
            flash(lang.refusal(exc), "error")
        else:
            flash(gettext("%(name)s joined the club.", name=person.name))
    return redirect(url_for(".club_edit", cid=cid, key=key) + "#people")


# --- a player's page -------------------------------------------------------------------------------

@bp.route("/c/<cid>/<key>/people/<int:pid>", methods=["GET", "POST"])
def person_edit(cid: str, key: str, pid: int) -> Any:
    club = clubs.edit_club(cid, key)
    person = clubs.get_person(club, pid)
    form = PersonForm()
    refusal = None
    if form.validate_on_submit():
        old = person.name
        try:
            clubs.rename_person(club, person, form.name.data)
        except ScorekeeperError as exc:
            refusal = lang.refusal(exc)
        else:
            flash(gettext("%(old)s is now %(new)s at every table of the club.", old=old, new=person.name)
                  if old != person.name else gettext("The name is unchanged."))
            return redirect(url_for(".person_edit", cid=cid, key=key, pid=pid))
    elif request.method == "POST":
        refusal = gettext("Type the new name (at most 40 characters).")
    return _person_page(club, person, True, key, form, refusal)


@bp.get("/vc/<cid>/<key>/people/<int:pid>")
def person_read(cid: str, key: str, pid: int) -> str:
    club = clubs.read_club(cid, None, key)
    return _person_page(club, clubs.get_person(club, pid), False, key, None, None)


def _person_page(club: Club, person: Any, can_edit: bool, key: str, form: PersonForm | None, refusal: str | None) -> str:
    rows = club_stats.tallied(club)
    overall, games = club_stats.person_lines(rows, person.name)
    played = club_stats.person_tables(rows, person.name)
    with lang.speaking(None):  # the chart's words in the page's language
        chart = running_totals(club_stats.over_time(played, person.name), title=gettext("%(name)s, table by table", name=person.name),
                               x_label="table") if played else None
    if form is not None and not form.is_submitted():
        form.name.data = person.name
    back = url_for(".club_edit" if can_edit else ".club_read", cid=club.id, key=key)
    return render_template(
        "pages/club_person.html", club=club, person=person, can_edit=can_edit, key=key, form=form, refusal=refusal,
        overall=overall, games=games, played=list(reversed(played)), chart=chart, back=back, game_name=club_stats.game_name,
        rivals=club_stats.head_to_head((row.tally for row in rows), person.name),
        streaks=club_stats.streaks((row.tally for row in rows), person.name),
        table_link=lambda sid: url_for("pages.session_edit", sid=sid, key=clubs.table_token(key, sid)) if can_edit
        else None,
    )


# --- a table or an evening inside the club ----------------------------------------------------------

@bp.route("/c/<cid>/<key>/start", methods=["GET", "POST"])
def start_table(cid: str, key: str) -> Any:
    """The start page, inside the club: the club's players suggested, a new name joins the club."""
    club = clubs.edit_club(cid, key)

    def create(record: dict[str, Any], confirm: bool, time_zone: str | None,
               language: str | None) -> services.Created:
        created = clubs.start_table(club, key, record, confirm_required=confirm, time_zone=time_zone,
                                    language=language)
        recent.remember(created.id)
        return created

    return start.start_page(url_for(".start_table", cid=cid, key=key), [p.name for p in club.people], create,
                            club=club)


@bp.route("/c/<cid>/<key>/evening", methods=["GET", "POST"])
def start_evening(cid: str, key: str) -> Any:
    """A Progressive Hearts evening of the club."""
    club = clubs.edit_club(cid, key)
    form = progressive_forms.EveningForm()
    sent = submit(checked(form), lambda: clubs.start_evening(
        club, key, progressive_forms.typed_names(form.ladies.data), progressive_forms.typed_names(form.gentlemen.data),
        form.seating.data or "drawn", form.rounds.data))
    if (made := sent.made) is not None:  # done: the evening made
        flash(str(progressive_forms.EVENING_READY))
        return redirect(url_for("progressive.evening_edit", eid=made.id, key=made.token))
    return render_template("pages/progressive_start.html", form=form, refusal=sent.refusal, club=club,
                           known=[p.name for p in club.people], action=url_for(".start_evening", cid=cid, key=key))
