"""Reversis in the app: the start form, hands by their quick result through the real forms (catalogue
6.11's E2 and the Espagnolette of FORMAT.md as the numbers), refusals, corrections, misdeals, waiting
hands, the read-only page, CSRF, and the whole hand recorded with every card.

Every number a page shows is checked against the engine's own settlement of the same records
(``engine.reversis.settle_json`` of the exported session) or against the catalogue's figures,
never against a copy of a rule.
"""

from __future__ import annotations

import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine import reversis
from tests.support.pages import (  # noqa: F401  (app, client: the SQLite fixtures of the page tests)
    EVIL, ROOT, Page, _unescape, api_session_whose_last_hand_is_refused_then_added, app, check_page, client, counts, get,
    submit,
)
from tests.support.tripoliweb import stored_session
from tests.support.reversisweb import CARDS, E2, quick, record, start_reversis


E2_POOLS = [50, 110, 230, 115]  # catalogue: 50, 110, 115 + S1 115, then 115 (S1 became the pool)
E2_BALANCE = {"A": -40, "B": -170, "C": -20, "D": 115}


def fish(page: Page) -> dict[str, int]:
    return {name: int(v) for name, v in page.totals().items()}


def pools_shown(page: Page, grid: str = "pools") -> dict[str, int]:
    """The fish in each pool of a pools grid on the page: the current pool, then the supplements."""
    block = re.search(rf'id="{grid}">(.*?)\n</div>', page.html, re.S)
    assert block, grid
    return {k: int(v) for k, v in re.findall(r'data-pool="(\w+)"><span class="label">[^<]*</span><strong>(\d+)', block.group(1))}


# --- the start page ------------------------------------------------------------------------------------

def test_the_start_page_offers_reversis_with_its_options_and_a_stake(client: FlaskClient) -> None:
    assert '<option value="reversis"' in get(client, "/").html
    page = get(client, "/?game=reversis")
    for spec in reversis.OPTION_SPECS:
        assert f'<select id="opt_{spec.name}"' in page.html
    for spec in reversis.SETTLEMENT_OPTIONS:
        assert f'id="setopt_{spec.name}"' in page.html
    assert '<option value="reversis-fish" selected>' in page.html and 'id="stake"' in page.html


def test_reversis_is_for_four_players(app: Flask, client: FlaskClient) -> None:
    page = get(client, "/?game=reversis")
    response = submit(client, page, "start-form", {"players-0": "Ann", "players-1": "Bob", "players-2": "Cat",
                                                     "action": "start"})
    assert Page(response).refusal() == "Reversis is for exactly 4 players, not 3"
    assert counts(app) == (0, 0, 0)


# --- the catalogue's four hands through the real forms ------------------------------------------------------

