"""What every blueprint answers the same way: the bearer token, JSON errors, security headers."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response, jsonify, render_template, request
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.exceptions import HTTPException

from ..boundary import refusal
from ..engine.errors import ScorekeeperError
from . import services
from .extensions import db


def bearer_token() -> str | None:
    """The session token of ``Authorization: Bearer <token>``, if sent."""
    header = request.headers.get("Authorization", "")
    return header[7:].strip() if header.lower().startswith("bearer ") else None


def error_status(error: ScorekeeperError) -> int:
    """Unreadable input (exit 2) is a 400; what the rules refuse (exit 1) a 422 (the records contract); a hand id
    already stored with another hand a 409, as for any write that clashes with what is stored."""
    if isinstance(error, services.ClientIdConflict):
        return 409
    return 400 if error.exit_status == 2 else 422


def retry_after(busy: services.Busy) -> dict[str, str]:
    """The header of a busy answer: when to send the same request again."""
    return {"Retry-After": str(busy.retry_after)}


def json_errors(bp: Blueprint) -> None:
    """Answer a blueprint's refusals as JSON error objects: 403, 404, the engine's 400/422, and 409 for a
    clash with what is stored (``conflict``) or a write that could not go in at that moment (``busy``)."""

    @bp.errorhandler(services.AccessDenied)
    def _denied(exc: services.AccessDenied) -> tuple[Response, int]:
        return jsonify(error_object("forbidden", str(exc))), 403

    @bp.errorhandler(services.NotFound)
    def _missing(exc: services.NotFound) -> tuple[Response, int]:
        return jsonify(error_object("not-found", str(exc))), 404

    @bp.errorhandler(ScorekeeperError)
    def _refused(exc: ScorekeeperError) -> tuple[Response, int]:
        return jsonify(services.error_body(exc)), error_status(exc)

    @bp.errorhandler(services.Busy)
    def _busy(exc: services.Busy) -> tuple[Response, int, dict[str, str]]:
        return jsonify(services.error_body(exc)), 409, retry_after(exc)


def error_object(code: str, message: str) -> dict[str, Any]:
    """The contract's error body for a refusal that is not about a record's cards (no play, trick...)."""
    return services.error_body(ScorekeeperError(message, code=code))


# What the web's own refusals are called in the error object (the engine's keep their codes).
HTTP_CODES = {400: "syntax", 403: "forbidden", 404: "not-found", 405: "method-not-allowed", 413: "too-large"}


def answer_everything(app: Flask) -> None:
    """The last resort of every request, in one place: no traceback and no 500 for anything a
    client sends. The API answers the error object; the pages, the error page with its sentence.

    What a blueprint answers itself (its refusals, ``json_errors``) comes first; this handles the
    rest: HTTP refusals (an unknown path, a body too large, a bad form) and any other exception,
    which ``boundary.refusal`` words (and logs when it is a fault of the engine's).
    """

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException) -> Any:
        if not _wants_json():
            return exc
        status = exc.code or 400
        code = HTTP_CODES.get(status, "syntax" if status < 500 else "unavailable")
        return jsonify(error_object(code, exc.description or exc.name)), status

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> Any:
        if isinstance(exc, (SQLAlchemyError, db.engine.dialect.loaded_dbapi.Error)):
            return _database_failed(exc)
        error = refusal(exc)
        return _answer(error, error_status(error), "This could not be done")

    def _database_failed(exc: Exception) -> Any:
        """Not the client's fault: the database failed (contention is ``Busy``, retried before). 503: later."""
        app.logger.error("database error", exc_info=exc)
        db.session.rollback()
        error = ScorekeeperError("the database cannot be reached at this moment: nothing was stored; "
                                 "try again in a moment", code="unavailable")
        return _answer(error, 503, "Please try again in a moment", {"Retry-After": str(services.RETRY_AFTER_SECONDS)})


def _answer(error: ScorekeeperError, status: int, title: str, headers: dict[str, str] | None = None) -> Any:
    """The error object for the API, the error page with its sentence for a browser."""
    if _wants_json():
        return jsonify(services.error_body(error)), status, headers or {}
    return render_template("pages/error.html", title=title, message=error.message), status, headers or {}


def _wants_json() -> bool:
    """The API's clients read JSON; everything else is a page in a browser."""
    return request.blueprint == "api" or request.path.startswith("/api/")


def security_headers(response: Response) -> Response:
    """Links carry the session's keys: never send them on as a Referer (not even to this site's own
    pages and logs), never cache them; and the pages load nothing from elsewhere."""
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers.setdefault("Cache-Control", "no-store")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    if request.endpoint == "static" and response.mimetype in STATIC_WITHOUT_POLICY:
        # A stylesheet or a script is no document: a policy on it binds nothing, and the seven files of a
        # first visit would carry 1.3 KB of it (the pages keep their 30 KB: docs/testing.md).
        return response
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
        "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    return response


STATIC_WITHOUT_POLICY = frozenset({"text/css", "text/javascript", "application/javascript"})
