"""The table without a connection, on a phone: Chromium at 390x844 (``phonekit``), the browser put offline
with ``context.set_offline``.

With the service worker (127.0.0.1 is a secure context): the app installs (the manifest and its icons),
the worker controls the page, the pages the phone has seen open offline, a page never seen is the
offline page; two hands by result and a whole hand card by card recorded offline wait on the sheet and
go in once each when the connection returns. Without it (as over plain http on a LAN: the context
blocks service workers), the page keeps the hands itself; five cards tapped offline are kept and checked
by the engine when the connection returns. A hand the engine refuses shows its sentence and keeps what
was typed. Every check of what is stored reads the session's export (the API), not the page.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Iterator
from typing import Any

import pytest

from scorekeeper.engine.hearts.replay import replay
from tests.support.phoneforms import PLAYERS, card_hand, fill_result, result_points, save, start_table, totals
from tests.support.recording import stored_hands
from tests.support.phonekit import wait_until, worker_controls
from tests.support.offlinekit import kept_with, sheet_url

WIDTH, HEIGHT = 390, 844
RESULTS = [([3, 5, 2, 3], 1), ([0, 4, 6, 3], 3)]

Phone = tuple[Any, list[str], list[str]]


@pytest.fixture
def lan_phone(browser: Any, live_server: str) -> Iterator[Phone]:
    """A phone whose browser allows no service worker, as over plain http on a LAN address."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True,
                                  base_url=live_server, service_workers="block")
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("dialog", lambda d: d.accept())
    try:
        yield page, [], errors
    finally:
        context.close()


def keep_a_refused_hand(page: Any, session: str) -> None:
    """On the result form, offline: 14 hearts for Ann, kept; back online, the sheet shows it refused."""
    from playwright.sync_api import expect

    page.locator("#hearts_0").fill("14")
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox-kept")).to_be_visible()
    page.context.set_offline(False)
    page.goto(session)
    expect(page.locator("#outbox .outbox-item.refused")).to_have_count(1, timeout=20_000)


def controlled(page: Any) -> None:
    """Wait until the service worker controls the page (it claims the pages open as it activates)."""
    worker_controls(page)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "a PNG file"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def offline_form(page: Any) -> str:
    """A new table's result form opened, then the connection lost; the table's sheet address."""
    start_table(page)
    session = sheet_url(page)
    page.locator("#record-result").tap()
    page.wait_for_selector("#result-form")
    page.context.set_offline(True)
    return session


