"""What is stored can be served: the export of any session the API accepted is accepted again
unchanged, on SQLite and PostgreSQL, whatever names of the world's scripts it holds; and what
could not come back out (a name no sheet can show, a stake no export can write) is refused at the
door with nothing stored.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.fields import MAX_NAME, showable
from scorekeeper.web.extensions import db
from scorekeeper.web.models import Hand, TableSession

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SESSIONS = sorted(p.name for p in EXAMPLES.glob("*session*.json"))

# Names as players type them: any script, accents, emoji with their joiners, spaces inside.
NAMES = st.text(
    st.characters(blacklist_categories=("Cs",), min_codepoint=0x20),  # no lone surrogate: JSON cannot carry one
    min_size=1, max_size=MAX_NAME,
).filter(lambda s: bool(s.strip()) and showable(s))


def renamed(value: Any, names: dict[str, str]) -> Any:
    """``value`` with every string that is a player's name (as a value or a key) renamed."""
    if isinstance(value, dict):
        return {names.get(k, k): renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, str):
        return names.get(value, value)
    return value


def stored_rows(app: Flask) -> tuple[int, int]:
    with app.app_context():
        return db.session.query(TableSession).count(), db.session.query(Hand).count()


def export(client: FlaskClient, created: dict[str, Any]) -> Any:
    response = client.get(f"/api/sessions/{created['id']}/export",
                          headers={"Authorization": f"Bearer {created['token']}"})
    assert response.status_code == 200
    return response.get_json()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(SESSIONS), new_names=st.lists(NAMES, min_size=12, max_size=12, unique=True),
       stake=st.none() | st.decimals(0, 1000, places=2).map(str))
def test_every_export_is_accepted_again_unchanged(client: FlaskClient, name: str, new_names: list[str],
                                                  stake: str | None) -> None:
    session = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    session = renamed(session, dict(zip(session["players"], new_names)))
    if stake is not None and "tripoli" not in name:
        session["stake"] = stake
    first = client.post("/api/sessions", json=session)
    assert first.status_code == 201, first.get_json()
    exported = export(client, first.get_json())
    again = client.post("/api/sessions", json=exported)
    assert again.status_code == 201, again.get_json()
    assert export(client, again.get_json()) == exported
    assert exported["players"] == session["players"]  # the names come back as typed, byte for byte
    if "stake" in session:
        assert Decimal(exported["stake"]) == Decimal(session["stake"])


NOT_SERVABLE = [
    ("a control character", {"players": ["Ann", "B\u0000b", "Cat", "Dan"]}),
    ("an escape", {"players": ["Ann", "B\u001b[31mob", "Cat", "Dan"]}),
    ("a right-to-left override", {"players": ["Ann", "\u202eboB", "Cat", "Dan"]}),
    ("a bidi isolate", {"players": ["Ann", "Bob\u2066", "Cat", "Dan"]}),
    ("a line separator", {"players": ["Ann", "Bo\u2028b", "Cat", "Dan"]}),
    ("a name longer than the form's", {"players": ["Ann", "B" * (MAX_NAME + 1), "Cat", "Dan"]}),
    ("a megabyte of name", {"players": ["Ann", "B" * 1_000_000, "Cat", "Dan"]}),
    ("a huge stake", {"stake": "1e999999999"}),
    ("a stake of too many places", {"stake": "1e-30"}),
    ("a stake that is not a number", {"stake": "NaN"}),
]


@pytest.mark.parametrize(("what", "change"), NOT_SERVABLE, ids=[w for w, _ in NOT_SERVABLE])
def test_what_could_not_be_served_is_refused_at_the_door(app: Flask, client: FlaskClient, what: str,
                                                         change: dict[str, Any]) -> None:
    session = {"game": "black-lady", "players": ["Ann", "Bob", "Cat", "Dan"], "first_dealer": "Dan",
               "settlement": "cumulative", **change}
    session["first_dealer"] = session["players"][3]
    before = stored_rows(app)
    response = client.post("/api/sessions", json=session)
    assert response.status_code == 400, what
    error = response.get_json()["error"]
    assert error["code"] == "syntax" and len(error["message"]) < 300  # a sentence, not the megabyte back
    assert stored_rows(app) == before


def test_a_note_is_bounded_and_showable(app: Flask, client: FlaskClient) -> None:
    created = client.post("/api/sessions", json={"game": "black-lady", "players": ["Ann", "Bob", "Cat", "Dan"],
                                                 "first_dealer": "Dan"}).get_json()
    auth = {"Authorization": f"Bearer {created['token']}"}
    hand = {"taken": {"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 2}, "Cat": {"hearts": 0}, "Dan": {"hearts": 8}}}
    for note in ("x" * 201, "a\u202eb", 7):
        response = client.post(f"/api/sessions/{created['id']}/hands", headers=auth,
                               json={**hand, "events": [{"type": "exposed-own", "player": "Ann", "note": note}]})
        assert response.status_code == 400 and "note" in response.get_json()["error"]["message"]
    fine = {**hand, "events": [{"type": "exposed-own", "player": "Ann", "note": "showed the Q♠ — ça arrive"}]}
    assert client.post(f"/api/sessions/{created['id']}/hands", headers=auth, json=fine).status_code == 201
    assert stored_rows(app) == (1, 1)


@pytest.mark.parametrize("name", ["B\u202eob", "Bo\u0007b"], ids=["bidi-override", "bell"])
def test_the_start_form_refuses_a_name_no_sheet_can_show_and_keeps_what_was_typed(
    app: Flask, client: FlaskClient, name: str,
) -> None:
    from tests.support.pages import Page, get, submit

    page = get(client, "/?game=black-lady")
    players = ["Ann", name, "Cat", "Dan"]
    fields = {f"players-{i}": n for i, n in enumerate(players)} | {"first_dealer": "Dan", "action": "start"}
    response = submit(client, page, "start-form", fields)
    refused = Page(response)
    assert response.status_code == 200 and "no sheet can show" in (refused.refusal() or "")
    assert 'value="Ann"' in refused.html and 'value="Cat"' in refused.html  # the form as typed
    assert stored_rows(app) == (0, 0)
