"""A table's links, as its page shows them: the read-only link, on the read-only page each player's own hand
(where the game's deal can come from the players' phones: the scorer's phone finds it on the card page), and on a scorer's phone the edit link and the club the table belongs to.

The club is linked by its read-only link, and only from the edit link: whoever scores a club's table was
given it by the club, while a table's read-only link may travel further than the club's own.
"""

from __future__ import annotations

import json
from typing import Any

from flask import url_for

from ...engine import seats
from ...engine.family import family_of
from ..clubs import services as clubs
from .. import services
from ..links import public_url
from ..models import TableSession


def table_links(table: TableSession, can_edit: bool, key: str) -> dict[str, str]:
    """``read``, and with the edit token ``edit`` and (a club's table) ``club`` with ``club_name``."""
    found = {"read": public_url(".session_read", sid=table.id, key=table.read_key)}
    if takes_seats(table) and not can_edit:  # the players' page; the scorer's phone has it on the card page
        found["my_hand"] = url_for(".my_hand", sid=table.id, key=table.read_key)
    if can_edit:
        found["edit"] = public_url(".session_edit", sid=table.id, key=key)
        found["renew"] = url_for(".new_links", sid=table.id, key=key)
        club = clubs.club_of_table(table.id)
        if club is not None:
            found["club"] = url_for("clubs.club_read", cid=club.id, key=club.read_key)
            found["club_name"] = club.name
    return found


def takes_seats(table: TableSession) -> bool:
    """Whether the table's hands can be dealt from the players' own phones (``engine.seats``): asked of the
    engine once per game, options and number of players in a process."""
    key = (table.config.get("game"), json.dumps(table.config.get("options") or {}, sort_keys=True),
           len(table.config.get("players") or ()))
    known = _TAKES_SEATS.get(key)
    if known is None:
        from . import pages_of  # the registry imports the families' folders, which import this module

        try:
            head: Any = pages_of(table.config.get("game")).card_table(table).record()
            known = seats.takes_seats(family_of(head["game"]), head)
        except services.NotFound:
            known = False
        _TAKES_SEATS[key] = known
    return known


_TAKES_SEATS: dict[tuple[Any, str, int], bool] = {}
