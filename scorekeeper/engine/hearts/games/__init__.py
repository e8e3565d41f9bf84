"""The game registry: game ids and aliases, their options and profiles, and ``make_ruleset``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import shown, UnknownGame, Said
from ..ruleset import Ruleset
from .registry import GAMES as GAMES, GameDef as GameDef, register as register

# Catalogue ids whose games land in later issues, and the reserved, unsupported one.
PLANNED = {
    "progressive-hearts",
    "reversis", "tripoli", "rummoli", "cosmo",
}
UNSUPPORTED: dict[str, str] = {}


def find_game(name: object) -> GameDef[Ruleset]:
    """A game by id or alias, case-insensitive.

    ``name`` is typed ``object``: anything but a string is refused here (UnknownGame), which a
    compiled (mypyc) build would otherwise do itself, with a TypeError, on entry.

    :raises UnknownGame: no such game, or one scorekeeper does not play (yet).
    """
    if not isinstance(name, str):
        raise UnknownGame(Said("the game must be a game id such as \"black-lady\", not %(shown)s",
                               shown=str(shown(name))))
    key = name.strip().lower()
    if key in GAMES:
        return GAMES[key]
    for game in GAMES.values():
        if key in game.aliases or key == game.name.lower():
            return game
    if key in UNSUPPORTED:
        raise UnknownGame(Said("%(key)s is not supported: %(value)s", key=str(key), value=str(UNSUPPORTED[key])))
    if key in PLANNED:
        raise UnknownGame(Said("scorekeeper does not play %(key)s yet", key=str(key)))
    raise UnknownGame(Said("unknown game %(shown)s (known: %(value)s)",
                           shown=str(shown(name)), value=str(', '.join(sorted(GAMES)))))


def make_ruleset(game: object, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset of ``game`` with ``options`` (catalogue names and values); ``game`` is a game
    id (``object``: anything else is refused with UnknownGame, see ``find_game``).

    :raises UnknownGame: for an unknown game id.
    :raises UnknownOption: for an option or value the game does not have.
    """
    key = None
    if isinstance(game, str) and isinstance(options, (dict, type(None))):
        try:
            # The value's type is part of the key: 1 == True and -10.0 == -10 hash alike, but
            # the options take only their own types (OptionSpec.check).
            key = (game, tuple(sorted([(k, type(v).__name__, v) for k, v in options.items()])) if options else ())
            cached = _CACHE.get(key)
        except TypeError:  # an unhashable option value: resolve() will explain it
            key, cached = None, None
        if cached is not None:
            return cached
    definition = find_game(game)
    ruleset = definition.build(definition.resolve(options or {}))
    if key is not None and len(_CACHE) < 1024:
        _CACHE[key] = ruleset
    return ruleset


_CACHE: dict[tuple[str, tuple[tuple[str, str, Any], ...]], Ruleset] = {}


from . import hearts as _hearts  # noqa: E402,F401  (registers the Hearts family)
from . import tricks as _tricks  # noqa: E402,F401  (registers Polignac, Slobberhannes, Knaves)
from . import auction as _auction  # noqa: E402,F401  (registers Auction Hearts)
from . import conquimbert as _conquimbert  # noqa: E402,F401  (registers Conquimbert)
from . import gong_zhu as _gong_zhu  # noqa: E402,F401  (registers Gong Zhu)
