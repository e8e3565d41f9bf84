"""The engine's refusals in the reader's language: every sentence given as data (``Said``) is worded in French,
Dutch and German with its places filled (the player, the card as printed, the counts), its English the message
to the byte, and its code and other fields the same in every language.

The records are the rule cases of ``tests/engine/hearts/test_rules.py`` (one or more per error code, each naming
where: player, card, trick) and the kernel's and the families' refusals met by the command's fuzzing
(``tests/support/fuzzing.py``): a mutated record refused in English is refused the same way in each language.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from scorekeeper import language
from scorekeeper.cli import replay_line
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.settle_cli import settle_line
from tests.support.rulecases import ERRORS, SYNTAX, resolve
from tests.support import fuzzing
from tests.support.helpers import error_of, said

LANGUAGES = ("fr", "nl", "de")
UNFILLED = re.compile(r"%\(\w+\)[sd]")


def worded(error: ScorekeeperError, code: str) -> str:
    with language.speaking(code):
        return language.refusal(error)


def assert_said_in_every_language(error: ScorekeeperError, *names: str | None) -> None:
    assert error.said is not None, f"{error.code}: {error.message!r} is not given as data"
    assert worded(error, "en") == error.message
    for code in LANGUAGES:
        text = worded(error, code)
        assert not UNFILLED.search(text), (code, text)
        assert text != error.message, (code, text)  # translated, not the English
        for name in names:
            if name is not None:
                assert name in text, (code, name, text)
        with language.speaking(code):
            obj = language.error_object(error)
        assert obj == {**error.to_json(), "message": text}  # the code and every other field unchanged


@pytest.mark.parametrize(("record", "code", "play", "trick", "player", "card", "words"), ERRORS)
def test_every_rule_case_is_worded_in_every_language(record: Any, code: str, play: int | None, trick: int | None,
                                                     player: str | None, card: str | None, words: list[str]) -> None:
    error = error_of(resolve(record))
    assert error.code == code
    assert_said_in_every_language(error, player, said(card) if card else None)


@pytest.mark.parametrize(("record", "kind", "code", "words"), SYNTAX)
def test_every_unreadable_record_is_worded_in_every_language(record: dict[str, Any], kind: type[ScorekeeperError],
                                                             code: str, words: list[str]) -> None:
    error = error_of(record, kind)
    assert error.code == code
    assert_said_in_every_language(error)


def test_the_french_revoke_names_the_player_the_card_the_suit_led_and_what_he_held() -> None:
    revoke = next(p.values[0] for p in ERRORS if p.id == "revoke")
    error = error_of(revoke)
    assert error.message == "Bob played Q\u2660 on a club lead while holding 9\u2663 8\u2663 7\u2663 6\u2663"
    assert worded(error, "fr") == ("Bob a joué Q\u2660 sur une entame à trèfle alors qu'il avait "
                                   "9\u2663 8\u2663 7\u2663 6\u2663")
    assert worded(error, "de") == ("Bob hat Q\u2660 auf einen Kreuz-Ausspiel gespielt, obwohl er "
                                   "9\u2663 8\u2663 7\u2663 6\u2663 hatte")


def test_an_impossible_result_words_each_problem_and_its_counts() -> None:
    impossible = next(p.values[0] for p in ERRORS if p.id == "impossible-result")
    error = error_of(impossible)
    assert error.message == "Impossible result: the hearts add up to 14, but a hand has 13."
    assert worded(error, "nl") == "Onmogelijke uitslag: de harten tellen op tot 14, maar een hand heeft er 13."


def _answers(answer: Any, line: bytes) -> dict[str, tuple[int, dict[str, Any]]]:
    out = {}
    for code in ("en", *LANGUAGES):
        with language.speaking(code):
            status, text, _ = answer(line)
        out[code] = (status, json.loads(text))
    return out


@pytest.mark.parametrize("kind", ["hands", "sessions"])
def test_the_fuzzed_refusals_are_worded_in_every_language(kind: str) -> None:
    """Mutated records (the command's fuzzing, its seed): each refusal in each language is the error object of
    the English one, its message filled; the sentences given as data read in the language."""
    mutator = fuzzing.Mutator(fuzzing.DEFAULT_SEED)
    lines = [m.line for m in (mutator.hands(400) if kind == "hands" else mutator.sessions(150))]
    answer = replay_line if kind == "hands" else settle_line
    refused = translated = 0
    codes: set[str] = set()
    for line in lines:
        answers = _answers(answer, line)
        status, english = answers["en"]
        if english.get("ok", True):
            continue
        refused += 1
        codes.add(english["error"]["code"])
        for code in LANGUAGES:
            other_status, other = answers[code]
            assert other_status == status
            assert {**other["error"], "message": None} == {**english["error"], "message": None}, line
            message = other["error"]["message"]
            assert isinstance(message, str) and message and not UNFILLED.search(message), (code, message)
            translated += message != english["error"]["message"]
    assert refused > 50 and len(codes) > 3
    assert translated > refused  # most refusals read in each language (a few quote the input alone)
