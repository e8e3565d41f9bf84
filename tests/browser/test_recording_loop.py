"""The recording loop on a phone, in Chromium at 390x844 (the phone of ``phonekit``, the helpers of ``test_browser``).

A typical Black Lady hand by its result takes at most the taps and keystrokes docs/app.md says,
every tap on something already in view (no scroll); after the save the next hand's record action
is in view where Save was. Back and Save again stores nothing twice; game over leaves nothing to
record; the moon question shows only for a moon; the page's own last count never mixes with typed
digits; Save stays above the field typed into (a correction's Save stays with its form); the "why"
note covers no total; the Knaves card page opens without a refusal.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.support.phoneforms import PLAYERS, save, start_table, totals
from tests.support.recording import stored_hands

ROOT = Path(__file__).resolve().parents[2]
WIDTH, HEIGHT = 390, 844

Phone = tuple[Any, list[str], list[str]]


# --- what is on the screen ------------------------------------------------------------------------

def in_view(page: Any, selector: str) -> bool:
    """Whether the element lies wholly inside the 390x844 viewport as the page is scrolled now, and is
    the element a tap at its centre reaches (no bar or other element over it)."""
    return bool(page.evaluate(
        """(sel) => {
            const el = document.querySelector(sel);
            if (!el) return false;
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return !!hit && (hit === el || el.contains(hit) || hit.contains(el) || (hit.control === el));
        }""", selector))


def scrolled(page: Any) -> int:
    return int(page.evaluate("Math.round(window.scrollY)"))


class Taps:
    """Taps and keystrokes as a scorer makes them: every tap on an element already in view, none after
    a scroll (the page is never scrolled: its scroll position is checked at each tap)."""

    def __init__(self, page: Any) -> None:
        self.page, self.taps, self.keys = page, 0, 0

    def tap(self, selector: str, navigates: bool = False) -> None:
        page = self.page
        assert scrolled(page) == 0, f"the page was scrolled before tapping {selector}"
        assert in_view(page, selector), f"{selector} is not in view without scrolling: {page.locator(selector).bounding_box()}"
        if navigates:
            with page.expect_navigation():
                page.locator(selector).tap()
        else:
            page.locator(selector).tap()
            assert scrolled(page) == 0, f"tapping {selector} scrolled the page"
        self.taps += 1

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.keys += len(text)


def documented_figure() -> tuple[int, int]:
    """The taps and keystrokes of a typical Black Lady hand, as the user guide says them."""
    found = re.search(r"\*\*(\d+) taps and (\d+) keystrokes\*\*", (ROOT / "docs" / "app.md").read_text(encoding="utf-8"))
    assert found, "docs/app.md gives the taps of a hand by its result"
    return int(found.group(1)), int(found.group(2))


def open_form(page: Any) -> None:
    page.locator("#record-result").tap()
    page.wait_for_selector("#result-form")


# --- the loop ---------------------------------------------------------------------------------------

def test_a_black_lady_hand_by_its_result_in_five_taps_without_scrolling(phone: Phone) -> None:
    """Ann 4 hearts, Bob 9 and the queen, Cat and Dan none: Record, Ann's count, Bob's count (Dan's
    fills itself in: 0), Bob for QS, Save; then the next hand's record action is in view."""
    from playwright.sync_api import expect

    page, _, errors = phone
    start_table(page)
    page.evaluate("window.scrollTo(0, 0)")
    loop = Taps(page)
    loop.tap("#record-result", navigates=True)
    assert in_view(page, "#save-hand"), "Save is in view as the form opens"
    assert not page.locator("#moon").is_visible(), "no moon question before the counts make a moon"
    loop.tap("#hearts_0")
    loop.type("4")
    loop.tap("#hearts_1")
    loop.type("9")
    expect(page.locator("#hearts_3")).to_have_value("0")  # the last count, filled in: 13 - 4 - 9
    loop.tap("#take_QS-1")
    assert in_view(page, "#save-hand")
    loop.tap("#save-hand", navigates=True)

    assert (loop.taps, loop.keys) == (5, 2)
    taps, keys = documented_figure()
    assert loop.taps <= taps and loop.keys <= keys, "the user guide's figure is what the page takes"
    expect(page.locator(".flash.notice")).to_have_text("Hand 1 saved.")
    assert in_view(page, "#record-result"), "the next hand's record action is in view after the save"
    # where Save was, a second tap finds the next hand's record action, never a link away (export, sheets)
    save_box = page.locator("#record-result").bounding_box()
    at_save = page.evaluate("([x, y]) => { const el = document.elementFromPoint(x, y); return el && el.closest('a, button') ? el.closest('a, button').id : null; }",
                            [WIDTH / 2 - 60, save_box["y"] + save_box["height"] / 2])
    assert at_save == "record-result"
    assert totals(page) == [4, 22, 0, 0]
    hands = stored_hands(page)
    assert len(hands) == 1 and hands[0]["taken"] == {
        "Ann": {"hearts": 4}, "Bob": {"hearts": 9, "QS": 1}, "Cat": {"hearts": 0}, "Dan": {"hearts": 0}}
    assert hands[0]["id"], "the hand carries the form's client id"
    assert not errors, f"script errors: {errors}"


