"""The core's session record (the records contract, docs/command.md): a game, its table, and its hands in order.

Dealer rotation and pass direction follow by themselves (catalogue 1.2, 2.2.2): the
deal moves one seat in the direction of play after every hand, except after a misdeal,
when the same dealer deals again and the pass direction stays where it was. Where players
drop out of the session (Conquimbert, 3.17), a hand is dealt among those still in, and the
deal passes over the others. The readers every family shares are the kernel's ``engine.session``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from ..errors import InconsistentRecord, RecordSyntaxError, ScorekeeperError, shown, Said
from ..fields import read_id
from ..seating import Seating
from ..session import read_hands, read_in_rotation, read_stake, read_table_stakes, split_counts
from .games import make_ruleset
from .records import HandRecord, from_json
from .ruleset import Ruleset

SESSION_FIELDS = (
    "id", "game", "options", "players", "first_dealer", "settlement", "settlement_options", "stake", "table_stakes",
    "hands",
)
# Fields every hand takes from the session (a hand may repeat them only with the same value).
INHERITED = ("game", "options", "players")


@dataclass(frozen=True)
class Session:
    """A session as recorded: the configuration and the raw hand objects, in order."""

    game: str
    players: tuple[str, ...]
    first_dealer: str
    options: Mapping[str, Any] = field(default_factory=dict)
    settlement: str | None = None  # None: the game's default settlement
    settlement_options: Mapping[str, Any] = field(default_factory=dict)
    stake: Decimal | None = None  # money per point or per chip
    table_stakes: int | None = None  # the chips each player brings (1.5; None: balances may go below zero)
    hands: tuple[Mapping[str, Any], ...] = ()
    id: str | None = None

    @property
    def ruleset(self) -> Ruleset:
        return make_ruleset(self.game, self.options)

    @property
    def settlement_id(self) -> str:
        return self.settlement or self.ruleset.settlement


def session_from_json(value: Any) -> Session:
    """A session from its decoded JSON object.

    :raises RecordSyntaxError: a missing or badly shaped field.
    """
    if not isinstance(value, Mapping):
        raise RecordSyntaxError(Said("a session record must be a JSON object"))
    unknown = [k for k in value if k not in SESSION_FIELDS]
    if unknown:
        raise RecordSyntaxError(Said("unknown field %(shown)s in the session record", shown=str(shown(unknown[0]))))
    # The hand-record reader checks game, players and dealer shapes the same way for both.
    probe = from_json({"game": value.get("game"), "players": value.get("players"),
                       "dealer": value.get("first_dealer"), "options": value.get("options") or {}})
    settlement = value.get("settlement")
    if settlement is not None and not isinstance(settlement, str):
        raise RecordSyntaxError(Said("settlement must be a settlement id such as \"howell\""))
    settlement_options = value.get("settlement_options")
    settlement_options = {} if settlement_options is None else settlement_options  # [] or "" are refused
    if not isinstance(settlement_options, Mapping):
        raise RecordSyntaxError(Said("settlement_options must be an object"))
    hands = read_hands(value.get("hands"), Said("hand or result records"))
    record_id = read_id(value.get("id"))
    return Session(
        game=probe.game,
        players=probe.players,
        first_dealer=probe.dealer,
        options=probe.options,
        settlement=settlement,
        settlement_options=dict(settlement_options),
        stake=read_stake(value.get("stake")),
        table_stakes=read_table_stakes(value.get("table_stakes")),
        hands=tuple(dict(h) for h in hands),
        id=record_id,
    )


def session_to_json(session: Session) -> dict[str, Any]:
    """The session record, which ``session_from_json`` reads back unchanged."""
    out: dict[str, Any] = {}
    if session.id is not None:
        out["id"] = session.id
    out["game"] = session.game
    out["options"] = dict(session.options)
    out["players"] = list(session.players)
    out["first_dealer"] = session.first_dealer
    if session.settlement is not None:
        out["settlement"] = session.settlement
    out["settlement_options"] = dict(session.settlement_options)
    if session.stake is not None:
        out["stake"] = str(session.stake)
    if session.table_stakes is not None:
        out["table_stakes"] = session.table_stakes
    out["hands"] = [dict(h) for h in session.hands]
    return out


@dataclass(frozen=True, slots=True)
class SessionHand:
    """One hand of the session, with where it stands: its position, deal number and dealer."""

    position: int  # 1-based place in the session's list of hands
    deal: int  # 1-based deal number: misdeals do not count, so passes keep their rotation
    dealer: int
    record: HandRecord
    counts: bool = True  # False: dealt and in the rotation, but not scored yet (``"counts": false``)


def _check_seated(raw: Mapping[str, Any], players: Sequence[str], everybody: Sequence[str], deal: int) -> None:
    """A hand of a session that players have left (Conquimbert, 3.17) seats only the players still in.

    :raises InconsistentRecord: the hand names a player who is out (code ``players``).
    """
    out = [name for name in everybody if name not in players]
    named: list[Any] = []
    for key in ("players", "dealer", "leader"):
        value = raw.get(key)
        named += value if isinstance(value, list) else [value]
    for key in ("deal", "passes", "taken"):
        value = raw.get(key)
        named += list(value) if isinstance(value, Mapping) else []
    for item in raw.get("play") or ():
        named += [item[0]] if isinstance(item, list) and item else []
    for event in raw.get("events") or ():
        named += [event.get(k) for k in ("player", "partner")] if isinstance(event, Mapping) else []
    gone = next((name for name in out if name in named), None)
    if gone is not None:
        still = ", ".join(players[:-1]) + " and " + players[-1]
        raise InconsistentRecord(
            Said("%(gone)s is out of the game (no lives left), so deal %(deal)s is played by %(still)s only, but "
                 "the hand names %(gone)s", gone=str(gone), deal=str(deal), still=str(still)), code="players", player=gone,
        )
    if "players" in raw and list(raw["players"]) != list(players):
        raise InconsistentRecord(
            Said("deal %(deal)s is played by the players still in the game, %(value)s, in that order, not "
                 "%(value2)s",
                 deal=str(deal), value=str(', '.join(players)), value2=str(', '.join(map(str, raw['players'])))), code="players",
        )


def session_hands(session: Session, seated: Callable[[], Sequence[str]] | None = None) -> Iterator[SessionHand]:
    """Each hand as a full record, its dealer and deal number filled in by the rotation.

    ``seated`` says, as each hand comes, who is still in the session (by default everybody): the
    settlement, which has settled the hands before it (a generator: each hand is made when asked for).

    :raises ScorekeeperError: a hand that cannot be read, seats a player who is out, or whose dealer
        breaks the rotation (the error's ``hand`` is the 1-based position).
    """
    rotation = Rotation(session)
    for raw in session.hands:
        yield rotation.next(raw, None if seated is None else tuple(seated()))


class Rotation:
    """The deal's rotation through a session, one hand at a time (``session_hands`` is its loop).

    A value that moves: ``next`` reads a hand and moves the deal on; ``copy`` keeps where it
    stands, so a fold over a session can go on from a stored state (``settlement.SessionFold``).
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        self.seating = Seating(session.players, session.ruleset.clockwise)
        self.dealer = self.seating.seat(session.first_dealer)
        self.deal = 1
        self.position = 0
        self.given: dict[str, Any] = {"game": session.game, "options": dict(session.options),
                                      "players": list(session.players)}

    def copy(self) -> Rotation:
        twin = copy.copy(self)
        twin.given = {**self.given, "players": list(self.given["players"])}
        return twin

    def next(self, raw: Mapping[str, Any], players: Sequence[str] | None = None) -> SessionHand:
        """The next hand of the session, read with its dealer and deal number; ``players``: who is
        still in (None: everybody).

        :raises ScorekeeperError: as ``session_hands`` (the error's ``hand`` is this hand's position).
        """
        session, seating, given = self.session, self.seating, self.given
        self.position += 1
        deal, dealer = self.deal, self.dealer
        try:
            raw, counts = split_counts(raw)
            seated = session.players if players is None else tuple(players)
            if seated != session.players:
                _check_seated(raw, seated, session.players, deal)
                given["players"] = list(seated)
                while seating.name(dealer) not in seated:  # the deal passes over the players who are out
                    dealer = seating.next(dealer)
            record = read_in_rotation(raw, given, from_json, seating.name(dealer), deal)
        except ScorekeeperError as exc:
            exc.hand = self.position
            raise
        self.dealer = dealer
        if not record.events or not any(e["type"] == "misdeal" for e in record.events):
            self.dealer = seating.next(dealer)  # the deal passes on (1.2); a misdeal is redealt (4.2)
            self.deal += 1
        return SessionHand(self.position, deal, dealer, record, counts)
