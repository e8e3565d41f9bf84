"""What every blueprint answers the same way: the bearer token, JSON errors, security headers."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response, jsonify, render_template, request
from flask_babel import gettext
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.exceptions import HTTPException, RequestURITooLarge

from ..boundary import refusal
from ..engine.errors import Said, ScorekeeperError
from ..language import N_
from . import lang, services
from .extensions import db


def bearer_token() -> str | None:
    """The session token of ``Authorization: Bearer <token>``, if sent."""
    header = request.headers.get("Authorization", "")
    return header[7:].strip() if header.lower().startswith("bearer ") else None


def error_status(error: ScorekeeperError) -> int:
    """Unreadable input (exit 2) is a 400; what the rules refuse (exit 1) a 422 (the records contract); a hand id
    already stored with another hand, or a hand drawn for one another client stored meanwhile, a 409, as for any write
    that clashes with what is stored."""
    if isinstance(error, (services.ClientIdConflict, services.ChangedMeanwhile)):
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
HTTP_CODES = {400: "syntax", 403: "forbidden", 404: "not-found", 405: "method-not-allowed", 413: "too-large",
              414: "too-large", 429: "rate-limited"}


MAX_URL = 4094  # bytes of path and query the app reads; beyond, 414 (gunicorn's own limit sits above: gunicorn_conf)
# A limit reached (``ratelimit``): what the phone is told, whatever the figure.
TOO_MANY = Said("this address has made many tables, clubs or printed sheets in a short time: nothing was made; "
                "try again in a minute")


def answer_everything(app: Flask) -> None:
    """The last resort of every request, in one place: no traceback and no 500 for anything a
    client sends. The API answers the error object; the pages, the error page with its sentence.

    What a blueprint answers itself (its refusals, ``json_errors``) comes first; this handles the
    rest: HTTP refusals (an unknown path, a body too large, a bad form) and any other exception,
    which ``boundary.refusal`` words (and logs when it is a fault of the engine's).
    """

    @app.before_request
    def _too_long() -> Any:
        """A request line longer than the app reads: refused by the app (414), before gunicorn's limit."""
        if len(request.full_path.encode()) > MAX_URL:
            raise RequestURITooLarge()
        return None

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException) -> Any:
        if exc.code == 429:
            headers = dict(exc.get_response().headers) if exc.response is None else dict(exc.response.headers)
            kept = {k: v for k, v in headers.items()
                    if k.lower() == "retry-after" or k.lower().startswith("x-ratelimit")}
            return _answer(ScorekeeperError(TOO_MANY, code="rate-limited"), 429, N_("Please wait a minute"), kept)
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
        return _answer(error, error_status(error), N_("This could not be done"))

    def _database_failed(exc: Exception) -> Any:
        """Not the client's fault: the database failed (contention is ``Busy``, retried before). 503: later.

        Whatever state the connection is in: a rollback on a connection the server dropped (a restart)
        raises itself, so ``let_go`` cannot raise. The failure may have come after a commit went
        through (the answer was being read), so the sentence never says nothing is stored: a hand
        sent again with its client id is stored once."""
        app.logger.error("database error", exc_info=exc)
        let_go()
        return _answer(unavailable(), 503, N_("Please try again in a moment"),
                       {"Retry-After": str(services.RETRY_AFTER_SECONDS)})


UNAVAILABLE = Said("the database cannot be reached at this moment: what was sent may or may not be stored; send "
                   "it again in a moment (a hand sent again is stored once)")


def unavailable() -> ScorekeeperError:
    """The 503's error object: code ``unavailable``."""
    return ScorekeeperError(UNAVAILABLE, code="unavailable")


def let_go() -> None:
    """End the request's transaction whatever the state of its connection; never raises.

    A rollback on a dropped connection raises (SQLAlchemy marks the connection invalid as it does);
    the session is then invalidated, so the pool drops its connections and makes new ones."""
    try:
        db.session.rollback()
    except Exception:  # noqa: BLE001 - the failure is logged already; this must not fail the answer
        try:
            db.session().invalidate()  # the scoped session's own Session
        except Exception:  # noqa: BLE001
            pass


def _answer(error: ScorekeeperError, status: int, title: str, headers: dict[str, str] | None = None) -> Any:
    """The error object for the API, the error page with its sentence for a browser."""
    if _wants_json():
        return jsonify(services.error_body(error)), status, headers or {}
    return render_template("pages/error.html", title=gettext(title), message=lang.refusal(error)), status, headers or {}


def _wants_json() -> bool:
    """The API's clients read JSON; everything else is a page in a browser."""
    return request.blueprint == "api" or request.path.startswith("/api/")


class ServerDates:
    """WSGI middleware: the ``Date`` of an answer is the HTTP server's, which dates every answer (werkzeug,
    gunicorn, waitress). Werkzeug's conditional answers (Flask-Compress's compressed pages, ``send_file``'s
    static files) date themselves too, and an answer with two ``Date`` headers has no readable date: the
    service worker's copy of a page could not say when the server sent it."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def __call__(self, environ: Any, start_response: Any) -> Any:
        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            return start_response(status, [(k, v) for k, v in headers if k.lower() != "date"], exc_info)

        return self.app(environ, start)


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
