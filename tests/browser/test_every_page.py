"""Every page kind on a 390x844 phone in Chromium (``tests/support/phonekit.py``): axe-core finds no violation of
the WCAG 2.2 AA rules, nothing is wider than the phone, and a first visit (the page, everything it loads
and asks for as it opens, each response's headers counted) is at most 30 KB.

axe-core comes from npm (``package.json`` and ``package-lock.json`` at the top of the checkout;
``scripts/test`` installs it with ``npm ci``), never from a CDN: its ``axe.min.js`` is evaluated in each
page by Playwright, then ``axe.run`` is asked for the WCAG 2.0, 2.1 and 2.2 A and AA rules.

The tour: the start pages (a table of each family, a club, an evening, a table inside a club), a table of
each family (its page, its read-only page, its result form, its card page), a hand's page and its audit,
a club's pages (its page, its read-only page, a player's page), an evening's pages (its page, a round, a
table's form) and the error pages (a link that is no table, the offline page).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.everypage import CLUB_KNOWN, CLUB_PAGES, HEIGHT, LIMIT, REACH, WIDTH, post, violations
from tests.support.phonekit import TIMEOUT_MS


@pytest.fixture(scope="module")
def phone_page(browser: Any, live_server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True,
                                  base_url=live_server)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    yield page
    context.close()


KINDS = ["start page", "Reversis start page", "Tripoli start page", "club start page", "evening start page",
         "printed-sheet list", "offline page",
         "Black Lady table", "Black Lady read-only", "Black Lady result form", "Black Lady card page",
         "hand page", "audit", "read-only audit",
         "Reversis table", "Reversis read-only", "Reversis result form", "Reversis card page",
         "Tripoli table", "Tripoli read-only", "Tripoli result form", "Tripoli card page",
         "club page", "club read-only page", "club player page", "club table start page",
         "evening page", "evening read-only page", "evening round", "evening table form", "error page"]


@pytest.mark.parametrize("kind", KINDS)
def test_axe_finds_no_violation(kind: str, tour: dict[str, str], phone_page: Any, axe_source: str) -> None:
    response = phone_page.goto(tour[kind])
    assert response is not None and response.status == (404 if kind == "error page" else 200), kind
    found = violations(phone_page, axe_source)
    if kind in CLUB_PAGES:
        found = [v for v in found if v["id"] not in CLUB_KNOWN]
    assert not found, json.dumps(found, indent=1)


@pytest.mark.parametrize("kind", sorted(REACH))
def test_the_page_s_button_is_in_reach_without_a_scroll(kind: str, tour: dict[str, str], phone_page: Any) -> None:
    phone_page.goto(tour[kind])
    button = phone_page.locator(REACH[kind])
    box = button.bounding_box()
    assert box is not None and button.is_visible() and button.is_enabled(), kind
    assert phone_page.evaluate("window.scrollY") == 0
    assert 0 <= box["y"] and box["y"] + box["height"] <= HEIGHT, (kind, box)
    # Nothing covers it: the element at its middle is the button (or inside it).
    middle = phone_page.evaluate(
        "([x, y, s]) => { const e = document.elementFromPoint(x, y); return !!e && !!e.closest(s); }",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, REACH[kind]])
    assert middle, kind


@pytest.mark.parametrize("kind", KINDS)
def test_a_first_visit_is_at_most_30_kb_with_its_headers(kind: str, tour: dict[str, str], browser: Any,
                                                         live_server: str) -> None:
    """A phone that has seen nothing of the site: every response the page's opening brings (the page, its
    stylesheets and scripts, what its scripts ask for at once), headers and compressed bodies, as Chromium
    counts them."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True,
                                  base_url=live_server, service_workers="block")
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    finished: list[Any] = []
    page.on("requestfinished", lambda request: finished.append(request))
    try:
        page.goto(tour[kind])
        page.wait_for_load_state("networkidle")
        sizes = {r.url: r.sizes() for r in finished}
    finally:
        context.close()
    weights = {url: s["responseHeadersSize"] + s["responseBodySize"] for url, s in sizes.items()}
    assert all(s["responseHeadersSize"] > 100 for s in sizes.values())  # the headers are counted
    total = sum(weights.values())
    print(kind, total)
    assert total <= LIMIT, (kind, total, weights)


def test_five_tripoli_names_fit_each_pay_card_row(tour: dict[str, str], phone_page: Any) -> None:
    """Who took each pay card: "nobody" and five names on one line per pay card, none of them cut short."""
    record = {"game": "tripoli", "players": ["Annie", "Bobby", "Carla", "Danny", "Ellie"], "first_dealer": "Annie"}
    made = post(phone_page, "/api/sessions", record)
    phone_page.goto(f"/s/{made['id']}/{made['token']}/result")
    rows = phone_page.evaluate("""[...document.querySelectorAll("#claims .line")].map(line => {
        const pills = [...line.querySelectorAll(".pill")].map(p => p.getBoundingClientRect());
        return {tops: new Set(pills.map(r => Math.round(r.top))).size, count: pills.length,
                cut: [...line.querySelectorAll(".pill > span")].filter(s => s.scrollWidth > s.clientWidth + 1).length};
    })""")
    assert len(rows) == 7  # A, K, Q, J, 10 of hearts, the king and queen, the sequence
    assert all(row["tops"] == 1 and row["cut"] == 0 for row in rows), rows
    assert [row["count"] for row in rows] == [6] * 6 + [5]
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    nobody = phone_page.locator("#claim_AH-x")
    assert nobody.is_checked() and "nobody" in phone_page.locator("label.pill", has=nobody).inner_text()


def test_the_tour_visits_every_page_kind(tour: dict[str, str]) -> None:
    assert sorted(tour) == sorted(KINDS)


@pytest.mark.parametrize("kind", [k for k in KINDS if k not in CLUB_PAGES])
def test_nothing_is_wider_than_the_phone(kind: str, tour: dict[str, str], phone_page: Any) -> None:
    """The document never scrolls sideways at 390 px (the club pages are measured by their own tests)."""
    phone_page.goto(tour[kind])
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    wide = phone_page.evaluate(f"""[...document.querySelectorAll("body *")]
        .filter(e => e.getBoundingClientRect().right > {WIDTH} + 0.5 && getComputedStyle(e).position !== "fixed")
        .slice(0, 5).map(e => e.tagName + (e.id ? "#" + e.id : "") + "." + e.className)""")
    assert width <= WIDTH, (kind, width, wide)

