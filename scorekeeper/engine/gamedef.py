"""A game as the pickers, the pages and the sheets know it: ``GameDef``, whatever its family.

Its id, name, summary, options with their defaults and profiles, and how to build the family's own
rules value from the options (``build``: the core's ``Ruleset``; a family without one refuses).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .options import OptionSpec, Profile, resolve

R = TypeVar("R")


@dataclass(frozen=True)
class GameDef(Generic[R]):
    """A game: its id, names, options with defaults, profiles, and how to build its rules value."""

    id: str
    name: str
    options: Mapping[str, OptionSpec]
    build: Callable[[Mapping[str, Any]], R]
    profiles: Mapping[str, Profile] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    summary: str = ""
    # The game's own lines of the rules in words (``words.rules_in_words``), by name: what it does that
    # the ruleset's shared fields do not say (Auction Hearts' bidding, Domino Hearts' stock, Capot).
    words: Callable[[R], Mapping[str, str]] | None = None

    def resolve(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option: defaults, then the profile's bundle, then ``given``."""
        return resolve(self.id, self.options, self.profiles, given)


def profile_options(game: GameDef[Any]) -> list[dict[str, Any]]:
    """The options of each of a game's profiles (one empty set for a game without profiles)."""
    return [{"profile": p} for p in game.profiles] if game.profiles else [{}]
