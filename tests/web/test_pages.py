"""The phone pages, driven through their real forms with real CSRF tokens.

A small HTML form reader (``Page.form``) collects what a browser would send: hidden fields
(the CSRF token, the client id), checked boxes and radios, selected options. Tests change
only what a player would type or tap.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.engine.hearts.games import GAMES
from scorekeeper.web.forms import app_games
from scorekeeper.web.extensions import db
from scorekeeper.web.models import Hand, TableSession
from tests.support.pages import (
    EVIL,
    PAGE_LIMIT,
    PLAYERS,
    Page,
    REMEMBERED,
    ROOT,
    URL,
    _unescape,
    app,
    check_page,
    client,
    counts,
    csrf_header,
    get,
    record_result,
    start_table,
    submit,
)


# --- a browser's view of a form -------------------------------------------------------------------


# --- fixtures -----------------------------------------------------------------------------------


# --- starting a table ----------------------------------------------------------------------------

def test_start_page_offers_every_game_and_builds_its_options(client: FlaskClient) -> None:
    page = get(client, "/")
    for game in GAMES.values():  # the games whose result the form cannot say yet are not offered
        assert (f'<option value="{game.id}"' in page.html) == (game.id in app_games())
    assert {"black-lady", "hearts", "spot-hearts", "two-handed-hearts"} <= set(app_games())
    assert {"polignac", "knaves", "joker-hearts"} <= set(app_games())  # tests/web/test_web_family_forms.py
    for game in app_games().values():
        page = get(client, f"/?game={game.id}")
        for spec in game.options.values():
            if spec.name == "profile":
                assert 'id="profile"' in page.html
            elif tuple(spec.choices) == (False, True):
                assert f'type="checkbox" id="opt_{spec.name}"' in page.html
            else:
                assert f'<select id="opt_{spec.name}"' in page.html
        assert 'id="start"' in page.html and 'id="players-0"' in page.html and 'id="game"' in page.html


def test_start_a_black_lady_table(app: Flask, client: FlaskClient) -> None:
    edit, read = start_table(client, changes={"stake": "0.05", "confirm_required": ""})
    assert re.fullmatch(r"/s/[\w-]+/[\w-]+", edit) and re.fullmatch(r"/v/[\w-]+/[\w-]+", read)
    page = get(client, edit)
    assert "Black Lady" in page.html
    assert _unescape(page.text("dealer")) == EVIL
    assert set(page.totals()) == set(PLAYERS) and set(page.totals().values()) == {"0"}
    assert "Pass 3 cards to the left." in page.html
    with app.app_context():
        table = db.session.scalars(select(TableSession)).one()
        assert table.config["game"] == "black-lady" and table.config["players"] == PLAYERS
        assert table.config["first_dealer"] == EVIL and table.config["stake"] == "0.05"
        assert table.config["options"] == {}  # the game's defaults are not repeated
    # Ann is left of the dealer: she leads.
    assert "Ann (left of the dealer) leads" in page.html


def test_changing_the_game_shows_its_options_and_keeps_the_players(client: FlaskClient) -> None:
    page = get(client, "/")
    response = submit(client, page, "start-form", {"players-0": "Ann", "players-1": "Bob", "game": "spot-hearts",
                                                     "action": "refresh"})
    page = Page(response)
    assert page.status == 200
    check_page(page)
    assert 'id="opt_ace_value"' in page.html and 'value="Ann"' in page.html
    assert '<option value="spot-differences" selected>' in page.html  # the profile's own settlement


def test_a_refused_table_shows_the_engine_sentence_and_the_form_as_typed(app: Flask, client: FlaskClient) -> None:
    page = get(client, "/?game=black-lady")
    response = submit(client, page, "start-form", {"players-0": "Ann", "players-1": EVIL, "players-2": "",
                                                     "players-3": "", "first_dealer": "Ann", "action": "start"})
    page = Page(response)
    assert page.status == 200
    check_page(page)
    assert page.refusal() == "Black Lady is for 3 to 7 players, not 2"
    assert 'value="Ann"' in page.html and 'value="&lt;script&gt;alert(1)&lt;/script&gt;"' in page.html
    assert counts(app) == (0, 0, 0)
    response = submit(client, get(client, "/?game=black-lady"), "start-form",
                      {"players-0": "Ann", "players-1": "Bob", "players-2": "Cat", "stake": "lots", "action": "start"})
    assert "stake must be an amount" in Page(response).refusal()
    assert counts(app) == (0, 0, 0)


def test_known_players_are_offered(client: FlaskClient) -> None:
    start_table(client)
    page = get(client, "/")
    assert '<datalist id="known-players">' in page.html and '<option value="Cat">' in page.html
    assert '<option value="&lt;script&gt;alert(1)&lt;/script&gt;">' in page.html


# --- recording hands by their result -----------------------------------------------------------------

def test_three_hands_by_result(app: Flask, client: FlaskClient) -> None:
    edit, read = start_table(client)
    for hearts, qs in (([3, 2, 0, 8], 0), ([0, 13, 0, 0], 2), ([4, 4, 4, 1], 3)):
        response = record_result(client, edit, hearts, qs)
        assert response.status_code == 302, Page(response).refusal()
    page = get(client, edit)
    assert page.totals() == {"Ann": "20", "Bob": "19", "Cat": "17", EVIL: "22"}
    assert counts(app) == (1, 3, 0)  # no version rows until a hand changes
    # The sheet: one row per hand, dealer marked, running totals; why each score, per number.
    assert all(f'id="hand-{n}"' in page.html for n in (1, 2, 3))
    # Why each score: the page fetches the settle output's notes when a number is tapped.
    assert '<button class="pts">16</button><small class="run">16</small>' in page.html
    notes = client.get(edit + "/notes").get_json()
    assert notes["hands"]["1"]["Ann"] == "Ann took 3 hearts and Q♠: 16; total 16"
    assert notes["hands"]["3"][EVIL] == f"{EVIL} took 1 heart and Q♠: 14; total 22"
    assert client.get(read + "/notes").get_json() == notes
    assert client.get(read.replace("/v/", "/s/") + "/notes").status_code == 403
    assert 'data-deal="4"' in page.html
    assert page.text("dealer") == "Cat"  # EVIL, Ann, Bob dealt: the deal goes round clockwise
    assert page.text("pass") == "Pass 3 cards to the left."
    assert _unescape(page.text("lead")).startswith(f"{EVIL} (left of the dealer) leads")
    read_page = get(client, read)
    assert read_page.totals() == page.totals()
    assert 'id="record-result"' not in read_page.html and 'id="edit-link"' not in read_page.html


def test_an_impossible_result_is_refused_with_the_engine_sentence(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_table(client)
    before = counts(app)
    response = record_result(client, edit, [3, 2, 0, 9], 1)
    page = Page(response)
    assert page.status == 200
    check_page(page)
    assert page.refusal() == "Impossible result: the hearts add up to 14, but a hand has 13."
    # The form exactly as typed.
    for i, h in enumerate([3, 2, 0, 9]):
        assert re.search(rf'id="hearts_{i}" name="hearts_{i}"\s+value="{h}"', page.html)
    assert re.search(r'id="take_QS-1" value="1"\s+data-card="QS" data-player="Bob" checked>', page.html)
    assert counts(app) == before
    # Nobody took QS: also the engine's sentence.
    page = get(client, edit + "/result")
    response = submit(client, page, "result-form", {"hearts_0": "13"})
    assert Page(response).refusal() == "Impossible result: Q♠ was taken by nobody."
    assert counts(app) == before


def test_the_same_form_sent_twice_is_stored_once(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_table(client)
    page = get(client, edit + "/result")
    fields = {"hearts_0": "13", "take_QS": "0", "moon_choice": "add"}
    first = submit(client, page, "result-form", fields)
    second = submit(client, page, "result-form", fields)
    assert first.status_code == second.status_code == 302
    assert counts(app)[1] == 1
    assert get(client, edit).totals() == {"Ann": "0", "Bob": "26", "Cat": "26", EVIL: "26"}


def test_a_moon_without_the_choice_asks_for_it(client: FlaskClient) -> None:
    edit, _ = start_table(client)
    response = record_result(client, edit, [0, 0, 13, 0], 2)
    assert "moon" in Page(response).refusal()
    response = record_result(client, edit, [0, 0, 13, 0], 2, {"moon_choice": "subtract"})
    assert response.status_code == 302
    assert get(client, edit).totals() == {"Ann": "0", "Bob": "0", "Cat": "-26", EVIL: "0"}


# --- corrections ------------------------------------------------------------------------------------------

def test_edit_and_strike_recompute_totals_and_keep_versions(app: Flask, client: FlaskClient) -> None:
    edit, read = start_table(client)
    record_result(client, edit, [3, 2, 0, 8], 0)
    record_result(client, edit, [1, 1, 1, 10], 3)
    assert get(client, edit).totals() == {"Ann": "17", "Bob": "3", "Cat": "1", EVIL: "31"}

    hand = get(client, edit + "/hand/1")
    assert re.search(r'id="hearts_0" name="hearts_0"\s+value="3"', hand.html)  # prefilled from its taken
    assert 'id="take_QS-0" value="0"\n             data-card="QS" data-player="Ann" checked>' in hand.html
    response = submit(client, hand, "result-form", {"hearts_0": "2", "hearts_1": "3"})
    assert response.status_code == 302
    assert get(client, edit).totals() == {"Ann": "16", "Bob": "4", "Cat": "1", EVIL: "31"}

    hand = get(client, edit + "/hand/1")
    history = re.search(r'id="history">(.*?)</ol>', hand.html, re.S)
    assert history and re.findall(r'data-version="(\d+)"', history.group(1)) == ["1", "2"]
    assert "recorded" in history.group(1) and "edited: Ann hearts 3 → 2; Bob hearts 2 → 3" in history.group(1)
    submit(client, get(client, edit + "/hand/2"), "result-form", {})  # an unchanged save is a version too

    strike = get(client, edit + "/hand/2")
    assert 'id="strike-2"' in strike.html
    response = submit(client, strike, "strike-form-2")
    assert response.status_code == 302
    page = get(client, edit)
    assert page.totals() == {"Ann": "15", "Bob": "3", "Cat": "0", EVIL: "8"}
    assert '<tr id="hand-2" data-hand="2" class="struck">' in page.html
    assert "<s>1</s>" in page.html  # the struck hand's numbers are crossed out
    restore = get(client, edit + "/hand/2")
    assert "Struck out" in restore.html and 'id="restore-2"' in restore.html
    submit(client, restore, "strike-form-2")
    assert get(client, edit).totals() == {"Ann": "16", "Bob": "4", "Cat": "1", EVIL: "31"}
    with app.app_context():
        row = db.session.scalars(select(Hand).where(Hand.position == 2)).one()
        assert [v.change for v in row.versions][0] == "recorded"
        assert [v.change for v in row.versions][-2:] == ["struck out", "restored"]
        first = db.session.scalars(select(Hand).where(Hand.position == 1)).one()
        assert [v.record["taken"]["Ann"]["hearts"] for v in first.versions] == [3, 2]
    # The read-only page shows the history too, without any form.
    page = get(client, read + "/hand/1")
    assert "Ann hearts 3 → 2" in _unescape(page.html) and "<form" not in page.html


def test_a_correction_the_engine_refuses_keeps_the_hand(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_table(client)
    record_result(client, edit, [3, 2, 0, 8], 0)
    hand = get(client, edit + "/hand/1")
    response = submit(client, hand, "result-form", {"hearts_0": "5"})
    page = Page(response)
    assert page.refusal() == "Impossible result: the hearts add up to 15, but a hand has 13."
    assert re.search(r'id="hearts_0" name="hearts_0"\s+value="5"', page.html)
    assert get(client, edit).totals()["Ann"] == "16"
    response = submit(client, get(client, edit + "/hand/1"), "json-form", {"record": "{not json"})
    assert "not JSON" in Page(response).refusal()
    assert counts(app) == (1, 1, 0)


# --- confirmation by a second phone --------------------------------------------------------------------------

def test_hands_wait_for_a_second_phone(app: Flask, client: FlaskClient) -> None:
    edit, read = start_table(client, changes={"confirm_required": "y"})
    record_result(client, edit, [3, 2, 0, 8], 0)
    page = get(client, edit)
    assert "waiting for confirmation" in page.html and 'id="confirm-1"' in page.html
    assert set(page.totals().values()) == {"0"}
    assert "waiting for confirmation" in get(client, read).html
    assert 'id="confirm-1"' not in get(client, read).html
    response = submit(client, page, "confirm-form-1")
    assert response.status_code == 302
    page = get(client, edit)
    assert page.totals()["Ann"] == "16" and 'id="confirm-1"' not in page.html


# --- keys, CSRF and escaping -------------------------------------------------------------------------------

def test_the_read_only_link_cannot_write(app: Flask, client: FlaskClient) -> None:
    edit, read = start_table(client)
    record_result(client, edit, [3, 2, 0, 8], 0)
    sid, key = read.split("/")[2:4]
    form_page = get(client, edit + "/result")
    _, data = form_page.form("result-form")
    data.update({"hearts_0": "13", "take_QS": "0", "moon_choice": "add"})
    before = counts(app)
    for url in (f"/s/{sid}/{key}/result", f"/s/{sid}/{key}/hand/1", f"/s/{sid}/{key}/hand/1/strike",
                f"/s/{sid}/{key}/hand/1/confirm", f"/s/{sid}/{key}/play"):
        assert client.post(url, data=data).status_code == 403, url
    assert client.post(f"/s/{sid}/{key}/next", json={"record": None, "action": None},
                       headers=csrf_header(form_page)).status_code == 403
    for url in (f"/s/{sid}/{key}", f"/s/{sid}/{key}/result", f"/s/{sid}/{key}/play", f"/s/{sid}/wrong"):
        page = get(client, url, 403)
    assert client.post(f"/v/{sid}/{key}/result", data=data).status_code in (404, 405)
    get(client, f"/v/{sid}/wrong", 403)
    get(client, f"/v/nosuch/{key}", 404)
    get(client, f"/s/nosuch/{key}", 404)
    get(client, edit + "/hand/9", 404)
    assert counts(app) == before
    assert "Not allowed" in page.html


def test_forms_need_their_csrf_token(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_table(client)
    page = get(client, edit + "/result")
    response = submit(client, page, "result-form", {"hearts_0": "13", "take_QS": "0", "moon_choice": "add"},
                      drop=("csrf_token",))
    assert response.status_code == 400
    assert counts(app)[1] == 0
    assert client.post(edit + "/next", json={"record": None, "action": None}).status_code == 400


def test_names_are_escaped_everywhere(client: FlaskClient) -> None:
    edit, read = start_table(client)
    record_result(client, edit, [3, 2, 0, 8], 3)
    for url in (edit, read, edit + "/live", read + "/live", edit + "/result", edit + "/play", edit + "/hand/1",
                read + "/hand/1", "/"):
        page = get(client, url)  # check_page: no raw <script>alert
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.html, url


def test_every_page_renders_small_and_self_contained(client: FlaskClient) -> None:
    edit, read = start_table(client, changes={"confirm_required": "y", "stake": "0.10"})
    record_result(client, edit, [3, 2, 0, 8], 0)
    for url in ("/", "/?game=spot-hearts", "/?game=complex-hearts", edit, read, edit + "/live", read + "/live",
                edit + "/result", edit + "/play", edit + "/hand/1", read + "/hand/1"):
        page = get(client, url)
        assert page.response.headers["Content-Security-Policy"].startswith("default-src 'self'")
    for asset in ("app.css", "app.js", "cards.js"):
        response = client.get(f"/static/{asset}")
        assert response.status_code == 200 and len(response.data) < PAGE_LIMIT
        assert set(URL.findall(response.get_data(as_text=True))) == set()
        response.close()


@pytest.mark.parametrize("game", sorted(app_games()))
def test_every_game_gets_a_result_form(client: FlaskClient, game: str) -> None:
    from scorekeeper.engine.hearts.games import make_ruleset
    from scorekeeper.engine.hearts.results import takes_card_points

    ruleset = make_ruleset(game, {})
    players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:max(ruleset.min_players, min(4, ruleset.max_players))]
    edit, _ = start_table(client, players=players, game=game)
    page = get(client, edit + "/result")
    assert (f'id="hearts_{len(players) - 1}"' in page.html) == ruleset.heart_unit and 'id="save-hand"' in page.html
    points = takes_card_points(ruleset)  # Conquimbert: card points per player, not who took each card
    for c in () if points else ruleset.specials:
        assert f'id="take_{c.code}-0"' in page.html
    assert ('id="points_0"' in page.html) == points
    assert ('id="spots_0"' in page.html) == ruleset.spots


def test_the_page_follows_other_phones(client: FlaskClient) -> None:
    edit, read = start_table(client)
    page = get(client, read)
    poll = re.search(r'data-poll="([^"]+)"', page.html)
    assert poll
    before = client.get(_unescape(poll.group(1))).get_json()["revision"]
    record_result(client, edit, [3, 2, 0, 8], 0)
    assert client.get(_unescape(poll.group(1))).get_json()["revision"] == before + 1
    live = get(client, read + "/live")
    assert live.html.lstrip().startswith('<section id="live"') and 'id="hand-1"' in live.html


# --- card by card -----------------------------------------------------------------------------------------

def test_a_misdeal_from_the_session_page_keeps_the_dealer(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_table(client, players=["Ann", "Bob", "Cat", "Dan"])  # Dan deals first
    page = get(client, edit)
    assert 'id="misdeal-form"' in page.html and "Dan deals again" in page.html
    refused = submit(client, page, "misdeal-form")  # no reason chosen
    assert refused.status_code == 302 and counts(app)[1] == 0
    assert "Choose what happened" in get(client, edit).html
    response = submit(client, page, "misdeal-form", {"reason": "face-up-in-pack"})
    assert response.status_code == 302
    assert submit(client, page, "misdeal-form", {"reason": "face-up-in-pack"}).status_code == 302  # sent twice
    assert counts(app)[1] == 1
    sheet = get(client, edit)
    row = re.search(r'<tr id="hand-1".*?</tr>', sheet.html, re.S)
    assert set(sheet.totals().values()) == {"0"} and row and "misdeal" in row.group(0)
    assert "Dan deals again" in sheet.html  # the same dealer, the pass direction unchanged
    hand = get(client, edit + "/hand/1")
    assert "Recorded as a misdeal (face-up-in-pack)" in hand.html
    record_result(client, edit, [3, 2, 0, 8], 0)
    assert get(client, edit).totals()["Ann"] == "16"


# --- settlements, warnings, corrections as JSON --------------------------------------------------------------

def test_a_jack_and_the_cut_for_odd_chips(client: FlaskClient) -> None:
    players = ["Ann", "Bob", "Cat", "Dan"]
    edit, _ = start_table(client, players=players, game="hearts", profile="002")  # its own settlement: sweepstakes
    page = get(client, edit + "/result")
    assert 'id="take_QS-0"' not in page.html and 'id="cut"' in page.html  # plain hearts: no special card
    response = submit(client, page, "result-form", {"hearts_0": "3", "hearts_1": "3", "hearts_2": "3", "hearts_3": "4"})
    assert response.status_code == 302
    sheet = get(client, edit)
    assert re.search(r'In the pool: <strong>13</strong> chips \(a jack, carried to the next hand\)', sheet.html)
    assert {p: v for p, v in re.findall(r'<td class="chips" data-player="([^"]*)">([^<]*)</td>', sheet.html)} == {
        "Ann": "-3", "Bob": "-3", "Cat": "-3", "Dan": "-4"}

    edit, _ = start_table(client, players=players, game="hearts",
                          changes={"settlement": "lowest-collects-difference"})
    page = get(client, edit + "/result")
    response = submit(client, page, "result-form", {"hearts_0": "0", "hearts_1": "0", "hearts_2": "6", "hearts_3": "7"})
    refused = Page(response)
    assert "Ann and Bob divide the hand's winnings and 1 odd chip is cut for" in refused.refusal()
    response = submit(client, refused, "result-form", {"cut": "1"})
    assert response.status_code == 302
    assert "Bob receives" not in get(client, edit).html  # the notes are behind the numbers
    with client.application.app_context():
        hand = db.session.scalars(select(Hand).order_by(Hand.id.desc())).first()
        assert hand is not None and hand.record["events"] == [{"type": "cut", "player": "Bob"}]


def test_a_game_with_a_warning_shows_it(client: FlaskClient) -> None:
    page = get(client, "/?game=rickety-kate")
    assert 'id="game-warning"' in page.html
    edit, read = start_table(client, game="rickety-kate")
    for html in (page.html, get(client, edit).html, get(client, read).html):  # in the players' words
        assert "does not list them: it plays as Black Lady" in html and "AMB-26" not in html


def test_complex_scores_read_as_gaussian_integers(client: FlaskClient) -> None:
    from scorekeeper.web.tables.blueprint import format_points

    assert [format_points(v) for v in (16, {"re": 3, "im": 13}, {"re": 0, "im": -13}, {"re": -10, "im": 0})] == [
        "16", "3+13i", "-13i", "-10"]
    edit, _ = start_table(client, players=["Ann", "Bob", "Cat", "Dan"], game="complex-hearts")
    page = get(client, edit + "/result")
    response = submit(client, page, "result-form", {"hearts_0": "3", "hearts_1": "10", "take_QS": "0",
                                                      "take_JD": "1", "take_TC": "2"})
    assert response.status_code == 302, Page(response).refusal()
    assert get(client, edit).totals()["Ann"] == "3+13i"


def test_a_card_record_corrected_as_json(app: Flask, client: FlaskClient) -> None:
    example = json.loads((ROOT / "examples" / "black-lady-hand.json").read_text())
    edit, _ = start_table(client, players=["Ann", "Bob", "Cat", "Dan"], changes={"opt_first_lead": "two-of-clubs"})
    saved = submit(client, get(client, edit + "/play"), "play-form",
                   {"record": json.dumps({"leader": "Bob", "play": example["play"]})})
    assert saved.status_code == 302, Page(saved).refusal()
    hand = get(client, edit + "/hand/1")
    _, data = hand.form("json-form")
    record = json.loads(data["record"])
    assert record["play"] == example["play"]
    record["play"][-1], record["play"][-2] = record["play"][-2], record["play"][-1]  # swap the last trick's cards
    response = submit(client, hand, "json-form", {"record": json.dumps(record)})
    refused = Page(response)
    assert refused.status == 200
    assert refused.refusal().startswith("Bob played 10♣ on a spade lead while holding Q♠")  # the engine's sentence
    assert re.search(r'<textarea id="record"[^>]*>[^<]*KC', refused.html)  # kept as typed
    record = {"taken": {"Ann": {"hearts": 13, "QS": 1}, "Bob": {"hearts": 0}, "Cat": {"hearts": 0},
                        "Dan": {"hearts": 0}}, "moon_choice": "subtract"}
    response = submit(client, get(client, edit + "/hand/1"), "json-form", {"record": json.dumps(record)})
    assert response.status_code == 302
    assert get(client, edit).totals() == {"Ann": "-26", "Bob": "0", "Cat": "0", "Dan": "0"}
    page = get(client, edit + "/hand/1")
    assert "corrected as JSON: replaced by a result" in page.html and "Recorded by its result" in page.html
    with app.app_context():
        row = db.session.scalars(select(Hand)).one()
        assert len(row.versions) == 2 and row.record["id"] == row.versions[0].record["id"]


# --- the audit of a disputed hand ------------------------------------------------------------------------


def test_audit_a_hand_recorded_by_result_from_the_tricks_remembered(app: Flask, client: FlaskClient) -> None:
    edit, read = start_table(client, players=["Ann", "Bob", "Cat", "Dan"], game="hearts")
    record_result(client, edit, [3, 2, 0, 8], 0)
    hand = get(client, edit + "/hand/1")
    assert 'id="audit"' in hand.html
    page = get(client, edit + "/hand/1/audit")
    assert 'id="audit-form"' in page.html and 'id="verdict"' not in page.html  # nothing to step through yet
    audited = Page(submit(client, page, "audit-form", {"record": REMEMBERED}))
    assert audited.status == 200
    check_page(audited)
    assert "Step 7, trick 2: Ann played 2♥ on a spade lead while holding" in audited.html
    assert "proven by K♠, which Ann played later, play 10" in audited.html
    assert "Rule: a player must follow suit when he can" in audited.html and "<code>revoke</code>" not in audited.html
    assert 'id="established"' in audited.html and "Ann 30, Bob 0, Cat 0, Dan 0" in audited.html
    assert re.search(r'id="frame-7" data-frame="7">', audited.html)  # the refused step is shown first
    assert 'class="frame refused" id="frame-7"' in audited.html
    # Step to the first card and back: the record travels with the form.
    step = Page(submit(client, audited, "step-form", {"step": "1"}))
    assert re.search(r'id="frame-1" data-frame="1">', step.html) and "Step 1: Ann played 2♣" in step.html
    # What if Ann had followed with JS? Tap her card, then JS: without the deal, every card after it is
    # possible (she wins trick 2 and the recorded 8S becomes her lead).
    tapped = Page(submit(client, audited, "step-form", {"change": "7"}))
    assert 'id="whatif-choices"' in tapped.html and 'value="&#34;JS&#34;"' in tapped.html
    assert 'value="&#34;2C&#34;"' not in tapped.html  # played before: not offered
    whatif = Page(submit(client, tapped, "whatif-form", {"whatif_value": '"JS"'}))
    result = whatif.text("whatif-result")
    assert re.sub(r"\s+", " ", result) == "With J♠ instead of 2♥ at step 7: every action is legal as far as recorded."
    bad = Page(submit(client, tapped, "whatif-form", {"whatif_value": '"ZZ"'}))
    assert bad.status == 200 and bad.text("whatif-refusal")
    # The read-only link audits too, but cannot apply anything.
    ro = get(client, read + "/hand/1/audit")
    assert 'id="apply-form"' not in ro.html
    # Apply the revoke rule: the hand becomes these tricks with Ann's revoke established, kept in the history.
    before = counts(app)
    response = submit(client, audited, "apply-form")
    assert response.status_code == 302 and response.headers["Location"].endswith("/hand/1")
    with app.app_context():
        row = db.session.scalars(select(Hand)).one()
        assert row.record["events"] == [{"type": "revoke", "player": "Ann", "trick": 2}]
        assert len(row.record["play"]) == 12 and "taken" not in row.record
    assert counts(app) == (before[0], before[1], before[2] + 2)  # the first change writes version 1 too
    sheet = get(client, edit)
    assert sheet.totals() == {"Ann": "30", "Bob": "0", "Cat": "0", "Dan": "0"}
    history = get(client, edit + "/hand/1").html
    assert "audit: Ann&#39;s revoke in trick 2 established (revoke-003-points); decided by the table" in history
    # The stored hand now audits with the revoke established, marked where it happened (not as legal), and the
    # audit's correction can be undone.
    again = get(client, edit + "/hand/1/audit")
    assert 'id="stood"' in again.html and 'id="legal"' not in again.html and 'id="undo-form"' in again.html
    assert "A revoke stood: step 7, trick 2" in again.html
    response = submit(client, again, "undo-form")
    assert response.status_code == 302
    assert get(client, edit).totals() == {"Ann": "3", "Bob": "2", "Cat": "0", "Dan": "8"}
    history = get(client, edit + "/hand/1").html
    assert "audit undone: back to version 1" in history
    with app.app_context():
        row = db.session.scalars(select(Hand)).one()
        assert "taken" in row.record and len(row.versions) == 3
    assert 'id="undo-form"' not in get(client, edit + "/hand/1/audit").html


def test_audit_refuses_unreadable_tricks_and_keeps_them(client: FlaskClient) -> None:
    edit, _ = start_table(client, players=["Ann", "Bob", "Cat", "Dan"], game="hearts")
    record_result(client, edit, [3, 2, 0, 8], 0)
    page = get(client, edit + "/hand/1/audit")
    refused = Page(submit(client, page, "audit-form", {"record": "1. 2C 6C XX 4S"}))
    assert refused.status == 200 and refused.text("audit-refusal")
    assert "1. 2C 6C XX 4S" in refused.html
    applied = submit(client, page, "apply-form" if 'id="apply-form"' in page.html else "audit-form",
                     {"record": "1. 2C 6C AC 4S"})
    assert applied.status_code == 200  # a legal part of a hand: nothing to apply, nothing stored


def test_audit_of_a_card_by_card_hand_steps_through_it(app: Flask, client: FlaskClient) -> None:
    example = json.loads((ROOT / "examples" / "black-lady-hand.json").read_text())
    edit, _ = start_table(client, players=["Ann", "Bob", "Cat", "Dan"], changes={"opt_first_lead": "two-of-clubs"})
    page = get(client, edit + "/play")
    response = submit(client, page, "play-form", {"record": json.dumps({"leader": "Bob", "play": example["play"]})})
    assert response.status_code == 302
    audit_page = get(client, edit + "/hand/1/audit")
    assert 'id="legal"' in audit_page.html and "Every action is legal" in audit_page.html
    assert "The deal" in audit_page.html and 'data-last="53"' in audit_page.html  # who holds 2C, then 52 cards
    first = get(client, edit + "/hand/1/audit?step=1")
    assert "Step 1: Bob holds 2♣ and leads" in first.html and 'id="step-slider"' in first.html
    assert "Step 2: Bob played 2♣" in get(client, edit + "/hand/1/audit?step=2").html
    last = get(client, edit + "/hand/1/audit?step=53")
    assert re.search(r'id="frame-53" data-frame="53">', last.html) and 'id="next-step"' in last.html
    assert "Step 53: Cat played Q♠" in last.html and "Dan led, Dan won" in last.html


def test_a_table_of_a_game_the_result_form_cannot_say_is_sent_elsewhere(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    created = client.post("/api/sessions", json={"game": "polignac", "players": ["Ann", "Bob", "Cat", "Dan"],
                                                 "first_dealer": "Dan"})
    assert created.status_code == 201, created.get_json()
    ids = created.get_json()
    assert Page(client.get(f"/s/{ids['id']}/{ids['token']}/result")).status == 200  # the form says Polignac now
    from scorekeeper.web import forms  # a game the form cannot say yet (Conquimbert) is sent elsewhere
    monkeypatch.setattr(forms, "result_form_covers", lambda ruleset: False)
    page = Page(client.get(f"/s/{ids['id']}/{ids['token']}/result"))
    assert page.status == 409 and "card by card, or as JSON records" in page.html
