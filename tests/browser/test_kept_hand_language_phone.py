"""A hand tapped card by card and kept on the phone survives a change of the page's language: the phone keeps
it under the hand's number (``scorekeeper-hand:<table>:<number>:<dealer>``), not under the page's title, which
the language changes (*Hand 1*, *Donne 1*). A hand kept under the key of before (the title, in English) is
found once and moved under the new key. Chromium at 390x844 (``tests/support/phonekit.py``)."""

from __future__ import annotations

from typing import Any

from tests.support.offlinekit import sheet_url
from tests.support.phoneforms import card_hand, start_table

Phone = tuple[Any, list[str], list[str]]


def kept(page: Any) -> dict[str, str]:
    """The hands this phone keeps, by key."""
    return dict(page.evaluate("""Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith("scorekeeper-hand:")).map(k => [k, localStorage.getItem(k)]))"""))


def test_a_hand_kept_on_the_phone_survives_a_change_of_language(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    start_table(page)
    session = sheet_url(page)
    page.goto(session + "/play")
    page.wait_for_selector("#grid")
    _, plays, _ = card_hand("Ann", 1)
    for k, code in enumerate(plays[:5], start=1):
        page.locator(f"#card-{code}").tap()
        expect(page.locator("#count")).to_have_text(f"{k} recorded")
    keys = list(kept(page))
    assert len(keys) == 1 and keys[0].endswith(":1:Ann"), keys  # the hand's number, whatever the language
    table_id = keys[0].split(":")[1]
    assert table_id and table_id in session

    page.goto(session + "/play?lang=fr")  # the footer's link: the same page, now in French
    page.wait_for_selector("#grid")
    assert page.locator("html").get_attribute("lang") == "fr"
    expect(page.locator("h1")).to_contain_text("Donne 1")
    expect(page.locator("#count")).to_contain_text("5")
    expect(page.locator("#undo")).to_be_enabled()
    assert list(kept(page)) == keys

    # A phone that kept the hand before the key changed: under its English title, found once and moved.
    value = kept(page)[keys[0]]
    page.evaluate("([old, now, value]) => { localStorage.removeItem(now); localStorage.setItem(old, value); }",
                  [f"scorekeeper-hand:{table_id}:Hand 1:Ann", keys[0], value])
    page.reload()
    page.wait_for_selector("#grid")
    expect(page.locator("#count")).to_contain_text("5")
    assert kept(page) == {keys[0]: kept(page)[keys[0]]}  # moved: the old key is gone
    page.goto(session + "/play?lang=en")
    page.wait_for_selector("#grid")
    expect(page.locator("h1")).to_contain_text("Hand 1")
    expect(page.locator("#count")).to_have_text("5 recorded")
    assert not errors, f"script errors: {errors}"
