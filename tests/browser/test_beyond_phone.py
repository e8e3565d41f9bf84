"""Beyond the score pads, on a 390x844 phone in Chromium (the phone of ``phonekit``): a short game played to
its end and the same players again in one tap; Share through the phone's share sheet, or Copy where it has
none, and the links as plain text without JavaScript; the dark theme that follows the phone's setting, its
text at WCAG AA contrast on every kind of page (and the light theme's too), print black on white."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.support.phonekit import TIMEOUT_MS
from tests.support.phoneforms import fill_result, save

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
Phone = tuple[Any, list[str], list[str]]

# Black Lady to 31: Ann takes three hearts and the queen twice (32) and the game is over; Cat has none.
SHORT = {"game": "black-lady", "options": {}, "players": PLAYERS, "first_dealer": "Ann",
         "settlement_options": {"target": 31}}
HAND = {"taken": {"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 2}, "Cat": {"hearts": 0}, "Dan": {"hearts": 8}}}
STANDINGS = re.compile(r"Black Lady, \d{1,2} [A-Z][a-z]{2}: 1\. Cat 0, 2\. Bob 4, 3\. Dan 16, 4\. Ann 32")


def api_table(page: Any, hands: int = 2) -> tuple[str, str]:
    """A table made through the JSON API, with ``hands`` of ``HAND``: its edit and read-only paths."""
    made = page.request.post("/api/sessions", data={**SHORT, "hands": [HAND] * hands})
    assert made.ok, made.text()
    body = made.json()
    return f"/s/{body['id']}/{body['token']}", f"/v/{body['id']}/{body['read_key']}"


def test_a_short_game_to_its_end_then_the_same_players_again(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, requests, errors = phone
    page.goto("/?game=black-lady")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option("Ann")
    page.locator("#settlement-options > summary").tap()
    page.locator("#setopt_target").select_option("31")
    save(page, "#start")
    first = page.url
    expect(page.locator("#again-early")).to_be_attached()  # in play: a small link at the foot of the page
    for _ in range(2):
        save(page, "#record-result")
        fill_result(page, [3, 2, 0, 8], 0)
        save(page, "#save-hand")
    # The game is over: who won, the standings to share, and the one tap, all on the first screen.
    expect(page.locator("#winners")).to_have_text("Cat")
    assert STANDINGS.fullmatch(page.locator("#standings-text").inner_text()), page.locator("#standings-text").inner_text()
    expect(page.locator("#share-standings")).to_be_visible()
    expect(page.locator("#again-early")).to_have_count(0)
    page.locator("#again").scroll_into_view_if_needed()
    box = page.locator("#again").bounding_box()
    assert box["height"] >= 44 and box["width"] >= 300
    with page.expect_navigation():  # a double tap: the second starts nothing more
        page.locator("#again").tap()
        page.evaluate("document.querySelector('#again-form').requestSubmit(document.querySelector('#again'))")
    assert [url for url in requests if url.endswith("/again")] == [first + "/again"]
    assert page.url != first and re.search(r"/s/[\w-]+/[\w-]+$", page.url)
    expect(page.locator(".flash")).to_contain_text("same players")
    expect(page.locator("#record-result")).to_be_visible()
    expect(page.locator("#dealer")).to_have_text("Ann")
    assert page.locator("#sheet thead th[data-player]").all_inner_texts() == PLAYERS
    assert page.locator('#sheet tr[id^="hand-"]').count() == 0
    expect(page.locator("#table-rules")).to_contain_text("31")
    # The new table plays to the same target: two more such hands end it too.
    for _ in range(2):
        save(page, "#record-result")
        fill_result(page, [3, 2, 0, 8], 0)
        save(page, "#save-hand")
    expect(page.locator("#winners")).to_have_text("Cat")
    assert errors == []


def test_share_hands_the_links_and_the_standings_to_the_share_sheet(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    page.add_init_script("""Navigator.prototype.share = function (data) {
        window.shared = (window.shared || []).concat([data]); return Promise.resolve(); };""")
    edit, _ = api_table(page)
    page.goto(edit)
    assert "can-share" in (page.locator("html").get_attribute("class") or "")
    expect(page.locator("#share-read")).to_be_visible()
    expect(page.locator("#share-standings")).to_have_text("Share the standings", use_inner_text=True)
    page.locator("#share-read").tap()
    page.locator("#share-standings").tap()
    shared = page.evaluate("window.shared")
    assert shared[0] == {"title": page.title(), "url": page.locator("#read-link").input_value()}
    assert STANDINGS.fullmatch(shared[1]["text"]) and shared[1]["text"] == page.locator("#standings-text").inner_text()
    assert errors == []


def test_copy_where_the_phone_has_no_share_sheet(phone: Phone, live_server: str) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    page.add_init_script("delete Navigator.prototype.share;")
    _, read = api_table(page)
    page.goto(read)  # the read-only link shares the standings too
    assert "no-share" in (page.locator("html").get_attribute("class") or "")
    expect(page.locator("#share-read")).to_be_hidden()  # Copy is beside the link already
    button = page.locator("#share-standings")
    expect(button).to_have_text("Copy the standings", use_inner_text=True)
    button.tap()
    expect(button).to_have_text("Copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert STANDINGS.fullmatch(copied) and copied == page.locator("#standings-text").inner_text()
    page.locator('[data-copy="read-link"]').tap()
    assert page.evaluate("navigator.clipboard.readText()") == page.locator("#read-link").input_value()
    assert errors == []


def test_without_javascript_the_links_and_the_standings_stay_as_text(browser: Any, live_server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  base_url=live_server, java_script_enabled=False)
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        edit, _ = api_table(page)
        page.goto(edit)
        assert page.locator("#read-link").is_visible() and page.locator("#edit-link").is_visible()
        assert STANDINGS.fullmatch(page.locator("#standings-text").inner_text())
        assert not page.locator("#share-standings").is_visible() and not page.locator("#share-read").is_visible()
        with page.expect_navigation():
            page.locator("#again").click()  # a plain form: no script needed
        assert page.locator("#record-result").is_visible()
    finally:
        context.close()


# --- the dark theme ------------------------------------------------------------------------------------

# For every visible element with text of its own: its colour, the colour under it (the first ancestor's
# opaque background), its size and weight; the contrast ratio by WCAG 2 (relative luminance).
CONTRASTS = """() => {
  const rgb = (c) => { const m = c.match(/[\\d.]+/g) || []; return m.map(Number); };
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const under = (el) => { for (let e = el; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length === 3 || c[3] > 0.9) return c.slice(0, 3); } return [255, 255, 255]; };
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("svg, [hidden], .default-submit, template, noscript") || el.disabled) continue;
    const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    const style = getComputedStyle(el);
    if (!own || style.visibility === "hidden" || !el.getClientRects().length || style.display === "none") continue;
    if (parseFloat(style.opacity) < 0.9 || el.closest(".card.played")) continue;  // inactive: not held to AA
    const fg = rgb(style.color), bg = under(el);
    const a = lum(fg.slice(0, 3)), b = lum(bg);
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    out.push({ what: el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className && typeof el.className === "string" ? "." + el.className.split(" ").join(".") : ""),
               text: el.textContent.trim().slice(0, 30), ratio: Math.round(ratio * 100) / 100, need: large ? 3 : 4.5 });
  }
  const body = getComputedStyle(document.body);
  return { items: out, bg: under(document.body), fg: rgb(body.color).slice(0, 3) };
}"""


def page_kinds(page: Any) -> dict[str, str]:
    """A URL of each kind of page: start, a table in play and over (scorer and read-only), the result form,
    a stored hand, the card page, the audit, an evening, a club, the printed-sheet list."""
    edit, read = api_table(page, hands=1)
    over, over_read = api_table(page, hands=2)
    made = page.request.post("/api/sessions", data={**SHORT, "game": "tripoli", "settlement_options": {},
                                                    "options": {}, "players": PLAYERS})
    assert made.ok, made.text()
    tripoli = f"/s/{made.json()['id']}/{made.json()['token']}"
    club = page.request.post("/api/clubs", data={"name": "Thursday Hearts", "players": PLAYERS}).json()
    table = page.request.post(f"/api/clubs/{club['id']}/sessions", data={**SHORT, "hands": [HAND] * 2},
                              headers={"Authorization": f"Bearer {club['token']}"})
    assert table.ok, table.text()
    page.goto("/evenings/new")
    page.locator("#ladies").fill("Ann\nCat\nEve\nGil")
    page.locator("#gentlemen").fill("Bob\nDan\nFred\nHal")
    save(page, "#start")
    return {
        "club": f"/c/{club['id']}/{club['token']}", "club, read-only": f"/vc/{club['id']}/{club['read_key']}",
        "a club's table, over": f"/v/{table.json()['id']}/{table.json()['read_key']}", "evening": page.url,
        "start": "/", "table in play": edit, "table over": over, "read-only, over": over_read,
        "result form": edit + "/result", "a stored hand": edit + "/hand/1", "card page": edit + "/play",
        "audit": edit + "/hand/1/audit", "Tripoli table": tripoli, "Tripoli result form": tripoli + "/result",
        "evening start": "/evenings/new", "club start": "/clubs/new", "printed sheets": "/sheets/",
    }


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_both_themes_keep_every_text_at_aa_contrast(browser: Any, live_server: str, scheme: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  base_url=live_server, color_scheme=scheme)
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
        failures = []
        for kind, url in page_kinds(page).items():
            page.goto(url)
            assert page.locator('meta[name="color-scheme"]').get_attribute("content") == "light dark", kind
            found = page.evaluate(CONTRASTS)
            bg_dark = sum(found["bg"]) < 3 * 60
            fg_light = sum(found["fg"]) > 3 * 190
            assert bg_dark == fg_light == (scheme == "dark"), (kind, found["bg"], found["fg"])
            assert len(found["items"]) > 5, kind
            failures += [(kind, item) for item in found["items"] if item["ratio"] < item["need"]]
            if kind == "table over":
                page.screenshot(path=str(ROOT / "tests" / "artifacts" / f"game-over-{scheme}.png"), full_page=True)
        assert failures == [], "\n".join(f"{kind}: {item}" for kind, item in failures)
    finally:
        context.close()


def test_print_stays_black_on_white_in_the_dark(browser: Any, live_server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server, color_scheme="dark")
    try:
        page = context.new_page()
        edit, _ = api_table(page)
        page.goto(edit)
        page.emulate_media(media="print", color_scheme="dark")
        body = page.evaluate("() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color,"
                             " getComputedStyle(document.querySelector('.total')).color]")
        assert body[0] == "rgb(255, 255, 255)"
        assert all(sum(map(int, re.findall(r"\d+", colour)[:3])) < 3 * 60 for colour in body[1:]), body
    finally:
        context.close()
    # The printed sheets (WeasyPrint) have one stylesheet, black on white, with no dark variant.
    sheet = (ROOT / "static" / "sheet.css").read_text()
    assert "prefers-color-scheme" not in sheet and "color-scheme" not in (ROOT / "templates" / "sheets" /
                                                                           "_layout.html").read_text()
