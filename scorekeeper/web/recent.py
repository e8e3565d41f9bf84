"""The tables this browser has opened, kept in its own signed session cookie.

The start page suggests the names seated at these tables only: the server never offers one
browser the players of tables it has not opened (another club's evening).
"""

from __future__ import annotations

from flask import session

KEY = "tables"
LIMIT = 20  # the most recent tables: enough for a club's evenings, small enough for a cookie


def remember(table_id: str) -> None:
    """Put ``table_id`` first. Call it only once the table's key was checked: a guessed id never lands here."""
    ids = tables()
    if ids[:1] == [table_id]:
        return  # already first: the cookie is not sent again
    session[KEY] = [table_id, *(other for other in ids if other != table_id)][:LIMIT]
    session.permanent = True  # kept across browser restarts, for the next evening's start page


def tables() -> list[str]:
    """The ids of the tables this browser opened, most recent first (none for a new browser)."""
    value = session.get(KEY)
    if not isinstance(value, list):
        return []
    return [table_id for table_id in value if isinstance(table_id, str)][:LIMIT]
