"""The ``reversis-fish`` settlement (catalogue 6.2, 6.10): hands folded in order, the pools carried across.

Each hand's fish come from its replay (``ReversisOutcome``: stakes, antes, every payment
of play and of the end of the hand); the settlement carries the pools from hand to hand,
checks that each hand starts from the pools the last one left, and asserts that players
plus pools always hold the same fish (catalogue 1.5). After the agreed number of hands
(``hands``) the player with the most fish wins; the pools stay where they are unless the
table shares them out when it stops (``pools_at_end``, AMB-38o).

``ReversisFish`` has the shape of ``settlement.methods.Method`` (``id``, ``chips``,
``players``, ``pool``, ``finished``, ``winner_seats``, ``settle``, ``after_hand``,
``close``); ``settled``/``settle_json`` settle a whole session record (``settle_session``: the package's own working value).
"""

from __future__ import annotations

import copy

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

from .. import fields
from ..errors import (
    Said,
    Word,
    InconsistentRecord,
    RecordSyntaxError,
    ScorekeeperError,
    UnknownOption,
    shown,
)
from ..options import OptionSpec, resolve, yes_no
from ..seating import Seating
from ..settled import Closing, Settled, SettledHand, running, settled_json
from ..ledger import check_conserved, check_table_stakes, divide
from ..money import fewest_transfers, money_from_chips
from ..session import check_hand_count, read_hands, read_in_rotation, read_stake, read_table_stakes, split_counts
from .fields import read_head
from .ledger import Payment
from .outcome import ReversisOutcome, outcome_json
from .pools import Pools
from .record import from_json
from .replay import replay
from .rules import GAME, PLAYERS, START_FISH, make_rules
from .table import reversis_seating

SETTLEMENT_ID = "reversis-fish"
MAX_HANDS = fields.MAX_HANDS  # the agreed number of hands fits in one session
SETTLEMENT_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("hands", "agreed", ("agreed", *range(1, MAX_HANDS + 1)),
               "6.10: the set number of hands ('agreed': until the table stops)",
               "Hands to play", "How many hands the table plays", {
                   "agreed": ("Until the table stops", "no number is set")}),
    OptionSpec("pools_at_end", "leave", ("leave", "split-equal"), "6.10, AMB-38o: the pools when the table stops",
               "The pools at the end", "What happens to the fish in the pools when the table stops", {
                   "leave": ("Left in them", "nobody gets them"),
                   "split-equal": ("Shared out", "everyone gets an equal share")}),
    yes_no("closed", False, "AMB-43: the table has stopped: apply pools_at_end",
           "The table has stopped", "Settle the pools now as chosen above"),
)
_SPECS = {s.name: s for s in SETTLEMENT_OPTIONS}
SESSION_FIELDS = ("id", "game", "options", "players", "first_dealer", "settlement", "settlement_options", "stake",
                  "table_stakes", "pools", "hands")
_STEP_WORDS = {
    "stake": "stake", "dealer": "dealer's 5", "new-pool": "new pool",
    "quinola-discarded": "in play", "ace-discarded": "in play", "ace-followed": "in play", "quinola-forced": "in play",
    "quinola-forced-others": "in play", "reversis-quinola": "in play",
    "quinola-doubles": "Quinola to the pool", "quinola-supplement": "Quinola to the pool",
    "quinola-takes-pool": "pool won", "reversis-pool": "pool won",
    "reversis": "Reversis", "reversis-espagnolette": "Reversis", "reversis-broken": "broken Reversis",
    "reversis-broken-supplement": "broken Reversis", "party": "Party", "espagnolette": "Espagnolette",
    "espagnolette-return": "failed Espagnolette", "espagnolette-return-pool": "failed Espagnolette",
    "claim-quinola": "claims", "claim-quinola-others": "claims", "claim-ace": "claims", "revoke": "revoke",
    "pools-shared": "pools shared",
}


def within_stakes(held: Sequence[int], payments: Sequence[Payment], names: Sequence[str]) -> None:
    """Catalogue 1.5, ``table_stakes``: every payment of the hand in order, what a player won earlier in the
    hand counting; none may take him below zero.

    :raises InconsistentRecord: code ``table-stakes``, naming the player and the payment he could not make."""
    left = list(held)
    for p in payments:
        if isinstance(p.giver, int):
            check_table_stakes(names[p.giver], left[p.giver], p.fish, _paying(p.why), fish=True)
            left[p.giver] -= p.fish
        if isinstance(p.taker, int):
            left[p.taker] += p.fish


