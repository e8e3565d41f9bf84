"""What the app prints and exports speaks its owner's language: a table's printed audit the table's, a club's
season summary, its CSV and its evenings' tallies the club's, read back from the PDF with pdftotext and pdftoppm
in French, Dutch and German: the translated headings are there and the English ones are not."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web.extensions import db
from scorekeeper.web.models import TableSession
from tests.support.examples import example
from tests.support.pages import Page, app, client, get, record_result, submit  # noqa: F401  (fixtures)
from tests.support.paper import dark_share, needs_poppler, pdf_text

__all__ = ["app", "client"]
pytestmark = needs_poppler

LANGUAGES = ("fr", "nl", "de")

# What each printed page says in each language, and the English it no longer says (words no translation shares).
AUDIT = {
    "fr": ["vérification de la donne 1", "Chaque action est régulière.", "Après l’étape 1", "Étape", "Payé",
           "La table, pli par pli et tour par tour", "Page 1 sur"],
    "nl": ["controle van spel 1", "Elke actie is geldig.", "Na stap 1", "Stap", "Betaald",
           "De tafel, slag voor slag en ronde voor ronde", "Pagina 1 van"],
    "de": ["Prüfung von Spiel 1", "Jede Aktion ist regelgerecht.", "Nach Schritt 1", "Schritt", "Bezahlt",
           "Der Tisch, Stich für Stich und Runde für Runde", "Seite 1 von"],
}
AUDIT_ENGLISH = ["audit of hand", "Every action is legal", "After step", "Step", "Paid", "The table, trick by trick",
                 "Printed", "Page 1 of"]
SEASON = {
    "fr": ["bilan de la saison", "Classement", "Joueur", "En jeu", "Moy.", "Lunes", "Renonces", "Argent",
           "Pénalité", "La saison en image", "Tables gagnées au fil de la saison", "Page 1 sur"],
    "nl": ["seizoensoverzicht", "Stand", "Speler", "Bezig", "Gem.", "Manen", "Verzakingen", "Geld", "Straf",
           "Het seizoen in beeld", "Gewonnen tafels over het seizoen", "Pagina 1 van"],
    "de": ["Saisonübersicht", "Rangliste", "Spieler", "Offen", "Schnitt", "Monde", "Renoncen", "Geld", "Strafe",
           "Die Saison im Bild", "Gewonnene Tische über die Saison", "Seite 1 von"],
}
SEASON_ENGLISH = ["season summary", "Standings", "Player", "In play", "Pts a hand", "Moons", "Revokes", "Money",
                  "Penalty", "The season in a picture", "Tables won over the season", "every table", "Page 1 of"]
EVENING = {
    "fr": ["relevé de la soirée", "Tours", "Étoiles", "Prix", "Dame", "Monsieur", "Cœurs", "Or", "Vert",
           "La soirée n’est pas finie", "monsieur)", "Page 1 sur"],
    "nl": ["telblad van de avond", "Rondes", "Sterren", "Prijzen", "Dame", "Heer", "Harten", "Goud", "Groen",
           "De avond is nog niet voorbij", "(heer)", "Pagina 1 van"],
    "de": ["Zählblatt des Abends", "Runden", "Sterne", "Preise", "Dame", "Herr", "Herzen", "Gold", "Grün",
           "Der Abend ist nicht vorbei", "(Herr)", "Seite 1 von"],
}
EVENING_ENGLISH = ["evening tally", "Rounds", "Stars", "Prizes", "Lady", "Gentleman", "Green", "The evening is not over",
                   "(gentleman)", "A round", "Page 1 of"]
CSV_HEADERS = {
    "fr": ["table", "commencée", "jeu", "donne", "donneur", "joueur", "points", "total", "argent", "résultat"],
    "nl": ["tafel", "begonnen", "spel", "spel", "gever", "speler", "punten", "totaal", "geld", "uitslag"],
    "de": ["Tisch", "begonnen", "Spielart", "Spiel", "Geber", "Spieler", "Punkte", "Summe", "Geld", "Ergebnis"],
}
CSV_WORDS = {"fr": ("Table 1", "total", "en cours"), "nl": ("Tafel 1", "totaal", "bezig"),
             "de": ("Tisch 1", "Summe", "im Spiel")}
NAMES = ["table", "started", "game", "hand", "dealer", "player", "points", "total", "money", "result"]


def flat(text: str) -> str:
    return " ".join(text.split())


def says(text: str, present: list[str], absent: list[str]) -> None:
    words = flat(text)
    assert [w for w in present if w not in words] == [], words
    assert [w for w in absent if w in words] == [], words


def club_in(client: FlaskClient, code: str, players: str = "Ann\nBob\nCat\nDan") -> str:
    """A club started through its form, in ``code``: its edit link."""
    page = get(client, "/clubs/new")
    response = submit(client, page, "club-form", {"name": "Jeudi", "players": players, "language": code})
    assert response.status_code == 302, Page(response).refusal()
    return str(response.headers["Location"])


def read_key(client: FlaskClient, club: str) -> tuple[str, dict[str, str]]:
    found = re.search(r'id="read-link" value="http://localhost/vc/([\w-]+)/([\w-]+)"', get(client, club).html)
    assert found
    return found.group(1), {"key": found.group(2)}


def table_in(client: FlaskClient, club: str) -> str:
    page = get(client, club + "/start?game=black-lady")
    fields = {f"players-{i}": name for i, name in enumerate(["Ann", "Bob", "Cat", "Dan"])}
    fields.update({"first_dealer": "Dan", "action": "start"})
    response = submit(client, page, "start-form", fields)
    assert response.status_code == 302, Page(response).refusal()
    return str(response.headers["Location"])


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_tables_printed_audit_speaks_the_tables_language(app: Flask, client: FlaskClient, code: str) -> None:
    """The audit of a stored hand, printed for a reader whose phone asks for English: the table's language."""
    hand = example("black-lady-hand")
    session = {"game": hand["game"], "players": hand["players"], "first_dealer": hand["dealer"], "options": hand["options"],
               "hands": [{k: v for k, v in hand.items() if k not in ("game", "players", "dealer", "options")}]}
    created = client.post("/api/sessions", json=session)
    assert created.status_code == 201, created.get_json()
    ids = created.get_json()
    with app.app_context():
        table = db.session.get(TableSession, ids["id"])
        assert table is not None
        table.language = code
        db.session.commit()
    english = client.get(f"/v/{ids['id']}/{ids['read_key']}/hand/1/audit.pdf", headers={"Accept-Language": "en"})
    assert english.status_code == 200 and english.mimetype == "application/pdf"
    says(pdf_text(english.data), AUDIT[code], AUDIT_ENGLISH)
    assert dark_share(english.data) > 0.005  # ink on the page, not a blank


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_clubs_season_summary_and_csv_speak_the_clubs_language(client: FlaskClient, code: str) -> None:
    club = club_in(client, code)
    table = table_in(client, club)
    assert record_result(client, table, [3, 2, 0, 8], 0).status_code == 302  # Ann takes Q♠: 16 points
    cid, key = read_key(client, club)
    summary = client.get(f"/api/clubs/{cid}/summary.pdf", query_string=key, headers={"Accept-Language": "en"})
    assert summary.status_code == 200
    text = pdf_text(summary.data)
    says(text, SEASON[code], SEASON_ENGLISH)
    assert re.search(r"Ann\s+1\s+0\s+1\s+1\s+16[.,]0", text), text  # the figures themselves unchanged
    assert dark_share(summary.data) > 0.005

    exported = client.get(f"/api/clubs/{cid}/export.csv", query_string=key).get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(exported)))
    assert rows[0] == CSV_HEADERS[code]
    number, total, result = CSV_WORDS[code]
    assert rows[1][0] == number and rows[-1][3] == total and rows[-1][9] == result
    assert rows[-1][5:7] == ["Dan", ""] and float(rows[-1][7]) == 8  # numbers stay numbers
    plain = client.get(f"/api/clubs/{cid}/export.csv", query_string={**key, "headers": "names"}).get_data(as_text=True)
    named = list(csv.DictReader(io.StringIO(plain)))
    assert list(named[0]) == NAMES and named[-1]["hand"] == "total" and named[-1]["result"] == "in play"
    assert named[0]["table"] == "Table 1" and len(named) == len(rows) - 1


