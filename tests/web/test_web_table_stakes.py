"""The start page's table stakes field (catalogue 1.5): offered only where a game settles in chips,
stored with the table, shown with its rules, and a hand a player cannot pay refused with the engine's
sentence, nothing stored."""

from __future__ import annotations

import json
import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.web.extensions import db
from scorekeeper.web.models import TableSession
from tests.support.pages import (  # noqa: F401  (app, client: the SQLite fixtures of the page tests)
    Page, app, check_page, client, counts, csrf_header, get, submit,
)

FIELD = 'id="table_stakes"'


def test_the_field_is_offered_only_where_chips_are_paid(client: FlaskClient) -> None:
    for game in ("reversis", "tripoli", "rummoli", "cosmo", "joker-hearts", "auction-hearts"):
        page = get(client, f"/?game={game}")
        assert FIELD in page.html, game
        assert "a hand in which a player would pay more chips than he has left is refused" in page.html
    for game in ("black-lady", "knaves", "polignac"):  # scored in points by default
        assert FIELD not in get(client, f"/?game={game}").html, game


def test_choosing_a_chip_settlement_offers_the_field(client: FlaskClient) -> None:
    page = get(client, "/?game=hearts")
    assert FIELD not in page.html
    response = submit(client, page, "start-form", {"settlement": "pot", "action": "refresh"})
    assert FIELD in Page(response).html


def _start(client: FlaskClient, game: str, stakes: str) -> object:
    page = get(client, f"/?game={game}")
    return submit(client, page, "start-form", {"players-0": "Ann", "players-1": "Bob", "players-2": "Cat",
                                               "players-3": "Dan", "first_dealer": "Ann", "table_stakes": stakes,
                                               "action": "start"})


def test_the_chosen_stakes_are_stored_and_shown_with_the_rules(app: Flask, client: FlaskClient) -> None:
    response = _start(client, "reversis", "228")
    assert response.status_code == 302  # type: ignore[attr-defined]
    with app.app_context():
        table = db.session.scalars(select(TableSession)).one()
        assert table.config["table_stakes"] == 228
    page = get(client, response.headers["Location"])  # type: ignore[attr-defined]
    assert "Table stakes: 228 each, no balance below zero" in page.html


def test_left_empty_there_are_no_table_stakes(app: Flask, client: FlaskClient) -> None:
    assert _start(client, "joker-hearts", "").status_code == 302  # type: ignore[attr-defined]
    with app.app_context():
        assert "table_stakes" not in db.session.scalars(select(TableSession)).one().config


def test_a_number_that_is_not_a_chip_count_is_refused_on_the_form(app: Flask, client: FlaskClient) -> None:
    for typed in ("0", "-3", "lots", "2.5"):
        page = Page(_start(client, "tripoli", typed))
        assert page.status == 200
        check_page(page)
        assert FIELD in page.html and page.refusal() == "Please check the fields marked below."
    assert counts(app) == (0, 0, 0)


def test_a_hand_a_player_cannot_pay_is_refused_and_nothing_is_stored(app: Flask, client: FlaskClient) -> None:
    # Reversis with 5 fish each: Ann deals and cannot add her dealer's 5 after her stake.
    response = _start(client, "reversis", "5")
    edit = response.headers["Location"]  # type: ignore[attr-defined]
    sid, token = edit.split("/")[2:4]
    hand = json.loads((Path(__file__).parents[2] / "examples" / "reversis-hand.json").read_text())
    page = get(client, edit)
    answer = client.post(f"/api/sessions/{sid}/hands", json=hand,
                         headers={**csrf_header(page), "Authorization": f"Bearer {token}"})
    body = answer.get_json()
    assert answer.status_code == 422 and body["error"]["code"] == "table-stakes", body
    assert re.fullmatch(r"table stakes: Ann has 0 fish left and cannot pay 5 for the dealer's 5", body["error"]["message"])
    assert counts(app)[1] == 0
