"""The game families: one interface and one registry, found by game id.

A family is a folder of the engine that reads, replays and settles its own records: the Hearts
core (``games/``, ``replay``, ``settlement/``: every trick-taking game of the family), Tripoli
(``tripoli/``: Tripoli, Rummoli, Cosmo) and Reversis (``reversis/``). The command line and the
settlement entry point ask the registry which family plays a record's game (``family_of``) and
hand the record to it: no caller tries one family and falls back on another.

The core answers for every game id it does not leave to another family, unknown ones included,
so that its readers word the refusal. A family's package is imported when one of its games is
first asked for: a Hearts replay never pays for Tripoli.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Protocol


class Family(Protocol):
    """What every family gives the command line and the settlement entry point."""

    @property
    def id(self) -> str: ...

    @property
    def games(self) -> tuple[str, ...]: ...

    def replay_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        """The replay output of one decoded hand record. :raises ScorekeeperError: it is refused."""
        ...

    def settle_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        """The settle output of one decoded session record. :raises ScorekeeperError: it is refused."""
        ...


class HeartsFamily:
    """The trick-taking core: every game of ``games.GAMES``."""

    id = "hearts"

    @property
    def games(self) -> tuple[str, ...]:
        from .games import GAMES

        return tuple(GAMES)

    def replay_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        from .output import outcome_json
        from .records import from_json
        from .replay import replay

        return outcome_json(replay(from_json(value)))

    def settle_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        from .settlement import core_settle_json

        return core_settle_json(value)


@dataclass(frozen=True)
class PackageFamily:
    """A family whose package answers for itself (``replay_json``, ``settle_json``): Tripoli, Reversis.

    With it, what the app and the sheets show of its games, as plain data: names, summaries, the
    default settlement and the package's table of settlements, the seats, whether a stake applies.
    """

    id: str
    names: Mapping[str, str]  # each game id and its name, in the order games are listed
    summaries: Mapping[str, str]  # each game in a line, for pickers and lists
    default_settlement: str
    methods_table: str  # the package's table of settlements by id (each with ``option_specs``)
    seats_of: Callable[[ModuleType], tuple[int, int]]  # the fewest and the most players, from the package's rules
    stake: bool  # a stake turns the chips into money (Reversis' fish); Tripoli is played in chips only

    @property
    def games(self) -> tuple[str, ...]:
        return tuple(self.names)

    @property
    def package(self) -> ModuleType:
        """The engine package of the family (``scorekeeper.engine.tripoli``), imported on first use."""
        return importlib.import_module(f"{__package__}.{self.id}")

    def seats(self) -> tuple[int, int]:
        """The fewest and the most players a game of the family seats."""
        return self.seats_of(self.package.rules)

    def methods(self) -> Mapping[str, Any]:
        """The family's settlements by id, each with ``option_specs``."""
        found: Mapping[str, Any] = getattr(self.package, self.methods_table)
        return found

    def replay_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = self.package.replay_json(value)
        return answer

    def settle_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = self.package.settle_json(value)
        return answer


HEARTS = HeartsFamily()
FAMILIES: tuple[Family, ...] = (
    HEARTS,
    PackageFamily(
        "tripoli",
        names={"tripoli": "Tripoli", "rummoli": "Rummoli", "cosmo": "Cosmo"},
        summaries={
            "tripoli": "Catalogue 5: pay cards, one round of poker, then Michigan, on a layout of nine spaces",
            "rummoli": "Tripoli with the pay cards collected as they are played in stage 3 (catalogue 5.8)",
            "cosmo": "Only the Michigan stage, leads alternating black and red, the board changed every deal (5.8)",
        },
        default_settlement="tripoli-layout", methods_table="TRIPOLI_METHODS",
        seats_of=lambda rules: (rules.MIN_PLAYERS, rules.MAX_PLAYERS), stake=False,
    ),
    PackageFamily(
        "reversis",
        names={"reversis": "Reversis"},
        summaries={"reversis": "Catalogue 6: take as few tricks and card points as you can; the Quinola and the "
                               "aces pay, a pool grows; 48 cards, played to the right"},
        default_settlement="reversis-fish", methods_table="REVERSIS_METHODS",
        seats_of=lambda rules: (rules.PLAYERS, rules.PLAYERS), stake=True,
    ),
)
_BY_GAME: dict[str, Family] = {game: f for f in FAMILIES if f is not HEARTS for game in f.games}


def own_game_id(game: object) -> str | None:
    """The id of a game another family than the core plays, however it is written (``"Tripoli "`` ->
    ``tripoli``, as every family's reader takes it), or None."""
    key = game.strip().lower() if isinstance(game, str) else None
    return key if key in _BY_GAME else None


def family_of(game: object) -> Family:
    """The family that plays ``game`` (a record's ``game``): the core for any other value."""
    key = own_game_id(game)
    return HEARTS if key is None else _BY_GAME[key]


def family_of_record(value: object) -> Family:
    """The family of a decoded record or session (the core for anything that is not an object)."""
    return family_of(value.get("game")) if isinstance(value, Mapping) else HEARTS


def own_games() -> tuple[str, ...]:
    """The game ids another family than the core plays, in the registry's order."""
    return tuple(_BY_GAME)


def package_family(game: object) -> PackageFamily | None:
    """The family with a package of its own that plays ``game`` (as written), or None for the core's."""
    found = family_of(game)
    return found if isinstance(found, PackageFamily) else None
