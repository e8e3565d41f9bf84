"""New game with the same players: one tap on a table's page (prominent once the game is over, a small
link while it is in play) starts a new table with the same seats, game and settings; on an evening's page
once it is over, a new evening with the same ladies and gentlemen.

A table or an evening of a club stays in the club: its edit token is made from the club's, which this
browser holds only if it opened the club's edit link (``recent.clubs``). Without it, the page says where
the next table of the club is started instead. The services store the new table (``services.start_again``,
``clubs.start_table``, ``clubs.start_evening``); the views only choose which, and say so.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import flash, redirect, url_for
from flask_babel import gettext

from ..clubs import services as clubs
from ..evenings import services as progressive_services
from .. import recent, services
from ..forms import ActionForm
from ..models import Club, Evening, TableSession
from ..submit import submit
from .access import table_route
from .blueprint import bp


@dataclass(frozen=True)
class Again:
    """What the page offers: the form's ``url``, or (``club_name`` set and no url) why not here."""

    url: str | None
    club_name: str | None = None


def _club_token(club: Club) -> str | None:
    """The club's edit token, when this browser opened the club's edit link (and it still is the club's)."""
    token = recent.clubs().get(club.id)
    if token is None:
        return None
    try:
        clubs.edit_club(club.id, token)
    except services.AccessDenied:
        return None
    return token


@bp.app_template_global("again_of")
def again_of(table: TableSession, can_edit: bool, key: str) -> Again | None:
    """What a table's page offers for a new game with the same players (nothing on the read-only link)."""
    if not can_edit:
        return None
    club = clubs.club_of_table(table.id)
    if club is not None and _club_token(club) is None:
        return Again(None, club.name)
    return Again(url_for("pages.again", sid=table.id, key=key), club.name if club else None)


@bp.app_template_global("evening_again_of")
def evening_again_of(evening: Evening, can_edit: bool, key: str) -> Again | None:
    """What an evening's page offers for a new evening with the same ladies and gentlemen."""
    if not can_edit:
        return None
    club = clubs.club_of_evening(evening.id)
    if club is not None and _club_token(club) is None:
        return Again(None, club.name)
    return Again(url_for("pages.evening_again", eid=evening.id, key=key), club.name if club else None)


def _refused_without_club(club: Club) -> None:
    flash(gettext("This table is one of %(club)s's: open the club's edit link on this phone once, then tap "
                  "again, so that the new table stays in the club.", club=club.name), "error")


@table_route("/again", methods=["POST"])
def again(table: TableSession, sid: str, key: str) -> Any:
    """Start a new table with this table's seats, game and settings; land on its edit link."""
    back = redirect(url_for(".session_edit", sid=sid, key=key))
    if not ActionForm().validate():
        flash(gettext("This form has expired: tap New game with the same players again."), "error")
        return back
    start: Callable[..., services.Created] | None = None
    club = clubs.club_of_table(table.id)
    if club is not None:
        token = _club_token(club)
        if token is None:
            _refused_without_club(club)
            return back
        start = functools.partial(clubs.start_table, club, token)
    sent = submit(True, lambda: services.start_again(table, start))
    if not sent.done or sent.made is None:
        flash(sent.refusal or gettext("The new table could not be started."), "error")
        return back
    recent.remember(sent.made.id)
    flash(gettext("A new game with the same players, game and settings: share the links below with the other phones."))
    return redirect(url_for(".session_edit", sid=sent.made.id, key=sent.made.token))


@bp.post("/e/<eid>/<key>/again")
def evening_again(eid: str, key: str) -> Any:
    """Start a new evening with the same ladies and gentlemen, rounds and way of seating (drawn again, or
    as typed); land on its edit link."""
    evening = progressive_services.edit_evening(eid, key)
    back = redirect(url_for("progressive.evening_edit", eid=eid, key=key))
    if not ActionForm().validate():
        flash(gettext("This form has expired: tap New evening with the same players again."), "error")
        return back
    ladies = [p.name for p in sorted(evening.players, key=lambda p: p.seat_order) if p.kind == progressive_services.LADY]
    gentlemen = [p.name for p in sorted(evening.players, key=lambda p: p.seat_order)
                 if p.kind == progressive_services.GENTLEMAN]
    club = clubs.club_of_evening(evening.id)
    token = _club_token(club) if club is not None else None
    if club is not None and token is None:
        _refused_without_club(club)
        return back
    if club is not None and token is not None:
        write = functools.partial(clubs.start_evening, club, token, ladies, gentlemen, evening.seating, evening.rounds)
    else:
        write = functools.partial(progressive_services.create_evening, ladies, gentlemen, evening.seating,
                                  evening.rounds)
    sent = submit(True, write)
    if not sent.done or sent.made is None:
        flash(sent.refusal or gettext("The new evening could not be started."), "error")
        return back
    flash(gettext("A new evening with the same ladies and gentlemen: share the links below with the other phones."))
    return redirect(url_for("progressive.evening_edit", eid=sent.made.id, key=sent.made.token))
