"""The table, club and Progressive Hearts pages in French, Dutch and German: each speaks its reader's language
in its own words (headings, buttons, sentences), with none of its English sentences left, and a club started
from a phone speaks that phone's language to the phones that chose none (docs/languages.md)."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web.models import Club
from tests.support.clubpages import start_club, start_table_in
from tests.support.pages import Page, app, client, get, record_result, start_table, submit  # noqa: F401  (fixtures)
from tests.support.progressiveweb import entered, start
from tests.support.languagepages import in_language, speaks

__all__ = ["app", "client"]

# Per language: what the page must say in it (its headings first), and the English it must no longer say.
TABLE = {
    "fr": ["<h2>Liens</h2>", "Nouvelle partie avec les mêmes joueurs", "Imprimer la feuille", "Lien de saisie"],
    "nl": ["<h2>Links</h2>", "Nieuwe partij met dezelfde spelers", "Het scoreblad afdrukken", "Bewerklink"],
    "de": ["<h2>Links</h2>", "Neue Partie mit denselben Spielern", "Das Spielblatt drucken", "Bearbeitungslink"],
}
TABLE_ENGLISH = ["New game with the same players", "Print the sheet", "Edit link (can record hands",
                 "Scan with a phone's camera", "A link went where it should not?", "Show the edit link as a QR code"]
HAND = {"fr": ["<h2>Historique</h2>", "La corriger", "Barrer cette donne"],
        "nl": ["<h2>Geschiedenis</h2>", "Corrigeren", "Dit spel doorstrepen"],
        "de": ["<h2>Verlauf</h2>", "Korrigieren", "Dieses Spiel streichen"]}
HAND_ENGLISH = ["<h2>History</h2>", "Correct it", "Strike this hand out", "Back to the sheet",
                "Save the corrected record"]
CLUB = {"fr": ["<h2>Classement</h2>", "<h2>Joueurs</h2>", "Emporter les données", "Commencer une table"],
        "nl": ["<h2>Stand</h2>", "<h2>Spelers</h2>", "De gegevens meenemen", "Een tafel beginnen"],
        "de": ["<h2>Rangliste</h2>", "<h2>Spieler</h2>", "Die Daten mitnehmen", "Einen Tisch beginnen"]}
CLUB_ENGLISH = ["<h2>Standings</h2>", "Take the data away", "Most tables won first", "Show this period",
                "Season summary (PDF)", "A new player's name", "Start a Progressive Hearts evening"]
PERSON = {"fr": ["Jeu par jeu", "Tables gagnées d’affilée"], "nl": ["Spel voor spel", "Tafels op rij gewonnen"],
          "de": ["Spiel für Spiel", "Tische in Folge gewonnen"]}
PERSON_ENGLISH = ["Game by game", "Tables won in a row", "Head to head", "Rename"]
EVENING = {"fr": ["Dame de pique progressive", "<h2>Étoiles</h2>", "Tour 2 sur 3 : où s’asseoir", "Tour 1 joué"],
           "nl": ["Progressief Hartenjagen", "<h2>Sterren</h2>", "Ronde 2 van 3: waar je zit", "Ronde 1 gespeeld"],
           "de": ["Progressives Hearts", "<h2>Sterne</h2>", "Runde 2 von 3: wer wo sitzt", "Runde 1 gespielt"]}
EVENING_ENGLISH = ["<h2>Stars</h2>", "where to sit", "Round 1 played", "Clockwise from the first lady",
                   "Read-only link (for every player)", "Blank tally (PDF)"]
EVENING_TABLE = {"fr": ["Dames : cœurs pris", "Une renonce établie ?"],
                 "nl": ["Dames: genomen harten", "Een vastgestelde verzaking?"],
                 "de": ["Damen: genommene Herzen", "Eine festgestellte Renonce?"]}
EVENING_TABLE_ENGLISH = ["hearts taken", "An established revoke?", "The last count fills itself in",
                         "Back to the evening", "How many hearts did each take?"]
STRUCK = {"fr": "Donne 1 barrée ; les totaux sont recalculés.",
          "nl": "Spel 1 doorgestreept; de totalen zijn opnieuw berekend.",
          "de": "Spiel 1 gestrichen; die Summen sind neu berechnet."}
LANGUAGES = ["fr", "nl", "de"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_table_and_its_hand_speak_the_phones_language(client: FlaskClient, code: str) -> None:
    edit, _read = start_table(client)
    assert record_result(client, edit, [3, 2, 0, 8], 0).status_code == 302
    speaks(in_language(client, code, edit), code, TABLE[code], TABLE_ENGLISH)
    speaks(in_language(client, code, edit + "/hand/1"), code, HAND[code], HAND_ENGLISH)
    client.set_cookie("lang", code)
    struck = submit(client, get(client, edit + "/hand/1"), "strike-form-1")
    assert struck.status_code == 302
    flashed = get(client, struck.headers["Location"].split("#")[0])
    assert STRUCK[code] in flashed.html and "struck out; the totals" not in flashed.html
    client.delete_cookie("lang")
    english = get(client, edit)  # a phone that asks for nothing: English, as every other test reads it
    assert "New game with the same players" in english.html and '<html lang="en">' in english.html


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_club_and_a_player_speak_the_phones_language(client: FlaskClient, code: str) -> None:
    club = start_club(client)
    start_table_in(client, club, ["Ann", "Bob", "Cat", "Dee"])
    speaks(in_language(client, code, club), code, CLUB[code], CLUB_ENGLISH)
    person = re.search(r'href="([^"]+/people/\d+)" data-person="Ann"', get(client, club).html)
    assert person
    speaks(in_language(client, code, person.group(1)), code, PERSON[code], PERSON_ENGLISH)


@pytest.mark.parametrize("code", LANGUAGES)
def test_an_evening_speaks_the_phones_language(client: FlaskClient, code: str) -> None:
    edit, _read = start(client, ["L1", "L2", "L3", "L4"], ["G1", "G2", "G3", "G4"], rounds="3")
    entered(client, edit, 1, 1, {"L1": 3, "L2": 5, "G1": 2})
    entered(client, edit, 1, 2, {"L3": 0, "L4": 4, "G3": 1})
    speaks(in_language(client, code, edit), code, EVENING[code], EVENING_ENGLISH)
    speaks(in_language(client, code, edit + "/round/2/table/1"), code, EVENING_TABLE[code], EVENING_TABLE_ENGLISH)


@pytest.mark.parametrize(("asked", "code", "heading"), [
    ("de-DE,de;q=0.9", "de", "<h2>Rangliste</h2>"), ("nl-BE", "nl", "<h2>Stand</h2>"),
    ("fr", "fr", "<h2>Classement</h2>")])
def test_a_club_speaks_the_language_its_start_offered(app: Flask, client: FlaskClient, asked: str, code: str,
                                                      heading: str) -> None:
    """The club's start form offers the phone's language; the club keeps it for every phone that chose none."""
    form = Page(client.get("/clubs/new", headers={"Accept-Language": asked}))
    assert re.search(rf'<option value="{code}" selected>', form.html)
    response = submit(client, form, "club-form", {"name": "Jeudi", "players": "Ann\nBob"})
    assert response.status_code == 302
    with app.app_context():
        assert Club.query.one().language == code
    page = client.get(response.headers["Location"], headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert f'<html lang="{code}">' in page and heading in page
    client.set_cookie("lang", "en")  # the phone's own choice wins
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert '<html lang="en">' in page and "<h2>Standings</h2>" in page


# The Hearts family's own part of the table, hand and result pages: the sheet's words, the record bar, the
# misdeal, why each score, and the Record a hand form.
HEARTS = {"fr": ["Enregistrer une donne", "Ce qui s’est passé", "Enregistrer la maldonne", "1 donne compte"],
          "nl": ["Een spel invoeren", "Wat er gebeurde", "Het foute geven invoeren", "1 spel telt"],
          "de": ["Ein Spiel eintragen", "Was passiert ist", "Das Vergeben eintragen", "1 Spiel zählt"]}
HEARTS_ENGLISH = ["Record a hand", "What happened", "Record the misdeal", "1 hand counts", "tap a number for why",
                  "deals again"]
HEARTS_HAND = {"fr": ["Pourquoi ces scores", "Enregistrée par son résultat.", "Enregistrer la correction"],
               "nl": ["Waarom deze scores", "Ingevoerd met de uitslag.", "De correctie bewaren"],
               "de": ["Warum diese Punkte", "Mit seinem Ergebnis eingetragen.", "Die Korrektur speichern"]}
HEARTS_HAND_ENGLISH = ["Why these scores", "Recorded by its result.", "Save the correction", "Hearts taken"]
HEARTS_RESULT = {"fr": ["Qu’a pris chaque joueur ?", "Cœurs pris", "Enregistrer la donne"],
                 "nl": ["Wat nam elke speler?", "Genomen harten", "Het spel bewaren"],
                 "de": ["Was hat jeder Spieler genommen?", "Genommene Herzen", "Das Spiel speichern"]}
HEARTS_RESULT_ENGLISH = ["What did each player take?", "Hearts taken", "Save the hand", "Card by card instead",
                         "fills itself in"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_hearts_pages_own_part_speaks_the_phones_language(client: FlaskClient, code: str) -> None:
    edit, _read = start_table(client)
    assert record_result(client, edit, [3, 2, 0, 8], 0).status_code == 302
    speaks(in_language(client, code, edit), code, HEARTS[code], HEARTS_ENGLISH)
    speaks(in_language(client, code, edit + "/hand/1"), code, HEARTS_HAND[code], HEARTS_HAND_ENGLISH)
    speaks(in_language(client, code, edit + "/result"), code, HEARTS_RESULT[code], HEARTS_RESULT_ENGLISH)
    english = get(client, edit + "/result")
    assert "What did each player take?" in english.html and "Hearts taken" in english.html
