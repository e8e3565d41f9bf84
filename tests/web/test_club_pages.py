"""A club's pages through their real forms (CSRF tokens and all), and what it gives to take away: the
session records as ``scorekeeper settle`` reads them, a CSV safe to open in a spreadsheet, and the
printed season summary read back with pdftotext and pdftoppm."""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from scorekeeper.cli import main
from scorekeeper.web.clubs.export import safe_cell
from tests.support.pages import EVIL, Page, app, client, get, record_result, submit  # noqa: F401  (fixtures)
from tests.support.paper import gray_page, pdf_text
from tests.support.clubpages import start_club, start_table_in

__all__ = ["app", "client"]


def read_link(page: Page) -> str:
    found = re.search(r'id="read-link" value="http://localhost([^"]+)"', page.html)
    assert found
    return found.group(1)


def test_a_club_its_table_a_hand_and_its_figures(client: FlaskClient) -> None:
    club = start_club(client)
    table = start_table_in(client, club, ["Ann", "Bob", "Cat", "Dee"])
    assert record_result(client, table, [3, 2, 0, 8], 0).status_code == 302  # Ann takes 3 hearts and Q♠: 16
    page = get(client, club)
    assert 'data-person="Dee"' in page.html  # a new name at the table joined the club
    # Ann: 1 table, not won (the game goes on), in play, 1 hand, 16 points a hand, no moon, Q♠ once.
    assert re.search(r'<tr data-player="Ann">.*?<td>1</td><td>0</td><td>1</td><td>1</td>\s*<td>16.0</td><td>0</td>\s*<td>1 Q\u2660</td>',
                     page.html.split('id="game-black-lady"')[1], re.S)
    assert "qr-code" in page.html and 'id="edit-link"' in page.html
    # The club's table list links to the table's edit page (the token made from the club's).
    link = re.search(r'<a href="(/s/[^"]+)" data-table=', page.html)
    assert link and link.group(1) == table
    # A player's page: the figures, a chart over time, and the rename.
    person = re.search(r'<a href="([^"]+)" data-person="Ann">', page.html)
    assert person
    ann = get(client, person.group(1))
    assert "<svg" in ann.html and "Ann, table by table" in ann.html
    assert re.search(r"<tr data-game=\"black-lady\">.*?<td>16.0</td>", ann.html, re.S)
    response = submit(client, ann, "rename-form", {"name": "Annie"})
    assert response.status_code == 302
    assert "Annie" in get(client, table).html
    assert 'data-person="Annie"' in get(client, club).html


def test_the_read_only_club_page_has_no_forms_and_no_edit_links(client: FlaskClient) -> None:
    club = start_club(client)
    table = start_table_in(client, club, ["Ann", "Bob", "Cat", "Dee"])
    record_result(client, table, [3, 2, 0, 8], 0)
    read = read_link(get(client, club))
    page = get(client, read)
    assert "<form method=\"post\"" not in page.html and 'id="edit-link"' not in page.html
    assert "/s/" not in page.html and "/c/" not in page.html
    person = re.search(r'<a href="([^"]+)" data-person="Ann">', page.html)
    assert person and person.group(1).startswith("/vc/")
    assert 'id="rename-form"' not in get(client, person.group(1)).html
    assert client.post(read.replace("/vc/", "/c/") + "/people", data={"name": "Zed"}).status_code in (400, 403)


def test_forms_need_their_csrf_token_and_bad_input_gets_a_sentence(client: FlaskClient) -> None:
    club = start_club(client)
    assert client.post(club + "/people", data={"name": "Zed"}).status_code == 400
    page = get(client, club)
    response = submit(client, page, "person-form", {"name": "Ann"})
    assert response.status_code == 302
    assert "already one of the club" in get(client, club).html
    assert get(client, club + "?from=soon").refusal().startswith("'from' must be a day")
    assert client.get(club.replace("/c/", "/vc/")).status_code == 403  # the edit token is no read key there
    assert client.get("/c/nope/nope").status_code == 404


