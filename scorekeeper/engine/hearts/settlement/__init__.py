"""Settlements over whole sessions (catalogue section 3): a fold over the replayed hands.

``settle(session)`` replays every hand (full records and quick results alike), hands
each outcome to the session's settlement method, checks that chips are conserved, and
returns an immutable ``SessionResult``, the core's working value (its tests read the
outcomes in it). What leaves the core is the one result of every family, ``Settled``
(``SessionFold.settled``, ``core_settled``), and the settle output written from it. One
illegal or impossible hand refuses the whole session, naming the hand: never a partial,
silent result.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from operator import add
from typing import Any

from ...errors import InconsistentRecord, ScorekeeperError, UnknownOption, Said, said_of
from ...gaussian import Gaussian
from ..output import hand_facts
from ..records import HandRecord
from ..replay import HandOutcome, replay
from ..events import admit
from ..results import check_result
from ..ruleset import DealLayout, Ruleset
from ..scoring import Points
from ...seating import Seating
from ...settled import NOTHING, Closing, Settled, SettledHand, settled_json
from ...ledger import HandSettlement, check_conserved, check_table_stakes
from . import gong_zhu as _gong_zhu  # noqa: F401  (registers gong-zhu-points)
from . import games as _games  # noqa: F401  (registers the family settlements: Polignac, Knaves ...)
from .methods import METHODS, Method, make_method, revoke_chips
from ...money import fewest_transfers, money_from_chips, money_from_points
from ...session import check_hand_count
from ..session import Rotation, Session, SessionHand, session_from_json, session_to_json

__all__ = [
    "METHODS", "Session", "SessionFold", "SessionResult", "HandSettlement", "settle", "session_from_json",
    "session_to_json", "result_json", "core_settled", "settled_of",
]


@dataclass(frozen=True)
class SessionResult:
    """A settled session: every hand's settlement, the running totals, chips, money."""

    session: Session
    settlement: str
    players: tuple[str, ...]
    chips: bool
    hands: tuple[HandSettlement, ...]
    outcomes: tuple[HandOutcome, ...]
    dealers: tuple[int, ...]
    totals: tuple[Points, ...]
    balance: tuple[int, ...]
    pool: int
    finished: bool
    winners: tuple[int, ...]
    closing: HandSettlement | None = None
    money: tuple[Decimal, ...] | None = None
    transfers: tuple[tuple[str, str, Decimal], ...] = ()


def settle(session: Session) -> SessionResult:
    """Settle a whole session.

    :raises ScorekeeperError: the first hand that is unreadable, illegal or impossible
        (``error.hand`` is its 1-based position), or a settlement that does not fit.
    """
    fold = SessionFold(session)
    for raw in session.hands:
        fold.add(raw)
    return fold.finish()


