"""Printed sheets of Conquimbert (catalogue 2.24, 3.17) and Domino Hearts (2.13), blank and filled.

Conquimbert's sheet has card points per hand and lives per player, no special-card columns; a hand
dealt after players went out names only the players dealt in (the others print a dash), and a player
with no lives left reads "out". Domino Hearts' sheet is hearts per player, with the stock's rule in
words. Filled sheets are the example sessions, read back with ``pdftotext -layout``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.sheets import blank_pdf, blank_sheet, filled_sheet, session_pdf
from scorekeeper.sheets.model import StoredHand
from tests.support.paper import flat, pdf_text
from tests.support.sheetcells import cells, columns

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DASH = "\u2013"

needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is not installed")


def example(game: str) -> dict[str, Any]:
    return dict(json.loads((EXAMPLES / f"{game}-session.json").read_text(encoding="utf-8")))


def player_cells(row: dict[str, str], players: list[str]) -> list[tuple[str, str]]:
    return [(row[f"points@{p}"], row[f"running@{p}"]) for p in players]


ABCD = ["Ann", "Bob", "Cat", "Dan"]


def test_conquimbert_columns_are_card_points_and_lives() -> None:
    sheet = blank_sheet("conquimbert", 5)
    assert columns(sheet, "hand") == ["dealer", "trumps"]
    assert columns(sheet, "player") == ["points", "running"] * 5
    assert columns(sheet, "cards") == []  # not the twenty cards that score
    assert [c.label for g in sheet.groups if g.kind == "player" for c in g.columns][:2] == ["Hand", "Lives"]
    assert sheet.footer[0].label == "Lives"
    rules = dict(sheet.rules)
    assert rules["Card points"] == ("A 11, 10 10, K 3, Q 2, J 1 to the trick's winner (108 a pack, less the cards "
                                    "out of play)")
    assert "Penalty cards" not in rules and rules["Trumps"].startswith("the first time a player cannot follow")
    assert rules["End"] == "the last one in wins"
    assert rules["Settlement"] == ("Three lives: taking 31 card points (or the most) costs a life; the last player "
                                   "with a life left wins")


def test_conquimbert_filled_names_the_players_dealt_in() -> None:
    sheet = filled_sheet(example("conquimbert"))
    assert player_cells(cells(sheet, 1), ABCD) == [("40", "2"), ("31", "2"), ("25", "3"), ("12", "3")]
    assert player_cells(cells(sheet, 4), ABCD) == [("31", "0"), ("5", "1"), ("50", "1"), ("22", "3")]
    assert player_cells(cells(sheet, 5), ABCD) == [(DASH, ""), ("20", "1"), ("10", "1"), ("78", "2")]
    assert player_cells(cells(sheet, 7), ABCD) == [(DASH, ""), (DASH, ""), ("60", "1"), ("48", "1")]  # spared
    assert [cells(sheet, n)["dealer"] for n in range(1, 9)] == ["Dan", "Ann", "Bob", "Cat", "Dan", "Bob", "Cat", "Dan"]
    assert [c.text for c in sheet.footer[0].cells] == ["out", "out", "out", "1"]
    assert sheet.settlement is not None
    assert sheet.settlement.totals == (("Ann", "out"), ("Bob", "out"), ("Cat", "out"), ("Dan", "1"))
    assert sheet.settlement.finished and sheet.settlement.winners == ("Dan",)
    notes = dict(next(r for r in sheet.rows if r.number == 5).notes)
    assert notes["Ann"] == "Ann is out of the game"


def test_a_played_hand_after_eliminations_and_its_trumps() -> None:
    """A struck-out hand dealt after Ann went out is shown with the players dealt in, and not counted; a
    hand played card by card shows the card turned up for trumps (Eve could not follow in trick 5)."""
    session = example("conquimbert")
    stored = [StoredHand(i, h) for i, h in enumerate(session["hands"][:5], 1)]
    stored.append(StoredHand(6, session["hands"][5], struck=True))
    sheet = filled_sheet(session, stored=stored)
    row = cells(sheet, 6)
    assert player_cells(row, ABCD) == [(DASH, ""), ("35", ""), ("30", ""), ("43", "")]
    assert next(r for r in sheet.rows if r.number == 6).status == "struck"
    hand = {k: v for k, v in json.loads((EXAMPLES / "conquimbert-hand.json").read_text()).items()
            if k not in ("game", "players", "dealer", "hand")}
    five = {"game": "conquimbert", "players": ["Ann", "Bob", "Cat", "Dan", "Eve"], "first_dealer": "Eve",
            "hands": [hand]}
    played = cells(filled_sheet(five), 1)
    assert played["trumps"] == "\u2666 (4\u2666 up)" and played["points@Ann"] == "52" and played["running@Ann"] == "2"


def test_domino_hearts_hearts_per_player_and_the_stock() -> None:
    sheet = filled_sheet(example("domino-hearts"))
    assert columns(sheet, "hand") == ["dealer"] and columns(sheet, "cards") == []
    assert player_cells(cells(sheet, 1), ["Ann", "Bob", "Cat"]) == [("2", "2"), ("0", "0"), ("11", "11")]
    assert player_cells(cells(sheet, 6), ["Ann", "Bob", "Cat"]) == [("1", "24"), ("6", "22"), ("6", "32")]
    rules = dict(sheet.rules)
    assert rules["Penalty cards"] == "each heart 1"
    assert rules["Stock"].startswith("a player who cannot follow draws from the stock until he draws the suit led")
    assert rules["End"] == "when a total reaches 31 at the end of a hand; lowest total wins"
    assert sheet.settlement is not None and sheet.settlement.winners == ("Bob",)
    assert dict(blank_sheet("domino-hearts", 8).rules)["Stock"] == rules["Stock"]


@needs_pdftotext
def test_the_sheets_read_back() -> None:
    text = pdf_text(session_pdf(example("conquimbert")))
    for words in ("Lives", "Card points: A 11, 10 10, K 3, Q 2, J 1", "Game over after 8 hands. Winner: Dan.",
                  "Ann is out of the game", "Trumps"):
        assert flat(words) in flat(text), words
    assert "Taken by" not in text and "Penalty cards" not in text
    line = next(line.split() for line in text.splitlines() if line.split()[:2] == ["5", "Dan"])
    assert line[2:] == [DASH, "20", "1", "10", "1", "78", "2"]
    blank = pdf_text(blank_pdf("conquimbert", 6))
    assert "Lives" in blank and flat("the lives he has left") in flat(blank) and "Taken by" not in blank
    domino = pdf_text(session_pdf(example("domino-hearts")))
    assert flat("Stock: a player who cannot follow draws") in flat(domino) and flat("Winner: Bob.") in flat(domino)
