"""The Tripoli and Reversis result forms on a phone: Chromium at 390x844, with the live server, the browser and
the phone of ``tests/support/phonekit.py`` and the page helpers of ``tests/browser/test_browser.py``.

A typical deal of each game is recorded by its result as a player would, every tap and keystroke counted
(from the open form to *Save*, *Save* included): the form must fit in 1.5 screens as first shown and once
the deal is filled in, before anything optional is opened; the stored record must be the deal and the
sheet's totals the engine's settlement of it. The counts and heights are the ones the user guide quotes
(docs/app.md). Then the rows a first answer calls for: shown when it does, hidden (and not read) when it
does not; and a deal the engine refuses comes back with its sentence, as typed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

import pytest

from scorekeeper.engine import reversis, tripoli
from tests.support.phonekit import HOST, exported
from tests.support.phoneforms import save, totals
from tests.support.chipforms import Fingers, PLAYERS, REVERSIS_HAND, TRIPOLI_DEAL, start

SCREEN = 844  # the phone's height
FITS = 1.5 * SCREEN  # what a form may take for a typical deal, nothing optional opened

TRIPOLI_TAPS, TRIPOLI_KEYS = 14, 6

REVERSIS_TAPS, REVERSIS_KEYS = 26, 14


def form_height(page: Any, form: str) -> int:
    height: int = page.evaluate(f"document.querySelector('{form}').scrollHeight")
    return height


def page_height(page: Any) -> int:
    height: int = page.evaluate("document.documentElement.scrollHeight")
    return height


def without_id(hand: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in hand.items() if k != "id"}


def optional_open(page: Any) -> int:
    count: int = page.locator("details[open]").count()
    return count


# --- a typical deal of each game ----------------------------------------------------------------------

def test_a_typical_tripoli_deal_fits_a_phone(phone: tuple[Any, list[str], list[str]]) -> None:
    page, requests, errors = phone
    session_url = start(page, "tripoli")
    page.locator("#record-result").tap()
    page.wait_for_selector("#deal-form")
    assert form_height(page, "#deal-form") <= FITS
    assert not page.locator(".sold").is_visible(), "the buyer and the price wait for a spare hand sold"
    fingers = Fingers(page)
    for space, seat in (("AH", 0), ("KH", 2), ("QH", 2), ("TH", 1), ("KQ", 2)):
        fingers.pill(f"claim_{space}", str(seat))
    fingers.check("win_0")
    for seat, chips in ((0, "5"), (1, "5"), (3, "2")):
        fingers.type(f"#bet_{seat}", chips)
    fingers.pill("end", "1")
    assert not page.locator("#left_1").is_visible(), "no cards left are asked of the player who went out"
    for seat, cards in ((0, "3"), (2, "5"), (3, "2")):
        fingers.type(f"#left_{seat}", cards)
    filled = form_height(page, "#deal-form")
    assert filled <= FITS, f"the filled form is {filled}px, {filled / SCREEN:.2f} screens"
    assert optional_open(page) == 0
    with page.expect_navigation():
        fingers.tap(page.locator("#save-hand"))
    assert (fingers.taps, fingers.keys) == (TRIPOLI_TAPS, TRIPOLI_KEYS)

    # The sheet's chips are the engine's settlement of the deal, and the deal is stored as the table said it.
    shown = totals(page, PLAYERS)
    session = exported(page, session_url)
    assert [without_id(h) for h in session["hands"]] == [TRIPOLI_DEAL]  # the spare hand kept: nothing to say
    expected = tripoli.settle_json({**session, "hands": [TRIPOLI_DEAL]})["balance"]
    assert shown == [expected[p] for p in PLAYERS] == [3, 4, -2, -13]
    assert all(urlsplit(u).hostname == HOST for u in requests if urlsplit(u).scheme.startswith("http"))
    assert not errors, f"script errors: {errors}"


def test_a_typical_reversis_hand_fits_a_phone(phone: tuple[Any, list[str], list[str]]) -> None:
    page, requests, errors = phone
    session_url = start(page, "reversis")
    page.locator("#record-result").tap()
    page.wait_for_selector("#result-form")
    assert form_height(page, "#result-form") <= FITS
    assert page.locator("#card-JH .played").count() == 3
    assert not any(row.is_visible() for row in page.locator(".card-block .played").all()), \
        "no trick, how, leader or winner before the card's player is known"
    fingers = Fingers(page)
    taken = REVERSIS_HAND["taken"]
    for seat, name in enumerate(PLAYERS[:-1]):
        fingers.type(f"#tricks_{seat}", str(taken[name]["tricks"]))
    assert page.locator("#tricks_3").input_value() == "2", "the page fills in the last player's tricks"
    for seat, name in enumerate(PLAYERS):
        fingers.type(f"#points_{seat}", str(taken[name]["points"]))
    for code, entry in REVERSIS_HAND["quinola_aces"].items():
        block = page.locator(f"#card-{code}")
        fingers.pill(f"{code}_player", str(PLAYERS.index(entry["player"])))
        fingers.type(f"#{code}_trick", str(entry["trick"]))
        if entry["how"] != "followed":  # followed suit is where the page starts
            fingers.pill(f"{code}_how", entry["how"])
        if entry["how"] == "led":
            assert not block.locator(".led-by").is_visible(), "a card led: its player led the trick"
        else:
            fingers.pill(f"{code}_leader", str(PLAYERS.index(entry["leader"])))
        ace_wins = code != "JH" and entry["how"] in ("led", "followed")
        assert block.locator(".won-by").is_visible() is not ace_wins
        if not ace_wins:
            fingers.pill(f"{code}_winner", str(PLAYERS.index(entry["winner"])))
    filled = form_height(page, "#result-form")
    assert filled <= FITS, f"the filled form is {filled}px, {filled / SCREEN:.2f} screens"
    assert optional_open(page) == 0
    with page.expect_navigation():
        fingers.tap(page.locator("#save-hand"))
    assert (fingers.taps, fingers.keys) == (REVERSIS_TAPS, REVERSIS_KEYS)

    shown = totals(page, PLAYERS)
    session = exported(page, session_url)
    assert [without_id(h) for h in session["hands"]] == [REVERSIS_HAND]
    expected = reversis.settle_json({**session, "hands": [REVERSIS_HAND]})["balance"]
    assert shown == [expected[p] for p in PLAYERS] == [-34, -23, -14, 21]
    assert all(urlsplit(u).hostname == HOST for u in requests if urlsplit(u).scheme.startswith("http"))
    assert not errors, f"script errors: {errors}"


# --- what a first answer calls for --------------------------------------------------------------------

def test_reversis_rows_follow_the_answers_and_a_hidden_box_is_not_read(phone: tuple[Any, list[str], list[str]]) -> None:
    page, _, errors = phone
    session_url = start(page, "reversis")
    page.goto(session_url + "/result")
    fingers = Fingers(page)
    jh, ace = page.locator("#card-JH"), page.locator("#card-AS")
    fingers.pill("JH_player", "talon")
    assert not any(row.is_visible() for row in jh.locator(".played").all()), "a card in the talon: nothing more"
    fingers.pill("JH_player", "2")
    fingers.pill("JH_how", "led")
    assert jh.locator(".how").is_visible() and not jh.locator(".led-by").is_visible()
    assert jh.locator(".won-by").is_visible(), "a Quinola led can lose its trick"
    # An ace discarded asks who won; followed, it won its own trick: the winner tapped before is not read.
    fingers.pill("AS_player", "1")
    fingers.type("#AS_trick", "4")
    fingers.pill("AS_how", "discarded")
    fingers.pill("AS_leader", "2")
    fingers.pill("AS_winner", "2")
    fingers.pill("AS_how", "followed")
    assert ace.locator(".led-by").is_visible() and not ace.locator(".won-by").is_visible()
    page.locator("#more summary").tap()
    assert page.locator("#waived").is_visible() and page.locator("#broken").is_visible()
    # Saved with the counts missing: the form's check, every answer kept as tapped.
    with page.expect_navigation():
        page.locator("#save-hand").tap()
    assert page.locator("#refusal").inner_text() == "Please check the fields marked below."
    assert page.locator('input[name="AS_how"][value="followed"]').is_checked()
    assert page.locator('input[name="AS_winner"][value="2"]').is_checked()
    assert not ace.locator(".won-by").is_visible()
    assert "Say who played A\u2665, or that it lay in the talon." in page.locator("#card-AH").inner_text()
    assert not errors, f"script errors: {errors}"


def test_a_refused_tripoli_deal_keeps_what_was_typed(phone: tuple[Any, list[str], list[str]]) -> None:
    """The engine's sentence, the deal as typed, the rows it called for still shown; nothing stored."""
    page, _, errors = phone
    session_url = start(page, "tripoli")
    page.goto(session_url + "/result")
    fingers = Fingers(page)
    fingers.pill("spare_action", "auction")
    assert page.locator(".sold").is_visible()
    fingers.pill("claim_AH", "0")
    fingers.pill("end", "block")
    fingers.type("#left_0", "14")
    with page.expect_navigation():
        page.locator("#save-hand").tap()
    refusal = page.locator("#refusal").inner_text()
    assert refusal == "spare auction needs the buyer and the price (an auction nobody bought is recorded as keep or swap)"
    assert page.locator("#spare-auction").is_checked() and page.locator(".sold").is_visible()
    assert page.locator("#left_0").input_value() == "14" and page.locator("#claim_AH-0").is_checked()
    assert page.locator("#end-block").is_checked()
    assert exported(page, session_url)["hands"] == []
    assert not errors, f"script errors: {errors}"


