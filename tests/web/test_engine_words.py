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


def in_language(client: FlaskClient, code: str, url: str) -> Page:
    client.set_cookie("lang", code)
    try:
        return get(client, url)
    finally:
        client.delete_cookie("lang")


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
    edit, _read = start_table(client, changes={"opt_passing": "none"})
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
    untranslated = sorted({text for text in words() if text and not (catalogue.get(text) and catalogue.get(text).string)})
    assert untranslated == [], (code, untranslated[:20])
    with language.speaking(code):
        assert language.word("") == ""  # never the catalogue's header


def test_a_word_outside_a_page_speaks_the_language_of_its_block() -> None:
    assert language.word("Black Lady") == "Black Lady"
    with language.speaking("fr"):
        assert language.word("Black Lady") == "Dame de pique"
    with language.speaking("nl"):
        assert language.word("Black Lady") == "Zwartejas"
