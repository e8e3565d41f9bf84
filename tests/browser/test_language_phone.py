"""The translated pages on a 390x844 phone in Chromium (``tests/support/phonekit.py``): in French, Dutch and German
nothing is wider than the phone; in German (whose words are the longest) axe-core finds no violation of the
WCAG 2.2 AA rules, the page's button is in reach without a scroll, and a first visit stays within its 30 KB,
headers included, as ``tests/browser/test_every_page.py`` measures them in English."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.everypage import CLUB_KNOWN, CLUB_PAGES, HEIGHT, LIMIT, REACH, WIDTH, violations
from tests.support.phonekit import TIMEOUT_MS

KINDS = ["Black Lady table", "Black Lady read-only", "Black Lady result form", "hand page", "Black Lady card page",
         "audit",
         "Tripoli table", "Tripoli read-only", "Reversis table",
         "club start page", "club page", "club read-only page", "club player page",
         "evening start page", "evening page", "evening read-only page", "evening round", "evening table form"]
LANGUAGE = "de"


def speaking(code: str, browser: Any, live_server: str, **options: Any) -> Any:
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True,
                                  base_url=live_server, **options)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies([{"name": "lang", "value": code, "url": live_server}])  # the footer's choice
    return context


@pytest.fixture(scope="module", params=["fr", "nl", "de"])
def phone(request: pytest.FixtureRequest, browser: Any, live_server: str) -> Iterator[tuple[str, Any]]:
    context = speaking(request.param, browser, live_server)
    yield request.param, context.new_page()
    context.close()


@pytest.mark.parametrize("kind", KINDS)
def test_nothing_is_wider_than_the_phone(kind: str, tour: dict[str, str], phone: tuple[str, Any]) -> None:
    """Not even the tables of figures the club pages fit to the phone (those that scroll sideways excepted)."""
    code, page = phone
    page.goto(tour[kind])
    assert page.locator("html").get_attribute("lang") == code
    width = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(f"""[...document.querySelectorAll("body *")]
        .filter(e => e.getBoundingClientRect().right > {WIDTH} + 0.5 && getComputedStyle(e).position !== "fixed"
                     && !e.closest('.sheet-wrap[role="region"]'))
        .slice(0, 5).map(e => e.tagName + (e.id ? "#" + e.id : "") + "." + e.className)""")
    assert width <= WIDTH and wide == [], (code, kind, width, wide)


@pytest.mark.parametrize("kind", KINDS)
def test_a_first_visit_in_german_is_at_most_30_kb(kind: str, tour: dict[str, str], browser: Any,
                                                  live_server: str) -> None:
    context = speaking(LANGUAGE, browser, live_server, service_workers="block")
    page = context.new_page()
    finished: list[Any] = []
    page.on("requestfinished", lambda request: finished.append(request))
    try:
        page.goto(tour[kind])
        page.wait_for_load_state("networkidle")
        assert page.locator("html").get_attribute("lang") == LANGUAGE
        sizes = {r.url: r.sizes() for r in finished}
    finally:
        context.close()
    total = sum(s["responseHeadersSize"] + s["responseBodySize"] for s in sizes.values())
    print(kind, total)
    assert total <= LIMIT, (kind, total)


@pytest.fixture(scope="module")
def german_page(browser: Any, live_server: str) -> Iterator[Any]:
    context = speaking(LANGUAGE, browser, live_server)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("kind", KINDS)
def test_axe_finds_no_violation_in_german(kind: str, tour: dict[str, str], german_page: Any,
                                          axe_source: str) -> None:
    response = german_page.goto(tour[kind])
    assert response is not None and response.status == 200, kind
    found = violations(german_page, axe_source)
    if kind in CLUB_PAGES:
        found = [v for v in found if v["id"] not in CLUB_KNOWN]
    assert not found, found


@pytest.mark.parametrize("kind", [kind for kind in KINDS if kind in REACH])
def test_the_page_s_button_is_in_reach_in_german(kind: str, tour: dict[str, str], german_page: Any) -> None:
    german_page.goto(tour[kind])
    box = german_page.locator(REACH[kind]).first.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, (kind, box)


def test_a_target_too_small_is_found_wherever_it_sits(tour: dict[str, str], german_page: Any, axe_source: str) -> None:
    """The axe helper judges a covered target where a player scrolls it to: a small one is still found, and one
    only covered by the pinned bar where the page opens is not."""
    german_page.goto(tour["hand page"])
    german_page.evaluate("""() => { const row = document.createElement("div"); row.style.display = "flex";
        for (const id of ["tiny", "tinier"]) {
            const b = document.createElement("button"); b.id = id; b.textContent = "x";
            b.style.cssText = "width:10px;height:10px;padding:0;min-height:0;min-width:0;font-size:8px;margin:0;border:0";
            row.append(b);
        }
        document.querySelector("h1").after(row); }""")
    found = [v for v in violations(german_page, axe_source) if v["id"] == "target-size"]
    assert found and any("#tiny" in node for node in found[0]["nodes"]), found