# The steps as a refusal names what a player could not pay for ("the dealer's 5"), each in its sense
_STEP_SAID = {"stake": Word("stake", "a Reversis payment"), "dealer's 5": Word("dealer's 5", "a Reversis payment"),
              "new pool": Word("new pool", "a Reversis payment"),
              "Quinola to the pool": Word("Quinola to the pool", "a Reversis payment"),
              "pool won": Word("pool won", "a Reversis payment"), "Reversis": Word("Reversis", "a Reversis payment"),
              "broken Reversis": Word("broken Reversis", "a Reversis payment"),
              "Party": Word("Party", "a Reversis payment"), "Espagnolette": Word("Espagnolette", "a Reversis payment"),
              "failed Espagnolette": Word("failed Espagnolette", "a Reversis payment"),
              "claims": Word("claims", "a Reversis payment"), "revoke": Word("revoke", "a Reversis payment"),
              "pools shared": Word("pools shared", "a Reversis payment")}


def _paying(why: str) -> Said:
    word = _STEP_WORDS.get(why, why)
    return Said("a payment in play") if word == "in play" else Said("the %(step)s", step=_STEP_SAID.get(word, word))


def hand_notes(names: Sequence[str], net: Sequence[int], payments: Sequence[Payment]) -> tuple[str, ...]:
    """Per player, his fish by step in words: 'B: dealer's 5 -5, in play +4, Party +9; net +8'."""
    steps: list[dict[str, int]] = [{} for _ in names]
    for p in payments:
        for account, sign in ((p.giver, -1), (p.taker, 1)):
            if isinstance(account, int):
                word = _STEP_WORDS.get(p.why, p.why)
                steps[account][word] = steps[account].get(word, 0) + sign * p.fish
    notes = []
    for seat, name in enumerate(names):
        parts = ", ".join(f"{word} {fish:+d}" for word, fish in steps[seat].items() if fish)
        notes.append(f"{name}: {parts or 'no fish moved'}; net {net[seat]:+d}")
    return tuple(notes)