def test_names_are_escaped_on_every_club_page(client: FlaskClient) -> None:
    club = start_club(client, name=EVIL, players=f"Ann\n{EVIL}\nCat")
    page = get(client, club)  # get() checks that EVIL appears only escaped
    person = re.search(r'<a href="([^"]+)" data-person="&lt;script', page.html)
    assert person
    get(client, person.group(1))


def dan_leads(client: FlaskClient) -> tuple[str, str]:
    """A club table of Black Lady to 100, three hands in: Ann 25, Bob 25, Cat 22, Dan 6. Dan is winning so far; the
    game is not over. (The club's edit link, the table's.)"""
    club = start_club(client)
    table = start_table_in(client, club, ["Ann", "Bob", "Cat", "Dan"])
    for hearts, queen in (([12, 1, 0, 0], 0), ([0, 11, 0, 2], 1), ([0, 0, 9, 4], 2)):
        assert record_result(client, table, hearts, queen).status_code == 302
    assert "Winning so far: Dan" in get(client, table).html
    return club, table


def person_link(page: Page, name: str) -> str:
    found = re.search(rf'<a href="([^"]+)" data-person="{name}">', page.html)
    assert found
    return found.group(1)


def test_a_table_still_in_play_is_won_by_nobody_on_any_page(client: FlaskClient) -> None:
    """The table says "Winning so far: Dan": the club's standings, Dan's page, the CSV and the season summary
    all say the table is in play, and nobody has won it."""
    club, _ = dan_leads(client)
    page = get(client, club)
    dan = re.search(r'<tr data-player="Dan">(.*?)</tr>', page.html.split('id="standings"')[1], re.S)
    assert dan and re.findall(r"<td>([^<]*)</td>", dan.group(1))[1:5] == ["1", "0", "1", "3"]  # tables, won, in play, hands
    assert "In play" in page.html and "until then it is in play" in page.html
    mine = get(client, person_link(page, "Dan"))
    assert "1 table: 0 won, 1 still in play" in mine.html
    assert "in play, leading so far" in mine.html and "· won" not in mine.html
    assert re.search(r'id="streak-now">0<.*?id="streak-best">0<', mine.html, re.S)
    assert re.search(r'<tr data-rival="Ann"><th scope="row">Ann</th><td>1</td><td>0</td><td>0</td><td>0</td></tr>', mine.html)
    read = read_link(page).split("/")
    key = {"key": read[-1]}
    cid = read[-2]
    rows = list(csv.DictReader(io.StringIO(client.get(f"/api/clubs/{cid}/export.csv", query_string=key).get_data(as_text=True))))
    totals = {r["player"]: r["result"] for r in rows if r["hand"] == "total"}
    assert totals == {"Ann": "in play", "Bob": "in play", "Cat": "in play", "Dan": "in play"}
    text = pdf_text(client.get(f"/api/clubs/{cid}/summary.pdf", query_string=key).data)
    assert re.search(r"Dan\s+1\s+0\s+1\s+3\s+2\.0", text), text  # tables 1, won 0, in play 1, 3 hands, 2.0 a hand
    assert "a table still going is counted in play" in text


def test_a_finished_table_is_won_and_counts_for_the_streak_and_head_to_head(client: FlaskClient) -> None:
    """The same table played to its end: four more hands of Cat 9 hearts and Q♠ (22), Dan 4 take Cat to 110 and
    Dan to 22: game over, Dan (the lowest) won."""
    club, table = dan_leads(client)
    for _ in range(4):
        assert record_result(client, table, [0, 0, 9, 4], 2).status_code == 302
    assert 'id="game-over"' in get(client, table).html
    page = get(client, club)
    dan = re.search(r'<tr data-player="Dan">(.*?)</tr>', page.html.split('id="standings"')[1], re.S)
    assert dan and re.findall(r"<td>([^<]*)</td>", dan.group(1))[:5] == ["1", "1", "1", "0", "7"]  # first, won 1
    mine = get(client, person_link(page, "Dan"))
    assert "1 table: 1 won;" in mine.html and "game over" not in mine.html.split('id="person-tables"')[1]
    assert re.search(r'id="streak-now">1<.*?id="streak-best">1<', mine.html, re.S)
    assert re.search(r'<tr data-rival="Cat"><th scope="row">Cat</th><td>1</td><td>1</td><td>1</td><td>0</td></tr>', mine.html)
    cid, key = read_link(page).split("/")[-2:]
    pid = person_link(page, "Dan").rsplit("/", 1)[1]
    answer = client.get(f"/api/clubs/{cid}/players/{pid}", query_string={"key": key}).get_json()
    assert answer["streaks"] == {"current": 1, "longest": 1}
    assert {"player": "Cat", "tables": 1, "finished": 1, "ahead": 1, "behind": 0} in answer["head_to_head"]
    cat = get(client, person_link(page, "Cat"))
    assert re.search(r'<tr data-rival="Dan"><th scope="row">Dan</th><td>1</td><td>1</td><td>0</td><td>1</td></tr>', cat.html)
    assert "game over" in cat.html.split('id="person-tables"')[1]


