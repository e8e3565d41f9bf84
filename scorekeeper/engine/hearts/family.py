"""The trick-taking core as a family of the registry (``engine.family``): ``HeartsFamily``.

Every game of ``games.GAMES``, and every game id no other family claims (its readers word the
refusal of an unknown game). Each method hands the record to the core's own modules, imported
when first asked for: a replay never pays for the notation, the steps or the words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from ..gamedef import profile_options
from ..seam import SESSION_KEYS, StoredSession, unique_ids

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..errors import ScorekeeperError, Text
    from ..gamedef import GameDef
    from ..seam import Fold
    from ..settled import Settled
    from ..vocabulary import Vocabulary
    from .ruleset import Ruleset


class HeartsFamily:
    """The trick-taking core: every game of ``games.GAMES``."""

    id = "hearts"

    @property
    def games(self) -> tuple[str, ...]:
        from .games import GAMES

        return tuple(GAMES)

    @property
    def vocabulary(self) -> Vocabulary:
        from .vocabulary import VOCABULARY

        return VOCABULARY

    def replay_line(self, value: Mapping[str, Any]) -> str:
        """Written straight to text (``output.outcome_line``): the bytes of ``json.dumps`` of the output."""
        return _line_replayer()(value)

    def replay_words(self, value: Mapping[str, Any]) -> tuple[dict[str, Any], Text]:
        from .output import outcome_json, trick_table
        from .records import from_json
        from .replay import replay

        outcome = replay(from_json(value))
        obj = outcome_json(outcome)
        return obj, trick_table(outcome, obj)

    def replay_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        from .output import outcome_json
        from .records import from_json
        from .replay import replay

        return outcome_json(replay(from_json(value)))

    def settle(self, value: Mapping[str, Any]) -> Settled:
        from .settlement import core_settled

        return core_settled(value)

    def settle_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        from .settlement import core_settle_json

        return core_settle_json(value)

    def record_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        from .records import from_json, to_json

        return to_json(from_json(value))

    def to_notation(self, value: Mapping[str, Any]) -> str:
        from .notation import dumps
        from .records import from_json

        return dumps(from_json(value))

    def from_notation(self, text: str) -> dict[str, Any]:
        from .notation import loads
        from .records import to_json

        return to_json(loads(text))

    def tally(self, value: Mapping[str, Any]) -> dict[str, Any]:
        """The tally of the settle output, with who took the game's main penalty card in each hand (the
        replay's hauls: a hand played card by card names no taker in its record)."""
        from ..cards import Suit
        from .settlement import result_json, session_from_json, settle
        from ..tally import main_penalty_card, tally_json

        result = settle(session_from_json(value))
        ruleset = result.session.ruleset
        own = ruleset.variant.tallied_cards(ruleset)  # Gong Zhu: the pig and the sheep
        card = main_penalty_card(ruleset.values, Suit.HEARTS) if own is None else own[0]
        bonus = None if own is None else own[1]

        def takers_of(code: str | None) -> list[str | None]:
            return [next((p for p, haul in zip(outcome.players, outcome.hauls)
                          if code is not None and any(c.code == code for c in haul.specials)), None)
                    for outcome in result.outcomes]

        return tally_json(result_json(result), result.session.game, result.players, penalty_card=card,
                          penalty_takers=takers_of(card), bonus_card=bonus,
                          bonus_takers=takers_of(bonus) if bonus else ())

    def progress_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        from .progress import WALK

        return WALK.progress(value).to_json(WALK.asks)

    def advance_json(self, value: Mapping[str, Any], action: object) -> dict[str, Any]:
        from .progress import WALK
        from ..state import advance_json

        return advance_json(WALK, value, action)

    def dealing_json(self, value: Mapping[str, Any], given: object) -> dict[str, Any]:
        from .progress import WALK
        from ..progress import deal_json

        return deal_json(WALK, value, given)

    def steps_json(self, value: Mapping[str, Any],
                   error_json: Callable[[ScorekeeperError], dict[str, Any]] | None = None) -> dict[str, Any]:
        from .progress import WALK
        from ..progress import steps

        return steps(WALK, value).to_json(error_json)

    def cut_json(self, value: Mapping[str, Any], count: int) -> dict[str, Any]:
        from .progress import WALK

        return WALK.cut(value, count)

    def changed_json(self, value: Mapping[str, Any], index: int, new: object) -> dict[str, Any]:
        from .progress import WALK
        from ..progress import changed

        return changed(WALK, value, index, new)

    def repaired_json(self, value: Mapping[str, Any], index: int, new: object) -> dict[str, Any] | None:
        from .progress import WALK
        from ..progress import repaired_json

        return repaired_json(WALK, value, index, new)

    def renamed(self, value: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
        from .records import NAME_FIELDS
        from ..renaming import renamed

        return dict(renamed(value, old, new, NAME_FIELDS))

    def read_session(self, value: Mapping[str, Any]) -> StoredSession:
        from .settlement import session_from_json, session_to_json, settle

        session = session_from_json(value)  # shapes, game, players
        canonical = session_to_json(session)
        unique_ids(canonical["hands"])
        settle(session)  # every hand legal, options known, settlement fits
        config = {k: canonical[k] for k in SESSION_KEYS if k in canonical}
        return StoredSession(session.game, config, canonical["hands"])

    def fold(self, config: Mapping[str, Any]) -> Fold:
        from .settlement import SessionFold, session_from_json

        return SessionFold(session_from_json({**config, "hands": []}))

    def game_def(self, game: str) -> GameDef[Ruleset]:
        from .games import find_game

        return find_game(game)

    def game_defs(self) -> tuple[GameDef[Ruleset], ...]:
        from .games import GAMES, make_ruleset
        from .settlement import METHODS

        return tuple(g for g in GAMES.values() if all(
            make_ruleset(g.id, options).settlement in METHODS for options in profile_options(g)))

    def player_counts(self, game: str) -> tuple[int, ...]:
        from .games import make_ruleset
        from .settlement import METHODS

        counts: set[int] = set()
        for options in profile_options(self.game_def(game)):
            ruleset = make_ruleset(game, options)
            low, high = ruleset.min_players, ruleset.max_players
            method = METHODS.get(ruleset.settlement)
            if method is not None and method.players:
                low, high = max(low, method.players[0]), min(high, method.players[1])
            counts.update(range(low, high + 1))
        return tuple(sorted(counts))

    def defaults(self, game: str, profile: str | None = None) -> dict[str, Any]:
        return self.game_def(game).resolve({"profile": profile} if profile else {})

    def default_settlement(self, game: str, profile: str | None = None) -> str:
        from .games import make_ruleset

        return make_ruleset(game, {"profile": profile} if profile else {}).settlement

    def methods(self, game: str) -> Mapping[str, Any]:
        """The settlements that can settle the game (of some version, for some number of players it
        seats): its own first, then the others in the registry's order."""
        from .games import make_ruleset
        from .settlement import METHODS
        from .settlement.methods import fits

        rulesets = [make_ruleset(game, options) for options in profile_options(self.game_def(game))]
        counts = set(self.player_counts(game))
        own = rulesets[0].settlement
        fitting = {key: method for key, method in METHODS.items()
                   if any(fits(method, ruleset) for ruleset in rulesets)
                   and (method.players is None or counts & set(range(method.players[0], method.players[1] + 1)))}
        return {key: fitting[key] for key in sorted(fitting, key=lambda key: key != own)}

    def takes_stake(self, game: str) -> bool:
        return True

    def takes_table_stakes(self, game: str, settlement: str) -> bool:
        from .settlement import METHODS

        return settlement in METHODS and METHODS[settlement].chips

    def warning(self, game: str, options: Mapping[str, Any]) -> str | None:
        from .games import make_ruleset

        return make_ruleset(game, options).warning

    def plain_note(self, game: str, options: Mapping[str, Any], note: str) -> str:
        from . import words
        from .games import make_ruleset

        return words.plain_note(note, make_ruleset(game, options))

    def check_table(self, game: str, options: Mapping[str, Any], players: int) -> None:
        from ..errors import ScorekeeperError, said_of
        from .games import make_ruleset

        ruleset = make_ruleset(game, dict(options))
        try:
            ruleset.layout(players)  # "Black Lady is for 3 to 7 players, not 2"
        except ValueError as exc:
            raise ScorekeeperError(said_of(exc), code="players") from None


@cache
def _line_replayer() -> Callable[[Mapping[str, Any]], str]:
    """``replay_line``'s work, its modules imported once (an archive asks it for every line: an import statement
    run each time cost more than a tenth of what the replay of a hand does beside its JSON)."""
    from .output import outcome_line
    from .records import from_json
    from .replay import replay

    def line(value: Mapping[str, Any]) -> str:
        return outcome_line(replay(from_json(value)))

    return line
