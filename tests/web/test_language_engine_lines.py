"""The engine's lines a page shows, in the reader's language (docs/languages.md, *The engine's words*): the
misdeal's reasons and the pass of a Hearts table, the card page's who-leads line (kept per language), a chip
game's arithmetic of *why these fish* and *why these chips*, the layout's spaces under Tripoli's card page, the
flash of a hand saved, the error page of a table that does not exist, Gong Zhu's rules and a pool's odd chips; in
English each is the engine's own, to the byte."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import language
from scorekeeper.engine.hearts import words
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts.settlement.methods import make_method
from scorekeeper.engine.reversis import words as reversis_words
from scorekeeper.engine.reversis.settlement import _STEP_WORDS as FISH_STEPS
from scorekeeper.engine.seating import Seating
from scorekeeper.engine.tripoli import words as tripoli_words
from scorekeeper.engine.tripoli.settlement import _STEP_WORDS as CHIP_STEPS
from scorekeeper.notes_words import note, steps
from scorekeeper.rules_words import rules_said
from scorekeeper.web.forms import MISDEAL_WORDS
from tests.support.languagepages import in_language
from tests.support.pages import app, client, get, record_result, start_table  # noqa: F401  (fixtures)
from tests.support.webdata import example_hand, session

__all__ = ["app", "client"]
ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ["fr", "nl", "de"]


def _table(client: FlaskClient, record: dict[str, Any]) -> str:
    made = client.post("/api/sessions", json=record)
    assert made.status_code == 201, made.get_json()
    ids = made.get_json()
    return f"/s/{ids['id']}/{ids['token']}"


def _example(name: str, hands: int) -> dict[str, Any]:
    record: dict[str, Any] = json.loads((ROOT / "examples" / name).read_text())
    record["hands"] = record["hands"][:hands]
    return record


def _notes(page: str) -> list[str]:
    listed = re.search(r'<ul class="notes" id="notes">(.*?)</ul>', page, re.S)
    assert listed, "no notes"
    return [html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", item))).strip()
            for item in re.findall(r"<li[^>]*>(.*?)</li>", listed.group(1), re.S)]


SAID = {  # each language's words of the same lines
    "fr": {"pass": "Passez 3 cartes à gauche.", "fish": "A : mise -5, 5 du donneur -5, en jeu -10, Partie -20",
           "chips": "A : mises initiales -9, cartes payantes +4", "lead": "Ann donne. Celui qui a 2♣ l’entame",
           "ace": "As de cœur", "saved": "Donne 2 enregistrée.", "missing": "aucune table"},
    "nl": {"pass": "Geef 3 kaarten door naar links.",
           "fish": "A: inzet -5, 5 van de gever -5, tijdens het spel -10, Partij -20",
           "chips": "A: inleg -9, betaalkaarten +4", "lead": "Ann geeft. Wie 2♣ heeft, komt ermee uit", "ace": "Harten aas",
           "saved": "Spel 2 bewaard.", "missing": "geen tafel"},
    "de": {"pass": "3 Karten nach links schieben.", "fish": "A: Einsatz -5, 5 des Gebers -5, im Spiel -10, Partie -20",
           "chips": "A: Einlagen -9, Zahlkarten +4", "lead": "Ann gibt. Wer 2♣ hat, spielt sie aus", "ace": "Herz-Ass",
           "saved": "Spiel 2 gespeichert.", "missing": "kein Tisch"},
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_hearts_table_says_its_pass_and_misdeal_in_the_language(client: FlaskClient, code: str) -> None:
    edit = _table(client, session(hands=[example_hand()]))
    english = get(client, edit).html
    assert "Pass 3 cards to the left." in english and "A card was found face up in the pack" in english
    page = in_language(client, code, edit).html.replace("&#8217;", "’")
    assert SAID[code]["pass"] in page and "Pass 3 cards" not in page
    for reason in MISDEAL_WORDS.values():  # the radio buttons' words, the catalogue's
        with language.speaking(code):
            said = language.word(reason)
        assert said != reason and said in page and reason not in page, (code, reason)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_card_page_says_who_leads_in_each_readers_language(client: FlaskClient, code: str) -> None:
    """The next deal is kept per table revision: an English reader first must not leave his words to the next."""
    edit = _table(client, session(hands=[example_hand()]))
    assert "Whoever holds 2♣ leads it" in get(client, edit + "/play").html
    page = in_language(client, code, edit + "/play").html
    assert "Whoever holds 2♣ leads it" not in page and "hearts may not be led until broken" not in page
    assert SAID[code]["lead"] in page.replace("&#8217;", "’")
    assert "Whoever holds 2♣ leads it" in get(client, edit + "/play").html  # and English again for the next


@pytest.mark.parametrize("code", LANGUAGES)
def test_why_these_fish_and_chips_in_the_language(client: FlaskClient, code: str) -> None:
    reversis = _table(client, _example("reversis-session.json", 2)) + "/hand/1"
    tripoli = _table(client, _example("tripoli-session.json", 2)) + "/hand/1"
    english = _notes(get(client, reversis).html), _notes(get(client, tripoli).html)
    assert english[0][0] == "-40 A: stake -5, dealer's 5 -5, in play -10, Party -20; net -40"
    assert english[1][0] == "+3 A: antes -9, pay cards +4, bets -5, pot +16, cards left -3; net +3"
    fish, chips = _notes(in_language(client, code, reversis).html), _notes(in_language(client, code, tripoli).html)
    assert SAID[code]["fish"] in fish[0], fish
    assert SAID[code]["chips"] in chips[0], chips
    for line in fish + chips:
        assert not re.search(r"\b(stake|in play|antes|pay cards|cards left|spare hand)\b", line), line


def test_a_step_no_catalogue_knows_leaves_the_clause_english() -> None:
    with language.speaking("fr"):
        assert steps("A: stake -5, a new step +5") is None
        assert note("A: stake -5, a new step +5; net 0").startswith("A: stake -5, a new step +5; ")
        assert steps("A: no fish moved") == "A : aucune fiche n’a changé de main"
        assert steps("Ann took 2 hearts: 2") is None  # a Hearts clause is not a chip game's steps
    assert note("A: stake -5; net -5") == "A: stake -5; net -5"  # English: the engine's own


def test_every_step_of_a_chip_games_note_is_marked() -> None:
    """Each step word the engine writes has its marked pattern in its family's words (and so its translations)."""
    for words, marked in ((FISH_STEPS, reversis_words.NOTE_STEPS), (CHIP_STEPS, tripoli_words.NOTE_STEPS)):
        assert {f"{word} %(amount)s" for word in words.values()} <= set(marked)
        for code in LANGUAGES:
            with language.speaking(code):
                assert all(language.has(pattern) for pattern in marked), code


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_tripoli_card_page_names_the_layouts_spaces_in_the_language(sqlite_app: Flask, code: str) -> None:
    client = sqlite_app.test_client()
    record = _example("tripoli-session.json", 0)
    edit = _table(client, record)
    client.set_cookie("lang", code)
    page = client.get(edit + "/play").get_data(as_text=True)
    assert " deals; " not in page and " is first." not in page  # who deals and who is first, in the language
    token = re.search(r'<meta name="csrf-token" content="([^"]+)"', page)
    assert token
    head = {"game": "tripoli", "players": record["players"], "dealer": record.get("first_dealer", record["players"][0])}
    answer = client.post(edit + "/next", json={"record": head, "action": None},
                         headers={"X-CSRFToken": token.group(1)}).get_json()
    assert answer["ok"], answer
    shown = json.dumps(answer["said"], ensure_ascii=False)  # the layout under the trick, what was paid, the net
    assert SAID[code]["ace"] in shown and "Ace of hearts" not in shown and "the kitty" not in shown, shown


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_flash_of_a_hand_saved_in_the_language(client: FlaskClient, code: str) -> None:
    edit, _ = start_table(client)
    record_result(client, edit, [3, 2, 0, 8], 0)
    client.set_cookie("lang", code)
    saved = record_result(client, edit, [3, 2, 0, 8], 0)
    assert saved.status_code == 302
    page = client.get(saved.headers["Location"]).get_data(as_text=True)
    assert SAID[code]["saved"] in page and "Hand 2 saved." not in page