def test_back_and_save_again_stores_the_hand_once(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    start_table(page)
    open_form(page)
    page.locator("#hearts_0").fill("4")
    page.locator("#hearts_1").fill("9")
    page.locator("#take_QS-1").check()
    save(page, "#save-hand")
    first = stored_hands(page)
    assert len(first) == 1

    page.go_back()  # the browser brings the form back, filled as it was sent
    page.wait_for_selector("#result-form")
    expect(page.locator("#hearts_0")).to_have_value("4")
    save(page, "#save-hand")
    assert re.search(r"/hand/1$", page.url), "the duplicate shows the stored hand"
    expect(page.locator(".flash.notice")).to_contain_text("Hand 1 was already saved")
    page.goto(page.url.rsplit("/hand/", 1)[0])  # the session page
    hands = stored_hands(page)
    assert hands == first, "nothing stored twice"
    assert page.locator("#sheet tbody tr[data-hand]").count() == 1

    # a double tap on Save sends the form once
    posts: list[str] = []
    page.on("request", lambda r: r.method == "POST" and posts.append(r.url))
    open_form(page)
    page.locator("#hearts_0").fill("2")
    page.locator("#hearts_1").fill("3")
    page.locator("#take_QS-2").check()
    with page.expect_navigation():
        page.locator("#save-hand").dblclick()
    page.wait_for_load_state()
    assert len(posts) == 1, posts
    assert len(stored_hands(page)) == 2
    assert not errors, f"script errors: {errors}"


def test_game_over_hides_the_recording_actions_and_says_who_won(phone: Phone, browser: Any, live_server: str) -> None:
    """Three hands stored through the API (Ann 75), the fourth on the phone ends the game (Ann 100);
    a second phone following the table loses its record actions too when the live part says so."""
    from playwright.sync_api import expect

    page, _, errors = phone
    hand = {"taken": {"Ann": {"hearts": 12, "QS": 1}, "Bob": {"hearts": 1}, "Cat": {"hearts": 0}, "Dan": {"hearts": 0}}}
    created = page.request.post("/api/sessions", data={"game": "black-lady", "players": PLAYERS, "first_dealer": "Ann",
                                                       "hands": [hand] * 3})
    assert created.status == 201, created.text()
    body = created.json()
    edit = f"/s/{body['id']}/{body['token']}"
    other = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True,
                                base_url=live_server)
    try:
        follower = other.new_page()
        follower.goto(edit)
        expect(follower.locator("#record-bar")).to_be_visible()

        page.goto(edit)
        open_form(page)
        page.locator("#hearts_0").fill("12")
        page.locator("#hearts_1").fill("1")
        page.locator("#hearts_2").fill("0")
        page.locator("#take_QS-0").check()
        save(page, "#save-hand")
        expect(page.locator("#game-over")).to_be_visible()
        expect(page.locator("#winners")).to_have_text("Cat, Dan")
        for gone in ("#record-bar", "#record-result", "#record-cards", "#misdeal"):
            assert page.locator(gone).count() == 0, f"{gone} is still offered after the game is over"
        page.goto(edit + "/result")  # the form's address itself says so
        assert page.url.endswith(edit)
        expect(page.locator(".flash.notice")).to_have_text("The game is over: Cat and Dan won. No hand is recorded after it.")

        expect(follower.locator("#game-over")).to_be_visible(timeout=15_000)  # the other phone's poll
        expect(follower.locator("#record-bar")).to_have_count(0)
        expect(follower.locator("#misdeal")).to_have_count(0)
    finally:
        other.close()
    assert not errors, f"script errors: {errors}"


