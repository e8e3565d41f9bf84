"""The JSON API of the records contract (docs/command.md), on the same services as the phone pages.

Writes need ``Authorization: Bearer <token>``; reads accept the token or the
session's read-only key (``?key=...``). An illegal or impossible hand answers 422
with the engine's error object, and nothing is stored.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

from ...engine.errors import RecordSyntaxError, Said
from ...engine.jsontext import decode
from .. import params, services
from ..http import bearer_token, json_errors
from ..ratelimit import creating, printing
from ..models import TableSession

bp = Blueprint("api", __name__, url_prefix="/api")


def _json_body() -> Any:
    """The request's JSON, read by the engine's one strict reader (UTF-8, no NaN, no lone surrogate)."""
    return decode(request.get_data(), Said("the request body "))


def _session_for_write(session_id: str) -> TableSession:
    table = services.get_session(session_id)
    services.check_token(table, bearer_token())
    return table


def _session_for_read(session_id: str) -> TableSession:
    table = services.get_session(session_id)
    services.check_read(table, bearer_token(), request.args.get("key"))
    return table


def _for_hand() -> int | None:
    """``?for_hand=n``: the hand the client drew this one for (optional): refused (409 ``conflict``) when
    another client stored hand n meanwhile, rather than stored as the next hand.

    :raises RecordSyntaxError: not a whole number from 1 to 999999.
    """
    text = request.args.get("for_hand")
    return None if text is None else params.number(text, "for_hand, the hand this one was drawn for,", 1, 999_999)


json_errors(bp)


@bp.post("/sessions")
@creating
def create_session() -> tuple[Response, int]:
    created = services.create_session(_json_body())
    return jsonify({"id": created.id, "token": created.token, "read_key": created.read_key}), 201


@bp.post("/sessions/<session_id>/hands")
def add_hand(session_id: str) -> tuple[Response, int]:
    table = services.head_for_write(session_id)  # no ORM object, no statement when known: the hot path
    try:
        services.check_token(table, bearer_token())
    except services.AccessDenied:  # the links may have been renewed since this process kept the head
        table = services.get_head(session_id)
        services.check_token(table, bearer_token())
    recorded = services.record_hand(table, _json_body(), for_hand=_for_hand())
    return jsonify(recorded.settlement), 201 if recorded.created else 200


@bp.get("/sessions/<session_id>")
def read_session(session_id: str) -> Response:
    return jsonify(services.current_settlement(_session_for_read(session_id)))


@bp.get("/sessions/<session_id>/export")
def export_session(session_id: str) -> Response:
    return jsonify(services.export_session(_session_for_read(session_id)))


@bp.get("/sessions/<session_id>/revision")
def revision(session_id: str) -> Response:
    """What a phone polls to show a hand recorded on another phone without a reload."""
    table = _session_for_read(session_id)
    return jsonify({"revision": table.revision})
