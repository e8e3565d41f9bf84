"""The command's refusals in its language (docs/languages.md): ``--lang``, else the locale. The error object's
``message`` is worded in that language (the trick table's ILLEGAL line too); its ``code``, the other fields and
the exit status are the same in every language, and a command without ``--lang`` in the C locale prints English
as before (the records contract's golden outputs)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import cli
from tests.support.rulecases import ERRORS

REVOKE = next(p.values[0] for p in ERRORS if p.id == "revoke")
ENGLISH = "Bob played Q\u2660 on a club lead while holding 9\u2663 8\u2663 7\u2663 6\u2663"
GERMAN = "Bob hat Q\u2660 auf einen Kreuz-Ausspiel gespielt, obwohl er 9\u2663 8\u2663 7\u2663 6\u2663 hatte"


def replay(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str, record: Any = REVOKE) -> tuple[int, str]:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    status = cli.main([*args, "replay", str(path)] if args[:1] == ("--lang",) else ["replay", str(path), *args])
    return status, capsys.readouterr().out


def test_lang_de_words_the_error_object_in_german(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    status, out = replay(tmp_path, capsys)
    english = json.loads(out)
    assert status == 1 and english["error"]["message"] == ENGLISH
    status_de, out_de = replay(tmp_path, capsys, "--lang", "de")
    german = json.loads(out_de)
    assert status_de == status
    assert german["error"] == {**english["error"], "message": GERMAN}


def test_the_locale_words_the_trick_tables_refusal(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    status, out = replay(tmp_path, capsys, "--text")
    assert status == 1
    assert out == ("IRRÉGULIER (revoke) à pli 1, coup 1, joueur Bob, carte QS : Bob a joué Q\u2660 sur une entame à "
                   "trèfle alors qu'il avait 9\u2663 8\u2663 7\u2663 6\u2663\n")