def test_catalogue_e2_hand_by_hand(app: Flask, client: FlaskClient) -> None:
    edit, read = start_reversis(client, ["A", "B", "C", "D"], {"setopt_hands": "4", "stake": "0.10"})
    page = get(client, edit)
    # A deals; the deal and the play go to the right, so D (A's right) leads (6.3, 6.4); the stakes first.
    assert page.text("dealer") == "A" and page.text("leader") == "D"
    assert "Everyone first puts 5 fish in the pool. A adds 5 fish to the pool." in page.html
    dealers = []
    for hand, (fields, pool) in enumerate(zip(E2, E2_POOLS), 1):
        dealers.append(page.text("dealer"))
        response = record(client, edit, fields)
        assert response.status_code == 302, Page(response).refusal()
        page = get(client, edit)
        assert int(page.text("pool").split()[3]) == pool, hand
        assert sum(fish(page).values()) + pool == 0  # fish are conserved: what the players lost is in the pools
    assert dealers == ["A", "D", "C", "B"]  # the deal passes to the right (AMB-38k)
    assert fish(page) == E2_BALANCE
    assert pools_shown(page) == {"pool": 115}  # S1 became the current pool when D took the pool
    settled = reversis.settle_json(stored_session(client, edit))
    assert settled["balance"] == E2_BALANCE and settled["finished"] is True
    assert "Game over" in page.html and page.text("winners") == "D"
    assert 'id="record-result"' not in page.html  # the agreed four hands are played
    # Money at 0.10 a fish, and who pays whom, as the engine settles them.
    assert re.findall(r'<li data-player="(\w)">\w: ([-\d.]+)</li>', page.html) == list(settled["money"].items())
    transfers = re.findall(r"<li><strong>(\w)</strong> pays <strong>(\w)</strong> ([\d.]+)</li>", page.html)
    assert transfers == [(t["from"], t["to"], t["amount"]) for t in settled["transfers"]]
    # Why: the settlement's notes per hand and player; hand 3 made the supplemental pile.
    notes = client.get(edit + "/notes").get_json()
    assert notes["hands"]["3"]["B"] == "B: in play -10, Quinola to the pool -115; net -125"
    assert client.get(read + "/notes").get_json() == notes
    hand = get(client, edit + "/hand/3")
    assert "B &rarr; supplemental pool 1 <strong>115</strong>" in hand.html  # every payment, in order, in words
    assert pools_shown(hand, "pools-after") == {"pool": 115, "S1": 115}


def test_the_espagnolette_of_the_format_example(app: Flask, client: FlaskClient) -> None:
    """FORMAT.md's hand: Bob declares Espagnolette, discards his four aces and wins no trick (6.7)."""
    edit, read = start_reversis(client, ["Ann", "Bob", "Cat", "Dan"])
    fields = quick([2, 0, 8, 1], [4, 0, 27, 2],
                   JH={"player": "2", "trick": "7", "how": "led", "winner": "2"},
                   AS={"player": "1", "trick": "1", "how": "discarded", "leader": "3", "winner": "2"},
                   AH={"player": "1", "trick": "3", "how": "discarded", "leader": "3", "winner": "2"},
                   AD={"player": "1", "trick": "5", "how": "discarded", "leader": "0", "winner": "0"},
                   AC={"player": "1", "trick": "7", "how": "discarded", "leader": "2", "winner": "2"})
    response = record(client, edit, {**fields, "esp_player": "1", "esp_declared": "1"})
    assert response.status_code == 302, Page(response).refusal()
    page = get(client, edit)
    expected = reversis.replay_json(json.loads((ROOT / "examples" / "reversis-quick.json").read_text()))
    assert fish(page) == expected["net"] == {"Ann": -17, "Bob": 36, "Cat": -54, "Dan": -15}
    assert stored_session(client, edit)["hands"][0]["events"] == [{"type": "espagnolette", "player": "Bob"}]
    hand = get(client, edit + "/hand/1")
    assert "Espagnolette: Bob; Bob made it." in hand.text("step-espagnolette")
    assert "Espagnolette: Cat paid Bob 11" in hand.text("step-party")
    # The correction form is the quick result again, as recorded.
    assert re.search(r'name="AD_player" value="1" checked', hand.html)
    assert re.search(r'name="AD_leader" value="0" checked', hand.html)  # Ann led the trick


# --- refusals --------------------------------------------------------------------------------------------

