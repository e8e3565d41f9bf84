"""Games with a package of their own (Tripoli, Rummoli, Cosmo) as the app and the sheets show them.

(Reversis also has a package of its own, ``engine.reversis``; it is not in the app yet.)

The trick-taking games come from the engine's registry (``engine.games.GAMES``). Tripoli and
its cousins are played by ``engine.tripoli`` (``engine.families.own_package``) and are not in
that registry, so this module gives them the same face where games are listed or picked: a
``GameDef`` whose options are the package's ``OptionSpec``s (``game_def``). Every rule stays
in the package: defaults come from ``tripoli.make_rules``, settlements from its ``settle_json``.

``settle_session_json`` settles a session record the way the app keeps it: a hand waiting for
a second phone goes to the engine as ``"counts": false`` (RECORDS.md, the app's export), which
the package reads like the trick-taking sessions do.

Outside the web app (no Flask) and outside the engine (which it only calls), like the rest of
``scorekeeper.sheets``: the app's services and the printed sheets share it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import ModuleType
from typing import Any

from ..engine.errors import UnknownGame
from ..engine.families import OWN_PACKAGE, own_package
from ..engine.games import GameDef
from ..engine.ruleset import Ruleset
from ..engine.seating import Seating
from ..engine.tripoli.layout import PAY_SPACES, SPACES, Space
from ..engine.tripoli.rules import TripoliRules

NAMES = {"tripoli": "Tripoli", "rummoli": "Rummoli", "cosmo": "Cosmo"}
SUMMARIES = {
    "tripoli": "Catalogue 5: pay cards, one round of poker, then Michigan, on a layout of nine spaces",
    "rummoli": "Tripoli with the pay cards collected as they are played in stage 3 (catalogue 5.8)",
    "cosmo": "Only the Michigan stage, leads alternating black and red, the board changed every deal (5.8)",
}


FAMILY = "tripoli"  # the package whose games this module shows (Reversis' is not in the app yet)
GAMES = tuple(g for g, p in OWN_PACKAGE.items() if p == FAMILY)


def game_id(game: object) -> str | None:
    """The id of a game of the Tripoli package (``"Tripoli "`` -> ``tripoli``), or None."""
    if not isinstance(game, str):
        return None
    key = game.strip().lower()
    return key if key in GAMES else None


def is_own(game: object) -> bool:
    """True for Tripoli, Rummoli and Cosmo: games the trick-taking core does not play."""
    return game_id(game) is not None


def package(game: object) -> ModuleType:
    """The engine package that plays ``game``. :raises UnknownGame: not such a game."""
    found = own_package(game_id(game))
    if found is None:
        raise UnknownGame(f"{game!r} is not a game with a package of its own")
    return found


def _no_ruleset(options: Mapping[str, Any]) -> Ruleset:
    raise UnknownGame("Tripoli, Rummoli and Cosmo have no trick-taking ruleset: engine.tripoli plays them")


@lru_cache(maxsize=None)
def game_def(game: str) -> GameDef:
    """The game as a ``GameDef`` for pickers and lists (never registered: ``make_ruleset`` does not know it)."""
    key = game_id(game)
    if key is None:
        raise UnknownGame(f"{game!r} is not a game with a package of its own")
    pkg = package(key)
    low, high = pkg.rules.MIN_PLAYERS, pkg.rules.MAX_PLAYERS
    return GameDef(
        id=key, name=NAMES[key], options={s.name: s for s in pkg.OPTION_SPECS}, build=_no_ruleset,
        summary=f"{SUMMARIES[key]}; {low} to {high} players",
    )


def game_defs() -> tuple[GameDef, ...]:
    """Every game of the Tripoli package, in the order the engine lists them."""
    return tuple(game_def(g) for g in GAMES)


def player_counts(game: str) -> tuple[int, ...]:
    """The numbers of players the game seats (catalogue 5.1, as the package says)."""
    rules = package(game).rules
    return tuple(range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1))


def defaults(game: str) -> dict[str, Any]:
    """Every option of the game with the game's own value (Rummoli's and Cosmo's presets applied)."""
    options: dict[str, Any] = package(game).make_rules(game_id(game)).options()
    return options


def methods(game: str) -> Mapping[str, Any]:
    """The game's settlements by id (``tripoli-layout``, ``tripoli-final-poker``): each with ``option_specs``."""
    found: Mapping[str, Any] = package(game).TRIPOLI_METHODS
    return found


DEFAULT_SETTLEMENT = "tripoli-layout"
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def rules_of(config: Mapping[str, Any]) -> TripoliRules:
    """A table's rules (game and options of a session record): the package's value, presets applied."""
    game = config.get("game")
    rules: TripoliRules = package(game).make_rules(game_id(game), config.get("options") or {})
    return rules


def space_labels(rules: TripoliRules) -> dict[str, str]:
    """How the layout's spaces are written for this table: ``A\u2665`` ... ``8-9-10``, ``Kitty``, ``Pot``.

    Under another paying suit (a bid, Cosmo's board) the card spaces are that suit's, so they
    are written without a suit: ``A``, ``K``, ``K+Q``.
    """
    hearts = rules.paying_suit == "hearts"
    heart = SUIT_SYMBOLS["H"] if hearts else ""
    labels = {space.value: ("10" if str(rank) == "T" else str(rank)) + heart for space, rank in PAY_SPACES.items()}
    labels["KQ"] = f"K{heart}Q{heart}" if hearts else "K+Q"
    labels["SEQ"] = "Sequence" if rules.paying_suit == "board" else rules.sequence
    labels["KITTY"] = "Kitty"
    labels["POT"] = "Pot"
    return labels


def shown_spaces(rules: TripoliRules) -> tuple[str, ...]:
    """The spaces of this table's layout, in order: all nine, or eight without POT in Cosmo (AMB-39j)."""
    return tuple(s.value for s in SPACES if rules.has_poker or s is not Space.POT)


def dealer_of(players: list[str] | tuple[str, ...], first_dealer: str, position: int) -> str:
    """Who deals deal ``position`` (1-based) of a session: the deal passes clockwise after every deal."""
    seating = Seating(tuple(players))
    return seating.name(seating.left(seating.seat(first_dealer), position - 1))


# --- settling a session the way the app keeps it --------------------------------------------------

def settle_session_json(record: Mapping[str, Any]) -> dict[str, Any]:
    """The package's ``settle`` output of a session record (waiting hands say ``"counts": false``).

    :raises ScorekeeperError: the engine's refusal (``hand`` is the 1-based position in ``hands``).
    """
    return package(game_id(record.get("game"))).settle_json(record)  # type: ignore[no-any-return]