def test_a_club_without_a_language_prints_in_the_readers(client: FlaskClient) -> None:
    """A club stored before languages came has none: its summary speaks the reader's, its CSV too."""
    club = client.post("/api/clubs", json={"name": "Old", "players": ["Ann"]}).get_json()
    key = {"key": club["read_key"]}
    german = pdf_text(client.get(f"/api/clubs/{club['id']}/summary.pdf", query_string=key,
                                  headers={"Accept-Language": "de"}).data)
    assert "Saisonübersicht" in german and "alle Tische" in german and "season summary" not in german
    english = pdf_text(client.get(f"/api/clubs/{club['id']}/summary.pdf", query_string=key).data)
    assert "season summary" in english and "every table" in english
    header = client.get(f"/api/clubs/{club['id']}/export.csv", query_string=key).get_data(as_text=True).splitlines()[0]
    assert header.split(",") == NAMES  # English without a club language or a reader's


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_clubs_evening_tally_speaks_the_clubs_language(client: FlaskClient, code: str) -> None:
    club = club_in(client, code)
    page = get(client, club + "/evening")
    response = submit(client, page, "evening-form", {"ladies": "Ann\nBea\nCia\nDot", "gentlemen": "Cal\nDon\nEd\nFin",
                                                     "seating": "typed", "rounds": "2"})
    assert response.status_code == 302, Page(response).refusal()
    eid = response.headers["Location"].split("/")[2]
    found = re.search(r'id="read-link" value="http://localhost/ve/[\w-]+/([\w-]+)"', get(client, response.headers["Location"]).html)
    assert found
    sheet = client.get(f"/evenings/{eid}/sheet.pdf", query_string={"key": found.group(1)},
                       headers={"Accept-Language": "en"})
    assert sheet.status_code == 200
    says(pdf_text(sheet.data), EVENING[code], EVENING_ENGLISH)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_blank_tally_speaks_the_readers_language(client: FlaskClient, code: str) -> None:
    text = pdf_text(client.get("/evenings/blank.pdf", headers={"Accept-Language": code}).data)
    blank = {"fr": "relevé vierge", "nl": "leeg telblad", "de": "leeres Zählblatt"}[code]
    prize = {"fr": "Prix d’or des dames", "nl": "Gouden prijs van de dames", "de": "Goldpreis der Damen"}[code]
    says(text, [blank, prize], ["blank tally", "Ladies' gold prize", "Write each table"])


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_charts_on_a_tables_and_a_players_page_speak_the_pages_language(client: FlaskClient, code: str) -> None:
    club = club_in(client, code)
    table = table_in(client, club)
    assert record_result(client, table, [3, 2, 0, 8], 0).status_code == 302
    client.get(table + f"?lang={code}")  # this phone chooses the language (its cookie)
    page = get(client, table).html
    chart = page[page.index("<svg"):page.index("</svg>")]
    title = {"fr": "Totaux cumulés", "nl": "Lopende totalen", "de": "Laufende Summen"}[code]
    after = {"fr": "après 1 donne", "nl": "na 1 spel", "de": "nach 1 Spiel"}[code]
    assert title in chart and after in chart and "Running totals" not in chart and "after 1 hand" not in chart
    person = re.search(r'<a href="([^"]+)" data-person="Ann">', get(client, club).html)
    assert person
    mine = get(client, person.group(1)).html
    chart = mine[mine.index("<svg"):mine.index("</svg>")]
    words = {"fr": ("Ann, table par table", "après 1 table"), "nl": ("Ann, tafel voor tafel", "na 1 tafel"),
             "de": ("Ann, Tisch für Tisch", "nach 1 Tisch")}[code]
    assert all(w in chart for w in words) and "table by table" not in chart, chart


