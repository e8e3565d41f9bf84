"""What every blueprint answers the same way: the bearer token, JSON errors, security headers."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from ..engine.errors import ScorekeeperError
from . import services


def bearer_token() -> str | None:
    """The session token of ``Authorization: Bearer <token>``, if sent."""
    header = request.headers.get("Authorization", "")
    return header[7:].strip() if header.lower().startswith("bearer ") else None


def error_status(error: ScorekeeperError) -> int:
    """Unreadable input (exit 2) is a 400; what the rules refuse (exit 1) a 422 (RECORDS.md)."""
    return 400 if error.exit_status == 2 else 422


def json_errors(bp: Blueprint) -> None:
    """Answer a blueprint's refusals as JSON error objects: 403, 404, and the engine's 400/422."""

    @bp.errorhandler(services.AccessDenied)
    def _denied(exc: services.AccessDenied) -> tuple[Response, int]:
        return jsonify({"ok": False, "error": {"code": "forbidden", "message": str(exc)}}), 403

    @bp.errorhandler(services.NotFound)
    def _missing(exc: services.NotFound) -> tuple[Response, int]:
        return jsonify({"ok": False, "error": {"code": "not-found", "message": str(exc)}}), 404

    @bp.errorhandler(ScorekeeperError)
    def _refused(exc: ScorekeeperError) -> tuple[Response, int]:
        return jsonify(services.error_body(exc)), error_status(exc)


def security_headers(response: Response) -> Response:
    """Links carry the session's keys: never hand them to another site, never cache them; and the
    pages load nothing from elsewhere."""
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault("Cache-Control", "no-store")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
        "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    return response
