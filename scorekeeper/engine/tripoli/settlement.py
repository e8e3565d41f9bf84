"""Tripoli settlements (catalogue 5, 3 index): ``tripoli-layout`` and ``tripoli-final-poker``.

``tripoli-layout`` folds the deals of a session: each deal antes onto every space, what
stays on a space carries to the next deal, and players plus layout always hold the same
chips (asserted on every deal, catalogue 1.5). ``tripoli-final-poker`` settles what is
left on the layout when the table stops (5.7): one or several final poker deals; a
session under ``tripoli-layout`` may end with them too. Pure functions over frozen
state, in the shape of ``settlement/family.py``::

    settled, state = tripoli_layout(state, outcome)       # an ordinary deal
    settled, state = tripoli_final_poker(state, final)    # a final poker deal
    all_settled, state = fold(state, outcomes)            # a sequence of them

and the same as classes shaped like ``settlement.methods.Method`` (``TripoliLayout``,
``TripoliFinalPoker``), ``TripoliFold`` for a session hand by hand, and for a whole session
record ``settled`` (the one result every family gives, ``engine.settled``), ``settle_json``
(written from it) and ``settle_session`` (the package's own working value, for its tests).
"""

from __future__ import annotations

import copy

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ..errors import Said, InconsistentRecord, RecordSyntaxError, ScorekeeperError, shown
from ..options import OptionSpec, resolve
from ..seating import Seating
from ..settled import Settled, SettledHand, running, settled_json
from ..ledger import check_conserved
from ..session import check_hand_count, read_hands, read_in_rotation, read_stake, read_table_stakes, split_counts
from .deal import check_players
from .final import FINAL_POTS, FINAL_TIES, replay_final
from .layout import Layout, Space, Transfer
from .outcome import FinalOutcome, TripoliOutcome, outcome_json
from .record import FinalPokerRecord, TripoliRecord, from_json, read_head
from .replay import replay
from .rules import MAX_PLAYERS, MIN_PLAYERS, make_rules

SETTLEMENT_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("final_pots", "single", FINAL_POTS, "5.7: the leftovers in one final poker pot, or in several",
               "The last deal", "How the chips left on the layout are played for at the end", {
                   "single": ("One pot", "one last poker deal for everything left"),
                   "several": ("Several pots", "the table splits what is left into several pots")}),
    OptionSpec("final_tie", "another-deal", FINAL_TIES, "AMB-39k: a final split's odd chips: one more deal, or cut for",
               "Odd chips at the end", "Who gets the odd chips of a tied last pot", {
                   "another-deal": ("One more deal", "they stay for one more last deal"),
                   "cut": ("Cut for them", "the tied players cut for them")}),
)
_SPECS = {s.name: s for s in SETTLEMENT_OPTIONS}
SESSION_FIELDS = ("id", "game", "options", "players", "first_dealer", "settlement", "settlement_options", "stake",
                  "layout", "table_stakes", "hands")
_STEP_WORDS = {
    "ante": "antes", "spare": "spare hand", "bid": "paying-suit bid", "claim": "pay cards", "bet": "bets",
    "pot": "pot", "kitty": "kitty", "cards": "cards left", "block": "block", "final": "final pot", "cut": "cut",
}


@dataclass(frozen=True)
class LayoutState:
    """What carries from deal to deal: the layout, each player's chips so far, and whether the final poker began."""

    players: tuple[str, ...]
    layout: Layout = Layout()
    balance: tuple[int, ...] = ()
    deals: int = 0  # deals settled, final poker deals included
    final: bool = False  # the final poker has begun: no more ordinary deals
    options: Mapping[str, Any] = field(default_factory=dict)
    antes_in: bool = False  # the last deal was a misdeal: its antes serve the redeal (4.2, AMB-49)

    @staticmethod
    def start(players: Sequence[str], options: Mapping[str, Any] | None = None, layout: Layout | None = None) -> LayoutState:
        """The state before the first deal.

        :raises UnknownOption: a settlement option that does not exist or a value it does not take.
        """
        opts = resolve("tripoli-layout", _SPECS, {}, options or {})
        return LayoutState(tuple(players), layout or Layout(), (0,) * len(players), 0, False, opts)

    @property
    def finished(self) -> bool:
        """The final poker has taken everything off the layout (5.7)."""
        return self.final and self.layout.total == 0


