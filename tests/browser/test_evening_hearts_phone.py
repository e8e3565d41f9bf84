"""A whole Black Lady evening on three phones (Debian's Chromium at 390x844, ``tests/support/phonekit.py``): the scorer's
phone A, a second scorer's phone B on the edit link, and a follower's phone C on the read-only link.

Played to 50 so that it ends: hands by result on A and B, one card by card on B; A's result form and card page
first opened at hand 2, then hands recorded on B, then A offline opens them and finds the hand the table is at;
a hand kept offline on A goes in once back online; a hand kept offline on A while B recorded the same hand is
refused with the server's sentence and dropped; B and C see the hands appear; the game over with its standings
line; a new game with the same players. Every step checks the stored records (the export) and the engine's
settlement of them against what the pages show, and each hand is stored exactly once.

The dispute of the evening (a revoke refused on the spot, "It stood", the stored hand's audit) is its own test.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any

import pytest

from tests.support.phonekit import another_phone, exported, settled_export, totals_shown, worker_controls
from tests.support.phoneforms import PLAYERS, card_hand, fill_result, result_points, save
from tests.support.offlinekit import kept_with, sheet_url

Phone = tuple[Any, list[str], list[str]]
TARGET = "50"
# The evening's hands by result: hearts per seat and who took Q♠ (hand 2 is card by card, on phone B).
HAND_1 = ([3, 5, 2, 3], 1)
HAND_3 = ([0, 4, 6, 3], 3)
HAND_4 = ([2, 0, 5, 6], 2)  # kept offline on A
HAND_5_A = ([3, 5, 2, 3], 1)  # kept offline on A, refused: B recorded hand 5 meanwhile
HAND_5_B = ([1, 0, 8, 4], 0)
HAND_6 = ([6, 1, 0, 6], 1)  # Bob passes 50: the game is over
STANDINGS = re.compile(r"Black Lady, \d{1,2} [A-Z][a-z]{2}: 1\. Ann 29, 2\. Cat 34, 3\. Dan 40, 4\. Bob 53")


def by_result(page: Any, hand: tuple[list[int], int]) -> None:
    page.locator("#record-result").tap()
    page.wait_for_selector("#result-form")
    fill_result(page, *hand)
    save(page, "#save-hand")


def hands_stored_once(page: Any, session: str, count: int) -> dict[str, Any]:
    """The stored hands: ``count`` of them, each with its own client id; the engine's settlement of them."""
    stored, settled = settled_export(page, session)
    assert len(stored["hands"]) == count, [h.get("taken") for h in stored["hands"]]
    ids = [h.get("id") for h in stored["hands"]]
    assert len(set(ids)) == count, ids
    return settled


def audit_on_paper(page: Any) -> str:
    """The text of the audit's PDF, as the open audit page's form asks for it (poppler's pdftotext)."""
    import shutil
    import subprocess

    form = page.locator("#audit-pdf-form")
    fields = {name: form.locator(f'input[name="{name}"]').input_value() for name in ("csrf_token", "record")}
    answer = page.request.post(form.get_attribute("action"), form=fields)
    assert answer.ok and answer.body()[:5] == b"%PDF-", answer.status
    if not shutil.which("pdftotext"):
        pytest.skip("poppler's pdftotext is not installed")
    text: str = subprocess.run(["pdftotext", "-layout", "-", "-"], input=answer.body(), capture_output=True,
                               check=True).stdout.decode()
    return text


def start_table(page: Any) -> str:
    page.goto("/?game=black-lady")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option("Ann")
    page.locator("#settlement-options > summary").tap()
    page.locator("#setopt_target").select_option(TARGET)
    save(page, "#start")
    return sheet_url(page)


