"""Tripoli, Rummoli and Cosmo in the app and on paper: the start form, deals by their quick result
through the real forms (catalogue 5.9's worked examples as the numbers), refusals, corrections,
the read-only page, the JSON API, and the blank and filled sheets.

Every number a page shows is checked against the engine's own settlement of the same records
(``engine.tripoli.settle_json``) or against the catalogue's figures, never against a copy of a rule.
"""

from __future__ import annotations

import copy
import json
import re
import shutil

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine import tripoli
from scorekeeper.engine.errors import ScorekeeperError
from tests.support.pages import (  # noqa: F401  (app, client: the SQLite fixtures of the page tests)
    EVIL, ROOT, Page, _unescape, api_session_whose_last_hand_is_refused_then_added, app, check_page, client, counts, get,
    submit,
)
from tests.support.tripoliweb import DEAL_1, DEAL_2, FINAL, PLAYERS, record, start_tripoli, stored_session

D = EVIL
SPACES = ("AH", "KH", "QH", "JH", "TH", "KQ", "SEQ", "KITTY", "POT")


LAYOUT_1 = {"JH": 4, "SEQ": 4}
LAYOUT_2 = {"AH": 4, "KQ": 4, "SEQ": 2, "KITTY": 12, "POT": 1}


def layout_of(page: Page, grid: str = "layout") -> dict[str, int]:
    """The chips on each space of a layout grid on the page (spaces holding nothing left out)."""
    block = re.search(rf'id="{grid}">(.*?)\n</div>', page.html, re.S)
    assert block, grid
    cell = r'data-space="(\w+)"><span class="label">[^<]*</span><strong>(\d+)</strong>'
    found = {s: int(n) for s, n in re.findall(cell, block.group(1))}
    return {s: n for s, n in found.items() if n}


def chips(page: Page) -> dict[str, int]:
    return {name: int(v) for name, v in page.totals().items()}


# --- the start page ------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["tripoli", "rummoli", "cosmo"])
def test_the_start_page_offers_the_tripoli_games_with_their_options(client: FlaskClient, game: str) -> None:
    page = get(client, "/")
    assert f'<option value="{game}"' in page.html
    page = get(client, f"/?game={game}")
    for spec in tripoli.OPTION_SPECS:
        assert f'<select id="opt_{spec.name}"' in page.html
    defaults = tripoli.make_rules(game).options()
    pay = re.search(r'<select id="opt_pay_cards".*?</select>', page.html, re.S)
    assert pay and re.search(f'<option value="{defaults["pay_cards"]}"[^>]* selected>', pay.group(0))  # the preset
    assert '<option value="tripoli-layout" selected>' in page.html and 'id="stake"' not in page.html
    assert 'id="setopt_final_pots"' in page.html and 'id="setopt_final_tie"' in page.html


def test_changing_the_game_to_rummoli_shows_its_options(client: FlaskClient) -> None:
    page = get(client, "/")
    response = submit(client, page, "start-form", {"players-0": "Ann", "players-1": "Bob", "game": "rummoli",
                                                     "action": "refresh"})
    page = Page(response)
    assert page.status == 200
    check_page(page)
    assert 'value="Ann"' in page.html and '<option value="tripoli-layout" selected>' in page.html
    pay = re.search(r'<select id="opt_pay_cards".*?</select>', page.html, re.S)
    assert pay and re.search('<option value="in-play"[^>]* selected>', pay.group(0))
    back = Page(submit(client, page, "start-form", {"game": "black-lady", "action": "refresh"}))
    assert '<option value="cumulative" selected>' in back.html and 'id="opt_moon"' in back.html


