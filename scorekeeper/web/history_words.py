"""A stored hand's history in the reader's language: what a change changed, and the change note each version keeps.

The notes are stored as English (``edited: Ann hearts 3 → 4``, ``audit undone: back to version 2; decided by
Ann``): the database keeps them so, and old rows are read as they are. ``change`` finds the pattern a note was
written from, reads its places back and words it in the language spoken now; ``diff`` does the same for what
changed (``changes.describe_change``, ``changes.describe_fields``): a card as printed (``QS``: ``Q♠``), a
field by its word where the catalogues have one, names and numbers as they are. What no pattern knows stays
English, whole, so nothing is lost. In English both give the text itself, to the byte.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import language
from ..engine.cards import Card
from ..engine.marks import N_, NP_

FIELD = "a hand's field"  # the context of a record's field named in its history (``play``: the cards played)
HISTORY = "a hand's history"  # the context of a version's one-word note (``recorded``, ``confirmed``)

# A version's note said whole, and a change said whole.
WHOLE = (NP_("a hand's history", "recorded"), NP_("a hand's history", "entered"),
         NP_("a hand's history", "confirmed"), NP_("a hand's history", "struck out"),
         NP_("a hand's history", "restored"), NP_("a hand's history", "edited"),
         N_("replaced by a result"), N_("replaced by the cards played"), N_("replaced by the whole deal"),
         N_("replaced by a quick result"), N_("saved unchanged"))
CHANGED = N_("changed: %(fields)s")
# A version's note with places, most particular first (``audit/routes.py``, ``tables/blueprint.py``,
# ``evenings/services.py`` write them); ``change`` is what changed (``diff``), ``why`` a player's own words.
NOTES = (
    N_("audit: %(name)s's revoke in trick %(trick)s established (%(rule)s); decided by %(who)s: %(why)s"),
    N_("audit: %(name)s's revoke in trick %(trick)s established (%(rule)s); decided by %(who)s"),
    N_("audit: %(name)s's revoke in trick %(trick)s established (%(rule)s): %(why)s"),
    N_("audit: %(name)s's revoke in trick %(trick)s established (%(rule)s)"),
    N_("audit undone: back to version %(version)s; decided by %(who)s"),
    N_("audit undone: back to version %(version)s"),
    N_("edited: %(change)s"),
    N_("corrected as JSON: %(change)s"),
    N_("corrected: %(change)s"),
)
_PLACE = re.compile(r"%\((\w+)\)s")
_CARD = re.compile(r"(10|[2-9TJQKA])[SHDC]\Z")
_FIELD = re.compile(r"[a-z][a-z_]*\Z")
_COMPILED = [(words, re.compile("".join(re.escape(part) if i % 2 == 0 else
                                        (r"(?P<%s>\d+)" % part if part in ("trick", "version") else f"(?P<{part}>.+?)")
                                        for i, part in enumerate(_PLACE.split(words))) + r"\Z", re.S))
             for words in NOTES]


@dataclass(frozen=True)
class Diff:
    """What changed as a place of a sentence: its English as ``str`` (the API's ``message``), worded in the
    language spoken now by ``spoken`` (``diff``), as a refusal's places are (``language.say``)."""

    text: str

    def __str__(self) -> str:
        return self.text

    def spoken(self) -> str:
        return diff(self.text)


def change(text: str) -> str:
    """A version's stored note in the language spoken now (itself in English, or when no pattern knows it).

    >>> change("audit undone: back to version 2; decided by Ann")
    'audit undone: back to version 2; decided by Ann'
    """
    if not text or language.current() == language.DEFAULT:
        return text
    if text in WHOLE:
        return language.word(text, HISTORY)
    for words, pattern in _COMPILED:
        found = pattern.match(text)
        if found:
            places = found.groupdict()
            if "change" in places:
                places["change"] = diff(places["change"])
            if "rule" in places:  # the rule's own line, as the audit names it
                places["rule"] = language.word(places["rule"])
            return language.gettext(words) % places
    return text


def diff(text: str) -> str:
    """What changed (``Ann hearts 3 → 4; Ann QS — → 1``) in the language spoken now: each part worded.

    >>> diff("Ann hearts 3 → 4; Ann QS — → 1")
    'Ann hearts 3 → 4; Ann QS — → 1'
    """
    if not text or language.current() == language.DEFAULT:
        return text
    return "; ".join(_part(part) for part in text.split("; "))


def _part(text: str) -> str:
    if text in WHOLE:
        return language.word(text)
    if text.startswith("changed: "):
        return language.gettext(CHANGED) % {"fields": ", ".join(_field(f) for f in text[9:].split(", "))}
    before, arrow, after = text.rpartition(" → ")
    if not arrow:
        return text
    if before.startswith("moon choice "):
        return f"{_field('moon choice')} {before[12:]} → {after}"
    *names, value = before.split(" ")
    return " ".join([*(_token(t) for t in names), value]) + " → " + after


def _token(text: str) -> str:
    """A word of a field's path: a card as printed, a field by its word, anything else (a name) as it is."""
    if _CARD.match(text):
        return f"{Card.parse(text)}"
    return _field(text) if _FIELD.match(text) else text


def _field(text: str) -> str:
    """A record's field by its word (each family marks its own fields under ``FIELD``), else as it is."""
    spoken = text.replace("_", " ")
    worded = language.word(spoken, FIELD)
    return worded if worded != spoken else language.word(text) if language.has(text) else text