class ReversisFish:
    """``reversis-fish`` as a method object: ``settle`` one outcome at a time, ``pool`` the fish in the pools."""

    id: ClassVar[str] = SETTLEMENT_ID
    label: ClassVar[str] = "Fish"
    summary: ClassVar[str] = "Fish change hands hand by hand; the pools carry to the next hand"
    chips: ClassVar[bool] = True
    option_specs: ClassVar[tuple[OptionSpec, ...]] = SETTLEMENT_OPTIONS
    players: ClassVar[tuple[int, int] | None] = (PLAYERS, PLAYERS)
    revoke_by_points: ClassVar[bool] = False  # 4.1 HOUSE: the reneger pays fish, inside the replay

    def __init__(self, seating: Seating, options: Mapping[str, Any], pools: Pools | None = None) -> None:
        self.names = seating.players
        self.n = seating.size
        hands = options.get("hands") if isinstance(options, Mapping) else None
        if hands is not None and hands not in _SPECS["hands"].choices:
            raise UnknownOption(Said("%(method)s option 'hands' takes \"agreed\" or a whole number of hands from 1 to "
                                     "%(max_hands)s, not %(hands)s", method=SETTLEMENT_ID, max_hands=MAX_HANDS,
                                     hands=shown(hands)))
        self.opts = resolve(SETTLEMENT_ID, _SPECS, {}, options)
        self.pools = pools  # None: the game has not started (the first hand takes the stakes)
        self.pool = 0 if pools is None else pools.total
        self.hands_settled = 0  # hands played: a misdeal is not one
        self.finished = False
        self.winner_seats: tuple[int, ...] = ()

    @property
    def hands(self) -> int | None:
        value = self.opts["hands"]
        return None if value == "agreed" else int(value)

    def settle(self, outcome: ReversisOutcome, cut: int | None = None) -> tuple[list[int], list[str]]:
        """Payments per seat and a sentence per seat for one hand; carries the pools.

        :raises InconsistentRecord: the hand does not start from the pools the last one left (code ``pools``),
            or comes after the agreed number of hands (code ``game-over``).
        """
        if self.finished:
            raise InconsistentRecord(Said("the game was over after %(hands)s hands (the agreed number)",
                                          hands=self.hands_settled),
                                     code="game-over")
        expected = self.pools if self.pools is not None else Pools()
        if outcome.pools_before != expected:
            raise InconsistentRecord(Said("the hand starts from %(pools)s, but the last hand left %(pools2)s",
                                          pools=outcome.pools_before.describe(self.names),
                                          pools2=expected.describe(self.names)), code="pools")
        check_conserved(self.hands_settled + 1, outcome.net, expected.total, outcome.pools.total)  # catalogue 1.5
        self.pools = outcome.pools
        self.pool = outcome.pools.total
        if outcome.void is None:
            self.hands_settled += 1
        notes = list(hand_notes(self.names, outcome.net, outcome.payments))
        if outcome.void is not None:
            notes = [f"misdeal ({outcome.void}): the hand is void; {outcome.players[outcome.dealer]} deals again; " + note
                     for note in notes]
        return list(outcome.net), notes

    def after_hand(self, totals: Sequence[int], balance: Sequence[int], outcome: object) -> None:
        """6.10: finished after the agreed number of hands; the most fish lead."""
        hands = self.hands
        self.finished = hands is not None and self.hands_settled >= hands
        best = max(balance)
        self.winner_seats = tuple(s for s, b in enumerate(balance) if b == best)

    def close(self, cut: int | None) -> tuple[list[int], list[str]] | None:
        """AMB-38o: when the table stops, the pools stay (``leave``) or are shared equally, odd fish by cut.

        :raises InconsistentRecord: odd fish to share and no cut recorded (code ``cut``).
        """
        if not self.opts["closed"]:
            return None
        self.finished = True
        if self.opts["pools_at_end"] == "leave" or self.pools is None or not self.pools.total:
            return None
        total = self.pools.total
        shares = divide(total, list(range(self.n)), cut, self.names,
                        Said("the %(count)s fish left in the pools", count=total))
        self.pools = Pools(made=self.pools.made)
        self.pool = 0
        payments = [shares[s] for s in range(self.n)]
        notes = [f"{self.names[s]} gets {payments[s]} of the {total} fish left in the pools" for s in range(self.n)]
        return payments, notes


# --- a whole session -------------------------------------------------------------------------------

@dataclass(frozen=True)
class HandSettled:
    """One hand's settlement in a session."""

    position: int
    dealer: int
    points: tuple[int, ...]  # card points taken
    payments: tuple[int, ...]
    pools: Pools  # after the hand
    notes: tuple[str, ...]
    void: str | None = None


@dataclass(frozen=True)
class ReversisSessionResult:
    """A settled Reversis session: every hand, each player's fish, the pools left."""

    players: tuple[str, ...]
    hands: tuple[HandSettled, ...]
    outcomes: tuple[ReversisOutcome, ...]
    balance: tuple[int, ...]
    pools: Pools
    finished: bool
    winners: tuple[int, ...]
    closing: tuple[tuple[int, ...], tuple[str, ...]] | None = None
    money: tuple[Decimal, ...] | None = None
    transfers: tuple[tuple[str, str, Decimal], ...] = ()


def settle_session(value: Any) -> ReversisSessionResult:
    """Replay and settle a session record (the records contract's shape, ``game`` reversis).

    The deal passes to the right after every hand (AMB-38k), except after a misdeal (the same
    dealer deals again). Each hand inherits game, options, players, dealer and number, and
    starts from the pools the last one left; the first hand takes the stakes (6.2). A hand
    marked ``"counts": false`` (the records contract: dealt, awaiting a second phone's confirmation) is
    read and keeps its place in the rotation, but is neither replayed nor settled, and the
    output's ``hands`` leave it out, as in the other sessions.

    :raises ScorekeeperError: the first hand that is wrong (``error.hand`` is its 1-based position).
    """
    return _folded(value).result()


def settled(value: Any) -> Settled:
    """``settle_session`` as the one result of every family (``engine.settled``), which the app and the sheets read.

    :raises ScorekeeperError: as ``settle_session``."""
    return _folded(value).settled()


