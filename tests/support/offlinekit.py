"""A phone without a connection: what it kept of a table."""

from __future__ import annotations

import re
from typing import Any


def sheet_url(page: Any) -> str:
    return re.sub(r"#.*$", "", page.url)


def kept_with(page: Any, url: str, text: str, seconds: float = 15) -> None:
    """Wait until the page the service worker keeps for ``url`` holds ``text``."""
    import time

    deadline = time.monotonic() + seconds
    while True:
        kept = page.evaluate("""(u) => caches.open("scorekeeper-pages").then(c => c.match(u))
            .then(r => r ? r.text() : "")""", url)
        if text in kept:
            return
        assert time.monotonic() < deadline, f"the copy kept of {url} never held {text!r}"
        page.wait_for_timeout(200)
