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
from collections.abc import Mapping
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
    """A family whose package answers for itself (``replay_json``, ``settle_json``): Tripoli, Reversis."""

    id: str
    games: tuple[str, ...]

    @property
    def package(self) -> ModuleType:
        """The engine package of the family (``scorekeeper.engine.tripoli``), imported on first use."""
        return importlib.import_module(f"{__package__}.{self.id}")

    def replay_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = self.package.replay_json(value)
        return answer

    def settle_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = self.package.settle_json(value)
        return answer


HEARTS = HeartsFamily()
FAMILIES: tuple[Family, ...] = (
    HEARTS,
    PackageFamily("tripoli", ("tripoli", "rummoli", "cosmo")),
    PackageFamily("reversis", ("reversis",)),
)
_BY_GAME: dict[str, Family] = {game: f for f in FAMILIES if f is not HEARTS for game in f.games}


def family_of(game: object) -> Family:
    """The family that plays ``game`` (a record's ``game`` as written): the core for any other value."""
    return _BY_GAME.get(game, HEARTS) if isinstance(game, str) else HEARTS


def family_of_record(value: object) -> Family:
    """The family of a decoded record or session (the core for anything that is not an object)."""
    return family_of(value.get("game")) if isinstance(value, Mapping) else HEARTS


def own_games() -> tuple[str, ...]:
    """The game ids another family than the core plays, in the registry's order."""
    return tuple(_BY_GAME)
