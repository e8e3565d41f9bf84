"""The links a table, an evening or a club hands out, and taking them back.

**Built from a public address.** A link (and its QR code) is built from ``SCOREKEEPER_PUBLIC_URL``
(``PUBLIC_URL``, such as ``https://scores.example.org``) when it is set, never from the request's
``Host`` header, which any client may write (``Host: evil.example`` would otherwise hand the table
``http://evil.example/v/...``). Unset (the development server, ``serve --lan`` on the table's Wi-Fi),
the request's own address is used: there the phones reach the app directly and the address is theirs.

**New links.** ``new_links`` gives a table, an evening or a club a new edit token and a new read-only
key in one transaction and moves its revision: the old links (and their QR codes, and every copy in a
browser's history or a log) open nothing from that moment; a page opened with one says so in a
sentence. A club's tables take their edit tokens from the club's (``clubs.table_token``), so new links
for a club give every one of its tables a new edit token too; a club's table takes a new read-only key
of its own, while its edit link is the club's to renew.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Response, current_app, request, url_for
from sqlalchemy import select

from . import services
from .extensions import db


OFFLINE_KEPT = ("s", "v", "e", "ve")  # a table's and an evening's pages: what a scorer needs without a connection
LINKED = ("s", "v", "e", "ve", "c", "vc")  # pages whose path holds a link's key


def offline_headers(response: Response) -> Response:
    """What the service worker reads of a page (templates/offline/sw.js): whether to keep a copy for
    offline use (``Scorekeeper-Offline: keep``: the pages without a key, and a table's and an evening's,
    which a scorer needs offline; a club's pages are not kept), and the link the page was opened with
    (``Scorekeeper-Links``), so that copies kept under the table's older links are dropped."""
    if response.mimetype != "text/html" or response.status_code != 200:
        return response
    parts = request.path.split("/")
    linked = len(parts) > 3 and parts[1] in LINKED
    if not linked or parts[1] in OFFLINE_KEPT:
        response.headers["Scorekeeper-Offline"] = "keep"
    if linked:
        response.headers["Scorekeeper-Links"] = "/".join(parts[:4]) + "/"
    return response


def public_url(endpoint: str, **values: Any) -> str:
    """The absolute link of ``endpoint``: on the configured public address, else on the request's."""
    base = str(current_app.config.get("PUBLIC_URL") or "").rstrip("/")
    if not base:
        return url_for(endpoint, _external=True, **values)
    return base + url_for(endpoint, **values)


def _renew(row: Any) -> str:
    """A new edit token and read-only key on ``row``; its revision moved. The new token."""
    token = secrets.token_urlsafe(24)
    row.token_hash = services._hash(token)
    row.read_key = secrets.token_urlsafe(12)
    row.revision += 1
    return token


def new_table_links(table: Any, token: str) -> services.Created:
    """New links for a table whose edit token is ``token``: a new read-only key, and a new edit token
    unless the table is a club's (its edit token is made from the club's, renewed with the club's links)."""
    from .clubs.services import club_of_table

    if club_of_table(table.id) is None:
        token = _renew(table)
    else:
        table.read_key = secrets.token_urlsafe(12)
        table.revision += 1
    db.session.commit()
    services.forget(table.id)
    return services.Created(table.id, token, table.read_key)


def new_evening_links(evening: Any) -> services.Created:
    token = _renew(evening)
    db.session.commit()
    return services.Created(evening.id, token, evening.read_key)


def new_club_links(club: Any) -> services.Created:
    """New links for a club and for every one of its tables (their edit tokens are made from the club's)."""
    from .clubs.services import table_token
    from .models import ClubTable, TableSession

    token = _renew(club)
    tables = db.session.scalars(select(TableSession).join(ClubTable, ClubTable.session_id == TableSession.id)
                                .where(ClubTable.club_id == club.id)).all()
    for table in tables:
        table.token_hash = services._hash(table_token(token, table.id))
        table.revision += 1
    db.session.commit()
    for table in tables:
        services.forget(table.id)
    return services.Created(club.id, token, club.read_key)
