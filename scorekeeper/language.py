"""The languages scorekeeper speaks, and the words of what it prints outside a web request.

The catalogues are Babel's gettext files in ``translations/`` (docs/languages.md). The web app chooses a
page's language per request with Flask-Babel (``web/lang.py``); the printed sheets, the audits and the
command line, which also run without Flask, speak the language of a ``speaking(code)`` block (a table's
language, the command's ``--lang`` or its environment's locale), read here. The engine itself never
translates: it says what happened (codes and parameters) and the words layers word it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .engine.errors import Said, ScorekeeperError, Text, Word, worded
from .engine.marks import N_ as N_, NP_ as NP_
from .resources import resource

if TYPE_CHECKING:
    from babel.support import NullTranslations

# Each shipped language by its code, named in itself (a reader finds his own name whatever the page's).
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "nl": "Nederlands", "de": "Deutsch"}
DEFAULT = "en"
DOMAIN = "messages"

_speaking: ContextVar[str | None] = ContextVar("language", default=None)
_followed: list[Callable[[], str | None]] = []  # where the language comes from outside a ``speaking`` block


def folder() -> str:
    """Where the catalogues are (``translations/`` in a checkout, bundled in a wheel)."""
    return str(resource("translations"))


def known(code: object) -> str | None:
    """``code`` when it is a shipped language, else None (a stored, typed or sent value is never trusted)."""
    return code if isinstance(code, str) and code in LANGUAGES else None


@lru_cache(maxsize=None)
def translations(code: str, where: str | None = None) -> NullTranslations:
    """The compiled catalogue of ``code`` (English: none, the words are the code's own). Babel is loaded here, on
    the first words printed, so a command that prints none (``replay``) starts without it."""
    from babel.support import NullTranslations, Translations

    if code == DEFAULT:
        return NullTranslations()
    return Translations.load(where or folder(), [code], DOMAIN)


def current() -> str:
    """The language spoken now: a ``speaking`` block's, else what ``follow`` gives (a web page's), else English."""
    code = _speaking.get()
    if code is None:
        code = next((found for found in (source() for source in _followed) if known(found)), None)
    return code or DEFAULT


def follow(source: Callable[[], str | None]) -> None:
    """Outside a ``speaking`` block, speak what ``source`` says (the web app: the page's language, or None
    outside a request), so the engine's words on a page speak the page's language."""
    if source not in _followed:
        _followed.append(source)


@contextmanager
def speaking(code: str | None) -> Iterator[str]:
    """What is printed inside speaks ``code`` (English when it is not a shipped language)."""
    token = _speaking.set(known(code) or DEFAULT)
    try:
        yield current()
    finally:
        _speaking.reset(token)


def gettext(message: str, **params: Any) -> str:
    """``message`` in the language spoken now, its ``%(name)s`` placeholders filled from ``params``."""
    code = current()
    text = message if code == DEFAULT else translations(code).ugettext(message)  # English: the words as they are
    return text % params if params else text


def ngettext(singular: str, plural: str, count: int, **params: Any) -> str:
    """The form of ``singular``/``plural`` for ``count`` in the language spoken now (``%(num)d`` is count)."""
    code = current()
    if code == DEFAULT:  # English: the code's own words, without loading Babel (what ``translations`` gives)
        text = singular if count == 1 else plural
    else:
        text = translations(code).ungettext(singular, plural, count)
    return text % {"num": count, **params}


def from_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The shipped language a command's environment asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, as gettext reads them), else English: ``fr_BE.UTF-8`` is French."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for value in (environ.get(name) or "").split(":"):
            code = known(value.split(".")[0].split("_")[0].split("-")[0].lower())
            if code:
                return code
            if value in ("C", "POSIX"):
                return DEFAULT
    return DEFAULT


def say(said: Said) -> str:
    """A sentence of the engine in the language spoken now: its words translated, each place filled in that
    language (a card as printed, a suit named, a number as the language writes it, a name as it is). In
    English, the engine's own message, to the byte."""
    if current() == DEFAULT:
        return str(said)
    if isinstance(said, Word):  # one word in its sense (its catalogue entry's context)
        return str(translations(current()).upgettext(said.context, said.words))
    return gettext(said.words) % {name: _place(value) for name, value in said.places.items()}


