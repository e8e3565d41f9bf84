"""The card page, the page of one's own hand and the audit in French, Dutch and German: the page's own words in
the reader's language and none of its English sentences, the language links at the foot of the card page, and
the scripts' words (``web/script_words.py``) in the page's JSON object, complete in every language
(docs/languages.md)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from scorekeeper.language import LANGUAGES, folder
from scorekeeper.web.script_words import CARDS, DEAL, MY_HAND, OFFLINE, OUTBOX, SEATS
from tests.support.pages import Page, app, client, get, start_table  # noqa: F401  (fixtures)
from tests.support.webdata import example_hand, session
from tests.support.languagepages import in_language

__all__ = ["app", "client"]

LANGUAGES_SHOWN = ["fr", "nl", "de"]
PLACE = re.compile(r"\{\w+\}")

CARD_PAGE = {"fr": ["carte par carte", "Enregistrer la donne", "Annuler", "Saisir la distribution", "Retour à la feuille"],
             "nl": ["kaart voor kaart", "Het spel bewaren", "Ongedaan maken", "De deling invoeren",
                    "Terug naar het scoreblad"],
             "de": ["Karte für Karte", "Das Spiel speichern", "Rückgängig", "Das Geben eintragen",
                    "Zurück zum Spielblatt"]}
CARD_PAGE_ENGLISH = ["card by card", "Save the hand", ">Undo<", "Give the deal", "Back to the sheet", "At the table:",
                     "Each player can give his own hand", "Only if the table let it stand",
                     "Card by card needs JavaScript"]
MY_HAND_PAGE = {"fr": ["Ma propre main", "Quelle place est la vôtre ?", "Envoyer ma main", "Pas ma place"],
                "nl": ["Mijn eigen hand", "Welke plaats is van jou?", "Mijn hand versturen", "Niet mijn plaats"],
                "de": ["Mein eigenes Blatt", "Welcher Platz ist Ihrer?", "Mein Blatt senden", "Nicht mein Platz"]}
MY_HAND_ENGLISH = ["My own hand", "Which seat is yours?", "Send my hand", "Not my seat", "Chosen once on this phone",
                   "Only this phone sees the hand", "The table's sheet"]
AUDIT_PAGE = {"fr": ["Vérification", "Étape par étape", "sur 56</label>", "Suivant", "Vérifier une autre version", "<h3>Plis gagnés</h3>"],
              "nl": ["Controle", "Stap voor stap", "van 56</label>", "Volgende", "Een andere versie controleren", "<h3>Gewonnen slagen</h3>"],
              "de": ["Prüfung", "Schritt für Schritt", "von 56</label>", "Weiter", "Eine andere Fassung prüfen", "<h3>Gewonnene Stiche</h3>"]}
AUDIT_ENGLISH = ["Step by step", "56 steps", "Audit another version", "The hand as the table remembers it",
                 "Back to the hand", "The audit on paper", "is legal", ">Next", "Back<", "<h3>Tricks won</h3>"]


def speaks(page: Page, code: str, said: list[str], english: list[str]) -> None:
    text = html.unescape(page.html)
    assert f'<html lang="{code}">' in text
    for words in said:
        assert words in text, (code, words)
    body = text[text.index("<body"):text.index('<script type="application/json" id="words">')]
    assert [words for words in english if words in body] == [], code


def words_of(page: Page) -> dict[str, Any]:
    """The page's scripts' words: its one JSON object (data, not a script the content policy would refuse)."""
    found = re.findall(r'<script type="application/json" id="words">(.*?)</script>', page.html, re.S)
    assert len(found) == 1
    value: dict[str, Any] = json.loads(found[0])
    return value


def both(word: str | dict[str, str]) -> dict[str, str]:
    """A word's forms for one and for more: a word the same for every count is a string."""
    return word if isinstance(word, dict) else {"one": word, "other": word}


def audited(client: FlaskClient) -> str:
    """A Black Lady table whose first hand was played card by card (its 52 plays, the passes), its edit link."""
    created = client.post("/api/sessions", json=session(hands=[example_hand()]))
    assert created.status_code == 201, created.get_json()
    ids = created.get_json()
    return f"/s/{ids['id']}/{ids['token']}"


@pytest.mark.parametrize("code", LANGUAGES_SHOWN)
def test_the_card_page_and_ones_own_hand_speak_the_phones_language(client: FlaskClient, code: str) -> None:
    edit, read = start_table(client)
    card = in_language(client, code, edit + "/play")
    speaks(card, code, CARD_PAGE[code], CARD_PAGE_ENGLISH)
    footer = card.html[card.html.index('<footer class="languages">'):]
    assert all(f'href="?lang={other}"' in footer for other in LANGUAGES)
    speaks(in_language(client, code, read + "/my-hand"), code, MY_HAND_PAGE[code], MY_HAND_ENGLISH)


@pytest.mark.parametrize("code", LANGUAGES_SHOWN)
def test_the_audit_speaks_the_phones_language(client: FlaskClient, code: str) -> None:
    edit = audited(client)
    speaks(in_language(client, code, edit + "/hand/1/audit"), code, AUDIT_PAGE[code], AUDIT_ENGLISH)


def test_the_scripts_words_are_complete_in_every_language(client: FlaskClient) -> None:
    """Each language's object has the keys of the English one, every word translated (not the English, where
    the English is a sentence), the same places, and a counted word both its forms."""
    edit, read = start_table(client)
    pages = {"cards": edit + "/play", "my_hand": read + "/my-hand", "offline": edit}
    expected = {"cards": set(CARDS) | set(DEAL) | set(SEATS) | set(OFFLINE) | {"family"}, "my_hand": set(MY_HAND) | set(OFFLINE),
                "offline": set(OFFLINE) | set(OUTBOX)}
    for name, url in pages.items():
        english = words_of(in_language(client, "en", url))
        assert set(english) == expected[name], name
        for code in LANGUAGES_SHOWN:
            theirs = words_of(in_language(client, code, url))
            assert set(theirs) == set(english), (name, code)
            for key, word in english.items():
                if key == "family":
                    continue
                forms, translated = both(word), both(theirs[key])
                for form, text in forms.items():  # a counted word's singular may say "one" without its number
                    found, wanted = set(PLACE.findall(translated[form])), set(PLACE.findall(text))
                    assert translated[form] and found - {"{n}"} == wanted - {"{n}"} and found <= wanted | {"{n}"}, (
                        code, key)
                    if " " in text and text[0].isupper():
                        assert translated[form] != text, (code, key, "left in English")
    # The family's words (its kinds, options, buttons) come from its vocabulary, translated too.
    family = words_of(in_language(client, "fr", edit + "/play"))["family"]
    assert family["kinds"]["play"] == "doit jouer" and family["keep"] == "Garder"


def test_every_translation_keeps_the_scripts_places() -> None:
    """The catalogues' check counts ``%(name)s``; the scripts fill ``{name}``: each translation keeps those too."""
    for code in LANGUAGES_SHOWN:
        with open(f"{folder()}/{code}/LC_MESSAGES/messages.po", "rb") as po:
            for message in read_po(po, locale=code):
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                if not message.id or not PLACE.search(ids[-1]):
                    continue
                wanted = set(PLACE.findall(ids[-1]))
                for string in strings:  # a counted word's singular may say "one" without its number
                    found = set(PLACE.findall(string))
                    assert found - {"{n}"} == wanted - {"{n}"} and found <= wanted, (code, ids, string)
