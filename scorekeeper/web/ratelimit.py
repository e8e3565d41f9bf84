"""A per-address rate limit on what costs the server most and needs no key: a new table, club or
evening, and a printed PDF (a blank tally of 20 tables takes seconds to make). Flask-Limiter, on the
client's address (``request.remote_addr``: behind ``SCOREKEEPER_PROXY``'s proxies, the address they
forwarded).

**Storage: each process's memory, the limit shared out among the workers.** Flask-Limiter's ``limits``
library has no SQL storage, and the app needs no Redis: each worker counts in its own memory and allows
its share of the limit (``WEB_CONCURRENCY``, gunicorn's own setting of its worker count: the figure
divided by it, rounded up). One address's requests are spread over the workers by the kernel, so it
gets about the whole limit across them, never more than the figure plus one a worker; a restart forgets
the counts. That is enough to stop one address from making thousands of tables or PDFs, which is what
the limit is for (docs/server.md).

The figures (``LIMIT_CREATE``, ``LIMIT_PDF``) are Flask-Limiter's strings. ``LIMITS_ON`` turns it off
(``SCOREKEEPER_RATE_LIMIT=off``; the test suite's apps, which make thousands of tables from one address,
run without it unless a test turns it on); it is read per request, as the one limiter serves every app
of a process. A request over the limit is answered 429, with
``Retry-After`` and a sentence: the error object for the API, the error page for a browser.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from typing import Any, TypeVar, cast

from flask import Flask, current_app, request
from flask_limiter import Limiter
from flask_limiter.errors import RateLimitExceeded
from flask_limiter.util import get_remote_address

from . import params

F = TypeVar("F", bound=Callable[..., Any])

LIMIT_CREATE = "10 per minute;60 per hour"  # new tables, clubs and evenings from one address
LIMIT_PDF = "20 per minute;200 per hour"  # PDFs made for one address

limiter = Limiter(key_func=get_remote_address, storage_uri="memory://", strategy="moving-window")


def init_app(app: Flask) -> None:
    app.config.setdefault("LIMIT_CREATE", LIMIT_CREATE)
    app.config.setdefault("LIMIT_PDF", LIMIT_PDF)
    app.config.setdefault("LIMITS_ON", not app.testing
                          and os.environ.get("SCOREKEEPER_RATE_LIMIT", "").strip().lower() != "off")
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)  # Retry-After on a 429
    app.config.setdefault("RATELIMIT_WORKERS", _workers(os.environ.get("WEB_CONCURRENCY")))
    limiter.init_app(app)


def _workers(value: str | None) -> int:
    return params.count((value or "").strip()) or 1


def shared(figures: str, workers: int) -> str:
    """This process's share of ``figures`` when ``workers`` processes count apart.

    >>> shared("10 per minute;60 per hour", 4)
    '3 per minute;15 per hour'
    >>> shared("30 per 10 minutes", 4)
    '8 per 10 minutes'
    """
    if workers <= 1:
        return figures
    return re.sub(r"(^|;)(\s*)(\d+)", lambda m: f"{m[1]}{m[2]}{math.ceil(int(m[3]) / workers)}", figures)


def _share(key: str) -> Callable[[], str]:
    return lambda: shared(str(current_app.config[key]), int(current_app.config["RATELIMIT_WORKERS"]))


def creating(view: F) -> F:
    """The limit on making a table, a club or an evening: its POST only (the form itself is free), and not
    the start form sent again to show another game's options (an ``action`` other than ``start``)."""
    limit = limiter.shared_limit(_share("LIMIT_CREATE"), scope="create", methods=["POST"],
                                 exempt_when=lambda: _off() or request.form.get("action", "start") != "start")
    return cast(F, limit(view))


def printing(view: F) -> F:
    """The limit on making a PDF."""
    return cast(F, limiter.shared_limit(_share("LIMIT_PDF"), scope="pdf", exempt_when=_off)(view))


def _off() -> bool:
    return not current_app.config["LIMITS_ON"]


__all__ = ["RateLimitExceeded", "creating", "init_app", "limiter", "printing", "shared"]
