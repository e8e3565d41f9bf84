"""A club's evening on a 390x844 phone (Debian's Chromium, ``tests/support/phonekit.py``): the club and its members, two Black
Lady tables played to their end (the second started with "New game with the same players" from the first's game
over), a third left in play with Bob leading it; the standings count only the finished tables (a table still in
play shows as in play, whoever leads), the player's page says the same, and the CSV export read back holds every
hand and each player's result in words. What the pages show is checked against the club's stored tables (its
JSON export) settled by the engine.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
from typing import Any

from scorekeeper.engine.family import family_of

from tests.support.phoneforms import fill_result, save

Phone = tuple[Any, list[str], list[str]]
MEMBERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]
WIDTH = 390
# Black Lady to 31: (hearts per seat, who took Q♠) twice ends each finished table.
FIRST = [([3, 2, 0, 8], 0)] * 2  # Ann 32: over, Cat wins with none
SECOND = [([5, 0, 4, 4], 0)] * 2  # Ann 36: over, Bob wins with none
THIRD = [([0, 3, 3, 7], 3)]  # to 100, one hand: Bob leads with none, the game goes on


def fits(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, "wider than the phone"


def hands(page: Any, results: list[tuple[list[int], int]]) -> None:
    for hearts, queen in results:
        save(page, "#record-result")
        fill_result(page, hearts, queen)
        save(page, "#save-hand")


def start_in_club(page: Any, club: str, players: list[str], target: str) -> None:
    page.goto(club)
    save(page, "#start-table")
    with page.expect_navigation():
        page.locator("#game").select_option("black-lady")
    for seat, name in enumerate(players):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option(players[0])
    page.locator("#settlement-options > summary").tap()
    page.locator("#setopt_target").select_option(target)
    save(page, "#start")
    assert "/s/" in page.url


def column(page: Any, table: str, header: str) -> dict[str, str]:
    """One column of a figures table, by its header's words: player -> the cell's text."""
    headers = page.locator(f"{table} thead th").all_inner_texts()
    index = [h.strip() for h in headers].index(header)
    out = {}
    for row in page.locator(f"{table} tbody tr").all():
        cells = row.locator("th, td").all_inner_texts()
        out[row.get_attribute("data-player") or cells[0]] = cells[index].strip()
    return out


def test_a_club_evening_counts_only_finished_tables(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    page.goto("/clubs/new")
    page.locator("#name").fill("Thursday Hearts")
    page.locator("#players").fill("\n".join(MEMBERS))
    save(page, "#start-club")
    club = page.url.split("#")[0]
    assert [p.strip() for p in page.locator("#people [data-person]").all_inner_texts()] == MEMBERS

    # Two tables to their end: the second from the first's game over, the same players in the same seats.
    start_in_club(page, club, MEMBERS[:4], "31")
    hands(page, FIRST)
    expect(page.locator("#winners")).to_have_text("Cat")
    with page.expect_navigation():
        page.locator("#again").tap()
    hands(page, SECOND)
    expect(page.locator("#winners")).to_have_text("Bob")
    # A third, to 100, left in play with Bob leading: "winning so far" is not a table won.
    start_in_club(page, club, ["Bob", "Cat", "Dan", "Eve"], "100")
    hands(page, THIRD)
    expect(page.locator("#winners")).to_have_count(0)

    # The club's tables as stored, settled by the engine: what every figure below must say.
    page.goto(club)
    records_url = page.locator("#export-json").get_attribute("href")
    answer = page.request.get(records_url)
    assert answer.ok
    records = [json.loads(line) for line in answer.text().splitlines() if line.strip()]
    assert len(records) == 3 and [len(r["hands"]) for r in records] == [2, 2, 1]
    settled = [family_of(r["game"]).settle_json({**r, "hands": [{k: v for k, v in h.items() if k != "id"}
                                                               for h in r["hands"]]}) for r in records]
    assert [s["finished"] for s in settled] == [True, True, False]
    won = {p: sum(1 for s in settled if s["finished"] and p in s["winners"]) for p in MEMBERS}
    in_play = {p: sum(1 for r, s in zip(records, settled) if not s["finished"] and p in r["players"]) for p in MEMBERS}
    tables = {p: sum(1 for r in records if p in r["players"]) for p in MEMBERS}
    assert won == {"Ann": 0, "Bob": 1, "Cat": 1, "Dan": 0, "Eve": 0}

    # The standings: tables won are finished tables; the table in play is in play for each of its players.
    fits(page)
    assert {k: int(v) for k, v in column(page, "#standings", "Won").items()} == won
    assert {k: int(v) for k, v in column(page, "#standings", "In play").items()} == in_play
    assert {k: int(v) for k, v in column(page, "#standings", "Tables").items()} == tables
    assert {k: int(v) for k, v in column(page, "#game-black-lady", "Won").items()} == won
    assert page.locator("#tables li").count() == 3

    # Bob's page: one table won, one finished without a win, one still in play (leading it does not count).
    with page.expect_navigation():
        page.locator('#people [data-person="Bob"]').tap()
    fits(page)
    expect(page.locator("#person-summary")).to_contain_text("3 tables: 1 won, 1 still in play")
    states = page.locator("#person-tables li").evaluate_all("items => items.map(i => i.dataset.tableState)")
    assert sorted(states) == ["finished", "in play", "won"]
    expect(page.locator('#person-tables li[data-table-state="in play"]')).to_contain_text("in play, leading so far")
    assert page.locator('#games tr[data-game="black-lady"] td').nth(1).inner_text() == "1"  # Won
    expect(page.locator("#streak-best")).to_have_text("1")

    # The CSV read back: a row a player a hand, then each table's totals with each player's result in words.
    page.goto(club)
    answer = page.request.get(page.locator("#export-csv").get_attribute("href"))
    assert answer.ok and answer.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(answer.text())))
    assert len([r for r in rows if r["hand"] != "total"]) == 4 * (2 + 2 + 1)
    totals = [r for r in rows if r["hand"] == "total"]
    assert {r["table"] for r in rows} == {"Table 1", "Table 2", "Table 3"} and {r["game"] for r in rows} == {"Black Lady"}
    for number, (record, out) in enumerate(zip(records, settled), start=1):
        mine = {r["player"]: r for r in totals if r["table"] == f"Table {number}"}
        assert {p: int(r["total"]) for p, r in mine.items()} == out["totals"]
        expected = {p: ("won" if p in out["winners"] else "game over") if out["finished"] else "in play"
                    for p in record["players"]}
        assert {p: r["result"] for p, r in mine.items()} == expected

    # The season summary on paper says the same (its text, where poppler is installed).
    if shutil.which("pdftotext"):
        pdf = page.request.get(page.locator("#summary-pdf").get_attribute("href"))
        assert pdf.ok and pdf.body()[:5] == b"%PDF-"
        text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf.body(), capture_output=True,
                              check=True).stdout.decode()
        assert "In play" in text and "still going" in text
    assert not errors, f"script errors: {errors}"
