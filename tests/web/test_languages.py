"""The pages in the reader's language: the catalogues complete and compiled, the phone's choice kept in its
cookie, a table's own language for a phone that chose none, and a fifth language added as docs/languages.md
says (one catalogue, one line)."""

from __future__ import annotations

import io
import pickle
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from tests.support.apps import dispose, make_app
from scorekeeper.resources import CHECKOUT
from scorekeeper import cli, language
from scorekeeper.engine.cards import Suit, card
from scorekeeper.engine.errors import Said, ScorekeeperError
from scorekeeper.sheets.model import blank_sheet
from scorekeeper.sheets.render import sheet_html
from scorekeeper.web import lang, services

TRANSLATIONS = CHECKOUT / "translations"
SHIPPED = [code for code in lang.LANGUAGES if code != lang.DEFAULT]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
RECORD = {"game": "black-lady", "players": ["Ann", "Bob", "Cat", "Dan"], "first_dealer": "Dan"}


def extracted() -> set[tuple[str | None, str]]:
    """Every message the code and templates mark, as ``scripts/translations`` extracts them (babel.cfg), with its
    context (a word of the engine in one of its senses: ``Word``, the families' nouns for their kinds)."""
    with open(CHECKOUT / "babel.cfg") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2), "_l": None, "lazy_gettext": None, "N_": None,
                "NP_": ((1, "c"), 2), "pgettext": ((1, "c"), 2), "Said": None, "Word": (1, (2, "c"))}
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            str(CHECKOUT), method_map, options_map, keywords=keywords):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def catalogue(code: str) -> Catalog:
    with open(TRANSLATIONS / code / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po, locale=code)


@pytest.mark.parametrize("code", SHIPPED)
def test_every_marked_message_is_translated_in_every_shipped_language(code: str) -> None:
    """No English left in a catalogue: every message of the code is there, translated in every plural form, none
    fuzzy, none stale (a message the code no longer has), each with the placeholders of its English."""
    wanted = extracted()
    assert wanted, "nothing extracted: babel.cfg reads no file"
    entries = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m for m in catalogue(code) if m.id}
    assert sorted(wanted - set(entries), key=str) == [], f"{code}: run scripts/translations and translate these"
    assert sorted(set(entries) - wanted, key=str) == [], f"{code}: stale entries (run scripts/translations)"
    for key, message in entries.items():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{code}: {key!r} is not translated"
        assert not message.fuzzy, f"{code}: {key!r} is fuzzy"
        for string in strings:
            assert sorted(PLACEHOLDER.findall(string)) == sorted(PLACEHOLDER.findall(key[1])), (code, key, string)


@pytest.mark.parametrize("code", SHIPPED)
def test_the_compiled_catalogues_are_those_of_their_sources(code: str) -> None:
    """The app reads messages.mo: it is committed, and must be what `scripts/translations compile` makes."""
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(code))
    assert (TRANSLATIONS / code / "LC_MESSAGES" / "messages.mo").read_bytes() == compiled.getvalue(), (
        f"{code}: messages.mo is stale: run scripts/translations compile")


@pytest.mark.parametrize(("asked", "code", "title"), [
    ("fr-BE,fr;q=0.9,en;q=0.5", "fr", "Commencer une table"),
    ("nl", "nl", "Een tafel beginnen"),
    ("de-DE,de;q=0.8", "de", "Einen Tisch beginnen"),
    ("es,it;q=0.5", "en", "Start a table"),  # a language not shipped: English
])
def test_the_start_page_speaks_the_phones_language(client: FlaskClient, asked: str, code: str, title: str) -> None:
    page = client.get("/", headers={"Accept-Language": asked}).get_data(as_text=True)
    assert f'<html lang="{code}">' in page
    assert f"<h1>{title}" in page
    assert re.search(rf'<option value="{code}" selected>', page), "the table's language offered is the phone's"


def test_the_footer_keeps_the_phones_choice_in_its_cookie(client: FlaskClient) -> None:
    page = client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    footer = page[page.index('<footer class="languages">'):]
    assert '<a href="?lang=de" lang="de">Deutsch</a>' in footer
    assert '<a href="?lang=fr" lang="fr" aria-current="true">Français</a>' in footer
    chosen = client.get("/?lang=de&game=black-lady")
    assert chosen.status_code == 303 and chosen.headers["Location"] == "/?game=black-lady"
    assert "lang=de" in chosen.headers["Set-Cookie"] and "HttpOnly" in chosen.headers["Set-Cookie"]
    page = client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert '<html lang="de">' in page and "Einen Tisch beginnen" in page  # the phone's choice wins


def test_a_language_the_app_does_not_ship_or_an_unknown_address_changes_nothing(client: FlaskClient) -> None:
    refused = client.get("/?lang=xx")
    assert refused.status_code == 303 and "Set-Cookie" not in refused.headers
    for path in ("//example.org/", "/nothing/here"):
        answer = client.get("/?lang=fr", environ_overrides={"PATH_INFO": path})
        assert answer.status_code in (308, 404) and "Set-Cookie" not in answer.headers, path
        assert not answer.headers.get("Location", "/").startswith("//"), "never a redirect to another site"
    client.set_cookie("lang", "xx")
    assert '<html lang="en">' in client.get("/").get_data(as_text=True)  # a forged cookie: the default


