"""The app on a phone that loses the connection: the web app manifest (the home screen), the service
worker, the page shown for a page never seen, and the probe a page sends before a save.

The service worker is served from the root (``/sw.js``), so its scope is the whole site; it precaches
the static files by their fingerprinted URLs (``static_files``), so a new version of any of them is
a new worker. The pages keep what they record offline themselves (``static/offline.js``), because
a service worker needs a secure context, which ``serve --lan`` over plain http is not
(docs/app.md#offline).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import Blueprint, Response, render_template, url_for

from ...engine.errors import ScorekeeperError
from ..families import pages_of
from ..models import TableSession

bp = Blueprint("offline", __name__)

AHEAD = 6  # hands a phone may keep offline whose next hand its pages can still word (more: said unknown)

NAME = "Scorekeeper"
THEME = "#0b6e4f"  # app.css --accent: the header bar
BACKGROUND = "#fbfbf8"  # app.css --bg
ICONS = (("icons/icon-192.png", 192, "any"), ("icons/icon-512.png", 512, "any"),
         ("icons/icon-maskable-512.png", 512, "maskable"))

# What the service worker fetches as it installs: every file a page links, by its fingerprinted URL
# (tests/web/test_offline.py checks that no page links a static file missing here), the vendored
# IndexedDB library and the icons.
PRECACHED = ("app.css", "app.js", "audit.css", "audit.js", "cards.js", "offline.js", "outbox.js", "result.js", "start.js",
             "zone.js",
             "vendor/idb-keyval.js", *(name for name, _, _ in ICONS))

NO_CACHE = "no-cache"  # revalidated each time: a new worker or manifest is seen at once


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: what a phone needs to put the app on its home screen."""
    body = {
        "id": "/",
        "name": NAME,
        "short_name": NAME,
        "description": "Score Hearts, Black Lady, Tripoli, Reversis and their family at the card table.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [{"src": url_for("static", filename=name), "sizes": f"{size}x{size}", "type": "image/png",
                   "purpose": purpose} for name, size, purpose in ICONS],
    }
    response = Response(json.dumps(body, indent=1), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = NO_CACHE
    return response


def precache() -> list[str]:
    """The URLs the service worker keeps from its install on: the static files and the offline page."""
    return [url_for("static", filename=name) for name in PRECACHED] + [url_for(".offline_page")]


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, its precache list written in: a changed static file makes a changed worker."""
    urls = precache()
    version = hashlib.sha256("\n".join(urls).encode()).hexdigest()[:16]
    script = render_template("offline/sw.js", version=version, precache=urls, offline_url=url_for(".offline_page"),
                             scripts=[url_for("static", filename=name) for name in ("vendor/idb-keyval.js", "outbox.js")])
    response = Response(script, mimetype="text/javascript")
    response.headers["Cache-Control"] = NO_CACHE
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@bp.app_template_global("table_known")
def table_known(table: TableSession, key: str, turns: bool = False) -> dict[str, Any]:
    """What a table's page tells the phone of the table, for when it is opened again without a connection
    (``static/offline.js``): the table's edit link, its revision, the position of its next hand, and that
    hand and the ``AHEAD`` after it as the family's rotation words them (``FamilyPages.coming``), so a page
    opened offline after hands kept on the phone shows the hand that comes after them; with ``turns``, what
    the card page asks first in each and the order of play. Where a family says players as seats of the
    table (``seats`` in each hand to come: a big table's page stays small), their names come once, ``players``."""
    try:
        coming = pages_of(table.config.get("game")).coming(table, AHEAD, turns)
    except ScorekeeperError:  # a table whose rotation cannot be read further: the next hand is unknown
        coming = []
    seats = {"players": list(table.config["players"])} if any("seats" in c for c in coming) else {}
    return {"table": url_for("pages.session_edit", sid=table.id, key=key), "revision": table.revision,
            "position": len(table.hands) + 1, "coming": coming, **seats}


@bp.get("/offline")
def offline_page() -> Any:
    """What the phone shows, without a connection, for a page it has never opened."""
    return render_template("pages/offline.html")


@bp.get("/ping")
def ping() -> tuple[str, int]:
    """The probe a page sends before a save: an answer says the server can be reached."""
    return "", 204
