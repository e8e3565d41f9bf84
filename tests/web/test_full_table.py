"""A table of the Hearts family holding 100 hands, the most a session holds: every page of it still shows
(the edit page, the read-only page, the live part, a hand's page), and where a new hand would be offered
the table says it is full instead (the session page, the result form, the card page); one more hand is
refused with the engine's sentence and nothing is stored."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.fields import MAX_HANDS
from tests.support.webdata import result, session

MISDEAL = {"events": [{"type": "misdeal", "reason": "wrong-count"}]}
FULL = "This table is full"


def full_table(client: FlaskClient) -> tuple[str, str, dict[str, Any]]:
    """A Black Lady table of 100 hands (a few results, then misdeals, so the game never ends): edit, read paths."""
    hands = [result()] * 3 + [MISDEAL] * (MAX_HANDS - 3)
    made = client.post("/api/sessions", json=session(hands=hands))
    assert made.status_code == 201, made.get_json()
    created: dict[str, Any] = made.get_json()
    return f"/s/{created['id']}/{created['token']}", f"/v/{created['id']}/{created['read_key']}", created


def test_every_page_of_a_full_table_shows_and_says_it_is_full(app: Flask, client: FlaskClient) -> None:
    edit, read, _ = full_table(client)
    for path in (edit, read, edit + "/live", read + "/live"):
        page = client.get(path)
        text = page.get_data(as_text=True)
        assert page.status_code == 200, (path, text[-500:])
        assert FULL in text and 'id="now"' not in text, path
    assert 'id="record-result"' not in client.get(edit).get_data(as_text=True)  # nothing offered to record
    assert client.get(edit + f"/hand/{MAX_HANDS}").status_code == 200
    assert client.get(read + "/hand/1").status_code == 200
    form = client.get(edit + "/result")
    assert form.status_code == 302 and form.headers["Location"].endswith(edit)
    assert FULL in client.get(edit).get_data(as_text=True)  # said once more, as the flash
    cards = client.get(edit + "/play")
    assert cards.status_code == 404 and FULL in cards.get_data(as_text=True)


def test_one_hand_more_than_a_table_holds_is_refused(app: Flask, client: FlaskClient) -> None:
    edit, _, created = full_table(client)
    more = client.post(f"/api/sessions/{created['id']}/hands", json=result(),
                       headers={"Authorization": f"Bearer {created['token']}"})
    assert more.status_code == 400 and f"at most {MAX_HANDS} hands" in more.get_json()["error"]["message"]
    assert client.get(f"/api/sessions/{created['id']}/export", headers={
        "Authorization": f"Bearer {created['token']}"}).get_json()["hands"].__len__() == MAX_HANDS


def test_a_table_one_hand_short_of_full_still_offers_the_last_hand(app: Flask, client: FlaskClient) -> None:
    made = client.post("/api/sessions", json=session(hands=[MISDEAL] * (MAX_HANDS - 1))).get_json()
    edit = f"/s/{made['id']}/{made['token']}"
    page = client.get(edit + "/result").get_data(as_text=True)
    assert 'id="result-form"' in page and FULL not in page
