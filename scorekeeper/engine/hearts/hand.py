"""The core's games on the kernel's trick machine: one hand from the first lead to the last trick.

``Hand`` is ``engine.tricks.TrickMachine`` (the deal held, whose turn, following suit, who wins a trick,
the tricks taken, the legal cards; ``check_play`` the only place a play's legality is decided) under the
ruleset's trick rules (``trick_rules``), with what the core's games add: the first lead's rules (2.2.3),
breaking hearts, the Joker (2.16), the widow, the stock, Cancellation Hearts' dead tricks. What it hands
out (``Trick``, ``Snapshot``) is immutable. The games whose play differs throughout are subclasses below
(``DominoHand``, ``ConquimbertHand``, ``GongZhuHand``); ``new_hand`` picks the class.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from ..cards import JOKER, Card, Suit, card, cards_said, mask_of as mask_of
from ..errors import IllegalPlay, InconsistentRecord, Said
from .ruleset import Ruleset
from ..seating import Seating
from ..tricks import (ALL_BITS, CARD_BIT as CARD_BIT, CARD_ORDER as CARD_ORDER, SUIT_BITS as SUIT_BITS, Trick as Trick,
                      TrickMachine, TrickRules, cards_of as cards_of, rank_order, suit_place as _suit_place,
                      trump_index as trump_index)

# Final: constants mypyc can read without a module-dictionary lookup (compiled builds).
TWO_OF_CLUBS: Final = card("2C")
QUEEN_OF_SPADES: Final = card("QS")
S: Final = 0  # suit indexes (Card.si)
H: Final = 1
D: Final = 2
C: Final = 3

HEARTS_BITS: Final = SUIT_BITS[H]
QS_BIT: Final = QUEEN_OF_SPADES.bit
TWO_C_BIT: Final = TWO_OF_CLUBS.bit
CLUB_LEADS: Final = ("two-of-clubs", "any-club", "lowest-club")  # first leads given by a club's holder (2.2.3)
POINT_BITS: Final = HEARTS_BITS | QS_BIT  # what first_trick_points=false keeps off trick 1
JOKER_BIT: Final = JOKER.bit
# Joker Hearts (2.16, AMB-15): the Joker is a heart for following, leading and breaking.
JOKER_SUIT_BITS: Final[tuple[int, ...]] = (
    SUIT_BITS[0], HEARTS_BITS | JOKER_BIT, SUIT_BITS[2], SUIT_BITS[3], HEARTS_BITS | JOKER_BIT,
)
HIGH_HEARTS_BITS: Final = card("JH").bit | card("QH").bit | card("KH").bit | card("AH").bit  # beat the Joker


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The table after one play: for the trick-by-trick audit, which only indexes into these."""

    play: int  # 0-based index of the play just made
    trick: int  # 1-based trick it belongs to
    seat: int
    card: Card
    current: tuple[tuple[int, Card], ...]  # the trick so far, including this card
    completed: Trick | None  # set when this card completed a trick
    holdings: tuple[tuple[Card, ...], ...]  # each seat's cards left, display order
    taken: tuple[tuple[Card, ...], ...]  # each seat's cards won so far
    drawn: tuple[Card, ...] = ()  # Domino Hearts: what the player drew from the stock just before this play


