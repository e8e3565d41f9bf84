"""A Progressive Hearts evening started through its real forms."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

from scorekeeper.web.evenings import services as evenings
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