# --- taking the data away --------------------------------------------------------------------------

def api_club(client: FlaskClient, players: list[str]) -> tuple[dict[str, str], list[dict[str, object]]]:
    club = client.post("/api/clubs", json={"name": "Export", "players": []}).get_json()
    auth = {"Authorization": f"Bearer {club['token']}"}
    records = [
        {"game": "black-lady", "players": players, "first_dealer": players[-1], "stake": "0.10", "hands": [
            {"taken": {players[0]: {"hearts": 3, "QS": 1}, players[1]: {"hearts": 2}, players[2]: {"hearts": 0},
                       players[3]: {"hearts": 8}}}]},
        {"game": "hearts", "players": players, "first_dealer": players[0], "hands": [
            {"taken": {players[0]: {"hearts": 5}, players[1]: {"hearts": 0}, players[2]: {"hearts": 8},
                       players[3]: {"hearts": 0}}}]},
    ]
    for record in records:
        assert client.post(f"/api/clubs/{club['id']}/sessions", json=record, headers=auth).status_code == 201
    return club, records


@pytest.mark.parametrize("cell, safe", [
    ("=1+1", "'=1+1"), ("+cmd", "'+cmd"), ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"),
    ("\rx", "'\rx"), ("Ann", "Ann"), ("", ""), (-3, -3), (16, 16),
])
def test_a_cell_that_could_start_a_formula_is_made_text(cell: object, safe: object) -> None:
    assert safe_cell(cell) == safe


INVISIBLE = [chr(c) for c in range(0x110000)
             if unicodedata.category(chr(c)) in ("Zs", "Zl", "Zp", "Cf", "Cc") and not 0xD800 <= c <= 0xDFFF]


@pytest.mark.parametrize("sign", ["=", "+", "-", "@"])
def test_every_unicode_space_before_a_formula_sign_is_made_text(sign: str) -> None:
    assert {"\t", "\r", " ", "\u00a0", "\u3000", "\u2003", "\u200b", "\u202e", "\ufeff"} <= set(INVISIBLE)
    for space in INVISIBLE:
        cell = f"{space}{sign}1+1"
        assert safe_cell(cell) == "'" + cell, hex(ord(space))
        assert safe_cell(space * 3 + sign + "x") == "'" + space * 3 + sign + "x"
    assert safe_cell(f"Ann {sign}1") == f"Ann {sign}1"


def test_new_ids_never_begin_with_a_formula_sign() -> None:
    from scorekeeper.web.params import new_id

    assert not any(new_id().startswith(("-", "_", "=", "+", "@")) for _ in range(5000))