def test_an_impossible_result_is_refused_and_kept_as_typed(app: Flask, client: FlaskClient) -> None:
    edit, read = start_reversis(client, ["Ann", "Bob", "Cat", EVIL])
    record(client, edit, E2[0])
    before = counts(app)
    wrong = {**E2[1], "tricks_3": "4"}
    page = Page(record(client, edit, wrong))
    assert page.status == 200
    check_page(page)
    assert page.refusal() == "the players won 12 tricks; a hand has 11"
    assert re.search(r'id="tricks_3" name="tricks_3"\s+value="4"', page.html)  # the form as typed
    assert re.search(r'name="JH_player" value="3" checked', page.html)
    assert counts(app) == before
    # A discarded ace that wins its trick; a card left unsaid: the engine's sentence, or the form's.
    ace = {**E2[1], "AS_player": "0", "AS_trick": "2", "AS_how": "discarded", "AS_leader": "1", "AS_winner": "0"}
    assert Page(record(client, edit, ace)).refusal() == ("Ann played A♠ in trick 2: a card discarded on another "
                                                         "suit cannot win the trick")
    unsaid = Page(record(client, edit, {k: v for k, v in E2[1].items() if k != "AC_player"}))
    assert unsaid.refusal() == "Please check the fields marked below."
    assert "Say who played A\u2663, or that it lay in the talon." in unsaid.html
    assert counts(app) == before
    assert reversis.settle_json(stored_session(client, edit))["balance"] == fish(get(client, edit))


def test_forms_need_their_csrf_token_and_the_read_only_link_cannot_write(app: Flask, client: FlaskClient) -> None:
    edit, read = start_reversis(client, ["Ann", "Bob", "Cat", "Dan"])
    page = get(client, edit + "/result")
    assert submit(client, page, "result-form", E2[0], drop=("csrf_token",)).status_code == 400
    assert counts(app)[1] == 0
    record(client, edit, E2[0])
    sid, key = read.split("/")[2:4]
    _, data = page.form("result-form")
    data.update(E2[1])
    before = counts(app)
    for url in (f"/s/{sid}/{key}/result", f"/s/{sid}/{key}/hand/1", f"/s/{sid}/{key}/hand/1/strike",
                f"/s/{sid}/{key}/hand/1/json", f"/s/{sid}/{key}/hand/1/confirm"):
        assert client.post(url, data=data).status_code == 403, url
    assert client.post(f"{read}/result", data=data).status_code in (404, 405)
    assert counts(app) == before
    read_page = get(client, read)
    assert "<form" not in read_page.html and fish(read_page) == fish(get(client, edit))
    assert "<form" not in get(client, read + "/hand/1").html


# --- corrections, strikes, misdeals, waiting hands ---------------------------------------------------------

def test_a_correction_a_strike_and_a_misdeal_recompute_everything(app: Flask, client: FlaskClient) -> None:
    edit, read = start_reversis(client, ["A", "B", "C", "D"])
    for fields in E2[:3]:
        record(client, edit, fields)
    # Hand 2: D led the Quinola in trick 5, not 6; and the Party winner B did not claim it (a waiver).
    hand = get(client, edit + "/hand/2")
    assert 'name="JH_trick" value="6"' in hand.html  # the correction form is the hand as recorded
    response = submit(client, hand, "result-form", {"JH_trick": "5", "JH_waived": "y"})
    assert response.status_code == 302, Page(response).refusal()
    stored = stored_session(client, edit)
    assert stored["hands"][1]["events"] == [{"type": "waive", "player": "D", "trick": 5}]
    settled = reversis.settle_json(stored)
    page = get(client, edit)
    assert fish(page) == settled["balance"] and settled["hands"][1]["payments"]["B"] == 20  # the Party only
    history = _unescape(get(client, edit + "/hand/2").html)
    assert "quinola_aces JH trick 6 → 5" in history

    # A misdeal as hand 4: the same dealer (B) deals again, the pools keep his 5.
    page = get(client, edit)
    assert page.text("dealer") == "B"
    misdeal = re.search(r'id="record-misdeal" href="([^"]+)"', page.html)
    assert misdeal and '<details class="options" id="misdeal" open>' in get(client, _unescape(misdeal.group(1))).html
    response = record(client, edit, {"misdeal": "face-up-in-pack"})
    assert response.status_code == 302, Page(response).refusal()
    page = get(client, edit)
    assert page.text("dealer") == "B" and "already in the pool (a misdeal)" in page.html
    assert re.search(r'<small class="mark">misdeal</small>', page.html)
    assert fish(page) == reversis.settle_json(stored_session(client, edit))["balance"]

    # Strike hand 1 out: every later hand starts from other pools; then restore it.
    assert submit(client, get(client, edit + "/hand/1"), "strike-form-1").status_code == 302
    settled = reversis.settle_json(stored_session(client, edit))
    page = get(client, edit)
    assert fish(page) == settled["balance"] and int(page.text("pool").split()[3]) == settled["pool"]
    assert '<tr id="hand-1" data-hand="1" class="struck">' in page.html
    submit(client, get(client, edit + "/hand/1"), "strike-form-1")
    assert fish(get(client, edit)) == reversis.settle_json(stored_session(client, edit))["balance"]

    # A correction the engine refuses keeps the hand, and the form as typed.
    before = counts(app)
    page = Page(submit(client, get(client, edit + "/hand/3"), "result-form", {"points_0": "41"}))
    assert page.refusal() == "the players took 59 card points; the pack has only 40"
    assert re.search(r'id="points_0" name="points_0"\s+value="41"', page.html)
    assert counts(app) == before


