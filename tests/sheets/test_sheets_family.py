"""Printed sheets of the rest of the family (issue 8): the columns these games need, blank and filled.

Tricks per player (Knaves), who won the first and last trick (Polignac, Slobberhannes), Capot
made or failed, the auction's high bid and the suit it bought, the trump suit turned up, who took
and who got rid of the Joker; the rules in words name them too. Filled sheets are the example
sessions (the catalogue's worked examples), read back with ``pdftotext -layout``.
"""

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


def example(game: str) -> dict[str, Any]:
    return dict(json.loads((EXAMPLES / f"{game}-session.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("game, players, options, settlement, hand, player, cards", [
    ("polignac", 4, {}, None, ["dealer"], ["points", "running"],
     ["JS", "JH", "JD", "JC", "first_trick", "last_trick", "capot"]),
    ("slobberhannes", 5, {}, None, ["dealer"], ["points", "running"], ["QC", "first_trick", "last_trick"]),
    ("knaves", 3, {}, None, ["dealer", "trumps"], ["tricks", "points", "running"], ["JS", "JH", "JD", "JC"]),
    ("knaves", 4, {"trump": "none"}, None, ["dealer"], ["tricks", "points", "running"], ["JS", "JH", "JD", "JC"]),
    ("auction-hearts", 4, {}, None, ["dealer", "bid", "suit"], ["points", "running"], []),
    ("joker-hearts", 4, {}, None, ["dealer"], ["points", "running"], ["JK", "joker-from"]),
    ("joker-hearts", 4, {"profile": "004"}, "cumulative", ["dealer", "pass"], ["points", "running"], ["JK", "moon"]),
    ("cancellation-hearts", 6, {}, None, ["dealer", "pass"], ["points", "running"], ["QS", "moon"]),
    ("hartenjagen", 4, {}, None, ["dealer", "pass"], ["points", "running"], ["QS", "JC"]),
])
def test_the_columns_each_game_needs(game: str, players: int, options: dict[str, Any], settlement: str | None,
                                      hand: list[str], player: list[str], cards: list[str]) -> None:
    sheet = blank_sheet(game, players, options=options or None, settlement=settlement)
    assert columns(sheet, "hand") == hand
    assert columns(sheet, "player") == player * players
    assert columns(sheet, "cards") == cards


def test_polignac_first_and_last_trick_and_capot_on_the_filled_sheet() -> None:
    sheet = filled_sheet(example("polignac"))
    assert cells(sheet, 1) == {
        "dealer": "Dan", "points@Ann": "4", "running@Ann": "4", "points@Bob": "2", "running@Bob": "2",
        "points@Cat": "1", "running@Cat": "1", "points@Dan": "0", "running@Dan": "0",
        "JS": "Ann", "JH": "Ann", "JD": "Bob", "JC": "Cat", "first_trick": "Ann", "last_trick": "Bob", "capot": "",
    }
    assert cells(sheet, 2)["capot"] == "Dan (made)" and cells(sheet, 2)["points@Dan"] == "\u22124"
    assert cells(sheet, 3)["capot"] == "Dan (failed)" and cells(sheet, 3)["points@Dan"] == "15"
    rules = dict(sheet.rules)
    assert rules["Penalty cards"] == "J\u2660 2, J\u2665 1, J\u2666 1, J\u2663 1, the first trick 1, the last trick 1"
    assert rules["End"] == "a total of 20 ends the game, the lowest wins"
    assert "Capot" in rules


def test_slobberhannes_all_three_on_the_sheet() -> None:
    sheet = filled_sheet(example("slobberhannes"))
    row = cells(sheet, 2)
    assert (row["QC"], row["first_trick"], row["last_trick"], row["points@Bob"]) == ("Bob", "Bob", "Bob", "4")
    assert dict(sheet.rules)["Penalty cards"] == ("Q\u2663 1, the first trick 1, the last trick 1, "
                                                  "one player taking them all 4")


def test_knaves_tricks_and_the_turned_up_trump() -> None:
    sheet = filled_sheet(example("knaves"))
    first = cells(sheet, 1)
    assert (first["tricks@Ann"], first["points@Ann"], first["tricks@Cat"], first["points@Cat"]) == ("8", "4", "3", "0")
    assert first["trumps"] == ""  # a quick result that does not say
    third = cells(sheet, 3)
    assert third["trumps"] == "\u2665 (J\u2665 up)" and third["JH"] == ""  # the turned-up jack scores for nobody
    rules = dict(sheet.rules)
    assert rules["Penalty cards"] == "each trick won +1, J\u2660 \u22121, J\u2665 \u22124, J\u2666 \u22123, J\u2663 \u22122"
    assert rules["End"] == "the first to +20 wins (highest; equal highest play on)"
    assert rules["Trumps"].startswith("the top undealt card is turned up")


def test_auction_bids_suits_and_the_kept_choice() -> None:
    sheet = filled_sheet(example("auction-hearts"))
    assert [(cells(sheet, n)["bid"], cells(sheet, n)["suit"]) for n in (1, 2, 3)] == [
        ("Dan 4", "\u2663"), ("Bob 1", "\u2666"), ("Bob (kept)", "\u2666")]
    assert [cells(sheet, n)["pool"] for n in (1, 2, 3)] == ["1 (carried)", "2 (carried)", "0"]
    assert sheet.settlement is not None and sheet.settlement.pool == 0
    passed = {**example("auction-hearts"), "hands": [
        {"events": [{"type": "bid", "player": p, "pass": True} for p in ("Ann", "Bob", "Cat", "Dan")]}]}
    assert cells(filled_sheet(passed), 1)["bid"] == "pass (all)"
    rules = dict(filled_sheet(passed).rules)
    assert rules["Penalty cards"] == "each card of the suit bought at the auction 1"
    assert rules["First lead"] == "the player who named the suit leads any card"


def test_joker_taken_by_and_got_rid_of_by() -> None:
    sheet = filled_sheet(example("joker-hearts"))
    assert [(cells(sheet, n)["JK"], cells(sheet, n)["joker-from"]) for n in (1, 2, 3)] == [
        ("Ann", "Bob"), ("Bob", "Bob"), ("Cat", "Dan")]
    assert [g.columns for g in sheet.groups if g.kind == "cards"][0][0].label == "Joker"


@needs_pdftotext
@pytest.mark.parametrize("game, words", [
    ("polignac", ["1st trick", "Last trick", "Capot", "made", "failed", "Game over after 5 hands. Winner: Dan."]),
    ("knaves", ["Tricks", "Trumps", "J\u2665 up", "Winner: Ann."]),
    ("auction-hearts", ["Bid", "Suit", "Dan 4", "kept", "Left in the pool"]),
    ("joker-hearts", ["Joker", "Joker from"]),
])
def test_the_filled_sheet_reads_back(game: str, words: list[str]) -> None:
    text = pdf_text(session_pdf(example(game)))
    for word in words:
        assert flat(word) in flat(text), word


@needs_pdftotext
def test_a_blank_knaves_sheet_has_room_for_tricks_and_trumps() -> None:
    text = pdf_text(blank_pdf("knaves", 4))
    assert "Tricks" in text and "Trumps" in text and "Knaves blank score sheet" in text
    assert flat("End: the first to +20 wins") in flat(text)
    text = pdf_text(blank_pdf("auction-hearts", 5))
    assert "Bid" in text and "Suit" in text and flat("Auction: one bid each") in flat(text)