@dataclass(frozen=True)
class DealSettlement:
    """One deal's settlement: chips each player gains (+) or pays (-), the layout after, a sentence per player."""

    position: int  # 1-based place in the session
    payments: tuple[int, ...]
    layout: Layout  # after the deal
    notes: tuple[str, ...]
    final: bool = False  # a final poker deal
    void: str | None = None  # a misdeal's reason

    @property
    def pool(self) -> int:
        """Chips on the layout after the deal (the settle output's ``pool``)."""
        return self.layout.total


def tripoli_layout(state: LayoutState, outcome: TripoliOutcome) -> tuple[DealSettlement, LayoutState]:
    """Settle one ordinary deal against the layout carried in.

    :raises InconsistentRecord: codes ``game-over`` (after the final poker), ``players``, ``layout``.
    """
    if state.final:
        raise InconsistentRecord(Said("the final poker has begun: no more ordinary deals can be settled"),
                                 code="game-over")
    if outcome.antes_in != state.antes_in:
        raise InconsistentRecord(Said("the deal took its antes from a misdeal, but the last deal was not one")
                                 if outcome.antes_in else Said("the deal put up antes again after a misdeal"),
                                 code="layout")
    settled, after = _fold(state, outcome.players, outcome.carried, outcome.layout, outcome.payments,
                           outcome.transfers, False)
    if outcome.void is not None:
        dealer = outcome.players[outcome.dealer]
        said = f"misdeal ({outcome.void}): the deal is void, its antes stay on the layout; {dealer} deals again"
        settled = replace(settled, notes=tuple(f"{said}; {note}" for note in settled.notes), void=outcome.void)
    return settled, replace(after, antes_in=outcome.void is not None)


def tripoli_final_poker(state: LayoutState, outcome: FinalOutcome) -> tuple[DealSettlement, LayoutState]:
    """Settle one final poker deal (5.7): the winner takes the chips played for.

    :raises InconsistentRecord: codes ``game-over`` (nothing left), ``players``, ``layout``.
    """
    if state.finished:
        raise InconsistentRecord(Said('the final poker has already taken every chip off the layout'), code="game-over")
    settled, after = _fold(state, outcome.players, outcome.carried, outcome.layout, outcome.payments,
                           outcome.transfers, True)
    return settled, replace(after, antes_in=False)


def fold(state: LayoutState, outcomes: Sequence[TripoliOutcome | FinalOutcome]) -> tuple[tuple[DealSettlement, ...], LayoutState]:
    """Settle replayed deals in order: ordinary deals, then final poker deals.

    >>> from scorekeeper.engine.tripoli import from_json, replay
    >>> deal = from_json({"game": "tripoli", "players": ["A", "B"], "dealer": "B", "claims": {},
    ...                   "poker": {"bets": {}, "winners": ["A"]}, "michigan": {"block": True, "left": {"A": 3, "B": 1}}})
    >>> settled, state = fold(LayoutState.start(("A", "B")), [replay(deal)])
    >>> settled[0].payments, state.layout.describe()
    ((-10, -10), 'AH 2, KH 2, QH 2, JH 2, TH 2, KQ 2, SEQ 2, KITTY 6')

    :raises ScorekeeperError: as ``tripoli_layout`` and ``tripoli_final_poker`` (``hand`` set to the position).
    """
    done = []
    for outcome in outcomes:
        try:
            if isinstance(outcome, FinalOutcome):
                settled, state = tripoli_final_poker(state, outcome)
            else:
                settled, state = tripoli_layout(state, outcome)
        except ScorekeeperError as exc:
            exc.hand = state.deals + 1
            raise
        done.append(settled)
    return tuple(done), state


def _fold(state: LayoutState, players: Sequence[str], before: Layout, after: Layout, payments: Sequence[int],
          transfers: Sequence[Transfer], final: bool) -> tuple[DealSettlement, LayoutState]:
    if tuple(players) != state.players:
        raise InconsistentRecord(Said("the deal is for %(players)s, the session for %(players2)s",
                                      players=', '.join(players), players2=', '.join(state.players)),
                                 code="players")
    if before != state.layout:
        raise InconsistentRecord(Said("the deal starts from the layout %(pools)s, but the last deal left %(pools2)s",
                                      pools=before.describe(), pools2=state.layout.describe()), code="layout")
    position = state.deals + 1
    check_conserved(position, payments, before.total, after.total)  # catalogue 1.5, on every deal
    balance = tuple(b + p for b, p in zip(state.balance, payments))
    notes = deal_notes(state.players, payments, transfers)
    settled = DealSettlement(position, tuple(payments), after, notes, final)
    return settled, replace(state, layout=after, balance=balance, deals=position, final=state.final or final)


