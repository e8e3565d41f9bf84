"""The card page's deal through the Flask client (``/next`` and ``/deal``): the table's side of it, a worked
example, the hands stored."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.web.extensions import db
from scorekeeper.web.models import Hand
from tests.support.examples import example
from tests.support.pages import csrf_header, get, submit


class Table:
    """The card page's side of ``/next`` and ``/deal``: the record kept here, as the page keeps it."""

    def __init__(self, client: FlaskClient, edit: str) -> None:
        self.client, self.edit = client, edit
        self.page = get(client, edit + "/play")
        self.headers = csrf_header(self.page)
        self.record: Any = self.post("/next", {"record": None, "action": None})["record"]
        self.given: list[dict[str, Any]] = []

    def post(self, path: str, body: Any, status: int = 200) -> dict[str, Any]:
        response = self.client.post(self.edit + path, json=body, headers=self.headers)
        assert response.status_code == status, response.get_json()
        answer: dict[str, Any] = response.get_json()
        return answer

    def tap(self, kind: str, value: Any, player: str | None = None) -> dict[str, Any]:
        answer = self.post("/next", {"record": self.record, "action": {"kind": kind, "player": player, "value": value}})
        self.record = answer["record"]
        return answer

    def refused(self, kind: str, value: Any) -> dict[str, Any]:
        return self.post("/next", {"record": self.record, "action": {"kind": kind, "player": None, "value": value}}, 422)

    def deal(self, answer: Any = None) -> dict[str, Any]:
        """The next question about the deal (the answer to the last one given first); once dealt, the record."""
        if answer is not None:
            self.given.append(answer)
        reply = self.post("/deal", {"record": self.record, "given": self.given})
        if reply["dealt"]:
            self.record, self.given = reply["record"], []
        return reply

    def save(self) -> Any:
        return submit(self.client, self.page, "play-form", {"record": json.dumps(self.record)})


def stored(app: Flask) -> list[dict[str, Any]]:
    with app.app_context():
        return [dict(row.record) for row in db.session.scalars(select(Hand).order_by(Hand.position))]
