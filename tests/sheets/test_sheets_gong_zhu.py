"""Gong Zhu's printed sheets (catalogue 2.30, 3.19): blank and filled, with its own columns (who took the pig, the
sheep and the transformer, the cards exposed), scores with their sign, the partnerships' totals and the pig of the
game under the totals; read back with ``pdftotext -layout`` where it is installed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.sheets import blank_pdf, blank_sheet, filled_sheet, session_pdf
from tests.support.paper import flat, pdf_text
from tests.support.sheetcells import cells, columns

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is not installed")


def session() -> dict[str, Any]:
    return dict(json.loads((EXAMPLES / "gong-zhu-session.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("players", [4, 5])
def test_the_blank_sheet_has_gong_zhus_columns(players: int) -> None:
    sheet = blank_sheet("gong-zhu", players)
    assert columns(sheet, "cards") == ["QS", "JD", "TC", "exposed"]  # not the sixteen scoring cards
    assert columns(sheet, "player") == ["points", "running"] * players
    assert columns(sheet, "hand") == ["dealer"]


def test_the_filled_sheet() -> None:
    sheet = filled_sheet(session())
    first = cells(sheet, 1)
    assert (first["QS"], first["JD"], first["TC"]) == ("Ann", "Bob", "Ann")
    assert first["exposed"] == "10\u2663 (Cat 10\u2663)"
    assert first["points@Ann"] == "\u2212760" and first["points@Bob"] == "100"
    third = cells(sheet, 3)
    assert (third["QS"], third["JD"], third["TC"]) == ("Cat", "Ann", "Ann") and third["exposed"] == "A\u2665 (Bob A\u2665)"
    assert sheet.settlement is not None
    assert sheet.settlement.finished and sheet.settlement.winners == ("Bob", "Dan")
    assert sheet.settlement.closing == ("Partnerships: Ann and Cat \u22121050, Bob and Dan \u2212170",
                                        "The pig: Ann, Cat")


@needs_pdftotext
def test_the_sheets_read_back() -> None:
    text = flat(pdf_text(session_pdf(session())))
    for words in ("Pig", "Sheep", "Exposed", "The pig: Ann, Cat", "Winners: Bob, Dan"):
        assert flat(words) in text, words
    blank = flat(pdf_text(blank_pdf("gong-zhu", 4)))
    assert flat("Gong Zhu blank score sheet") in blank and "Pig" in blank
