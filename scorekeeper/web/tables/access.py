"""A table reached by its link: the one loader of the table pages, for the edit link and the read-only link.

A table has two links: ``/s/<id>/<edit token>`` (its scorer's, which may write) and ``/v/<id>/<read key>``
(anyone at the table's, which may only look; the edit token opens it too). ``table_route`` registers a
view under either link or both, loads the table and checks the key before the view runs, and hands the
view the table itself: a table that does not exist answers 404 and a key that does not open it 403, each
with its sentence (the ``pages`` blueprint's error pages, ``services.NotFound`` and ``services.AccessDenied``).
A page both links show is one view, told by ``can_edit`` which link opened it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

from .. import services
from ..models import TableSession
from .blueprint import bp

EDIT_LINK = "/s/<sid>/<key>"  # the edit link: the table's edit token
READ_LINK = "/v/<sid>/<key>"  # the read-only link: the read key (or the edit token)

View = Callable[..., Any]


def load_table(sid: str, key: str, can_edit: bool) -> TableSession:
    """The table ``sid`` when ``key`` opens it for editing (``can_edit``) or for reading.

    :raises services.NotFound: no such table (404).
    :raises services.AccessDenied: the key does not open it so (403)."""
    table = services.get_session(sid)
    if can_edit:
        services.check_token(table, key)
    else:
        services.check_read(table, None, key)
    return table


def table_route(rule: str, *, edit: str | None = None, read: str | None = None,
                methods: Iterable[str] = ("GET",), read_methods: Iterable[str] | None = None,
                limit: Callable[[View], View] | None = None) -> Callable[[View], View]:
    """Register the decorated view at ``rule`` under the edit link (endpoint ``edit``), the read-only link
    (endpoint ``read``) or both; with neither named, under the edit link as the view's own name. The view
    is called as ``view(table, sid=..., key=..., **the rule's values)``, and with ``can_edit`` as well when
    both links show it. ``limit`` (a rate limit of ``ratelimit``) counts each request before the table is read.
    """
    def register(view: View) -> View:
        links = [(EDIT_LINK, edit or (None if read else view.__name__), True, methods),
                 (READ_LINK, read, False, read_methods or methods)]
        both = bool(edit and read)
        for link, endpoint, can_edit, verbs in links:
            if endpoint is None:
                continue
            opened = _opened(view, endpoint, can_edit, both)
            bp.add_url_rule(link + rule, endpoint, limit(opened) if limit else opened, methods=list(verbs))
        return view
    return register


def _opened(view: View, endpoint: str, can_edit: bool, both: bool) -> View:
    """``view`` behind the link's check, named as its endpoint (what a rate limit counts by)."""
    @functools.wraps(view)
    def opened(sid: str, key: str, **values: Any) -> Any:
        table = load_table(sid, key, can_edit)
        if both:
            values["can_edit"] = can_edit
        return view(table, sid=sid, key=key, **values)
    opened.__name__ = opened.__qualname__ = endpoint
    return opened