class SessionFold:
    """``settle`` as a fold that can stop and go on: ``add`` the hands in order, then ``finish``.

    ``copy`` keeps a fold where it stands: the web app keeps each stored session's fold, so a new
    hand is one ``add`` on a copy (one hand of engine work) instead of settling every hand again;
    ``result`` is ``finish`` on a copy. Settling the same hands either way gives the same result
    (a property test holds them equal). The session's own hands are not folded: ``add`` them.

    :raises ScorekeeperError: as ``settle``: from the constructor (a table the game cannot seat),
        ``add`` (the hand, ``error.hand`` its position) or ``finish`` (the closing, its cut).
    """

    def __init__(self, session: Session) -> None:
        ruleset = session.ruleset
        self.session = session
        self.ruleset = ruleset
        self.seating = seating = Seating(session.players, ruleset.clockwise)
        self.method = make_method(session.settlement_id, ruleset, seating, session.settlement_options)
        self.zero: Points = Gaussian(0, 0) if ruleset.complex else 0
        self.totals: list[Points] = [self.zero] * seating.size
        self.balance = [0] * seating.size
        self.hands: list[HandSettlement] = []
        self.outcomes: list[HandOutcome] = []
        self.dealers: list[int] = []
        self.rows: list[SettledHand] = []  # ``settled``'s hands, made once each, when first asked for
        self.raw: list[Mapping[str, Any]] = []
        self.last: SessionHand | None = None
        try:
            self.layout = ruleset.layout(seating.size)
        except ValueError as wrong:  # the session's table, not one hand: refused even with no hands yet
            raise InconsistentRecord(said_of(wrong), code="players") from None
        self.rotation = Rotation(session)
        if session.table_stakes is not None and not self.method.chips:
            raise UnknownOption(Said("table_stakes counts chips, and %(id)s scores points: leave it out",
                                     id=str(self.method.id)))

    def copy(self) -> SessionFold:
        """A fold that goes on from here while this one stays as it is."""
        twin = copy.copy(self)
        twin.method = self.method.copy()
        twin.totals, twin.balance = list(self.totals), list(self.balance)
        twin.hands, twin.outcomes, twin.dealers, twin.rows, twin.raw = (
            list(self.hands), list(self.outcomes), list(self.dealers), list(self.rows), list(self.raw))
        twin.rotation = self.rotation.copy()
        return twin

    def add(self, raw: Mapping[str, Any]) -> None:
        """Settle the next hand (a raw hand object of the session record)."""
        check_hand_count(len(self.raw) + 1)
        method = self.method
        sh = self.rotation.next(raw, method.seated())
        self.raw.append(raw)
        if method.finished:
            after = f"after hand {self.hands[-1].position}" if self.hands else "before its first hand"
            raise ScorekeeperError(Said("the game was over %(after)s, but more hands are recorded",
                                        after=str(after)), code="game-over",
                                   hand=sh.position)
        if not sh.counts:  # dealt (the rotation moved on) but not scored yet
            return
        try:
            record = method.prepare(sh.record, sh.position)  # Gong Zhu: the previous pig-taker leads
            outcome = _replay(record, self.ruleset, *_table(record, self.ruleset, self.seating, self.layout))
            settled = _settle_hand(method, sh, outcome, self.totals, self.seating)
            if self.session.table_stakes is not None:
                _within_stakes(self.session.table_stakes, self.balance, settled.payments, self.seating.players)
        except ScorekeeperError as exc:
            exc.hand = sh.position
            raise
        self.totals = list(settled.totals)
        self.balance = list(map(add, self.balance, settled.payments))
        if outcome.void is None:  # a misdeal is redealt: it neither ends nor decides anything (4.2)
            method.after_hand(self.totals, self.balance, outcome)
        self.hands.append(settled)
        self.outcomes.append(outcome)
        self.dealers.append(sh.dealer)
        self.last = sh

    def result(self) -> SessionResult:
        """The session settled as it stands (``finish`` on a copy: more hands may follow)."""
        return self.copy().finish()

    def settled(self) -> Settled:
        """``result`` as every family's fold gives it (``family.Fold``); each hand is made into plain
        data once, however often the app asks."""
        made = settled_of(self.result(), self.rows)
        self.rows = list(made.hands)
        return made

    def result_json(self) -> dict[str, Any]:
        """``settled`` as the settle output (the hands it has not made yet are made without the facts
        the output does not print, and not kept)."""
        return settled_json(settled_of(self.result(), self.rows, facts=False))

    def finish(self) -> SessionResult:
        """The settled session: the closing (leftover pools, a cut), money and who pays whom.
        The fold is spent: its method has closed."""
        method, seating, totals = self.method, self.seating, self.totals
        balance, last = list(self.balance), self.last
        closing = None
        pool_before = method.pool
        try:
            closed = method.close(_cut(last, seating))
        except ScorekeeperError as exc:
            exc.hand = None if last is None else last.position  # the cut is recorded with the last hand
            raise
        if closed is not None:
            payments, notes = closed
            check_conserved(0, payments, pool_before, method.pool)
            balance = [b + p for b, p in zip(balance, payments)]
            closing = HandSettlement(0, (self.zero,) * seating.size, tuple(payments), method.pool, tuple(totals),
                                     tuple(notes))
            if self.outcomes:
                method.after_hand(totals, balance, self.outcomes[-1])
        session = self.session if self.session.hands == tuple(self.raw) else replace(self.session, hands=tuple(self.raw))
        money, transfers = _money(session, method, totals, balance)
        return SessionResult(
            session, method.id, seating.players, method.chips, tuple(self.hands), tuple(self.outcomes),
            tuple(self.dealers), tuple(totals), tuple(balance), method.pool, method.finished,
            method.winner_seats if self.hands else (), closing, money, transfers,
        )


