"""Tripoli, Rummoli and Cosmo as a family of the registry (``engine.family``): ``TripoliFamily``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..package_family import Notation, PackageFamily
from . import fields, notation, progress, rules, settlement, words

if TYPE_CHECKING:
    from ..options import OptionSpec
    from ..progress import Walk
    from ..renaming import NameFields
    from ..seam import Fold
    from ..settled import Settled
    from ..vocabulary import Vocabulary


class TripoliFamily(PackageFamily):
    """Tripoli's package (``engine/tripoli/``) behind the family seam."""

    id = "tripoli"
    names = {"tripoli": "Tripoli", "rummoli": "Rummoli", "cosmo": "Cosmo"}
    summaries = {
        "tripoli": "Pay cards, one round of poker, then runs of cards, on a layout of nine spaces",
        "rummoli": "Tripoli with the pay cards collected as they are played in the runs",
        "cosmo": "Only the runs, leads alternating black and red, the board changed every deal",
    }
    default_method = "tripoli-layout"
    stake = False  # played in chips only
    carried = ("layout",)
    table_stakes = True

    def seats(self) -> tuple[int, int]:
        return rules.MIN_PLAYERS, rules.MAX_PLAYERS

    def option_specs(self) -> Sequence[OptionSpec]:
        return rules.OPTION_SPECS

    def defaults(self, game: str, profile: str | None = None) -> dict[str, Any]:
        """Every option of the game with the game's own value (Rummoli's and Cosmo's presets applied)."""
        return rules.make_rules(game.strip().lower()).options()

    def methods(self, game: str) -> Mapping[str, Any]:
        return settlement.TRIPOLI_METHODS

    def replay_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        return settlement.replay_json(value)

    def settle_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        return settlement.settle_json(value)

    def settle(self, value: Mapping[str, Any]) -> Settled:
        return settlement.settled(value)

    def fold(self, config: Mapping[str, Any]) -> Fold:
        return settlement.TripoliFold(config)

    def walk(self) -> Walk:
        return progress.WALK

    @property
    def vocabulary(self) -> Vocabulary:
        return words.VOCABULARY

    def notation(self) -> Notation:
        return notation.NOTATION

    def name_fields(self) -> NameFields:
        return fields.NAME_FIELDS
