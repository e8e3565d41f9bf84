"""The words of the games' registry for the catalogues: every game's name and summary, its options' names, lines
and values' words, its versions', its settlements' (docs/languages.md).

They are the registry's own data (``GameDef``, ``OptionSpec``, ``Profile``, a settlement's ``label`` and
``summary``), some of them composed when a game is registered, so no mark in the source could list them all:
``scripts/translations`` runs ``extract`` (named in ``babel.cfg``), which walks ``engine.family.families()`` and
gives Babel each word once. The pages and sheets show them through ``scorekeeper.language.word``;
``tests/web/test_engine_words.py`` checks each has its translation in every language.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any


def words() -> Iterator[str]:
    """Each word a player reads from the registry, in the registry's order (repeats included)."""
    from .engine import family

    for fam in family.families():
        for game in fam.game_defs():
            yield game.name
            yield game.summary
            for spec in game.options.values():
                yield from _option(spec)
            for profile in game.profiles.values():
                yield profile.name
                yield profile.summary
            for method in fam.methods(game.id).values():
                yield getattr(method, "label", "")
                yield getattr(method, "summary", "")
                for spec in getattr(method, "option_specs", ()):
                    yield from _option(spec)


def _option(spec: Any) -> Iterator[str]:
    yield spec.title
    yield spec.summary
    for name, line in spec.said.values():
        yield name
        yield line


def kinds() -> Iterator[str]:
    """Each family's noun for each of its kinds of action, as a refusal quotes it ("a trade comes next"): its
    ``Vocabulary.nouns``, else the kind's code (``engine.errors.kind_word``), in the context ``KIND``."""
    from .engine import family

    for fam in family.families():
        vocabulary = fam.vocabulary
        for kind in (*vocabulary.nouns, *vocabulary.kinds, *(vocabulary.page.get("kinds") or {})):
            yield vocabulary.nouns.get(kind, kind)


def extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
            options: Any) -> Iterator[tuple[int, str | None, str | tuple[str, str], list[str]]]:
    """Babel's extraction method: the registry's words, each once (the file itself is not read), and the
    families' nouns for their kinds of action, each with its context."""
    from .engine.errors import KIND

    seen: set[str] = set()
    for text in words():
        if text and text not in seen:
            seen.add(text)
            yield 0, None, text, []
    nouns: set[str] = set()
    for noun in kinds():
        if noun not in nouns:
            nouns.add(noun)
            yield 0, "pgettext", (KIND, noun), []
