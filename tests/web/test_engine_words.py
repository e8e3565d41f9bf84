"""The engine's words on the pages in French, Dutch and German: the names of the games, their options' names,
values and lines on the start page, a table's heading and rules, a hand's notes of why each score, the month
of a hand's history; and the catalogues hold every word of the games' registry in every language
(docs/languages.md). English pages keep the engine's own words."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from scorekeeper import language
from scorekeeper.registry_words import words
from scorekeeper.resources import CHECKOUT
from tests.support.pages import Page, app, client, get, record_result, start_table  # noqa: F401  (fixtures)
from tests.support.languagepages import in_language

__all__ = ["app", "client"]

LANGUAGES = ["fr", "nl", "de"]
# The start page of Black Lady: the game's names, an option's name and value, a version's name.
START = {
    "fr": ["Dame de pique", "Hearts où la dame de pique vaut 13.", "Le passage", "Trois à gauche", "Grand chelem",
           "Totaux cumulés"],
    "nl": ["Zwartejas", "Hearts met schoppenvrouw die 13 waard is.", "Doorgeven", "Drie naar links",
           "De maan schieten", "Lopende totalen"],
    "de": ["Black Lady", "Hearts mit der Pik-Dame zu 13.", "Schieben", "Drei nach links", "Durchmarsch",
           "Laufende Summen"],
}
START_ENGLISH = [">Passing<", "Three to the left", "Shooting the moon", "Running totals<", "Which cards change hands",
                 "Hearts with the queen of spades worth 13.", ">Breaking hearts<", "Led at any time"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_start_page_names_the_games_and_their_options_in_the_phones_language(client: FlaskClient,
                                                                                   code: str) -> None:
    page = in_language(client, code, "/?game=black-lady")
    for said in START[code]:
        assert said in page.html, (code, said)
    left = [english for english in START_ENGLISH if english in page.html]
    assert left == [], (code, left)
    assert "Slobberhannes" in page.html and "Polignac" in page.html  # names players keep in every language


def test_the_start_page_in_english_keeps_the_engines_words(client: FlaskClient) -> None:
    page = get(client, "/?game=black-lady")
    for english in ("Black Lady", "Hearts with the queen of spades worth 13.", "Three to the left", "Running totals"):
        assert english in page.html


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_tables_heading_and_rules_speak_the_phones_language(client: FlaskClient, code: str) -> None:
    edit, _read = start_table(client, changes={"opt_pass": "none"})
    page = in_language(client, code, edit)
    name = START[code][0]
    assert f"<h1>{name} <small" in page.html, code
    rules = page.html.split('id="table-rules">', 1)[1].split("</p>", 1)[0]
    assert START[code][2] in rules and "Passing" not in rules and "Settlement" not in rules, (code, rules)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_word_of_the_games_registry_is_in_every_catalogue(code: str) -> None:
    """Each game's name and summary, each option's name, line, values' names and lines, each version's and each
    settlement's words (``engine.family.families()``, as ``scorekeeper.registry_words`` walks them): translated."""
    with open(CHECKOUT / "translations" / code / "LC_MESSAGES" / "messages.po", "rb") as po:
        catalogue = read_po(po, locale=code)
    untranslated = sorted({text for text in words() if text and not getattr(catalogue.get(text), "string", "")})
    assert untranslated == [], (code, untranslated[:20])
    with language.speaking(code):
        assert language.word("") == ""  # never the catalogue's header


def test_a_word_outside_a_page_speaks_the_language_of_its_block() -> None:
    assert language.word("Black Lady") == "Black Lady"
    with language.speaking("fr"):
        assert language.word("Black Lady") == "Dame de pique"
    with language.speaking("nl"):
        assert language.word("Black Lady") == "Zwartejas"


def test_a_hands_notes_say_why_each_score_in_german(client: FlaskClient) -> None:
    """The notes of *why these scores*: the engine's English clauses, worded in German at display; in English the
    engine's own notes, as the settle output prints them."""
    edit, _read = start_table(client)
    assert record_result(client, edit, [3, 2, 0, 8], 0).status_code == 302
    english = get(client, edit + "/hand/1").html
    assert "Ann took 3 hearts and Q♠: 16; total 16" in english
    assert "Cat took no scoring cards: 0; total 0" in english
    german = in_language(client, "de", edit + "/hand/1").html
    assert "Ann nahm 3 Herzen und Q♠: 16; Summe 16" in german
    assert "Bob nahm 2 Herzen: 2; Summe 2" in german
    assert "Cat nahm keine Strafkarten: 0; Summe 0" in german
    assert " took " not in german and "total " not in german


def test_a_shot_moon_and_a_pools_notes_in_french() -> None:
    from scorekeeper.notes_words import note

    with language.speaking("fr"):
        assert note("Ann took 13 hearts and Q♠: shot the moon and chose to take 26 off their own score: -26; total 4") \
            == "Ann a pris 13 cœurs et Q♠ : a fait le grand chelem et a choisi de retirer 26 de son propre score : -26; total 4"
        assert note("Bob took 1 heart: pays 1 into the pool; nobody is clear: the pool of 26 is a jack, carried; net -1") \
            == "Bob a pris 1 cœur : paie 1 dans la cagnotte; personne n’est propre : la cagnotte de 26 est reportée; net -1"
        assert note("Cat did something no pattern knows; total 3") == "Cat did something no pattern knows; total 3"
    assert note("Ann took 2 hearts: 2; total 2") == "Ann took 2 hearts: 2; total 2"


