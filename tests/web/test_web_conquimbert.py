"""Conquimbert at the table (catalogue 2.24, 3.17), through the real pages.

A whole session of ``examples/conquimbert-session.json`` (3.17's example, then four players down to
Dan) is recorded by the result form, card points per player, until one player is left: the form lists
only the players still in (the last one's points fill themselves in only where no card is out of
play), the session page says who deals and leads with the deal passing over the players who are out,
the stored hands are the example's, and the page's lives are the engine's settlement of the export. An
impossible count is refused with the engine's sentence, nothing stored; a correction comes back with
that hand's players, and one that would change who is out is refused while later hands depend on it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine.family import settle_json
from tests.support.pages import Page, counts, get, start_table, submit
from tests.support.familyforms import app, client, record, stored_hands  # noqa: F401  (app, client: fixtures)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ABCD = ["Ann", "Bob", "Cat", "Dan"]
SESSION = json.loads((EXAMPLES / "conquimbert-session.json").read_text(encoding="utf-8"))
HANDS: list[dict[str, Any]] = SESSION["hands"]
# Who deals each hand and who leads it (eldest among the players still in), by the rotation of 3.17.
DEALS = [("Dan", "Ann"), ("Ann", "Bob"), ("Bob", "Cat"), ("Cat", "Dan"), ("Dan", "Bob"), ("Bob", "Cat"),
         ("Cat", "Dan"), ("Dan", "Cat")]


def points_fields(hand: Mapping[str, Any]) -> dict[str, str]:
    """The form's fields for a hand: card points per player still in, in seat order."""
    return {f"points_{seat}": str(entry["points"]) for seat, entry in enumerate(hand["taken"].values())}


def form_players(page: Page) -> list[str]:
    return re.findall(r'data-sum="points" data-seat="\d+" data-player="([^"]*)"', page.html)


def shown_totals(settled: Mapping[str, Any]) -> dict[str, str]:
    """The page's totals: the lives left, "out" for a player with none."""
    return {name: "out" if lives == 0 else str(lives) for name, lives in settled["totals"].items()}


def export(client: FlaskClient, read: str) -> dict[str, Any]:
    return {**SESSION, "hands": stored_hands(client, read)}


def test_the_start_page_offers_conquimbert_for_three_to_ten(client: FlaskClient) -> None:
    assert '<option value="conquimbert"' in get(client, "/").html
    page = get(client, "/?game=conquimbert")
    refused = Page(submit(client, page, "start-form", {"players-0": "Ann", "players-1": "Bob", "players-2": "",
                                                       "players-3": "", "first_dealer": "Bob", "action": "start"}))
    assert refused.status == 200 and refused.refusal() == "the conquimbert-lives settlement is for 3 to 10 players, not 2"


def test_a_whole_session_until_one_player_is_left(client: FlaskClient) -> None:
    edit, read = start_table(client, players=ABCD, game="conquimbert")
    settled_example = settle_json(SESSION)
    for number, (hand, (dealer, leader)) in enumerate(zip(HANDS, DEALS), 1):
        session = get(client, edit)
        assert (session.text("dealer"), session.text("lead")) == (dealer, f"{leader} (left of the dealer) leads any card.")
        form = get(client, edit + "/result")
        in_hand = list(hand["taken"])
        assert form_players(form) == in_hand, number
        out = [p for p in ABCD if p not in in_hand]
        if out:
            assert f"({' and '.join(out)} {'is' if len(out) == 1 else 'are'} out)" in form.html
        # the last player's points fill themselves in only where no card is out of play (4 or 2 players)
        assert ('data-points-total="108"' in form.html) == (len(in_hand) in (2, 4)), number
        assert "take_" not in form.html and 'id="trumps"' not in form.html
        response = submit(client, form, "result-form", points_fields(hand))
        assert response.status_code == 302, Page(response).refusal()
        assert settled_example["hands"][number - 1]["dealer"] == dealer
    assert stored_hands(client, read) == HANDS
    settled = settle_json(export(client, read))
    assert settled == settled_example
    page = get(client, edit)
    assert page.totals() == shown_totals(settled) == {"Ann": "out", "Bob": "out", "Cat": "out", "Dan": "1"}
    assert "Game over" in page.html and page.text("winners") == "Dan"
    notes = client.get(edit + "/notes").get_json()["hands"]
    assert notes == {str(i): h["notes"] for i, h in enumerate(settled["hands"], 1)}
    # hand 5 was dealt to Bob, Cat and Dan: Ann's cell says she was not dealt in
    row = re.search(r'<tr id="hand-5".*?</tr>', page.html, re.S)
    assert row and re.findall(r'<button class="pts">([^<]*)</button>', row.group(0)) == ["\u2013", "20", "10", "78"]


