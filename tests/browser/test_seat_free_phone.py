"""*Free Dan's seat* in Debian's Chromium at 390x844 (``tests/support/phonekit.py``): Dan's phone sends his hand, then
loses its storage (its seat and its secret); from it, or from another phone, the seat is refused with a
sentence that names the remedy; the scorer's card page frees it in one tap, saying so; Dan sends his hand
again and the card page has the deal. The phone that sent the dropped hand, had it kept its storage, says
its hand was dropped.
"""

from __future__ import annotations

from typing import Any

from tests.support.cardtaps import Taps, start
from tests.support.dealtaps import OPTIONS, example, tap_my_hand

Phone = tuple[Any, list[str], list[str]]
TAPS: dict[str, int] = {}


def test_the_scorer_frees_the_seat_of_a_phone_that_lost_its_storage(
        phone: Phone, phones: dict[str, tuple[Any, list[str]]]) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    value = example()
    session = start(page, "black-lady", OPTIONS)
    page.goto(page.locator("#read-link").input_value())
    link = page.locator("#my-hand-link").get_attribute("href")
    for name in ("Bob", "Cat", "Dan"):
        mine, _ = phones[name]
        mine.goto(link)
        tap_my_hand(mine, name, value["deal"][name], value["passes"][name], first=True)
    dan, _ = phones["Dan"]
    dan.evaluate("() => localStorage.clear()")  # the phone lost its storage: its seat and its secret
    dan.reload()
    dan.locator('#seat-choice button[data-player="Dan"]').tap()
    for code in value["deal"]["Dan"]:
        dan.locator(f"#mine-{code}").tap()
    dan.locator("#send").tap()
    for code in value["passes"]["Dan"]:
        dan.locator(f"#mine-{code}").tap()
    dan.locator("#send").tap()
    expect(dan.locator("#mine-refusal")).to_contain_text("if it lost it, the scorer taps Free Dan's seat")
    cat, _ = phones["Cat"]  # Cat's phone kept its storage: it is told when its hand is dropped
    page.goto(session + "/play")
    expect(page.locator("#seats-status")).to_contain_text("Hands sent from the phones: Bob, Cat, Dan.")
    taps = Taps(page)
    with page.expect_navigation():
        taps.tap('#free-seats button[value="Dan"]', answered=False)
    expect(page.locator(".flash")).to_have_text("Dan's seat is free for hand 1: the hand his phone sent is dropped. "
                                               "Dan chooses his seat again on any phone and taps his hand again.")
    TAPS["free"] = taps.count
    expect(page.locator('#free-seats button[value="Dan"]')).to_have_count(0)
    dan.locator("#send").tap()  # the same taps, sent again
    expect(dan.locator("#mine-turn")).to_have_text("Dan: your hand is sent. Tap a card to change it.")
    with page.expect_navigation():
        page.locator('#free-seats button[value="Cat"]').tap()
    expect(cat.locator("#mine-refusal")).to_have_text(  # its next look, a few seconds on
        "The hand this phone sent is dropped: the scorer freed the seat. Send it again if the seat is yours.")
    cat.locator("#send").tap()
    expect(cat.locator("#mine-turn")).to_have_text("Cat: your hand is sent. Tap a card to change it.")
    assert TAPS["free"] == 1
    assert not errors and not any(e for _, e in phones.values()), (errors, [e for _, e in phones.values()])
