"""The trick-play state machine: one hand from the first lead to the last trick.

Like python-chess's Board, a ``Hand`` is mutable and cheap to advance; what it
hands out (``Trick``, ``Snapshot``) is immutable. ``check_play`` is the only place
a play's legality is decided: ``is_legal``, ``legal_plays`` and ``play`` all go
through it, so the form, the replay and the audit page can never disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card, Suit, card, format_cards, sorted_cards
from .errors import IllegalPlay
from .ruleset import Ruleset
from .seating import Seating

TWO_OF_CLUBS = card("2C")
QUEEN_OF_SPADES = card("QS")
S, H, D, C = 0, 1, 2, 3  # suit indexes (Card.si)


class Trick(NamedTuple):
    """A finished trick: who led, the cards in the order played (with their players), who won."""

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.plays)


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


class Hand:
    """One hand in play. Seats are ints; names come from ``seating``.

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
    ) -> None:
        self.ruleset = ruleset
        self.seating = seating
        self.dealer = dealer
        self.n = seating.size
        self.widow = tuple(widow)
        self.holding: list[dict[Card, int]] = []
        self.suit_count: list[list[int]] = []  # per seat, cards held per suit index (Card.si)
        for cards_held in hands:
            held: dict[Card, int] = {}
            counts = [0, 0, 0, 0, 0]
            for c in cards_held:
                held[c] = held.get(c, 0) + 1
                counts[c.si] += 1
            self.holding.append(held)
            self.suit_count.append(counts)
        self._next = [seating.next(s) for s in range(self.n)]
        self.cards_left = [sum(h.values()) for h in self.holding]
        self.rank_of = _rank_order(ruleset)
        self.trump = None if trump is None else trump_index(trump)
        self.out_of_turn_tricks = frozenset(out_of_turn_tricks)
        self.two_clubs_holder = next((s for s, h in enumerate(self.holding) if TWO_OF_CLUBS in h), None)
        self.first_lead = ruleset.first_lead
        if self.first_lead in ("two-of-clubs", "any-club") and self.two_clubs_holder is None:
            self.first_lead = ruleset.fallback_lead  # AMB-44
        self.first_leader = self._first_leader() if leader is None else leader
        self.tricks: list[Trick] = []
        self.taken: list[list[Card]] = [[] for _ in range(self.n)]
        self.current: list[tuple[int, Card]] = []
        self.leader = self.first_leader
        self.turn = self.first_leader
        self.hearts_broken = False
        self.plays_made = 0
        self._played_mask = 0  # seats that have played to the current trick

    # --- the rules ---------------------------------------------------------------------------

    def _first_leader(self) -> int:
        """Eldest, or the holder of 2C under the two-of-clubs rules (catalogue 2.2.3)."""
        if self.first_lead in ("two-of-clubs", "any-club") and self.two_clubs_holder is not None:
            return self.two_clubs_holder
        return self.seating.eldest(self.dealer)

    @property
    def trick_number(self) -> int:
        """The 1-based number of the trick being played (or the next one)."""
        return len(self.tricks) + 1

    @property
    def is_over(self) -> bool:
        """Every card held has been played."""
        return not self.current and not any(self.cards_left)

    def check_play(self, c: Card, seat: int | None = None) -> None:
        """Raise IllegalPlay, with the rule's code and a sentence, unless ``seat`` may play ``c`` now.

        ``seat`` defaults to whoever's turn it is; naming another seat is a play out of
        turn, which stands only in a trick where the table accepted it (catalogue 4.3).
        """
        turn = self.turn
        if seat is not None and seat != turn:
            if self.trick_number not in self.out_of_turn_tricks or (self._played_mask >> seat) & 1:
                self._fail("out-of-turn", seat, c, f"{self._name(seat)} played {c} out of turn: it was {self._name(turn)}'s turn")
            turn = seat
        held = self.holding[turn]
        if held.get(c, 0) == 0:
            if self.cards_left[turn] == 0:
                self._fail("not-in-hand", turn, c, f"{self._name(turn)} has no cards left but played {c}")
            self._fail("not-in-hand", turn, c, f"{self._name(turn)} played {c} but does not hold it")
        counts = self.suit_count[turn]
        if not self.current:
            self._check_lead(turn, c, counts)
            return
        led_card = self.current[0][1]
        led = led_card.si
        if c.si != led and counts[led]:
            must = sorted_cards(x for x in held if x.si == led)
            self._fail(
                "revoke", turn, c,
                f"{self._name(turn)} played {c} on a {_suit_noun(led_card.suit)} lead while holding {format_cards(must)}",
            )
        if not self.tricks and not self.ruleset.first_trick_points and c.si != led and self._is_point_card(c):
            if any(not self._is_point_card(x) for x in held):
                self._fail(
                    "first-trick-points", turn, c,
                    f"{self._name(turn)} discarded {c} on the first trick while holding cards that score nothing",
                )

    def _check_lead(self, seat: int, c: Card, counts: list[int]) -> None:
        """Lead restrictions: the first lead (2.2.3) and breaking hearts."""
        name = self._name(seat)
        if not self.tricks:
            rule = self.first_lead
            if rule == "two-of-clubs" and c is not TWO_OF_CLUBS:
                self._fail("first-lead", seat, c, f"{name} holds 2C and must lead it to the first trick, not {c}")
            if rule == "any-club" and c.si != C:
                self._fail("first-lead", seat, c, f"{name} holds 2C and must lead a club to the first trick, not {c}")
            if rule == "eldest-no-heart" and c.si == H and self.cards_left[seat] != counts[H]:
                self._fail("first-lead", seat, c, f"{name} may not lead {c} to the first trick while holding other suits than hearts")
            if rule == "eldest-no-spade-heart" and c.si in (H, S):
                if self.cards_left[seat] != counts[H] + counts[S]:
                    self._fail(
                        "first-lead", seat, c,
                        f"{name} may not lead {c} (a {_suit_noun(c.suit)}) to the first trick while holding clubs or diamonds",
                    )
        if c.si == H and self.ruleset.break_rule == "lead-restricted" and not self.hearts_broken:
            others = self.cards_left[seat] - counts[H]
            if self.ruleset.lead_heart_instead_of_queen and others == 1 and self.holding[seat].get(QUEEN_OF_SPADES):
                others = 0
            if others:
                self._fail("hearts-not-broken", seat, c, f"{name} led {c} before hearts were broken while holding other suits")

    def _is_point_card(self, c: Card) -> bool:
        """A heart or QS: what first_trick_points=false keeps off trick 1."""
        return c.si == H or c is QUEEN_OF_SPADES

    def is_legal(self, c: Card, seat: int | None = None) -> bool:
        """Whether ``check_play`` accepts the play."""
        try:
            self.check_play(c, seat)
        except IllegalPlay:
            return False
        return True

    def legal_plays(self) -> list[Card]:
        """Every card the player to move may play, in display order."""
        return [c for c in sorted_cards(self.holding[self.turn]) if self.is_legal(c)]

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

        :raises IllegalPlay: at the first illegal play; the plays before it stand.
        """
        check_play = self.check_play
        holding, suit_count, cards_left, nxt_of = self.holding, self.suit_count, self.cards_left, self._next
        queen_breaks = self.ruleset.queen_breaks_hearts
        n = self.n
        for c, named in plays:
            if check:
                check_play(c, named)
            seat = self.turn if named is None else named
            held = holding[seat]
            left = held.get(c, 0)
            if left:
                if left == 1:
                    del held[c]
                else:
                    held[c] = left - 1
                suit_count[seat][c.si] -= 1
                cards_left[seat] -= 1
            if c.si == H or (queen_breaks and c is QUEEN_OF_SPADES):
                self.hearts_broken = True
            current = self.current
            current.append((seat, c))
            mask = self._played_mask = self._played_mask | (1 << seat)
            self.plays_made += 1
            if len(current) < n:
                nxt = nxt_of[seat]
                while (mask >> nxt) & 1:
                    nxt = nxt_of[nxt]
                self.turn = nxt
            else:
                self._finish_trick()

    def _finish_trick(self) -> Trick:
        plays = tuple(self.current)
        winner = self.trick_winner(plays)
        trick = Trick(len(self.tricks) + 1, plays[0][0], plays, winner)
        won = self.taken[winner]
        won.extend([c for _, c in plays])
        if not self.tricks:
            won.extend(self.widow)  # the widow goes to the winner of trick 1 (T-STD 5)
        self.tricks.append(trick)
        self.current = []
        self._played_mask = 0
        self.leader = self.turn = winner
        return trick

    def trick_winner(self, plays: Sequence[tuple[int, Card]]) -> int:
        """The highest trump, else the highest card of the led suit; of two identical cards the
        first played (T-STD 3)."""
        rank_of = self.rank_of
        led = plays[0][1].si
        trump = self.trump
        if trump is not None and trump != led and any(c.si == trump for _, c in plays):
            led = trump
        best_seat, best = plays[0][0], rank_of[plays[0][1].ri]
        for seat, c in plays[1:]:
            if c.si == led and rank_of[c.ri] > best:
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
            holdings=tuple(tuple(sorted_cards(_expand(h))) for h in self.holding),
            taken=tuple(tuple(t) for t in self.taken),
        )

    def _name(self, seat: int) -> str:
        return self.seating.players[seat]

    def _fail(self, code: str, seat: int, c: Card, message: str) -> None:
        raise IllegalPlay(
            message, code=code, play=self.plays_made, trick=self.trick_number,
            player=self._name(seat), card=c.code,
        )


def _expand(held: dict[Card, int]) -> list[Card]:
    return [c for c, k in held.items() for _ in range(k)]


def _suit_noun(suit: Suit | None) -> str:
    return suit.noun[:-1] if suit else "joker"


def _rank_order(ruleset: Ruleset) -> list[int]:
    """Trick-taking strength indexed by Card.ri (catalogue 1.1): natural, A high; or the ten
    ranking second, between A and K (Conquimbert)."""
    order = [2 * r for r in range(16)]
    if ruleset.rank_order == "ten-second":
        order[10] = 27  # between the king (26) and the ace (28)
    return order


def trump_index(suit: Suit) -> int:
    """The suit index (Card.si) of a trump suit."""
    return ("S", "H", "D", "C").index(suit.value)
