"""The phone pages in a real browser: Debian's Chromium driven by Playwright.

One scenario (the issue's): start a Black Lady table, record three hands by their result and
one card by card, correct one, read the totals; the test keeps a screenshot of the sheet in
``tests/artifacts/black-lady-phone.png`` (git-ignored).

The server, the browser and the phone are the fixtures of ``tests/support/phonekit.py`` (through
``tests/conftest.py``): the app on a fresh SQLite file, Debian's Chromium, a 390x844 phone.
Without ``/usr/bin/chromium`` or the ``playwright`` package the tests fail under ``CI=true``
and are skipped elsewhere.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from scorekeeper.engine.hearts.replay import replay
from tests.support.phonekit import HOST
from tests.support.phoneforms import (
    GAME,
    PLAYERS,
    card_hand,
    fill_result,
    result_points,
    save,
    start_table,
    totals,
)

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
SCREENSHOT = ARTIFACTS / "black-lady-phone.png"

# Three hands by result: hearts per seat (the last is left to the page to fill in) and who took QS.
RESULTS = [
    ([3, 5, 2, 3], 1),
    ([0, 4, 6, 3], 3),
    ([7, 0, 1, 5], 0),
]


# --- the card-by-card hand from the engine -------------------------------------------------------


# --- the page helpers ----------------------------------------------------------------------------


# --- the scenario --------------------------------------------------------------------------------

def test_black_lady_table_on_a_phone(phone: tuple[Any, list[str], list[str]], live_server: str) -> None:
    from playwright.sync_api import expect

    page, requests, errors = phone

    # Start a Black Lady table: the game first (the form rebuilds itself for it), then the names.
    page.goto("/")
    assert page.locator("#players-3").count() == 1 and page.locator("#add-player").is_visible()
    with page.expect_navigation():
        page.locator("#game").select_option(GAME)
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    assert page.locator("#first_dealer option").all_inner_texts() == PLAYERS
    page.locator("#first_dealer").select_option("Ann")
    save(page, "#start")
    assert "/s/" in page.url
    assert page.locator("#dealer").inner_text() == "Ann"

    # Three hands by their result.
    expected = [0] * 4
    for hearts, queen in RESULTS:
        page.locator("#record-result").tap()
        page.wait_for_selector("#result-form")
        fill_result(page, hearts, queen)
        save(page, "#save-hand")
        expected = [t + p for t, p in zip(expected, result_points(hearts, queen))]
        assert totals(page) == expected
    assert page.locator("tr#hand-3").count() == 1

    # The fourth card by card: who deals and who leads as the page says.
    dealer = page.locator("#dealer").inner_text().strip()
    assert dealer == "Dan"
    record, plays, (refuse_at, refused_card) = card_hand(dealer, 4)
    eldest = PLAYERS[(PLAYERS.index(dealer) + 1) % 4]
    assert page.locator("#lead").inner_text().startswith(f"{eldest} (left of the dealer) leads")
    page.locator("#record-cards").tap()
    page.wait_for_selector("#play")
    page.wait_for_selector("#grid")  # Black Lady's first lead is eldest's: nobody to ask who holds 2C
    count = page.locator("#count")
    turn = page.locator("#turn")
    expect(turn).to_have_text(re.compile(rf"^{eldest} to play"))  # the page's first check answered
    for k, code in enumerate(plays):
        if k == refuse_at:
            page.locator(f'#card-{refused_card}[data-card="{refused_card}"]').tap()
            refusal = page.locator("#play-refusal")
            refusal.wait_for(state="visible")
            sentence = refusal.inner_text().strip()
            assert len(sentence) > 20 and sentence[0].isalpha(), sentence
            expect(count).to_have_text(f"{k} recorded")  # a refused card is not added
            expect(page.locator("#claim-revoke")).to_be_visible()  # the table might have let it stand
        page.locator(f'#card-{code}[data-card="{code}"]').tap()
        expect(count).to_have_text(f"{k + 1} recorded")  # no eval: the page's CSP forbids it
        if k == refuse_at:
            expect(refusal).to_be_hidden()  # the refusal goes once a legal card is tapped
            expect(page.locator("#claim-revoke")).to_be_hidden()
    expect(turn).to_have_text("Every action is in.")
    expect(page.locator("#save-play")).to_be_enabled()
    save(page, "#save-play")
    card_points = [int(p) for p in replay(record).points]  # type: ignore[call-overload]
    expected = [t + p for t, p in zip(expected, card_points)]
    assert totals(page) == expected
    assert page.locator("tr#hand-4").count() == 1

    # Correct hand 2: Ann took 2 hearts, not 0 (the page refills Dan's count, who took QS too).
    page.locator("#edit-2").tap()
    page.wait_for_selector("#result-form")
    page.locator("#hearts_0").fill("2")
    assert page.locator("#hearts_3").input_value() == "1"
    save(page, "#save-hand")
    old_hearts, queen = RESULTS[1]
    new_hearts = [2, 4, 6, 1]
    expected = [t - a + b for t, a, b in zip(expected, result_points(old_hearts, queen), result_points(new_hearts, queen))]
    if not page.locator("#sheet").count():
        page.locator("#back").tap()
        page.wait_for_selector("#sheet")
    assert totals(page) == expected
    assert "v2" in page.locator("tr#hand-2").inner_text()

    # The screenshot of the sheet, and nothing but 127.0.0.1 asked for anything.
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOT), full_page=True)
    assert SCREENSHOT.exists() and SCREENSHOT.stat().st_size > 10_000
    foreign = [u for u in requests if urlsplit(u).scheme in ("http", "https", "ws", "wss")
               and urlsplit(u).hostname != HOST]
    assert not foreign, f"requests to other hosts: {foreign}"
    assert not [u for u in requests if urlsplit(u).scheme not in ("http", "https", "data")], requests
    assert not errors, f"script errors: {errors}"


def test_a_revoke_the_table_let_stand_on_a_phone(phone: tuple[Any, list[str], list[str]]) -> None:
    """The card page offers to record a refused revoke as established; the hand then scores by the
    table's revoke rule and is saved at once."""
    from playwright.sync_api import expect

    page, _, errors = phone
    start_table(page)
    record, plays, (refuse_at, refused_card) = card_hand("Ann", 1)
    page.locator("#record-cards").tap()
    page.wait_for_selector("#play")
    count = page.locator("#count")
    for k, code in enumerate(plays[:refuse_at]):
        page.locator(f"#card-{code}").tap()
        expect(count).to_have_text(f"{k + 1} recorded")
    page.locator(f"#card-{refused_card}").tap()
    claim = page.locator("#claim-revoke")
    expect(claim).to_be_visible()
    offender = claim.inner_text().split("record ")[1].split("\u2019")[0]
    assert offender in PLAYERS
    with page.expect_navigation():  # the refused card now stands, with the revoke, and the hand is saved at once
        claim.tap()
    assert "/play" not in page.url
    points = totals(page)
    assert points[PLAYERS.index(offender)] > 0 and sum(points) == points[PLAYERS.index(offender)]
    assert "revoke" in page.locator("tr#hand-1").inner_text()
    assert not errors, f"script errors: {errors}"


