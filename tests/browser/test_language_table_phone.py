"""A Black Lady table kept in French, Dutch and German on a 390x844 phone in Chromium (``tests/support/phonekit.py``):
started from a phone that speaks the language (the start page offers it for the table), a hand entered by its
result, a hand entered card by card with a card tapped that the cards so far prove a revoke (its refusal read:
the player and the card), and the totals the table shows are the engine's settlement of what it stored.

The table page, the result form and the card page speak the language (a few of their known words; the card
page's count no longer says "recorded"), and the refusal is the engine's, worded in the language (not its
English message), naming the player and the card."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from scorekeeper.engine.errors import ScorekeeperError
from tests.support.cardtaps import Taps
from tests.support.everypage import HEIGHT, WIDTH
from tests.support.phoneforms import PLAYERS, card_hand, fill_result, play_without_deal, result_points, save, totals
from tests.support.phonekit import TIMEOUT_MS, settled_export

LANGUAGES = ["fr", "nl", "de"]
# The parts of these pages still in English, translated on their own branches: the lead deletes a mark as its
# branch is merged (this test then asserts the part's translation instead of its English).
TABLE = {"fr": ["Enregistrer une donne", "Nouvelle partie avec les mêmes joueurs"],
         "nl": ["Een spel invoeren", "Nieuwe partij met dezelfde spelers"],
         "de": ["Ein Spiel eintragen", "Neue Partie mit denselben Spielern"]}
RESULT = {"fr": ["Qu’a pris chaque joueur ?", "Cœurs pris"], "nl": ["Wat nam elke speler?", "Genomen harten"],
          "de": ["Was hat jeder Spieler genommen?", "Genommene Herzen"]}
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@pytest.fixture(params=LANGUAGES)
def speaking(request: pytest.FixtureRequest, browser: Any, live_server: str) -> Iterator[tuple[str, Any, list[str]]]:
    """A phone whose language is the parameter (its ``Accept-Language``), the script errors it hit."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True,
                                  base_url=live_server, locale=request.param)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        yield request.param, page, errors
    finally:
        context.close()


def says(page: Any, code: str, words: list[str]) -> None:
    assert page.locator("html").get_attribute("lang") == code
    text = page.locator("body").inner_text()
    missing = [w for w in words if w not in text]
    assert not missing, (code, missing)
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def test_a_black_lady_table_in_the_phone_s_language(speaking: tuple[str, Any, list[str]]) -> None:
    from playwright.sync_api import expect

    code, page, errors = speaking
    page.goto("/?game=black-lady")
    assert page.locator("html").get_attribute("lang") == code
    assert page.locator("#language").input_value() == code  # the start page offers the phone's language
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option("Ann")
    save(page, "#start")
    session = str(page.url).split("#")[0]
    says(page, code, TABLE[code])

    # Hand 1 by its result.
    page.locator("#record-result").tap()
    page.wait_for_selector("#result-form")
    says(page, code, RESULT[code])
    fill_result(page, [3, 2, 0, 8], 3)
    save(page, "#save-hand")
    assert totals(page) == result_points([3, 2, 0, 8], 3)

    # Hand 2 card by card, Bob dealing: a few cards, a revoke refused, then the rest.
    _record, plays, (at, wrong) = card_hand("Bob", 2)
    try:
        play_without_deal(plays[:at] + [wrong], "Bob", 2)
    except ScorekeeperError as exc:
        refused = exc
    else:
        raise AssertionError("the engine takes the revoke")
    page.locator("#record-cards").tap()
    page.wait_for_selector("#ask")
    assert page.locator("html").get_attribute("lang") == code
    taps = Taps(page)
    for card in plays[:at]:
        taps.card(card)
    expect(page.locator("#count")).not_to_have_text(re.compile("recorded"))  # the card page in the language
    assert taps.refused(f"#grid #card-{wrong}") == refused.code
    sentence = page.locator("#play-refusal").inner_text().strip()
    label = wrong[0] + SUITS[wrong[1]] if wrong[0].isdigit() else SUITS[wrong[1]]  # 9♠: the same in every language
    assert str(refused.player) in sentence and label in sentence, (code, sentence)
    assert sentence != refused.message, (code, sentence)  # the engine's refusal, worded in the language
    for card in plays[at:]:
        taps.card(card)
    expect(page.locator("#complete")).to_be_visible()
    save(page, "#save-play")

    stored, settled = settled_export(page, session)
    assert [len(hand.get("play") or ()) for hand in stored["hands"]] == [0, 52]
    assert [p if isinstance(p, str) else p[1] for p in stored["hands"][1]["play"]] == plays
    page.goto(session)
    says(page, code, TABLE[code])
    assert totals(page) == [settled["totals"][name] for name in PLAYERS]
    assert not errors, errors
