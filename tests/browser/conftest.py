"""Fixtures several of the browser tests share: the tour of every page kind, axe-core's source, one more
phone per player."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.cardtaps import ABCD
from tests.support.everypage import AXE, HEIGHT, WIDTH, example, post, table
from tests.support.phonekit import TIMEOUT_MS, in_ci
from tests.support.webdata import example_hand, session


@pytest.fixture(scope="module")
def tour(browser: Any, live_server: str) -> dict[str, str]:
    """Every page kind, by name: its path on the live server."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, base_url=live_server)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    pages = {"start page": "/", "Reversis start page": "/?game=reversis", "Tripoli start page": "/?game=tripoli",
             "club start page": "/clubs/new", "evening start page": "/evenings/new",
             "printed-sheet list": "/sheets/", "offline page": "/offline"}
    hearts = table(page, session(hands=[example_hand()]), "Black Lady")
    pages.update(hearts)
    pages["hand page"] = f"{hearts['Black Lady table']}/hand/1"
    pages["audit"] = f"{hearts['Black Lady table']}/hand/1/audit"
    pages["read-only audit"] = f"{hearts['Black Lady read-only']}/hand/1/audit"
    pages.update(table(page, example("reversis-session.json", hands=2), "Reversis"))
    pages.update(table(page, example("tripoli-session.json", hands=2), "Tripoli"))

    club = post(page, "/api/clubs", {"name": "Thursday", "players": ["Ann", "Bob", "Cat", "Dan"]})
    in_club = post(page, f"/api/clubs/{club['id']}/sessions", session(), token=club["token"])
    hand = {"taken": {"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 2}, "Cat": {"hearts": 0},
                      "Dan": {"hearts": 8}}}
    post(page, f"/api/sessions/{in_club['id']}/hands", hand, token=in_club["token"])
    people = page.request.get(f"/api/clubs/{club['id']}", headers={"Authorization": f"Bearer {club['token']}"})
    ann = next(p["id"] for p in people.json()["players"] if p["name"] == "Ann")
    edit = f"/c/{club['id']}/{club['token']}"
    pages.update({"club page": edit, "club read-only page": f"/vc/{club['id']}/{club['read_key']}",
                  "club player page": f"{edit}/people/{ann}", "club table start page": f"{edit}/start"})

    page.goto("/evenings/new")
    page.locator("#ladies").fill("Ann\nBea\nCat\nDot")
    page.locator("#gentlemen").fill("Ed\nFred\nGus\nHal")
    page.locator('#seating input[value="typed"]').check()  # the seats as typed: the same pages every run
    with page.expect_navigation():
        page.locator("#start").click()
    evening = page.url.removeprefix(live_server)
    assert evening.startswith("/e/"), evening
    read = page.locator("#read-link").input_value().split("://", 1)[1]
    for number in (1, 2):  # round 1 played, so that its page exists
        page.goto(f"{evening}/round/1/table/{number}")
        for seat, count in enumerate((1, 2, 4)):
            page.locator(f"#hearts-{seat}").fill(str(count))
        with page.expect_navigation():
            page.locator("#save-table").click()
    pages.update({"evening page": evening, "evening read-only page": read[read.index("/"):],
                  "evening round": f"{evening}/round/1", "evening table form": f"{evening}/round/1/table/1"})
    pages["error page"] = "/s/no-such-table/no-such-key"
    context.close()
    return pages


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        message = f"{AXE} is missing: scripts/test installs it (npm ci)"
        if in_ci():
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


@pytest.fixture
def phones(browser: Any, live_server: str) -> Iterator[dict[str, tuple[Any, list[str]]]]:
    """One more 390x844 touch phone per player, each a browser context of its own: (page, script errors)."""
    made: dict[str, tuple[Any, list[str]]] = {}
    contexts = []
    for name in ABCD:
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                      base_url=live_server)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        made[name] = (page, errors)
    try:
        yield made
    finally:
        for context in contexts:
            context.close()
