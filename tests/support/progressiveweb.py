"""A Progressive Hearts evening started through its real forms."""

from __future__ import annotations

import html
import re
from typing import Any

from flask.testing import FlaskClient

from tests.support.pages import EVIL, Page, get, submit


# Catalogue 3.13's own example; G4's name must be escaped everywhere it is shown.
G4 = EVIL


LADIES = ["L1", "L2", "L3", "L4"]


GENTLEMEN = ["G1", "G2", "G3", G4]


def start(client: FlaskClient, ladies: list[str], gentlemen: list[str], seating: str = "typed",
          rounds: str = "") -> tuple[str, str]:
    """Start an evening through its form: (edit url, read-only url)."""
    page = get(client, "/evenings/new")
    response = submit(client, page, "evening-form", {"ladies": "\n".join(ladies), "gentlemen": "\n".join(gentlemen),
                                                     "seating": seating, "rounds": rounds})
    assert response.status_code == 302, Page(response).refusal() or Page(response).html[:2000]
    edit = response.headers["Location"]
    read = re.search(r'id="read-link" value="http://localhost([^"]+)"', get(client, edit).html)
    assert read and re.fullmatch(r"/e/[\w-]+/[\w-]+", edit) and re.fullmatch(r"/ve/[\w-]+/[\w-]+", read.group(1))
    return edit, read.group(1)


def order(page: Page) -> list[str]:
    """A table form's players as its hearts fields list them: its ladies, then its gentlemen."""
    return [html.unescape(n) for n in re.findall(r'name="hearts-\d"[^>]*data-player="([^"]*)"', page.html)]


def enter(client: FlaskClient, edit: str, round_no: int, table_no: int, hearts: dict[str, int | str],
          cuts: tuple[str, ...] = (), cards: dict[str, str] | None = None, revoke: str | None = None) -> Any:
    """Send a table's result through its form, as a player taps it (a count left out stays blank)."""
    page = get(client, f"{edit}/round/{round_no}/table/{table_no}")
    players = order(page)
    fields: dict[str, Any] = {f"hearts-{i}": str(hearts.get(name, "")) for i, name in enumerate(players)}
    for name in cuts:
        fields["cut_ladies" if players.index(name) < 2 else "cut_gentlemen"] = str(players.index(name))
    for name, text in (cards or {}).items():
        fields[f"cards-{players.index(name)}"] = text
    if revoke:
        fields["revoke"] = str(players.index(revoke))
    return submit(client, page, "result-form", fields)


def entered(client: FlaskClient, edit: str, round_no: int, table_no: int, hearts: dict[str, int | str],
            **extra: Any) -> Page:
    response = enter(client, edit, round_no, table_no, hearts, **extra)
    assert response.status_code == 302, Page(response).refusal()
    return get(client, edit)