def test_the_session_page_during_the_game(client: FlaskClient) -> None:
    """After hand 4 Ann is out: the page shows her as out, Dan deals hand 5 and Bob (not Ann) leads."""
    edit, read = start_table(client, players=ABCD, game="conquimbert")
    for hand in HANDS[:4]:
        assert record(client, edit, points_fields(hand)).status_code == 302
    page = get(client, edit)
    assert page.totals() == {"Ann": "out", "Bob": "1", "Cat": "1", "Dan": "3"}
    assert page.text("dealer") == "Dan" and page.text("lead") == "Bob (left of the dealer) leads any card."
    assert page.totals() == shown_totals(settle_json(export(client, read)))


def test_an_impossible_count_is_refused_and_kept_as_typed(app: Flask, client: FlaskClient) -> None:
    edit, read = start_table(client, players=ABCD, game="conquimbert")
    before = counts(app)
    refused = Page(record(client, edit, {"points_0": "40", "points_1": "31", "points_2": "25", "points_3": "11"}))
    assert refused.status == 200
    assert refused.refusal() == "Impossible result: the card points add up to 107, but the cards in play are worth 108."
    assert re.search(r'id="points_3" name="points_3"\s+value="11"', refused.html)
    assert counts(app) == before
    for hand in HANDS[:4]:
        assert record(client, edit, points_fields(hand)).status_code == 302
    before = counts(app)
    refused = Page(record(client, edit, {"points_0": "20", "points_1": "10", "points_2": "70"}))  # Bob, Cat, Dan
    assert refused.refusal() == ("Impossible result: the card points add up to 100: the 1 card out of play cannot "
                                 "be worth the other 8 of the pack's 108.")
    assert re.search(r'id="points_2" name="points_2"\s+value="70"', refused.html) and form_players(refused) == ABCD[1:]
    assert counts(app) == before and stored_hands(client, read) == HANDS[:4]


def test_corrections_keep_the_hands_players(app: Flask, client: FlaskClient) -> None:
    edit, read = start_table(client, players=ABCD, game="conquimbert")
    for hand in HANDS[:6]:
        assert record(client, edit, points_fields(hand)).status_code == 302
    # hand 6 was dealt to Bob, Cat and Dan: its correction form lists them, filled in as recorded
    page = get(client, edit + "/hand/6")
    _, prefilled = page.form("result-form")
    assert form_players(page) == ["Bob", "Cat", "Dan"]
    assert {k: v for k, v in prefilled.items() if k.startswith("points_")} == points_fields(HANDS[5])
    response = submit(client, page, "result-form", {"points_0": "40", "points_1": "25"})  # the same lives lost
    assert response.status_code == 302, Page(response).refusal()
    corrected = {"taken": {"Bob": {"points": 40}, "Cat": {"points": 25}, "Dan": {"points": 43}}}
    assert stored_hands(client, read) == [*HANDS[:5], corrected]
    assert get(client, edit).totals() == {"Ann": "out", "Bob": "out", "Cat": "1", "Dan": "1"}
    # hand 4 again, with Ann short of 31: she would keep a life, but hand 5 has no share for her
    before = counts(app)
    page = get(client, edit + "/hand/4")
    assert form_players(page) == ABCD
    refused = Page(submit(client, page, "result-form", {"points_0": "30", "points_2": "51"}))
    assert refused.refusal() == "Hand 5: Impossible result: Ann's share is missing."
    assert counts(app) == before and stored_hands(client, read) == [*HANDS[:5], corrected]
    # the JSON correction of hand 5 cannot seat Ann, who is out
    named = {"taken": {"Ann": {"points": 0}, **HANDS[4]["taken"]}}
    refused = Page(submit(client, get(client, edit + "/hand/5"), "json-form", {"record": json.dumps(named)}))
    assert re.search(r'id="json-refusal"[^>]*>Ann is out of the game \(no lives left\), so deal 5 is played by Bob, '
                     r"Cat and Dan only, but the hand names Ann</p>", refused.html)
    assert counts(app) == before
