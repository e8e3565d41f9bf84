"""Card by card: the page that records a whole hand as it is played, and the engine's answer to each card.

The routes check the edit link and hand the table to its family's pages (``families.pages_of``): a
family without a card page answers with the page that says how its hands are recorded.
"""

from __future__ import annotations

from typing import Any

from flask import Response

from .families import pages_of
from .views import bp, edit_table


@bp.route("/s/<sid>/<key>/play", methods=["GET", "POST"])
def play(sid: str, key: str) -> Any:
    """Record a whole hand card by card; every card is checked by the engine as it is tapped."""
    table = edit_table(sid, key)
    return pages_of(table.config.get("game")).card_page(table, sid, key)


@bp.post("/s/<sid>/<key>/play-check")
def play_check(sid: str, key: str) -> tuple[Response, int]:
    """Check the cards so far plus one more with the engine (the body is the card page's: see
    ``families.hearts.play.card_check``)."""
    table = edit_table(sid, key)
    return pages_of(table.config.get("game")).card_check(table)
