"""The card page on a phone: tables started, taps counted, the stored record checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scorekeeper.engine.family import family_of


Phone = tuple[Any, list[str], list[str]]


ABCD = ["Ann", "Bob", "Cat", "Dan"]


ROOT = Path(__file__).resolve().parents[2]


def save(page: Any, selector: str) -> None:
    with page.expect_navigation():
        page.locator(selector).tap()


def start(page: Any, game: str, options: dict[str, str] | None = None) -> str:
    """A table of ``game`` for Ann, Bob, Cat and Dan, Ann dealing first: its session page's URL."""
    page.goto(f"/?game={game}")
    for seat, name in enumerate(ABCD):
        page.locator(f"#players-{seat}").fill(name)
    for field, value in (options or {}).items():
        page.locator(f"#{field}").evaluate("e => { const d = e.closest('details'); if (d) d.open = true; }")
        page.locator(f"#{field}").select_option(value)
    page.locator("#first_dealer").select_option("Ann")
    save(page, "#start")
    return str(page.url).split("#")[0]


class Taps:
    """Taps on the card page, counted, each waiting for the engine's answer before the next."""

    def __init__(self, page: Any) -> None:
        self.page, self.count = page, 0

    def tap(self, selector: str, answered: bool = True) -> None:
        recorded = self.page.locator("#count").inner_text()
        self.page.locator(selector).first.tap()
        self.count += 1
        if answered:
            from playwright.sync_api import expect

            expect(self.page.locator("#count")).not_to_have_text(recorded)

    def card(self, code: str) -> None:
        self.tap(f"#grid #card-{code}")

    def refused(self, selector: str) -> str:
        """Tap what the engine refuses: its sentence shown on the spot, nothing added. The engine's code."""
        from playwright.sync_api import expect

        recorded = self.page.locator("#count").inner_text()
        with self.page.expect_response(lambda r: r.url.endswith("/next") and r.status == 422) as answer:
            self.page.locator(selector).first.tap()
        expect(self.page.locator("#play-refusal")).to_be_visible()
        assert self.page.locator("#count").inner_text() == recorded
        error: dict[str, Any] = answer.value.json()["error"]
        assert self.page.locator("#play-refusal").inner_text().strip() == error["message"]
        return str(error["code"])


def tripoli_betting(page: Any, taps: Taps, value: dict[str, Any], rename: dict[str, str] | None = None) -> None:
    """The poker's bets of a Tripoli record (``rename``: the record's names as the table calls them)."""
    from playwright.sync_api import expect

    name = rename or {}
    for player, *bet in value["poker"]["betting"]:
        expect(page.locator("#turn")).to_have_text(f"{name.get(player, player)} to bet")
        if len(bet) == 2:
            page.locator(f"#amount-{bet[0]}").fill(str(bet[1]))
            taps.count += 1  # the chips typed
        taps.tap(f'#ask button[data-option="{bet[0]}"]')


def tripoli_showdown_and_michigan(page: Any, taps: Taps, value: dict[str, Any],
                                  rename: dict[str, str] | None = None) -> None:
    """After the bets of a Tripoli record: the hands shown not written down, Bob winning the showdown, then
    Michigan card by card (who played each: the deal does not say), its end and the cards left."""
    from playwright.sync_api import expect

    name = rename or {}
    while "shows his five cards" in page.locator("#turn").inner_text():  # not written down
        taps.tap("#ask #none")
    expect(page.locator("#turn")).to_have_text("Who won the showdown?")
    taps.tap('#ask button[data-player="Bob"]', answered=False)
    taps.tap("#ask button.primary")
    for player, code in value["michigan"]["play"]:
        taps.tap(f"#grid #card-{code}", answered=False)
        taps.tap(f'#ask button[data-player="{name.get(player, player)}"]')
    taps.tap("#declare-michigan-end", answered=False)
    out = value["michigan"]["out"]
    taps.tap(f'#ask button[data-player="{name.get(out, out)}"]', answered=False)
    for who, left in value["michigan"]["left"].items():
        page.locator(f"#left-{name.get(who, who)}").fill(str(left))
        taps.count += 1
    taps.tap("#ask button.primary")
    expect(page.locator("#complete")).to_be_visible()


def first_refusal(start: dict[str, Any], plays: list[str]) -> tuple[int, str, str]:
    """Where the engine, without the deal, first refuses a card the table could tap instead of the one played:
    (its place, the card, the engine's code). Without the deal only what the cards so far disprove is refused."""
    from scorekeeper.engine.errors import ScorekeeperError

    family = family_of(start["game"])
    record = start
    for k, code in enumerate(plays):
        for candidate in sorted(set(plays[k + 1:])):
            try:
                family.advance_json(record, {"kind": "play", "value": candidate})
            except ScorekeeperError as exc:
                return k, candidate, exc.code
        record = family.advance_json(record, {"kind": "play", "value": code})["record"]
    raise AssertionError("no card is refused")
