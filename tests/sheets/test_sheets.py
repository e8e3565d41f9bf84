"""Printed score sheets (``scorekeeper.sheets``): blank sheets for every game, filled sheets of
sessions, hand audits, the ``scorekeeper sheet`` command, and what WeasyPrint may fetch.

PDFs are read back the way a person would: ``pdftotext -layout`` for the words and numbers,
``pdfinfo`` for the paper, ``pdftoppm`` for the picture. A PNG of one filled sheet and one
blank sheet is kept in ``tests/artifacts/`` (git-ignored) to look at.
"""

from __future__ import annotations

import http.server
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Mapping, Sequence
from html import unescape
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.hearts.records import to_json
from scorekeeper.engine.seating import Seating
from scorekeeper.engine.hearts.settlement import session_from_json, settle
from scorekeeper.engine.hearts.simulate import random_record
from scorekeeper.sheets import (
    AppFilesOnly,
    StoredHand,
    audit_pdf,
    blank_pdf,
    blank_sheet,
    filled_sheet,
    html_to_pdf,
    player_counts,
    playable_games,
    session_pdf,
    sheet_html,
)
from scorekeeper.engine.hearts.words import points_text
from scorekeeper.sheets.model import signed
from tests.support.paper import (
    Counting,
    assert_paper,
    dark_share,
    flat,
    overflowing,
    pdf_text,
    row_tokens,
    run_sheet,
    needs_poppler,
)

pytestmark = needs_poppler
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
EVENING = ROOT / "tests" / "golden" / "settle" / "sweepstakes-evening.json"
EXAMPLE_HAND = ROOT / "examples" / "black-lady-hand.json"
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


# --- reading PDFs back ------------------------------------------------------------------------------