def test_waiting_hands_keep_their_place_in_the_rotation(app: Flask, client: FlaskClient) -> None:
    edit, read = start_reversis(client, ["A", "B", "C", "D"], {"confirm_required": "y"})
    record(client, edit, E2[0])
    page = get(client, edit)
    assert "waiting for confirmation" in page.html and fish(page) == dict.fromkeys("ABCD", 0)
    assert page.text("dealer") == "D"  # hand 1 was dealt: D deals hand 2
    record(client, edit, E2[1])
    assert submit(client, get(client, edit), "confirm-form-2").status_code == 302
    session = stored_session(client, edit)
    assert session["hands"][0]["counts"] is False and "counts" not in session["hands"][1]
    settled = reversis.settle_json(session)
    assert [h["dealer"] for h in settled["hands"]] == ["D"]  # hand 2 only, dealt by D: hand 1 keeps its place
    assert fish(get(client, edit)) == settled["balance"]
    assert submit(client, get(client, edit), "confirm-form-1").status_code == 302
    assert fish(get(client, edit)) == reversis.settle_json(stored_session(client, edit))["balance"]
    # A waiting misdeal keeps its dealer for the next hand, as a counted one does (4.2).
    misdeal = {"events": [{"type": "misdeal", "reason": "wrong-count"}], "counts": False}
    settled = reversis.settle_json({**session, "hands": [misdeal, session["hands"][1]]})
    assert [h["dealer"] for h in settled["hands"]] == ["A"]


def test_a_whole_hand_entered_as_json(app: Flask, client: FlaskClient) -> None:
    """FORMAT.md's hand with every card: the correction takes the whole record, checked card by card."""
    edit, read = start_reversis(client, ["Ann", "Bob", "Cat", "Dan"])
    record(client, edit, E2[0])  # the wrong hand, corrected below
    whole = json.loads((ROOT / "examples" / "reversis-hand.json").read_text())
    for key in ("game", "players", "dealer", "hand"):
        whole.pop(key, None)
    hand = get(client, edit + "/hand/1")
    wrong = {**whole, "play": ["6C", "AS", *whole["play"][2:]]}  # Bob's AS second: Cat is on turn after Dan
    refused = Page(submit(client, hand, "json-form", {"record": json.dumps(wrong)}))
    assert refused.status == 200 and refused.refusal() == "Cat played A♠ but does not hold it"
    assert re.search(r'<textarea id="record"[^>]*>[^<]*&#34;6C&#34;, &#34;AS&#34;', refused.html)  # kept as typed
    response = submit(client, hand, "json-form", {"record": json.dumps(whole)})
    assert response.status_code == 302, Page(response).refusal()
    page = get(client, edit)
    assert fish(page) == {"Ann": -17, "Bob": 36, "Cat": -54, "Dan": -15}  # FORMAT.md's net
    hand = get(client, edit + "/hand/1")
    assert "Recorded with every card." in hand.html and "replaced by the whole deal" in hand.html
    assert re.search(r'name="AS_player" value="1" checked', hand.html)  # the quick result the cards give
    assert client.get(edit + "/play").status_code == 200  # the card page of every game (tests/web/test_card_page.py)
    audit = get(client, edit + "/hand/1/audit")  # the audit steps through every game's hand
    assert 'id="legal"' in audit.html and 'id="steps"' in audit.html
    assert client.get(edit + "/hand/1/audit.pdf").mimetype == "application/pdf"