def test_the_summarys_money_and_period_are_written_as_the_language_writes_them(client: FlaskClient) -> None:
    """A club without a language, read in French then in German: Ann's money with a decimal comma, the period's
    days in words; in English as before (``3.80``, ISO days)."""
    club = client.post("/api/clubs", json={"name": "Export", "players": []}).get_json()
    record = {"game": "black-lady", "players": ["Ann", "Bob", "Cat", "Dan"], "first_dealer": "Dan", "stake": "0.10",
              "hands": [{"taken": {"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 2}, "Cat": {"hearts": 0},
                                   "Dan": {"hearts": 8}}}]}
    created = client.post(f"/api/clubs/{club['id']}/sessions", json=record,
                          headers={"Authorization": f"Bearer {club['token']}"})
    assert created.status_code == 201
    query = {"key": club["read_key"], "from": "2020-03-01", "to": "2099-03-31"}
    written = {}
    for code in ("fr", "de", "en"):
        answer = client.get(f"/api/clubs/{club['id']}/summary.pdf", query_string=query, headers={"Accept-Language": code})
        written[code] = flat(pdf_text(answer.data))
    assert "+0,00 −3,80" in written["fr"] and "du 1 mars 2020 au 31 mars 2099" in written["fr"]
    assert "+0,00 −3,80" in written["de"] and "01.03.2020 bis 31.03.2099" in written["de"]
    assert "+0.00 −3.80" in written["en"] and "2020-03-01 to 2099-03-31" in written["en"]
    assert "16,0" in written["fr"] and "16.0" in written["en"]  # points a hand
