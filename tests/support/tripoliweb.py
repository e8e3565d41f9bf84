"""Tripoli, Rummoli and Cosmo tables through the real forms: deals by their quick result."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from scorekeeper.engine import tripoli
from tests.support.pages import EVIL, Page, get, submit


# Catalogue 5.9 is played by A B C D, D dealing first; D's seat is taken by a name that must be escaped.
PLAYERS = ["A", "B", "C", EVIL]


# Deal 1 (5.9): D sells the spare to B for 3; A AH, B TH, C KH QH KQ; poker A 5, B 5, D 2, A wins; B goes out.
DEAL_1 = {"spare_action": "auction", "spare_buyer": "1", "spare_price": "3", "claim_AH": "0", "claim_TH": "1",
          "claim_KH": "2", "claim_QH": "2", "claim_KQ": "2", "bet_0": "5", "bet_1": "5", "bet_3": "2", "win_0": "y",
          "end": "1", "left_0": "3", "left_2": "5", "left_3": "2"}


# Deal 2 (5.9): A swaps; B KH, D QH, C JH, A TH, SEQ shared by B C D; B C D put 3 each, C and D split; a block.
DEAL_2 = {"spare_action": "swap", "claim_KH": "1", "claim_QH": "3", "claim_JH": "2", "claim_TH": "0", "seq_1": "y",
          "seq_2": "y", "seq_3": "y", "bet_1": "3", "bet_2": "3", "bet_3": "3", "win_2": "y", "win_3": "y",
          "end": "block", "left_0": "2", "left_1": "1", "left_2": "2", "left_3": "3"}


# The final poker (5.9): D bets 2, B calls, the others fold; D takes the whole layout.
FINAL = {"bet_1": "2", "bet_3": "2", "win_3": "y"}


def start_tripoli(client: FlaskClient, game: str = "tripoli", players: list[str] = PLAYERS,
                  changes: dict[str, Any] | None = None) -> tuple[str, str]:
    page = get(client, f"/?game={game}")
    fields = {f"players-{i}": name for i, name in enumerate(players)}
    fields.update({"first_dealer": players[-1], "action": "start", **(changes or {})})
    response = submit(client, page, "start-form", fields)
    assert response.status_code == 302, Page(response).refusal() or Page(response).html[:2000]
    edit = response.headers["Location"]
    read = re.search(r'id="read-link" value="http://localhost([^"]+)"', get(client, edit).html)
    assert read
    return edit, read.group(1)


def record(client: FlaskClient, edit: str, fields: dict[str, str], final: bool = False) -> Any:
    page = get(client, edit + "/result" + ("?final=1" if final else ""))
    return submit(client, page, "deal-form", fields)


def stored_session(client: FlaskClient, edit: str) -> dict[str, Any]:
    """The session as stored (the export of the read-only key), to settle independently with the engine."""
    sid = edit.split("/")[2]
    key = re.search(r'id="read-link" value="http://localhost/v/[^/]+/([^"]+)"', get(client, edit).html)
    assert key
    response = client.get(f"/api/sessions/{sid}/export", query_string={"key": key.group(1)})
    assert response.status_code == 200
    return response.get_json()  # type: ignore[no-any-return]