# --- what the page does not ask is not read (the forms alone) ----------------------------------------

@pytest.fixture
def form_app(sqlite_app: Any) -> Any:
    return sqlite_app


def _posted(app: Any, fields: Mapping[str, str], shape: Any) -> Any:
    from werkzeug.datastructures import MultiDict

    with app.test_request_context(method="POST", data=MultiDict(list(fields.items()))):
        return shape()


def test_an_ace_that_won_its_trick_needs_no_winner_and_a_hidden_one_is_not_read(form_app: Any) -> None:
    from flask import request

    from scorekeeper.web.families.reversis import forms

    def shape() -> dict[str, Any]:
        return forms.hand_record(forms.hand_form(PLAYERS, formdata=request.form))

    cards = {f"{code}_player": "talon" for code in forms.CARDS}
    followed = {**cards, "AS_player": "1", "AS_trick": "4", "AS_leader": "2", "AS_winner": "2"}  # how: the default
    assert _posted(form_app, followed, shape)["quinola_aces"]["AS"] == {
        "player": "Bob", "trick": 4, "how": "followed", "leader": "Cat", "winner": "Bob"}
    led = {**followed, "AS_how": "led"}
    assert _posted(form_app, led, shape)["quinola_aces"]["AS"] == {"player": "Bob", "trick": 4, "how": "led", "winner": "Bob"}
    discarded = {**followed, "AS_how": "discarded"}
    assert _posted(form_app, discarded, shape)["quinola_aces"]["AS"]["winner"] == "Cat"
    quinola = {**cards, "JH_player": "0", "JH_trick": "3", "JH_how": "led", "JH_leader": "2", "JH_winner": "1"}
    assert _posted(form_app, quinola, shape)["quinola_aces"]["JH"] == {
        "player": "Ann", "trick": 3, "how": "led", "winner": "Bob"}
    assert forms.asked("AS", "followed") == {"trick", "how", "leader"}
    assert forms.asked("JH", "led") == {"trick", "how", "winner"}


def test_no_cards_left_are_read_for_the_player_who_went_out(form_app: Any) -> None:
    from flask import request

    from scorekeeper.web.families.tripoli import forms

    def shape() -> dict[str, Any]:
        return forms.deal_record(forms.deal_form(tripoli.make_rules("tripoli"), PLAYERS, formdata=request.form))

    typed = {"end": "1", "left_0": "3", "left_1": "4", "left_2": "5", "left_3": "2", "spare_buyer": "2",
             "spare_price": "3"}
    record = _posted(form_app, typed, shape)
    assert record["michigan"] == {"out": "Bob", "left": {"Ann": 3, "Cat": 5, "Dan": 2}}
    assert "spare" not in record, "kept: the buyer and the price are not read"
    assert json.dumps(_posted(form_app, {**typed, "end": "block"}, shape)["michigan"]) == json.dumps(
        {"block": True, "left": {"Ann": 3, "Bob": 4, "Cat": 5, "Dan": 2}})