class Hand(TrickMachine):
    """One hand of the core's games in play: the kernel's trick machine (``engine.tricks``) under the
    ruleset's trick rules (``trick_rules``), with what the core's games add to it: the first lead's rules
    (2.2.3), breaking hearts, the Joker (2.16), the widow, a stock drawn after each trick (2.14) and
    Cancellation Hearts' dead tricks (2.12).

    :param hands: each seat's cards after any passing, in seat order.
    :param widow: undealt cards that go to the winner of trick 1.
    :param leader: who leads trick 1 (default: the ruleset decides).
    :param out_of_turn_tricks: tricks in which a play out of turn stood (catalogue 4.3).
    """

    def __init__(
        self,
        ruleset: Ruleset,
        seating: Seating,
        dealer: int,
        hands: Sequence[Iterable[Card]],
        *,
        widow: Sequence[Card] = (),
        leader: int | None = None,
        out_of_turn_tricks: Iterable[int] = (),
        trump: Suit | None = None,
        stock: Sequence[Card] = (),
    ) -> None:
        super().__init__(trick_rules(ruleset), seating, dealer, hands, leader=leader,
                         out_of_turn_tricks=out_of_turn_tricks, trump=trump)
        self.ruleset = ruleset
        self.widow = tuple(widow)
        # The club rules (2.2.3): the club whose holder leads trick 1 (2C, or the lowest club in the hands), and
        # its holder; None when it is out of the hands (AMB-44: the game's eldest rule applies instead).
        # (Returned, not set by the method: mypyc would keep the attributes narrowed to None across the call.)
        found = self._find_lead_club() if ruleset.first_lead in CLUB_LEADS else None
        self.lead_club: Card | None = None if found is None else found[0]
        self.lead_club_holder: int | None = None if found is None else found[1]
        self.first_lead = ruleset.first_lead
        if self.first_lead in CLUB_LEADS and found is None:
            self.first_lead = ruleset.fallback_lead  # AMB-44
        if leader is None:
            self.first_leader = self.leader = self.turn = self._first_leader()
        self._joker = ruleset.joker  # Joker Hearts: the Joker's trick rule and its discard exception
        self._hearts = HEARTS_BITS | JOKER_BIT if self._joker else HEARTS_BITS  # what counts as a heart
        self._point_bits = self._hearts | QS_BIT
        self._restricted = ruleset.break_rule == "lead-restricted"
        self._cancel = ruleset.cancellation  # Cancellation Hearts: identical cards cancel; dead tricks
        self.dead: list[Card] = []  # cards of dead tricks not yet taken (out of play when the hand ends)
        self._widow_taken = False
        self.stock = list(stock)  # the stock, top card first: Two-Handed Hearts draws after each trick (2.14)
        self._refill = bool(stock)  # draw after each trick (Two-Handed Hearts; not Domino Hearts' stock)
        if self.widow or stock:
            self._plain = False  # the widow to the winner of trick 1, the stock's draws: closed by _finish_trick

    @property
    def hearts_broken(self) -> bool:
        """A heart (or the queen of spades, where she breaks them) was played: hearts may be led."""
        return self.broken

    # --- the rules ---------------------------------------------------------------------------

    def _find_lead_club(self) -> tuple[Card, int] | None:
        """The club the club rules hand the first lead to, and its holder (2.2.3): 2C under ``two-of-clubs`` and
        ``any-club``; under ``lowest-club`` the lowest club any player holds (the highest club bit: clubs run
        from the ace down in bit order). None when no player holds it."""
        if self.ruleset.first_lead == "lowest-club":
            clubs = 0
            for h in self._held:
                clubs |= h
            clubs &= SUIT_BITS[C]
            bit = 1 << (clubs.bit_length() - 1) if clubs else 0
        else:
            bit = TWO_C_BIT
        for s, h in enumerate(self._held):
            if h & bit:
                return CARD_ORDER[bit.bit_length() - 1], s
        return None

    def presume_lead_club(self, seat: int, club: Card | None) -> None:
        """Without the deal, before the cards show it: take the table's stated leader as the holder of the club
        the club rules hand the lead to (``club`` None: a club not known yet, the lowest in the hands)."""
        self.first_lead = self.ruleset.first_lead
        self.lead_club, self.lead_club_holder = club, seat
        self.first_leader = self.leader = self.turn = seat

    def _first_leader(self) -> int:
        """Eldest, or the holder of the lead club under the club rules (catalogue 2.2.3)."""
        if self.first_lead in CLUB_LEADS and self.lead_club_holder is not None:
            return self.lead_club_holder
        return self.seating.eldest(self.dealer)

    def _check_lead(self, seat: int, c: Card, bit: int, held: int) -> None:
        """Lead restrictions: the first lead (2.2.3) and breaking hearts."""
        if not self.tricks:
            rule = self.first_lead
            if rule != "eldest-any":
                self._check_first_lead(rule, seat, c, bit, held)
        hearts = self._hearts
        if bit & hearts and self._restricted and not self.broken:
            others = held & ~hearts
            if others == QS_BIT and self.ruleset.lead_heart_instead_of_queen and not self._held2[seat] & QS_BIT:
                others = 0  # his only other card is QS: he may lead a heart instead
            if others:
                self._fail("hearts-not-broken", seat, c, Said("%(player)s led %(card)s before hearts were broken while holding "
                                                                "other suits", player=self._name(seat), card=c))

    def _check_first_lead(self, rule: str, seat: int, c: Card, bit: int, held: int) -> None:
        """The first lead's rule (catalogue 2.2.3)."""
        name = self._name(seat)
        if rule == "two-of-clubs" and c is not TWO_OF_CLUBS:
            self._fail("first-lead", seat, c, Said("%(player)s holds 2\u2663 and must lead it to the first trick, not %(card)s",
                                                   player=name, card=c))
        if rule == "any-club" and c.si != C:
            self._fail("first-lead", seat, c, Said("%(player)s holds 2\u2663 and must lead a club to the first trick, not "
                                                   "%(card)s", player=name, card=c))
        if rule == "lowest-club" and c is not self.lead_club:
            if self.lead_club is None:  # without the deal, the leader's lowest club is not known yet
                if c.si != C:
                    self._fail("first-lead", seat, c, Said("%(player)s holds the lowest club in the hands and must "
                                                           "lead it to the first trick, not %(card)s", player=name, card=c))
            else:
                self._fail("first-lead", seat, c, Said("%(player)s holds %(club)s, the lowest club in the hands, and must "
                                                       "lead it to the first trick, not %(card)s", player=name,
                                                       club=self.lead_club, card=c))
        hearts = self._hearts
        if rule == "eldest-no-heart" and bit & hearts and held & ~hearts:
            self._fail("first-lead", seat, c, Said("%(player)s may not lead %(card)s to the first trick while holding other "
                                                   "suits than hearts", player=name, card=c))
        if rule == "eldest-no-spade-heart" and bit & (hearts | SUIT_BITS[S]):
            if held & ~(hearts | SUIT_BITS[S]):
                self._fail(
                    "first-lead", seat, c,
                    Said("%(player)s may not lead %(card)s (a %(suit)s) to the first trick while holding clubs or "
                         "diamonds", player=name, card=c, suit=_suit_place(c.suit)),
                )

    def _may_discard_joker(self) -> bool:
        """2.16 (002): on a plain-suit trick the Joker may be discarded by a player holding the suit led
        once another player has discarded a heart higher than the ten (J, Q, K, A) to the trick."""
        if not self.ruleset.joker_discard_exception or self._led & HEARTS_BITS:
            return False
        return any(c.bit & HIGH_HEARTS_BITS for _, c in self.current)

    def _may_discard(self, c: Card) -> bool:
        """Joker Hearts: the Joker's discard on a plain suit (2.16)."""
        return self._joker and c.bit == JOKER_BIT and self._may_discard_joker()

    def _led_place(self) -> Suit | str:
        return _suit_place(self.current[0][1].suit, self._joker)

    def _is_point_card(self, c: Card) -> bool:
        """A heart or QS: what first_trick_points=false keeps off trick 1."""
        return bool(c.bit & self._point_bits)

    # --- applying plays ----------------------------------------------------------------------

    def _finish_trick(self) -> Trick:
        """The trick as the machine closes it; then what the core's games add: Cancellation Hearts' dead tricks
        (set aside, to the winner of the next), the widow (to the winner of trick 1), the stock's draws."""
        plays = tuple(self.current)
        if self._cancel:
            winner = self._cancelled_winner(plays)
        elif self._joker:
            winner = self.trick_winner(plays)
        else:  # the machine's own rule, without the Joker's test: the replay's common case
            winner = self._ranked_winner(plays)
        if winner < 0:  # Cancellation Hearts: a dead trick is set aside; its leader leads again (AMB-27)
            self.dead.extend([c for _, c in plays])
            return self._close_trick(plays, winner)
        # The machine's _close_trick, inline: the replay's inner loop closes every trick here.
        tricks = self.tricks
        trick = tuple.__new__(Trick, (len(tricks) + 1, plays[0][0], plays, winner))
        won = self.taken[winner]
        for _, c in plays:
            won.append(c)
        tricks.append(trick)
        self.current = []
        self._led = 0
        self._out_of_order = False
        self.leader = self.turn = winner
        if self.dead:  # the dead tricks set aside go to the winner of the next trick
            won.extend(self.dead)
            self.dead = []
        if not self._widow_taken:
            won.extend(self.widow)  # the widow goes to the winner of trick 1 (T-STD 5)
            self._widow_taken = True
        if self._refill and self.stock:  # 2.14: the winner draws the top card of the stock, then the loser the next
            seat = winner
            for _ in range(self.n):
                if self.stock:
                    self._held[seat] |= self.stock.pop(0).bit
                seat = self._next[seat]
        return trick

    def trick_winner(self, plays: Sequence[tuple[int, Card]]) -> int:
        """The highest trump, else the highest card of the led suit; of two identical cards the
        first played (T-STD 3). Joker Hearts: the Joker's trick rule first (2.16)."""
        if self._joker and any(c.bit == JOKER_BIT for _, c in plays):
            return _joker_trick_winner(plays)
        return self._ranked_winner(plays)

    def _cancelled_winner(self, plays: Sequence[tuple[int, Card]]) -> int:
        """Cancellation Hearts (2.12, AMB-27): two identical cards cancel and cannot win; the highest
        other card of the suit led (the first card's, even when cancelled) wins. Two cancelled pairs,
        or a pair and no other card of the suit led, make the trick dead: -1."""
        seen = 0
        twice = 0
        for _, c in plays:
            if seen & c.bit:
                twice |= c.bit
            seen |= c.bit
        if not twice:
            return self.trick_winner(plays)
        if twice.bit_count() >= 2:
            return -1
        led = plays[0][1].si
        rank_of = self.rank_of
        best_seat, best = -1, -1
        for seat, c in plays:
            if c.si == led and not c.bit & twice and rank_of[c.ri] > best:
                best_seat, best = seat, rank_of[c.ri]
        return best_seat

    # --- views -------------------------------------------------------------------------------

    def snapshot(self, c: Card, seat: int, completed: Trick | None) -> Snapshot:
        """An immutable picture of the table after the play just made."""
        current = completed.plays if completed else tuple(self.current)
        return Snapshot(
            play=self.plays_made - 1,
            trick=completed.number if completed else self.trick_number,
            seat=seat,
            card=c,
            current=current,
            completed=completed,
            holdings=tuple(tuple(_expand(h)) for h in self.holding),
            taken=tuple(tuple(t) for t in self.taken),
            drawn=self._drawn_before(self.plays_made - 1),
        )

    def _drawn_before(self, play: int) -> tuple[Card, ...]:
        """The cards drawn from the stock just before play ``play`` (Domino Hearts only)."""
        return ()


