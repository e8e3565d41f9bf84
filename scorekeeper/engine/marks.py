"""The engine's one mark on its words: ``N_``, a no-op the catalogues' extractor knows (docs/languages.md).

A word of the engine a player reads (a rule's line, a note's pattern) is written in English and marked
``N_("...")``; it stays English here, and a words layer (``scorekeeper.language.word``) translates it where it is
shown. No I/O, no language: the engine stays a pure library.
"""

from __future__ import annotations


def N_(word: str) -> str:
    """Marks a word for the catalogues (``scripts/translations`` extracts it); it is translated where used."""
    return word
