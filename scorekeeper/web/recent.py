"""The tables this browser has opened, and the clubs it opened by their edit link, kept in its own signed
session cookie (HttpOnly, sent back only to this server).

The start page suggests the names seated at these tables only: the server never offers one
browser the players of tables it has not opened (another club's evening). A club's edit token is kept
so that "New game with the same players" at one of the club's tables can start the next table inside
the club (its edit token is made from the club's): only a browser that opened the club's edit link
holds it, as that browser's history already does.
"""

from __future__ import annotations

from flask import session

KEY = "tables"
LIMIT = 20  # the most recent tables: enough for a club's evenings, small enough for a cookie
CLUBS = "clubs"
CLUB_LIMIT = 5  # the clubs whose edit link this browser opened last


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


def remember_club(club_id: str, token: str) -> None:
    """Keep a club's edit token, first. Call it only once the token was checked against the club."""
    known = clubs()
    if list(known.items())[:1] == [(club_id, token)]:
        return
    session[CLUBS] = dict([(club_id, token), *((c, t) for c, t in known.items() if c != club_id)][:CLUB_LIMIT])
    session.permanent = True


def clubs() -> dict[str, str]:
    """The edit tokens of the clubs this browser opened by their edit link, by club id, most recent first."""
    value = session.get(CLUBS)
    if not isinstance(value, dict):
        return {}
    return {c: t for c, t in value.items() if isinstance(c, str) and isinstance(t, str)}