def test_long_names_stay_small(client: FlaskClient) -> None:
    players = [f"{EVIL}{i}-long-name" for i in range(4)]  # 36 characters, the longest fit 40
    edit, read = start_reversis(client, players)
    fields = quick([3, 3, 3, 2], [8, 6, 6, 4], JH={"player": "1", "trick": "3", "how": "followed", "leader": "2",
                                                  "winner": "0"})
    assert record(client, edit, fields).status_code == 302
    for url in (edit, read, edit + "/live", read + "/live", edit + "/result", edit + "/hand/1", read + "/hand/1"):
        page = get(client, url)  # check_page: under 30 KB, nothing from elsewhere, every name escaped
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.html, url


@pytest.mark.parametrize("kind", ["made", "broken"])
def test_a_reversis_made_or_broken(client: FlaskClient, kind: str) -> None:
    """6.11 E5 and E6: D takes every trick (16, 32 from B opposite, 16), or C breaks it in trick 10 (64)."""
    edit, read = start_reversis(client, ["A", "B", "C", "D"])
    if kind == "made":
        fields = quick([0, 0, 0, 11], [0, 0, 0, 40 - 16], **{c: {"player": "3", "trick": str(t), "how": "led"}
                                                              for c, t in zip(CARDS[1:], (1, 2, 3, 4))})
        fields["JH_player"] = "talon"
    else:
        fields = quick([0, 0, 2, 9], [0, 0, 4, 20], **{c: {"player": "3", "trick": str(t), "how": "led"}
                                                       for c, t in zip(CARDS[1:4], (1, 2, 3))})
        fields.update(broken_player="3", broken_by="2", broken_trick="10")
    response = record(client, edit, fields)
    assert response.status_code == 302, Page(response).refusal()
    outcome = reversis.settle_json(stored_session(client, edit))["hands"][0]
    steps = get(client, edit + "/hand/1").text("step-reversis")
    if kind == "made":
        assert "D took every trick" in steps
        assert [p for p in re.findall(r"(\w) &rarr; D <strong>(\d+)</strong> <span class=\"muted\">Reversis<",
                                      get(client, edit + "/hand/1").html)] == [("C", "16"), ("B", "32"), ("A", "16")]
    else:
        assert "C broke it in trick 10" in steps
        assert "D &rarr; C <strong>64</strong>" in get(client, edit + "/hand/1").html
    assert fish(get(client, edit)) == outcome["totals"]


# --- the JSON API -----------------------------------------------------------------------------------------

def test_the_api_creates_a_reversis_session_and_adds_hands(app: Flask, client: FlaskClient) -> None:
    session = json.loads((ROOT / "examples" / "reversis-session.json").read_text())
    last = session["hands"][-1]
    wrong = {**last, "taken": {**last["taken"], "A": {"tricks": 4, "points": 6}}}
    error, settled, export = api_session_whose_last_hand_is_refused_then_added(app, client, session, wrong)
    assert error["code"] == "impossible-result" and error["hand"] == 4 and "12 tricks" in error["message"]
    assert settled["balance"] == E2_BALANCE and settled["pool"] == 115 and settled["finished"] is True
    assert reversis.settle_json(export) == settled