def _within_stakes(stakes: int, balance: Sequence[int], payments: Sequence[int], names: Sequence[str]) -> None:
    """Catalogue 1.5, ``table_stakes``: a hand's chips move at once when it is settled, so no player may pay
    more than the chips he brought plus his balance before it.

    :raises InconsistentRecord: code ``table-stakes``."""
    for seat, paid in enumerate(payments):
        if paid < 0:
            check_table_stakes(names[seat], stakes + balance[seat], -paid, Said("this hand"))


def _replay(record: HandRecord, ruleset: Ruleset, seating: Seating, layout: DealLayout) -> HandOutcome:
    """``replay(record)``; a quick result goes straight to ``check_result``, which is what replay calls for
    it, with the ruleset, seating and layout every hand of the session shares (they follow from the
    session's game, options and players, which a hand cannot change)."""
    if record.taken is not None and not ruleset.variant.bids and not any(e["type"] == "misdeal" for e in record.events):
        if record.events:
            admit(record, ruleset, layout, seating.size)
        return check_result(record, ruleset, seating, layout)
    return replay(record)


def _table(record: HandRecord, ruleset: Ruleset, seating: Seating, layout: DealLayout) -> tuple[Seating, DealLayout]:
    """The seating and deal of a hand: the session's, or the players still in (Conquimbert, 3.17)."""
    if record.players == seating.players:
        return seating, layout
    try:
        return Seating(record.players, ruleset.clockwise), ruleset.layout(len(record.players))
    except ValueError as wrong:
        raise InconsistentRecord(said_of(wrong), code="players") from None


def _settle_hand(
    method: Method, sh: SessionHand, outcome: HandOutcome, totals: Sequence[Points], seating: Seating,
) -> HandSettlement:
    n = len(totals)
    pool_before = method.pool
    names = seating.players
    method.hand_change = None
    if outcome.void is not None:
        payments, notes = [0] * n, [f"misdeal ({outcome.void}): the hand is void; {names[sh.dealer]} deals again"] * n
    elif outcome.revoke is not None and method.chips and not method.revoke_by_points:
        payments, notes = revoke_chips(method, outcome.revoke.seat)
    else:
        payments, notes = method.settle(outcome, _cut(sh, seating))
        if method.chips:  # a note that already ends with its net (Howell) keeps it; a name may hold "net" (Janet)
            notes = [note if note.endswith(net) else f"{note}; {net}"
                     for note, net in zip(notes, [f"net {p:+d}" for p in payments])]
    check_conserved(sh.position, payments, pool_before, method.pool)
    change = _seated_points(outcome, seating) if method.hand_change is None else method.hand_change
    new_totals = tuple(map(add, totals, change))
    if not method.chips and outcome.void is None and not method.notes_have_totals:
        notes = [f"{note}; total {total}" for note, total in zip(notes, new_totals)]
    return HandSettlement(sh.position, _seated_points(outcome, seating), tuple(payments), method.pool, new_totals,
                          tuple(notes), outcome.void is not None)


