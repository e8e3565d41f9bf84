"""The session cookie's transport: Secure whenever the request came over HTTPS, also behind a
proxy that terminates TLS (which then has to be trusted explicitly)."""

from __future__ import annotations

from flask import Flask, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix


class SessionCookies(SecureCookieSessionInterface):
    """Flask's signed cookie, marked Secure for an HTTPS request.

    The same server answers phones on a LAN over plain http (where a Secure cookie would never
    come back, and the CSRF token with it) and the internet over https: the request decides.
    ``SESSION_COOKIE_SECURE=True`` forces it for every request.
    """

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or (has_request_context() and request.is_secure)


def proxy_count(value: str | None) -> int:
    """``SCOREKEEPER_PROXY``: how many proxies in front of the app set X-Forwarded-*; none when unset.

    Trusting those headers from a client talking to the app directly would let it claim https
    or another address, so this is opt-in.
    """
    text = (value or "0").strip()
    if not text.isdigit():
        raise RuntimeError(f"SCOREKEEPER_PROXY={value!r}: give the number of proxies in front of the app (1 for one)")
    return int(text)


def behind_proxies(app: Flask, count: int) -> None:
    """Take the scheme, client address and host from the last ``count`` proxies' X-Forwarded-* headers."""
    if count:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count, x_host=count)  # type: ignore[method-assign]