def test_a_table_the_engine_refuses_is_not_stored(app: Flask, client: FlaskClient) -> None:
    page = get(client, "/?game=tripoli")
    fields = {f"players-{i}": f"P{i}" for i in range(10)}
    response = submit(client, page, "start-form", {**fields, "action": "start"})
    assert Page(response).refusal() == "Tripoli is for 2 to 9 players, not 10"
    response = submit(client, get(client, "/?game=cosmo"), "start-form",
                      {"players-0": "Ann", "players-1": "Bob", "opt_michigan_leader": "poker-winner",
                       "action": "start"})
    assert Page(response).refusal() == "cosmo has no poker stage: michigan_leader must be 'eldest' or 'dealer'"
    assert counts(app) == (0, 0, 0)


# --- the catalogue's evening through the real forms ----------------------------------------------------

def test_the_catalogue_evening_deal_by_deal(app: Flask, client: FlaskClient) -> None:
    edit, read = start_tripoli(client, changes={"opt_bet_limit": "10"})
    page = get(client, edit)
    assert _unescape(page.text("dealer")) == D and "Everyone antes 1 chip on each of the 9 spaces" in page.html
    assert "5 hands are dealt (11, 11, 10, 10, 10 cards)" in page.html  # the engine's hand sizes (5.2)
    assert layout_of(page) == {} and chips(page) == dict.fromkeys(PLAYERS, 0)

    response = record(client, edit, DEAL_1)
    assert response.status_code == 302, Page(response).refusal()
    page = get(client, edit)
    assert layout_of(page) == LAYOUT_1  # JH (dead) and SEQ (nobody) carry their antes
    assert chips(page) == {"A": 3, "B": 1, "C": -2, D: -10}
    assert page.text("dealer") == "A" and page.text("pot") == "0"

    response = record(client, edit, DEAL_2)
    assert response.status_code == 302, Page(response).refusal()
    page = get(client, edit)
    assert layout_of(page) == LAYOUT_2
    assert chips(page) == {"A": -4, "B": -6, "C": 0, D: -13}  # catalogue: running totals after two deals
    assert re.search(r'On the layout: <strong>23</strong> chips; in the pot: <strong id="pot">1</strong>', page.html)
    assert 'id="record-final"' in page.html

    # Why each number: the settlement's notes, per deal and player.
    notes = client.get(edit + "/notes").get_json()
    assert notes["hands"]["1"]["A"] == "A: antes -9, pay cards +4, bets -5, pot +16, cards left -3; net +3"
    assert notes["hands"]["2"][D].endswith("net -3")
    assert client.get(read + "/notes").get_json() == notes

    final = get(client, edit + "/result?final=1")
    assert "everything on the layout (23 chips)" in final.html
    response = submit(client, final, "deal-form", FINAL)
    assert response.status_code == 302, Page(response).refusal()
    page = get(client, edit)
    assert chips(page) == {"A": -4, "B": -8, "C": 0, D: 12}  # catalogue: final
    assert layout_of(page) == {} and "Game over" in page.html and _unescape(page.text("winners")) == D
    assert 'id="record-result"' not in page.html
    # The same records settle identically in the engine, outside the app.
    assert tripoli.settle_json(stored_session(client, edit))["balance"] == {"A": -4, "B": -8, "C": 0, D: 12}

    # A deal's page: why, the steps in the engine's words, the layout it left.
    hand = get(client, edit + "/hand/2")
    assert layout_of(hand, "layout-after") == LAYOUT_2
    assert "C &amp; " in hand.html and "blocked" in hand.text("step-michigan")
    read_page = get(client, read)
    assert chips(read_page) == chips(page) and "<form" not in read_page.html
    assert "<form" not in get(client, read + "/hand/1").html


