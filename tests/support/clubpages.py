"""A club and its tables started through the real forms."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.support.pages import Page, get, submit


def start_club(client: FlaskClient, name: str = "Thursday Hearts", players: str = "Ann\nBob\nCat") -> str:
    page = get(client, "/clubs/new")
    response = submit(client, page, "club-form", {"name": name, "players": players})
    assert response.status_code == 302, Page(response).refusal()
    edit: str = response.headers["Location"]
    assert re.fullmatch(r"/c/[\w-]+/[\w-]+", edit)
    return edit


def start_table_in(client: FlaskClient, club: str, players: list[str]) -> str:
    page = get(client, club + "/start?game=black-lady")
    known = re.findall(r'<option value="([^"]*)"></option>', page.html.split('id="known-players"')[1].split("</datalist>")[0])
    assert known == ["Ann", "Bob", "Cat"]  # the club's players, and only them
    fields = {f"players-{i}": name for i, name in enumerate(players)}
    fields.update({"first_dealer": players[-1], "action": "start"})
    response = submit(client, page, "start-form", fields)
    assert response.status_code == 302, Page(response).refusal()
    table: str = response.headers["Location"]
    return table
