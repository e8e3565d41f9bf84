"""Reversis as a family of the registry (``engine.family``): ``ReversisFamily``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..package_family import Notation, PackageFamily
from . import REVERSIS_METHODS, fields, notation, progress, rules, settlement, words

if TYPE_CHECKING:
    from ..options import OptionSpec
    from ..progress import Walk
    from ..renaming import NameFields
    from ..seam import Fold
    from ..settled import Settled
    from ..vocabulary import Vocabulary


class ReversisFamily(PackageFamily):
    """Reversis' package (``engine/reversis/``) behind the family seam."""

    id = "reversis"
    names = {"reversis": "Reversis"}
    summaries = {"reversis": "Take as few tricks and card points as you can; the Quinola and the aces pay, a pool "
                             "grows; 48 cards, played to the right"}
    default_method = "reversis-fish"
    stake = True  # the fish are worth money
    carried = ("pools",)
    table_stakes = True

    def seats(self) -> tuple[int, int]:
        return rules.PLAYERS, rules.PLAYERS

    def option_specs(self) -> Sequence[OptionSpec]:
        return rules.OPTION_SPECS

    def defaults(self, game: str, profile: str | None = None) -> dict[str, Any]:
        return rules.make_rules(game.strip().lower()).options()

    def methods(self, game: str) -> Mapping[str, Any]:
        return REVERSIS_METHODS

    def replay_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        return settlement.replay_json(value)

    def settle_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        return settlement.settle_json(value)

    def settle(self, value: Mapping[str, Any]) -> Settled:
        return settlement.settled(value)

    def fold(self, config: Mapping[str, Any]) -> Fold:
        return settlement.ReversisFold(config)

    def walk(self) -> Walk:
        return progress.WALK

    @property
    def vocabulary(self) -> Vocabulary:
        return words.VOCABULARY

    def notation(self) -> Notation:
        return notation.NOTATION

    def name_fields(self) -> NameFields:
        return fields.NAME_FIELDS
