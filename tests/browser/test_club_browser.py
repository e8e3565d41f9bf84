"""A club on a 390x844 phone in Chromium (``tests/support/phonekit.py``): start the club, start a table inside it
choosing the players from the club's, record a hand, and see the figures on the club's page and the
player's page; the pages fit the phone's width. Screenshots of both pages are kept in ``tests/artifacts/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.support.phonekit import HOST
from tests.support.phoneforms import fill_result, save, totals

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
SCREENSHOT = ARTIFACTS / "club-phone.png"
WIDTH = 390


def fits(page: Any) -> None:
    """Nothing wider than the phone: the page does not scroll sideways (a table's own box may, when it is a
    region the keyboard reaches: ``scroll_regions_named``), and every chart label is at least 12 px."""
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    scroll_regions_named(page)
    assert chart_labels_smallest(page) >= 12


def scroll_regions_named(page: Any) -> None:
    """axe-core's ``scrollable-region-focusable``, and more: every box that scrolls is reached by the keyboard
    (``tabindex="0"``) and named for a screen reader."""
    bad = page.evaluate("""() => [...document.querySelectorAll('body *')].filter(e => {
        const s = getComputedStyle(e);
        const scrolls = (/auto|scroll/.test(s.overflowX) && e.scrollWidth > e.clientWidth)
            || (/auto|scroll/.test(s.overflowY) && e.scrollHeight > e.clientHeight);
        return scrolls && !(e.tabIndex >= 0 && (e.getAttribute('aria-label') || e.getAttribute('aria-labelledby')));
    }).map(e => e.outerHTML.slice(0, 120))""")
    assert not bad, bad


def chart_labels_smallest(page: Any) -> float:
    """The smallest text of the page's charts as drawn, in CSS pixels (font size times the chart's scale)."""
    smallest: float = page.evaluate("""() => Math.min(1000, ...[...document.querySelectorAll('svg.chart text')]
        .filter(t => t.textContent.trim())
        .map(t => parseFloat(getComputedStyle(t).fontSize) * t.closest('svg').getScreenCTM().a))""")
    return smallest


def same_look(page: Any, players: list[str]) -> None:
    """Each player's key in the sheet's header is painted like his line and marker in the chart."""
    from scorekeeper.sheets.charts import MARK_CHARACTERS

    for seat, name in enumerate(players):
        key = page.locator(f'#sheet th[data-player="{name}"] i.pk')
        line = page.locator(f'#charts g.player[data-player="{name}"]')
        shape = key.evaluate("e => e.classList[2]")
        drawn = key.evaluate("e => getComputedStyle(e, '::before').content")
        assert drawn.startswith(f'"{MARK_CHARACTERS[shape]}"'), (name, drawn)  # the character, its alt text empty
        assert line.locator(".mk").evaluate("e => e.getAttribute('class')").endswith("open") == shape.endswith("-open")
        colour = key.evaluate("e => getComputedStyle(e).color")
        assert colour == line.locator(".ln").evaluate("e => getComputedStyle(e).stroke")
        assert colour == line.locator(".mk").evaluate("e => getComputedStyle(e).stroke")
    colours = [page.locator(f'#sheet th[data-player="{n}"] i.pk').evaluate("e => getComputedStyle(e).color")
               for n in players]
    assert len(set(colours)) == len(players)


def club_api(page: Any, club_url: str, record: dict[str, Any]) -> None:
    """A table of the club through the API, with the club's token (from its edit link)."""
    cid, token = urlsplit(club_url).path.split("/")[2:4]
    answer = page.request.post(f"/api/clubs/{cid}/sessions", data=record, headers={"Authorization": f"Bearer {token}"})
    assert answer.ok, answer.text()


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
    same_look(page, ["Ann", "Bob", "Cat", "Eve"])
    assert chart_labels_smallest(page) >= 12
    # A phone set to a dark theme: the same players in the dark set of colours, on the chart's dark background.
    page.emulate_media(color_scheme="dark")
    same_look(page, ["Ann", "Bob", "Cat", "Eve"])
    dark = page.locator('#charts g.player[data-player="Ann"] .ln').evaluate("e => getComputedStyle(e).stroke")
    assert dark == "rgb(86, 180, 233)"  # PLAYER_LOOKS[0].dark, #56B4E9
    assert page.locator("#charts svg.chart.players").evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(23, 23, 26)"
    page.emulate_media(color_scheme="light")
    assert page.locator('#charts g.player[data-player="Ann"] .ln').evaluate("e => getComputedStyle(e).stroke") == \
        "rgb(0, 114, 178)"  # #0072B2
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "club-table-phone.png"), full_page=True)

    # The club's page shows the figures.
    page.goto(club)
    fits(page)
    ann = page.locator('#game-black-lady tr[data-player="Ann"] td')
    assert ann.all_inner_texts()[:7] == ["1", "0", "1", "1", "16.0", "0", "1 Q\u2660"]  # tables, won, in play, ...
    assert page.locator('[data-person="Eve"]').count() == 1
    assert page.locator('#standings tr[data-player="Cat"] td').first.inner_text() == "1"  # 0 points: first
    ARTIFACTS.mkdir(exist_ok=True)

    # More tables, long names and money: the standings still fit the phone, Money column and all.
    long = ["Alexandrina", "Bartholomew", "Cat", "Eve"]
    club_api(page, club, {"game": "black-lady", "players": long, "first_dealer": "Eve", "stake": "0.25", "hands": [
        {"taken": {"Alexandrina": {"hearts": 3, "QS": 1}, "Bartholomew": {"hearts": 2}, "Cat": {"hearts": 8},
                   "Eve": {"hearts": 0}}}] * 3})
    club_api(page, club, {"game": "omnibus-hearts", "players": ["Ann", "Bob", "Cat", "Dan"], "first_dealer": "Dan",
                          "stake": "1.50", "hands": [{"taken": {"Ann": {"hearts": 0}, "Bob": {"hearts": 0},
                                                                "Cat": {"hearts": 13, "JD": 1}, "Dan": {"QS": 1}}}]})
    page.goto(club)
    fits(page)
    money = page.locator("#standings thead th").last
    assert money.inner_text() == "Money"
    box = money.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, box  # the Money column in view, not clipped
    # Nobody has won a table: every one is still in play, whoever leads it.
    assert page.locator("#standings tbody tr td:nth-child(4)").all_inner_texts() == ["0"] * 7
    page.screenshot(path=str(ARTIFACTS / "club-page-phone.png"), full_page=True)

    # The read-only page fits too.
    read = page.locator("#read-link").input_value()
    page.goto(read)
    fits(page)
    page.goto(club)

    # Ann's page: her figures, her chart over time, head to head and streaks.
    with page.expect_navigation():
        page.locator('#people [data-person="Ann"]').tap()
    fits(page)
    assert page.locator("#charts svg").count() == 1
    assert page.locator('#games tr[data-game="black-lady"] td').nth(4).inner_text() == "16.0"
    assert page.locator('#head-to-head tr[data-rival="Cat"] td').all_inner_texts() == ["2", "0", "0", "0"]
    assert page.locator("#streak-best").inner_text() == "0"
    page.screenshot(path=str(SCREENSHOT), full_page=True)

    foreign = [u for u in requests if urlsplit(u).scheme in ("http", "https") and urlsplit(u).hostname != HOST]
    assert not foreign, foreign
    assert not errors, errors
