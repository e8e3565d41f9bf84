"""The deal from the players' own phones, in Debian's Chromium at 390x844 (``tests/support/phonekit.py``): four phones,
each its own browser (its own storage), open the table's "Tap my own hand" page, choose their seat once and
tap their hand and the cards they pass; no phone shows another's cards; the scorer's card page then has the
deal, offers only the legal card to lead, refuses a revoke on the spot, and the stored hand holds the deal and
the passes. The taps are counted per player (docs/app.md keeps them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.support.phonekit import stored_hand
from tests.support.dealtaps import OPTIONS, check_stored, example, tap_my_hand
from tests.support.cardtaps import ABCD, Taps, save, start

Phone = tuple[Any, list[str], list[str]]
TAPS: dict[str, int] = {}


def test_four_phones_each_tap_their_own_hand_and_the_card_page_plays_with_the_deal(
        phone: Phone, phones: dict[str, tuple[Any, list[str]]]) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    value = example()  # Ann deals: Bob is the eldest hand
    session = start(page, "black-lady", OPTIONS)
    page.goto(page.locator("#read-link").input_value())  # the players' page: the read-only link
    my_hand = page.locator("#my-hand-link").get_attribute("href")
    assert my_hand and my_hand.endswith("/my-hand") and my_hand.startswith("/v/")  # under the read-only link
    for k, name in enumerate(["Bob", "Cat", "Dan", "Ann"]):
        mine, _ = phones[name]
        mine.goto(my_hand)
        if k:  # the phones that have sent are named; no card of theirs is shown here
            expect(mine.locator("#sent-line")).to_contain_text("Sent from the phones: ")
        TAPS[name] = tap_my_hand(mine, name, value["deal"][name], value["passes"][name], first=True)
        assert mine.locator("#mine-grid button.card.chosen").count() == 13
    bob, _ = phones["Bob"]
    bob.reload()  # the seat is kept on this phone, and its own hand comes back to it alone
    expect(bob.locator("#mine-turn")).to_have_text("Bob: your hand is sent. Tap a card to change it.")
    assert bob.locator("#seat-choice").is_hidden()
    assert sorted(bob.locator("#mine-grid button.card.chosen").evaluate_all("bs => bs.map(b => b.dataset.card)")) == \
        sorted(value["deal"]["Bob"])
    expect(bob.locator("#sent-line")).to_have_text("Every hand is in: the scorer's phone has the deal.")
    # The scorer's phone: the card page has the deal; only the legal card is offered, a revoke is refused.
    page.goto(session)
    page.locator("#record-cards").tap()
    taps = Taps(page)
    expect(page.locator("#seats-status")).to_have_text("Every player sent his own hand: the deal is in.")
    expect(page.locator("#turn")).to_have_text("Cat to play")  # Cat holds 2C: no pass asked, no leader asked
    assert page.locator("#give-deal").is_hidden()
    assert page.locator("#grid button.card:enabled:not(.unplayable)").count() == 1
    plays = value["play"]
    taps.card(plays[0])
    assert taps.refused("#grid #card-AS") == "revoke"
    expect(page.locator("#stand")).to_be_visible()
    for code in plays[1:]:
        taps.card(code)
    expect(page.locator("#complete")).to_be_visible()
    save(page, "#save-play")
    TAPS["scorer"] = taps.count + 2  # + Card by card, Save
    check_stored(page, session, value)
    hand, _ = stored_hand(page, session)
    assert hand["passes"] == value["passes"]
    ann, _ = phones["Ann"]
    ann.reload()  # the hand is stored: its drafts are gone, the next hand is asked on the same seat
    expect(ann.locator("#mine-turn")).to_have_text("Ann: tap the 13 cards you were dealt")
    expect(ann.locator("#sent-line")).to_have_text("Sent from the phones: none yet. Waiting for Ann, Bob, Cat, Dan.")
    print("taps per player, the first hand on a phone:", {n: TAPS[n] for n in ABCD}, "the scorer:", TAPS["scorer"])
    assert not errors and not any(e for _, e in phones.values()), (errors, [e for _, e in phones.values()])


def test_the_figures_are_kept() -> None:
    """The tap counts measured above, as docs/app.md gives them."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "app.md").read_text()
    if TAPS:
        assert f"{TAPS['Ann']} taps" in text and f"{TAPS['scorer']} taps" in text, TAPS
