"""The links a table, an evening or a club hands out, and taking them back.

**Built from a public address.** A link (and its QR code) is built from ``SCOREKEEPER_PUBLIC_URL``
(``PUBLIC_URL``, such as ``https://scores.example.org``) when it is set, never from the request's
``Host`` header, which any client may write (``Host: evil.example`` would otherwise hand the table
``http://evil.example/v/...``). Unset (the development server, ``serve --lan`` on the table's Wi-Fi),
the request's own address is used: there the phones reach the app directly and the address is theirs.

**New links.** The services give a table, an evening or a club a new edit token and a new read-only
key in one transaction and move its revision (``services.new_table_links``, ``clubs.services.new_links``,
``evenings.services.new_links``; the link they were asked with is checked inside that transaction): the
old links (and their QR codes, and every copy in a browser's history or a log) open nothing from that
moment; a page opened with one says so in a
sentence. A club's tables take their edit tokens from the club's (``clubs.table_token``), so new links
for a club give every one of its tables a new edit token too; a club's table takes a new read-only key
of its own, while its edit link is the club's to renew.
"""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, request, url_for


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
