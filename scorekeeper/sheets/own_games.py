"""Games with a package of their own (Tripoli, Rummoli, Cosmo; Reversis) as the app and the sheets show them.

The trick-taking games come from the core's table (``engine.games.GAMES``). The games of the
other families (``engine.family``) are played by their own package (``engine.tripoli``,
``engine.reversis``) and are not in that table, so this module gives them the same face
where games are listed or picked: a ``GameDef`` whose options are the package's ``OptionSpec``s
(``game_def``), the package's settlements, its default settlement, whether a stake turns its
chips into money. Every rule stays in the package: defaults come from its ``make_rules``,
settlements from its ``settle_json``. Each family's own layout of a page or a sheet lives beside
it (``sheets.tripoli``, ``sheets.reversis``; ``sheet_module`` finds it).

``settle_session_json`` settles a session record the way the app keeps it: a hand waiting for
a second phone goes to the engine as ``"counts": false`` (RECORDS.md, the app's export), which
the packages read like the trick-taking sessions do.

Outside the web app (no Flask) and outside the engine (which it only calls), like the rest of
``scorekeeper.sheets``: the app's services and the printed sheets share it. No engine package
is imported until a game of it is asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import lru_cache
from types import ModuleType
from typing import Any

from ..engine.errors import UnknownGame
from ..engine.family import PackageFamily, own_game_id, own_games, package_family
from ..engine.games import GameDef
from ..engine.ruleset import Ruleset

GAMES = own_games()


def game_id(game: object) -> str | None:
    """The id of a game with a package of its own (``"Tripoli "`` -> ``tripoli``), or None."""
    return own_game_id(game)


def is_own(game: object) -> bool:
    """True for Tripoli, Rummoli, Cosmo and Reversis: games the trick-taking core does not play."""
    return game_id(game) is not None


def _key(game: object) -> str:
    key = game_id(game)
    if key is None:
        raise UnknownGame(f"{game!r} is not a game with a package of its own")
    return key


def _family(game: object) -> PackageFamily:
    found = package_family(_key(game))
    assert found is not None  # _key admits only the games of such a family
    return found


def family(game: object) -> str:
    """The name of the package that plays ``game`` (``tripoli``, ``reversis``). :raises UnknownGame: not such a game."""
    return _family(game).id


def package(game: object) -> ModuleType:
    """The engine package that plays ``game``. :raises UnknownGame: not such a game."""
    return _family(game).package


def sheet_module(game: object) -> ModuleType:
    """The module that lays out this game's printed sheet (``sheets.tripoli``, ``sheets.reversis``)."""
    return importlib.import_module(f"{__package__}.{family(game)}")


def _no_ruleset(options: Mapping[str, Any]) -> Ruleset:
    raise UnknownGame("this game has no ruleset of the trick-taking core: its own engine package plays it")


@lru_cache(maxsize=None)
def game_def(game: str) -> GameDef:
    """The game as a ``GameDef`` for pickers and lists (never registered: ``make_ruleset`` does not know it)."""
    key = _key(game)
    fam = _family(key)
    low, high = fam.seats()
    seats = f"{low} players" if low == high else f"{low} to {high} players"
    return GameDef(
        id=key, name=fam.names[key], options={s.name: s for s in fam.package.OPTION_SPECS}, build=_no_ruleset,
        summary=f"{fam.summaries[key]}; {seats}",
    )


def game_defs() -> tuple[GameDef, ...]:
    """Every game with a package of its own, in the order the engine lists them."""
    return tuple(game_def(g) for g in GAMES)


def player_counts(game: str) -> tuple[int, ...]:
    """The numbers of players the game seats (catalogue 5.1, 6.1, as the package says)."""
    low, high = _family(game).seats()
    return tuple(range(low, high + 1))


def defaults(game: str) -> dict[str, Any]:
    """Every option of the game with the game's own value (Rummoli's and Cosmo's presets applied)."""
    options: dict[str, Any] = package(game).make_rules(game_id(game)).options()
    return options


def methods(game: str) -> Mapping[str, Any]:
    """The game's settlements by id (``tripoli-layout``, ``tripoli-final-poker``; ``reversis-fish``),
    each with ``option_specs``."""
    return _family(game).methods()


def default_settlement(game: str) -> str:
    """The settlement a table of this game uses unless it says otherwise."""
    return _family(game).default_settlement


def takes_stake(game: str) -> bool:
    """Whether a stake (money per chip) applies: Reversis' fish, yes; Tripoli's chips, no."""
    return _family(game).stake


# --- settling a session the way the app keeps it --------------------------------------------------

def settle_session_json(record: Mapping[str, Any]) -> dict[str, Any]:
    """The package's ``settle`` output of a session record (waiting hands say ``"counts": false``).

    :raises ScorekeeperError: the engine's refusal (``hand`` is the 1-based position in ``hands``).
    """
    return _family(record.get("game")).settle_json(record)  # the record's game as the package reads it
