"""The printed sheets in the app: ``GET /sessions/<id>/sheet.pdf`` (RECORDS.md), blank sheets, the links."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web import services
from tests.support.paper import assert_paper, dark_share, pdf_text, row_tokens
from tests.support.webdata import PLAYERS, Table, example_hand, result, session


def sheet(client: FlaskClient, table: Table, **query: str) -> bytes:
    response = client.get(f"/sessions/{table.id}/sheet.pdf", query_string={"key": table.read_key, **query})
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert response.mimetype == "application/pdf"
    assert response.headers["Cache-Control"] == "no-store"  # the key is in the URL
    return response.data


def test_the_session_sheet_is_read_like_the_api(client: FlaskClient) -> None:
    table = Table(client, session(hands=[example_hand(), result()]))
    pdf = sheet(client, table)
    assert_paper(pdf, "a4")
    text = pdf_text(pdf)
    settled = table.get()
    for number, hand in enumerate(settled["hands"], 1):
        words = row_tokens(text, number, hand["dealer"])
        assert words[3:11] == [str(v) for name in PLAYERS for v in (hand["points"][name], hand["totals"][name])]
    assert re.search(r"Total\s+" + r"\s+".join(str(settled["totals"][n]) for n in PLAYERS), text)
    assert f"Winning so far: {', '.join(settled['winners'])}" in text
    by_token = client.get(f"/sessions/{table.id}/sheet.pdf", headers=table.auth)
    assert by_token.status_code == 200 and by_token.data.startswith(b"%PDF-")
    assert client.get(f"/sessions/{table.id}/sheet.pdf").status_code == 403
    assert client.get(f"/sessions/{table.id}/sheet.pdf", query_string={"key": "wrong"}).status_code == 403
    assert client.get(f"/sessions/{table.id}/sheet.pdf", headers={"Authorization": "Bearer wrong"}).status_code == 403
    missing = client.get("/sessions/no-such-session/sheet.pdf", query_string={"key": table.read_key})
    assert missing.status_code == 404 and missing.get_json()["error"]["code"] == "not-found"


def test_letter_paper(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    table = Table(client, session(hands=[result()]))
    assert_paper(sheet(client, table, paper="letter"), "letter")
    bad = client.get(f"/sessions/{table.id}/sheet.pdf", query_string={"key": table.read_key, "paper": "a3"})
    assert bad.status_code == 400 and bad.get_json()["error"]["code"] == "syntax"


def test_the_sheet_shows_corrections(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    table = Table(client, session(hands=[result(), result((0, 5, 5, 3), qs="Dan"), result((1, 1, 1, 10), qs="Cat")]))
    with sqlite_app.app_context():
        stored = services.get_session(table.id)
        services.strike_hand(stored, 2)
        services.edit_hand(services.get_session(table.id), 3, result((2, 1, 1, 9), qs="Cat"))
    settled = table.get()
    assert len(settled["hands"]) == 2
    pdf = sheet(client, table)
    text = pdf_text(pdf)
    struck = row_tokens(text, 2, "Ann")
    assert struck[3:7] == ["0", "5", "5", "16"]  # shown, not counted: no running totals beside it
    corrected = row_tokens(text, 3, "Ann")  # the struck hand was not dealt: Ann deals again
    assert corrected[3:5] == ["2", str(settled["totals"]["Ann"])]
    assert "struck" in text and "corrected" in text
    assert re.search(r"Total\s+" + r"\s+".join(str(settled["totals"][n]) for n in PLAYERS), text)
    assert dark_share(pdf) > 0.02


def test_a_session_page_links_its_sheet(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    table = Table(client)
    page = client.get(f"/v/{table.id}/{table.read_key}").get_data(as_text=True)
    link = f'href="/sessions/{table.id}/sheet.pdf?key={table.read_key}"'
    assert 'id="sheet-pdf"' in page and link in page
    with client.get("/static/app.css") as response:  # the page prints from a phone's browser too
        css = response.get_data(as_text=True)
    assert "@media print" in css and "button:not(.pts)" in css


def test_blank_sheets_are_public(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    response = client.get("/sheets/blank.pdf", query_string={"game": "omnibus-hearts", "players": "5",
                                                              "paper": "letter"})
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert_paper(response.data, "letter")
    assert "Omnibus Hearts" in pdf_text(response.data) and "J\u2666" in pdf_text(response.data)
    profile = client.get("/sheets/blank.pdf", query_string={"game": "hearts", "players": "2", "profile": "003",
                                                             "settlement": "sweepstakes"})
    assert profile.status_code == 200 and "Pool" in pdf_text(profile.data)


@pytest.mark.parametrize("query, status, code", [
    ({"game": "no-such-game", "players": "4"}, 400, "unknown-game"),
    ({"game": "black-lady", "players": "2"}, 422, "players"),
    ({"game": "black-lady", "players": "many"}, 400, "syntax"),
    ({"game": "black-lady", "players": "4", "settlement": "bogus"}, 400, "unknown-option"),
])
def test_blank_sheet_refusals(sqlite_app: Flask, query: dict[str, str], status: int, code: str) -> None:
    response = sqlite_app.test_client().get("/sheets/blank.pdf", query_string=query)
    assert response.status_code == status
    assert response.get_json()["error"]["code"] == code


def test_the_list_of_blank_sheets(sqlite_app: Flask) -> None:
    """Each game, a link for each number of players it seats, on A4 paper or, asked, on Letter; within a page's
    weight (``check_page``)."""
    from tests.support.pages import get

    client = sqlite_app.test_client()
    html = get(client, "/sheets/").html
    assert 'href="/sheets/blank.pdf?game=black-lady&amp;players=7&amp;paper=a4"' in html
    assert 'id="game-heartsette"' in html and "paper=letter" not in html.split('id="blank-sheets"')[1]
    letter = get(client, "/sheets/?paper=letter").html
    assert 'href="/sheets/blank.pdf?game=black-lady&amp;players=7&amp;paper=letter"' in letter
    assert "paper=a4" not in letter.split('id="blank-sheets"')[1]
    folio = get(client, "/sheets/?paper=folio").html  # a paper the sheets do not know: A4
    assert folio.split('id="blank-sheets"')[1].split("</ul>")[0] == html.split('id="blank-sheets"')[1].split("</ul>")[0]


# The list in each language: its title, a game's name and summary, the paper, within its weight in each.
SHEETS_SAID = {
    "fr": ["Feuilles de marque vierges", "Dame de pique", "Hearts où la dame de pique vaut 13.", "Lettre US"],
    "nl": ["Lege scorebladen", "Zwartejas", "Hearts met schoppenvrouw die 13 waard is.", "US Letter"],
    "de": ["Leere Spielblätter", "Black Lady", "Hearts mit der Pik-Dame zu 13.", "US-Letter"],
}


@pytest.mark.parametrize("code", sorted(SHEETS_SAID))
def test_the_list_of_blank_sheets_speaks_the_readers_language(sqlite_app: Flask, code: str) -> None:
    from tests.support.languagepages import in_language, speaks

    page = in_language(sqlite_app.test_client(), code, "/sheets/")  # checked against the page's weight
    speaks(page, code, SHEETS_SAID[code], ["Blank score sheets", "Print one before the game",
                                           "Hearts with the queen of spades worth 13"])


def test_the_audit_page_prints_its_report(client: FlaskClient) -> None:
    """The audit report of the hand as typed on the audit page, and of a stored card-by-card hand."""
    from tests.support.pages import REMEMBERED, Page, get, record_result, start_table, submit

    edit, read = start_table(client, players=["Ann", "Bob", "Cat", "Dan"], game="hearts")
    record_result(client, edit, [3, 2, 0, 8], 0)
    audited = Page(submit(client, get(client, edit + "/hand/1/audit"), "audit-form", {"record": REMEMBERED}))
    response = submit(client, audited, "audit-pdf-form")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = pdf_text(response.data)
    assert "Ann" in text and "revoke" in text
    # A hand recorded by its result has no tricks to print until they are typed in.
    refused = client.get(read + "/hand/1/audit.pdf")
    assert refused.status_code == 302 and re.search(r"/v/.+/hand/1/audit$", refused.headers["Location"])