def _folded(value: Any) -> ReversisFold:
    fold = ReversisFold(value)
    for raw in read_hands(value.get("hands") or [], Said("Reversis records")):
        fold.add(raw)
    return fold


class ReversisFold:
    """``settle_session`` as a fold: the session's table first, then ``add`` each hand in order, ``result``
    whenever asked (on a copy: the closing and the money are the end's, and more hands may follow).

    :raises ScorekeeperError: as ``settle_session``: from the constructor (the table), ``add`` (the hand),
        ``result`` (the closing, its cut)."""

    def __init__(self, value: Any) -> None:
        if not isinstance(value, Mapping):
            raise RecordSyntaxError(Said('a session record must be a JSON object'))
        table = {k: v for k, v in value.items() if k not in ("first_dealer", "hands")}
        table["dealer"] = value.get("first_dealer")
        players, first_dealer, options, _, _ = read_head(table, (*SESSION_FIELDS, "dealer"), "session record")
        make_rules(GAME, options)
        self.seating = seating = reversis_seating(players)
        settlement = value.get("settlement") or SETTLEMENT_ID
        if settlement != SETTLEMENT_ID:
            raise RecordSyntaxError(Said("a Reversis session settles by %(method)s, not %(settlement)s",
                                         method=SETTLEMENT_ID, settlement=shown(settlement)),
                                    code="unknown-option")
        self.stake = read_stake(value.get("stake"))
        self.table_stakes = read_table_stakes(value.get("table_stakes"))
        start = None if value.get("pools") is None else Pools.from_json(players, value["pools"])
        self.method = ReversisFish(seating, value.get("settlement_options") or {}, start)
        self.given = {"game": GAME, "options": dict(options), "players": list(players)}
        self.dealer = seating.seat(first_dealer)
        self.read = 0  # hands read so far, counting ones that do not count yet
        self.played = 0  # hands dealt and played so far (a misdeal is not one), counting ones that do not count yet
        self.hands: list[HandSettled] = []
        self.outcomes: list[ReversisOutcome] = []
        self.replayed: list[dict[str, Any]] = []  # each hand's replay output, made once, when first asked for
        self.balance = [0] * seating.size
        self.cut: int | None = None

    def copy(self) -> ReversisFold:
        """A fold that goes on from here while this one stays as it is (the pools are frozen values)."""
        twin = copy.copy(self)
        twin.method = copy.copy(self.method)
        twin.hands, twin.outcomes, twin.balance = list(self.hands), list(self.outcomes), list(self.balance)
        twin.replayed = list(self.replayed)
        return twin

    def add(self, raw: Mapping[str, Any]) -> None:
        """Settle the next hand (a hand object of the session record)."""
        check_hand_count(self.read + 1)
        self.read += 1
        position, method, seating = self.read, self.method, self.seating
        try:
            raw, counts = split_counts(raw)
            record = read_in_rotation(raw, self.given, from_json, seating.name(self.dealer), position,
                                      passes=Said("passes to"), aside=Said(" (to the right)"),
                                      noun=Word("hand", "a hand of a session"))
            if method.finished:
                raise InconsistentRecord(Said("the game was over after %(hands)s hands (the agreed number), but more "
                                              "hands are recorded", hands=method.hands_settled), code="game-over")
            if not counts:  # dealt (the deal passes on, unless it was a misdeal) but not settled yet
                self.dealer = self.passed(self.dealer, record.misdeal is not None)
                self.played += record.misdeal is None
                return
            outcome = replay(record, method.pools)
            if self.table_stakes is not None:
                within_stakes([self.table_stakes + b for b in self.balance], outcome.payments, seating.players)
            payments, notes = method.settle(outcome)
        except ScorekeeperError as exc:
            exc.hand = position
            raise
        self.balance = [b + p for b, p in zip(self.balance, payments)]
        if outcome.void is None:
            method.after_hand(self.balance, self.balance, outcome)
        self.hands.append(HandSettled(position, self.dealer, outcome.points, tuple(payments), outcome.pools,
                                        tuple(notes), outcome.void))
        self.outcomes.append(outcome)
        cuts = [e.player for e in record.events if e.type == "cut" and e.player is not None]
        self.cut = seating.seat(cuts[-1]) if cuts else None
        self.dealer = self.passed(self.dealer, outcome.void is not None)
        self.played += outcome.void is None

    def passed(self, dealer: int, void: bool) -> int:
        """Who deals after ``dealer``'s hand: the deal passes to the right (AMB-38k), but a misdeal is
        dealt again by the same dealer."""
        return dealer if void else self.seating.next(dealer)

    def coming_dealers(self, ahead: int) -> tuple[str, ...]:
        """Who deals the next hand and each of the ``ahead`` hands after it, each played and none a misdeal
        (``passed``); none past the agreed number of hands (6.10), the hands waiting for confirmation
        among those played."""
        agreed = self.method.hands
        if self.method.finished:
            return ()
        count = ahead + 1 if agreed is None else min(ahead + 1, agreed - self.played)
        seats = [self.dealer]
        while len(seats) < count:
            seats.append(self.passed(seats[-1], False))
        return tuple(self.seating.name(seat) for seat in seats[:max(count, 0)])

    def result(self) -> ReversisSessionResult:
        """The session settled as it stands: the closing (the pools left, a cut) and the money, on a copy."""
        method = copy.copy(self.method)
        balance = list(self.balance)
        pools_before = method.pool
        try:
            closed = method.close(self.cut)
        except ScorekeeperError as exc:
            exc.hand = self.read or None  # the cut is recorded with the last hand
            raise
        closing = None
        if closed is not None:
            payments, notes = closed
            check_conserved(0, payments, pools_before, method.pool)
            balance = [b + p for b, p in zip(balance, payments)]
            closing = (tuple(payments), tuple(notes))
        if self.hands:
            method.after_hand(balance, balance, self.outcomes[-1])
        players = self.seating.players
        money = None if self.stake is None else tuple(money_from_chips(balance, self.stake))
        transfers = () if money is None else tuple(fewest_transfers(dict(zip(players, money))))
        return ReversisSessionResult(
            players, tuple(self.hands), tuple(self.outcomes), tuple(balance), method.pools or Pools(),
            method.finished, method.winner_seats if self.hands else (), closing, money, transfers,
        )

    def settled(self) -> Settled:
        """``result`` as the one result of every family (``family.Fold``), each hand with its replay output
        (what the sheet prints of it), made once however often the app asks."""
        self.replayed += [outcome_json(o) for o in self.outcomes[len(self.replayed):]]
        return settled_of(self.result(), self.replayed)

    def result_json(self) -> dict[str, Any]:
        """``settled`` as the settle output."""
        return settled_json(self.settled())


