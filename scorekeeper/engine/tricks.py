"""The trick machine: one hand of tricks from the first lead to the last, for every family that plays tricks.

``TrickMachine`` holds the deal, says whose turn it is, checks following suit, decides who wins a trick,
keeps the tricks taken and gives the legal cards. It asks a family's rules only what ``TrickRules`` holds
(which cards follow which suit, the ranks' order, what breaks a suit for leading, what may not go to the
first trick); a family whose play goes further subclasses it (the core's ``hearts.hand.Hand``: the first
lead's rules, breaking hearts, the Joker, widows and stocks). Reversis plays on it as it is.

Holdings are bitmasks over card indexes (``CARD_BIT``): "does he hold it", "does he hold that
suit" and "what else does he hold" are one ``&`` each, which is what makes checking every play of a
long archive cheap. The bit order is the display order, so reading a mask back gives sorted cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from .cards import ALL_CARDS, JOKER, Card, Suit, cards_said, mask_of
from .errors import IllegalPlay, Said
from .seating import Seating

# Final: constants mypyc can read without a module-dictionary lookup (compiled builds).
CARD_ORDER: Final[tuple[Card, ...]] = ALL_CARDS + (JOKER,)  # display order: S H D C high to low, joker last
CARD_BIT: Final[dict[Card, int]] = {c: c.bit for c in CARD_ORDER}  # Card.bit: 1 << the card's place in CARD_ORDER
SUIT_BITS: Final[tuple[int, ...]] = tuple(sum(c.bit for c in CARD_ORDER if c.si == si) for si in range(5))
ALL_BITS: Final = sum(SUIT_BITS)  # every card of every pack, the joker too
# (seat, card) as a trick holds it, made once for the seats of every table (a trick's plays share them): the one loop
# (``TrickMachine._run_plain``) makes no pair per card.
SEATED: Final[dict[Card, tuple[tuple[int, Card], ...]]] = {c: tuple([(s, c) for s in range(10)]) for c in CARD_ORDER}


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, in display order (bit order is display order)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARD_ORDER[low.bit_length() - 1])
        mask ^= low
    return out


def holding_masks(cards: Sequence[Card]) -> tuple[int, int]:
    """A seat's (held once or more, held twice) masks; the second is 0 unless a card repeats.

    No pack holds a card more than twice (a double pack is the most), so two masks are enough.
    """
    once = mask_of(cards)
    if once is not None:
        return once, 0
    once = twice = 0
    for c in cards:
        bit = c.bit
        if twice & bit:
            raise ValueError(f"{c.label} is held three times; no pack has more than two")
        if once & bit:
            twice |= bit
        once |= bit
    return once, twice


class Trick(NamedTuple):
    """A finished trick: who led, the cards in the order played (with their players), who won."""

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.plays)


def trump_index(suit: Suit) -> int:
    """The suit index (Card.si) of a trump suit."""
    return ("S", "H", "D", "C").index(suit.value)


def rank_order(ten_second: bool = False) -> tuple[int, ...]:
    """Trick-taking strength indexed by Card.ri (catalogue 1.1): natural, A high; or the ten
    ranking second, between A and K (Conquimbert)."""
    order = [2 * r for r in range(16)]
    order[15] = 21  # the Joker (Joker Hearts, 2.16): between the jack (22) and the ten (20)
    if ten_second:
        order[10] = 27  # between the king (26) and the ace (28)
    return tuple(order)


NATURAL_RANKS: Final = rank_order()


@dataclass(frozen=True, slots=True)
class TrickRules:
    """What the trick machine asks of a family's rules; the rest (following suit, who wins, whose turn,
    the tricks taken, the legal cards) it plays the same for every family.

    The defaults are plain trick play: four suits, the ace high, nothing restricted. A family with more
    (a suit that may not be led until broken, a card that wins against the ranks) gives them here, or in
    its own subclass of ``TrickMachine`` (the hooks ``_check_lead``, ``_may_discard``, ``_led_place``,
    ``trick_winner``, ``_finish_trick``); who leads the first trick is the machine's ``leader`` (eldest
    by default).
    """

    suits: tuple[int, ...] = SUIT_BITS  # by Card.si: the cards that follow it (a joker's si is 4)
    ranks: tuple[int, ...] = NATURAL_RANKS  # by Card.ri: the card's strength in its suit
    breaks: int = 0  # the cards whose play breaks the suit kept from the lead (``TrickMachine.broken``)
    first_trick_barred: int = 0  # the cards (those that score) no one may discard to the first trick holding others
    # The one loop (``TrickMachine.plain``): a family whose play is these rules and nothing more (no check of its own
    # while following or discarding, no card with a rule of its own, every trick won by rank or trump) says so with
    # ``plain``, and what its lead rules let anyone lead from the second trick on before ``breaks`` has been played
    # (every card once it has): ``free_leads``. Any other play (the first lead among them) goes to ``check_play``.
    plain: bool = False
    free_leads: int = ALL_BITS


class TrickMachine:
    """One hand of tricks in play, from the first lead to the last trick. Seats are ints; names come
    from ``seating``, the way round too (clockwise or not).

    Like python-chess's Board, it is mutable and cheap to advance; what it hands out (``Trick``) is
    immutable. ``check_play`` is the only place a play's legality is decided: ``is_legal``,
    ``legal_plays`` and ``play`` all go through it, so the form, the replay and the audit can never
    disagree. A refused revoke the table let stand (catalogue 4.1), or a family's licence to revoke,
    is made with ``apply``, unchecked. A double pack (each card twice) is a multiset: a second mask
    per seat marks the cards held twice.

    :param hands: each seat's cards after any passing, in seat order.
    :param leader: who leads trick 1 (default: eldest, the dealer's next).
    :param out_of_turn_tricks: tricks in which a play out of turn stood (catalogue 4.3).
    :param trump: the trump suit, if any.
    """

    def __init__(
        self,
        rules: TrickRules,
        seating: Seating,
        dealer: int,
        hands: Sequence[Iterable[Card]],
        *,
        leader: int | None = None,
        out_of_turn_tricks: Iterable[int] = (),
        trump: Suit | None = None,
    ) -> None:
        self.seating = seating
        self.dealer = dealer
        self.n = seating.size
        self._held: list[int] = []  # per seat: the cards held (at least once)
        self._held2: list[int] = []  # per seat: the cards held twice (double pack only)
        for cards_held in hands:
            once, twice = holding_masks(tuple(cards_held))
            self._held.append(once)
            self._held2.append(twice)
        self._double = any(self._held2)
        seen = 0
        self._shared = False  # a card held by two seats (a double pack, its copies dealt apart)
        for once in self._held:
            self._shared = self._shared or bool(seen & once)
            seen |= once
        self._next = [seating.next(s) for s in range(self.n)]
        self.rank_of = rules.ranks
        self.trump = None if trump is None else trump_index(trump)
        self.out_of_turn_tricks = frozenset(out_of_turn_tricks)
        self._suit_bits = rules.suits
        self._breakers = rules.breaks
        self._barred = rules.first_trick_barred
        self.first_leader = seating.eldest(dealer) if leader is None else leader
        self.tricks: list[Trick] = []
        self.taken: list[list[Card]] = [[] for _ in range(self.n)]
        self._size = self.n  # cards in a trick: one per player (fewer once players drop out: Domino Hearts)
        self._short = 0  # cards the finished tricks lacked (players out), for plays_made
        self.current: list[tuple[int, Card]] = []
        self._led = 0  # suit bits of the current trick's led suit; 0 before the lead
        self._out_of_order = False  # someone not on turn played to the current trick (4.3)
        self.leader = self.first_leader
        self.turn = self.first_leader
        self.broken = False  # a card of ``rules.breaks`` was played
        self._free_leads = rules.free_leads
        # The one loop: one pack (every card held once, by one seat: the loop marks a card gone for every seat), no
        # play out of turn allowed; a family's machine may turn it off for what its hand adds (the core's widow and
        # stock).
        self._plain = rules.plain and not self._double and not self._shared and not self.out_of_turn_tricks

    @property
    def holding(self) -> list[dict[Card, int]]:
        """Each seat's cards left and how many of each, in display order (a copy)."""
        return [
            {c: 2 if twice & c.bit else 1 for c in cards_of(once)}
            for once, twice in zip(self._held, self._held2)
        ]

    @property
    def cards_left(self) -> list[int]:
        """How many cards each seat holds."""
        return [once.bit_count() + twice.bit_count() for once, twice in zip(self._held, self._held2)]

    @property
    def plain(self) -> bool:
        """Whether ``run`` checks this hand's plays in one loop over the masks (``_run_plain``): a family whose rules
        say they are plain (``TrickRules.plain``), one pack, no play out of turn allowed."""
        return self._plain

    @property
    def trick_number(self) -> int:
        """The 1-based number of the trick being played (or the next one)."""
        return len(self.tricks) + 1

    @property
    def plays_made(self) -> int:
        """Plays made so far: a finished trick has one per seat, or fewer (counted, not kept, for speed)."""
        return len(self.tricks) * self.n - self._short + len(self.current)

    def has_played(self, seat: int) -> bool:
        """Whether ``seat`` has played to the current trick."""
        return any(s == seat for s, _ in self.current)

    @property
    def is_over(self) -> bool:
        """Every card held has been played."""
        return not self.current and not any(self._held)

    # --- the rules ---------------------------------------------------------------------------

    def check_play(self, c: Card, seat: int | None = None) -> None:
        """Raise IllegalPlay, with the rule's code and a sentence, unless ``seat`` may play ``c`` now.

        ``seat`` defaults to whoever's turn it is; naming another seat is a play out of
        turn, which stands only in a trick where the table accepted it (catalogue 4.3).
        Runs once per play of every replayed hand, so the common case is a few mask tests.
        """
        turn = self.turn
        if seat is not None and seat != turn:
            if self.trick_number not in self.out_of_turn_tricks or self.has_played(seat):
                self._fail("out-of-turn", seat, c, Said("%(player)s played %(card)s out of turn: it was %(turn)s's turn",
                                                        player=self._name(seat), card=c, turn=self._name(turn)))
            turn = seat
        bit = c.bit
        held = self._held[turn]
        if not held & bit:
            if not held:
                self._fail("not-in-hand", turn, c, Said("%(player)s has no cards left but played %(card)s",
                                                          player=self._name(turn), card=c))
            self._fail("not-in-hand", turn, c, Said("%(player)s played %(card)s but does not hold it",
                                                      player=self._name(turn), card=c))
        led = self._led
        if not led:
            self._check_lead(turn, c, bit, held)
        elif not bit & led:
            if held & led and not self._may_discard(c):
                self._fail(
                    "revoke", turn, c,
                    Said("%(player)s played %(card)s on a %(led)s lead while holding %(held)s", player=self._name(turn),
                         card=c, led=self._led_place(), held=cards_said(cards_of(held & led))),
                )
            barred = self._barred
            if barred and not self.tricks and bit & barred and held & ~barred:
                self._fail(
                    "first-trick-points", turn, c,
                    Said("%(player)s discarded %(card)s on the first trick while holding cards that score nothing",
                         player=self._name(turn), card=c),
                )

    def _check_lead(self, seat: int, c: Card, bit: int, held: int) -> None:
        """A family's lead restrictions (who may lead what, and when): none here."""

    def _may_discard(self, c: Card) -> bool:
        """Whether a player holding the suit led may play ``c`` off it all the same: never here."""
        return False

    def _led_place(self) -> Suit | str:
        """The suit led, as the revoke's sentence names it (``a spade lead``: a place worded in the reader's language)."""
        return suit_place(self.current[0][1].suit)

    def is_legal(self, c: Card, seat: int | None = None) -> bool:
        """Whether ``check_play`` accepts the play."""
        try:
            self.check_play(c, seat)
        except IllegalPlay:
            return False
        return True

    def legal_plays(self) -> list[Card]:
        """Every card the player to move may play, in display order."""
        return [c for c in cards_of(self._held[self.turn]) if self.is_legal(c)]

    # --- applying plays ----------------------------------------------------------------------

    def play(self, c: Card, seat: int | None = None) -> Trick | None:
        """Check, then make the play; return the trick it completed, if any.

        :raises IllegalPlay: the play breaks a rule; the hand is unchanged.
        """
        tricks_before = len(self.tricks)
        self.run(((c, seat),))
        return self.tricks[-1] if len(self.tricks) > tricks_before else None

    def apply(self, c: Card, seat: int) -> Trick | None:
        """Make a play without checking it (replay of an accepted irregularity)."""
        tricks_before = len(self.tricks)
        self.run(((c, seat),), check=False)
        return self.tricks[-1] if len(self.tricks) > tricks_before else None

    def run(self, plays: Iterable[tuple[Card, int | None]], *, check: bool = True) -> None:
        """Make plays in order, each checked by ``check_play`` first: the one place state changes.

        The loop is the replay's inner loop, so it keeps the tables it needs in locals.

        :raises IllegalPlay: at the first illegal play; the plays before it stand.
        """
        if check and self._plain:
            self._run_plain(plays)
            return
        held, held2, nxt_of = self._held, self._held2, self._next
        known_single = check and not self._double  # a checked play's card is held, and only once
        breakers = self._breakers
        suit_bits = self._suit_bits
        n = self._size
        for c, named in plays:
            if check:
                self.check_play(c, named)
            if named is None:
                seat = self.turn
            else:
                seat = named
                if seat != self.turn:
                    self._out_of_order = True
            bit = c.bit
            if known_single:
                held[seat] ^= bit
            elif held[seat] & bit:
                if held2[seat] & bit:
                    held2[seat] ^= bit
                else:
                    held[seat] ^= bit
            if bit & breakers:
                self.broken = True
            current = self.current
            if not current:
                self._led = suit_bits[c.si]
            current.append((seat, c))
            if len(current) < n:
                nxt = nxt_of[seat]
                if self._out_of_order:  # skip whoever already played out of turn
                    played = {s for s, _ in current}
                    while nxt in played:
                        nxt = nxt_of[nxt]
                self.turn = nxt
            else:
                self._finish_trick()

    def _run_plain(self, plays: Iterable[tuple[Card, int | None]]) -> None:
        """``run`` of checked plays for a plain hand (``plain``): the same state, the same tricks, in one loop.

        A play the masks show legal at once (a card held, following the suit led or void in it, a lead the family's
        rules leave free) is made here, and the trick closed here by rank (and trump); any other play (the first lead,
        a lead of a card not free yet, a discard the first trick bars, a card not held, a revoke, a play out of turn)
        is asked of ``check_play`` first, which refuses it or lets it stand: so every refusal is the general
        machine's own. The tests play it against the general loop card by card (tests/engine/test_plain_tricks.py).
        """
        held = self._held
        nxt_of = self._next
        suit_bits = self._suit_bits
        rank_of = self.rank_of
        breakers = self._breakers
        barred = self._barred
        free_leads = self._free_leads
        tricks = self.tricks
        taken = self.taken
        n = self._size
        trump = -1 if self.trump is None else self.trump
        current = self.current
        # The trick's winner so far, as _ranked_winner judges it: a trump by its rank above every card of the suit
        # led, a card of the suit led by its rank, any other card never; the first played of equals.
        led_si = best_seat = best = -1
        for seat, x in current:  # a trick begun before this call
            strength = 100 + rank_of[x.ri] if x.si == trump else rank_of[x.ri] if x.si == current[0][1].si else -1
            if strength > best:
                best_seat, best = seat, strength
        if current:
            led_si = current[0][1].si
        gone = 0  # the cards played in this call: taken off ``held`` when the loop ends, or asks ``check_play``
        for c, named in plays:
            turn = self.turn
            bit = c.bit
            h = held[turn] & ~gone
            led = self._led
            if named is not None and named != turn or not h & bit:
                self._take_off(gone)
                self.check_play(c, named)  # out of turn (no trick here lets one stand) or not held: refused
                raise AssertionError("check_play let stand a card not held or a play out of turn")
            if not led:
                if not tricks or not (self.broken or bit & free_leads):
                    gone = self._take_off(gone)
                    self.check_play(c, named)  # the first lead, or a lead the family's rules must judge
                led = self._led = suit_bits[c.si]
                led_si = c.si
                best_seat, best = turn, 100 + rank_of[c.ri] if led_si == trump else rank_of[c.ri]
            elif bit & led:
                strength = 100 + rank_of[c.ri] if led_si == trump else rank_of[c.ri]
                if strength > best:
                    best_seat, best = turn, strength
            else:
                if h & led or barred and not tricks and bit & barred and h & ~barred:
                    gone = self._take_off(gone)
                    self.check_play(c, named)  # a revoke, or a barred discard to the first trick: refused
                if c.si == trump:
                    strength = 100 + rank_of[c.ri]
                    if strength > best:
                        best_seat, best = turn, strength
            gone |= bit
            if bit & breakers:
                self.broken = True
            pairs = SEATED[c]
            current.append(pairs[turn] if turn < len(pairs) else (turn, c))
            if len(current) < n:
                self.turn = nxt_of[turn]
                continue
            trick_plays = tuple(current)
            tricks.append(tuple.__new__(Trick, (len(tricks) + 1, trick_plays[0][0], trick_plays, best_seat)))
            won = taken[best_seat]
            for _, x in trick_plays:
                won.append(x)
            current = self.current = []
            self._led = 0
            self.leader = self.turn = best_seat
            led_si = best_seat = best = -1
        self._take_off(gone)

    def _take_off(self, gone: int) -> int:
        """The one loop's cards played taken off the seats' holdings (before ``check_play`` reads them); 0."""
        if gone:
            held = self._held
            for seat in range(len(held)):
                held[seat] &= ~gone
        return 0

    def _finish_trick(self) -> Trick:
        plays = tuple(self.current)
        return self._close_trick(plays, self.trick_winner(plays))

    def _close_trick(self, plays: tuple[tuple[int, Card], ...], winner: int) -> Trick:
        """The trick recorded, its cards to ``winner``, who leads the next; ``winner`` -1: a dead trick,
        won by nobody, whose leader leads again (its cards are the family's to keep)."""
        tricks = self.tricks
        trick = tuple.__new__(Trick, (len(tricks) + 1, plays[0][0], plays, winner))  # Trick(...) without the Python-level __new__
        if winner >= 0:
            won = self.taken[winner]
            for _, c in plays:
                won.append(c)
        else:
            winner = plays[0][0]
        tricks.append(trick)
        self.current = []
        self._led = 0
        self._out_of_order = False
        self.leader = self.turn = winner
        return trick

    def trick_winner(self, plays: Sequence[tuple[int, Card]]) -> int:
        """Who wins the trick ``plays``: by the ranks (``_ranked_winner``), here; a family may add its own rule."""
        return self._ranked_winner(plays)

    def _ranked_winner(self, plays: Sequence[tuple[int, Card]]) -> int:
        """The highest trump, else the highest card of the led suit; of two identical cards the
        first played (T-STD 3)."""
        rank_of = self.rank_of
        best_seat, first = plays[0]
        led = first.si
        trump = self.trump
        best = rank_of[first.ri]
        start = 1
        if trump is not None and trump != led and any(c.si == trump for _, c in plays):
            led, best, start = trump, -1, 0  # a trump was played: the highest trump wins
        for i in range(start, len(plays)):
            seat, c = plays[i]
            if c.si == led and rank_of[c.ri] > best:  # strictly higher: the first played of equals wins
                best_seat, best = seat, rank_of[c.ri]
        return best_seat

    def _name(self, seat: int) -> str:
        return self.seating.players[seat]

    def _fail(self, code: str, seat: int, c: Card, message: Said) -> None:
        raise IllegalPlay(
            message, code=code, play=self.plays_made, trick=self.trick_number,
            player=self._name(seat), card=c.code,
        )


def suit_place(suit: Suit | None, joker_is_heart: bool = False) -> Suit | str:
    """A suit as a sentence's place (worded "heart" in English, in its words elsewhere); None: the joker's."""
    return suit if suit else Suit.HEARTS if joker_is_heart else "joker"


def suit_noun(suit: Suit | None, joker_is_heart: bool = False) -> str:
    """A suit in the singular, as a rule's sentence says it (``a spade lead``); None: the joker's."""
    return suit.noun[:-1] if suit else "heart" if joker_is_heart else "joker"
