"""The command line in the language asked (``--lang``, else the locale's): its help, its words in plain text,
the audit it prints; the JSON and the exit codes the same in every language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper import cli
from tests.support.helpers import hand_record
from tests.support.paper import needs_poppler, pdf_text

ROOT = Path(__file__).resolve().parents[2]
HAND = ROOT / "examples" / "black-lady-hand.json"
SESSION = ROOT / "examples" / "hartenjagen-session.json"

ILLEGAL = hand_record(["2C", "QS"])  # Bob revokes


@pytest.fixture(autouse=True)
def no_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's language is what each test asks, whatever the machine's locale."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def help_of(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as done:
        cli.main([*argv, "--help"])
    assert done.value.code == 0
    return " ".join(capsys.readouterr().out.split())  # argparse wraps its lines


def test_the_help_speaks_dutch_and_still_works_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    dutch = help_of(capsys, "--lang", "nl")
    assert dutch.startswith("gebruik: scorekeeper") and "positionele argumenten" in dutch and "opties: -h, --help deze hulptekst tonen en stoppen" in dutch
    assert "settle een sessie afrekenen: scores, fiches, potten, geld" in dutch
    assert "usage:" not in dutch and "replay and check" not in dutch and "show this help" not in dutch
    sheet = help_of(capsys, "--lang", "nl", "sheet")
    assert "een scoreblad als PDF" not in sheet  # the subcommand's own help is its arguments'
    assert "de PDF om te schrijven, of - voor standaarduitvoer" in sheet and "papierformaat (standaard a4)" in sheet
    english = help_of(capsys)
    assert english.startswith("usage: scorekeeper") and "replay and check a hand record" in english
    assert "show this help message and exit" in english


def test_the_locale_chooses_when_lang_is_not_given(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_AT.UTF-8")
    assert help_of(capsys).startswith("Aufruf: scorekeeper")
    assert help_of(capsys, "--lang", "fr").startswith("utilisation : scorekeeper")  # --lang wins


def test_settle_in_words_speaks_dutch_and_its_json_does_not(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["settle", str(SESSION), "--text"]) == 0
    english = capsys.readouterr().out
    assert cli.main(["--lang", "nl", "settle", str(SESSION), "--text"]) == 0
    dutch = capsys.readouterr().out
    assert english.startswith("settlement: ") and "totals: " in english
    assert dutch.startswith("afrekening: ") and "\ntotalen: " in dutch and "\nfiches: " in dutch
    assert "spel 1 (gever " in dutch and "settlement:" not in dutch and "totals:" not in dutch
    assert len(dutch.splitlines()) == len(english.splitlines())
    assert cli.main(["settle", str(SESSION)]) == 0
    plain = capsys.readouterr().out
    assert cli.main(["--lang", "nl", "settle", str(SESSION)]) == 0
    assert capsys.readouterr().out == plain  # the JSON never changes with the language


def test_an_illegal_hand_in_words_keeps_its_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(ILLEGAL), encoding="utf-8")
    assert cli.main(["--lang", "de", "replay", str(path), "--text"]) == 1
    said = capsys.readouterr().out
    assert said.startswith("REGELWIDRIG (revoke) bei Stich 1, Zug 1, Spieler Bob, Karte QS: Bob hat Q♠") and "ILLEGAL" not in said
    assert cli.main(["--lang", "de", "replay", str(path)]) == 1
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "revoke"


@needs_poppler
@pytest.mark.parametrize(("code", "present", "absent"), [
    ("nl", ["Zwartejas: controle van spel 1", "Dan gaf", "naar links doorgegeven", "Elke gespeelde kaart is geldig.",
            "Gegeven aan Ann", "Ann gaf door aan Bob", "Slag", "Gewonnen", "Strafkaar", "Genomen", "Pagina 1 van 1"],
     ["audit of hand", "Every play is legal", "Dealt to", "passed to", "Trick", "Won by", "Penalty cards",
      "Taken", "Page 1 of"]),
    ("fr", ["Dame de pique : vérification de la donne 1", "Chaque carte jouée est régulière.", "Donné à Ann", "Pli",
            "Gagné par", "pénalité", "Page 1 sur 1"],
     ["audit of hand", "Every play is legal", "Dealt to", "Trick", "Won by", "Penalty cards", "Page 1 of"]),
    ("de", ["Black Lady: Prüfung von Spiel 1", "Jede gespielte Karte ist regelgerecht.", "Gegeben an Ann", "Stich",
            "Gewonnen", "Strafkarten", "Punkte", "Seite 1 von 1"],
     ["audit of hand", "Every play is legal", "Dealt to", "Trick", "Won by", "Penalty cards", "Points", "Page 1 of"]),
])
def test_the_printed_audit_speaks_the_language_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str], code: str,
                                                     present: list[str], absent: list[str]) -> None:
    out = tmp_path / "audit.pdf"
    assert cli.main(["--lang", code, "sheet", "--audit", str(HAND), "-o", str(out)]) == 0
    words = " ".join(pdf_text(out.read_bytes()).split())
    assert [w for w in present if w not in words] == [], words
    assert [w for w in absent if w in words] == [], words


@needs_poppler
def test_a_step_by_step_audit_speaks_dutch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A family without a trick table of its own (Reversis) is printed step by step, in the language asked."""
    out = tmp_path / "audit.pdf"
    assert cli.main(["--lang", "nl", "sheet", "--audit", str(ROOT / "examples" / "reversis-hand.json"),
                     "-o", str(out)]) == 0
    words = " ".join(pdf_text(out.read_bytes()).split())
    assert "Reversis: controle van een spel" in words and "Elke actie is geldig." in words and "Na stap 1" in words
    assert "Huidige pot" in words and "visjes" in words
    assert "audit of a hand" not in words and "Every action is legal" not in words and "After step" not in words