def _expand(held: dict[Card, int]) -> list[Card]:
    return [c for c, k in held.items() for _ in range(k)]


def _joker_trick_winner(plays: Sequence[tuple[int, Card]]) -> int:
    """2.16: a trick holding the Joker goes to the Joker, unless it also holds JH, QH, KH or AH: then
    to the highest of those, whatever suit was led."""
    best_seat, best = -1, 0
    for seat, c in plays:
        if c.bit & HIGH_HEARTS_BITS and c.ri > best:
            best_seat, best = seat, c.ri
    if best_seat >= 0:
        return best_seat
    return next(seat for seat, c in plays if c.bit == JOKER_BIT)


_TRICK_RULES: Final[dict[tuple[bool, bool, bool, bool, bool, bool], TrickRules]] = {}  # by trick_rules' key: read-only values


def trick_rules(ruleset: Ruleset) -> TrickRules:
    """What the kernel's trick machine asks of a core ruleset: a Joker is a heart for following, leading and
    breaking (2.16); hearts (and the queen of spades, where she breaks them) break hearts; the points kept off
    the first trick (``first_trick_points`` false); the ten second (Conquimbert). Plain (the machine's one loop):
    no Joker, no cancelled cards, a variant that adds nothing to the play (``Variant.plain_play``) and trumps known
    before the first lead; under ``lead-restricted`` no heart is a free lead before hearts are broken (the first
    lead's rules, ``_check_lead``, are asked for every first lead). Made once per kind."""
    key = (ruleset.joker, ruleset.queen_breaks_hearts, ruleset.first_trick_points, ruleset.rank_order == "ten-second",
           ruleset.break_rule == "lead-restricted", not ruleset.joker and not ruleset.cancellation
           and ruleset.variant.plain_play and ruleset.trumps != "first-void")
    found = _TRICK_RULES.get(key)
    if found is None:
        joker, queen_breaks, first_trick_points, ten_second, restricted, plain = key
        hearts = HEARTS_BITS | JOKER_BIT if joker else HEARTS_BITS
        found = _TRICK_RULES[key] = TrickRules(
            suits=JOKER_SUIT_BITS if joker else SUIT_BITS, ranks=rank_order(ten_second),
            breaks=hearts | (QS_BIT if queen_breaks else 0), first_trick_barred=0 if first_trick_points else hearts | QS_BIT,
            plain=plain, free_leads=ALL_BITS & ~hearts if restricted else ALL_BITS)
    return found