def deal_notes(names: Sequence[str], payments: Sequence[int], transfers: Sequence[Transfer]) -> tuple[str, ...]:
    """Per player, his chips by step in words: 'Ann: antes -9, pay cards +4, bets -5, pot +16, cards -3; net +3'."""
    steps: list[dict[str, int]] = [{} for _ in names]
    for t in transfers:
        for account, sign in ((t.giver, -1), (t.taker, 1)):
            if not isinstance(account, Space):
                word = _STEP_WORDS.get(t.step, t.step)
                steps[account][word] = steps[account].get(word, 0) + sign * t.chips
    notes = []
    for seat, name in enumerate(names):
        parts = ", ".join(f"{word} {chips:+d}" for word, chips in steps[seat].items() if chips)
        notes.append(f"{name}: {parts or 'no chips moved'}; net {payments[seat]:+d}")
    return tuple(notes)


# --- classes in the shape of settlement.methods.Method ----------------------------------------------------

class TripoliLayout:
    """``tripoli-layout`` as a method object: ``settle`` one outcome at a time, ``pool`` the layout total."""

    id: ClassVar[str] = "tripoli-layout"
    label: ClassVar[str] = "Chips on the layout"
    summary: ClassVar[str] = "Deal by deal in chips: what a deal leaves on a space stays there for the next; a last poker deal plays for the rest"
    chips: ClassVar[bool] = True
    option_specs: ClassVar[tuple[OptionSpec, ...]] = SETTLEMENT_OPTIONS
    players: ClassVar[tuple[int, int] | None] = (MIN_PLAYERS, MAX_PLAYERS)
    revoke_by_points: ClassVar[bool] = False

    def __init__(self, seating: Seating, options: Mapping[str, Any], layout: Layout | None = None) -> None:
        self.names = seating.players
        self.n = seating.size
        self.state = LayoutState.start(seating.players, options, layout)
        self.opts = dict(self.state.options)
        self.pool = self.state.layout.total
        self.finished = False
        self.winner_seats: tuple[int, ...] = ()

    @property
    def layout(self) -> Layout:
        return self.state.layout

    def settle(self, outcome: TripoliOutcome | FinalOutcome, cut: int | None = None) -> tuple[list[int], list[str]]:
        """Payments per seat and a sentence per seat for one deal; updates ``pool`` (the layout's chips)."""
        if isinstance(outcome, FinalOutcome):
            settled, self.state = tripoli_final_poker(self.state, outcome)
        else:
            settled, self.state = tripoli_layout(self.state, outcome)
        self.pool = self.state.layout.total
        return list(settled.payments), list(settled.notes)

    def after_hand(self, totals: Sequence[int], balance: Sequence[int], outcome: object) -> None:
        """Finished once the final poker has emptied the layout; the most chips lead."""
        self.finished = self.state.finished
        best = max(balance)
        self.winner_seats = tuple(s for s, b in enumerate(balance) if b == best)

    def close(self, cut: int | None) -> tuple[list[int], list[str]] | None:
        """Chips left on the layout are played for by the final poker (5.7), never shared out: nothing to do."""
        return None


class TripoliFinalPoker(TripoliLayout):
    """``tripoli-final-poker``: only final poker deals, from the layout the table left."""

    id: ClassVar[str] = "tripoli-final-poker"
    label: ClassVar[str] = "Only the last poker deal"
    summary: ClassVar[str] = "Only the last poker deals, played for the layout the table left"

    def settle(self, outcome: TripoliOutcome | FinalOutcome, cut: int | None = None) -> tuple[list[int], list[str]]:
        if not isinstance(outcome, FinalOutcome):
            raise InconsistentRecord(Said('tripoli-final-poker settles only final poker deals ("final": true)'),
                                     code="final")
        return super().settle(outcome, cut)


TRIPOLI_METHODS: dict[str, type[TripoliLayout]] = {m.id: m for m in (TripoliLayout, TripoliFinalPoker)}


# --- a whole session ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class TripoliSessionResult:
    """A settled Tripoli session: every deal, each player's chips, the layout left."""

    settlement: str
    players: tuple[str, ...]
    deals: tuple[DealSettlement, ...]
    outcomes: tuple[TripoliOutcome | FinalOutcome, ...]
    dealers: tuple[int, ...]
    balance: tuple[int, ...]
    layout: Layout
    finished: bool
    winners: tuple[int, ...]
    antes_in: bool = False  # the last deal was a misdeal: the next deal's antes are on the layout already