def test_a_black_lady_evening_on_three_phones(phone: Phone, browser: Any, live_server: str) -> None:
    from playwright.sync_api import expect

    a, _, errors = phone
    session = start_table(a)
    read_only = a.locator("#read-link").input_value()
    worker_controls(a)

    # Hand 1 on A, by its result; then A opens the result form and the card page (hand 2): kept by the phone.
    by_result(a, HAND_1)
    expect(a.locator("tr#hand-1")).to_have_count(1)
    a.goto(session + "/result")
    expect(a.locator("h1")).to_contain_text("Hand 2")
    a.goto(session + "/play")
    a.wait_for_selector("#grid")
    a.goto(session)
    kept_with(a, session + "/play", 'data-coming="title">Hand 2<')

    with another_phone(browser, live_server) as (b, b_errors), another_phone(browser, live_server) as (c, c_errors):
        b.goto(session)
        c.goto(read_only)
        expect(c.locator("#read-only-note")).to_be_visible()
        assert c.locator("#record-result").count() == 0

        # Hand 2 on B, card by card (Bob deals); A and C see it appear without a reload.
        expect(b.locator("#dealer")).to_have_text("Bob")
        _, plays, _ = card_hand("Bob", 2)
        b.locator("#record-cards").tap()
        b.wait_for_selector("#grid")
        expect(b.locator("#turn")).to_have_text(re.compile(r"^Cat to play"))  # the page's first check answered
        for k, code in enumerate(plays, start=1):
            b.locator(f"#grid #card-{code}").tap()
            expect(b.locator("#count")).to_have_text(f"{k} recorded")
        save(b, "#save-play")
        expect(b.locator("tr#hand-2")).to_have_count(1)
        # Hand 3 on B, by its result.
        by_result(b, HAND_3)
        for other in (a, c):
            expect(other.locator("tr#hand-3")).to_have_count(1, timeout=15_000)
            expect(other.locator("#dealer")).to_have_text("Dan")
        settled = hands_stored_once(a, session, 3)
        assert settled["hands"][1]["points"] == dict(zip(PLAYERS, [4, 17, 0, 5]))
        a.goto(session)

        # A offline: the pages first kept at hand 2 open at hand 4, Dan dealing (the copies followed B's hands).
        kept_with(a, session + "/result", 'data-coming="number">4<')
        kept_with(a, session + "/play", 'data-coming="title">Hand 4<')
        went_offline = datetime.now(timezone.utc)
        a.context.set_offline(True)
        try:
            a.locator("#record-cards").tap()
            a.wait_for_selector("#grid")
            # The copy's time is when the server sent it (its one Date header, to the second), not now.
            copied = a.locator("html").get_attribute("data-offline-copy") or ""
            assert copied.endswith(".000Z"), copied
            assert datetime.fromisoformat(copied.replace("Z", "+00:00")) <= went_offline, (copied, went_offline)
            expect(a.locator("#offline-notice")).to_contain_text("This page is as this phone last saw it (")
            expect(a.locator("h1")).to_contain_text("Hand 4")
            expect(a.locator(".context")).to_contain_text("Dan deals.")
            expect(a.locator("#count")).to_have_text("0 recorded")
            expect(a.locator("#save-play")).to_be_disabled()
            a.goto(session)
            a.locator("#record-result").tap()
            a.wait_for_selector("#result-form")
            expect(a.locator("h1")).to_contain_text("Hand 4")
            expect(a.locator(".context")).to_contain_text("Dan dealt")
            assert a.locator("input[name=for_hand]").input_value() == "4"
            fill_result(a, *HAND_4)
            save(a, "#save-hand")  # kept on the phone
            expect(a.locator("#sheet tr.outbox-row")).to_have_count(1)
            expect(a.locator("#dealer")).to_have_text("Ann")
        finally:
            a.context.set_offline(False)
        # Back online: the kept hand goes in, once, and the sheet says so; B and C see it.
        expect(a.locator("tr#hand-4")).to_have_count(1, timeout=20_000)
        expect(a.locator("#outbox-sent .outbox-item.stored")).to_contain_text("Hand 4 saved.")
        a.locator("#outbox-seen").tap()
        expect(a.locator("#outbox")).to_be_hidden()
        for other in (b, c):
            expect(other.locator("tr#hand-4")).to_have_count(1, timeout=15_000)
        hands_stored_once(a, session, 4)

        # A offline again keeps hand 5; meanwhile B records hand 5: A's is refused, with the server's sentence.
        a.goto(session)
        kept_with(a, session + "/result", 'data-coming="number">5<')
        a.context.set_offline(True)
        try:
            a.locator("#record-result").tap()
            a.wait_for_selector("#result-form")
            expect(a.locator("h1")).to_contain_text("Hand 5")
            fill_result(a, *HAND_5_A)
            save(a, "#save-hand")
            expect(a.locator("#sheet tr.outbox-row")).to_have_count(1)
            by_result(b, HAND_5_B)
            expect(b.locator("tr#hand-5")).to_have_count(1)
        finally:
            a.context.set_offline(False)  # the online event: the page sends what it kept
        refusal = a.locator("#outbox .outbox-item.refused .refusal")
        expect(refusal).to_have_text("Hand 5 was recorded on another phone after this form was opened: nothing is "
                                     "stored. It says: Ann took 1 heart and Q♠: 14; total 23 · Bob took no scoring "
                                     "cards: 0; total 39 · Cat took 8 hearts: 8; total 34 · Dan took 4 hearts: 4; "
                                     "total 34. If this is another hand, tap Save again to record it as hand 6.",
                                     timeout=20_000)
        expect(a.locator("#sheet tr.outbox-row.refused")).to_contain_text("Not stored")
        a.locator("[data-outbox-drop]").tap()  # B's hand 5 is the table's: A's copy is dropped
        expect(a.locator("#outbox")).to_be_hidden()
        assert a.evaluate("window.scorekeeperOutbox.all().then(items => items.length)") == 0
        settled = hands_stored_once(a, session, 5)
        stored = exported(a, session)
        assert stored["hands"][4]["taken"]["Ann"] == {"hearts": 1, "QS": 1}  # B's hand, not A's
        assert totals_shown(a, session, PLAYERS) == settled["totals"] == dict(zip(PLAYERS, [23, 39, 34, 34]))

        # Hand 6 on A: Bob passes 50, the game is over, on every phone; the standings line to share.
        a.goto(session)
        by_result(a, HAND_6)
        expect(a.locator("#winners")).to_have_text("Ann")
        line = a.locator("#standings-text").inner_text()
        assert STANDINGS.fullmatch(line), line
        expect(a.locator("#share-standings")).to_be_visible()
        for other in (b, c):
            expect(other.locator("#winners")).to_have_text("Ann", timeout=15_000)
            assert other.locator("#standings-text").inner_text() == line
        assert c.locator("#again").count() == 0  # the read-only link starts nothing
        settled = hands_stored_once(a, session, 6)
        assert settled["finished"] and settled["winners"] == ["Ann"]
        expected = dict(zip(PLAYERS, [29, 53, 34, 40]))
        for who, url in ((a, session), (b, session), (c, read_only)):
            assert totals_shown(who, url, PLAYERS) == settled["totals"] == expected
        points = [h["points"] for h in settled["hands"]]
        for number, hand in ((1, HAND_1), (3, HAND_3), (4, HAND_4), (5, HAND_5_B), (6, HAND_6)):
            assert points[number - 1] == dict(zip(PLAYERS, result_points(*hand))), number
        assert not b_errors and not c_errors, (b_errors, c_errors)

    # New game with the same players: one tap, the same seats, the same first dealer and target, no hands.
    a.goto(session)
    with a.expect_navigation():
        a.locator("#again").tap()
    fresh = sheet_url(a)
    assert fresh != session and "/s/" in fresh
    expect(a.locator("#dealer")).to_have_text("Ann")
    assert a.locator("td.total").evaluate_all("cells => cells.map(c => c.dataset.player)") == PLAYERS
    assert a.locator("tr[id^=hand-]").count() == 0
    old, new = exported(a, session), exported(a, fresh)
    assert new["hands"] == [] and new["players"] == old["players"] == PLAYERS
    assert {k: new.get(k) for k in ("game", "options", "first_dealer", "settlement_options")} == \
        {k: old.get(k) for k in ("game", "options", "first_dealer", "settlement_options")}
    assert str(new["settlement_options"]["target"]) == TARGET
    assert len(exported(a, session)["hands"]) == 6  # the evening's table is as it was
    assert not errors, f"script errors: {errors}"


