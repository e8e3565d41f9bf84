"""Reversis on paper (``scorekeeper.sheets.reversis``): the blank sheet, the filled sheet of catalogue
6.11's E2 (the pools over four hands), the app's sheet with struck and waiting hands, the command,
and a smuggled image that is neither fetched nor markup.

PDFs are read back with ``pdftotext -layout`` (``test_sheets``); every number is compared with the
engine's own settlement of the same session (``engine.reversis.settle_json``) or the catalogue's.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.engine import reversis
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.sheets import AppFilesOnly, StoredHand, blank_pdf, blank_sheet, filled_sheet, html_to_pdf, sheet_html
from tests.support.pages import EVIL, app, client, get, submit  # noqa: F401  (app, client: the SQLite fixtures)
from tests.support.paper import Counting, assert_paper, flat, needs_poppler, pdf_text, run_sheet
from tests.support.tripoliweb import stored_session
from tests.support.reversisweb import E2, record, start_reversis

pytestmark = needs_poppler
ROOT = Path(__file__).resolve().parents[2]
SESSION = ROOT / "examples" / "reversis-session.json"  # catalogue 6.11 E2, dealt by A, D, C, B
MINUS = "\u2212"


def session() -> dict[str, Any]:
    return json.loads(SESSION.read_text())  # type: ignore[no-any-return]


def rows_of(text: str) -> dict[str, list[str]]:
    """The sheet's hand rows by number: the words on the line that starts with the hand's number."""
    return {line.split()[0]: line.split() for line in text.splitlines()
            if re.match(r"\s{1,5}\d{1,2}\s+[^\d\s+\u2212]\S*\s", line)}


def signed(n: int) -> str:
    return "0" if n == 0 else f"+{n}" if n > 0 else f"{MINUS}{-n}"


# --- blank sheets ---------------------------------------------------------------------------------------

def test_the_blank_sheet_has_the_fish_the_pools_and_the_events() -> None:
    sheet = blank_sheet("reversis", ["Ann", "Bob", "Cat", "Dan"])
    assert [c.label for c in sheet.columns] == [
        "Dealer", *["Hand", "Fish"] * 4, "Pool", "Suppl.", "All", "J\u2665", "Reversis", "Espagn.", "Party"]
    assert len(sheet.rows) == 20 and sheet.landscape  # no agreed number of hands: an evening
    assert len(blank_sheet("reversis", 4, settlement_options={"hands": 8}).rows) == 8
    pdf = blank_pdf("reversis", ["Ann", "Bob", "Cat", "Dan"], paper="letter")
    assert_paper(pdf, "letter", landscape=True)
    text = pdf_text(pdf)
    for words in ("Reversis blank score sheet", "The pools after", "Espagn.", "Held (of", "Signatures", "Winner(s)",
                  "each puts 5 in at the start, the dealer 5 every hand", "16 from each, 32 from opposite"):
        assert words in text, words
    assert "20" in text.split()


@pytest.mark.parametrize("players, options, settlement, code", [
    (3, None, None, "players"),
    (4, {"party_amount": "fixed:99"}, None, "unknown-option"),
    (4, None, "cumulative", "unknown-option"),
])
def test_blank_sheet_refusals(players: int, options: dict[str, Any] | None, settlement: str | None, code: str) -> None:
    with pytest.raises(ScorekeeperError) as refused:
        blank_sheet("reversis", players, options=options, settlement=settlement)
    assert refused.value.code == code


# --- the filled sheet of catalogue E2 ---------------------------------------------------------------

def test_the_filled_sheet_of_the_catalogue_pools() -> None:
    record = {**session(), "stake": "0.10"}
    settled = reversis.settle_json(record)
    sheet = filled_sheet(record)
    text = pdf_text(html_to_pdf(sheet_html(sheet), landscape=True))
    rows = rows_of(text)
    assert [rows[str(n)][1] for n in range(1, 5)] == ["A", "D", "C", "B"]  # the deal passes to the right
    for n, hand in enumerate(settled["hands"], 1):
        words = rows[str(n)]
        cells = [c for name in "ABCD" for c in (signed(hand["payments"][name]), signed(hand["totals"][name]))]
        assert words[2:10] == cells, n  # per player the hand's fish and the running fish
        if n != 3:  # the pools after the hand: the current pool, no supplement, all of them
            assert words[10:13] == [str(hand["pools"]["current"]), "\u00b7", str(hand["pool"])], n
    # Hand 3 made the supplemental pile (its narrow cell wraps on paper: read from the sheet's cells).
    assert [c.text for c in sheet.rows[2].cells[9:12]] == ["115", "S1 115", "230"]
    assert settled["hands"][2]["pools"]["supplements"] == [{"id": "S1", "fish": 115}]
    assert [[c.text for c in r.cells[12:]] for r in sheet.rows] == [
        ["B doubles", "", "", "A\u2192D 20"], ["D doubles", "", "", "A\u2192B 20"],
        ["B starts S1", "", "", "C\u2192D 20"], ["D takes 120", "", "", "B\u2192D 40"]]
    assert re.search(r"Fish\s+\u221240\s+\u2212170\s+\u221220\s+\+115\s+115\s+\u00b7\s+115", text)
    assert re.search(r"188\s+58\s+208\s+343", text)  # fish held, of the 228 each started with
    assert "Game over after 4 hands. Winner: D." in text
    assert "Left in the pools: pool 115 (115 fish)." in text
    money = re.search(r"Money\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)", text)
    assert money and list(money.groups()) == [settled["money"][n].replace("-", MINUS) for n in "ABCD"]
    assert "B pays D 11.50" in text
    assert "D takes" in text and "B starts" in text and "doubles" in text  # where the Quinola moved the pool
    assert flat(settled["hands"][2]["notes"]["B"]) in flat(text)  # every hand in words
    assert settled["hands"][2]["notes"]["B"] == "B: in play -10, Quinola to the pool -115; net -125"


def test_without_a_stake_the_fish_themselves_change_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheet.pdf"
    status, printed = run_sheet(capsys, str(SESSION), "-o", str(out))
    assert (status, printed) == (0, "")
    text = pdf_text(out.read_bytes())
    assert "B pays D 115 fish" in text  # the rest of what A, B and C lost is in the pools


def test_the_events_of_a_hand_come_from_its_replay() -> None:
    """FORMAT.md's hand: Bob's Espagnolette, and the Party Cat pays him."""
    hand = json.loads((ROOT / "examples" / "reversis-quick.json").read_text())
    record = {"game": "reversis", "players": hand["players"], "first_dealer": hand["dealer"],
              "hands": [{k: v for k, v in hand.items() if k not in ("game", "players", "dealer", "hand")}]}
    sheet = filled_sheet(record)
    text = pdf_text(html_to_pdf(sheet_html(sheet), landscape=True))
    assert rows_of(text)["1"][2:10] == ["\u221217", "\u221217", "+36", "+36", "\u221254", "\u221254", "\u221215",
                                         "\u221215"]
    assert [c.text for c in sheet.rows[0].cells[12:]] == ["Cat doubles", "", "Bob made", "Cat\u2192Bob 11"]
    assert "Cat pays Bob 36 fish" in text


def test_the_command_refuses_a_table_of_three(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, printed = run_sheet(capsys, "--blank", "reversis", "--players", "3", "-o", str(tmp_path / "x.pdf"))
    assert status == 1 and json.loads(printed)["error"]["code"] == "players"
    bad = {**session(), "hands": [{**session()["hands"][0], "taken": {"A": {"tricks": 12, "points": 8},
                                                                      "B": {"tricks": 0, "points": 6},
                                                                      "C": {"tricks": 0, "points": 6},
                                                                      "D": {"tricks": 0, "points": 4}}}]}
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    status, printed = run_sheet(capsys, str(tmp_path / "bad.json"), "-o", str(tmp_path / "x.pdf"))
    error = json.loads(printed)["error"]
    assert status == 2 and error["code"] == "syntax" and error["hand"] == 1  # 12 tricks cannot even be read
    assert not (tmp_path / "x.pdf").exists()


# --- the app's sheet: struck and waiting hands ------------------------------------------------------------

def test_the_sheet_from_the_app(client: FlaskClient) -> None:
    listing = client.get("/sheets/").get_data(as_text=True)
    assert 'id="game-reversis"' in listing and 'href="/sheets/blank.pdf?game=reversis&amp;players=4&amp;paper=a4"' in listing
    blank = client.get("/sheets/blank.pdf", query_string={"game": "reversis", "players": "4"})
    assert blank.status_code == 200 and "Reversis blank score sheet" in pdf_text(blank.data)
    assert client.get("/sheets/blank.pdf", query_string={"game": "reversis", "players": "5"}).status_code == 422

    edit, read = start_reversis(client, ["A", "B", "C", EVIL])
    for fields in E2[:3]:
        record(client, edit, fields)
    assert submit(client, get(client, edit + "/hand/2"), "strike-form-2").status_code == 302
    sid, key = read.split("/")[2:4]
    pdf = client.get(f"/sessions/{sid}/sheet.pdf", query_string={"key": key})
    assert pdf.status_code == 200
    assert client.get(f"/sessions/{sid}/sheet.pdf").status_code == 403
    text = pdf_text(pdf.data)
    assert EVIL in text and "struck" in text
    settled = reversis.settle_json(stored_session(client, edit))
    rows = rows_of(text)
    assert rows["1"][2:10] == [c for n in ["A", "B", "C", EVIL]
                               for c in (signed(settled["hands"][0]["payments"][n]), signed(settled["hands"][0]["totals"][n]))]
    # Hand 2 is struck: shown as it would settle, not counted (no running fish); hand 3 counts after hand 1.
    assert rows["3"][2:10] == [c for n in ["A", "B", "C", EVIL]
                               for c in (signed(settled["hands"][1]["payments"][n]), signed(settled["hands"][1]["totals"][n]))]
    assert re.search(r"Fish\s+" + r"\s+".join(re.escape(signed(settled["balance"][n])) for n in ["A", "B", "C", EVIL]),
                     text)


def test_a_waiting_hand_is_marked_and_not_counted() -> None:
    record = session()
    stored = [StoredHand(1, record["hands"][0]), StoredHand(2, record["hands"][1], confirmed=False)]
    sheet = filled_sheet({k: v for k, v in record.items() if k != "hands"}, stored=stored)
    assert [r.status for r in sheet.rows] == ["", "waiting"]
    assert sheet.rows[1].cells[2].text == ""  # no running fish: it does not count yet
    assert sheet.settlement is not None and dict(sheet.settlement.totals)["A"] == "\u221240"  # hand 1 only


def test_a_smuggled_image_is_neither_fetched_nor_markup(web_server: str) -> None:
    evil = f'<img src="{web_server}/p.png">'  # within a name's 40 characters
    record = json.loads(json.dumps(session()).replace('"D"', json.dumps(evil)))
    html = sheet_html(filled_sheet(record))
    assert "<img" not in html and "&lt;img src=&#34;" in html
    fetcher = AppFilesOnly()
    html_to_pdf(html, landscape=True, fetcher=fetcher)
    assert Counting.hits == [] and fetcher.refused == []
    assert all(Path(url.removeprefix("file://")).is_relative_to(fetcher.root) for url in fetcher.fetched)
