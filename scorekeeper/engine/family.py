"""The game families: one interface and one registry, found by game id.

A family is a folder of the engine that reads, replays and settles its own records: the Hearts
core (``games/``, ``replay``, ``settlement/``: every trick-taking game of the family), Tripoli
(``tripoli/``: Tripoli, Rummoli, Cosmo) and Reversis (``reversis/``). The command line, the
settlement entry point, the app's services and pages and the printed sheets ask the registry
which family plays a game (``family_of``) and hand the record to it, or read what it says of
its games: no caller tries one family and falls back on another (docs/architecture.md).

The core answers for every game id it does not leave to another family, unknown ones included,
so that its readers word the refusal. A family's package is imported when one of its games is
first asked for: a Hearts replay never pays for Tripoli.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .games import GameDef
    from .progress import Walk
    from .ruleset import Ruleset
    from .settled import Settled
    from .vocabulary import Vocabulary


class Fold(Protocol):
    """A session settled hand by hand: what the app keeps per table so a new hand costs one hand of work.

    Every fold gives the one result of every family, ``settled.Settled``, and the settle output
    written from it (``settled.settled_json``)."""

    def copy(self) -> Fold:
        """A fold that goes on from here while this one stays as it is."""
        ...

    def add(self, raw: Mapping[str, Any]) -> None:
        """The next hand (a hand object of the session record). :raises ScorekeeperError: it is refused."""
        ...

    def settled(self) -> Settled:
        """The hands added so far, settled. :raises ScorekeeperError: the session is refused."""
        ...

    def result_json(self) -> dict[str, Any]:
        """``settled`` as the settle output. :raises ScorekeeperError: the session is refused."""
        ...


@dataclass(frozen=True)
class StoredSession:
    """A session record as the app stores it, once its family has read and settled all of it."""

    game: str  # the game's id, however the record wrote it
    config: dict[str, Any]  # the session's fields but its hands
    hands: list[dict[str, Any]]


class Family(Protocol):
    """What every family gives the command line, the settlements, the app and the sheets.

    Everything here is plain data or engine values: the app builds its forms and pages from it,
    the sheets their columns, and neither asks which family it is talking to.
    """

    @property
    def id(self) -> str: ...

    @property
    def games(self) -> tuple[str, ...]: ...

    @property
    def vocabulary(self) -> Vocabulary:
        """The family's words (``engine.vocabulary``): its actions, refusals, state, places and payments."""
        ...

    def replay_line(self, value: Mapping[str, Any]) -> str:
        """``replay_json`` as one line of JSON (an archive's output line). :raises ScorekeeperError: refused."""
        ...

    def replay_words(self, value: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
        """``replay_json`` and the hand as a person audits it (``replay --text``: the core's trick table, a
        package's payments in order), from one replay. :raises ScorekeeperError: refused."""
        ...

    def replay_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        """The replay output of one decoded hand record. :raises ScorekeeperError: it is refused."""
        ...

    def settle(self, value: Mapping[str, Any]) -> Settled:
        """One decoded session record settled: the one result every family gives (``settled.Settled``),
        which the app, the sheets and the command read. :raises ScorekeeperError: it is refused."""
        ...

    def settle_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        """The settle output of one decoded session record (``settle`` written by ``settled.settled_json``).

        :raises ScorekeeperError: it is refused."""
        ...

    def record_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        """The canonical JSON object of one decoded hand record (its shapes read, not its rules).

        :raises ScorekeeperError: it is refused (``syntax``, ``unknown-game``)."""
        ...

    def to_notation(self, value: Mapping[str, Any]) -> str:
        """The text notation of one decoded hand record (docs/command.md), commented from its replay.

        :raises ScorekeeperError: the record is refused, or the family has no notation."""
        ...

    def from_notation(self, text: str) -> dict[str, Any]:
        """The canonical JSON object of a hand record written in the family's text notation.

        :raises RecordSyntaxError: with the line and column of the mistake."""
        ...

    def tally(self, value: Mapping[str, Any]) -> dict[str, Any]:
        """What the table adds to a club's statistics (``engine.tally``), from its settle output.

        :raises ScorekeeperError: the session is refused."""
        ...

    def progress_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        """What comes next in a partial hand record: whose turn, the kind of action, the choices the engine
        would accept, what is paid so far, the outcome once complete (``engine.progress``, docs/command.md).

        :raises ScorekeeperError: the replay's refusal of the record's first illegal action."""
        ...

    def advance_json(self, value: Mapping[str, Any], action: object) -> dict[str, Any]:
        """A partial hand record one action longer (``{"kind", "player", "value"}``, as ``next`` names it) and
        what comes after: ``progress_json`` of the longer record, with the record itself under ``record``.

        :raises ScorekeeperError: the action is not the next one, or the replay refuses it."""
        ...

    def steps_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        """A hand record action by action, each with the table after it, up to the first illegal action
        (``engine.progress.steps``). :raises ScorekeeperError: refused before its first action."""
        ...

    def dealing_json(self, value: Mapping[str, Any], given: object) -> dict[str, Any]:
        """The deal of a hand record without it, as the table gives it (``engine.progress.deal_json``): the
        next question, each an ``ask`` of the card page, or the record with its deal and its progress.

        :raises ScorekeeperError: the family takes no deal here, an answer does not fit, the replay refuses it."""
        ...

    def cut_json(self, value: Mapping[str, Any], count: int) -> dict[str, Any]:
        """The hand record holding only its first ``count`` actions (as ``steps_json`` counts them): an
        audit asks ``progress_json`` of it for the choices there were. :raises ScorekeeperError: unreadable."""
        ...

    def changed_json(self, value: Mapping[str, Any], index: int, new: object) -> dict[str, Any]:
        """The hand record with its action ``index`` given the value ``new``, the later actions kept as
        recorded (``engine.progress.changed``): an audit's what-if. :raises ScorekeeperError: refused."""
        ...

    def repaired_json(self, value: Mapping[str, Any], index: int, new: object) -> dict[str, Any] | None:
        """``changed_json`` made to fit where its later actions no longer do (``engine.progress.repaired``):
        ``{"record": ..., "repaired": [indexes of the later actions changed]}``, or None where nothing
        repairs it so. :raises ScorekeeperError: refused."""

    def renamed(self, value: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
        """A hand record, or a session without its hands, with the player ``old`` called ``new`` wherever
        the family's records hold a player's name, and nowhere else (``engine.renaming``)."""
        ...

    def read_session(self, value: Mapping[str, Any]) -> StoredSession:
        """A session record checked whole (every hand legal, the settlement fitting), as it is stored.

        :raises ScorekeeperError: the engine's refusal."""
        ...

    def fold(self, config: Mapping[str, Any]) -> Fold:
        """An empty fold of a stored session (its fields but its hands). :raises ScorekeeperError: refused."""
        ...

    def game_def(self, game: str) -> GameDef:
        """A game of the family by id: its name, summary, options, profiles. :raises UnknownGame: not one."""
        ...

    def game_defs(self) -> tuple[GameDef, ...]:
        """The family's games that can be played and printed, in the order they are listed."""
        ...

    def player_counts(self, game: str) -> tuple[int, ...]:
        """Every number of players a session of the game may start with (over all its profiles)."""
        ...

    def defaults(self, game: str, profile: str | None = None) -> dict[str, Any]:
        """Every option of the game (and profile) with the value it takes unless the table says otherwise."""
        ...

    def default_settlement(self, game: str, profile: str | None = None) -> str:
        """The settlement a table of the game (and profile) uses unless it says otherwise."""
        ...

    def methods(self, game: str) -> Mapping[str, Any]:
        """The settlements a table of the game may choose, by id (each with ``option_specs``, ``label`` and
        ``summary``): only those that can settle it, the game's own first."""
        ...

    def takes_stake(self, game: str) -> bool:
        """Whether a stake (money per point or chip) applies to the game's settlements."""
        ...

    def takes_table_stakes(self, game: str, settlement: str) -> bool:
        """Whether a table of the game settled so may set ``table_stakes`` (catalogue 1.5: chips, not points)."""
        ...

    def warning(self, game: str, options: Mapping[str, Any]) -> str | None:
        """What a table should know before it plays the game so (a source that leaves rules out), or None."""
        ...

    def plain_note(self, game: str, options: Mapping[str, Any], note: str) -> str:
        """A note of the settle output as a player reads it (the output names some rules by their ids)."""
        ...

    def check_table(self, game: str, options: Mapping[str, Any], players: int) -> None:
        """Whether the game seats ``players`` with ``options``, before anything is stored.

        :raises ScorekeeperError: the engine's sentence (``players``, ``unknown-option``)."""
        ...


def _unique_ids(hands: Sequence[Mapping[str, Any]]) -> None:
    """:raises RecordSyntaxError: two hands of one session carry the same client id."""
    from .errors import RecordSyntaxError
    from .fields import read_id

    ids = [read_id(h.get("id")) for h in hands]
    repeated = next((i for i in ids if i is not None and ids.count(i) > 1), None)
    if repeated is not None:
        raise RecordSyntaxError(f"two hands have the same id {repeated!r}: each hand's id must be different")


def plain(value: object, noun: str = "a hand") -> dict[str, Any]:
    """A JSON-clean copy of a decoded object (what is stored is exactly what JSON can say).

    :raises RecordSyntaxError: it is not an object, or holds what JSON cannot say."""
    from .errors import RecordSyntaxError

    if not isinstance(value, Mapping):
        raise RecordSyntaxError(f"{noun} must be a JSON object")
    try:
        return dict(json.loads(json.dumps(value)))
    except (TypeError, ValueError):
        raise RecordSyntaxError(f"{noun} must be a JSON object") from None


SESSION_KEYS = ("game", "options", "players", "first_dealer", "settlement", "settlement_options", "stake",
                "table_stakes")


class HeartsFamily:
    """The trick-taking core: every game of ``games.GAMES``."""

    id = "hearts"

    @property
    def games(self) -> tuple[str, ...]:
        from .games import GAMES

        return tuple(GAMES)

    @property
    def vocabulary(self) -> Vocabulary:
        from .hearts_words import VOCABULARY

        return VOCABULARY

    def replay_line(self, value: Mapping[str, Any]) -> str:
        """Written straight to text (``output.outcome_line``): the bytes of ``json.dumps`` of the output."""
        from .output import outcome_line
        from .records import from_json
        from .replay import replay

        return outcome_line(replay(from_json(value)))

    def replay_words(self, value: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
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
        from .cards import Suit
        from .settlement import result_json, session_from_json, settle
        from .tally import main_penalty_card, tally_json

        result = settle(session_from_json(value))
        card = main_penalty_card(result.session.ruleset.values, Suit.HEARTS)
        takers: list[str | None] = []
        for outcome in result.outcomes:
            takers.append(next((p for p, haul in zip(outcome.players, outcome.hauls)
                                if card is not None and any(str(c) == card for c in haul.specials)), None))
        return tally_json(result_json(result), result.session.game, result.players, penalty_card=card,
                          penalty_takers=takers)

    def progress_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        from .core_progress import WALK

        return WALK.progress(value).to_json(WALK.asks)

    def advance_json(self, value: Mapping[str, Any], action: object) -> dict[str, Any]:
        from .core_progress import WALK
        from .progress import advance_json

        return advance_json(WALK, value, action)

    def dealing_json(self, value: Mapping[str, Any], given: object) -> dict[str, Any]:
        from .core_progress import WALK
        from .progress import deal_json

        return deal_json(WALK, value, given)

    def steps_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        from .core_progress import WALK
        from .progress import steps

        return steps(WALK, value).to_json()

    def cut_json(self, value: Mapping[str, Any], count: int) -> dict[str, Any]:
        from .core_progress import WALK

        return WALK.cut(value, count)

    def changed_json(self, value: Mapping[str, Any], index: int, new: object) -> dict[str, Any]:
        from .core_progress import WALK
        from .progress import changed

        return changed(WALK, value, index, new)

    def repaired_json(self, value: Mapping[str, Any], index: int, new: object) -> dict[str, Any] | None:
        from .core_progress import WALK
        from .progress import repaired_json

        return repaired_json(WALK, value, index, new)

    def renamed(self, value: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
        from .records import NAME_FIELDS
        from .renaming import renamed

        return dict(renamed(value, old, new, NAME_FIELDS))

    def read_session(self, value: Mapping[str, Any]) -> StoredSession:
        from .settlement import session_from_json, session_to_json, settle

        session = session_from_json(value)  # shapes, game, players
        canonical = session_to_json(session)
        _unique_ids(canonical["hands"])
        settle(session)  # every hand legal, options known, settlement fits
        config = {k: canonical[k] for k in SESSION_KEYS if k in canonical}
        return StoredSession(session.game, config, canonical["hands"])

    def fold(self, config: Mapping[str, Any]) -> Fold:
        from .settlement import SessionFold, session_from_json

        return SessionFold(session_from_json({**config, "hands": []}))

    def game_def(self, game: str) -> GameDef:
        from .games import find_game

        return find_game(game)

    def game_defs(self) -> tuple[GameDef, ...]:
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
        from .errors import ScorekeeperError
        from .games import make_ruleset

        ruleset = make_ruleset(game, dict(options))
        try:
            ruleset.layout(players)  # "Black Lady is for 3 to 7 players, not 2"
        except ValueError as exc:
            raise ScorekeeperError(str(exc), code="players") from None


def profile_options(game: GameDef) -> list[dict[str, Any]]:
    """The options of each of a game's profiles (one empty set for a game without profiles)."""
    return [{"profile": p} for p in game.profiles] if game.profiles else [{}]


class WholeFold:
    """The fold of a family whose package settles only whole session records: it keeps the hands and
    settles them all when asked (correct, and enough for short sessions; a package's own fold adds
    one hand of work per hand)."""

    def __init__(self, family: PackageFamily, config: Mapping[str, Any]) -> None:
        self.family, self.config = family, dict(config)
        self.hands: list[Mapping[str, Any]] = []

    def copy(self) -> WholeFold:
        twin = WholeFold(self.family, self.config)
        twin.hands = list(self.hands)
        return twin

    def add(self, raw: Mapping[str, Any]) -> None:
        self.hands.append(raw)

    def settled(self) -> Settled:
        return self.family.settle({**self.config, "hands": list(self.hands)})

    def result_json(self) -> dict[str, Any]:
        return self.family.settle_json({**self.config, "hands": list(self.hands)})


@dataclass(frozen=True)
class PackageFamily:
    """A family whose package answers for itself (``replay_json``, ``settle_json``): Tripoli, Reversis.

    With it, what the app and the sheets show of its games, as plain data: names, summaries, the
    default settlement and the package's table of settlements, the seats, whether a stake applies.
    Every rule stays in the package: defaults come from its ``make_rules``, settlements from its
    ``settle_json``.
    """

    id: str
    names: Mapping[str, str]  # each game id and its name, in the order games are listed
    summaries: Mapping[str, str]  # each game in a line, for pickers and lists
    default_method: str
    methods_table: str  # the package's table of settlements by id (each with ``option_specs``)
    seats_of: Callable[[ModuleType], tuple[int, int]]  # the fewest and the most players, from the package's rules
    stake: bool  # a stake turns the chips into money (Reversis' fish); Tripoli is played in chips only
    fold_class: str = "SessionFold"  # the package's fold of a session: start from its table, add, result_json, copy
    carried: tuple[str, ...] = ()  # session fields the package keeps beside the usual ones (the layout, the pools)
    table_stakes: bool = False  # its sessions take ``table_stakes`` (catalogue 1.5)
    _defs: dict[str, GameDef] = field(default_factory=dict, compare=False, repr=False)  # game_def's, once built

    @property
    def games(self) -> tuple[str, ...]:
        return tuple(self.names)

    @property
    def package(self) -> ModuleType:
        """The engine package of the family (``scorekeeper.engine.tripoli``: the folder named by its id),
        imported on first use."""
        return importlib.import_module(f"{__package__}.{self.id}")

    def seats(self) -> tuple[int, int]:
        """The fewest and the most players a game of the family seats."""
        return self.seats_of(self.package.rules)

    def replay_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = self.package.replay_json(value)
        return answer

    def replay_line(self, value: Mapping[str, Any]) -> str:
        return json.dumps(self.replay_json(value), ensure_ascii=False)

    def replay_words(self, value: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
        obj = self.replay_json(value)
        return obj, moves_text(obj)

    @property
    def vocabulary(self) -> Vocabulary:
        """The package's words (its module ``words``: ``VOCABULARY``); the shared words for a package without."""
        from .vocabulary import COMMON

        try:
            module = importlib.import_module(f"{self.package.__name__}.words")
        except ModuleNotFoundError:
            return COMMON
        found: Vocabulary = module.VOCABULARY
        return found

    def settle(self, value: Mapping[str, Any]) -> Settled:
        """The package's ``settled``. :raises UnknownGame: the package gives only the settle output."""
        from .errors import UnknownGame

        settled = getattr(self.package, "settled", None)
        if settled is None:
            raise UnknownGame(f"the {self.id} package gives only the settle output, not the settled result "
                              "the app's pages and the sheets read")
        found: Settled = settled(value)
        return found

    def settle_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        """The package's ``settle_json`` (written from its ``settled`` by ``settled.settled_json``)."""
        answer: dict[str, Any] = self.package.settle_json(value)
        return answer

    def record_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        self.notation()  # a package with a notation reads and writes its records (from_json, to_json)
        answer: dict[str, Any] = self.package.to_json(self.package.from_json(value))
        return answer

    def to_notation(self, value: Mapping[str, Any]) -> str:
        text: str = self.notation().dumps(self.package.from_json(value))
        return text

    def from_notation(self, text: str) -> dict[str, Any]:
        answer: dict[str, Any] = self.package.to_json(self.notation().loads(text))
        return answer

    def progress_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        walk = self.walk()
        return walk.progress(value).to_json(walk.asks)

    def advance_json(self, value: Mapping[str, Any], action: object) -> dict[str, Any]:
        from .progress import advance_json

        return advance_json(self.walk(), value, action)

    def dealing_json(self, value: Mapping[str, Any], given: object) -> dict[str, Any]:
        from .progress import deal_json

        return deal_json(self.walk(), value, given)

    def steps_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        from .progress import steps

        return steps(self.walk(), value).to_json()

    def cut_json(self, value: Mapping[str, Any], count: int) -> dict[str, Any]:
        return self.walk().cut(value, count)

    def changed_json(self, value: Mapping[str, Any], index: int, new: object) -> dict[str, Any]:
        from .progress import changed

        return changed(self.walk(), value, index, new)

    def repaired_json(self, value: Mapping[str, Any], index: int, new: object) -> dict[str, Any] | None:
        from .progress import repaired_json

        return repaired_json(self.walk(), value, index, new)

    def walk(self) -> Walk:
        """The package's progress (its module ``progress``: ``WALK``), imported on first use.

        :raises RecordSyntaxError: the family has none (yet)."""
        from .errors import RecordSyntaxError

        try:
            module = importlib.import_module(f"{self.package.__name__}.progress")
        except ModuleNotFoundError:
            names = " and ".join(self.names.values())
            raise RecordSyntaxError(f"{names} cannot be followed action by action yet: replay the whole record") from None
        walk: Walk = module.WALK
        return walk

    def notation(self) -> ModuleType:
        """The package's text notation (its module ``notation``: ``loads``, ``dumps``), imported on first use.

        :raises RecordSyntaxError: the family has none (yet)."""
        from .errors import RecordSyntaxError

        try:
            return importlib.import_module(f"{self.package.__name__}.notation")
        except ModuleNotFoundError:
            names = " and ".join(self.names.values())
            raise RecordSyntaxError(f"{names} has no text notation yet: write the record as JSON") from None

    def tally(self, value: Mapping[str, Any]) -> dict[str, Any]:
        """The tally of the package's settle output (its games name no penalty card a player takes)."""
        from .tally import tally_json

        settled = self.settle_json(value)
        return tally_json(settled, str(own_game_id(value.get("game"))), list(settled.get("totals") or {}))

    def renamed(self, value: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
        """The package's ``fields.NAME_FIELDS`` say where its records name players."""
        from .renaming import renamed

        fields = importlib.import_module(f"{__package__}.{self.id}.fields")
        return dict(renamed(value, old, new, fields.NAME_FIELDS))

    def read_session(self, value: Mapping[str, Any]) -> StoredSession:
        from .errors import RecordSyntaxError

        record = plain(value, "a session")
        record["game"] = own_game_id(record.get("game"))
        hands = record.get("hands") or []
        if not isinstance(hands, list):
            raise RecordSyntaxError("hands must be a list of hand records")
        hands = [plain(h) for h in hands]
        _unique_ids(hands)
        self.settle_json({**record, "hands": hands})  # every hand legal, options known, settlement fits
        config = {k: record[k] for k in (*SESSION_KEYS, *self.carried) if k in record}
        return StoredSession(record["game"], config, hands)

    def fold(self, config: Mapping[str, Any]) -> Fold:
        """The package's own fold of a session (``fold_class``: ``TripoliFold``, ``ReversisFold``); for a
        package without one, a fold that settles the whole record each time (``WholeFold``)."""
        cls = getattr(self.package, self.fold_class, None)
        made: Fold = WholeFold(self, config) if cls is None else cls(config)
        return made

    def game_def(self, game: str) -> GameDef:
        """The game as a ``GameDef`` for pickers and lists (never registered: ``make_ruleset`` does not know it)."""
        from .errors import UnknownGame
        from .games import GameDef

        key = own_game_id(game)
        if key is None or key not in self.names:
            raise UnknownGame(f"{game!r} is not a game of {self.id}")
        if key in self._defs:
            return self._defs[key]
        low, high = self.seats()
        seats = f"{low} players" if low == high else f"{low} to {high} players"
        found = self._defs[key] = GameDef(
            id=key, name=self.names[key], options={s.name: s for s in self.package.OPTION_SPECS}, build=_no_ruleset,
            summary=f"{self.summaries[key]}; {seats}")
        return found

    def game_defs(self) -> tuple[GameDef, ...]:
        return tuple(self.game_def(g) for g in self.names)

    def player_counts(self, game: str) -> tuple[int, ...]:
        low, high = self.seats()
        return tuple(range(low, high + 1))

    def defaults(self, game: str, profile: str | None = None) -> dict[str, Any]:
        """Every option of the game with the game's own value (Rummoli's and Cosmo's presets applied)."""
        options: dict[str, Any] = self.package.make_rules(own_game_id(game)).options()
        return options

    def default_settlement(self, game: str, profile: str | None = None) -> str:
        return self.default_method

    def methods(self, game: str) -> Mapping[str, Any]:
        found: Mapping[str, Any] = getattr(self.package, self.methods_table)
        return found

    def takes_stake(self, game: str) -> bool:
        return self.stake

    def takes_table_stakes(self, game: str, settlement: str) -> bool:
        return self.table_stakes

    def warning(self, game: str, options: Mapping[str, Any]) -> str | None:
        return None

    def plain_note(self, game: str, options: Mapping[str, Any], note: str) -> str:
        return note

    def check_table(self, game: str, options: Mapping[str, Any], players: int) -> None:
        """Nothing before the table is stored: the package checks it whole when it settles."""


def moves_text(obj: Mapping[str, Any]) -> str:
    """A hand of a game with a package of its own (Tripoli's chips, Reversis' fish) as ``replay --text`` prints
    it: every payment in the order it was made, then each player's net."""
    moves = obj.get("transfers") if isinstance(obj.get("transfers"), list) else obj.get("payments")
    net = obj["payments"] if isinstance(obj.get("payments"), dict) else obj.get("net", {})
    lines = [f"{obj['game']}, hand {obj['hand']}, dealer {obj['dealer']}", "payments in order:"]
    for m in moves if isinstance(moves, list) else []:
        amount, why = m.get("chips", m.get("fish")), m.get("step", m.get("why"))
        lines.append(f"  {m['from']} -> {m['to']}: {amount}" + (f" ({why})" if why else ""))
    lines.append("net: " + ", ".join(f"{name} {value:+d}" for name, value in net.items()))
    return "\n".join(lines) + "\n"


def _no_ruleset(options: Mapping[str, Any]) -> Ruleset:
    from .errors import UnknownGame

    raise UnknownGame("this game has no ruleset of the trick-taking core: its own engine package plays it")


HEARTS = HeartsFamily()
FAMILIES: list[Family] = []  # in the order games are listed
_BY_GAME: dict[str, Family] = {}  # every game of a family other than the core


def register(family: Family, *, rest: bool = False) -> Family:
    """Add a family to the registry: its games are found by id from then on (``rest``: the family that answers
    for every other game id, the core)."""
    FAMILIES.append(family)
    if not rest:
        _BY_GAME.update(dict.fromkeys(family.games, family))
    return family


def unregister(family: Family) -> None:
    """Take a family out of the registry again (a test's toy family)."""
    FAMILIES.remove(family)
    for game in family.games:
        _BY_GAME.pop(game, None)


register(HEARTS, rest=True)
register(PackageFamily(
    "tripoli",
    names={"tripoli": "Tripoli", "rummoli": "Rummoli", "cosmo": "Cosmo"},
    summaries={
        "tripoli": "Pay cards, one round of poker, then runs of cards, on a layout of nine spaces",
        "rummoli": "Tripoli with the pay cards collected as they are played in the runs",
        "cosmo": "Only the runs, leads alternating black and red, the board changed every deal",
    },
    default_method="tripoli-layout", methods_table="TRIPOLI_METHODS",
    seats_of=lambda rules: (rules.MIN_PLAYERS, rules.MAX_PLAYERS), stake=False, fold_class="TripoliFold",
    carried=("layout",), table_stakes=True,
))
register(PackageFamily(
    "reversis",
    names={"reversis": "Reversis"},
    summaries={"reversis": "Take as few tricks and card points as you can; the Quinola and the aces pay, a pool "
                           "grows; 48 cards, played to the right"},
    default_method="reversis-fish", methods_table="REVERSIS_METHODS",
    seats_of=lambda rules: (rules.PLAYERS, rules.PLAYERS), stake=True, fold_class="ReversisFold",
    carried=("pools",), table_stakes=True,
))


def own_game_id(game: object) -> str | None:
    """The id of a game another family than the core plays, however it is written (``"Tripoli "`` ->
    ``tripoli``, as every family's reader takes it), or None."""
    key = game.strip().lower() if isinstance(game, str) else None
    return key if key in _BY_GAME else None


def family_of(game: object) -> Family:
    """The family that plays ``game`` (a record's ``game``): the core for any other value."""
    key = own_game_id(game)
    return HEARTS if key is None else _BY_GAME[key]


def family_of_notation(text: str) -> Family:
    """The family of a record written in the text notation, by its ``[Game "..."]`` tag (the core for
    anything else: its reader words what is wrong)."""
    from .textscan import game_tag

    return family_of(game_tag(text))


def family_of_record(value: object) -> Family:
    """The family of a decoded record or session (the core for anything that is not an object)."""
    return family_of(value.get("game")) if isinstance(value, Mapping) else HEARTS


def own_games() -> tuple[str, ...]:
    """The game ids another family than the core plays, in the registry's order."""
    return tuple(_BY_GAME)


def game_def(game: object) -> GameDef:
    """Any game of any family, by id (or the core's aliases). :raises UnknownGame: no such game."""
    return family_of(game).game_def(game)  # type: ignore[arg-type]  # the core's reader words a non-string


def game_defs() -> tuple[GameDef, ...]:
    """Every game that can be played and printed, family after family in the registry's order."""
    return tuple(g for f in FAMILIES for g in f.game_defs())
