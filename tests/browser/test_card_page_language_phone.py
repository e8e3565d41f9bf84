"""The card page in French and in German on a 390x844 phone (Debian's Chromium, ``tests/support/phonekit.py``): a
Black Lady hand's first cards tapped, the prompts, whose turn, the count, the buttons and the words said without a
connection in the page's language (the scripts' words from the page's JSON object, ``web/script_words.py``), the
language links at its foot, and nothing wider than the phone."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.cardtaps import ROOT, Taps, start
from tests.support.phonekit import TIMEOUT_MS

WIDTH, HEIGHT = 390, 844
SAID = {
    "fr": {"leader": "Qui a le 2♣ et entame ?", "turn": "{player} doit jouer", "count": "6 enregistrées",
           "undo": "Annuler", "save": "Enregistrer la donne", "kept": "2 touches gardées sur ce téléphone",
           "offline": "Pas de connexion.", "back": "Retour à la feuille"},
    "de": {"leader": "Wer hat die 2♣ und spielt aus?", "turn": "{player} ist am Zug", "count": "6 eingetragen",
           "undo": "Rückgängig", "save": "Das Spiel speichern", "kept": "2 Tipps auf diesem Telefon gespeichert",
           "offline": "Keine Verbindung.", "back": "Zurück zum Spielblatt"},
}


@pytest.fixture(params=["fr", "de"])
def speaking(request: pytest.FixtureRequest, browser: Any, live_server: str) -> Iterator[tuple[str, Any, list[str]]]:
    """A phone that chose the language by the footer's link (its cookie); the script errors it hit."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True,
                                  base_url=live_server)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies([{"name": "lang", "value": request.param, "url": live_server}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        yield request.param, page, errors
    finally:
        context.close()


def too_wide(page: Any) -> list[str]:
    return list(page.evaluate(f"""[...document.querySelectorAll("body *")]
        .filter(e => e.getBoundingClientRect().right > {WIDTH} + 0.5 && getComputedStyle(e).position !== "fixed")
        .slice(0, 5).map(e => e.tagName + (e.id ? "#" + e.id : "") + "." + e.className)"""))


def test_a_black_lady_hand_tapped_in_the_phones_language(speaking: tuple[str, Any, list[str]]) -> None:
    from playwright.sync_api import expect

    code, page, errors = speaking
    said = SAID[code]
    plays = json.loads((ROOT / "examples" / "black-lady-hand.json").read_text())["play"]
    start(page, "black-lady", {"opt_first_lead": "two-of-clubs"})
    page.locator("#record-cards").tap()
    assert page.locator("html").get_attribute("lang") == code
    expect(page.locator("#turn")).to_have_text(said["leader"])
    taps = Taps(page)
    taps.tap('#ask button[data-player="Cat"]')  # the example's Bob, Ann dealing here
    expect(page.locator("#turn")).to_have_text(said["turn"].format(player="Cat"))
    for card in plays[:5]:
        taps.card(card)
    expect(page.locator("#count")).to_have_text(said["count"])
    expect(page.locator("#turn")).to_have_text(re.compile("^" + said["turn"].format(player=r"\w+") + "$"))
    expect(page.locator("#undo")).to_have_text(said["undo"])
    expect(page.locator("#save-play")).to_have_text(said["save"])
    expect(page.locator("#back")).to_have_text(said["back"])
    expect(page.locator("#strip")).not_to_contain_text("Trick")
    links = page.locator("footer.languages a")
    assert links.evaluate_all("as => as.map(a => a.getAttribute('href'))") == [
        "?lang=en", "?lang=fr", "?lang=nl", "?lang=de"]
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH and too_wide(page) == []

    page.context.set_offline(True)  # two taps kept on the phone, said in the page's language
    for card in plays[5:7]:
        taps.tap(f"#grid #card-{card}", answered=False)
    expect(page.locator("#turn")).to_contain_text(said["kept"])
    expect(page.locator("#offline-notice")).to_contain_text(said["offline"])
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH and too_wide(page) == []
    page.context.set_offline(False)
    expect(page.locator("#turn")).to_have_text(re.compile("^" + said["turn"].format(player=r"\w+") + "$"))
    expect(page.locator("#count")).to_have_text(said["count"].replace("6", "8"))
    assert errors == []
