"""Payments and pool moves during play (catalogue 6.5, and 6.6 step 1 while a Reversis is attempted).

Run at the end of each trick, the Quinola and the aces in the order played. Led Quinolas
and aces only leave a claim (P4): the hand winner demands it at the end of the hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from ..seating import Seating
from .facts import PayingPlay, ReversisAttempt
from .ledger import Ledger
from .rules import LAST_TRICKS, QUINOLA, QUINOLA_FORCED, QUINOLA_FORCED_OTHERS, ace_value, discard_value
from .table import multiplier


@dataclass(frozen=True, slots=True)
class Claim:
    """P4: ``seat`` led ``card`` in ``trick``; settled at the end of the hand (6.9 step 3)."""

    seat: int
    card: Card
    trick: int


def pay_in_play(ledger: Ledger, seating: Seating, paying: tuple[PayingPlay, ...],
                reversis: ReversisAttempt | None) -> tuple[Claim, ...]:
    """Make every payment of 6.5 in order; return the claims left for the end of the hand.

    >>> from scorekeeper.engine.cards import card
    >>> from .pools import Pools
    >>> from .table import reversis_seating
    >>> ledger = Ledger(4, Pools(25), dealer=0)
    >>> _ = pay_in_play(ledger, reversis_seating("ABCD"), (PayingPlay(card("AD"), 1, 4, "discarded", 3, 3),), None)
    >>> [(p.giver, p.taker, p.fish, p.why) for p in ledger.payments]  # E1: D pays B 2 x 2 (opposite)
    [(3, 1, 4, 'ace-discarded')]
    """
    claims: list[Claim] = []
    for play in paying:
        t, c, p, lead, win = play.trick, play.card, play.seat, play.leader, play.winner
        suspended = reversis is not None and t >= LAST_TRICKS  # 6.6 step 1: "no further chip exchanges"
        if not suspended:
            if play.how == "discarded":  # P1
                why = "quinola-discarded" if c is QUINOLA else "ace-discarded"
                ledger.pay(win, p, discard_value(c) * multiplier(seating, t, win, p), why, t, c)
            elif play.how == "followed" and c is not QUINOLA:  # P2
                ledger.pay(p, lead, ace_value(c) * multiplier(seating, t, p, lead), "ace-followed", t, c)
            elif play.how == "followed":  # P3, AMB-38f
                ledger.pay(p, lead, QUINOLA_FORCED * multiplier(seating, t, p, lead), "quinola-forced", t, c)
                for other in seating.order_from(seating.next(lead)):
                    if other not in (lead, p):
                        ledger.pay(other, lead, QUINOLA_FORCED_OTHERS * multiplier(seating, t, other, lead),
                                   "quinola-forced-others", t, c)
            else:  # P4
                claims.append(Claim(p, c, t))
        elif (reversis is not None and c is QUINOLA and play.how == "followed" and lead == reversis.seat
              and win == p and t == reversis.trick):
            # 6.6 step 1, AMB-38i: the Quinola wins the attempter's heart lead: its player's own 10 only
            ledger.pay(p, lead, QUINOLA_FORCED * multiplier(seating, t, p, lead), "reversis-quinola", t, c)
        if c is QUINOLA:
            move_pool(ledger, play)
    return tuple(claims)


def move_pool(ledger: Ledger, play: PayingPlay) -> None:
    """Q1: a led or forced Quinola doubles the current pool (or starts a supplemental one); Q2: a
    discarded Quinola takes the current pool."""
    p, t, c = play.seat, play.trick, play.card
    if play.how == "discarded":
        ledger.win_pool(p, "quinola-takes-pool", t, c)
    elif p not in ledger.doubled:
        ledger.doubled.add(p)
        ledger.into_pool(p, ledger.current, "quinola-doubles", t, c)
    else:
        ledger.into_new_supplement(p, ledger.current, "quinola-supplement", t, c)