def written(text: Text) -> str:
    """Lines of the engine (``replay --text``'s trick table) in the language spoken now: each sentence said
    (``say``), the rows of cards and the names as they are. In English, the engine's own text, to the byte."""
    return str(text) if current() == DEFAULT else text.words(say)


def _place(value: Any) -> str:
    """A place's value in the language spoken now: a sentence said (``say``), a list of values each worded."""
    if isinstance(value, Said):
        return say(value)
    if isinstance(value, (list, tuple)) and any(isinstance(item, Said) for item in value):
        return ", ".join(_place(item) for item in value)
    spoken = getattr(value, "spoken", None)
    if callable(spoken):  # a phrase that words itself in the language spoken now (a stored hand's notes)
        return str(spoken())
    return worded(value, _suit, _number)


def refusal(error: ScorekeeperError) -> str:
    """An error's sentence in the language spoken now: its ``Said`` worded (``say``), else its English
    ``message`` (a sentence not given as data yet). Every place that shows a refusal to a reader uses this."""
    return say(error.said) if error.said is not None else error.message


def error_object(error: ScorekeeperError) -> dict[str, Any]:
    """The error object of the records contract with its ``message`` in the language spoken now: its ``code``
    and every other field as ``to_json`` gives them (in English, the same object to the byte)."""
    data = error.to_json()
    if error.said is not None and current() != DEFAULT:
        data["message"] = refusal(error)
    return data


def _suit(noun: str) -> str:
    return gettext(SUIT_WORDS[noun])  # a suit by its word in the catalogue (the singular: "a diamond lead")


def _number(value: int) -> str:
    from babel.numbers import format_decimal

    return str(format_decimal(value, locale=current()))


def word(text: str, context: str | None = None) -> str:
    """A word of the engine a player reads (a game's name, an option's name, value or line, a rule's line) in the
    language spoken now: its catalogue entry, else itself. "" stays "" (a catalogue's "" is its header).

    With ``context`` (a family's word marked ``NP_(context, word)``, where the same English means something else
    elsewhere), the entry of that context first, else the word's own entry."""
    if not text or current() == DEFAULT:
        return text
    found = translations(current())
    if context is not None:
        said = str(found.upgettext(context, text))
        if said != text:
            return said
    return str(found.ugettext(text))


def has(text: str) -> bool:
    """Whether the catalogue of the language spoken now holds ``text`` (a word marked for it), even where its
    translation is the same word (*Reversis* in French)."""
    return text in getattr(translations(current()), "_catalog", {})


SUIT_WORDS = {"spade": N_("spade"), "heart": N_("heart"), "diamond": N_("diamond"), "club": N_("club")}


def when_said(when: Any) -> str:
    """A moment as a page shows it, its day and month as the language spoken now writes them (Babel's CLDR:
    ``28 nov. 14:05`` in French, ``28. Nov. 14:05`` in German); in English ``28 Nov 14:05``, as before, to the byte."""
    if current() == DEFAULT:
        return str(when.strftime("%d %b %H:%M"))
    from babel.dates import format_skeleton

    return f"{format_skeleton('MMMd', when, locale=current())} {format_skeleton('Hm', when, locale=current())}"


def day_said(day: Any) -> str:
    """A day as a chat line says it: ``28 Nov``, ``28 nov.``, ``28 nov``, ``28. Nov.``."""
    if current() == DEFAULT:
        return f"{day.day} {day:%b}"
    from babel.dates import format_skeleton

    return str(format_skeleton("MMMd", day, locale=current()))
