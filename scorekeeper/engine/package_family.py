"""``PackageFamily``: the shared part of a family whose package answers for itself (Tripoli, Reversis).

What the app and the sheets show of its games, as plain data (names, summaries, the default
settlement, the seats, whether a stake applies), and the family seam's methods built on a few hooks
the family's own class gives, typed: ``replay_json`` and ``settle_json`` (the outputs of the records
contract), and where it has them ``settled``, ``fold``, ``walk``, ``notation``, ``name_fields``.
Every rule stays in the family's package.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, Protocol

from . import progress
from .errors import RecordSyntaxError, ScorekeeperError, UnknownGame, Said, Text
from .gamedef import GameDef
from .renaming import NameFields, renamed
from .state import advance_json
from .seam import SESSION_KEYS, Fold, StoredSession, WholeFold, plain, unique_ids
from .tally import tally_json
from .vocabulary import COMMON, Vocabulary

if TYPE_CHECKING:
    from .options import OptionSpec
    from .settled import Settled


class Notation(Protocol):
    """A family's text notation: its records written and read (``loads``, ``dumps``, like ``json``), and
    their JSON read and written (``from_json``, ``to_json``: ``notation_kit.Notation``'s)."""

    def loads(self, text: str) -> Any: ...

    def dumps(self, record: Any) -> str: ...

    @property
    def from_json(self) -> Callable[[Any], Any]: ...

    @property
    def to_json(self) -> Callable[[Any], dict[str, Any]]: ...


def _no_ruleset(options: Mapping[str, Any]) -> NoReturn:
    raise UnknownGame(Said("this game has no ruleset of the trick-taking core: its own engine package plays it"))


def own_game_key(game: object) -> str | None:
    """A game id as every family's reader takes it (``"Tripoli "`` -> ``tripoli``), or None."""
    return game.strip().lower() if isinstance(game, str) else None


class PackageFamily(ABC):
    """A family whose package answers for itself; its class (``tripoli.family.TripoliFamily``) names its
    games and gives the hooks."""

    id: ClassVar[str]
    names: ClassVar[Mapping[str, str]]  # each game id and its name, in the order games are listed
    summaries: ClassVar[Mapping[str, str]]  # each game in a line, for pickers and lists
    default_method: ClassVar[str]
    stake: ClassVar[bool]  # a stake turns the chips into money (Reversis' fish); Tripoli is played in chips only
    carried: ClassVar[tuple[str, ...]] = ()  # session fields kept beside the usual ones (the layout, the pools)
    table_stakes: ClassVar[bool] = False  # its sessions take ``table_stakes`` (catalogue 1.5)

    def __init__(self) -> None:
        self._defs: dict[str, GameDef[NoReturn]] = {}  # game_def's, once built

    # --- the hooks: what the family's class gives (the abstract ones at least) ---------------------------------------------------

    @abstractmethod
    def seats(self) -> tuple[int, int]:
        """The fewest and the most players a game of the family seats."""
        raise NotImplementedError

    @abstractmethod
    def option_specs(self) -> Sequence[OptionSpec]:
        """The options of the family's games."""
        raise NotImplementedError

    @abstractmethod
    def defaults(self, game: str, profile: str | None = None) -> dict[str, Any]:
        """Every option of the game with the game's own value."""
        raise NotImplementedError

    @abstractmethod
    def methods(self, game: str) -> Mapping[str, Any]:
        """The package's table of settlements by id (each with ``option_specs``)."""
        raise NotImplementedError

    @abstractmethod
    def replay_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        """The package's replay output of one hand record (the records contract)."""
        raise NotImplementedError

    @abstractmethod
    def settle_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        """The package's ``settle_json`` (written from its ``settled`` by ``settled.settled_json``)."""
        raise NotImplementedError

    def settle(self, value: Mapping[str, Any]) -> Settled:
        """The package's ``settled``. :raises UnknownGame: the package gives only the settle output."""
        raise UnknownGame(Said("the %(id)s package gives only the settle output, not the settled result the "
                               "app's pages and the sheets read", id=str(self.id)))

    def fold(self, config: Mapping[str, Any]) -> Fold:
        """The package's own fold of a session (``TripoliFold``, ``ReversisFold``); without one, a fold
        that settles the whole record each time (``WholeFold``)."""
        return WholeFold(self, config)

    def walk(self) -> progress.Walk:
        """The package's progress (its ``progress.WALK``). :raises RecordSyntaxError: it has none (yet)."""
        names = " and ".join(self.names.values())
        raise RecordSyntaxError(Said("%(names)s cannot be followed action by action yet: replay the whole record",
                                     names=str(names)))

    def notation(self) -> Notation:
        """The package's text notation. :raises RecordSyntaxError: it has none (yet)."""
        names = " and ".join(self.names.values())
        raise RecordSyntaxError(Said("%(names)s has no text notation yet: write the record as JSON",
                                     names=str(names)))

    def from_json(self, value: Mapping[str, Any]) -> Any:
        """The package's record read from its JSON: its notation's reader. :raises RecordSyntaxError: it has no
        notation (yet)."""
        return self.notation().from_json(value)

    def to_json(self, record: Any) -> dict[str, Any]:
        """The package's record as its canonical JSON: its notation's writer."""
        return self.notation().to_json(record)

    @property
    def vocabulary(self) -> Vocabulary:
        """The family's words (its ``words.VOCABULARY``); the words every family shares, for one without."""
        return COMMON

    def name_fields(self) -> NameFields:
        """Where the package's records name players (its ``fields.NAME_FIELDS``)."""
        raise UnknownGame(Said("the %(id)s package does not say where its records name players", id=str(self.id)))

    # --- the family seam, built on the hooks ----------------------------------------------------------

    @property
    def games(self) -> tuple[str, ...]:
        return tuple(self.names)

    def record_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        return self.to_json(self.from_json(value))

    def to_notation(self, value: Mapping[str, Any]) -> str:
        return self.notation().dumps(self.from_json(value))

    def from_notation(self, text: str) -> dict[str, Any]:
        return self.to_json(self.notation().loads(text))

    def progress_json(self, value: Mapping[str, Any]) -> dict[str, Any]:
        walk = self.walk()
        return walk.progress(value).to_json(walk.asks)

    def replay_line(self, value: Mapping[str, Any]) -> str:
        return json.dumps(self.replay_json(value), ensure_ascii=False)

    def replay_words(self, value: Mapping[str, Any]) -> tuple[dict[str, Any], Text]:
        obj = self.replay_json(value)
        return obj, moves_text(obj)

    def advance_json(self, value: Mapping[str, Any], action: object) -> dict[str, Any]:
        return advance_json(self.walk(), value, action)

    def dealing_json(self, value: Mapping[str, Any], given: object) -> dict[str, Any]:
        return progress.deal_json(self.walk(), value, given)

    def steps_json(self, value: Mapping[str, Any],
                   error_json: Callable[[ScorekeeperError], dict[str, Any]] | None = None) -> dict[str, Any]:
        return progress.steps(self.walk(), value).to_json(error_json)

    def cut_json(self, value: Mapping[str, Any], count: int) -> dict[str, Any]:
        return self.walk().cut(value, count)

    def changed_json(self, value: Mapping[str, Any], index: int, new: object) -> dict[str, Any]:
        return progress.changed(self.walk(), value, index, new)

    def repaired_json(self, value: Mapping[str, Any], index: int, new: object) -> dict[str, Any] | None:
        return progress.repaired_json(self.walk(), value, index, new)

    def tally(self, value: Mapping[str, Any]) -> dict[str, Any]:
        """The tally of the package's settle output (its games name no penalty card a player takes)."""
        settled = self.settle_json(value)
        return tally_json(settled, str(own_game_key(value.get("game"))), list(settled.get("totals") or {}))

    def renamed(self, value: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
        """``name_fields`` say where the package's records name players."""
        return dict(renamed(value, old, new, self.name_fields()))

    def read_session(self, value: Mapping[str, Any]) -> StoredSession:
        record = plain(value, "a session")
        record["game"] = own_game_key(record.get("game"))
        hands = record.get("hands") or []
        if not isinstance(hands, list):
            raise RecordSyntaxError(Said("hands must be a list of hand records"))
        hands = [plain(h) for h in hands]
        unique_ids(hands)
        self.settle_json({**record, "hands": hands})  # every hand legal, options known, settlement fits
        config = {k: record[k] for k in (*SESSION_KEYS, *self.carried) if k in record}
        return StoredSession(record["game"], config, hands)

    def game_def(self, game: str) -> GameDef[NoReturn]:
        """The game as a ``GameDef`` for pickers and lists (it builds no ruleset of the core)."""
        key = own_game_key(game)
        if key is None or key not in self.names:
            raise UnknownGame(Said("%(game)s is not a game of %(family)s", game=repr(game), family=self.id))
        if key in self._defs:
            return self._defs[key]
        low, high = self.seats()
        seats = f"{low} players" if low == high else f"{low} to {high} players"
        found = self._defs[key] = GameDef(
            id=key, name=self.names[key], options={s.name: s for s in self.option_specs()}, build=_no_ruleset,
            summary=f"{self.summaries[key]}; {seats}")
        return found

    def game_defs(self) -> tuple[GameDef[NoReturn], ...]:
        return tuple(self.game_def(g) for g in self.names)

    def player_counts(self, game: str) -> tuple[int, ...]:
        low, high = self.seats()
        return tuple(range(low, high + 1))

    def default_settlement(self, game: str, profile: str | None = None) -> str:
        return self.default_method

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


def moves_text(obj: Mapping[str, Any]) -> Text:
    """A hand of a game with a package of its own (Tripoli's chips, Reversis' fish) as ``replay --text`` prints
    it: every payment in the order it was made, then each player's net; its words as data (``Text``), the payments'
    lines and their reasons' codes the same in every language."""
    moves = obj.get("transfers") if isinstance(obj.get("transfers"), list) else obj.get("payments")
    net = obj["payments"] if isinstance(obj.get("payments"), dict) else obj.get("net", {})
    lines: list[Any] = [Said("%(game)s, hand %(number)s, dealer %(dealer)s", game=obj["game"], number=obj["hand"],
                             dealer=obj["dealer"]), Said("payments in order:")]
    for m in moves if isinstance(moves, list) else []:
        amount, why = m.get("chips", m.get("fish")), m.get("step", m.get("why"))
        lines.append(f"  {m['from']} -> {m['to']}: {amount}" + (f" ({why})" if why else ""))
    lines.append([Said("net:"), " " + ", ".join(f"{name} {value:+d}" for name, value in net.items())])
    return Text(lines)