def test_the_moon_question_shows_only_for_a_moon(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    start_table(page)
    open_form(page)
    moon = page.locator("#moon")
    expect(moon).to_be_hidden()
    page.locator("#hearts_0").fill("13")  # every heart: the others fill in 0 ...
    expect(page.locator("#hearts_3")).to_have_value("0")
    expect(moon).to_be_hidden()
    page.locator("#take_QS-1").check()  # ... but Bob took the queen: no moon
    expect(moon).to_be_hidden()
    page.locator("#take_QS-0").check()  # Ann took every point card
    expect(moon).to_be_visible()
    page.locator("#moon-add").check()
    page.locator("#hearts_0").fill("12")  # one heart elsewhere: the question goes, and its answer is not sent
    expect(moon).to_be_hidden()
    page.locator("#hearts_0").fill("13")
    expect(moon).to_be_visible()
    save(page, "#save-hand")
    assert totals(page) == [0, 26, 26, 26]
    assert stored_hands(page)[0]["moon_choice"] == "add"

    open_form(page)  # hand 2, no moon: the question never shows and no choice is stored
    page.locator("#hearts_0").fill("3")
    page.locator("#take_QS-0").check()
    expect(moon).to_be_hidden()
    save(page, "#save-hand")
    assert "moon_choice" not in stored_hands(page)[1]
    assert not errors, f"script errors: {errors}"


def test_typing_over_the_page_s_own_count_replaces_it(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    start_table(page)
    open_form(page)
    last = page.locator("#hearts_3")
    page.locator("#hearts_0").tap()
    page.keyboard.type("4")
    page.locator("#hearts_1").tap()
    page.keyboard.type("6")
    expect(last).to_have_value("3")  # 13 - 4 - 6, Cat's left empty
    page.locator("#hearts_0").tap()
    page.locator("#hearts_1").tap()  # a count taken by a tap is selected: typing replaces it
    page.keyboard.type("5")
    expect(page.locator("#hearts_1")).to_have_value("5")
    expect(last).to_have_value("4")  # follows the others live
    expect(last).to_have_class(re.compile(r"\bauto\b"))

    last.focus()
    page.keyboard.press("End")  # the caret beside the page's figure, not on it
    page.keyboard.type("2")
    expect(last).to_have_value("2")  # not 42: the typed figure replaces the page's (fill, below, is an input too)
    expect(last).not_to_have_class(re.compile(r"\bauto\b"))
    page.locator("#hearts_0").fill("3")
    expect(last).to_have_value("2")  # a typed count stays as typed
    last.fill("")
    expect(last).to_have_value("5")  # emptied: the page's again, 13 - 3 - 5
    page.locator("#hearts_0").fill("")
    page.locator("#hearts_1").fill("")
    expect(last).to_have_value("")  # nothing said by the others: nothing left stale

    # counts that cannot be are flagged at the field, in a sentence
    page.locator("#hearts_0").fill("14")
    expect(page.locator("#hearts_0")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#hearts_0-check")).to_have_text("A hand has only 13 hearts: 14 is too many.")
    expect(page.locator("#hearts_0")).to_have_attribute("aria-describedby", "hearts_0-check")
    page.locator("#hearts_0").fill("10")
    expect(page.locator("#hearts_0")).not_to_have_attribute("aria-invalid", "true")
    page.locator("#hearts_1").fill("5")
    expect(page.locator("#hearts_1-check")).to_have_text("The hearts add up to 15 here, more than the 13 a hand has.")
    expect(last).to_have_value("")
    page.locator("#take_QS-1").check()
    save(page, "#save-hand")  # the engine has the last word: refused, the form kept as typed
    expect(page.locator("#refusal")).to_be_visible()
    expect(page.locator("#hearts_1")).to_have_value("5")
    assert len(page.locator("#refusal").inner_text()) > 20
    assert not errors, f"script errors: {errors}"


def test_save_stays_in_view_and_above_the_field_typed_into(phone: Phone) -> None:
    """Auction Hearts for six: a form longer than the screen (the bids, then the counts). Save is in
    view at every scroll, and a count the bar would cover is brought above it as it takes the focus."""
    page, _, errors = phone
    players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
    page.goto("/?game=auction-hearts")
    page.locator("#add-player").tap()
    page.locator("#add-player").tap()
    for seat, name in enumerate(players):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option("Ann")
    save(page, "#start")
    open_form(page)
    assert page.evaluate("document.documentElement.scrollHeight") > HEIGHT * 1.5, "a form longer than the screen"
    assert in_view(page, "#save-hand")
    for y in (300, 700, 100_000):
        page.evaluate(f"window.scrollTo(0, {y})")
        assert in_view(page, "#save-hand"), f"Save out of reach at scroll {y}"
    bar_top = page.locator("#save-bar").bounding_box()["y"]
    field = page.locator("#hearts_5")
    page.evaluate("""([sel, barTop]) => {   // the field just under the bar, as a scroll may leave it
        const r = document.querySelector(sel).getBoundingClientRect();
        window.scrollBy(0, r.top - barTop - 10);
    }""", ["#hearts_5", bar_top])
    assert field.bounding_box()["y"] + field.bounding_box()["height"] > bar_top, "the field starts under the bar"
    field.focus()
    page.wait_for_timeout(100)
    box = field.bounding_box()
    assert box["y"] + box["height"] <= page.locator("#save-bar").bounding_box()["y"], "the bar covers the field typed into"
    assert box["y"] >= 0
    assert in_view(page, "#hearts_5") and in_view(page, "#save-hand")
    assert not errors, f"script errors: {errors}"


def test_the_why_note_covers_no_total(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    start_table(page)
    for hearts, queen in (([3, 5, 2], 1), ([0, 4, 6], 3)):
        open_form(page)
        for seat, count in enumerate(hearts):
            page.locator(f"#hearts_{seat}").fill(str(count))
        page.locator(f"#take_QS-{queen}").check()
        save(page, "#save-hand")
    page.locator("#hand-1 button.pts").first.tap()
    why = page.locator("#why")
    expect(why).to_be_visible()
    expect(why).to_contain_text("Hand 1 \u00b7 ")
    note, total = why.bounding_box(), page.locator("tr.totals").bounding_box()
    assert note["y"] + note["height"] <= total["y"] or note["y"] >= total["y"] + total["height"], "the note covers the totals"
    row = page.locator("#hand-1").bounding_box()
    assert note["y"] >= row["y"] + row["height"] - 1, "the note opens under the hand tapped"
    assert in_view(page, "tr.totals td.total[data-player=\"Ann\"]")
    page.locator("h1").tap()  # a tap elsewhere closes it
    expect(why).to_be_hidden()
    assert page.locator("#why-row").count() == 0

    # a correction's Save sticks to the bottom of its own form (the hand page goes on below it)
    page.locator("#edit-1").tap()
    page.wait_for_selector("#result-form")
    assert "pinned" not in (page.locator("#save-bar").get_attribute("class") or "")
    assert in_view(page, "#save-hand"), "the correction's Save is in view while its form is"
    assert page.evaluate("getComputedStyle(document.getElementById('save-bar')).position") == "sticky"
    assert not errors, f"script errors: {errors}"


def test_the_knaves_card_page_opens_without_a_refusal(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    page.goto("/?game=knaves")
    for seat, name in enumerate(PLAYERS[:3]):
        page.locator(f"#players-{seat}").fill(name)
    save(page, "#start")
    with page.expect_response(lambda r: r.url.endswith("/next")) as checked:
        page.locator("#record-cards").tap()
    assert checked.value.status == 200  # the dealer turns up trumps first: asked, nothing refused
    expect(page.locator("#turn")).to_contain_text("to turn up trumps")
    expect(page.locator("#cannot")).to_have_count(0)
    expect(page.locator("#play-refusal")).to_be_hidden()
    assert not errors, f"script errors: {errors}"
