"""The engine's refusals in the reader's language: every sentence given as data (``Said``) is worded in French,
Dutch and German with its places filled (the player, the card as printed, the counts), its English the message
to the byte, and its code and other fields the same in every language.

The records are the rule cases of ``tests/engine/hearts/test_rules.py`` (one or more per error code, each naming
where: player, card, trick) and the kernel's and the families' refusals met by the command's fuzzing
(``tests/support/fuzzing.py``): a mutated record refused in English is refused the same way in each language.
Tripoli's and Reversis' refusals that carry a phrase of their own as a place (``tests/support/placecases.py``), every
family's kinds of action a refusal names, and a card asked of a seat besides its hand are worded too; none may keep
a phrase of its English inside a translated sentence (``english_left``).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from scorekeeper import language
from scorekeeper.cli import replay_line
from scorekeeper.engine import seats
from scorekeeper.engine.errors import KIND, Said, ScorekeeperError, Word, kind_word
from scorekeeper.engine.family import families, family_of
from scorekeeper.engine.ledger import divide
from scorekeeper.settle_cli import settle_line
from tests.support.rulecases import ERRORS, SYNTAX, resolve
from tests.support import fuzzing, placecases
from tests.support.helpers import error_of, said

LANGUAGES = ("fr", "nl", "de")
UNFILLED = re.compile(r"%\(\w+\)[sd]")


_WORD = re.compile(r"[a-z][a-z']*\Z")  # an English word as a sentence writes it (a name, a card, a field's id: not)


def _phrases(text: str) -> set[str]:
    """Every three words in a row of ``text`` (lower-case words, no punctuation between them; a quoted value, a
    record's ids listed with commas, a card or a name breaks the row)."""
    text = re.sub(r"'[^']*'", " , ", text)
    found, row = set(), list[str]()
    for token in re.split(r"(\s+|[,;:()\[\]{}\"])", text):
        if not token or token.isspace():
            continue
        if _WORD.match(token):
            row.append(token)
            if len(row) >= 3:
                found.add(" ".join(row[-3:]))
        else:
            row = []
    return found


def english_left(english: str, text: str) -> list[str]:
    """The phrases of three words or more of the English ``english`` that its translation ``text`` still holds."""
    return sorted(_phrases(english) & _phrases(text))


def test_english_left_finds_a_phrase_kept_in_a_place() -> None:
    english = "play 32: A plays K\u2666, but stage 3 is over: B played his last card"
    assert english_left(english, "coup 32 : A joue K\u2666, mais la phase 3 est finie : B played his last card") == [
        "his last card", "played his last"]
    assert english_left(english, "coup 32 : A joue K\u2666, mais la phase 3 est finie : B a joué sa dernière carte") == []
    assert english_left("spare action must be one of keep, swap, auction", "l’une de keep, swap, auction") == []


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
        assert not english_left(error.message, text), (code, text)
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
            if message != english["error"]["message"]:  # a sentence given as data: no English inside it
                assert not english_left(english["error"]["message"], message), (code, message)
    assert refused > 50 and len(codes) > 3
    assert translated > refused  # most refusals read in each language (a few quote the input alone)


@pytest.mark.parametrize(("kind", "record", "fragment"), [pytest.param(k, r, f, id=i) for i, k, r, f in placecases.CASES])
def test_the_phrases_tripoli_and_reversis_refusals_carry_are_worded(kind: str, record: dict[str, Any],
                                                                    fragment: str) -> None:
    """Why the betting is over, which bid or bet of the record, what a Michigan lead must be, the hands shown at the
    poker, who the deal passes to: each place in the reader's language, the English the same to the byte."""
    answers = _answers(replay_line if kind == "hand" else settle_line, json.dumps(record).encode())
    english = answers["en"][1]["error"]
    assert fragment in english["message"]
    for code in LANGUAGES:
        error = answers[code][1]["error"]
        assert {**error, "message": None} == {**english, "message": None}
        assert error["message"] != english["message"] and not UNFILLED.search(error["message"]), error["message"]
        assert not english_left(english["message"], error["message"]), (code, error["message"])
        assert fragment.strip() not in error["message"], (code, error["message"])


def test_the_french_betting_refusal_names_the_bet_and_why_the_betting_is_over() -> None:
    record = next(r for i, _, r, _ in placecases.CASES if i == "bet-after-all-called")
    answers = _answers(replay_line, json.dumps(record).encode())
    assert answers["fr"][1]["error"]["message"] == ("mise 8 (A check) : les mises sont déjà finies (chaque joueur "
                                                    "encore en jeu a suivi)")
    assert answers["de"][1]["error"]["message"] == ("Setzaktion 8 (A check): das Setzen ist schon vorbei (jeder "
                                                    "Spieler, der noch dabei ist, ist mitgegangen)")


def _kinds(vocabulary: Any) -> set[str]:
    return {*vocabulary.nouns, *vocabulary.kinds, *(vocabulary.page.get("kinds") or {})}


def test_every_kind_of_action_a_refusal_names_is_worded_in_every_language() -> None:
    """A kind of action as a refusal quotes it ("a card played comes next, not a trade"): every family's, each a
    word of its own in each language, never its English."""
    for family in families():
        nouns = family.vocabulary.nouns
        for kind in sorted(_kinds(family.vocabulary)):
            said = Said("a %(value)s comes next, not a %(value2)s", value=kind_word(nouns, "play"),
                        value2=kind_word(nouns, kind))
            english = str(said)
            assert english == f"a {nouns.get('play', 'play')} comes next, not a {nouns.get(kind, kind)}"
            for code in LANGUAGES:
                with language.speaking(code):
                    text = language.say(said)
                assert f"{KIND}\x04{nouns.get(kind, kind)}" in language.translations(code)._catalog, (code, kind)
                assert not english_left(english, text), (code, text)


@pytest.mark.parametrize(("example", "drop", "action"), [
    ("black-lady-hand.json", ("play",), {"kind": "trade", "player": "Ann", "value": None}),
    ("tripoli-deal.json", ("michigan", "poker", "claims"), {"kind": "michigan", "player": "A", "value": "2S"}),
])
def test_the_engine_names_the_kinds_in_the_readers_language(example: str, drop: tuple[str, ...],
                                                           action: dict[str, Any]) -> None:
    value = json.loads((placecases.ROOT / "examples" / example).read_text(encoding="utf-8"))
    for key in drop:
        value.pop(key, None)
    with pytest.raises(ScorekeeperError) as caught:
        family_of(value["game"]).advance_json(value, action)
    error = caught.value
    assert error.code == "not-next"
    assert_said_in_every_language(error)
    if example.startswith("black-lady"):
        assert error.message == "a card played comes next, not a trade"
        assert worded(error, "fr") == "attendu maintenant : carte jouée, pas échange"
        assert worded(error, "de") == "als Nächstes kommt: gespielte Karte, nicht Tausch"


def test_a_card_asked_of_a_seat_beyond_its_hand_is_named_in_every_language() -> None:
    """Reversis asks some seats for the card dealt face down in front of them, besides their hand: the
    refusal of a hand sent without it names that card in the reader's language."""
    family = family_of("reversis")
    value = json.loads((placecases.ROOT / "examples" / "reversis-hand.json").read_text(encoding="utf-8"))
    head = {k: value[k] for k in ("game", "players", "dealer")} | {"play": []}
    asked = seats.asks(family, head, "Cat")
    assert [kind for kind, _ in asked.more] == ["face-down"]
    with pytest.raises(ScorekeeperError) as caught:
        seats.check(family, head, "Cat", seats.Draft(tuple(value["deal"]["Cat"])))
    error = caught.value
    assert error.message == "Cat taps the card dealt face down this hand"
    assert_said_in_every_language(error, "Cat")
    assert worded(error, "fr") == "Cat touche la carte donnée face cachée à cette main"
    with language.speaking("nl"):
        assert language.say(Word(asked.to_json()["more"][0]["word"])) == "gedekt gegeven kaart"


def test_odd_chips_to_cut_for_are_worded_in_every_language() -> None:
    with pytest.raises(ScorekeeperError) as caught:
        divide(13, [0, 1, 2], None, ["Ann", "Bob", "Cat"], Said("the %(count)s fish left in the pools", count=13))
    error = caught.value
    assert error.message.startswith("Ann and Bob and Cat divide the 13 fish left in the pools and 1 odd chip is cut for")
    assert_said_in_every_language(error)