def test_an_impossible_quick_result_is_refused_and_kept_as_typed(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_tripoli(client)
    record(client, edit, DEAL_1)
    before = counts(app)
    wrong = {**DEAL_2, "left_0": "14"}
    response = record(client, edit, wrong)
    page = Page(response)
    assert page.status == 200
    check_page(page)
    assert page.refusal() == _engine_refusal(client, edit, wrong)
    assert page.refusal() == "A has 14 cards left, but with 4 players no hand has more than 11"
    assert re.search(r'id="left_0" name="left_0" value="14"', page.html)  # the form as typed
    assert re.search(r'id="claim_JH-2" value="2" checked>', page.html)
    assert counts(app) == before
    # A winner who put in less than the highest bet; and K and Q without K-Q: the engine's sentences.
    for wrong in ({**DEAL_2, "bet_3": "1"}, {**DEAL_2, "claim_KH": "1", "claim_QH": "1"}):
        refusal = Page(record(client, edit, wrong)).refusal()
        assert refusal and refusal == _engine_refusal(client, edit, wrong)
    assert counts(app) == before


def _engine_refusal(client: FlaskClient, edit: str, fields: dict[str, str]) -> str:
    """What the engine itself says about the session with this deal added (shaped as the form does)."""
    from scorekeeper.web.families.tripoli import forms as tripoli_forms

    session = stored_session(client, edit)
    with client.application.test_request_context(method="POST", data={**fields, "csrf_token": "x"}):
        from flask import request

        form = tripoli_forms.deal_form(tripoli.make_rules("tripoli"), PLAYERS, formdata=request.form)
        hand = tripoli_forms.deal_record(form)
    try:
        tripoli.settle_json({**session, "hands": [*session["hands"], hand]})
    except ScorekeeperError as exc:
        return exc.message
    raise AssertionError("the engine settles it")


def test_a_correction_and_a_strike_recompute_the_layout(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_tripoli(client)
    record(client, edit, DEAL_1)
    record(client, edit, DEAL_2)
    hand = get(client, edit + "/hand/1")
    assert re.search(r'id="spare-auction" value="auction" checked>', hand.html)  # prefilled from the engine's replay
    assert re.search(r'id="bet_0" name="bet_0" value="5"', hand.html)
    # C, not the dead hand, held JH in deal 1: the layout after both deals changes.
    response = submit(client, hand, "deal-form", {"claim_JH": "2"})
    assert response.status_code == 302, Page(response).refusal()
    page = get(client, edit)
    settled = tripoli.settle_json(stored_session(client, edit))
    assert layout_of(page) == {k: v for k, v in settled["layout"].items() if v}
    assert layout_of(page)["SEQ"] == 2 and "JH" not in layout_of(page)
    assert chips(page) == settled["balance"] and chips(page)["C"] == 0 + 4 - 4  # +4 in deal 1, 4 less in deal 2
    history = get(client, edit + "/hand/1").html
    assert "claims JH — → C" in _unescape(history)

    strike = get(client, edit + "/hand/1")
    assert submit(client, strike, "strike-form-1").status_code == 302
    page = get(client, edit)
    assert '<tr id="hand-1" data-hand="1" class="struck">' in page.html
    settled = tripoli.settle_json({**stored_session(client, edit)})  # deal 2 alone, now dealt by D
    assert settled["hands"][0]["dealer"] == D and len(settled["hands"]) == 1
    assert layout_of(page) == {k: v for k, v in settled["layout"].items() if v}
    assert chips(page) == settled["balance"]
    submit(client, get(client, edit + "/hand/1"), "strike-form-1")  # restored
    assert chips(get(client, edit)) == tripoli.settle_json(stored_session(client, edit))["balance"]

    # A correction the engine refuses keeps the deal, and the form as typed.
    before = counts(app)
    page = Page(submit(client, get(client, edit + "/hand/2"), "deal-form", {"left_1": "0"}))
    assert page.refusal() == "B has no cards left, so he went out; but the record says the play was blocked"
    assert counts(app) == before


def test_a_whole_deal_entered_as_json(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_tripoli(client, players=["A", "B", "C", "D"])
    record(client, edit, DEAL_1)
    whole = json.loads((ROOT / "examples" / "tripoli-deal.json").read_text())  # deal 1 with every card
    for key in ("game", "players"):
        whole.pop(key)
    hand = get(client, edit + "/hand/1")
    wrong = copy.deepcopy(whole)
    wrong["michigan"]["play"][1] = ["C", "5S"]  # B holds 5S
    refused = Page(submit(client, hand, "json-form", {"record": json.dumps(wrong)}))
    assert refused.status == 200 and "5\u2660" in refused.refusal()
    assert re.search(r'<textarea id="record"[^>]*>[^<]*&#34;C&#34;, &#34;5S&#34;', refused.html)  # kept as typed
    response = submit(client, hand, "json-form", {"record": json.dumps(whole)})
    assert response.status_code == 302, Page(response).refusal()
    page = get(client, edit)
    assert chips(page) == {"A": 3, "B": 1, "C": -2, "D": -10} and layout_of(page) == LAYOUT_1
    hand = get(client, edit + "/hand/1")
    assert "Recorded with every card." in hand.html and "replaced by the whole deal" in hand.html
    assert re.search(r'id="bet_1" name="bet_1" value="5"', hand.html)  # the quick result the cards give
    assert client.get(edit + "/play").status_code == 200  # the card page of every game (tests/web/test_card_page.py)
    audit = get(client, edit + "/hand/1/audit")  # the audit steps through every game's hand
    assert 'id="legal"' in audit.html and 'id="steps"' in audit.html
    assert client.get(edit + "/hand/1/audit.pdf").mimetype == "application/pdf"


def test_waiting_deals_keep_their_place_in_the_rotation(app: Flask, client: FlaskClient) -> None:
    edit, read = start_tripoli(client, changes={"confirm_required": "y"})
    record(client, edit, DEAL_1)
    page = get(client, edit)
    assert "waiting for confirmation" in page.html and chips(page) == dict.fromkeys(PLAYERS, 0)
    assert page.text("dealer") == "A"  # deal 1 was dealt: A deals deal 2
    record(client, edit, DEAL_2)
    assert submit(client, get(client, edit), "confirm-form-2").status_code == 302
    session = stored_session(client, edit)
    assert session["hands"][0]["counts"] is False and "counts" not in session["hands"][1]
    sid, key = read.split("/")[2:4]
    settled = client.get(f"/api/sessions/{sid}", query_string={"key": key}).get_json()
    assert [h["dealer"] for h in settled["hands"]] == ["A"]  # deal 2 only, dealt by A: deal 1 keeps its place
    alone = tripoli.settle_json({**session, "first_dealer": "A", "hands": [session["hands"][1]]})
    assert chips(get(client, edit)) == alone["balance"] == settled["balance"]
    assert submit(client, get(client, edit), "confirm-form-1").status_code == 302
    page = get(client, edit)
    assert chips(page) == {"A": -4, "B": -6, "C": 0, D: -13} and layout_of(page) == LAYOUT_2


def test_nine_players_with_long_names_stay_small(client: FlaskClient) -> None:
    players = [f"{EVIL}{i}-long-name" for i in range(9)]  # 36 characters: the longest fit 40
    edit, read = start_tripoli(client, players=players)
    fields = {"end": "0", **{f"left_{i}": "3" for i in range(1, 9)}, "bet_0": "1", "win_0": "y", "claim_AH": "4",
              "seq_2": "y", "seq_3": "y", "spare_action": "auction", "spare_buyer": "5", "spare_price": "2"}
    response = record(client, edit, fields)
    assert response.status_code == 302, Page(response).refusal()
    record(client, edit, {**fields, "end": "block", "left_0": "2"})
    response = record(client, edit, {"bet_0": "1", "win_0": "y"}, final=True)
    assert response.status_code == 302, Page(response).refusal()
    for url in (edit, read, edit + "/live", read + "/live", edit + "/result", edit + "/result?final=1",
                edit + "/hand/1", edit + "/hand/3", read + "/hand/2"):
        page = get(client, url)  # check_page: under 30 KB, nothing from elsewhere, every name escaped
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.html, url
    final = get(client, edit + "/hand/3")
    assert re.search(r'id="bet_0" name="bet_0" value="1"', final.html) and 'id="win_0" name="win_0" value="y" checked' in final.html


def test_cosmo_and_its_board(client: FlaskClient) -> None:
    players = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    edit, _ = start_tripoli(client, game="cosmo", players=players)
    form = get(client, edit + "/result")
    assert 'id="board_suit"' in form.html and 'id="poker"' not in form.html and 'data-space="POT"' not in form.html
    fields = {"board_suit": "S", "board_sequence": "J-Q-K", "claim_AH": "0", "claim_KH": "0", "end": "0",
              "left_1": "2", "left_2": "4", "left_3": "1", "left_4": "1"}
    response = submit(client, form, "deal-form", fields)
    assert response.status_code == 302, Page(response).refusal()
    page = get(client, edit)
    example = json.loads((ROOT / "examples" / "tripoli-cosmo.json").read_text())  # the same deal with every card
    expected = tripoli.replay_json(example)
    assert chips(page) == expected["payments"]
    assert layout_of(page) == {k: v for k, v in expected["layout"].items() if v}


# --- the JSON API ----------------------------------------------------------------------------------------

def test_the_api_creates_a_tripoli_session_and_adds_deals(app: Flask, client: FlaskClient) -> None:
    session = json.loads((ROOT / "examples" / "tripoli-session.json").read_text())
    created = client.post("/api/sessions", json={**session, "hands": session["hands"][:-1]}).get_json()
    settled = client.get(f"/api/sessions/{created['id']}", query_string={"key": created["read_key"]}).get_json()
    assert settled["layout"] == {**dict.fromkeys(SPACES, 0), **LAYOUT_2} and settled["totals"]["D"] == -13
    illegal = {"poker": {"betting": [["B", "check"], ["D", "bet", 2]], "winners": ["D"]}, "final": True}
    error, settled, export = api_session_whose_last_hand_is_refused_then_added(app, client, session, illegal)
    assert error["code"] == "bet-out-of-turn" and error["hand"] == 3 and "C's turn" in error["message"]
    assert settled["finished"] is True and settled["balance"] == {"A": -4, "B": -8, "C": 0, "D": 12}
    assert tripoli.settle_json(export) == settled
    refused = client.post("/api/sessions", json={**session, "hands": [{"claims": {"KQ": "A"}}]})
    assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "claim"
    assert client.post("/api/sessions", json={**session, "colour": "red"}).status_code == 400


# --- printed sheets -----------------------------------------------------------------------------------

needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                   reason="poppler-utils (pdftotext) is not installed")


@needs_poppler
def test_the_blank_and_the_filled_tripoli_sheet(client: FlaskClient) -> None:
    from tests.support.paper import assert_paper, pdf_text

    listing = client.get("/sheets/").get_data(as_text=True)
    assert 'id="game-tripoli"' in listing
    assert 'href="/sheets/blank.pdf?game=cosmo&amp;players=9&amp;paper=a4"' in listing
    blank = client.get("/sheets/blank.pdf", query_string={"game": "tripoli", "players": "4"})
    assert blank.status_code == 200
    assert_paper(blank.data, "a4", landscape=True)
    text = pdf_text(blank.data)
    for word in ("Tripoli", "blank score sheet", "A\u2665", "K\u2665Q\u2665", "8-9-10", "Kitty", "Pot", "Chips",
                 "Signatures"):
        assert word in text, word
    assert client.get("/sheets/blank.pdf", query_string={"game": "tripoli", "players": "10"}).status_code == 422

    edit, _ = start_tripoli(client)
    for fields in (DEAL_1, DEAL_2):
        record(client, edit, fields)
    sid = edit.split("/")[2]
    key = re.search(r'id="sheet-pdf" href="[^"]*key=([^"]+)"', get(client, edit).html)
    assert key
    pdf = client.get(f"/sessions/{sid}/sheet.pdf", query_string={"key": key.group(1)})
    assert pdf.status_code == 200
    text = pdf_text(pdf.data)
    assert EVIL in text and "Tripoli" in text and "On the layout after the deal" in text
    row = next(line.split() for line in text.splitlines() if line.strip().startswith("2 "))
    # deal 2: A dealt; per player the deal's chips and the running chips; then AH .. POT and the layout's total
    assert row == ["2", "A", "\u22127", "\u22124", "\u22127", "\u22126", "+2", "0", "\u22123", "\u221213",
                   "4", "\u00b7", "\u00b7", "\u00b7", "\u00b7", "4", "2", "12", "1", "23"]
    assert re.search(r"Chips\s+\u22124\s+\u22126\s+0\s+\u221213", text)
    assert "Left on the layout for the next deal or the final poker" in text


def test_cosmo_final_poker_asks_for_the_cut_and_ends_the_game(client: FlaskClient) -> None:
    # AMB-50: Cosmo has no POT space, so a split's odd chip is cut for whatever the table chose for ties.
    players = ["Ann", "Bob", "Cat"]
    edit, _ = start_tripoli(client, game="cosmo", players=players)
    block = {"board_suit": "H", "board_sequence": "8-9-10", "end": "block", "left_0": "1", "left_1": "1", "left_2": "1"}
    response = record(client, edit, block)
    assert response.status_code == 302, Page(response).refusal()
    final = get(client, edit + "/result?final=1")
    assert 'id="cut"' in final.html
    split = {"bet_0": "1", "bet_1": "1", "win_0": "y", "win_1": "y"}
    refused = Page(submit(client, final, "deal-form", split))
    assert refused.refusal() == "Ann and Bob split the final pot and 1 odd chip is cut for: record who won the cut (cut)"
    response = submit(client, get(client, edit + "/result?final=1"), "deal-form", {**split, "cut": "1"})
    assert response.status_code == 302, Page(response).refusal()
    page = get(client, edit)
    assert chips(page) == {"Ann": -9 + 13, "Bob": -9 + 14, "Cat": -9}
    assert 'id="record-final"' not in page.html and 'id="record-result"' not in page.html  # the game is over
    settled = tripoli.settle_json(stored_session(client, edit))
    assert settled["finished"] is True and settled["winners"] == ["Bob"]


def test_a_misdeal_keeps_the_antes_and_the_dealer(app: Flask, client: FlaskClient) -> None:
    # 4.2, AMB-49: D misdeals; the antes stay on the layout, D deals again, and the redeal puts up no antes.
    edit, read = start_tripoli(client)
    page = get(client, edit)
    assert 'id="misdeal-form"' in page.html and f"{EVIL.replace('<', '&lt;').replace('>', '&gt;')} deals again" in page.html
    assert 'id="misdeal-form"' not in get(client, read).html
    response = submit(client, page, "misdeal-form", {"reason": "exposed-other"})
    assert response.status_code == 302
    page = get(client, edit)
    assert chips(page) == dict.fromkeys(PLAYERS, -9) and layout_of(page) == dict.fromkeys(SPACES, 4)
    assert _unescape(page.text("dealer")) == D and "The antes are on the layout already (a misdeal)" in page.html
    response = record(client, edit, DEAL_1)  # deal 1 of 5.9 dealt again: no antes this time
    assert response.status_code == 302, Page(response).refusal()
    page = get(client, edit)
    assert chips(page) == {"A": 3, "B": 1, "C": -2, D: -10}  # the same chips in all as 5.9's deal 1
    assert layout_of(page) == LAYOUT_1 and page.text("dealer") == "A"
    assert "Everyone antes 1 chip on each of the 9 spaces" in page.html
    settled = tripoli.settle_json(stored_session(client, edit))
    assert [h["dealer"] for h in settled["hands"]] == [D, D] and settled["hands"][0]["void"] == "exposed-other"
    assert settled["balance"] == chips(page)
    misdeal = get(client, edit + "/hand/1")
    assert "A misdeal: the deal was void" in misdeal.html and "step-misdeal" in misdeal.html
    redeal = get(client, edit + "/hand/2")
    assert "step-antes" in redeal.html and "bought by B for 3" in redeal.text("step-spare")
