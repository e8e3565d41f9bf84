"""The deal given on the card page of a phone: the examples and their checks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scorekeeper.engine.family import family_of
from tests.support.cardtaps import ABCD, Taps
from tests.support.phonekit import stored_hand, totals_shown


ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"


RENAME = dict(zip(["Ann", "Bob", "Cat", "Dan"], ["Bob", "Cat", "Dan", "Ann"]))  # the example's Dan deals: Ann here


OPTIONS = {"opt_first_lead": "two-of-clubs"}


def example() -> dict[str, Any]:
    value: dict[str, Any] = json.loads((ROOT / "examples" / "black-lady-hand.json").read_text())
    return {**value, "players": ABCD, "dealer": "Ann", "deal": {RENAME[n]: c for n, c in value["deal"].items()},
            "passes": {RENAME[n]: c for n, c in value["passes"].items()}}


def check_stored(page: Any, session: str, value: dict[str, Any]) -> None:
    hand, settled = stored_hand(page, session)
    assert {n: sorted(c) for n, c in hand["deal"].items()} == {n: sorted(c) for n, c in value["deal"].items()}
    assert hand["passes"] == value["passes"]
    assert [p if isinstance(p, str) else p[1] for p in hand["play"]] == value["play"]
    replayed = family_of("black-lady").replay_json({**hand, "game": "black-lady", "options": {"first_lead": "two-of-clubs"},
                                                     "players": ABCD, "dealer": "Ann", "hand": 1})
    assert replayed["points"] == {RENAME[n]: p for n, p in {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 17}.items()}
    assert totals_shown(page, session, ABCD) == replayed["points"] == settled["totals"]


def answer(page: Any, taps: Taps, cards: list[str], then: str) -> None:
    """One question about the deal: its cards tapped, then Done; the page shows the next (``then``)."""
    from playwright.sync_api import expect

    for code in cards:
        taps.tap(f"#grid #card-{code}", answered=False)
    taps.tap("#ask #done", answered=False)
    expect(page.locator("#turn")).to_have_text(then)


def tap_my_hand(page: Any, name: str, hand: list[str], passed: list[str], first: bool) -> int:
    """The player's seat (the first time on this phone), his hand, Next, his pass, Send: the taps."""
    from playwright.sync_api import expect

    taps = 0
    if first:
        page.locator(f'#seat-choice button[data-player="{name}"]').tap()
        taps += 1
    expect(page.locator("#mine-turn")).to_have_text(f"{name}: tap the 13 cards you were dealt")
    assert page.locator("#mine-grid button.card.chosen").count() == 0  # nothing of anybody's shown
    for code in hand:
        page.locator(f"#mine-{code}").tap()
    page.locator("#send").tap()
    expect(page.locator("#mine-turn")).to_have_text(f"{name}: tap the 3 cards you pass")
    assert page.locator("#mine-grid button.card:enabled").count() == 13  # the pass is among his own cards
    for code in passed:
        page.locator(f"#mine-{code}").tap()
    box = page.locator("#send").bounding_box()
    assert box and box["y"] + box["height"] <= 844  # Send pinned in thumb reach, no scroll
    if first and name == "Ann":
        page.screenshot(path=str(ARTIFACTS / "my-hand.png"))
    page.locator("#send").tap()
    expect(page.locator("#mine-turn")).to_have_text(f"{name}: your hand is sent. Tap a card to change it.")
    return taps + len(hand) + 1 + len(passed) + 1