@needs_poppler
@pytest.mark.parametrize(("code", "present"), [
    ("fr", ["Donneur", "Passe", "Donne", "Pris par", "Page 1 sur"]),
    ("nl", ["Gever", "Doorgeven", "Spel", "Totaal", "Genomen", "Pagina 1 van"]),
    ("de", ["Geber", "Weitergabe", "Spiel", "Summe", "Genommen", "Seite 1 von"]),
])
def test_a_sessions_sheet_names_its_columns_in_the_language_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                  code: str, present: list[str]) -> None:
    """The columns the engine's layout names (who dealt, the pass, each player's hand and total, the cards taken)."""
    out = tmp_path / "sheet.pdf"
    assert cli.main(["--lang", code, "sheet", str(SESSION), "-o", str(out)]) == 0
    words = " ".join(pdf_text(out.read_bytes()).split())
    assert [w for w in present if w not in words] == [], words
    assert [w for w in ("Dealer", "Pass ", "Taken by", "Page 1 of") if w in words] == [], words


def test_an_archives_summary_speaks_french(capsys: pytest.CaptureFixture[str]) -> None:
    archive = str(ROOT / "examples" / "archive.jsonl")
    assert cli.main(["replay", archive, "--jobs", "1"]) in (0, 1)
    english = capsys.readouterr()
    assert cli.main(["--lang", "fr", "replay", archive, "--jobs", "1"]) in (0, 1)
    french = capsys.readouterr()
    for en, fr in zip(english.out.splitlines(), french.out.splitlines(), strict=True):  # the same but for a message
        en_line, fr_line = json.loads(en), json.loads(fr)
        if en_line.get("ok", True):
            assert fr_line == en_line
        else:
            assert {**fr_line["error"], "message": None} == {**en_line["error"], "message": None}
            assert fr_line["error"]["message"] != en_line["error"]["message"]  # worded in French
    assert english.err.startswith("replayed ") and " legal" in english.err
    assert english.err.strip() == "replayed 7 records: 6 legal, 1 illegal (impossible-result 1)"
    assert french.err.strip() == "7 enregistrements rejoués : 6 réguliers, 1 irrégulier (impossible-result 1)"
