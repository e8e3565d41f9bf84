"""The table app: a Flask app factory with one blueprint per area.

The app sits on the engine: views parse input and call ``services``, which call the
engine and commit. Templates and static files live at the project's top level (``resources``).
"""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path
from urllib.parse import urlsplit
from typing import Any

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Engine

from ..resources import CHECKOUT, installed, resource
from .cookies import SessionCookies, behind_proxies, proxy_count
from .extensions import csrf, db, migrate
from . import lang, links, params, qr, ratelimit
from .http import ServerDates, answer_everything, security_headers
from .static_files import fast_pages

MIGRATIONS = resource("migrations")


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app; ``config`` overrides the defaults (tests pass their database URL here)."""
    app = Flask(
        "scorekeeper",
        template_folder=str(resource("templates")),
        static_folder=str(resource("static")),
        # A checkout keeps its data in ./instance; an installed copy in Flask's <prefix>/var/scorekeeper-instance.
        instance_path=os.environ.get("SCOREKEEPER_INSTANCE_PATH") or (None if installed() else str(CHECKOUT / "instance")),
        instance_relative_config=True,
    )
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.update(
        SQLALCHEMY_DATABASE_URI=os.environ.get("SCOREKEEPER_DATABASE_URL")
        or "sqlite:///" + os.path.join(app.instance_path, "scorekeeper.db"),
        SECRET_KEY=os.environ.get("SCOREKEEPER_SECRET_KEY") or _instance_secret(app.instance_path),
        WTF_CSRF_TIME_LIMIT=None,  # a form opened at the start of a long evening still submits at its end
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        SESSION_COOKIE_SAMESITE="Lax",  # HttpOnly is Flask's default; Secure follows the request (cookies.py)
        SESSION_REFRESH_EACH_REQUEST=False,  # the cookie is sent again only when it changes, not on every poll
        # Pages send no Referer (they carry keys), so Flask-WTF's https-only Referer check would refuse every
        # form; the CSRF token is still checked, and the SameSite cookie stays home on cross-site posts.
        WTF_CSRF_SSL_STRICT=False,
        PROXIES=proxy_count(os.environ.get("SCOREKEEPER_PROXY")),  # trusted X-Forwarded-* hops; 0: none
        # The address links and QR codes are built on (links.public_url); unset: the request's own (the
        # development server, a LAN), never trusted from a Host header on a public server.
        PUBLIC_URL=public_address(os.environ.get("SCOREKEEPER_PUBLIC_URL")),
    )
    if config:
        app.config.update(config)
    app.session_interface = SessionCookies()
    behind_proxies(app, app.config["PROXIES"])
    # A server's connections can drop while pooled: test each as it is checked out. A SQLite file's
    # cannot, and the test would cost every request a statement.
    # A server that does not answer a connection (a host gone) fails the request in 5 s, well before
    # gunicorn's worker timeout (``gunicorn_conf``), so the app answers its own 503.
    server = not str(app.config["SQLALCHEMY_DATABASE_URI"]).startswith("sqlite")
    app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {"pool_pre_ping": server, **(
        {"connect_args": {"connect_timeout": 5}} if server else {})})
    app.json.sort_keys = False  # type: ignore[attr-defined]  # records keep the contract's key order
    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS), render_as_batch=True)
    csrf.init_app(app)
    ratelimit.init_app(app)  # after the config: its figures and whether it is on
    lang.init_app(app)  # Flask-Babel: each page in its reader's language (the /language/<code> links)

    from . import models  # noqa: F401  (tables known to the metadata)
    from .api.routes import bp as api_bp
    from .clubs.api import bp as club_api_bp
    from .clubs.pages import bp as club_pages_bp
    from .tables.blueprint import bp as pages_bp
    from .audit import routes as _audit  # noqa: F401  (the routes on pages_bp, by area: before it is registered)
    from .play import my_hand, routes as _play  # noqa: F401
    from .tables import again, pages, share, start  # noqa: F401
    from .offline.routes import bp as offline_bp
    from .evenings.pages import bp as progressive_bp
    from .printed.routes import bp as sheets_bp
    from ..sheets.charts import player_mark
    from .script_words import script_words

    app.url_map.converters["int"] = params.WholeConverter  # before the first route: ASCII digits only
    app.register_blueprint(api_bp)
    csrf.exempt(api_bp)  # the JSON API authenticates with the session's token, not a cookie
    app.register_blueprint(club_api_bp)
    csrf.exempt(club_api_bp)  # the clubs' JSON API: the club's token, as the sessions' API
    app.register_blueprint(pages_bp)  # the phone pages: forms with CSRF tokens
    app.register_blueprint(sheets_bp)  # printed score sheets (PDF): read-only, no forms
    app.register_blueprint(progressive_bp)  # Progressive Hearts evenings: pages with CSRF, the tally PDF
    app.register_blueprint(club_pages_bp)  # clubs: their people, tables, evenings, statistics (CSRF)
    app.register_blueprint(offline_bp)  # the manifest, the service worker, the offline page: GET only
    app.jinja_env.globals["qr_svg"] = qr.svg  # the share section's QR codes (templates/pages/_share.html)
    app.jinja_env.globals["script_words"] = script_words  # the scripts' words (templates/base.html)
    app.jinja_env.globals["player_key"] = player_mark  # each player's marker in the sheet's header, as in the charts
    app.after_request(security_headers)
    app.after_request(links.offline_headers)  # what the service worker may keep of a page
    fast_pages(app)  # fingerprinted static files with a long cache; compressed responses
    answer_everything(app)
    app.wsgi_app = ServerDates(app.wsgi_app)  # type: ignore[method-assign]  # one Date per answer: the server's
    return app


def public_address(value: str | None) -> str | None:
    """``SCOREKEEPER_PUBLIC_URL``: an http(s) address such as ``https://scores.example.org``, or None when unset.

    :raises RuntimeError: set to something that is not one (the app would hand out broken links).
    """
    text = (value or "").strip().rstrip("/")
    if not text:
        return None
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise RuntimeError(f"SCOREKEEPER_PUBLIC_URL={value!r}: give the address the phones open, "
                           "such as https://scores.example.org")
    return text


def _instance_secret(instance: str) -> str:
    """A secret key kept in the instance folder, made once, so sessions survive restarts.

    Several workers may start at once on a fresh folder: exactly one creates the file
    (O_EXCL, mode 0600 from the start); the others wait until it holds the key.
    """
    path = Path(instance) / "secret_key"
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        for _ in range(100):
            key = path.read_text().strip()
            if key:
                return key
            time.sleep(0.05)
        raise RuntimeError(f"{path} stays empty: remove it or set SCOREKEEPER_SECRET_KEY") from None
    key = secrets.token_hex(32)
    with os.fdopen(fd, "w") as out:
        out.write(key)
    return key


SYNCHRONOUS = ("FULL", "EXTRA", "NORMAL")  # SQLite's levels the app takes, the first the default


def sqlite_synchronous() -> str:
    """``SCOREKEEPER_SQLITE_SYNCHRONOUS`` when it is one of ``SYNCHRONOUS``, else FULL.

    FULL under WAL syncs the log at every commit: a hand the phone was told is saved survives a power
    cut or an OS crash. NORMAL syncs only at checkpoints and may lose the last commits then
    (SQLite's documentation); it is for a machine whose data is expendable (docs/server.md, the cost)."""
    chosen = (os.environ.get("SCOREKEEPER_SQLITE_SYNCHRONOUS") or "").strip().upper()
    return chosen if chosen in SYNCHRONOUS else SYNCHRONOUS[0]


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
    """SQLite: foreign keys on, WAL so readers on other phones never block a writer, every commit durable."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={sqlite_synchronous()}")  # one of SYNCHRONOUS: no user text
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()