# The evening's dispute: hand 2, Bob dealing, Cat leads. Trick 3: Ann leads 2♠ and Bob plays 4♥ holding 6♠, which he
# tries to play in trick 5, the 19th card: refused on the spot, and the table lets the revoke stand.
BEFORE_THE_PROOF = "2C 3C 4C 5C 6C 7C 8C 9C 2S 4H 3S KS AD 3D 4D 5D 7S 8S".split()


def test_the_evenings_dispute_is_judged_and_audited(phone: Phone) -> None:
    """A hand by result, then a hand card by card where Bob's revoke is refused on the spot when his 6♠ proves it;
    "It stood" saves the hand at once; the stored hand's audit marks the revoke at its step (10) with its rule, the
    card that proves it and what the table's decision cost, which is what the sheet and the engine say."""
    from playwright.sync_api import expect

    page, _, errors = phone
    page.goto("/?game=black-lady")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option("Ann")
    save(page, "#start")
    session = sheet_url(page)
    by_result(page, HAND_1)
    expect(page.locator("#dealer")).to_have_text("Bob")
    page.locator("#record-cards").tap()
    page.wait_for_selector("#grid")
    expect(page.locator("#turn")).to_have_text(re.compile(r"^Cat to play"))  # the page's first check answered
    for k, code in enumerate(BEFORE_THE_PROOF, start=1):
        page.locator(f"#grid #card-{code}").tap()
        expect(page.locator("#count")).to_have_text(f"{k} recorded")
    with page.expect_response(lambda r: r.url.endswith("/next") and r.status == 422):
        page.locator("#grid #card-6S").tap()
    refusal = page.locator("#play-refusal")
    expect(refusal).to_contain_text("which Bob played later, play 19)")  # counted from 1
    expect(page.locator("#count")).to_have_text("18 recorded")
    claim = page.locator("#claim-revoke")
    expect(claim).to_have_text("It stood: record Bob\u2019s revoke in trick 3")
    with page.expect_navigation():  # saved at once, as the user guide says: no Save to tap
        claim.tap()
    expect(page.locator("tr#hand-2")).to_have_count(1)
    settled = hands_stored_once(page, session, 2)
    hand = exported(page, session)["hands"][1]
    assert hand["events"] == [{"type": "revoke", "player": "Bob", "trick": 3}] and len(hand["play"]) == 19
    cost = settled["hands"][1]["points"]
    assert cost["Bob"] > 0 and sum(cost.values()) == cost["Bob"]
    assert totals_shown(page, session, PLAYERS) == settled["totals"]

    # The stored hand's audit: the revoke at step 10, its rule, the proof (6♠ at step 19), the decision and its cost.
    page.goto(session + "/hand/2/audit")
    expect(page.locator("#legal")).to_have_count(0)  # not "every action is legal"
    stood = page.locator("#stood")
    expect(stood).to_contain_text("A revoke stood: step 10, trick 3: Bob played 4")
    expect(stood).to_contain_text("Rule:")
    expect(stood).to_contain_text(re.compile(r"proven by 6\s*\u2660 at step 19"))
    costs = ", ".join(f"{name} {cost[name]}" for name in PLAYERS)
    expect(page.locator("#stood-decision")).to_have_text(
        f"The table let it stand (step 19): an established revoke, which cost: {costs}.")
    on_paper = audit_on_paper(page)  # the printed audit says the same
    assert "A revoke stood" in on_paper and "step 10" in on_paper and "6\u2660" in on_paper, on_paper
    page.goto(session + "/hand/2/audit?step=10")
    expect(page.locator("#frame-10 > h3")).to_contain_text("revoke, let stand")
    expect(page.locator("#stood-here")).to_contain_text("the table let it stand at step 19")
    # What if Bob had followed with 6♠: the rest no longer fits as recorded, and is repaired the natural way.
    page.goto(session + "/hand/2/audit")
    with page.expect_navigation():
        page.locator("#whatif-followed").tap()
    expect(page.locator("#whatif-result")).to_contain_text("The rest of the hand as recorded no longer fits")
    expect(page.locator("#whatif-repair")).to_contain_text("step 19: Bob played 4")
    assert not errors, f"script errors: {errors}"