def keep_png(pdf: bytes, name: str) -> Path:
    """Page 1 as a PNG in tests/artifacts/ for people to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    root = ARTIFACTS / name
    subprocess.run(["pdftoppm", "-r", "80", "-png", "-f", "1", "-l", "1", "-singlefile", "-", str(root)],
                   input=pdf, check=True, timeout=60)
    path = root.with_suffix(".png")
    assert path.read_bytes().startswith(b"\x89PNG")
    return path


# --- sessions to print ------------------------------------------------------------------------------

def random_session(
    game: str = "black-lady",
    *,
    hands: int = 50,
    seed: int = 7,
    players: Sequence[str] = PLAYERS,
    options: Mapping[str, Any] | None = None,
    settlement: str | None = None,
    settlement_options: Mapping[str, Any] | None = None,
    stake: str | None = None,
    until_finished: bool = False,
) -> dict[str, Any]:
    """A session of random legal hands made by the engine (``simulate``), the deal rotating left."""
    options = dict(options or {"moon_choice": "add"})
    rng = random.Random(seed)
    record: dict[str, Any] = {"game": game, "options": options, "players": list(players),
                              "first_dealer": players[-1], "settlement_options": dict(settlement_options or {})}
    if settlement:
        record["settlement"] = settlement
    if stake:
        record["stake"] = stake
    seating = Seating(tuple(players))
    dealer = len(players) - 1
    record["hands"] = []
    for number in range(1, hands + 1):
        hand = to_json(random_record(game, players, rng, options=options, dealer=dealer, hand_number=number))
        for key in ("game", "options", "players"):
            hand.pop(key, None)
        record["hands"].append(hand)
        dealer = seating.next(dealer)
        if until_finished and settle(session_from_json(record)).finished:
            break
    return record


def quick(*hearts: int, qs: str = "Ann", **extra: Any) -> dict[str, Any]:
    """A quick Black Lady result: hearts per player in seat order and who took Q♠."""
    taken = {name: {"hearts": h, **({"QS": 1} if name == qs else {})} for name, h in zip(PLAYERS, hearts)}
    return {"taken": taken, **extra}


@pytest.fixture(scope="module")
def finished_game() -> dict[str, Any]:
    return random_session(hands=60, seed=11, stake="0.10", until_finished=True)


# --- the columns come from the ruleset ------------------------------------------------------------------

def card_columns(game: str, players: int = 4, **options: Any) -> list[str]:
    sheet = blank_sheet(game, players, options=options or None)
    return [c.key for g in sheet.groups if g.kind == "cards" for c in g.columns]


@pytest.mark.parametrize("game, options, columns", [
    ("black-lady", {}, ["QS", "moon"]),
    ("black-lady", {"jack_of_diamonds": -10}, ["QS", "JD", "moon"]),
    ("omnibus-hearts", {}, ["QS", "JD", "moon"]),
    ("hooligan-hearts", {}, ["QS", "TD", "7C", "moon"]),
    ("pink-lady", {}, ["QS", "QH", "TD", "moon"]),
    ("complex-hearts", {}, ["QS", "JD", "TC", "moon"]),
    ("hearts", {}, ["moon"]),  # profile 004: the moon, no special card
    ("hearts", {"profile": "003"}, []),  # no moon, hearts only: no column at all
    ("hearts", {"profile": "001"}, ["QS"]),
    ("spot-hearts", {}, []),
    ("spot-hearts", {"profile": "004"}, ["QS", "moon"]),
])
def test_the_special_card_columns_follow_the_ruleset(game: str, options: dict[str, Any], columns: list[str]) -> None:
    assert card_columns(game, **options) == columns


@pytest.mark.parametrize("game, settlement, pool", [
    ("black-lady", None, None), ("hearts", "sweepstakes", "Pool"), ("hearts", "pot", "Pool"),
    ("hearts", "howell", "Pot"), ("black-lady", "five-hand-match", None),
])
def test_a_pool_column_where_the_settlement_has_one(game: str, settlement: str | None, pool: str | None) -> None:
    sheet = blank_sheet(game, 4, settlement=settlement)
    labels = [c.label for g in sheet.groups if g.kind == "pool" for c in g.columns]
    assert labels == ([pool] if pool else [])


def test_pass_directions_follow_the_rotation() -> None:
    sheet = blank_sheet("black-lady", 4, options={"pass": "rotation-lrah"})
    assert [c.key for c in sheet.groups[0].columns] == ["dealer", "pass"]
    assert [r.cells[1].text for r in sheet.rows[:6]] == ["left", "right", "across", "keep", "left", "right"]
    assert "pass" not in [c.key for c in blank_sheet("hearts", 4, options={"profile": "002"}).groups[0].columns]


def test_every_player_has_points_and_a_running_total() -> None:
    sheet = blank_sheet("black-lady", ["Ann", "Bob", "Cat"])
    players = [g for g in sheet.groups if g.kind == "player"]
    assert [g.label for g in players] == ["Ann", "Bob", "Cat"]
    assert all([c.label for c in g.columns] == ["Hand", "Total"] for g in players)
    chips = blank_sheet("hearts", 4, settlement="sweepstakes")
    assert [c.label for g in chips.groups if g.kind == "player" for c in g.columns][:2] == ["Hand", "Chips"]


@pytest.mark.parametrize("game, players, rows", [
    ("black-lady", 4, 16),  # to 100 with 26 points a hand: about 100 x 4 / 26 hands
    ("black-lady", 7, 27),
    ("black-lady", 3, 12),
    ("hearts", 4, 31),  # 13 points a hand
    ("spot-hearts", 4, 20),  # profile 002 has no end: an evening
])
def test_enough_rows_to_reach_the_end(game: str, players: int, rows: int) -> None:
    assert len(blank_sheet(game, players).rows) == rows


def test_every_playable_game_and_player_count() -> None:
    combos = {g.id: player_counts(g) for g in playable_games()}
    assert combos["black-lady"] == (3, 4, 5, 6, 7)
    assert combos["hearts"] == tuple(range(2, 13))  # profiles 003 and 002 seat 2 to 12
    assert combos["heartsette"] == (3, 4, 5, 6, 7, 8)
    assert combos["tripoli"] == combos["rummoli"] == combos["cosmo"] == tuple(range(2, 10))  # planned games have no sheet yet
    assert {"hearts", "black-lady", "complex-hearts", "spot-hearts"} <= set(combos)


# --- blank sheets: every game, every player count ------------------------------------------------------

BLANKS = [(g.id, n) for g in playable_games() for n in player_counts(g)]
# Laid out as PDF: each game's narrowest and widest sheet (its fewest and most players), A4 and Letter in turn;
# the counts between are checked in HTML, where a sheet's words and rows are the same (a PDF costs about a
# second on one core, an HTML page a few milliseconds).
RENDERED = sorted({(g.id, n) for g in playable_games() for n in (min(player_counts(g)), max(player_counts(g)))},
                  key=BLANKS.index)


def _render_blank(job: tuple[str, int, str]) -> tuple[bytes, str]:
    """One blank sheet and its text (in a worker process)."""
    game, players, paper = job
    pdf = blank_pdf(game, players, paper=paper)
    return pdf, pdf_text(pdf)


def _paper_for(index: int) -> str:
    return "letter" if index % 2 else "a4"


@pytest.fixture(scope="module")
def blank_pdfs() -> dict[tuple[str, int], tuple[bytes, str]]:
    """The blank sheets laid out, rendered once, over the machine's cores (about a second each on one core
    for the widest: WeasyPrint lays out a table cell in about a millisecond)."""
    jobs = [(game, n, _paper_for(i)) for i, (game, n) in enumerate(RENDERED)]
    workers = max(1, min(4, os.cpu_count() or 1))
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        done = list(pool.map(_render_blank, jobs, chunksize=4))
    return {(game, n): result for (game, n, _), result in zip(jobs, done)}


def _holds_the_sheet(text: str, game: str, players: int) -> None:
    """A blank sheet's words, as printed or in its HTML: title, signatures, every column's words, the last row."""
    sheet = blank_sheet(game, players)
    assert sheet.title in text and "blank score sheet" in text
    assert "Signatures" in text and "Winner(s)" in text
    for column in sheet.columns:  # a narrow column's header may wrap ("Joker / from"): each word is printed
        assert all(word in text for word in column.label.split()), column.label
    assert str(len(sheet.rows)) in re.findall(r"\d+", text)  # the last row's number


@pytest.mark.parametrize("index, game, players", [(i, g, n) for i, (g, n) in enumerate(RENDERED)],
                         ids=[f"{g}-{n}" for g, n in RENDERED])
def test_a_blank_sheet_renders(blank_pdfs: dict[tuple[str, int], tuple[bytes, str]], index: int, game: str,
                               players: int) -> None:
    pdf, text = blank_pdfs[game, players]
    pages = assert_paper(pdf, _paper_for(index), landscape=blank_sheet(game, players).landscape)
    assert 1 <= pages <= 4
    assert f"Page 1 of {pages}" in text
    _holds_the_sheet(text, game, players)


@pytest.mark.parametrize("game, players", BLANKS, ids=[f"{g}-{n}" for g, n in BLANKS])
def test_a_blank_sheet_of_every_count_holds_its_columns_and_rows(game: str, players: int) -> None:
    _holds_the_sheet(unescape(re.sub(r"<[^>]+>", " ", sheet_html(blank_sheet(game, players)))), game, players)


def test_a_blank_sheet_on_both_papers() -> None:
    for paper in ("a4", "letter"):
        pdf = blank_pdf("black-lady", 4, paper=paper)
        assert assert_paper(pdf, paper) == 1  # four players fit one page, signatures included
        assert 0.02 < dark_share(pdf) < 0.5
    wide = blank_pdf("black-lady", 7, paper="letter")
    assert_paper(wide, "letter", landscape=True)  # seven players print across the page


def test_a_blank_sheet_with_names_and_a_settlement() -> None:
    pdf = blank_pdf("hearts", ["Ann", "Bob", "Cat", "Dan"], options={"profile": "003"}, settlement="sweepstakes")
    text = pdf_text(pdf)
    assert all(name in text for name in PLAYERS)
    assert "Pool" in text and "Chips" in text and "Sweepstakes" in text and "Plain Hearts" in text  # in words


def test_blank_sheet_refusals() -> None:
    from scorekeeper.engine.errors import ScorekeeperError, UnknownGame, UnknownOption

    with pytest.raises(ScorekeeperError, match="Black Lady is for 3 to 7 players, not 2") as players:
        blank_sheet("black-lady", 2)
    assert players.value.code == "players" and players.value.exit_status == 1
    with pytest.raises(UnknownGame):
        blank_sheet("no-such-game", 4)
    with pytest.raises(UnknownOption):
        blank_sheet("black-lady", 4, settlement="no-such")
    with pytest.raises(UnknownOption):
        blank_sheet("black-lady", 4, paper="a3")


# --- filled sheets ------------------------------------------------------------------------------------

def test_the_evening_sheet_holds_every_number() -> None:
    record = json.loads(EVENING.read_text())
    result = settle(session_from_json(record))
    pdf = session_pdf(record)
    assert assert_paper(pdf, "a4") <= 3
    text = pdf_text(pdf)
    for name in PLAYERS:
        assert name in text
    chips = [0] * 4
    for settled, dealer in zip(result.hands, result.dealers):
        words = row_tokens(text, settled.position, PLAYERS[dealer])
        if settled.void:
            assert "misdeal" in text
            continue
        chips = [c + p for c, p in zip(chips, settled.payments)]
        expected = [w for p, c in zip(settled.points, chips) for w in (points_text(p), signed(c))]
        assert words[3:3 + 8] == expected, (settled.position, words)
        assert words[-1] == str(settled.pool)  # the pool after the hand, then "carried" under it
    assert "revoke" in text
    assert "Game over after 5 hands. Winner: Ann." in text
    assert re.search(r"Chips\s+\+19\s+\+17\s+\u221238\s+\+2\s+0", text)  # the chip totals and the empty pool
    assert "Left in the pool: 0 chips." in text
    assert "Dan gets 9 of the 27 chips left in the pool" in text
    for line in ("Cat pays Ann 4.75", "Cat pays Bob 4.25", "Cat pays Dan 0.50"):
        assert line in text
    assert re.search(r"Money\s+4\.75\s+4\.25\s+\u22129\.50\s+0\.50", text)
    assert "Every hand in words" in text and "Ann is clear: pays nothing, wins 6 of the pool of 13" in text


def test_a_finished_game_to_100(finished_game: dict[str, Any]) -> None:
    result = settle(session_from_json(finished_game))
    assert result.finished
    pdf = session_pdf(finished_game, paper="letter")
    assert assert_paper(pdf, "letter") <= 4
    text = pdf_text(pdf)
    for settled, dealer in zip(result.hands, result.dealers):
        words = row_tokens(text, settled.position, PLAYERS[dealer])
        assert words[2] == "left"
        numbers = [w for p, t in zip(settled.points, settled.totals) for w in (points_text(p), points_text(t))]
        assert words[3:11] == numbers
        qs = next(PLAYERS[s] for s, h in enumerate(result.outcomes[settled.position - 1].hauls)
                  if any(c.code == "QS" for c in h.specials))
        assert words[11] == qs  # who took the queen of spades
    winners = ", ".join(PLAYERS[s] for s in result.winners)
    assert f"Game over after {len(result.hands)} hands. Winner" in text and winners in text
    totals = "\\s+".join(re.escape(points_text(t)) for t in result.totals)
    assert re.search(r"Total\s+" + totals, text)
    assert result.transfers and all(f"{a} pays {b} {x}" in text for a, b, x in result.transfers)
    assert "Signatures" in text


def test_a_howell_evening_shows_the_pot() -> None:
    record = {"game": "hearts", "options": {"profile": "003"}, "players": PLAYERS, "first_dealer": "Dan",
              "settlement": "howell",
              "hands": [{"taken": {"Ann": {"hearts": 3}, "Bob": {"hearts": 5}, "Cat": {"hearts": 5}, "Dan": {"hearts": 0}}}]}
    text = pdf_text(session_pdf(record))
    words = row_tokens(text, 1, "Dan")
    assert words[-1] == "39"  # 3 x 13 units paid into the pot
    assert "Bob pays" in text and "chips" in text  # no stake: the chips change hands


def test_complex_scores_print_as_complex_numbers() -> None:
    record = {"game": "complex-hearts", "players": PLAYERS, "first_dealer": "Dan",
              "hands": [{"taken": {"Ann": {"hearts": 4, "QS": 1}, "Bob": {"hearts": 6, "TC": 1},
                                   "Cat": {"hearts": 3, "JD": 1}, "Dan": {"hearts": 0}}}]}
    result = settle(session_from_json(record))
    text = pdf_text(session_pdf(record))
    for p in result.hands[0].points:
        assert points_text(p) in text
    assert "4+13i" in text


@pytest.mark.parametrize("code", ["en", "de"])
def test_the_widest_sheet_prints_every_number_and_every_player_within_its_rules(code: str) -> None:
    """Eleven players of Cancellation Hearts with names of the most characters a name may have: 26 columns
    across a landscape page. Three-digit totals printed at the grid's size ran over their column's rule, and
    the result's table cut off the last three players at the page's edge; both now fit, in any language."""
    from scorekeeper import language
    from scorekeeper.sheets.render import html_document

    players = [f"Bartholomew-Maximilian {i + 1:02d} von Hohenstein" for i in range(11)]
    record = random_session("cancellation-hearts", hands=30, seed=2026, players=players, options={},
                            settlement="cumulative", settlement_options={"target": "none"}, stake="0.05")
    with language.speaking(code):
        sheet = filled_sheet(record)
        html = sheet_html(sheet)
    assert sheet.narrow and max(len(t) for _, t in sheet.settlement.totals) == 3  # type: ignore[union-attr]
    assert overflowing(html_document(html, paper=sheet.paper, landscape=sheet.landscape)) == []
    # the check sees what it was written for: the same sheet as it printed before
    before = html.replace(" narrow", "").replace('class="summary many"', 'class="summary"')
    found = overflowing(html_document(before, paper=sheet.paper, landscape=sheet.landscape))
    assert any("in a cell of" in f for f in found) and any("past the page" in f for f in found)


def test_corrections_are_shown_and_not_counted() -> None:
    record = {"game": "black-lady", "players": PLAYERS, "first_dealer": "Dan"}
    stored = [
        StoredHand(1, quick(3, 2, 0, 8)),
        StoredHand(2, quick(10, 3, 0, 0, qs="Bob"), struck=True),
        StoredHand(3, quick(0, 5, 5, 3, qs="Dan"), corrected=True),
        StoredHand(4, quick(1, 1, 1, 10, qs="Cat"), confirmed=False),
    ]
    sheet = filled_sheet(record, stored=stored)
    assert [r.status for r in sheet.rows] == ["", "struck", "", "waiting"]
    assert [r.marks for r in sheet.rows] == [(), ("struck",), ("corrected",), ("waiting",)]
    counted = settle(session_from_json({**record, "hands": [quick(3, 2, 0, 8), quick(0, 5, 5, 3, qs="Dan")]}))
    assert sheet.settlement is not None
    assert sheet.settlement.totals == tuple((n, points_text(t)) for n, t in zip(PLAYERS, counted.totals))
    text = pdf_text(session_pdf(record, stored=stored))
    struck = row_tokens(text, 2, "Ann")  # shown with its points, dealt by Ann, who deals hand 3 again
    assert struck[3:7] == ["10", "16", "0", "0"]  # Bob took QS; no running totals under a struck hand
    assert row_tokens(text, 3, "Ann")[3:5] == ["0", "16"]
    assert "struck" in text and "corrected" in text and "waiting" in text
    html = sheet_html(sheet)
    assert 'class="struck"' in html and "m-corrected" in html


def test_a_session_that_does_not_settle_is_refused() -> None:
    from scorekeeper.engine.errors import ScorekeeperError

    record = {"game": "black-lady", "players": PLAYERS, "first_dealer": "Dan",
              "hands": [quick(3, 2, 0, 8), {"taken": {"Ann": {"hearts": 14}}}]}
    with pytest.raises(ScorekeeperError) as refused:
        session_pdf(record)
    assert refused.value.hand == 2 and refused.value.code == "impossible-result"


def test_pictures_of_a_filled_and_a_blank_sheet(finished_game: dict[str, Any]) -> None:
    filled = session_pdf(finished_game)
    blank = blank_pdf("black-lady", 4)
    for pdf, name in ((filled, "sheet-filled"), (blank, "sheet-blank")):
        share = dark_share(pdf)
        assert 0.02 < share < 0.5, (name, share)  # not blank, not a black page
        keep_png(pdf, name)


# --- nothing is fetched, every name is escaped ------------------------------------------------------------


def test_a_smuggled_image_is_neither_fetched_nor_markup(web_server: str) -> None:
    evil = f'<img src="{web_server}/p.png">'  # within a name's 40 characters
    players = [evil, "<b>Bob</b>", "Cat & Co", "Dan"]
    record = {"game": "black-lady", "players": players, "first_dealer": "Dan",
              "hands": [{"taken": {evil: {"hearts": 3, "QS": 1}, "<b>Bob</b>": {"hearts": 2},
                                   "Cat & Co": {"hearts": 0}, "Dan": {"hearts": 8}}}]}
    sheet = filled_sheet(record)
    html = sheet_html(sheet)
    assert "<img" not in html and "<b>Bob" not in html
    assert "&lt;img src=&#34;" in html and "&lt;b&gt;Bob&lt;/b&gt;" in html and "Cat &amp; Co" in html
    fetcher = AppFilesOnly()
    pdf = html_to_pdf(html, fetcher=fetcher)
    assert Counting.hits == [] and fetcher.refused == []
    text = flat(pdf_text(pdf))
    assert flat(evil) in text and "<b>Bob</b>" in text  # printed as the name it is
    blank = flat(pdf_text(blank_pdf("black-lady", players)))
    assert Counting.hits == []
    assert '<imgsrc="http://' in blank and '/p.png">' in blank and "<b>Bob</b>" in blank  # wrapped in its column


def test_weasyprint_fetches_nothing_outside_the_app(web_server: str) -> None:
    fetcher = AppFilesOnly()
    html = (f'<link rel="stylesheet" href="{web_server}/style.css">'
            f'<img src="{web_server}/pixel.png"><img src="file:///etc/passwd">'
            f'<p style="background: url({web_server}/bg.png)">x</p>')
    pdf = html_to_pdf(html, fetcher=fetcher)
    assert pdf.startswith(b"%PDF-")
    assert Counting.hits == []
    assert f"{web_server}/pixel.png" in fetcher.refused and "file:///etc/passwd" in fetcher.refused
    assert fetcher.fetched == []
    static = ROOT / "static"
    assert fetcher.local_path((static / "sheet.css").as_uri()) == (static / "sheet.css").resolve()
    for url in (f"{web_server}/x", "file:///etc/passwd", (static / ".." / "pyproject.toml").as_uri(),
                "data:text/css,p{}", "file://example.org/static/sheet.css"):
        assert fetcher.local_path(url) is None, url


# --- the audit of one hand ----------------------------------------------------------------------------------

def test_the_audit_of_a_legal_hand() -> None:
    from scorekeeper.engine.hearts.records import from_json
    from scorekeeper.engine.hearts.replay import replay

    record = json.loads(EXAMPLE_HAND.read_text())
    outcome = replay(from_json(record))
    pdf, audit = audit_pdf(record)
    assert audit.ok and len(audit.tricks) == 13
    for trick, t in zip(audit.tricks, outcome.tricks or ()):
        assert trick.leader == PLAYERS[t.leader] and trick.winner == PLAYERS[t.winner]
        assert [c.code for c in sorted(trick.cells, key=lambda c: c.order)] == [c.code for c in t.cards]
        assert [c.won for c in trick.cells] == [s == t.winner for s in range(4)]
    assert sum(int(t.points or 0) for t in audit.tricks) == 26  # every heart and QS
    text = pdf_text(pdf)
    assert "Every play is legal." in text
    assert re.search(r"Points\s+3\s+4\s+2\s+17", text)
    for t in audit.tricks:
        assert re.search(rf"^\s*{t.number}\s.*{t.winner}", text, re.M)
    assert dark_share(pdf) > 0.02


def test_the_audit_of_an_illegal_hand_highlights_the_play() -> None:
    record = json.loads(EXAMPLE_HAND.read_text())
    play = record["play"]
    play[9], play[13] = play[13], play[9]  # Dan plays 4H on trick 3's diamond lead, a trick early
    del play[10:]  # ... and the table stops there: what would the revoke rule make of it?
    pdf, audit = audit_pdf(record)
    assert audit.error is not None
    assert (audit.error.code, audit.error.trick, audit.error.play) == ("revoke", 3, 9)
    assert audit.error.message == "Dan played 4♥ on a diamond lead while holding 7♦ 4♦ 3♦"
    refused = [(t.number, PLAYERS[seat], c.code) for t in audit.tricks for seat, c in enumerate(t.cells) if c.illegal]
    assert refused == [(3, "Dan", "4H")]
    assert [t.winner for t in audit.tricks] == ["Dan", "Cat", ""]  # two tricks played, then the refused play's
    assert [c.code for c in sorted(audit.tricks[2].cells, key=lambda c: c.order) if c.code] == play[8:10]
    assert audit.established == (("Ann", "0"), ("Bob", "0"), ("Cat", "0"), ("Dan", "30"))  # 003: 10 per player
    text = pdf_text(pdf)
    assert "Illegal · trick 3 · play 10 · Dan" in text and "revoke ·" not in text
    assert audit.error.message in text
    assert "If the table lets it stand" in text and "revoke-003-points" in text
    assert dark_share(pdf) > 0.02


def test_the_audit_of_the_tricks_a_table_remembers() -> None:
    record = json.loads(EXAMPLE_HAND.read_text())
    record["play"] = record["play"][:12]  # three tricks, then the record stops
    pdf, audit = audit_pdf(record)
    assert audit.ok and [t.number for t in audit.tricks] == [1, 2, 3]
    assert "The record stops after 12 of 52 cards" in pdf_text(pdf)


def test_the_audit_of_a_quick_result() -> None:
    pdf, audit = audit_pdf({"game": "black-lady", "players": PLAYERS, "dealer": "Dan", **quick(3, 2, 0, 8)})
    assert audit.ok and audit.quick and not audit.tricks
    text = pdf_text(pdf)
    assert "quick result" in text and re.search(r"Points\s+16\s+2\s+0\s+8", text)


# --- the command ----------------------------------------------------------------------------------------


def test_the_command_prints_a_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheet.pdf"
    status, printed = run_sheet(capsys, str(EVENING), "-o", str(out), "--paper", "letter")
    assert (status, printed) == (0, "")
    assert_paper(out.read_bytes(), "letter")
    assert "Game over after 5 hands" in pdf_text(out.read_bytes())


def test_the_command_prints_blank_sheets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "blank.pdf"
    status, _ = run_sheet(capsys, "--blank", "omnibus-hearts", "--players", "5", "-o", str(out))
    assert status == 0 and "J\u2666" in pdf_text(out.read_bytes())
    status, _ = run_sheet(capsys, "--blank", "hearts", "--players", "Ann,Bob,Cat", "--options", '{"profile": "003"}',
                          "--settlement", "pot", "-o", str(out))
    assert status == 0 and "Pool" in pdf_text(out.read_bytes())


@pytest.mark.parametrize("argv, status, code", [
    (["--blank", "black-lady", "--players", "2"], 1, "players"),
    (["--blank", "no-such-game", "--players", "4"], 2, "unknown-game"),
    (["--blank", "black-lady", "--players", "4", "--options", '{"bogus": 1}'], 2, "unknown-option"),
    (["--blank", "black-lady", "--players", "4", "--options", "{"], 2, "syntax"),
    (["--blank", "black-lady"], 2, "syntax"),
    ([], 2, "syntax"),
    (["SESSION", "--blank", "black-lady", "--players", "4"], 2, "syntax"),
    (["MISSING"], 2, "syntax"),
    (["NOTJSON"], 2, "syntax"),
    (["ILLEGAL"], 1, "impossible-result"),
])
def test_the_command_refuses(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], status: int,
                             code: str) -> None:
    files = {"SESSION": str(EVENING), "MISSING": str(tmp_path / "missing.json")}
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    files["NOTJSON"] = str(tmp_path / "bad.json")
    impossible = {"game": "black-lady", "players": PLAYERS, "first_dealer": "Dan",
                  "hands": [quick(3, 2, 0, 8), {"taken": {"Ann": {"hearts": 14}}}]}
    (tmp_path / "impossible.json").write_text(json.dumps(impossible), encoding="utf-8")
    files["ILLEGAL"] = str(tmp_path / "impossible.json")
    out = tmp_path / "out.pdf"
    got, printed = run_sheet(capsys, *[files.get(a, a) for a in argv], "-o", str(out))
    assert got == status
    error = json.loads(printed)
    assert error["ok"] is False and error["error"]["code"] == code
    assert not out.exists()  # nothing half-written
    if code == "impossible-result":
        assert error["error"]["hand"] == 2


def test_the_command_audits_a_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "audit.pdf"
    status, printed = run_sheet(capsys, "--audit", str(EXAMPLE_HAND), "-o", str(out))
    assert (status, printed) == (0, "") and "Every play is legal." in pdf_text(out.read_bytes())
    record = json.loads(EXAMPLE_HAND.read_text())
    record["play"][1] = "9D"
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(record), encoding="utf-8")
    status, printed = run_sheet(capsys, "--audit", str(illegal), "-o", str(out))
    assert status == 1  # as replay: the hand is illegal; the audit that shows it is written
    assert json.loads(printed)["error"] == {"code": "revoke", "message": "Cat played 9♦ on a club lead while holding A♣ 7♣",
                                            "play": 1, "trick": 1, "player": "Cat", "card": "9D"}
    assert "Cat played 9♦ on a club lead" in pdf_text(out.read_bytes())


@pytest.mark.parametrize(("name", "title"), [("reversis-hand", "Reversis: audit of a hand"),
                                              ("tripoli-deal", "Tripoli: audit of a hand")])
def test_the_command_audits_a_hand_of_every_family(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str,
                                                    title: str) -> None:
    """Reversis and Tripoli records (JSON or their notation) are printed step by step, as the app prints them;
    an illegal one is printed with the refused action marked, and exits 1 with the replay's error."""
    from scorekeeper.engine.family import family_of_record

    value = json.loads((ROOT / "examples" / f"{name}.json").read_text())
    family = family_of_record(value)
    out = tmp_path / "audit.pdf"
    written = tmp_path / f"{name}.txt"
    written.write_text(family.to_notation(value), encoding="utf-8")
    for source in (ROOT / "examples" / f"{name}.json", written):
        status, printed = run_sheet(capsys, "--audit", str(source), "-o", str(out))
        text = pdf_text(out.read_bytes())
        assert (status, printed) == (0, "") and title in text and "Every action is legal." in text
    key = "play" if "play" in value else "michigan"
    plays = value["play"] if key == "play" else value["michigan"]["play"]
    plays[3] = plays[0]  # a card played twice
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(value), encoding="utf-8")
    status, printed = run_sheet(capsys, "--audit", str(illegal), "-o", str(out))
    refused = family.steps_json(value)["refused"]["error"]
    assert status == 1 and json.loads(printed)["error"]["code"] == refused["code"]
    text = pdf_text(out.read_bytes())
    assert "Illegal · step" in text and refused["code"] not in text  # the rule in words, not its code


def test_the_installed_command_writes_to_standard_output() -> None:
    done = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "sheet", "--blank", "black-lady", "--players", "4",
                           "-o", "-"], capture_output=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b"%PDF-") and "Black Lady" in pdf_text(done.stdout)
