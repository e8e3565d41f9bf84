"""A worked example's table started on a phone, its dealer dealing first (the Hearts variants' card pages)."""

from __future__ import annotations

from typing import Any

from tests.support.cardtaps import save


def start(page: Any, value: dict[str, Any]) -> str:
    """A table for the example's game and players, its dealer dealing first: the session page's URL."""
    game, players = value["game"], value["players"]
    page.goto(f"/?game={game}")
    for seat, name in enumerate(players):
        if page.locator(f"#players-{seat}").count() == 0:
            page.locator("#add-player").tap()
        page.locator(f"#players-{seat}").fill(name)
    seat = len(players)
    while page.locator(f"#players-{seat}").count():
        page.locator(f"#players-{seat}").fill("")
        seat += 1
    page.locator("#first_dealer").select_option(value["dealer"])
    save(page, "#start")
    return str(page.url).split("#")[0]