def test_a_knaves_hand_by_result_on_a_phone(phone: tuple[Any, list[str], list[str]]) -> None:
    """A family game's form from its ruleset: tricks (the last filled in by the page) and the jacks."""
    from scorekeeper.engine.family import settle_json

    page, requests, errors = phone
    players = PLAYERS[:3]
    page.goto("/?game=knaves")
    for seat, name in enumerate(players):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option("Cat")
    save(page, "#start")
    page.locator("#record-result").tap()
    page.wait_for_selector("#result-form")
    page.locator("#tricks_0").fill("8")
    page.locator("#tricks_1").fill("6")
    assert page.locator("#tricks_2").input_value() == "3", "the page fills in the last player's tricks (17 in all)"
    for code, seat in (("JH", 0), ("JC", 1), ("JS", 1), ("JD", 2)):
        page.locator(f"#take_{code}-{seat}").check()
    save(page, "#save-hand")
    taken = {"Ann": {"tricks": 8, "JH": 1}, "Bob": {"tricks": 6, "JC": 1, "JS": 1}, "Cat": {"tricks": 3, "JD": 1}}
    expected = settle_json({"game": "knaves", "players": players, "first_dealer": "Cat",
                            "hands": [{"taken": taken}]})["totals"]
    assert totals(page, players) == [expected[p] for p in players]
    assert not errors, errors
    assert all(urlsplit(url).hostname == HOST for url in requests), "no third-party requests"


def test_a_knaves_hand_card_by_card_starts_with_the_trumps(phone: tuple[Any, list[str], list[str]]) -> None:
    """Knaves on the card page: the dealer's card turned up for trumps first, tapped from the pack, then the play."""
    from playwright.sync_api import expect

    page, _, errors = phone
    page.goto("/?game=knaves")
    for seat, name in enumerate(PLAYERS[:3]):
        page.locator(f"#players-{seat}").fill(name)
    save(page, "#start")
    page.locator("#record-cards").tap()
    expect(page.locator("#turn")).to_contain_text("to turn up trumps")
    page.locator("#grid #card-7D").tap()
    expect(page.locator("#turn")).to_contain_text("to play")
    expect(page.locator("#count")).to_have_text("1 recorded")
    assert not errors, f"script errors: {errors}"


def test_a_busy_table_sends_the_hand_again_by_itself(phone: tuple[Any, list[str], list[str]],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Another phone writes between every check and commit of the first save (all the server's own
    attempts): the page answers 409 busy, says it is sending again, sends the same form by itself
    after Retry-After, and the hand is stored once."""
    from playwright.sync_api import expect
    from sqlalchemy import update

    from scorekeeper.web import services
    from scorekeeper.web.extensions import db
    from scorekeeper.web.models import TableSession

    page, requests, errors = phone
    start_table(page)

    writes_left = [services._WRITE_ATTEMPTS]  # one request's worth: the page's second send goes in
    real = services._settle_with

    def check_then_another_phone_writes(session_id: str, *args: Any) -> Any:
        out = real(session_id, *args)
        if writes_left[0] > 0:
            writes_left[0] -= 1
            with db.engine.begin() as other:
                other.execute(update(TableSession).where(TableSession.id == session_id)
                              .values(revision=TableSession.revision + 1))
        return out

    monkeypatch.setattr(services, "_settle_with", check_then_another_phone_writes)
    answers: list[tuple[str, int]] = []
    page.on("response", lambda r: r.request.method == "POST" and answers.append((r.request.method, r.status)))
    page.locator("#record-result").tap()
    page.wait_for_selector("#result-form")
    hearts, queen = RESULTS[0]
    fill_result(page, hearts, queen)
    page.locator("#save-hand").tap()
    notice = page.locator("#busy-notice")
    expect(notice).to_have_text("The table is busy, sending again\u2026")  # shown until the form goes again
    expect(page.locator(".flash.notice")).to_have_text("Hand 1 saved.")
    assert answers == [("POST", 409), ("POST", 302)]
    assert writes_left == [0]
    assert totals(page) == result_points(hearts, queen)
    assert page.locator("tr#hand-1").count() == 1 and page.locator("tr#hand-2").count() == 0
    assert not errors, f"script errors: {errors}"