def test_the_csv_is_safe_against_formula_injection(client: FlaskClient) -> None:
    players = ['=HYPERLINK("http://x","y")', "+Bob", "-Cat", "@Dan"]
    club, _ = api_club(client, players)
    answer = client.get(f"/api/clubs/{club['id']}/export.csv", query_string={"key": club["read_key"]})
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    text = answer.get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {r["player"] for r in rows} == {"'" + p for p in players}
    # Words, not ids: the game's name, the table's number in the club, each player's result at its totals.
    assert list(rows[0]) == ["table", "started", "game", "hand", "dealer", "player", "points", "total", "money", "result"]
    assert [r["table"] for r in rows if r["hand"] == "total"] == ["Table 1"] * 4 + ["Table 2"] * 4
    assert {r["game"] for r in rows} == {"Black Lady", "Hearts"}
    assert all(r["result"] == "in play" for r in rows if r["hand"] == "total")
    assert all(r["result"] == "" for r in rows if r["hand"] != "total")
    assert club["id"] not in text
    assert all(not value.startswith(("=", "+", "@", "\t", "\r")) for r in rows for value in r.values())
    first = [r for r in rows if r["game"] == "Black Lady" and r["hand"] == "1"]
    assert [(r["points"], r["total"]) for r in first] == [("16", "16"), ("2", "2"), ("0", "0"), ("8", "8")]
    totals = [r for r in rows if r["game"] == "Black Lady" and r["hand"] == "total"]
    # 0.10 a point, every pair its difference: the first player (16) pays (16-2)+(16-0)+(16-8) = 38 points.
    assert totals[0]["money"] == "-3.80"
    hearts = [r for r in rows if r["game"] == "Hearts" and r["hand"] == "1"]
    assert [r["points"] for r in hearts] == ["5", "0", "8", "0"]


def test_the_json_export_settles_with_the_command(client: FlaskClient, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    club, records = api_club(client, ["Ann", "Bob", "Cat", "Dan"])
    answer = client.get(f"/api/clubs/{club['id']}/export.jsonl", query_string={"key": club["read_key"]})
    assert answer.status_code == 200
    lines = answer.get_data(as_text=True).splitlines()
    assert [json.loads(line)["game"] for line in lines] == ["black-lady", "hearts"]  # as played, oldest first
    archive = tmp_path / "club.jsonl"
    archive.write_text(answer.get_data(as_text=True))
    assert main(["settle", str(archive), "--quiet"]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["totals"] for o in out] == [{"Ann": 16, "Bob": 2, "Cat": 0, "Dan": 8}, {"Ann": 5, "Bob": 0, "Cat": 8, "Dan": 0}]


def test_the_season_summary_prints(client: FlaskClient) -> None:
    club, _ = api_club(client, ["Ann", "Bob", "Cat", EVIL])
    answer = client.get(f"/api/clubs/{club['id']}/summary.pdf", query_string={"key": club["read_key"]})
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    text = pdf_text(answer.data)
    assert "Export" in text and "season summary" in text and "every table · 2 tables, 2 hands" in text
    assert "Standings" in text and "Black Lady" in text and EVIL in text  # the name printed as typed
    assert re.search(r"Ann\s+1\s+0\s+1\s+1\s+16\.0\s+0\s+1 × Q\u2660\s+0\s+\+0\.00 −3\.80", text), text
    assert "Tables won over the season" in text
    width, height, pixels = gray_page(answer.data)
    dark = sum(1 for p in pixels if p < 128)
    assert width < height and 0.005 < dark / len(pixels) < 0.3  # a portrait page with ink on it, not a blank
    empty = client.get(f"/api/clubs/{club['id']}/summary.pdf", query_string={"key": club["read_key"], "to": "2000-01-01"})
    assert "No table was played in this period" in pdf_text(empty.data)


def test_an_evening_inside_the_club_follows_a_rename(client: FlaskClient) -> None:
    club = start_club(client, players="Ann\nBea\nCal\nDon")
    page = get(client, club + "/evening")
    assert "The club's players: Ann, Bea, Cal, Don" in page.html
    response = submit(client, page, "evening-form", {"ladies": "Ann\nBea\nCia\nDot", "gentlemen": "Cal\nDon\nEd\nFin",
                                                     "seating": "typed", "rounds": "2"})
    assert response.status_code == 302, Page(response).refusal()
    evening = response.headers["Location"]
    assert evening.startswith("/e/")
    club_page = get(client, club)
    assert 'data-person="Fin"' in club_page.html and "Evening of" in club_page.html
    assert f'<a href="{evening}" data-evening=' in club_page.html  # the edit link, made from the club's
    person = re.search(r'<a href="([^"]+)" data-person="Cia">', club_page.html)
    assert person
    assert submit(client, get(client, person.group(1)), "rename-form", {"name": "Cecilia"}).status_code == 302
    shown = get(client, evening).html
    assert "Cecilia" in shown and ">Cia<" not in shown