@pytest.mark.parametrize(("code", "month"), [("en", "28 Nov 14:05"), ("fr", "28 nov. 14:05"), ("nl", "28 nov 14:05"),
                                             ("de", "28. Nov. 14:05")])
def test_a_moment_is_written_with_the_month_of_the_language(code: str, month: str) -> None:
    from datetime import date, datetime

    with language.speaking(code):
        assert language.when_said(datetime(2026, 11, 28, 14, 5)) == month
        assert language.day_said(date(2026, 11, 28)) == month.rsplit(" ", 1)[0]


def test_a_hands_history_says_its_month_in_french(client: FlaskClient) -> None:
    edit, _read = start_table(client)
    assert record_result(client, edit, [3, 2, 0, 8], 0).status_code == 302
    english = get(client, edit + "/hand/1").html
    french = in_language(client, "fr", edit + "/hand/1").html
    import re

    moment = re.search(r'<time datetime="[^"]+">(\d\d) (\w{3}) (\d\d:\d\d) UTC</time>', english)
    assert moment, english
    day, month, clock = moment.groups()
    months = {"Jan": "janv.", "Feb": "févr.", "Mar": "mars", "Apr": "avr.", "May": "mai", "Jun": "juin",
              "Jul": "juil.", "Aug": "août", "Sep": "sept.", "Oct": "oct.", "Nov": "nov.", "Dec": "déc."}
    assert f">{int(day)} {months[month]} {clock} UTC</time>" in french


EVENING = {"fr": ["Table 1 (d’honneur)", "reste", "à la table 2 (lanterne rouge)", "monte à la table 1 (d’honneur)"],
           "nl": ["Tafel 1 (koptafel)", "blijft", "naar tafel 2 (poedeltafel)", "omhoog naar tafel 1 (koptafel)"],
           "de": ["Tisch 1 (Spitzentisch)", "bleibt", "an Tisch 2 (Schlusslicht)", "hinauf an Tisch 1 (Spitzentisch)"]}


@pytest.mark.parametrize("code", LANGUAGES)
def test_an_evenings_tables_and_moves_speak_the_phones_language(client: FlaskClient, code: str) -> None:
    from tests.support.progressiveweb import entered, start

    edit, _read = start(client, ["L1", "L2", "L3", "L4"], ["G1", "G2", "G3", "G4"], rounds="3")
    entered(client, edit, 1, 1, {"L1": 3, "L2": 5, "G1": 2})
    entered(client, edit, 1, 2, {"L3": 0, "L4": 4, "G3": 1})
    english = get(client, edit).html
    assert "Table 1 (head)" in english and "stays" in english
    page = in_language(client, code, edit).html
    for said in EVENING[code]:
        assert said in page, (code, said)
    assert "(head)" not in page and "(booby)" not in page and "stays" not in page


@pytest.mark.parametrize(("code", "said"), [
    ("fr", [("Cartes de pénalité", "chaque cœur 1, Q♠ 13"), ("Grand chelem", "tous les cœurs et Q♠ : −26, ou +26 à chaque autre joueur")]),
    ("nl", [("Strafkaarten", "elke harten 1, Q♠ 13"), ("Einde", "als een totaal aan het einde van een spel 100 bereikt; het laagste totaal wint")]),
    ("de", [("Strafkarten", "jedes Herz 1, Q♠ 13"), ("Ende", "wenn eine Summe am Ende eines Spiels 100 erreicht; die niedrigste Summe gewinnt")]),
])
def test_a_score_sheets_game_and_rules_speak_the_tables_language(code: str, said: list[tuple[str, str]]) -> None:
    from scorekeeper.sheets.model import blank_sheet

    english = blank_sheet("black-lady", 4)
    assert english.title == "Black Lady" and english.subtitle == "4 players · settled by Running totals"
    with language.speaking(code):
        sheet = blank_sheet("black-lady", 4)
    assert sheet.title == START[code][0]
    for line in said:
        assert line in sheet.rules, (code, sheet.rules)
    assert "Running totals" not in sheet.subtitle and "players" not in sheet.subtitle


def test_who_leads_the_coming_deal_in_dutch() -> None:
    from scorekeeper.rules_words import lead_said

    english = "Ann (left of the dealer) leads; not a heart while holding another suit; hearts may not be led until broken."
    assert lead_said(english) == english
    with language.speaking("nl"):
        assert lead_said(english) == ("Ann (links van de gever) komt uit; geen harten zolang hij een andere kleur heeft; "
                                      "harten mogen pas worden uitgekomen als ze gebroken zijn.")
        assert lead_said("Whoever holds 2♣ leads it.") == "Wie 2♣ heeft, komt ermee uit."



@pytest.mark.parametrize("code", LANGUAGES)
def test_a_new_hands_form_names_the_game_in_the_phones_language(client: FlaskClient, code: str) -> None:
    edit, _read = start_table(client)
    assert f'<small class="muted">{START[code][0]}</small></h1>' in in_language(client, code, edit + "/result").html