def test_a_table_speaks_its_own_language_to_a_phone_that_chose_none(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        made = services.create_session(RECORD, language="nl")
    page = client.get(f"/s/{made.id}/{made.token}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert '<html lang="nl">' in page
    client.set_cookie("lang", "de")
    page = client.get(f"/s/{made.id}/{made.token}").get_data(as_text=True)
    assert '<html lang="de">' in page  # the phone's own choice
    with app.app_context():
        again = services.start_again(services.get_session(made.id))
        assert services.get_session(again.id).language == "nl"  # the same players again keep it


@pytest.fixture
def toy_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """docs/languages.md, literally: a catalogue for Esperanto and the one line in ``LANGUAGES``."""
    folder = tmp_path / "translations" / "eo" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    toy = Catalog(locale="eo")
    toy.add("Start a table", "Komenci tablon")
    with open(folder / "messages.mo", "wb") as mo:
        write_mo(mo, toy)
    monkeypatch.setitem(lang.LANGUAGES, "eo", "Esperanto")
    monkeypatch.setattr(lang, "TRANSLATIONS", f"{lang.TRANSLATIONS};{tmp_path / 'translations'}")
    application = make_app(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "instance", monkeypatch)
    yield application
    dispose(application)


def test_a_fifth_language_is_one_catalogue_and_one_line(toy_app: Flask) -> None:
    client = toy_app.test_client()
    page = client.get("/", headers={"Accept-Language": "eo"}).get_data(as_text=True)
    assert '<html lang="eo">' in page and "<h1>Komenci tablon" in page
    assert '<a href="?lang=eo" lang="eo" aria-current="true">Esperanto</a>' in page
    assert "Players in seating order" in page  # what the toy catalogue lacks stays in English


def pdf_text(pdf: bytes) -> str:
    done = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True)
    return done.stdout.decode()


def test_a_tables_printed_sheet_speaks_the_tables_language_whatever_the_readers(app: Flask,
                                                                               client: FlaskClient) -> None:
    with app.app_context():
        made = services.create_session({**RECORD, "hands": [
            {"taken": {"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 2}, "Cat": {"hearts": 0}, "Dan": {"hearts": 8}}}]},
            language="de")
        key = services.get_session(made.id).read_key
    client.set_cookie("lang", "fr")  # the reader's own language does not change the table's sheet
    answer = client.get(f"/sessions/{made.id}/sheet.pdf?key={key}")
    assert answer.status_code == 200
    text = pdf_text(answer.data)
    assert "Spielblatt" in text and "Unterschriften" in text and "Im Gang nach 1 Spiel." in text
    assert "score sheet" not in text and "Signatures" not in text


@pytest.mark.parametrize(("code", "words"), [
    ("en", ["blank score sheet", "Signatures", "Winner(s):"]),
    ("fr", ["feuille de marque vierge", "Signatures", "Gagnant(s) :"]),
    ("nl", ["leeg scoreblad", "Handtekeningen", "Winnaar(s):"]),
    ("de", ["leeres Spielblatt", "Unterschriften", "Gewinner:"]),
])
def test_the_command_prints_a_sheet_in_the_language_asked(tmp_path: Path, code: str, words: list[str]) -> None:
    out = tmp_path / "blank.pdf"
    assert cli.main(["--lang", code, "sheet", "--blank", "black-lady", "--players", "4", "-o", str(out)]) == 0
    text = pdf_text(out.read_bytes())
    assert all(word in text for word in words), text[:400]


@pytest.mark.parametrize(("environ", "code"), [
    ({"LANG": "fr_BE.UTF-8"}, "fr"),
    ({"LANGUAGE": "it:nl", "LANG": "de_DE.UTF-8"}, "nl"),  # gettext's list, in order: the first shipped
    ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_MESSAGES": "de_AT"}, "de"),
    ({}, "en"),
])
def test_the_commands_language_from_its_locale(environ: dict[str, str], code: str) -> None:
    assert language.from_environment(environ) == code


def test_the_sheets_words_follow_the_language_spoken_and_nothing_leaks_between_languages() -> None:
    with language.speaking("nl"):
        dutch = sheet_html(blank_sheet("black-lady", 4))
        with language.speaking("fr"):
            french = sheet_html(blank_sheet("black-lady", 4))
        again = sheet_html(blank_sheet("black-lady", 4))
    assert '<html lang="nl">' in dutch and "leeg scoreblad" in dutch and dutch == again
    assert '<html lang="fr">' in french and "feuille de marque vierge" in french
    assert '<html lang="en">' in sheet_html(blank_sheet("black-lady", 4))


def test_a_sentence_given_as_data_is_the_engines_english_and_is_worded_in_the_readers_language() -> None:
    """The engine's ``Said``: its English is the message as before; the words layer fills its places in the
    language spoken (a card as printed, a suit by its word, a number as the language writes it)."""
    said = Said("Hand %(number)s", number=1200)
    assert str(said) == "Hand 1200" and ScorekeeperError(said, code="x").message == "Hand 1200"
    assert language.say(said) == "Hand 1200"  # English: the engine's own words, to the byte
    with language.speaking("de"):
        assert language.say(said) == "Spiel 1.200"
    with language.speaking("fr"):
        assert language.say(said) == "Donne 1\u202f200"
    lead = Said("a %(led)s lead, %(cards)s held", led=Suit.DIAMONDS, cards=[card("9D"), card("QS")])
    assert str(lead) == "a diamond lead, 9\u2666, Q\u2660 held"
    with language.speaking("nl"):  # words the catalogue lacks stay English; their places are worded
        assert language.say(lead) == "a ruiten lead, 9\u2666, Q\u2660 held"
    assert pickle.loads(pickle.dumps(ScorekeeperError(lead, code="x"))).said == lead  # across processes
