"""The deal given on the card page of a 390x844 phone (Debian's Chromium through Playwright, ``tests/support/phonekit.py``):
a whole Black Lady hand with the deal given before the first card (each hand tapped, the passes asked from
the cards held, only legal cards offered, a revoke refused on the spot with the engine's sentence), and the
same hand played without the deal and its deal given after it (only the passes asked). The stored record
holds the deal and replays to the scores the sheet shows. The taps are counted (docs/app.md keeps them).
"""

from __future__ import annotations

from typing import Any


from tests.support.cardtaps import Taps, save, start
from tests.support.dealtaps import OPTIONS, ROOT, answer, check_stored, example

Phone = tuple[Any, list[str], list[str]]
TAPS: dict[str, int] = {}  # the taps of a whole hand with its deal (printed, kept in docs/app.md)


def test_a_black_lady_hand_with_its_deal_given_before_the_first_card(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    value = example()
    session = start(page, "black-lady", OPTIONS)
    page.locator("#record-cards").tap()
    taps = Taps(page)
    expect(page.locator("#give-deal")).to_be_visible()
    taps.tap("#give-deal", answered=False)
    expect(page.locator("#turn")).to_have_text("Bob was dealt which cards?")  # the eldest hand first
    answer(page, taps, value["deal"]["Bob"], "Cat was dealt which cards?")
    assert page.locator(f"#grid #card-{value['deal']['Bob'][0]}").is_disabled()  # placed: not offered again
    answer(page, taps, value["deal"]["Cat"], "Dan was dealt which cards?")
    for code in value["deal"]["Dan"]:
        taps.tap(f"#grid #card-{code}", answered=False)
    taps.tap("#ask #done")  # Ann's hand is the 13 cards left: the deal is given
    expect(page.locator("#give-deal")).to_be_hidden()
    for name in ("Bob", "Cat", "Dan", "Ann"):  # the passes, from the cards each holds
        expect(page.locator("#turn")).to_have_text(f"{name} to pass cards")
        assert page.locator("#grid button.card:enabled").count() == 13
        for code in value["passes"][name]:
            taps.tap(f"#grid #card-{code}", answered=False)
        taps.tap("#ask #done")
    expect(page.locator("#turn")).to_have_text("Cat to play")  # Cat holds 2C
    assert page.locator("#grid button.card:enabled:not(.unplayable)").count() == 1  # only the legal card offered
    assert page.locator("#grid button.card.unplayable").count() == 12  # the rest of Cat's hand, for the engine to refuse
    plays = value["play"]
    taps.card(plays[0])
    # Dan holds clubs: his other cards are shown, unplayable; tapped, the engine refuses the revoke on the spot
    legal = page.locator("#grid button.card:enabled:not(.unplayable)").count()
    assert legal >= 1 and page.locator("#grid button.card.unplayable").count() == 13 - legal
    assert taps.refused("#grid #card-AS") == "revoke"
    expect(page.locator("#stand")).to_be_visible()  # the table may still let it stand
    for code in plays[1:]:
        taps.card(code)
    expect(page.locator("#complete")).to_be_visible()
    save(page, "#save-play")
    TAPS["deal-before"] = taps.count + 2  # Give the deal, three hands, the passes, the cards; + Card by card, Save
    check_stored(page, session, value)
    print("taps for a whole Black Lady hand, the deal given first:", TAPS["deal-before"])
    assert not errors, errors


def test_a_black_lady_hand_with_its_deal_given_after_it(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    value = example()
    session = start(page, "black-lady", OPTIONS)
    page.locator("#record-cards").tap()
    taps = Taps(page)
    taps.tap('#ask button[data-player="Cat"]')  # who holds 2C: without the deal, the table says
    expect(page.locator("#give-deal")).to_be_hidden()  # in the middle of the play, no deal is asked
    for code in value["play"]:
        taps.card(code)
    expect(page.locator("#complete")).to_be_visible()
    expect(page.locator("#give-deal")).to_be_visible()
    taps.tap("#give-deal", answered=False)
    for name, receiver, then in (("Bob", "Cat", "Cat passed which cards?"), ("Cat", "Dan", "Dan passed which cards?"),
                                 ("Dan", "Ann", "Ann passed which cards?")):
        expect(page.locator("#turn")).to_have_text(f"{name} passed which cards?")
        assert page.locator("#grid button.card:enabled").count() == 13  # the cards his receiver played
        answer(page, taps, value["passes"][name], then)
    for code in value["passes"]["Ann"]:
        taps.tap(f"#grid #card-{code}", answered=False)
    taps.tap("#ask #done")  # the deal is placed: the hand is complete with it
    expect(page.locator("#complete")).to_be_visible()
    expect(page.locator("#give-deal")).to_be_hidden()
    save(page, "#save-play")
    TAPS["deal-after"] = taps.count + 2  # + Card by card, Save
    check_stored(page, session, value)
    print("taps for a whole Black Lady hand, the deal given after it:", TAPS["deal-after"])
    assert not errors, errors


def test_the_figures_are_kept() -> None:
    """The tap counts measured above, as docs/app.md gives them (run after the two whole hands)."""
    text = (ROOT / "docs" / "app.md").read_text()
    for case, taps in TAPS.items():
        assert f"{taps} taps" in text, (case, taps)