def _seated_points(outcome: HandOutcome, seating: Seating) -> tuple[Points, ...]:
    """A hand's points per seat of the session: 0 for a player who is out of it (Conquimbert, 3.17)."""
    if outcome.players == seating.players:
        return outcome.points
    mine = dict(zip(outcome.players, outcome.points))
    return tuple(mine.get(name, 0) for name in seating.players)


def _cut(sh: SessionHand | None, seating: Seating) -> int | None:
    """The winner of the cut recorded with the hand (an event ``{"type": "cut", "player": P}``)."""
    if sh is None or not sh.record.events:
        return None
    cuts = [e["player"] for e in sh.record.events if e["type"] == "cut"]
    return seating.seat(cuts[-1]) if cuts else None


def _money(
    session: Session, method: Method, totals: Sequence[Points], balance: Sequence[int],
) -> tuple[tuple[Decimal, ...] | None, tuple[tuple[str, str, Decimal], ...]]:
    if session.stake is None:
        return None, ()
    money = money_from_chips(balance, session.stake) if method.chips else money_from_points(totals, session.stake)
    if money is None:
        return None, ()
    transfers = fewest_transfers(dict(zip(session.players, money)))
    return tuple(money), tuple(transfers)


# --- the one result, and its JSON -------------------------------------------------------------------

def core_settled(value: Any, *, facts: bool = True) -> Settled:
    """A session record of the trick-taking core settled (``family.HeartsFamily.settle``); ``facts``:
    with each hand's facts (``HandFacts``), which only the sheets, the pages and the words print.

    :raises ScorekeeperError: as ``settle``."""
    return settled_of(settle(session_from_json(value)), facts=facts)


def settled_hand(settled: HandSettlement, outcome: HandOutcome, dealer: str, method: Method,
                 facts: bool = True) -> SettledHand:
    """One hand of the core as plain data: the settlement's figures and what the sheets print of the replay."""
    names, moon, revoke = outcome.players, outcome.moon, outcome.revoke
    return SettledHand(
        settled.position, outcome.record.number, dealer, names, settled.points, settled.payments, settled.pool,
        settled.totals, settled.notes, moon=None if moon is None else names[moon.seat],
        moon_choice=None if moon is None else moon.choice, moon_wins=moon is not None and moon.instant_win,
        void=outcome.void,
        revoke=None if revoke is None else names[revoke.seat],
        pot=None if outcome.void is not None else method.pot(outcome), hauls=outcome.hauls,
        carried=method.hand_carried(settled.totals) or NOTHING,
        facts=hand_facts(outcome) if facts else None,
    )


def settled_of(result: SessionResult, made: Sequence[SettledHand] = (), *, facts: bool = True) -> Settled:
    """The core's result as every family gives it (``made``: its first hands, already made; ``facts``:
    as ``core_settled``)."""
    names, session = result.players, result.session
    method = make_method(result.settlement, session.ruleset, Seating(names, session.ruleset.clockwise),
                         session.settlement_options)  # a fresh one: what it says of a hand (Howell's pot)
    done = len(made)
    rows = [*made, *(settled_hand(hand, outcome, names[dealer], method, facts) for hand, outcome, dealer in zip(
        result.hands[done:], result.outcomes[done:], result.dealers[done:]))]
    closing = result.closing
    return Settled(
        result.settlement, names, tuple(rows), result.totals, result.balance, result.pool, result.finished,
        tuple(names[s] for s in result.winners),
        closing=None if closing is None else Closing(closing.payments, closing.notes), money=result.money,
        transfers=result.transfers, chips=result.chips, lives=method.lives,
        carried=method.carried(result.totals, result.finished) or NOTHING,
        jack=bool(result.pool) and method.carries_jack and not result.finished,
    )


def core_settle_json(value: Any) -> dict[str, Any]:
    """``settle_json`` for a game of the trick-taking core (``family.HeartsFamily``)."""
    return settled_json(core_settled(value, facts=False))


def result_json(result: SessionResult) -> dict[str, Any]:
    """The settle output of a ``SessionResult``."""
    return settled_json(settled_of(result, facts=False))
