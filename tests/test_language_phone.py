"""The translated pages on a 390x844 phone in Chromium (``tests/phonekit.py``), in German, whose words are the
longest: nothing is wider than the phone, and a first visit stays within its 30 KB, headers included, as
``tests/test_every_page.py`` measures them in English."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from phonekit import TIMEOUT_MS
from test_every_page import HEIGHT, LIMIT, WIDTH, tour  # noqa: F401  (the tour of every page kind: a fixture)

KINDS = ["Black Lady table", "Black Lady read-only", "Black Lady result form", "hand page",
         "Tripoli table", "Tripoli read-only", "Reversis table",
         "club start page", "club page", "club read-only page", "club player page",
         "evening start page", "evening page", "evening read-only page", "evening round", "evening table form"]
LANGUAGE = "de"


def german(browser: Any, live_server: str, **options: Any) -> Any:
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True,
                                  base_url=live_server, **options)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies([{"name": "lang", "value": LANGUAGE, "url": live_server}])  # the footer's choice
    return context


@pytest.fixture(scope="module")
def german_page(browser: Any, live_server: str) -> Iterator[Any]:
    context = german(browser, live_server)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("kind", KINDS)
def test_nothing_is_wider_than_the_phone_in_german(kind: str, tour: dict[str, str], german_page: Any) -> None:
    german_page.goto(tour[kind])
    assert german_page.locator("html").get_attribute("lang") == LANGUAGE
    width = german_page.evaluate("document.documentElement.scrollWidth")
    wide = german_page.evaluate(f"""[...document.querySelectorAll("body *")]
        .filter(e => e.getBoundingClientRect().right > {WIDTH} + 0.5 && getComputedStyle(e).position !== "fixed"
                     && !e.closest('.sheet-wrap[role="region"]'))
        .slice(0, 5).map(e => e.tagName + (e.id ? "#" + e.id : "") + "." + e.className)""")
    assert width <= WIDTH and wide == [], (kind, width, wide)


@pytest.mark.parametrize("kind", KINDS)
def test_a_first_visit_in_german_is_at_most_30_kb(kind: str, tour: dict[str, str], browser: Any,
                                                  live_server: str) -> None:
    context = german(browser, live_server, service_workers="block")
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
