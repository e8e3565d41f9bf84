"""A dispute on a 390x844 phone (Debian's Chromium through Playwright, ``tests/support/phonekit.py``): a Black Lady hand
tapped card by card without the deal, Dan's card that proves his revoke refused, "It stood" tapped, the hand
saved at once (no Save), and its audit showing the revoke where it happened, with its proof, the table's
decision and its cost, and the what-if of following suit repaired and answered. The engine and the pages
without a browser: ``tests/web/test_dispute.py``.
"""

from __future__ import annotations

from typing import Any

from tests.support.phonekit import stored_hand

Phone = tuple[Any, list[str], list[str]]
ABCD = ["Ann", "Bob", "Cat", "Dan"]
# Dan deals, Ann leads. Trick 3: Cat leads 2S and Dan plays 4H holding 6S, which he plays in trick 5, the 19th card.
BEFORE = "2C 3C 4C 5C 6C 7C 8C 9C 2S 4H 3S KS AD 3D 4D 5D 7S 8S".split()


def test_it_stood_saves_the_hand_and_the_audit_shows_the_revoke(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    page.goto("/?game=black-lady")
    for seat, name in enumerate(ABCD):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option("Dan")
    with page.expect_navigation():
        page.locator("#start").tap()
    session = str(page.url).split("#")[0]
    page.locator("#record-cards").tap()
    page.wait_for_selector("#grid")
    for k, code in enumerate(BEFORE):
        page.locator(f"#grid #card-{code}").tap()
        expect(page.locator("#count")).to_have_text(f"{k + 1} recorded")
    with page.expect_response(lambda r: r.url.endswith("/next") and r.status == 422):
        page.locator("#grid #card-6S").tap()
    expect(page.locator("#play-refusal")).to_contain_text("(proven by 6")  # however the card is written
    expect(page.locator("#play-refusal")).to_contain_text("which Dan played later, play 19)")
    expect(page.locator("#claim-revoke")).to_have_text("It stood: record Dan\u2019s revoke in trick 3")
    with page.expect_navigation():  # saved at once: no Save to tap
        page.locator("#claim-revoke").tap()
    assert "/play" not in page.url
    hand, settled = stored_hand(page, session)
    assert hand["events"] == [{"type": "revoke", "player": "Dan", "trick": 3}] and len(hand["play"]) == 19
    assert settled["hands"][0]["points"] == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 30}

    page.goto(session + "/hand/1/audit")
    stood = page.locator("#stood")
    expect(stood).to_contain_text("A revoke stood: step 10, trick 3: Dan played 4")
    expect(stood).to_contain_text("which Dan played later, play 19)")
    expect(stood).to_contain_text("The table let it stand (step 19): an established revoke, which cost: "
                                  "Ann 0, Bob 0, Cat 0, Dan 30.")
    expect(page.locator("#legal")).to_have_count(0)
    expect(page.locator("#frame-10 > h3")).to_contain_text("revoke, let stand")
    page.locator("#next-step").evaluate("b => b.scrollIntoView()")
    for _ in range(9):  # Next, to the declaration
        number = page.locator("#step-number").inner_text()
        page.locator("#next-step").tap()
        expect(page.locator("#step-number")).not_to_have_text(number)
    expect(page.locator("#frame-19 > h3")).to_contain_text("which proves Dan's revoke in trick 3")
    with page.expect_navigation():
        page.locator("#whatif-followed").tap()
    result = page.locator("#whatif-result")
    expect(result).to_have_class("notice")
    expect(result).to_contain_text("The rest of the hand as recorded no longer fits")
    expect(page.locator("#whatif-repair")).to_contain_text("step 19: Dan played 4")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    assert not errors, errors