# --- the games whose play differs: Domino Hearts, Conquimbert --------------------------------------
# Subclasses here rather than flags in ``Hand.run``: the common replay pays nothing for them (a compiled
# build also needs them in this module: an interpreted class cannot subclass a compiled one).


class Draw(NamedTuple):
    """Cards a player drew from the stock before a play (Domino Hearts, 2.13)."""

    play: int  # 0-based index of the play they came before
    seat: int
    cards: tuple[Card, ...]


class Remainder(NamedTuple):
    """The end of a Domino Hearts hand: who kept the cards still held and took the stock (2.13, AMB-17)."""

    seat: int
    kept: tuple[Card, ...]
    stock: tuple[Card, ...]


class DominoHand(Hand):
    """Domino Hearts (catalogue 2.13, AMB-17): six cards each, the rest a stock, top card first.

    A player who cannot follow draws from the stock, one card at a time, until he draws a card of
    the suit led, and plays it; only with the stock gone may he discard. A player whose hand is
    empty drops out: a trick is played by the players still holding cards, and a winner with none
    left is followed as leader by the next of them on his left. When one player is left with cards
    he keeps them and takes the stock; when the last players run out on the same trick, its winner
    takes the stock (AMB-17). The record holds the stock's order, not the draws: they follow from
    it, so they are made here, when a player's turn needs them, and kept (``draws``) for the audit
    and the notation.

    ``draws_unknown``: a record without the deal and the stock's order (the plays alone, each
    player's hand rebuilt from his plays). Nothing is drawn here then; ``stock`` holds the cards
    left in it at the end, and while it is not empty no player may fail to follow: he had to
    draw until the suit led came. ``discarded`` says a card off the suit led was played: from
    then on the stock is taken as gone, so a card played later was held already.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        seating: Seating,
        dealer: int,
        hands: Sequence[Iterable[Card]],
        *,
        stock: Sequence[Card] = (),
        leader: int | None = None,
        out_of_turn_tricks: Iterable[int] = (),
    ) -> None:
        super().__init__(ruleset, seating, dealer, hands, leader=leader, out_of_turn_tricks=out_of_turn_tricks,
                         stock=stock)
        self._refill = False  # drawn when void, not after each trick
        self.draws: list[Draw] = []
        self.remainder: Remainder | None = None
        self.draws_unknown = False
        self.discarded = False

    def must_draw(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` draws before playing now: up to and including the first card of the suit
        led (all of the stock when it has none); nothing when he can follow, leads, or the stock is gone."""
        led = self._led
        held = self._held[seat]
        if not led or not held or held & led or not self.stock or self.draws_unknown:
            return ()
        for i, c in enumerate(self.stock):
            if c.bit & led:
                return tuple(self.stock[: i + 1])
        return tuple(self.stock)

    def check_play(self, c: Card, seat: int | None = None) -> None:
        """``Hand.check_play`` with the cards the player must draw first in his hand: a card of the suit
        led among them must be played (code ``draw``: AMB-10 handles it like a renege)."""
        who = self.turn if seat is None else seat
        drawn = self.must_draw(who)
        if not drawn:
            if self.draws_unknown and self.stock and self.current:
                self._check_with_stock_left(c, who, seat)
                return
            super().check_play(c, seat)
            return
        held = self._held
        before = held[who]
        for d in drawn:
            held[who] |= d.bit
        try:
            super().check_play(c, seat)
        except IllegalPlay as exc:
            if exc.code != "revoke":
                raise
            suit = self.current[0][1].suit
            name = self._name(who)
            self._fail(
                "draw", who, c,
                Said("%(player)s played %(card)s without drawing: with no %(suit)ss in hand and cards in the stock, "
                     "%(player)s draws until a %(suit)s comes (%(drawn)s) and must play it, %(last)s", player=name, card=c,
                     suit=_suit_place(suit, True), drawn=cards_said(drawn), last=drawn[-1]),
            )
        finally:
            held[who] = before

    def _check_with_stock_left(self, c: Card, who: int, seat: int | None) -> None:
        """Without the draws: a card off the suit led while the stock still held cards (it did at the end)."""
        try:
            super().check_play(c, seat)
        except IllegalPlay as exc:
            if exc.code != "revoke":
                raise
        if not c.bit & self._led:
            name = self._name(who)
            self._fail(
                "draw", who, c,
                Said("%(player)s played %(card)s on a %(suit)s lead: the stock still held cards (%(left)s were left in "
                     "it at the end), so %(player)s had to draw until a %(suit)s came and play it", player=name, card=c,
                     suit=_suit_place(self.current[0][1].suit), left=len(self.stock)),
            )

    def legal_plays(self) -> list[Card]:
        """Every card the player to move may play, counting the cards he must draw first."""
        mask = self._held[self.turn]
        for d in self.must_draw(self.turn):
            mask |= d.bit
        return [c for c in cards_of(mask) if self.is_legal(c)]

    def run(self, plays: Iterable[tuple[Card, int | None]], *, check: bool = True) -> None:
        """``Hand.run``, each player drawing what he must before his card is applied."""
        for c, named in plays:
            if check:
                self.check_play(c, named)
            seat = self.turn if named is None else named
            drawn = self.must_draw(seat)
            if drawn:
                self.draws.append(Draw(self.plays_made, seat, drawn))
                del self.stock[: len(drawn)]
                for d in drawn:
                    self._held[seat] |= d.bit
            super().run(((c, named),), check=False)

    def _finish_trick(self) -> Trick:
        """The trick as usual; then the players with no cards drop out (2.13), or the hand ends."""
        trick = super()._finish_trick()
        self._short += self.n - len(trick.plays)
        if self.draws_unknown and not self.discarded:
            led = trick.plays[0][1].suit
            self.discarded = any(c.suit is not led for _, c in trick.plays)
        held = self._held
        active = [s for s in range(self.n) if held[s]]
        if len(active) <= 1:  # one player left keeps his cards and takes the stock; none: the winner (AMB-17)
            keeper = active[0] if active else trick.winner
            kept, stock = cards_of(held[keeper]), list(self.stock)
            if kept or stock:
                self.taken[keeper].extend(kept + stock)
                self.remainder = Remainder(keeper, tuple(kept), tuple(stock))
            held[keeper] = 0
            self.stock.clear()
            return trick
        if len(active) < self._size:
            for s in range(self.n):  # the turn passes over the players who dropped out
                nxt = self.seating.next(s)
                while not held[nxt]:
                    nxt = self.seating.next(nxt)
                self._next[s] = nxt
            self._size = len(active)
        if not held[trick.winner]:  # he won with his last card: the next active player on his left leads
            self.leader = self.turn = self._next[trick.winner]
        return trick

    def _drawn_before(self, play: int) -> tuple[Card, ...]:
        return next((d.cards for d in self.draws if d.play == play), ())