def test_the_app_installs_and_its_pages_open_offline(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    start_table(page)
    session = sheet_url(page)
    manifest_href = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.request.get(manifest_href)
    assert manifest.ok and manifest.headers["content-type"].startswith("application/manifest+json")
    body = manifest.json()
    assert body["name"] and body["short_name"] and body["start_url"] == "/" and body["scope"] == "/"
    assert body["display"] == "standalone" and re.fullmatch(r"#[0-9a-f]{6}", body["theme_color"])
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in body["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in body["icons"]:
        answer = page.request.get(icon["src"])
        assert answer.ok and answer.headers["content-type"] == "image/png"
        assert "%dx%d" % png_size(answer.body()) == icon["sizes"]

    controlled(page)
    read_only = page.locator("#read-link").input_value()
    page.goto(read_only)  # the pages this phone sees, kept by the worker
    page.goto(session)
    expect(page.locator("#offline-notice")).to_be_hidden()
    # The session page has the worker keep its result form and card page before they are opened.
    wait_until(page, """(base) => caches.open("scorekeeper-pages").then(c => c.keys())
        .then(keys => [base + "/result", base + "/play"].every(u => keys.some(k => k.url === u)))""", session)
    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.locator("html")).to_have_attribute("data-offline-copy", re.compile(r"^\d{4}-"))
        expect(page.locator("#offline-notice")).to_be_visible()
        expect(page.locator("#offline-notice")).to_contain_text("No connection")
        expect(page.locator("#dealer")).to_have_text("Ann")  # the sheet as it last was
        page.locator("#record-result").tap()
        page.wait_for_selector("#result-form")  # the form, from what the phone last saw
        expect(page.locator("html")).to_have_attribute("data-offline-copy", re.compile(r"^\d{4}-"))
        page.goto(session + "/play")
        expect(page.locator("#turn")).to_contain_text("No connection")
        page.goto(read_only)
        expect(page.locator("#read-only-note")).to_be_visible()
        expect(page.locator("#offline-notice")).to_be_visible()
        page.goto(session + "/hand/7")  # never seen
        expect(page.locator("#offline-page")).to_be_visible()
    finally:
        page.context.set_offline(False)
    assert not errors, f"script errors: {errors}"


def test_a_page_the_worker_did_not_claim_asks_to_be_taken(phone: Phone) -> None:
    """A page loaded past the worker (a hard reload here; a page whose loading began while the worker was
    still installing at the table) is not controlled; it asks the active worker, and is taken, so it opens
    offline like the others."""
    page, _, errors = phone
    start_table(page)
    controlled(page)
    with page.expect_navigation():
        page.context.new_cdp_session(page).send("Page.reload", {"ignoreCache": True})  # a hard reload: past the worker
    worker_controls(page, seconds=10)
    assert errors == []


def test_hands_recorded_offline_go_in_once_when_the_connection_returns(phone: Phone) -> None:
    """Two hands by result and hand 3 card by card, recorded offline through the pages the service worker
    kept: each waits on the sheet, and each is stored once, in order, when the connection returns."""
    from playwright.sync_api import expect

    page, _, errors = phone
    start_table(page)
    session = sheet_url(page)
    controlled(page)
    page.goto(session + "/result")
    page.goto(session + "/play")
    page.wait_for_selector("#grid")
    page.goto(session)
    record, plays, _ = card_hand("Cat", 3)  # Ann deals hand 1, Bob hand 2, Cat hand 3

    page.context.set_offline(True)
    for number, (hearts, queen) in enumerate(RESULTS, start=1):
        page.locator("#record-result").tap()
        page.wait_for_selector("#result-form")
        fill_result(page, hearts, queen)
        save(page, "#save-hand")
        expect(page.locator("#sheet tr.outbox-row")).to_have_count(number)
    expect(page.locator("#sheet tr.outbox-row").first).to_contain_text("Waiting to be sent: A new hand, by its result: Ann 3, Bob 5, Cat 2, Dan 3")

    page.locator("#record-cards").tap()
    page.wait_for_selector("#grid")
    expect(page.locator("#turn")).to_contain_text("No connection")
    for k, code in enumerate(plays):
        page.locator(f"#card-{code}").tap()
        expect(page.locator("#count")).to_have_text(f"{k + 1} recorded")
    expect(page.locator("#turn")).to_contain_text("52 taps kept on this phone, not checked yet")
    expect(page.locator("#save-play")).to_be_enabled()
    save(page, "#save-play")
    expect(page.locator("#sheet tr.outbox-row")).to_have_count(3)
    expect(page.locator("#outbox-said")).to_contain_text("3 forms are waiting to be sent")
    expect(page.locator("#offline-notice")).to_be_visible()

    page.context.set_offline(False)  # the online event: the page sends them, then shows the sheet as it is
    expect(page.locator("tr#hand-3")).to_have_count(1, timeout=20_000)
    expect(page.locator("#sheet tr.outbox-row")).to_have_count(0)
    expect(page.locator("#offline-notice")).to_be_hidden()
    hands = stored_hands(page)
    assert len(hands) == 3, hands
    assert [h["taken"] for h in hands[:2]] == [
        {p: ({"hearts": h, "QS": 1} if seat == queen else {"hearts": h}) for seat, (p, h) in enumerate(zip(PLAYERS, hearts))}
        for hearts, queen in RESULTS]
    assert [p if isinstance(p, str) else p[1] for p in hands[2]["play"]] == plays
    assert len({h["id"] for h in hands}) == 3 and all(hands[k]["id"] for k in range(3))
    expected = [sum(col) for col in zip(*(result_points(h, q) for h, q in RESULTS),
                                        [int(p) for p in replay(record).points])]  # type: ignore[call-overload]
    assert totals(page) == expected

    # Sending again what went in stores nothing more: the kept forms are gone from the phone.
    assert page.evaluate("window.scorekeeperOutbox.all().then(items => items.length)") == 0
    page.reload()
    assert len(stored_hands(page)) == 3
    assert not errors, f"script errors: {errors}"


def test_without_a_service_worker_the_page_keeps_the_hands(lan_phone: Phone) -> None:
    """As over plain http on a LAN: no service worker. The result form, opened online, keeps two hands
    offline and is ready for the next; five cards tapped offline on the card page are kept unchecked and
    checked by the engine when the connection returns; the kept hands go in once each."""
    from playwright.sync_api import expect

    page, _, errors = lan_phone
    session = offline_form(page)
    assert page.evaluate("navigator.serviceWorker.controller") is None
    ids = []
    for hearts, queen in RESULTS:
        fill_result(page, hearts, queen)
        ids.append(page.locator("#client_id").input_value())
        page.locator("#save-hand").tap()
        expect(page.locator("#outbox-kept")).to_contain_text("kept on this phone, waiting to be sent")
        expect(page.locator("#hearts_0")).to_have_value("")  # ready for the next hand
    assert page.locator("#client_id").input_value() not in ids, "the next hand has an id of its own"
    expect(page.locator("#offline-notice")).to_be_visible()
    page.context.set_offline(False)
    page.goto(session)  # the page load sends what is kept
    expect(page.locator("tr#hand-2")).to_have_count(1, timeout=20_000)
    assert [h["id"] for h in stored_hands(page)] == ids

    record, plays, _ = card_hand("Cat", 3)
    page.locator("#record-cards").tap()
    expect(page.locator("#turn")).to_have_text(re.compile(r"^Dan to play"))
    page.context.set_offline(True)
    for k, code in enumerate(plays[:5], start=1):
        page.locator(f"#card-{code}").tap()
        expect(page.locator("#count")).to_have_text(f"{k} recorded")
    expect(page.locator("#turn")).to_contain_text("5 taps kept on this phone, not checked yet")
    page.context.set_offline(False)  # the engine checks the five: trick 2, its leader to play
    expect(page.locator("#turn")).to_have_text(re.compile(r"^\w+ to play$"))
    assert page.locator("#trick li").count() == 1
    for k, code in enumerate(plays[5:], start=6):
        page.locator(f"#card-{code}").tap()
        expect(page.locator("#count")).to_have_text(f"{k} recorded")  # each card checked before the next
    save(page, "#save-play")
    hands = stored_hands(page)
    assert len(hands) == 3 and [p if isinstance(p, str) else p[1] for p in hands[2]["play"]] == plays
    assert not errors, f"script errors: {errors}"


def test_a_refused_hand_shows_the_engine_s_sentence_and_keeps_what_was_typed(lan_phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = lan_phone
    session = offline_form(page)
    page.locator("#hearts_0").fill("9")
    page.locator("#hearts_1").fill("9")  # 18 hearts: the page flags it, the engine refuses it
    page.locator("#hearts_3").fill("0")
    page.locator("#take_QS-2").check()
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox-kept")).to_be_visible()
    page.context.set_offline(False)
    page.goto(session)
    refusal = page.locator("#outbox .outbox-item.refused .refusal")
    expect(refusal).to_be_visible(timeout=20_000)
    sentence = refusal.inner_text()
    assert "hearts" in sentence and len(sentence) > 20, sentence
    expect(page.locator("#sheet tr.outbox-row.refused")).to_contain_text("Not stored")
    assert stored_hands(page) == []

    page.locator("[data-outbox-correct]").tap()
    page.wait_for_selector("#result-form")
    expect(page.locator("#outbox-refusal")).to_contain_text(sentence)
    for field, value in (("#hearts_0", "9"), ("#hearts_1", "9"), ("#hearts_3", "0")):
        expect(page.locator(field)).to_have_value(value)
    expect(page.locator("#take_QS-2")).to_be_checked()
    page.locator("#hearts_1").fill("4")
    page.locator("#hearts_3").fill("")  # the page fills it in again: 0
    save(page, "#save-hand")
    expect(page.locator(".flash.notice")).to_have_text("Hand 1 saved.")
    expect(page.locator("#outbox")).to_be_hidden()
    assert stored_hands(page)[0]["taken"]["Ann"] == {"hearts": 9}
    assert page.evaluate("window.scorekeeperOutbox.all().then(items => items.length)") == 0

    # Dropping a refused hand: gone from the phone, nothing stored.
    page.locator("#record-result").tap()
    page.wait_for_selector("#result-form")
    page.context.set_offline(True)
    keep_a_refused_hand(page, session)
    page.locator("[data-outbox-drop]").tap()
    expect(page.locator("#outbox")).to_be_hidden()
    assert len(stored_hands(page)) == 1
    assert not errors, f"script errors: {errors}"


def test_back_and_save_offline_keeps_the_hand_once(phone: Phone) -> None:
    """Saved offline, then Back to the form as it was sent and Save again: kept once, stored once."""
    from playwright.sync_api import expect

    page, _, errors = phone
    start_table(page)
    session = sheet_url(page)
    controlled(page)
    page.goto(session + "/result")
    page.goto(session)
    page.context.set_offline(True)
    page.locator("#record-result").tap()
    page.wait_for_selector("#result-form")
    fill_result(page, *RESULTS[0])
    save(page, "#save-hand")
    expect(page.locator("#sheet tr.outbox-row")).to_have_count(1)
    page.go_back()
    page.wait_for_selector("#result-form")
    expect(page.locator("#hearts_0")).to_have_value("3")
    save(page, "#save-hand")
    expect(page.locator("#sheet tr.outbox-row")).to_have_count(1)
    page.context.set_offline(False)
    expect(page.locator("tr#hand-1")).to_have_count(1, timeout=20_000)
    hands = stored_hands(page)
    assert len(hands) == 1 and hands[0]["taken"]["Bob"] == {"hearts": 5, "QS": 1}
    assert not errors, f"script errors: {errors}"


def send_now(page: Any) -> None:
    """Tap Send now, unless the outbox sends by itself first (it retries every 15 s and on a page load):
    the button then goes with the waiting row, and what follows checks the hand went in once."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        page.locator("#outbox-send").tap(timeout=5_000)
    except PlaywrightError:
        if page.locator("#sheet tr.outbox-row").count():  # still waiting, and the button would not take a tap
            raise


def test_a_form_lost_on_the_way_is_kept_by_the_service_worker(phone: Phone) -> None:
    """The server answered the page's probe, then the connection dropped with the form on its way: the
    service worker keeps it, the phone shows the sheet with it waiting, and it goes in once."""
    from playwright.sync_api import expect

    page, _, errors = phone
    start_table(page)
    session = sheet_url(page)
    controlled(page)
    page.goto(session)
    lost: list[str] = []

    def drop_posts(route: Any) -> None:
        if route.request.method == "POST":
            lost.append(route.request.url)
            route.abort("internetdisconnected")
        else:
            route.fallback()

    page.context.route(re.compile(r".*/result$"), drop_posts)
    page.locator("#record-result").tap()
    page.wait_for_selector("#result-form")
    fill_result(page, *RESULTS[0])
    save(page, "#save-hand")
    assert lost, "the form was sent, and lost on the way"
    expect(page.locator("#sheet tr.outbox-row")).to_have_count(1)
    assert page.url.startswith(session)
    page.context.unroute(re.compile(r".*/result$"))
    send_now(page)
    expect(page.locator("tr#hand-1")).to_have_count(1, timeout=20_000)
    expect(page.locator("#sheet tr.outbox-row")).to_have_count(0)
    assert len(stored_hands(page)) == 1
    assert not errors, f"script errors: {errors}"


def test_a_new_hand_waits_behind_the_hands_kept_before_it(lan_phone: Phone) -> None:
    """A hand kept offline and refused holds back the next hand saved online: the hands go in in the order
    they were played, once the refused one is dropped."""
    from playwright.sync_api import expect

    page, _, errors = lan_phone
    session = offline_form(page)
    keep_a_refused_hand(page, session)
    page.locator("#record-result").tap()
    page.wait_for_selector("#result-form")
    fill_result(page, *RESULTS[0])
    save(page, "#save-hand")  # online, but behind the refused one: kept, and the sheet shows both
    expect(page.locator("#outbox .outbox-item")).to_have_count(2)
    assert stored_hands(page) == []
    page.locator("[data-outbox-drop]").tap()
    expect(page.locator("tr#hand-1")).to_have_count(1, timeout=20_000)
    assert stored_hands(page)[0]["taken"]["Bob"] == {"hearts": 5, "QS": 1}
    assert not errors, f"script errors: {errors}"


def test_a_hand_another_phone_recorded_meanwhile_is_refused_and_kept(lan_phone: Phone) -> None:
    """Kept offline for hand 1 while another phone recorded hand 1: refused with the server's sentence,
    kept as typed, and recorded as hand 2 once the scorer says it is another hand."""
    from playwright.sync_api import expect

    page, _, errors = lan_phone
    session = offline_form(page)
    sid, token = session.rsplit("/", 2)[-2:]
    fill_result(page, *RESULTS[0])
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox-kept")).to_be_visible()
    # Another phone records hand 1 while this one is offline.
    other = page.request.post(f"/api/sessions/{sid}/hands", headers={"Authorization": f"Bearer {token}"},
                              data={"taken": {"Ann": {"hearts": 13, "QS": 1}, "Bob": {"hearts": 0},
                                              "Cat": {"hearts": 0}, "Dan": {"hearts": 0}}, "moon_choice": "add"})
    assert other.status == 201, other.text()
    page.context.set_offline(False)
    page.goto(session)
    refusal = page.locator("#outbox .outbox-item.refused .refusal")
    expect(refusal).to_have_text(re.compile(  # what the other phone stored, in the sheet's words
        r"^Hand 1 was recorded on another phone after this form was opened: nothing is stored\. It says: Ann took "
        r"13 hearts and Q♠: shot the moon and chose to add 26 to everyone else's score: .*\. If this is another "
        r"hand, tap Save again to record it as hand 2\.$"), timeout=20_000)
    assert len(stored_hands(page)) == 1
    page.locator("[data-outbox-correct]").tap()
    page.wait_for_selector("#result-form")
    expect(page.locator("#hearts_1")).to_have_value("5")
    expect(page.locator("#take_QS-1")).to_be_checked()
    save(page, "#save-hand")
    expect(page.locator(".flash.notice")).to_have_text("Hand 2 saved.")
    hands = stored_hands(page)
    assert len(hands) == 2 and hands[1]["taken"]["Bob"] == {"hearts": 5, "QS": 1}
    assert not errors, f"script errors: {errors}"


def test_a_page_opened_offline_shows_the_hand_the_table_is_at(phone: Phone) -> None:
    """The sheet, the result form and the card page first kept at hand 1; hands 1 to 4 recorded online in
    another tab; offline, "Record a hand" and "Card by card" open hand 5 (Ann dealing, passing and leading as
    the sheet said online), not the copies first kept. A hand kept offline moves them on to hand 6; the
    card page shows whose turn it is and the trick from the cards tapped; back online, each form kept
    goes in and the sheet says so in the server's words."""
    from playwright.sync_api import expect

    page, _, errors = phone
    start_table(page)
    session = sheet_url(page)
    controlled(page)
    page.goto(session + "/result")
    page.goto(session + "/play")
    page.wait_for_selector("#grid")
    page.goto(session)
    wait_until(page, """(base) => caches.open("scorekeeper-pages").then(c => c.keys())
        .then(keys => [base + "/result", base + "/play"].every(u => keys.some(k => k.url === u)))""", session)
    other = page.context.new_page()  # the same phone, another tab: hands 1 to 4
    for hearts, queen in RESULTS + [([7, 0, 1, 5], 0), ([2, 2, 4, 5], 2)]:
        other.goto(session + "/result")
        fill_result(other, hearts, queen)
        save(other, "#save-hand")
    expect(other.locator("#dealer")).to_have_text("Ann")
    said = {sel: other.locator(sel).inner_text() for sel in ("#pass", "#lead")}
    other.close()
    expect(page.locator("#dealer")).to_have_text("Ann", timeout=15_000)  # the sheet follows the other tab
    # The kept copies follow the newest revision seen (the worker fetches them again).
    kept_with(page, session + "/result", 'data-coming="number">5<')

    page.context.set_offline(True)
    try:
        page.locator("#record-result").tap()
        page.wait_for_selector("#result-form")
        expect(page.locator("html")).to_have_attribute("data-offline-copy", re.compile(r"^\d{4}-"))
        expect(page.locator("h1")).to_contain_text("Hand 5")
        expect(page.locator(".context")).to_contain_text("Ann dealt")
        assert page.locator("input[name=for_hand]").input_value() == "5"
        fill_result(page, *RESULTS[0])
        save(page, "#save-hand")  # kept: the sheet as last seen, hand 6 next after it
        expect(page.locator("#sheet tr.outbox-row")).to_have_count(1)
        expect(page.locator("#dealer")).to_have_text("Bob")
        expect(page.locator("#coming-note")).to_contain_text("After the hand kept on this phone, this is hand 6.")

        page.goto(session)  # the copy of the sheet: what was typed offline counts
        expect(page.locator("#dealer")).to_have_text("Bob")
        page.locator("#record-result").tap()
        page.wait_for_selector("#result-form")
        expect(page.locator("h1")).to_contain_text("Hand 6")
        expect(page.locator(".context")).to_contain_text("Bob dealt")
        assert page.locator("input[name=for_hand]").input_value() == "6"

        page.goto(session + "/play")
        page.wait_for_selector("#grid")
        expect(page.locator("h1")).to_contain_text("Hand 6")
        expect(page.locator(".context")).to_contain_text("Bob deals. Cat (left of the dealer) leads")
        expect(page.locator("#count")).to_have_text("0 recorded")
        expect(page.locator("#save-play")).to_be_disabled()
        expect(page.locator("#turn")).to_have_text(re.compile(r"^Cat to play"))
        record, plays, _ = card_hand("Bob", 6)
        for k, code in enumerate(plays[:3], start=1):
            page.locator(f"#card-{code}").tap()
            expect(page.locator("#count")).to_have_text(f"{k} recorded")
        expect(page.locator("#turn")).to_have_text(re.compile(r"^Bob to play .*3 taps kept on this phone"))
        expect(page.locator("#trick li")).to_have_text([f"Cat {_label(plays[0])}", f"Dan {_label(plays[1])}",
                                                         f"Ann {_label(plays[2])}"])
        page.locator(f"#card-{plays[3]}").tap()
        expect(page.locator("#turn")).to_contain_text("Trick 1 is complete: its winner leads the next.")
        for k, code in enumerate(plays[4:], start=5):
            page.locator(f"#card-{code}").tap()
            expect(page.locator("#count")).to_have_text(f"{k} recorded")
        expect(page.locator("#turn")).to_contain_text("Every card is tapped: save the hand.")
        save(page, "#save-play")
        expect(page.locator("#sheet tr.outbox-row")).to_have_count(2)
    finally:
        page.context.set_offline(False)
    expect(page.locator("tr#hand-6")).to_have_count(1, timeout=20_000)
    sent = page.locator("#outbox-sent .outbox-item.stored")
    expect(sent).to_have_count(2)
    expect(sent.first).to_contain_text("A new hand, by its result: Ann 3, Bob 5, Cat 2, Dan 3. Hand 5 saved.")
    expect(sent.nth(1)).to_contain_text("A new hand, card by card: 52 cards. Hand 6 saved.")
    page.locator("#outbox-seen").tap()
    expect(page.locator("#outbox")).to_be_hidden()
    hands = stored_hands(page)
    assert len(hands) == 6
    assert [p if isinstance(p, str) else p[1] for p in hands[5]["play"]] == plays
    assert said["#pass"] and said["#lead"]
    assert not errors, f"script errors: {errors}"


def _label(code: str) -> str:
    return code[0].replace("T", "10") + {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}[code[1]]


def test_a_hand_saved_card_by_card_is_not_offered_again_offline(phone: Phone) -> None:
    """A hand played card by card and saved online; offline, "Card by card" opens the next hand, fresh: the
    saved hand is neither shown complete nor offered to Save again."""
    from playwright.sync_api import expect

    page, _, errors = phone
    start_table(page)
    session = sheet_url(page)
    controlled(page)
    page.goto(session + "/play")
    page.wait_for_selector("#grid")
    _, plays, _ = card_hand("Ann", 1)
    for k, code in enumerate(plays, start=1):
        page.locator(f"#card-{code}").tap()
        expect(page.locator("#count")).to_have_text(f"{k} recorded")
    expect(page.locator("#save-play")).to_be_enabled()
    save(page, "#save-play")
    expect(page.locator("tr#hand-1")).to_have_count(1)
    kept_with(page, session + "/play", 'data-coming="title">Hand 2<')
    page.context.set_offline(True)
    try:
        page.locator("#record-cards").tap()
        page.wait_for_selector("#grid")
        expect(page.locator("h1")).to_contain_text("Hand 2")
        expect(page.locator(".context")).to_contain_text("Bob deals.")
        expect(page.locator("#count")).to_have_text("0 recorded")
        expect(page.locator("#complete")).to_be_hidden()
        expect(page.locator("#save-play")).to_be_disabled()
    finally:
        page.context.set_offline(False)
    page.goto(session)
    assert len(stored_hands(page)) == 1
    assert not errors, f"script errors: {errors}"
