"""The registry's table: ``GameDef``, ``GAMES`` and ``register``.

The game modules (``hearts``, ``tricks``, ``auction``, ``conquimbert``) register their games
here; the package imports them and re-exports these names, so no game module imports its own
package while the package is still loading.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...options import OptionSpec, Profile, resolve
from ..ruleset import Ruleset


@dataclass(frozen=True)
class GameDef:
    """A game: its id, names, options with defaults, profiles, and how to build its ruleset."""

    id: str
    name: str
    options: Mapping[str, OptionSpec]
    build: Callable[[Mapping[str, Any]], Ruleset]
    profiles: Mapping[str, Profile] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    summary: str = ""
    # The game's own lines of the rules in words (``words.rules_in_words``), by name: what it does that
    # the ruleset's shared fields do not say (Auction Hearts' bidding, Domino Hearts' stock, Capot).
    words: Callable[[Ruleset], Mapping[str, str]] | None = None

    def resolve(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option: defaults, then the profile's bundle, then ``given``."""
        return resolve(self.id, self.options, self.profiles, given)


GAMES: dict[str, GameDef] = {}


def register(game: GameDef) -> GameDef:
    GAMES[game.id] = game
    return game
