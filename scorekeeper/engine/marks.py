"""The engine's one mark on its words: ``N_``, a no-op the catalogues' extractor knows (docs/languages.md).

A word of the engine a player reads (a rule's line, a note's pattern) is written in English and marked
``N_("...")``; it stays English here, and a words layer (``scorekeeper.language.word``) translates it where it is
shown. No I/O, no language: the engine stays a pure library.
"""

from __future__ import annotations


def N_(word: str) -> str:
    """Marks a word for the catalogues (``scripts/translations`` extracts it); it is translated where used."""
    return word


def NP_(context: str, word: str) -> str:
    """Marks a word with its context (extracted as ``msgctxt``), for an English word that the catalogues already
    have in another sense (``NP_("action", "kept")``: *Ann kept ...*, not a kept hand); ``word(text, context)``
    translates it where used."""
    return word


# The contexts of the families' words (``engine.vocabulary``), written out where a word is marked (the catalogues'
# extractor reads only a literal): a kind's verb after a player's name (*Ann* **kept** *...*), and a heading of
# the table at a step of the audit (**Hands**: the cards each player holds). The words layer reads them here.
ACTION = "action"
HEADING = "heading"
