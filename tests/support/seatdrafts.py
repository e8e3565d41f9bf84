"""Each player's own hand from his own phone through the Flask client (``/v/<sid>/<key>/my-hand``): the
players' secrets, a phone's side of the page, what a phone without a draft's secret can read."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.family import family_of
from tests.support.pages import csrf_header, get

ROOT = Path(__file__).resolve().parents[2]
ABCD = ["Ann", "Bob", "Cat", "Dan"]
OPTIONS = {"opt_first_lead": "two-of-clubs"}
SECRETS = {name: f"{k + 1:x}" * 64 for k, name in enumerate(ABCD)}  # one phone each


def example() -> dict[str, Any]:
    """The example Black Lady hand: Dan deals, as a table started for ABCD (Dan first dealer) has it."""
    value: dict[str, Any] = json.loads((ROOT / "examples" / "black-lady-hand.json").read_text())
    assert value["players"] == ABCD and value["dealer"] == "Dan"
    return value


class Phone:
    """One player's phone on the my-hand page: its own client (cookies), its secret."""

    def __init__(self, app: Flask, read: str, secret: str) -> None:
        self.client, self.url, self.secret = app.test_client(), read + "/my-hand", secret
        self.page = get(self.client, self.url)
        self.headers = csrf_header(self.page)

    def send(self, player: str | None, draft: dict[str, Any] | None = None, status: int = 200,
             secret: str | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"player": player, "secret": secret or self.secret}
        if draft is not None:
            body["draft"] = draft
        response = self.client.post(self.url, json=body, headers=self.headers)
        assert response.status_code == status, response.get_json()
        answer: dict[str, Any] = response.get_json()
        return answer


def draft_of(value: dict[str, Any], name: str) -> dict[str, Any]:
    return {"hand": value["deal"][name], "passed": value["passes"][name]}


def cards_in(text: str, cards: list[str]) -> list[str]:
    """Which of ``cards`` appear in ``text`` as card codes (a word of their own, or in a JSON string); the
    values made afresh for each request (the form's token, a new hand's client id) are left out."""
    text = re.sub(r'(content|value)="[A-Za-z0-9._-]{16,}"', "", text)
    return [c for c in cards if re.search(rf'(?<![A-Za-z0-9]){c}(?![A-Za-z0-9])', text)]


def readable(client: FlaskClient, edit: str, read: str) -> dict[str, set[str]]:
    """The card codes each page and answer a phone without the draft's secret can fetch shows (the pack's grid,
    the rules' words): the read-only pages and the API with the read key, the scorer's pages."""
    sid, key = edit.split("/")[2], read.split("/")[3]
    urls = [read, read + "/live", read + "/notes", read + "/my-hand", edit, edit + "/live", edit + "/play",
            f"/api/sessions/{sid}?key={key}", f"/api/sessions/{sid}/export?key={key}",
            f"/api/sessions/{sid}/revision?key={key}"]
    pack = [r + s for r in "AKQJT98765432" for s in "SHDC"]
    found = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        found[url] = set(cards_in(response.get_data(as_text=True), pack))
    return found


def renamed(value: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    family = family_of(value["game"])
    for old, new in names.items():
        value = family.renamed(value, old, new)
    return value


TRIPOLI_NAMES = {"D": "Ann", "A": "Bob", "B": "Cat", "C": "Dan"}  # the example's seats at a table where Ann deals
