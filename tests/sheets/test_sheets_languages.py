"""When a printed page says it was printed, as the language writes a day and a time (Babel), with its words
(the time zone not known, when the table started) in that language; in English as before, ISO. Tripoli's and
Reversis' sheets print their title, subtitle and rules in the table's language."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from html import unescape
from pathlib import Path

import pytest

from scorekeeper import language
from scorekeeper.sheets import blank_pdf, blank_sheet, session_pdf
from scorekeeper.sheets.clock import TableClock, printed
from tests.support.paper import flat, needs_poppler, pdf_text

ROOT = Path(__file__).resolve().parents[2]

NOW = datetime(2026, 11, 29, 0, 18, tzinfo=timezone.utc)
PARIS = TableClock("Europe/Paris", datetime(2026, 11, 28, 20, 5, tzinfo=timezone.utc))


@pytest.mark.parametrize(("code", "utc", "paris", "unknown"), [
    ("en", "2026-11-29 00:18 UTC", "2026-11-29 01:18 CET (Europe/Paris); started 2026-11-28 21:05",
     "2026-11-29 00:18 UTC (time zone not known)"),
    ("fr", "29/11/2026 00:18 UTC", "29/11/2026 01:18 CET (Europe/Paris); commencée à 28/11/2026 21:05",
     "29/11/2026 00:18 UTC (fuseau horaire inconnu)"),
    ("nl", "29-11-2026, 00:18 UTC", "29-11-2026, 01:18 CET (Europe/Paris); begonnen om 28-11-2026, 21:05",
     "29-11-2026, 00:18 UTC (tijdzone onbekend)"),
    ("de", "29.11.26, 00:18 UTC", "29.11.26, 01:18 CET (Europe/Paris); begonnen um 28.11.26, 21:05",
     "29.11.26, 00:18 UTC (Zeitzone unbekannt)"),
])
def test_when_a_sheet_was_printed_in_each_language(code: str, utc: str, paris: str, unknown: str) -> None:
    with language.speaking(code):
        assert printed(None, NOW) == utc
        assert printed(PARIS, NOW) == paris
        assert printed(TableClock(None), NOW) == unknown


PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def _quick(*hearts: int, qs: str = "Ann") -> dict[str, object]:
    return {"taken": {name: {"hearts": h, **({"QS": 1} if name == qs else {})} for name, h in zip(PLAYERS, hearts)}}


@pytest.mark.parametrize(("code", "words"), [
    ("en", ["left", "right", "across", "keep", "struck", "corrected", "waiting", "moon"]),
    ("fr", ["gauche", "droite", "en face", "on garde", "rayée", "corrigée", "en attente", "lune"]),
    ("nl", ["links", "rechts", "de overkant", "houden", "geschrapt", "verbeterd", "wacht", "maan"]),
    ("de", ["links", "rechts", "gegenüber", "behalten", "gestrichen", "korrigiert", "wartet", "Mond"]),
])
def test_a_filled_sheet_prints_the_pass_the_marks_and_the_moon_in_its_language(code: str, words: list[str]) -> None:
    """The pass of each hand (its column and the hands in words), a hand's marks and a moon's note are words
    of the sheet's language, as its headings are."""
    from scorekeeper.sheets import StoredHand, filled_sheet, sheet_html

    record = {"game": "black-lady", "players": PLAYERS, "first_dealer": "Dan", "options": {"pass": "rotation-lrah"}}
    stored = [StoredHand(1, _quick(3, 2, 0, 8)), StoredHand(2, _quick(10, 3, 0, 0, qs="Bob"), struck=True),
              StoredHand(3, _quick(0, 5, 5, 3, qs="Dan"), corrected=True), StoredHand(4, {**_quick(0, 13, 0, 0, qs="Bob"), "moon_choice": "add"}),
              StoredHand(5, _quick(1, 1, 1, 10, qs="Cat"), confirmed=False)]
    with language.speaking(code):
        html = sheet_html(filled_sheet(record, stored=stored))
    cells = re.findall(r'<td[^>]*class="word[^"]*">([^<]*)<', html)
    shown = {unescape(m) for m in re.findall(r'<span class="(?:mark|note)[^"]*">([^<]*)<', html)}
    assert cells == [words[0], words[1], words[1], words[2], words[3]]  # the struck hand 2 is dealt again
    assert set(words[4:]) <= shown, shown
    in_words = unescape(" ".join(re.findall(r'<p class="hand-words[^"]*">(.*?)</p>', html, re.S)))
    assert in_words.count(words[1]) == 2 and words[2] in in_words  # hands 2 and 3, hand 4
    assert (" took " in in_words) == (code == "en")  # each player's note too
    from scorekeeper.sheets.render import html_document
    from tests.support.paper import overflowing

    assert overflowing(html_document(html)) == []  # each direction whole in its column ("gegenüber"), each heading


