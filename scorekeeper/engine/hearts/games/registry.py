"""The registry's table: ``GameDef``, ``GAMES`` and ``register``.

The game modules (``hearts``, ``tricks``, ``auction``, ``conquimbert``) register their games
here; the package imports them and re-exports these names, so no game module imports its own
package while the package is still loading.
"""

from __future__ import annotations

from ...gamedef import GameDef as GameDef  # the kernel's: every family's games are GameDefs
from ..ruleset import Ruleset


GAMES: dict[str, GameDef[Ruleset]] = {}


def register(game: GameDef[Ruleset]) -> GameDef[Ruleset]:
    GAMES[game.id] = game
    return game
