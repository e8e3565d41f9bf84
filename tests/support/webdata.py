"""Records for the web tests: a Black Lady session, quick results, the example full hand."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
# examples/black-lady-hand.json: dealt by Dan, first lead by the two of clubs.
EXAMPLE_OPTIONS = {"first_lead": "two-of-clubs"}


def session(**extra: Any) -> dict[str, Any]:
    """A Black Lady session record (``hands`` optional), Dan deals first."""
    return {"game": "black-lady", "options": dict(EXAMPLE_OPTIONS), "players": list(PLAYERS),
            "first_dealer": "Dan", **extra}


def result(hearts: tuple[int, int, int, int] = (3, 2, 0, 8), qs: str = "Ann", **extra: Any) -> dict[str, Any]:
    """A quick result: hearts per player in seat order, and who took the queen of spades."""
    taken: dict[str, Any] = {}
    for name, count in zip(PLAYERS, hearts):
        taken[name] = {"hearts": count, **({"QS": 1} if name == qs else {})}
    return {"taken": taken, **extra}


# No deal gives this: QS taken twice, 14 hearts.
IMPOSSIBLE = {"taken": {"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 3, "QS": 1},
                        "Cat": {"hearts": 0}, "Dan": {"hearts": 8}}}


def example_hand() -> dict[str, Any]:
    """The example full hand (deal, passes, 52 plays) as hand 1 of ``session()``."""
    record: dict[str, Any] = json.loads((ROOT / "examples" / "black-lady-hand.json").read_text())
    assert record.pop("options") == EXAMPLE_OPTIONS
    del record["game"], record["players"]
    return record


def illegal_hand() -> dict[str, Any]:
    """The example with Cat's first card changed: 9D on a club lead while holding AC 7C."""
    record = copy.deepcopy(example_hand())
    record["play"][1] = "9D"
    return record


ILLEGAL_ERROR = {"code": "revoke", "message": "Cat played 9\u2666 on a club lead while holding A\u2663 7\u2663",
                 "play": 1, "trick": 1, "player": "Cat", "card": "9D", "hand": 1}


class Table:
    """One session seen through the JSON API: its id, token and read key."""

    def __init__(self, client: FlaskClient, record: dict[str, Any] | None = None) -> None:
        self.client = client
        response = client.post("/api/sessions", json=session() if record is None else record)
        assert response.status_code == 201, response.get_json()
        body = response.get_json()
        self.id: str = body["id"]
        self.token: str = body["token"]
        self.read_key: str = body["read_key"]

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def add(self, hand: dict[str, Any]) -> Any:
        return self.client.post(f"/api/sessions/{self.id}/hands", json=hand, headers=self.auth)

    def get(self, what: str = "") -> Any:
        response = self.client.get(f"/api/sessions/{self.id}{what}", query_string={"key": self.read_key})
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def export(self) -> Any:
        return self.get("/export")

    def revision(self) -> int:
        revision: int = self.get("/revision")["revision"]
        return revision
