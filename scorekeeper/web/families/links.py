"""A table's links, as its page shows them: the read-only link, and on a scorer's phone the edit link and
the club the table belongs to.

The club is linked by its read-only link, and only from the edit link: whoever scores a club's table was
given it by the club, while a table's read-only link may travel further than the club's own.
"""

from __future__ import annotations

from flask import url_for

from .. import clubs
from ..links import public_url
from ..models import TableSession


def table_links(table: TableSession, can_edit: bool, key: str) -> dict[str, str]:
    """``read``, and with the edit token ``edit`` and (a club's table) ``club`` with ``club_name``."""
    found = {"read": public_url(".session_read", sid=table.id, key=table.read_key)}
    if can_edit:
        found["edit"] = public_url(".session_edit", sid=table.id, key=key)
        found["renew"] = url_for(".new_links", sid=table.id, key=key)
        club = clubs.club_of_table(table.id)
        if club is not None:
            found["club"] = url_for("clubs.club_read", cid=club.id, key=club.read_key)
            found["club_name"] = club.name
    return found
