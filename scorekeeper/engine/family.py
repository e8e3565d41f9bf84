"""The game families: the registry, found by game id.

A family is a folder of the engine that reads, replays and settles its own records, with one typed
class behind the family seam (``seam.Family``): the Hearts core (``hearts/``, ``HeartsFamily``:
every trick-taking game of the family), Tripoli (``tripoli/``, ``TripoliFamily``: Tripoli, Rummoli,
Cosmo) and Reversis (``reversis/``, ``ReversisFamily``). This module only lists them. The command
line, the app's services and pages and the printed sheets ask it which family plays a game
(``family_of``) and hand the record to it, or read what it says of its games: no caller tries one
family and falls back on another (docs/architecture.md).

The core answers for every game id it does not leave to another family, unknown ones included,
so that its readers word the refusal. The others are listed by their id and games (``Listed``) and
their class is imported when one of their games is first asked for (``families()`` imports them all).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .gamedef import GameDef, profile_options as profile_options
from .hearts.family import HeartsFamily
from .package_family import PackageFamily as PackageFamily
from .seam import SESSION_KEYS as SESSION_KEYS, Family as Family, Fold as Fold, StoredSession as StoredSession
from .seam import WholeFold as WholeFold, plain as plain
from .textscan import game_tag


@dataclass(frozen=True)
class Listed:
    """A family as the registry lists it before its class is imported: its id, its games in the order they
    are listed, and the function that imports its class. Its package loads when one of its games is first
    asked for, so a Hearts replay never pays for Tripoli."""

    id: str
    games: tuple[str, ...]
    load: Callable[[], Family]


HEARTS = HeartsFamily()
_ENTRIES: list[Family | Listed] = []  # in the order games are listed
_BY_GAME: dict[str, Family | Listed] = {}  # every game of a family other than the core


def register(family: Family | Listed, *, rest: bool = False) -> None:
    """Add a family to the registry: its games are found by id from then on (``rest``: the family that answers
    for every other game id, the core)."""
    _ENTRIES.append(family)
    if not rest:
        _BY_GAME.update(dict.fromkeys(family.games, family))


def unregister(family: Family | Listed) -> None:
    """Take a family out of the registry again (a test's toy family)."""
    _ENTRIES[:] = [entry for entry in _ENTRIES if entry.id != family.id]
    for game in family.games:
        _BY_GAME.pop(game, None)


def _loaded(entry: Family | Listed) -> Family:
    """The family of a registry entry, its class imported the first time."""
    if not isinstance(entry, Listed):
        return entry
    family = entry.load()
    if (family.id, family.games) != (entry.id, entry.games):
        raise ImportError(f"the {family.id} family's class plays {family.games}, but the registry lists {entry.games}")
    _ENTRIES[_ENTRIES.index(entry)] = family
    _BY_GAME.update(dict.fromkeys(family.games, family))
    return family


def families() -> tuple[Family, ...]:
    """Every family, in the order games are listed (each one's class imported)."""
    return tuple(_loaded(entry) for entry in list(_ENTRIES))


def _tripoli() -> Family:
    from .tripoli.family import TripoliFamily

    return TripoliFamily()


def _reversis() -> Family:
    from .reversis.family import ReversisFamily

    return ReversisFamily()


register(HEARTS, rest=True)
register(Listed("tripoli", ("tripoli", "rummoli", "cosmo"), _tripoli))
register(Listed("reversis", ("reversis",), _reversis))


def own_game_id(game: object) -> str | None:
    """The id of a game another family than the core plays, however it is written (``"Tripoli "`` ->
    ``tripoli``, as every family's reader takes it), or None."""
    key = game.strip().lower() if isinstance(game, str) else None
    return key if key in _BY_GAME else None


def family_of(game: object) -> Family:
    """The family that plays ``game`` (a record's ``game``): the core for any other value."""
    key = own_game_id(game)
    return HEARTS if key is None else _loaded(_BY_GAME[key])


def family_of_notation(text: str) -> Family:
    """The family of a record written in the text notation, by its ``[Game "..."]`` tag (the core for
    anything else: its reader words what is wrong)."""
    return family_of(game_tag(text))


def family_of_record(value: object) -> Family:
    """The family of a decoded record or session (the core for anything that is not an object)."""
    # A dict first: an ABC check is slow, and an archive asks this once a line.
    return family_of(value.get("game")) if type(value) is dict or isinstance(value, Mapping) else HEARTS


def own_games() -> tuple[str, ...]:
    """The game ids another family than the core plays, in the registry's order."""
    return tuple(_BY_GAME)


def game_def(game: object) -> GameDef[Any]:
    """Any game of any family, by id (or the core's aliases). :raises UnknownGame: no such game."""
    return family_of(game).game_def(game)  # type: ignore[arg-type]  # the core's reader words a non-string


def game_defs() -> tuple[GameDef[Any], ...]:
    """Every game that can be played and printed, family after family in the registry's order."""
    return tuple(g for f in families() for g in f.game_defs())


def settle_json(value: Any) -> dict[str, Any]:
    """The ``settle`` output of the records contract for a decoded session record, whatever the game:
    the game's family settles it."""
    return family_of_record(value).settle_json(value)