def settle_session(value: Any) -> TripoliSessionResult:
    """Replay and settle a session record (the records contract's shape, ``game`` tripoli, rummoli or cosmo).

    The deal passes clockwise after every deal but a misdeal; each hand inherits game, options, players,
    dealer and number, and its layout before the antes is what the last deal left. A hand
    marked ``"counts": false`` (the records contract: dealt, awaiting a second phone's confirmation)
    is read and keeps its place in the rotation, but is neither replayed nor settled, and
    the output's ``hands`` leave it out, as in the trick-taking sessions.

    :raises ScorekeeperError: the first hand that is wrong (``error.hand`` is its 1-based position).
    """
    return _folded(value).result()


def settled(value: Any) -> Settled:
    """``settle_session`` as the one result of every family (``engine.settled``), which the app and the sheets read.

    :raises ScorekeeperError: as ``settle_session``."""
    return _folded(value).settled()


def _folded(value: Any) -> TripoliFold:
    fold = TripoliFold(value)
    for raw in read_hands(value.get("hands") or [], Said("Tripoli records")):
        fold.add(raw)
    return fold


class TripoliFold:
    """``settle_session`` as a fold: the session's table first, then ``add`` each hand in order, ``result``
    whenever asked (the app keeps a table's fold and adds a new deal to a copy: one deal of work).

    :raises ScorekeeperError: as ``settle_session``: from the constructor (the table), ``add`` (the hand)."""

    def __init__(self, value: Any) -> None:
        if not isinstance(value, Mapping):
            raise RecordSyntaxError(Said('a session record must be a JSON object'))
        table = {k: v for k, v in value.items() if k not in ("first_dealer", "hands")}
        table["dealer"] = value.get("first_dealer")
        game, players, first_dealer, options, _, _ = read_head(table, (*SESSION_FIELDS, "dealer"), "session record")
        make_rules(game, options)
        check_players(players)
        settlement = value.get("settlement") or "tripoli-layout"
        read_stake(value.get("stake"))  # kept with the session as the table agreed it; the chips settle here
        if not isinstance(settlement, str):
            raise RecordSyntaxError(Said('settlement must be a settlement id such as "tripoli-layout"'))
        if settlement not in TRIPOLI_METHODS:
            raise RecordSyntaxError(Said("a Tripoli session settles by tripoli-layout (or tripoli-final-poker), not "
                                         "%(settlement)s", settlement=shown(settlement)),
                                    code="unknown-option")
        self.settlement = settlement
        self.seating = seating = Seating(players)
        start = None if value.get("layout") is None else Layout.from_json(value["layout"])
        self.method = TRIPOLI_METHODS[settlement](seating, value.get("settlement_options") or {}, start)
        self.dealer = seating.seat(first_dealer)
        self.table_stakes = read_table_stakes(value.get("table_stakes"))
        self.given = {"game": game, "options": dict(options), "players": list(players)}
        self.read = 0  # hands read so far, counting ones that do not count yet
        self.deals: list[DealSettlement] = []
        self.outcomes: list[TripoliOutcome | FinalOutcome] = []
        self.dealers: list[int] = []
        self.balance = [0] * seating.size

    def copy(self) -> TripoliFold:
        """A fold that goes on from here while this one stays as it is (the method's state is frozen values)."""
        twin = copy.copy(self)
        twin.method = copy.copy(self.method)
        twin.deals, twin.outcomes, twin.dealers, twin.balance = (
            list(self.deals), list(self.outcomes), list(self.dealers), list(self.balance))
        return twin

    def add(self, raw: Mapping[str, Any]) -> None:
        """Settle the next hand (a hand object of the session record)."""
        check_hand_count(self.read + 1)
        self.read += 1
        position, method, seating = self.read, self.method, self.seating
        try:
            raw, counts = split_counts(raw)
            record = read_in_rotation(raw, self.given, from_json, seating.name(self.dealer), position)
            if method.state.final and (isinstance(record, TripoliRecord) or method.state.finished):
                raise InconsistentRecord(Said("the game was over after hand %(number)s (the final poker), but more "
                                              "hands are recorded", number=position - 1), code="game-over")
            void = isinstance(record, TripoliRecord) and record.misdeal is not None
            if not counts:  # dealt (the deal passes on, unless it was a misdeal) but not settled yet
                self.dealer = self.passed(self.dealer, void)
                return
            outcome: TripoliOutcome | FinalOutcome
            stacks = None if self.table_stakes is None else [self.table_stakes + b for b in self.balance]
            if isinstance(record, FinalPokerRecord):
                outcome = replay_final(record, method.layout, pots=method.opts["final_pots"], tie=method.opts["final_tie"],
                                       stacks=stacks)
            else:
                outcome = replay(record, method.layout, method.state.antes_in, stacks)
            payments, notes = method.settle(outcome)
        except ScorekeeperError as exc:
            exc.hand = position
            raise
        self.balance = [b + p for b, p in zip(self.balance, payments)]
        method.after_hand(self.balance, self.balance, outcome)
        self.deals.append(DealSettlement(position, tuple(payments), method.layout, tuple(notes),
                                         isinstance(outcome, FinalOutcome),
                                         outcome.void if isinstance(outcome, TripoliOutcome) else None))
        self.outcomes.append(outcome)
        self.dealers.append(self.dealer)
        self.dealer = self.passed(self.dealer, void)

    def passed(self, dealer: int, void: bool) -> int:
        """Who deals after ``dealer``'s deal: the deal passes clockwise, but a misdeal is redealt by the same
        dealer (4.2); a final poker deal passes it like any other."""
        return dealer if void else self.seating.next(dealer)

    def coming_dealers(self, ahead: int) -> tuple[str, ...]:
        """Who deals the next deal and each of the ``ahead`` deals after it, each dealt and none a misdeal
        (``passed``); none once the game is over (the final poker took the layout). Whether another
        deal follows a final poker deal is its outcome's (a tie's odd chips, several pots): these say
        who deals it if one does."""
        if self.method.finished:
            return ()
        seats = [self.dealer]
        for _ in range(ahead):
            seats.append(self.passed(seats[-1], False))
        return tuple(self.seating.name(seat) for seat in seats)

    def result(self) -> TripoliSessionResult:
        """The session settled as it stands."""
        method = self.method
        return TripoliSessionResult(self.settlement, self.seating.players, tuple(self.deals), tuple(self.outcomes),
                                    tuple(self.dealers), tuple(self.balance), method.layout, method.finished,
                                    method.winner_seats if self.deals else (), method.state.antes_in)

    def settled(self) -> Settled:
        """``result`` as the one result of every family (``family.Fold``)."""
        return settled_of(self.result())

    def result_json(self) -> dict[str, Any]:
        """``settled`` as the settle output."""
        return settled_json(self.settled())


