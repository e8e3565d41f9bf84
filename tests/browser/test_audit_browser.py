"""The audit on a 390x844 phone (Debian's Chromium, ``tests/support/phonekit.py``): a Reversis and a Tripoli hand
stepped through with the big buttons at the bottom and the slider, without reloading the page, then a
what-if by tapping the action and one of its choices."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.family import family_of

ROOT = Path(__file__).resolve().parents[2]


def stored(page: Any, name: str) -> tuple[str, dict[str, Any]]:
    """A table whose first hand is the example ``name``, made through the API; its edit link and the hand."""
    hand = json.loads((ROOT / "examples" / f"{name}.json").read_text())
    session = {"game": hand["game"], "players": hand["players"], "first_dealer": hand["dealer"],
               "hands": [{k: v for k, v in hand.items() if k not in ("game", "players", "dealer")}]}
    answer = page.request.post("/api/sessions", data=session)
    assert answer.status == 201, answer.text()
    ids = answer.json()
    return f"/s/{ids['id']}/{ids['token']}", hand


@pytest.mark.parametrize(("name", "change", "tap"), [("reversis-hand", 14, '"3S"'), ("tripoli-deal", 5, '["check"]')])
def test_step_through_an_audit_and_tap_a_what_if(phone: tuple[Any, list[str], list[str]], name: str, change: int,
                                                 tap: str) -> None:
    from playwright.sync_api import expect

    page, requests, errors = phone
    edit, hand = stored(page, name)
    steps = family_of(hand["game"]).steps_json(hand)["steps"]
    page.goto(edit + "/hand/1")
    page.locator("#audit").tap()
    page.wait_for_selector("#steps")
    expect(page.locator("#legal")).to_be_visible()
    page.evaluate("window.stayed = true")  # gone if the page reloads
    nxt, back = page.locator("#next-step"), page.locator("#prev-step")
    for button in (nxt, back):  # the big buttons stay at the bottom of the screen, within reach of a thumb
        box = button.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844 and box["y"] > 844 - 120 and box["height"] >= 48
    expect(back).to_be_disabled()
    frame = page.locator("#steps .frame")
    for k in range(1, 4):
        nxt.tap()
        expect(frame).to_have_attribute("data-frame", str(k))
    expect(frame.locator("h3").first).to_contain_text(f"Step 3: {steps[2]['player'] or ''}".strip())
    back.tap()
    expect(frame).to_have_attribute("data-frame", "2")
    slider = page.locator("#step-slider")
    slider.fill(str(change))  # the slider to the step to change
    expect(frame).to_have_attribute("data-frame", str(change))
    assert page.evaluate("window.stayed === true")  # every step came without reloading the page
    expect(page.locator(f"#frame-{change} .part").first).to_be_visible()
    page.locator(f"#change-{change}").tap()  # what if this action had been another?
    choices = page.locator("#whatif-choices")
    expect(choices).to_be_visible()
    choices.locator(f"button[data-value='{tap}']").tap()
    result = page.locator("#whatif-result")
    expect(result).to_be_visible()
    expect(result).to_contain_text(f"at step {change}:")
    page.screenshot(path=str(ROOT / "tests" / "artifacts" / f"audit-{name}.png"), full_page=True)
    assert not errors, f"script errors: {errors}"
