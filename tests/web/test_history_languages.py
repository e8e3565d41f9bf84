"""A stored hand's history in the reader's language: each version's note and what it changed, on a French,
Dutch or German table (the notes are stored in English and worded when shown), and what another phone changed
in the refusal of the correction it overtook. English is as before, to the byte."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorekeeper import language
from scorekeeper.web import history_words
from tests.support.pages import Page, get, overtaken_correction, start_table, submit

ABCD = ["Ann", "Bob", "Cat", "Dan"]


def _history(page: Page) -> str:
    found = re.search(r'id="history">(.*?)</ol>', page.html, re.S)
    assert found
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).replace("&gt;", ">").replace("&#39;", "'")


def _corrected_twice(client: FlaskClient, code: str) -> str:
    edit, _ = start_table(client, players=ABCD, changes={"language": code})
    assert submit(client, get(client, edit + "/result"), "result-form",
                  {"hearts_0": "3", "hearts_1": "10", "take_QS": "1"}).status_code == 302
    assert submit(client, get(client, edit + "/hand/1"), "result-form",
                  {"hearts_0": "5", "hearts_1": "8"}).status_code == 302
    assert submit(client, get(client, edit + "/hand/1"), "result-form", {"take_QS": "0"}).status_code == 302
    return _history(get(client, edit + "/hand/1"))


@pytest.mark.parametrize(("code", "said"), [
    ("en", ["recorded", "edited: Ann hearts 3 → 5; Bob hearts 10 → 8", "edited: Ann QS — → 1; Bob QS 1 → —"]),
    ("fr", ["enregistrée", "modifiée : Ann cœurs 3 → 5; Bob cœurs 10 → 8", "modifiée : Ann Q♠ — → 1; Bob Q♠ 1 → —"]),
    ("nl", ["genoteerd", "bewerkt: Ann harten 3 → 5; Bob harten 10 → 8", "bewerkt: Ann Q♠ — → 1; Bob Q♠ 1 → —"]),
    ("de", ["eingetragen", "bearbeitet: Ann Herz 3 → 5; Bob Herz 10 → 8", "bearbeitet: Ann Q♠ — → 1; Bob Q♠ 1 → —"]),
])
def test_a_hand_corrected_twice_shows_its_history_in_the_tables_language(client: FlaskClient, code: str,
                                                                         said: list[str]) -> None:
    history = _corrected_twice(client, code)
    for words in said:
        assert words in history, history
    if code != "en":
        assert "edited" not in history and "hearts" not in history and "QS" not in history, history


def test_what_another_phone_changed_is_said_in_french(client: FlaskClient) -> None:
    _, answered = overtaken_correction(client, "fr", ABCD)
    said = answered.refusal()
    assert "Ann cœurs 3 → 5; Bob cœurs 10 → 8" in said and "hearts" not in said, said


def test_what_another_phone_changed_stays_english_in_english(client: FlaskClient) -> None:
    edit, _ = start_table(client, players=ABCD)
    assert submit(client, get(client, edit + "/result"), "result-form",
                  {"hearts_0": "3", "hearts_1": "10", "take_QS": "1"}).status_code == 302
    mine, other = get(client, edit + "/hand/1"), get(client, edit + "/hand/1")
    assert submit(client, other, "result-form", {"hearts_0": "5", "hearts_1": "8"}).status_code == 302
    said = Page(submit(client, mine, "result-form", {"hearts_0": "4", "hearts_1": "9"})).refusal()
    assert "It changed Ann hearts 3 → 5; Bob hearts 10 → 8." in said, said


@pytest.mark.parametrize(("note", "code", "said"), [
    ("audit undone: back to version 2; decided by Ann", "fr",
     "vérification annulée : retour à la version 2 ; décidé par Ann"),
    ("audit undone: back to version 2", "de", "Prüfung rückgängig gemacht: zurück zu Version 2"),
    ("audit: Bob's revoke in trick 4 established (the revoke rule); decided by Ann: he showed it", "nl",
     "controle: verzaking van Bob in slag 4 vastgesteld (the revoke rule); besloten door Ann: he showed it"),
    ("corrected as JSON: replaced by the cards played", "fr", "corrigée en JSON : remplacée par les cartes jouées"),
    ("edited: changed: play, leader", "de", "bearbeitet: geändert: gespielte Karten, wer ausspielt"),
    ("edited: saved unchanged", "nl", "bewerkt: ongewijzigd opgeslagen"),
    ("corrected: hearts L1 3 → 5; hearts L2 5 → 3", "fr", "corrigée : cœurs L1 3 → 5; cœurs L2 5 → 3"),
    ("struck out", "de", "gestrichen"),
    ("entered", "nl", "ingevoerd"),
    ("a note no pattern knows", "fr", "a note no pattern knows"),  # kept, in English, whole
])
def test_a_stored_note_is_worded_when_shown_and_stays_english_in_english(note: str, code: str, said: str) -> None:
    with language.speaking(code):
        assert history_words.change(note) == said
    with language.speaking("en"):
        assert history_words.change(note) == note


@pytest.mark.parametrize(("url", "code", "said"), [
    ("/sheets/blank.pdf?players=x", "en", "players must be a whole number from 2 to 12, not 'x'"),
    ("/sheets/blank.pdf?players=x", "fr", "le nombre de joueurs (players) doit être un nombre entier de 2 à 12"),
    ("/evenings/blank.pdf?tables=x", "nl", "het aantal tafels (tables) moet een geheel getal van 2 tot"),
    ("/evenings/blank.pdf?rounds=99", "de", "die Rundenzahl (rounds) muss eine ganze Zahl von 1 bis 30 sein"),
])
def test_a_page_parameters_refusal_names_it_in_the_readers_language(client: FlaskClient, url: str, code: str,
                                                                   said: str) -> None:
    answer = client.get(url, headers={"Accept-Language": code})
    assert answer.status_code == 400
    text = answer.get_json()["error"]["message"] if answer.is_json else answer.get_data(as_text=True).replace("&#39;", "'")
    assert said in text, text[:3000]