def settle_json(value: Any) -> dict[str, Any]:
    """The ``settle`` output of the records contract (docs/command.md) for a Reversis session (FORMAT.md)."""
    return settled_json(settled(value))


def settled_of(result: ReversisSessionResult, replayed: Sequence[Mapping[str, Any]]) -> Settled:
    """A settled Reversis session as every family gives it: fish, the pools carried as data, the fish each
    player holds; ``replayed``: each hand's replay output."""
    names = result.players
    hands = tuple(
        SettledHand(h.position, h.position, names[h.dealer], names, h.points, h.payments, h.pools.total, totals,
                    h.notes, carried={"pools": h.pools.to_json(names)}, void=h.void, replayed=replay)
        for h, totals, replay in zip(result.hands, running([h.payments for h in result.hands], len(names)), replayed))
    closing = None if result.closing is None else Closing(*result.closing)
    return Settled(SETTLEMENT_ID, names, hands, result.balance, result.balance, result.pools.total, result.finished,
                   tuple(names[s] for s in result.winners), carried={"pools": result.pools.to_json(names)},
                   held=tuple(START_FISH + b for b in result.balance), closing=closing, money=result.money,
                   transfers=result.transfers)


def replay_json(value: Any, pools: Pools | None = None) -> dict[str, Any]:
    """The ``replay`` output of one Reversis record.

    :raises ScorekeeperError: as ``replay``.
    """
    return outcome_json(replay(from_json(value), pools))


__all__ = [
    "SETTLEMENT_ID", "SETTLEMENT_OPTIONS", "ReversisFish", "HandSettled", "ReversisSessionResult", "settle_session",
    "settle_json", "settled", "settled_of", "replay_json", "hand_notes",
]