class Turned(NamedTuple):
    """Conquimbert (2.24): the play that could not follow first, and the card turned up for trumps."""

    play: int
    seat: int
    card: Card


class ConquimbertHand(Hand):
    """Conquimbert (catalogue 2.24, AMB-34): the ten ranks second, and trumps come late.

    The first time a player cannot follow, the top card of the out-of-play stock (``turn_up``) is
    shown: its suit is trumps for that trick and every later one. Without a stock (four players)
    the hand has no trumps.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        seating: Seating,
        dealer: int,
        hands: Sequence[Iterable[Card]],
        *,
        turn_up: Card | None = None,
        has_stock: bool = True,
        leader: int | None = None,
        out_of_turn_tricks: Iterable[int] = (),
    ) -> None:
        super().__init__(ruleset, seating, dealer, hands, leader=leader, out_of_turn_tricks=out_of_turn_tricks)
        self.turn_up = turn_up
        self._awaiting = has_stock  # trumps not turned up yet, and a stock to turn them from
        self.turned: Turned | None = None

    def run(self, plays: Iterable[tuple[Card, int | None]], *, check: bool = True) -> None:
        """``Hand.run``, turning up trumps at the first card that does not follow."""
        for c, named in plays:
            if check:
                self.check_play(c, named)
            if self._awaiting and self._led and not c.bit & self._led:
                self._turn_up(c, self.turn if named is None else named)
            super().run(((c, named),), check=False)

    def _turn_up(self, c: Card, seat: int) -> None:
        """:raises InconsistentRecord: the record does not say which card was turned up (``trumps``)."""
        up = self.turn_up
        if up is None or up.suit is None:
            raise InconsistentRecord(
                Said("%(player)s could not follow in trick %(trick)s, so the top out-of-play card was turned up for "
                     "trumps: record it (the event {\"type\": \"trumps\", \"card\": ...}, or the out-of-play cards in "
                     "\"widow\", top card first)", player=self._name(seat), trick=self.trick_number),
                code="trumps", play=self.plays_made, trick=self.trick_number, player=self._name(seat), card=c.code,
            )
        self.trump = trump_index(up.suit)
        self.turned = Turned(self.plays_made, seat, up)
        self._awaiting = False


def turns_follow_the_cards(ruleset: Ruleset) -> bool:
    """Whether the cards played alone say whose turn it is and who wins each trick, once the trumps
    are known: not where bids choose the leader (Auction Hearts), players drop out as their hands
    empty (Domino Hearts), or trades before the first trick move cards between hands (Conquimbert).
    What a card-by-card page can follow without the deal."""
    return ruleset.variant.follows_turns and not ruleset.trades_per_player


def new_hand(
    ruleset: Ruleset,
    seating: Seating,
    dealer: int,
    hands: Sequence[Iterable[Card]],
    *,
    undealt: Sequence[Card] = (),
    trump: Card | None = None,
    leader: int | None = None,
    out_of_turn_tricks: Iterable[int] = (),
) -> Hand:
    """The state machine a ruleset plays with. ``undealt`` is what the record's widow holds (the
    widow, a stock, or the cards out of play); ``trump`` the card turned up for trumps, or the
    named suit's ace."""
    own = ruleset.variant.new_hand(ruleset, seating, dealer, hands, undealt=undealt, leader=leader,
                                   out_of_turn_tricks=out_of_turn_tricks)  # Domino Hearts
    if own is not None:
        return own
    if ruleset.trumps == "first-void":
        return ConquimbertHand(ruleset, seating, dealer, hands, turn_up=trump,
                               has_stock=ruleset.layout(seating.size).widow_size > 0, leader=leader,
                               out_of_turn_tricks=out_of_turn_tricks)
    return Hand(ruleset, seating, dealer, hands, widow=undealt if ruleset.leftover == "widow" else (),
                stock=undealt if ruleset.leftover == "stock" else (), trump=None if trump is None else trump.suit,
                leader=leader, out_of_turn_tricks=out_of_turn_tricks)


