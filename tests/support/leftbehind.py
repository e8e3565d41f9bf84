"""English left behind on a translated page: a page's visible text cut into sentences, and the sentences a
page shows word for word in English and in another language (``tests/browser/test_language_crawl.py``).

A page's text is what a reader sees (``innerText``, every ``<details>`` opened, the placeholders of its
fields), cut at line ends and at the marks that end a sentence or a part of one (``. : ; ! ? ( ) · —``).
A sentence is English left behind when the English page shows the very same sentence and it keeps three
words or more once what is the same in every language is taken out: the players' names, card labels
(``QS``, ``10H``), numbers, the names of the games that keep their names, and the few words a language
shares with English (``SAME``)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

WORDS = 3  # a sentence of fewer words is too short to tell English from its translation

# The names every language keeps, taken out whole before the words are counted: the tour's players, and
# the games whose names are proper names (a descriptive name, "Three-Handed Hearts", is the engine's
# words and is translated like them).
NAMES = ["Black Lady", "Black Maria", "Rickety Kate", "Pink Lady", "Gong Zhu", "Omnibus Hearts", "Heartsette",
         "Hartenjagen", "Polignac", "Slobberhannes", "Conquimbert", "Tripoli", "Rummoli", "Cosmo", "Reversis",
         "Hearts", "Ann", "Bob", "Cat", "Dan", "Bea", "Dot", "Ed", "Fred", "Gus", "Hal", "Annie", "Bobby",
         "Carla", "Danny", "Ellie", "Thursday", "English", "Français", "Nederlands", "Deutsch",
         "Dirty Nasty Filthy Hearts"]
# Words a language spells as English does, taken out of that language's sentences only. None is needed yet
# (no translated sentence of three words or more is its English word for word); a word goes here when one
# is, never a word of English that a sentence left behind would then hide ("hand", "table").
SAME: dict[str, set[str]] = {"fr": set(), "nl": set(), "de": set()}

_CUT = re.compile(r"[\n.:;!?()\[\]·•|—–…\"“”«»]+")
_CARD = re.compile(r"^(?:10|[2-9AKQJT])[SHDC]$")
_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
_NAMES = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in sorted(NAMES, key=len, reverse=True)) + r")\b")

# What a reader sees of the page, read after the page's measures (opening the <details> changes its height).
TEXT = """() => {
    document.querySelectorAll("details").forEach(d => { d.open = true; });
    const fields = [...document.querySelectorAll("input[placeholder], textarea[placeholder]")]
        .filter(e => e.offsetParent !== null).map(e => e.placeholder);
    return [document.body.innerText, ...fields].join("\\n");
}"""


def sentences(text: str) -> list[str]:
    """The text's sentences (and parts of one), each once, in the page's order, spaces made single."""
    seen: dict[str, None] = {}
    for part in _CUT.split(text):
        part = " ".join(part.split()).strip(" ,'’")
        if part:
            seen.setdefault(part)
    return list(seen)


def words(sentence: str, code: str) -> list[str]:
    """The sentence's words that tell its language: names, card labels and the language's own ``SAME`` out."""
    plain = _NAMES.sub(" ", sentence)
    same = SAME.get(code, set())
    return [w for w in _WORD.findall(plain) if len(w) > 1 and not _CARD.match(w) and w.lower() not in same]


def left_behind(english: Iterable[str], other: Iterable[str], code: str) -> list[str]:
    """The sentences ``other`` (the page in ``code``) shows as the English page does, in its order."""
    shown = set(english)
    return [s for s in other if s in shown and len(words(s, code)) >= WORDS]


def matches(entry: str | re.Pattern[str], sentence: str) -> bool:
    """An entry of a still-English list: the sentence itself, or a pattern found in it."""
    return entry.search(sentence) is not None if isinstance(entry, re.Pattern) else entry == sentence


def read(page: Any) -> list[str]:
    """The page's sentences as a reader sees them (its ``<details>`` opened)."""
    return sentences(page.evaluate(TEXT))