def test_the_flash_in_english_is_as_before(client: FlaskClient) -> None:
    edit, _ = start_table(client)
    saved = record_result(client, edit, [3, 2, 0, 8], 0)
    assert "Hand 1 saved." in client.get(saved.headers["Location"]).get_data(as_text=True)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_missing_table_in_the_language(client: FlaskClient, code: str) -> None:
    client.set_cookie("lang", code)
    response = client.get("/s/no-such-table/no-such-key")
    assert response.status_code == 404
    text = response.get_data(as_text=True)
    assert SAID[code]["missing"] in text and "no session" not in text
    client.delete_cookie("lang")
    assert "no session &#39;no-such-table&#39;" in client.get("/s/no-such-table/no-such-key").get_data(as_text=True)
    api = client.get("/api/sessions/no-such-table")  # the API's words never change with the language
    client.set_cookie("lang", code)
    assert client.get("/api/sessions/no-such-table").get_json() == api.get_json()



@pytest.mark.parametrize("options", [{}, {"heart_values": "face", "all_red": "swap", "partnerships": "on"},
                                     {"all_red": "sweep-pig", "exposure": "off"}])
@pytest.mark.parametrize("code", LANGUAGES)
def test_gong_zhus_penalty_list_and_end_in_the_language(code: str, options: dict[str, str]) -> None:
    ruleset = make_ruleset("gong-zhu", options)
    method = make_method(ruleset.settlement, ruleset, Seating(("A", "B", "C", "D"), ruleset.clockwise), {})
    lines = dict(words.rules_in_words(ruleset, 4, ruleset.settlement, method))
    assert rules_said(tuple(lines.items())) == tuple(lines.items())  # English: the engine's own
    with language.speaking(code):
        said = dict(rules_said(tuple(lines.items())))
    for name in ("Penalty cards", "First lead", "End", "Exposed cards", "Partners"):
        if name in lines:
            with language.speaking(code):
                worded = said[language.word(name)]
            english = [clause for clause in lines[name].split("; ") if clause in worded]
            assert english == [], (name, worded)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_pools_odd_chips_in_the_language(code: str) -> None:
    english = ("Cat took no hearts; clear with Bob and Dan: wins 3 of the pool of 10; 1 odd chip carried to the "
               "next pool; total 3")
    assert note(english) == english
    with language.speaking(code):
        said = note(english)
    assert "odd chip" not in said and "clear with" not in said, said
