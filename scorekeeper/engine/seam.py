"""The family seam: what every family gives (``Family``), its fold of a session (``Fold``), and the
helpers the families share to give it. The registry (``engine.family``) lists the families; each
family's class lives in its own folder (``hearts/family.py``, ``tripoli/family.py``, ...).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .errors import RecordSyntaxError, Said, ScorekeeperError, Text
from .fields import read_id

if TYPE_CHECKING:
    from .gamedef import GameDef
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

    def replay_words(self, value: Mapping[str, Any]) -> tuple[dict[str, Any], Text]:
        """``replay_json`` and the hand as a person audits it (``replay --text``: the core's trick table, a
        package's payments in order), from one replay, its words as data (``str()``: English). :raises
        ScorekeeperError: refused."""
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

    def steps_json(self, value: Mapping[str, Any],
                   error_json: Callable[[ScorekeeperError], dict[str, Any]] | None = None) -> dict[str, Any]:
        """A hand record action by action, each with the table after it, up to the first illegal action
        (``engine.progress.steps``); ``error_json`` writes a refusal's error object (a words layer's, with its
        ``message`` in the reader's language: ``language.error_object``), else the records contract's English.
        :raises ScorekeeperError: refused before its first action."""
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

    def game_def(self, game: str) -> GameDef[Any]:
        """A game of the family by id: its name, summary, options, profiles. :raises UnknownGame: not one."""
        ...

    def game_defs(self) -> tuple[GameDef[Any], ...]:
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


class Headed(Protocol):
    """A hand record of a family whose record has the contract's head (``head_json``)."""

    @property
    def id(self) -> str | None: ...
    @property
    def game(self) -> str: ...
    @property
    def options(self) -> Mapping[str, Any]: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def dealer(self) -> str: ...
    @property
    def hand(self) -> int | None: ...


def head_json(record: Headed) -> dict[str, Any]:
    """A hand record's canonical head, in the records contract's order: its id (when given), game, options
    (when any), players, dealer and number (when given); each family's ``to_json`` goes on from it."""
    out: dict[str, Any] = {}
    if record.id is not None:
        out["id"] = record.id
    out["game"] = record.game
    if record.options:
        out["options"] = dict(record.options)
    out["players"] = list(record.players)
    out["dealer"] = record.dealer
    if record.hand is not None:
        out["hand"] = record.hand
    return out


def unique_ids(hands: Sequence[Mapping[str, Any]]) -> None:
    """:raises RecordSyntaxError: two hands of one session carry the same client id."""
    ids = [read_id(h.get("id")) for h in hands]
    repeated = next((i for i in ids if i is not None and ids.count(i) > 1), None)
    if repeated is not None:
        raise RecordSyntaxError(Said("two hands have the same id %(id)s: each hand's id must be different",
                                     id=repr(repeated)))


def plain(value: object, noun: str = "a hand") -> dict[str, Any]:
    """A JSON-clean copy of a decoded object (what is stored is exactly what JSON can say).

    :raises RecordSyntaxError: it is not an object, or holds what JSON cannot say."""
    if not isinstance(value, Mapping):
        raise RecordSyntaxError(Said("%(noun)s must be a JSON object", noun=str(noun)))
    try:
        return dict(json.loads(json.dumps(value)))
    except (TypeError, ValueError):
        raise RecordSyntaxError(Said("%(noun)s must be a JSON object", noun=str(noun))) from None


SESSION_KEYS = ("game", "options", "players", "first_dealer", "settlement", "settlement_options", "stake",
                "table_stakes")


class WholeFold:
    """The fold of a family whose package settles only whole session records: it keeps the hands and
    settles them all when asked (correct, and enough for short sessions; a package's own fold adds
    one hand of work per hand)."""

    def __init__(self, family: Family, config: Mapping[str, Any]) -> None:
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