class GongZhuHand(Hand):
    """Gong Zhu's play (catalogue 2.30): who leads the first hand (the holder of a spade, ``lead_card``, who
    may have to lead it, ``must_lead``), and the exposed cards (``exposed``, a card mask), each of which may not
    be led or played to the first trick of its suit while its holder has another card of that suit (2.30.3,
    AMB-56; code ``exposed-card``). Discards on another suit are free; once its suit has been led, the card is
    free. The rules themselves are the game's (``engine.hearts.gong_zhu``); this is the state machine that keeps them."""

    def __init__(
        self, ruleset: Ruleset, seating: Seating, dealer: int, hands: Sequence[Iterable[Card]], *,
        exposed: int = 0, lead_card: Card | None = None, must_lead: bool = False, leader: int | None = None,
        out_of_turn_tricks: Iterable[int] = (),
    ) -> None:
        held = [tuple(h) for h in hands]
        self._exposed = exposed
        self._lead_card = lead_card
        self._must_lead = must_lead
        self._holder: int | None = None
        if lead_card is not None:
            self._holder = next((s for s, h in enumerate(held) if lead_card in h), None)
        self._stated = leader if leader is not None else self._holder
        self._opened = 0  # the suits led to a finished trick (suit bits): their exposed cards are free
        super().__init__(ruleset, seating, dealer, held, leader=self._stated, out_of_turn_tricks=out_of_turn_tricks)

    def _first_leader(self) -> int:
        """The stated leader, else the holder of the lead card, else eldest."""
        if self._stated is not None:
            return self._stated
        return super()._first_leader()

    def check_play(self, c: Card, seat: int | None = None) -> None:
        super().check_play(c, seat)
        turn = self.turn if seat is None else seat
        lead_card = self._lead_card
        if not self.tricks and not self.current and lead_card is not None:
            holder = self._holder
            if holder is not None and holder != turn:
                self._fail("first-lead", turn, c, Said("%(holder)s holds %(lead)s and leads the first trick, not "
                                                       "%(player)s", holder=self._name(holder), lead=lead_card,
                                                       player=self._name(turn)))
            if self._must_lead and c is not lead_card and self._held[turn] & lead_card.bit:
                self._fail("first-lead", turn, c, Said("%(player)s holds %(lead)s and must lead it to the first trick, "
                                                       "not %(card)s", player=self._name(turn), lead=lead_card, card=c))
        bit = c.bit
        if not bit & self._exposed:
            return
        suit = SUIT_BITS[c.si]
        led = self._led
        if suit & self._opened or (led and not bit & led):
            return  # its suit was led before, or a discard on another suit
        others = self._held[turn] & suit & ~bit
        if others:
            places = {"player": self._name(turn), "card": c, "suit": _suit_place(c.suit),
                      "others": cards_said(cards_of(others))}
            self._fail("exposed-card", turn, c, Said(
                "%(player)s exposed %(card)s and may not play it to the first %(suit)s trick while holding other "
                "%(suit)ss (%(others)s)", **places) if led else Said(
                "%(player)s exposed %(card)s and may not lead it to the first %(suit)s trick while holding other "
                "%(suit)ss (%(others)s)", **places))

    def _finish_trick(self) -> Trick:
        self._opened |= SUIT_BITS[self.current[0][1].si]
        return super()._finish_trick()