# Tripoli's and Reversis' printed sheets in French: the title, the subtitle and the rules, read back with pdftotext.
OWN_SHEETS = [
    ("tripoli", "tripoli-session.json",
     ["4 joueurs", "réglé par", "Tableau", "avant chaque donne, chacun pose un jeton sur chaque case", "Règles",
      "Fin", "quand la table s’arrête : une dernière donne de poker", "Décompte", "Cagnotte"],
     ["4 players", "settled by", "before each deal everyone puts one chip", "when the table stops",
      "a final poker deal", "Rules"]),
    ("reversis", "reversis-session.json",
     ["4 joueurs", "réglé par", "4 joueurs, 48 cartes (sans les dix)", "Poules", "chacun met", "En jeu",
      "défaussé sur une autre couleur", "Fin de la main", "les 11 levées", "Règles",
      "le plus de fiches gagne", "Décompte"],
     ["4 players", "settled by", "no tens", "each puts", "discarded on another suit", "End of hand",
      "all 11 tricks", "the most fish wins", "after 4 hands", "Rules"]),
]


@needs_poppler
@pytest.mark.parametrize(("game", "example", "french", "english"), OWN_SHEETS, ids=[s[0] for s in OWN_SHEETS])
def test_tripoli_and_reversis_sheets_print_their_rules_title_and_subtitle_in_the_tables_language(
        game: str, example: str, french: list[str], english: list[str]) -> None:
    record = json.loads((ROOT / "examples" / example).read_text(encoding="utf-8"))
    with language.speaking("fr"):
        texts = [flat(pdf_text(session_pdf(record))), flat(pdf_text(blank_pdf(game, 4)))]
    for text in texts:  # pdftotext's words without their spaces (``flat``)
        assert [w for w in french if flat(w) not in text] == [], text
        assert [w for w in english if flat(w) in text] == [], text
    english_text = flat(pdf_text(blank_pdf(game, 4)))
    assert flat("4 players") in english_text and flat("settled by") in english_text


@pytest.mark.parametrize("game", ["tripoli", "reversis"])
def test_the_english_rules_of_tripoli_and_reversis_sheets_are_the_engines_words(game: str) -> None:
    """In English, each line as it was written before the sheets spoke other languages, to the byte."""
    sheet = blank_sheet(game, 4)
    rules = dict(sheet.rules)
    assert sheet.title == ("Tripoli" if game == "tripoli" else "Reversis")
    assert sheet.subtitle.startswith("4 players") and " \u00b7 settled by " in sheet.subtitle
    if game == "tripoli":
        assert rules["Layout"].endswith("; before each deal everyone puts one chip on each space, and what a deal "
                                        "does not win stays there")
        assert rules["End"] == ("when the table stops: a final poker deal (five cards each, no antes) for every chip "
                                "left on the layout; the most chips wins")
    else:
        assert rules["Table"].startswith("4 players, 48 cards (no tens); the deal and the play go to the right")
        assert rules["End"] == "when the table stops; the most fish wins; the fish left in the pools: they stay"
    with language.speaking("de"):
        german = dict(blank_sheet(game, 4).rules)
    assert "Regeln" in german and "Rules" not in german


@pytest.mark.parametrize(("code", "words", "english"), [
    ("fr", ["Reste dans les poules : poule 115 (115 fiches).", "En main (sur 228)", "A : mise -5",
            "A : mises initiales -9, cartes payantes +4"],
     ["Left in the pools", "Held (of", "stake -5", "antes -9", "pay cards"]),
    ("de", ["Übrig in den Kassen: Kasse 115 (115 Fische).", "Im Besitz (von 228)"], ["Left in the pools", "Held (of"]),
])
def test_the_chip_games_sheets_say_their_pools_holdings_and_notes_in_their_language(
        code: str, words: list[str], english: list[str]) -> None:
    """Reversis' pools left and fish held, each deal's why-these-fish and why-these-chips notes of Reversis and
    Tripoli: in the sheet's language, as its headings are; in English the engine's words as they were."""
    from scorekeeper.sheets import filled_sheet, sheet_html

    html = ""
    for example in ("reversis-session.json", "tripoli-session.json"):
        record = json.loads((ROOT / "examples" / example).read_text(encoding="utf-8"))
        with language.speaking(code):
            html += unescape(sheet_html(filled_sheet(record)))
        assert "Left in the pools: pool 115 (115 fish)." in unescape(sheet_html(filled_sheet(record))) or \
            example.startswith("tripoli")
    assert [w for w in words if w not in html] == []
    assert [w for w in english if w in html] == []