def settle_json(value: Any) -> dict[str, Any]:
    """The ``settle`` output of the records contract (docs/command.md) for a Tripoli session (chips only: ``points`` repeat the payments)."""
    return settled_json(settled(value))


def settled_of(result: TripoliSessionResult) -> Settled:
    """A settled Tripoli session as every family gives it: chips only, the layout carried as data."""
    names = result.players
    hands = tuple(
        SettledHand(deal.position, deal.position, names[dealer], names, deal.payments, deal.payments, deal.pool,
                    totals, deal.notes, carried={"layout": deal.layout.to_json()}, final=deal.final, void=deal.void)
        for deal, dealer, totals in zip(result.deals, result.dealers,
                                        running([d.payments for d in result.deals], len(names))))
    carried: dict[str, Any] = {"layout": result.layout.to_json()}
    if result.antes_in:  # the last deal was a misdeal: the next deal's antes are on the layout already
        carried["antes_in"] = True
    return Settled(result.settlement, names, hands, result.balance, result.balance, result.layout.total,
                   result.finished, tuple(names[s] for s in result.winners), carried=carried)


def replay_json(value: Any, carried: Layout | None = None, antes_in: bool | None = None) -> dict[str, Any]:
    """The ``replay`` output of one Tripoli record (a deal, or a final poker deal with its ``layout``);
    ``antes_in``: the deal before was a misdeal, whose antes serve this one.

    :raises ScorekeeperError: as ``replay``/``replay_final``.
    """
    record = from_json(value)
    if isinstance(record, FinalPokerRecord):
        opts = resolve("tripoli-layout", _SPECS, {}, {})
        pots = "several" if record.pot is not None else opts["final_pots"]
        return outcome_json(replay_final(record, carried, pots=pots, tie="cut" if record.cut else opts["final_tie"]))
    assert isinstance(record, TripoliRecord)
    return outcome_json(replay(record, carried, antes_in))


__all__ = [
    "SETTLEMENT_OPTIONS", "LayoutState", "DealSettlement", "tripoli_layout", "tripoli_final_poker", "fold", "deal_notes",
    "TripoliLayout", "TripoliFinalPoker", "TRIPOLI_METHODS", "TripoliSessionResult", "settle_session", "settle_json",
    "settled", "settled_of", "replay_json",
]
