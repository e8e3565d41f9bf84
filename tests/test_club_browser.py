"""A club on a 390x844 phone in Chromium (``tests/phonekit.py``): start the club, start a table inside it
choosing the players from the club's, record a hand, and see the figures on the club's page and the
player's page; the pages fit the phone's width. Screenshots of both pages are kept in ``tests/artifacts/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from phonekit import HOST
from test_browser import fill_result, save, totals

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
SCREENSHOT = ARTIFACTS / "club-phone.png"
WIDTH = 390


def fits(page: Any) -> None:
    """Nothing wider than the phone: the page does not scroll sideways (the figures' own box may)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def test_a_club_on_a_phone(phone: tuple[Any, list[str], list[str]]) -> None:
    page, requests, errors = phone

    page.goto("/clubs/new")
    page.locator("#name").fill("Thursday Hearts")
    page.locator("#players").fill("Ann\nBob\nCat\nDan")
    save(page, "#start-club")
    assert "/c/" in page.url
    club = page.url
    fits(page)
    assert page.locator("#no-tables").is_visible()

    # A table inside the club: the club's players are offered as names are typed.
    save(page, "#start-table")
    assert page.locator("#club-players-help").is_visible()
    offered = page.locator("#known-players option").evaluate_all("options => options.map(o => o.value)")
    assert offered == ["Ann", "Bob", "Cat", "Dan"]
    with page.expect_navigation():
        page.locator("#game").select_option("black-lady")
    for seat, name in enumerate(["Ann", "Bob", "Cat", "Eve"]):  # Eve is new: she joins the club
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option("Ann")
    save(page, "#start")
    assert "/s/" in page.url

    # One hand: Ann 3 hearts and Q♠ (16), Bob 2, Cat 0, Eve 8.
    page.locator("#record-result").tap()
    page.wait_for_selector("#result-form")
    fill_result(page, [3, 2, 0, 8], 0)
    save(page, "#save-hand")
    assert totals(page, ["Ann", "Bob", "Cat", "Eve"]) == [16, 2, 0, 8]

    # The club's page shows the figures.
    page.goto(club)
    fits(page)
    ann = page.locator('#game-black-lady tr[data-player="Ann"] td')
    assert ann.all_inner_texts()[:6] == ["1", "0", "1", "16.0", "0", "1 Q\u2660"]
    assert page.locator('[data-person="Eve"]').count() == 1
    assert page.locator('#standings tr[data-player="Cat"] td').first.inner_text() == "1"  # 0 points: first
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "club-page-phone.png"), full_page=True)

    # Ann's page: her figures and her chart over time.
    with page.expect_navigation():
        page.locator('#people [data-person="Ann"]').tap()
    fits(page)
    assert page.locator("#charts svg").count() == 1
    assert page.locator('#games tr[data-game="black-lady"] td').nth(3).inner_text() == "16.0"
    page.screenshot(path=str(SCREENSHOT), full_page=True)

    foreign = [u for u in requests if urlsplit(u).scheme in ("http", "https") and urlsplit(u).hostname != HOST]
    assert not foreign, foreign
    assert not errors, errors
