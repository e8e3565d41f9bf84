"""Reversis tables through the real forms: catalogue 6.11's E2 hand by hand."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from scorekeeper.engine import reversis
from tests.support.pages import get, submit
from tests.support.tripoliweb import start_tripoli


CARDS = ("JH", "AS", "AH", "AD", "AC")


TALON = {f"{c}_player": "talon" for c in CARDS}


def quick(tricks: list[int], points: list[int], **cards: dict[str, str]) -> dict[str, str]:
    """The form fields of a quick result: tricks and card points per seat, then per paying card its fields
    (``JH={"player": "1", "trick": "3", ...}``); a card not given lay in the talon."""
    fields = {**TALON}
    for seat, (t, p) in enumerate(zip(tricks, points)):
        fields[f"tricks_{seat}"], fields[f"points_{seat}"] = str(t), str(p)
    for code, parts in cards.items():
        fields.update({f"{code}_{part}": value for part, value in parts.items()})
    return fields


# Catalogue 6.11 E2, "pools over four hands": A B C D, A deals first; only the Quinola moves fish in play.
E2 = [
    quick([3, 3, 3, 2], [8, 6, 6, 4], JH={"player": "1", "trick": "3", "how": "followed", "leader": "2", "winner": "0"}),
    quick([3, 2, 3, 3], [8, 2, 7, 7], JH={"player": "3", "trick": "6", "how": "led", "winner": "3"}),
    quick([3, 3, 3, 2], [6, 6, 6, 6], JH={"player": "1", "trick": "2", "how": "followed", "leader": "0", "winner": "1"}),
    quick([3, 3, 3, 2], [6, 6, 6, 6], JH={"player": "3", "trick": "7", "how": "discarded", "leader": "2", "winner": "1"}),
]


def start_reversis(client: FlaskClient, players: list[str], changes: dict[str, Any] | None = None) -> tuple[str, str]:
    """A table started through the start form (as Tripoli's), the first player dealing first."""
    return start_tripoli(client, "reversis", players, {"first_dealer": players[0], **(changes or {})})


def record(client: FlaskClient, edit: str, fields: dict[str, str]) -> Any:
    return submit(client, get(client, edit + "/result"), "result-form", fields)
