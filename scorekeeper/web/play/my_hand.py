"""A player's own hand, tapped on his own phone: the page under the read-only link and its one JSON answer.

``/v/<sid>/<key>/my-hand`` lets a player choose his seat (once: the phone keeps it) and tap the hand he was
dealt for the table's next hand (and the cards he passes, or the other cards of the deal he alone sees, such as
Reversis' card dealt face down in front of him), sent with a secret his phone makes and keeps
(``static/my-hand.js``). The server keeps it as a seat draft (``services.put_seat_draft``) until the hand is
stored, and gives its cards back to the phone holding that secret only: every other phone, the read-only
link and the API learn only which seats have sent. Once every seat has sent, the scorer's card page has the
deal (``play.card_table``). The one write of the read-only link: it changes nothing of the table's record.
The page is never kept by the service worker, nor by any cache (``Cache-Control: no-store``).
*Free Dan's seat* (``free_seat``, the edit link's card page) drops a seat's draft whose phone lost its secret.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response, flash, jsonify, make_response, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response as WerkzeugResponse

from ... import language
from ...boundary import refusal
from ...engine import seats
from ...engine.errors import Said, ScorekeeperError, Word, said_of
from ...engine.family import family_of
from ...engine.jsontext import decode
from .. import lang, services
from ..families import pages_of
from ..families.base import CardTable
from ..models import TableSession
from ..tables.access import table_route

MAX_BODY = 8_000  # bytes: a hand and its pass, a name and a secret


def _next_hand(table: TableSession) -> tuple[CardTable, int]:
    """Where the table's next hand starts, and its position. :raises services.NotFound: no card page."""
    start = pages_of(table.config.get("game")).card_table(table)
    return start, services.next_position(table.id)


def _asks(start: CardTable) -> dict[str, Any] | None:
    """What each seat taps for the next hand; None when the game's deal is not given seat by seat."""
    family, head = family_of(start.head.get("game")), start.record()
    if not seats.takes_seats(family, head):
        return None
    out = {p: seats.asks(family, head, p).to_json() for p in head.get("players") or ()}
    for asked in out.values():  # the other cards a seat taps, named in the page's language
        for more in asked.get("more") or ():
            more["word"] = language.say(Word(more["word"]))
    return out


@table_route("/my-hand", read="my_hand")
def my_hand(table: TableSession, sid: str, key: str) -> Response:
    """The page: the seats, the pack, what each seat taps. No card of anybody's is in it."""
    try:
        start, position = _next_hand(table)
        asks, why = _asks(start), None
    except services.NotFound as exc:
        start, position, asks, why = None, 0, None, lang.sentence_of(exc)
    response = make_response(render_template(
        "pages/my_hand.html", table=table, key=key, start=start, position=position, asks=asks, why=why,
        players=list(table.config.get("players") or ()), answer_url=url_for(".my_hand_answer", sid=sid, key=key),
        sheet_url=url_for(".session_read", sid=sid, key=key)))
    response.headers["Cache-Control"] = "no-store"
    return response


@table_route("/my-hand", read="my_hand_answer", methods=["POST"])
def my_hand_answer(table: TableSession, sid: str, key: str) -> tuple[Response, int]:
    """``{"player" (or null: no seat yet), "secret", "draft": {"hand": [...], "passed": [...]} or absent}``: the
    draft kept (with one),
    and the table's next hand as this phone may see it: who has sent, and this seat's own draft when the
    secret is the one it was sent with. 422 with the engine's sentence; 409 ``seat-taken``."""
    try:
        body = _body()
        start, position = _next_hand(table)
        player = body.get("player")
        if player is not None and (not isinstance(player, str) or player not in (table.config.get("players") or ())):
            raise ScorekeeperError(Said("choose your seat first"), code="seat")
        if body.get("draft") is not None:
            if player is None:
                raise ScorekeeperError(Said("choose your seat first"), code="seat")
            draft = seats.Draft.from_json(body["draft"])
            services.put_seat_draft(table, start.record(), position, player, draft, body.get("secret"))
        mine = None if player is None else services.own_seat_draft(table, position, player, body.get("secret"))
        dealt = services.drafts_for(table, start.record(), position)
    except services.SeatTaken as exc:
        return _refused(exc, 409)
    except services.Busy as exc:
        return jsonify(services.error_body(exc)), 409
    except services.NotFound as exc:
        return _refused(ScorekeeperError(said_of(exc), code="no-deal"), 422)
    except Exception as exc:  # noqa: BLE001 - the page reads JSON: even a fault of the engine's is an error object
        return _refused(refusal(exc), 422)
    return jsonify({"ok": True, "position": position, "title": start.title, "sent": list(dealt.sent),
                    "mine": None if mine is None else mine.to_json(), "dealt": dealt.record is not None,
                    "problem": None if dealt.problem is None else lang.refusal(dealt.problem)}), 200


@table_route("/seats/free", edit="free_seat", methods=["POST"])
def free_seat(table: TableSession, sid: str, key: str) -> WerkzeugResponse:
    """*Free Dan's seat* (the card page, on the edit link only): the hand Dan's phone sent for the table's next
    hand is dropped, so that he sends it again from any phone (his phone lost its storage, and its secret)."""
    player = request.form.get("player") or ""
    try:
        position, dropped = services.free_seat(table, player)
    except ScorekeeperError as exc:
        flash(lang.refusal(exc), "error")
    except services.Busy as exc:
        flash(lang.refusal(exc.refusal()), "error")
    else:
        flash(gettext("%(player)s's seat is free for hand %(hand)s: the hand his phone sent is dropped. %(player)s "
                      "chooses his seat again on any phone and taps his hand again.", player=player, hand=position)
              if dropped else gettext("%(player)s has sent no hand for hand %(hand)s: his seat is free.",
                                      player=player, hand=position))
    return redirect(url_for(".play", sid=sid, key=key))


def _refused(error: ScorekeeperError, status: int) -> tuple[Response, int]:
    return jsonify({"ok": False, "error": lang.error_object(error)}), status


def _body() -> Mapping[str, Any]:
    """:raises ScorekeeperError: the body is not a JSON object of a sensible size."""
    data = request.get_data()
    if len(data) > MAX_BODY:
        raise ScorekeeperError("the request body is too large for a hand", code="syntax")
    value = decode(data, Said("the request body "))
    if not isinstance(value, Mapping):
        raise ScorekeeperError('the request body is an object: {"player", "secret", "draft"}', code="syntax")
    return value
