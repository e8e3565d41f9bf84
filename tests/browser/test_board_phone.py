"""Tripoli's layout board read at arm's length: on a 390x844 phone (Debian's Chromium, ``tests/support/phonekit.py``)
every word and count of the board and of the charts on a Tripoli table's page, and of the layout on its result
form, is drawn at least 12 CSS px, each board label inside its own space, and nothing is wider than the phone.
Tripoli (hearts pay: ``K\u2665Q\u2665``, ``8-9-10``) after a deal that put chips on the spaces, and Cosmo, whose
longest label is ``Sequence``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.chipforms import Fingers, start

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
WIDTH = 390
SMALLEST = 12

# Every text of the page's charts (the board among them) and of the layout's list, with its size as drawn: the
# font size times the chart's scale (1 outside an SVG), and whether a board label lies inside its space's shape.
MEASURE = """() => [...document.querySelectorAll('svg.chart text, .layout-grid .space > *')]
    .filter(t => t.textContent.trim() && t.getClientRects().length)
    .map(t => {
        const svg = t.closest('svg');
        const size = parseFloat(getComputedStyle(t).fontSize) * (svg ? svg.getScreenCTM().a : 1);
        const space = t.closest('svg.chart g.space');
        const shape = space && space.querySelector('rect, ellipse');
        let inside = true;
        if (shape) {
            const a = t.getBoundingClientRect(), b = shape.getBoundingClientRect();
            inside = a.left >= b.left - .5 && a.right <= b.right + .5;
        }
        return {text: t.textContent.trim(), size: Math.round(size * 100) / 100, inside};
    })"""


def readable(page: Any, where: str) -> list[dict[str, Any]]:
    """Every measured text of the page is at least 12 px, each board label fits its space, no sideways scroll."""
    texts: list[dict[str, Any]] = page.evaluate(MEASURE)
    assert texts, f"{where}: nothing measured"
    small = [t for t in texts if t["size"] < SMALLEST]
    assert not small, f"{where}: drawn under {SMALLEST} px: {small}"
    spilled = [t["text"] for t in texts if not t["inside"]]
    assert not spilled, f"{where}: wider than their space: {spilled}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= WIDTH, f"{where}: the page is {width} px wide"
    return texts


def board_texts(page: Any) -> list[str]:
    texts: list[str] = page.locator("#board svg text").evaluate_all("ts => ts.map(t => t.textContent.trim())")
    return texts


def open_layout(page: Any) -> None:
    page.evaluate("() => document.querySelectorAll('details').forEach(d => { if (d.querySelector('.layout-grid')) "
                  "d.open = true; })")


def the_result_form(page: Any, session_url: str) -> None:
    page.goto(session_url + "/result")
    page.wait_for_selector("#deal-form")
    open_layout(page)
    readable(page, "the result form")


def test_the_tripoli_board_reads_at_12_px_on_a_phone(phone: tuple[Any, list[str], list[str]]) -> None:
    page, _, errors = phone
    session_url = start(page, "tripoli")
    page.locator("#record-result").tap()
    page.wait_for_selector("#deal-form")
    fingers = Fingers(page)  # the J\u2665 and the sequence stay on the board: their chips are carried
    for space, seat in (("AH", 0), ("KH", 2), ("QH", 2), ("TH", 1), ("KQ", 2)):
        fingers.pill(f"claim_{space}", str(seat))
    fingers.check("win_0")
    for seat, chips in ((0, "5"), (1, "5"), (3, "2")):
        fingers.type(f"#bet_{seat}", chips)
    fingers.pill("end", "1")
    for seat, cards in ((0, "3"), (2, "5"), (3, "2")):
        fingers.type(f"#left_{seat}", cards)
    with page.expect_navigation():
        fingers.tap(page.locator("#save-hand"))
    assert page.locator("#sheet tr#hand-1").count() == 1

    open_layout(page)
    readable(page, "the session page")
    drawn = board_texts(page)
    for label in ("A\u2665", "10\u2665", "K\u2665Q\u2665", "8-9-10", "Kitty", "Pot"):
        assert label in drawn, (label, drawn)
    assert page.locator('#board g.space[data-space="SEQ"]').get_attribute("data-chips") == "4"  # antes, unclaimed
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#board").screenshot(path=str(ARTIFACTS / "tripoli-board-phone.png"))
    the_result_form(page, session_url)
    assert not errors, f"script errors: {errors}"


@pytest.mark.parametrize("game", ["cosmo", "rummoli"])
def test_the_other_boards_read_at_12_px_on_a_phone(phone: tuple[Any, list[str], list[str]], game: str) -> None:
    page, _, errors = phone
    session_url = start(page, game)
    open_layout(page)
    readable(page, f"{game}'s session page")
    drawn = board_texts(page)
    assert ("Sequence" in drawn) == (game == "cosmo"), drawn
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#board").screenshot(path=str(ARTIFACTS / f"{game}-board-phone.png"))
    the_result_form(page, session_url)
    assert not errors, f"script errors: {errors}"
