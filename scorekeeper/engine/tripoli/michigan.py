"""Stage 3, Michigan (catalogue 5.6, 5.8), with every hand known: a state machine that checks each card.

A lead is the lowest card the leader holds in the suit he picks (not the suit just
played). Whoever holds the next card of that suit must play it, and so on to the ace or
to a *stop*: the next card is in the dead hand or already played. The stopper leads
again; if he holds only the suit just played the lead passes left to the first player
who holds another suit; if nobody does, the play is blocked. The moment a player plays
his last card the play ends and he has gone out.

Variations: ``first_lead = lowest-in-hand``; ``colour_leads = alternate`` (black first,
then red, black ...; the lead passes left, colour kept, past a player without one);
``pay_cards = in-play`` (pay cards taken by whoever plays them: see ``claims``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import Card, Rank, Suit, cards_said
from ..errors import Said, IllegalPlay, Word
from ..seating import Seating
from .rules import TripoliRules

@dataclass(frozen=True, slots=True)
class MichiganPlay:
    """One card of stage 3: who played it, in which run, and whether it began the run."""

    seat: int
    card: Card
    run: int  # 1-based, like a trick number
    lead: bool


def colour_word(red: bool) -> str:
    return "red" if red else "black"


# A colour and a suit as a refusal names them ("no red card", "hearts were just played"), each in its sense
COLOURS_SAID = {True: Word("red", "a card's colour"), False: Word("black", "a card's colour")}
SUITS_SAID = {"spades": Word("spades", "suits"), "hearts": Word("hearts", "suits"),
              "diamonds": Word("diamonds", "suits"), "clubs": Word("clubs", "suits")}


def colour_said(red: bool) -> Word:
    return COLOURS_SAID[bool(red)]


class Michigan:
    """Stage 3 of one deal: the hands held, the dead cards, whose turn and what he must play."""

    def __init__(
        self,
        rules: TripoliRules,
        seating: Seating,
        hands: Sequence[Iterable[Card]],
        dead: Iterable[Card],
        *,
        leader: int,
        paying_suit: Suit = Suit.HEARTS,
        sequence: tuple[Rank, Rank, Rank] | None = None,
    ) -> None:
        self.rules = rules
        self.seating = seating
        self.names = seating.players
        self.hands = [set(h) for h in hands]
        self.holder = {c: s for s, h in enumerate(self.hands) for c in h}
        self.dead = frozenset(dead)
        self.paying_suit = paying_suit
        self.sequence = rules.sequence_ranks if sequence is None else sequence
        self.plays: list[MichiganPlay] = []
        self.played: set[Card] = set()
        self.run = 0
        self.next_card: Card | None = None  # the card that must follow while a run goes on
        self.last_suit: Suit | None = None  # the suit just played (no lead in it)
        self.colour: bool | None = False if rules.colour_leads == "alternate" else None  # the next lead's colour: red?
        self.first = True
        self.end: str | None = None  # "out" or "block"
        self.out: int | None = None
        self.stopper: int | None = None
        self.designated = leader
        self.turn = leader
        self._find_leader(leader)

    # --- state -----------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def left(self) -> tuple[int, ...]:
        """Cards still in each hand."""
        return tuple(len(h) for h in self.hands)

    def lead_choices(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may lead now: the lowest of each allowed suit (or colour)."""
        hand = self.hands[seat]
        if not hand:
            return ()
        if self.colour is not None:  # 5.8 alternate: the lowest card of the required colour
            pool = [c for c in hand if c.suit is not None and c.suit.is_red == self.colour]
            return _lowest_cards(pool)
        if self.first and self.rules.first_lead == "lowest-in-hand":
            return _lowest_cards(hand)
        lowest: dict[Suit, Card] = {}
        for c in hand:
            if c.suit is not None and c.suit is not self.last_suit and (c.suit not in lowest or c.ri < lowest[c.suit].ri):
                lowest[c.suit] = c
        return tuple(sorted(lowest.values()))

    def legal_plays(self) -> tuple[Card, ...]:
        """What the player on turn may play: the run's next card, or his possible leads."""
        if self.over:
            return ()
        if self.next_card is not None:
            return (self.next_card,)
        return self.lead_choices(self.turn)

    # --- check and play -------------------------------------------------------------------------

    def check(self, card: Card, player: int | None = None, index: int | None = None) -> None:
        """Raise IllegalPlay (stable code, a sentence naming who, what, where) unless the card may be played now."""
        i = len(self.plays) if index is None else index
        seat = self.turn if player is None else player
        at = i + 1  # the play, 1-based, that the sentences name

        def refuse(code: str, why: Said, who: int | None = None) -> IllegalPlay:
            return IllegalPlay(why, code=code, play=i, trick=max(self.run, 1), card=card.code,
                               player=self.names[seat if who is None else who])

        if self.over:
            raise refuse("michigan-over", Said("play %(play)s: %(player)s plays %(card)s, but stage 3 is over: "
                                               "%(why_over)s", player=self.names[seat], card=card.label,
                                               why_over=self._why_over(), play=at))
        if self.next_card is not None:
            if card is not self.next_card:
                prev = self.plays[-1]
                who = player if player is not None else self.holder.get(card, self.turn)  # who put the wrong card down
                raise refuse("michigan-stop", Said("play %(play)s: the run does not stop at %(card)s: %(player)s "
                                                   "holds %(next_card)s and must play it, not %(label)s",
                                                   card=prev.card.label, player=self.names[self.turn],
                                                   next_card=self.next_card.label, label=card.label, play=at), who)
            if seat != self.turn:
                raise refuse("not-in-hand", Said("play %(play)s: %(player)s plays %(card)s, but %(player2)s holds it",
                                                 player=self.names[seat], card=card.label,
                                                 player2=self.names[self.turn], play=at))
            return
        if seat != self.turn:
            raise refuse("michigan-turn", Said("play %(play)s: %(player)s leads %(card)s, but the lead is "
                                               "%(player2)s's: %(why_leader)s", player=self.names[seat],
                                               card=card.label, player2=self.names[self.turn],
                                               why_leader=self._why_leader(), play=at))
        if card not in self.hands[seat]:
            raise refuse(*self._not_held(seat, card, at))
        choices = self.lead_choices(seat)
        if card not in choices:
            raise refuse("michigan-lead", Said("play %(play)s: %(player)s may not lead %(card)s: %(lead_rule)s",
                                               player=self.names[seat], card=card.label,
                                               lead_rule=self._lead_rule(seat, card), play=at))

    def is_legal(self, card: Card, player: int | None = None) -> bool:
        try:
            self.check(card, player)
        except IllegalPlay:
            return False
        return True

    def play(self, card: Card, player: int | None = None, index: int | None = None) -> MichiganPlay:
        """Check, then play ``card``: the run goes on, stops (next leader found) or the play ends.

        :raises IllegalPlay: codes ``michigan-over``, ``michigan-stop``, ``michigan-turn``, ``michigan-lead``,
            ``not-in-hand``, ``duplicate-card``.
        """
        self.check(card, player, index)
        seat = self.turn
        lead = self.next_card is None
        if lead:
            self.run += 1
            self.first = False
        move = MichiganPlay(seat, card, self.run, lead)
        self.hands[seat].discard(card)
        self.played.add(card)
        self.plays.append(move)
        if not self.hands[seat]:  # 5.6 step 5: out, even in the middle of a run
            self.end, self.out, self.next_card = "out", seat, None
            return move
        nxt = Card(Rank(card.ri + 1), card.suit) if card.rank is not Rank.ACE else None
        if nxt is not None and nxt in self.holder and nxt not in self.played:
            self.next_card, self.turn = nxt, self.holder[nxt]
            return move
        # A stop (the ace, a dead card, a card already played): the stopper leads again (5.6 step 6-8).
        self.next_card = None
        self.stopper = seat
        self.last_suit = card.suit
        if self.colour is not None and card.suit is not None:
            self.colour = not card.suit.is_red
        self._find_leader(seat)
        return move

    # --- helpers ------------------------------------------------------------------------------

    def _find_leader(self, start: int) -> None:
        """From ``start`` clockwise, the first player who has something to lead; nobody: blocked (5.6 step 8)."""
        for seat in self.seating.order_from(start):
            if self.lead_choices(seat):
                self.turn = seat
                return
        self.end = "block"

    def _why_over(self) -> Said:
        if self.end == "out" and self.out is not None:
            return Said("%(player)s played his last card", player=self.names[self.out])
        return Said("nobody could lead, the play was blocked")

    def _why_leader(self) -> Said:
        if self.stopper is None:
            if self.turn == self.designated:
                return Said("he leads first")
            return Said("%(player)s has no %(colour)s card to lead", player=self.names[self.designated],
                        colour=colour_said(bool(self.colour)))
        stop = self.plays[-1].card
        if self.turn == self.stopper:
            return Said("%(player)s stopped with %(card)s", player=self.names[self.stopper], card=stop.label)
        if self.colour is not None:
            return Said("%(player)s stopped with %(card)s, and the players before %(player2)s hold no %(colour)s card",
                        player=self.names[self.stopper], card=stop.label, player2=self.names[self.turn],
                        colour=colour_said(self.colour))
        if stop.suit is None:
            return Said("%(player)s stopped with %(card)s and the players before %(player2)s hold only that suit",
                        player=self.names[self.stopper], card=stop.label, player2=self.names[self.turn])
        return Said("%(player)s stopped with %(card)s and the players before %(player2)s hold only %(suits)s",
                    player=self.names[self.stopper], card=stop.label, player2=self.names[self.turn],
                    suits=SUITS_SAID[stop.suit.noun])

    def _not_held(self, seat: int, card: Card, at: int) -> tuple[str, Said]:
        name = self.names[seat]
        if card in self.played:
            return "duplicate-card", Said("play %(play)s: %(player)s leads %(card)s, but it has already been played",
                                          play=at, player=name, card=card.label)
        if card in self.dead:
            return "not-in-hand", Said("play %(play)s: %(player)s leads %(card)s, but it is in the dead hand", play=at,
                                       player=name, card=card.label)
        return "not-in-hand", Said("play %(play)s: %(player)s leads %(card)s, but %(holder)s holds it", play=at,
                                   player=name, card=card.label, holder=self.names[self.holder[card]])

    def _lead_rule(self, seat: int, card: Card) -> Said:
        hand = self.hands[seat]
        if self.colour is not None:
            want = colour_said(self.colour)
            if card.suit is None or card.suit.is_red != self.colour:
                return Said("this lead must be %(colour)s (colours alternate), and he holds %(cards)s", colour=want,
                            cards=cards_said(sorted(self.lead_choices(seat))))
            return Said("he must lead his lowest %(colour)s card (%(cards)s)", colour=want,
                        cards=cards_said(self.lead_choices(seat)))
        if self.first and self.rules.first_lead == "lowest-in-hand":
            return Said("the first lead is the lowest card in his hand (%(cards)s)",
                        cards=cards_said(self.lead_choices(seat)))
        if card.suit is self.last_suit and card.suit is not None:
            return Said("%(suits)s were just played; he must lead another suit", suits=SUITS_SAID[card.suit.noun])
        lower = sorted((c for c in hand if c.suit is card.suit and c.ri < card.ri), key=lambda c: c.ri)
        count = (Said("%(count)s lower card", count=len(lower)) if len(lower) == 1 else
                 Said("%(count)s lower cards", count=len(lower)))
        return Said("a lead is the lowest card of its suit, and he holds %(count)s (%(cards)s)", count=count,
                    cards=cards_said(lower))


def _lowest_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    pool = list(cards)
    if not pool:
        return ()
    low = min(c.ri for c in pool)
    return tuple(sorted(c for c in pool if c.ri == low))
