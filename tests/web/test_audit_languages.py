"""The audit speaks the table's language step by step: the page a table opens in a dispute (who revoked, where,
the proof, what it cost), its printed copy and ``replay --text``.

A Black Lady hand with a revoke the table let stand, a Reversis hand with one too and a Tripoli deal, audited in
French, Dutch and German: every step's sentence, every payment and every line of the table at each step is
in the language, and none is left as the English says it (``test_no_step_is_left_in_english`` reads every step
of the three hands); the page says a few steps as the players of each language would, and so does the paper
(read back with pdftotext). English stays as it was, to the byte (the audit's English tests and the golden
outputs).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import cli, language
from scorekeeper.engine.family import families, family_of
from scorekeeper.sheets.audit_steps import Frame, StepsAudit, steps_audit
from scorekeeper.web.extensions import db
from scorekeeper.web.models import TableSession
from tests.support.paper import needs_poppler, pdf_text
from tests.support.disputes import black_lady, reversis

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("fr", "nl", "de")
GIVEN = ("game", "players", "dealer", "options")
# Words that are the same in a language as in English: the games' own names, and Dutch's and German's loans.
SAME = {"Michigan", "Talon", "Espagnolette", "Quinola", "Reversis", "Capot", "Pot", "Claims", "Kitty", "Chips", "out"}


def tripoli() -> dict[str, Any]:
    value: dict[str, Any] = json.loads((ROOT / "examples" / "tripoli-deal.json").read_text())
    return value


HANDS = {"Black Lady": ("hearts", black_lady), "Reversis": ("reversis", lambda: reversis()[0]),
         "Tripoli": ("tripoli", tripoli)}

# A few steps as each language says them: (hand, step, what the page shows there).
SAID = {
    "fr": [("Black Lady", 10, "Étape 10 : Dan a joué 4♥"),
           ("Black Lady", 19, "Dan a joué 6♠, qui prouve que Dan a renoncé au pli 3 (4♥, étape 10) : la table l’a "
                              "laissé passer"),
           ("Black Lady", 19, "un joueur doit fournir la couleur quand il le peut"),
           ("Tripoli", 0, "Mains"),
           ("Reversis", 1, "Étape 1 : Personne n’a annoncé l’Espagnolette"),
           ("Reversis", 0, "Ann → la poule : 5 fiches (la mise)"),
           ("Tripoli", 5, "Étape 5 : B mise 2"),
           ("Tripoli", 5, "B → le pot : 2 jetons (mise)"),
           ("Tripoli", 3, "As de cœur → A : 4 jetons (la réclamation de la carte payante)"),
           ("Tripoli", 13, "A a joué au Michigan 4♠")],
    "nl": [("Black Lady", 10, "Stap 10: Dan speelde 4♥"),
           ("Black Lady", 19, "Dan speelde 6♠, wat de verzaking van Dan in slag 3 bewijst (4♥, stap 10): de tafel "
                              "liet het staan"),
           ("Black Lady", 19, "een speler moet kleur bekennen als hij kan"),
           ("Tripoli", 0, "Handen"),
           ("Reversis", 1, "Stap 1: Niemand kondigde Espagnolette aan"),
           ("Reversis", 0, "Ann → de pot: 5 visjes (de inzet)"),
           ("Tripoli", 5, "Stap 5: B zet in 2"),
           ("Tripoli", 5, "B → de pot: 2 fiches (inzet)"),
           ("Tripoli", 3, "Harten aas → A: 4 fiches (de claim van de betaalkaart)"),
           ("Tripoli", 13, "A speelde in Michigan 4♠")],
    "de": [("Black Lady", 10, "Schritt 10: Dan spielte 4♥"),
           ("Black Lady", 19, "Dan spielte 6♠, was die Renonce von Dan im Stich 3 beweist (4♥, Schritt 10): der "
                              "Tisch ließ sie stehen"),
           ("Black Lady", 19, "ein Spieler muss Farbe bedienen, wenn er kann"),
           ("Tripoli", 0, "Blätter"),
           ("Reversis", 1, "Schritt 1: Niemand sagte Espagnolette an"),
           ("Reversis", 0, "Ann → die Kasse: 5 Fische (der Einsatz)"),
           ("Tripoli", 5, "Schritt 5: B setzt 2"),
           ("Tripoli", 5, "B → der Pott: 2 Chips (Einsatz)"),
           ("Tripoli", 3, "Herz-Ass → A: 4 Chips (der Anspruch der Zahlkarte)"),
           ("Tripoli", 13, "A spielte im Michigan 4♠")],
}
# What the English pages say at those steps, which no translated page may.
ENGLISH = ["played", "the table let it stand", "a player must follow suit", "Nobody declared", "the pool:",
           "(the stake)", "bets 2", "the pot:", "the pay card's claim", "Ace of hearts", "Cards taken", "Tricks won"]


@pytest.fixture
def sqlite(sqlite_app: Flask) -> FlaskClient:
    return sqlite_app.test_client()


def audited(name: str, code: str) -> StepsAudit:
    family, hand = HANDS[name]
    with language.speaking(code):
        return steps_audit(family_of(family).steps_json(hand()))


def said(frame: Frame) -> list[str]:
    """Everything a step says in words: its action, what it paid, the headings and lines of the table."""
    return [frame.action, *frame.paid, *(s.title for s in frame.sections),
            *(line.words for s in frame.sections for line in s.lines), *(line.who for s in frame.sections
                                                                         for line in s.lines)]


def english_left(english: str, other: str, frame: Frame, players: tuple[str, ...]) -> bool:
    """Whether ``other`` says ``english`` as English says it, with words in it: once the players' names, the
    record's own codes (the step's kind and value) and the words a language shares with English are out."""
    if english != other:
        return False
    codes = {frame.kind, *(str(v) for v in (frame.value if isinstance(frame.value, list) else [frame.value]))}
    words = [w for w in re.findall(r"[A-Za-z][A-Za-z'-]*", english) if w not in players and w not in codes
             and w not in SAME and len(w) > 1]
    return bool(words)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("name", list(HANDS))
def test_no_step_is_left_in_english(name: str, code: str) -> None:
    english, other = audited(name, "en"), audited(name, code)
    assert len(english.frames) == len(other.frames) > 10
    left = [(f.number, e) for f, g in zip(english.frames, other.frames)
            for e, o in zip(said(f), said(g)) if english_left(e, o, f, english.players)]
    assert left == [], (name, code, left[:20])
    if english.stood is not None:
        assert other.stood is not None and other.stood.rule != english.stood.rule
        assert other.stood.cost[1:] != english.stood.cost[1:] or len(english.stood.cost) == 1


def test_english_is_as_it_was() -> None:
    """The English steps, word for word as before languages came to them."""
    found = audited("Black Lady", "en")
    assert found.frames[10].action == "Dan played 4\u2665"
    assert found.frames[19].action == ("Dan played 6\u2660, which proves Dan's revoke in trick 3 (4\u2665, step 10): "
                                       "the table let it stand")
    tripoli_found = audited("Tripoli", "en")
    assert tripoli_found.frames[0].sections[0].title == "Hands"
    assert [f.action for f in tripoli_found.frames[4:6]] == ["A checks", "B bets 2"]
    assert tripoli_found.frames[3].paid[1] == "Ace of hearts \u2192 A: 4 chips (the pay card's claim)"
    assert audited("Reversis", "en").frames[0].paid[0] == "Ann \u2192 the pool: 5 fish (the stake)"


def table_of(client: FlaskClient, hand: dict[str, Any], first_dealer: str | None = None) -> dict[str, str]:
    session = {"game": hand["game"], "players": hand["players"], "first_dealer": first_dealer or hand["dealer"],
               "options": hand.get("options") or {}, "hands": [{k: v for k, v in hand.items() if k not in GIVEN}]}
    created = client.post("/api/sessions", json=session)
    assert created.status_code == 201, created.get_json()
    ids: dict[str, str] = created.get_json()
    return ids


def words(response: Any) -> str:
    assert response.status_code == 200, response.status_code
    text = response.get_data(as_text=True)
    main = text[text.find("<main"):]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main)))


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_audit_page_says_each_step_in_the_readers_language(sqlite: FlaskClient, code: str) -> None:
    tables = {name: table_of(sqlite, hand()) for name, (_, hand) in HANDS.items()}
    pages: dict[tuple[str, int], str] = {}
    sqlite.set_cookie("lang", code)
    for name, step, sentence in SAID[code]:
        ids = tables[name]
        if (name, step) not in pages:
            pages[name, step] = words(sqlite.get(f"/v/{ids['id']}/{ids['read_key']}/hand/1/audit?step={step}"))
        assert sentence in pages[name, step], (code, name, step, sentence, pages[name, step][:3000])
    left = [(where, e) for where, text in pages.items() for e in ENGLISH if e in text]
    assert left == [], (code, left)


@needs_poppler
def test_the_printed_audit_says_each_step_in_french(sqlite_app: Flask, sqlite: FlaskClient) -> None:
    """The paper of the Black Lady hand whose revoke stood and of the Tripoli deal, for a French table, read by a
    phone that asks for English."""
    for name in ("Black Lady", "Tripoli"):
        ids = table_of(sqlite, HANDS[name][1]())
        with sqlite_app.app_context():
            table = db.session.get(TableSession, ids["id"])
            assert table is not None
            table.language = "fr"
            db.session.commit()
        pdf = sqlite.get(f"/v/{ids['id']}/{ids['read_key']}/hand/1/audit.pdf", headers={"Accept-Language": "en"})
        assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
        text = " ".join(pdf_text(pdf.data).split())
        if name == "Black Lady":
            present = ["Dan a joué 4♥", "qui prouve que Dan a renoncé au pli 3", "la table l’a laissé passer",
                       "un joueur doit fournir la couleur quand il le peut", "Plis gagnés", "Ann a joué 2♣",
                       "Dame de pique : vérification"]
            absent = ["played", "let it stand", "must follow suit", "Tricks won", "Black Lady"]
        else:
            present = ["A parle", "B mise 2", "le pot : 2 jetons (mise)", "As de cœur", "(mise initiale)", "Mains",
                       "la réclamation de la carte payante", "a joué au Michigan"]
            absent = ["checks", "bets 2", "the pot", "Ace of hearts", "(ante)", "pay card's claim", "played in Michigan",
                      "Hands"]
        assert [w for w in present if w not in text] == [], text
        assert [w for w in absent if w in text] == [], text


def replay(tmp_path: Path, capsys: pytest.CaptureFixture[str], record: Any, *args: str) -> str:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    lang = [*args[:2]] if args[:1] == ("--lang",) else []
    assert cli.main([*lang, "replay", str(path), *args[len(lang):]]) == 0
    return capsys.readouterr().out


def test_replay_text_speaks_french_and_its_rows_and_json_do_not_change(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    hand = json.loads((ROOT / "examples" / "black-lady-hand.json").read_text())
    english = replay(tmp_path, capsys, hand, "--text").splitlines()
    french = replay(tmp_path, capsys, hand, "--lang", "fr", "--text").splitlines()
    assert english[0] == "Black Lady, hand 1, dealer Dan" and french[0] == "Dame de pique, donne 1, donneur Dan"
    assert english[1].split() == ["trick", "Ann", "Bob", "Cat", "Dan", "winner"]
    assert french[1].split() == ["pli", "Ann", "Bob", "Cat", "Dan", "gagnant"]
    assert french[1].index("Ann") == english[1].index("Ann")  # the columns stay where they were
    rows = [line for line in english if line.split() and line.split()[0].isdigit()]
    assert len(rows) == 13 and [line for line in french if line in rows] == rows  # every trick's row, to the byte
    assert "pris :" in french and "taken:" not in french
    assert french[-1].startswith("points : Ann ") and french[-1].split(":")[1] == english[-1].split(":")[1]
    assert replay(tmp_path, capsys, hand, "--lang", "fr") == replay(tmp_path, capsys, hand)  # the JSON never changes
    tripoli_text = replay(tmp_path, capsys, tripoli(), "--lang", "fr", "--text").splitlines()
    assert tripoli_text[:2] == ["tripoli, donne 1, donneur D", "paiements dans l’ordre :"]
    assert tripoli_text[-1].startswith("net : ")


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_familys_patterns_keep_their_places_in_every_language(code: str) -> None:
    """A whole line of a family (``Vocabulary.said``: *{value} holds 2♣ and leads*) and a numbered place
    (*supplemental pool {}*) are filled with ``str.format``: each translation names the same places, so no
    language's audit fails where English words it."""
    with language.speaking(code):
        for family in families():
            words = family.vocabulary
            for pattern in [*words.said.values(), *words.numbered.values()]:
                said = language.word(pattern)
                assert said != pattern, (code, pattern)
                assert sorted(re.findall(r"\{\w*\}", said)) == sorted(re.findall(r"\{\w*\}", pattern)), (code, said)
