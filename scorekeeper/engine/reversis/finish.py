"""The end of a hand, in the order of catalogue 6.9: Reversis; else Espagnolette or the Party;
then Espagnolette failures; then the claims on led Quinolas and aces.

An established revoke (4.1 HOUSE) replaces all of it: the reneger pays each other player 10.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from ..errors import Said, InconsistentRecord
from ..seating import Seating
from .facts import HandFacts
from .inplay import Claim
from .ledger import Ledger
from .party import party_loser, party_winner
from .pools import CURRENT
from .rules import (
    QUINOLA, QUINOLA_FORCED, QUINOLA_FORCED_OTHERS, REVERSIS_EACH, REVERSIS_FLAT, REVOKE_FISH, ReversisRules, ace_value,
)
from .table import multiplier, opposite_factor


@dataclass(frozen=True, slots=True)
class PartyResult:
    """6.8: the loser pays the winner the Party amount, doubled between opposite players."""

    winner: int
    loser: int
    amount: int
    fish: int
    espagnolette: bool  # the winner made an Espagnolette (6.7 step 5)


@dataclass(frozen=True, slots=True)
class ClaimResult:
    """A claim of 6.9 step 3 and what became of it: ``paid``, ``waived``, ``lapsed`` or ``own`` (the hand
    winner's own ace lead: nobody owes anything)."""

    seat: int
    card: Card
    trick: int
    status: str


@dataclass(frozen=True, slots=True)
class EndOfHand:
    """Who won the hand, and what the end of it settled."""

    hand_winner: int | None  # 6.9 step 3: Reversis maker, breaker, or Party winner
    party: PartyResult | None
    maker: int | None  # Espagnolette made (6.7 step 5)
    failed: tuple[int, ...]  # Espagnolette attempters who won a trick (6.7 step 6)
    cancelled: bool  # a Reversis broken by an Espagnolette attempter: no end-of-hand exchanges (6.6 step 3)
    claims: tuple[ClaimResult, ...]


def finish_hand(ledger: Ledger, seating: Seating, dealer: int, rules: ReversisRules, facts: HandFacts,
                claims: tuple[Claim, ...]) -> EndOfHand:
    """Settle the end of the hand into ``ledger``, after the payments of play.

    :raises InconsistentRecord: the Party must be paid but its amount needs a talon nobody knows (code ``talon``).
    """
    if facts.revoke is not None:  # 4.1 HOUSE: no Party, no Reversis or Espagnolette settlement; claims lapse
        offender = facts.revoke[0]
        for other in seating.order_from(seating.next(offender)):
            ledger.pay(offender, other, REVOKE_FISH, "revoke", facts.revoke[1])
        return EndOfHand(None, None, None, (), False, tuple(ClaimResult(c.seat, c.card, c.trick, "lapsed") for c in claims))

    received = _received_in_play(ledger)
    attempters = facts.attempters
    failed = tuple(s for s in attempters if facts.tricks[s] > 0)
    party: PartyResult | None = None
    maker: int | None = None
    cancelled = False
    winner: int | None
    reversis = facts.reversis
    if reversis is not None and reversis.made:  # 6.6 step 2
        r = winner = reversis.seat
        espagnolette = [s for s in attempters if s != r]
        if espagnolette:
            ledger.pay(espagnolette[0], r, REVERSIS_FLAT, "reversis-espagnolette")
        else:
            for other in seating.order_from(seating.next(r)):
                ledger.pay(other, r, REVERSIS_EACH * opposite_factor(seating, other, r), "reversis")
        if facts.quinola_in_first_nine is not None:
            ledger.win_pool(r, "reversis-pool")
    elif reversis is not None:  # 6.6 step 3: broken
        r, breaker = reversis.seat, reversis.breaker
        assert breaker is not None  # an unresolved attempt only happens with a revoke, settled above
        winner = breaker
        if breaker in attempters:  # "the two cancelling each other out": no exchange between players
            cancelled, winner = True, None
        else:
            ledger.pay(r, breaker, REVERSIS_FLAT, "reversis-broken")
        quinola = facts.quinola_in_first_nine
        if quinola is not None and quinola.seat == r:  # a pool obligation: it stands even when cancelled (AMB-38j)
            ledger.into_new_supplement(r, ledger.current, "reversis-broken-supplement")
    else:  # 6.7 step 5 and 6.8
        maker = espagnolette_maker(seating, dealer, facts)
        amount = rules.party_fish(facts.talon_points)
        if amount is None:
            raise InconsistentRecord(Said("the Party is paid by the talon's card points + 4, but the talon is not "
                                          "known: record the talon (or talon_points)"), code="talon")
        if maker is not None:
            pw = maker
            pl = party_loser(seating, dealer, facts.points, facts.tricks, forced=failed, excluded=(maker,))
        else:
            pw = party_winner(seating, dealer, facts.points, facts.tricks, excluded=failed)
            pl = party_loser(seating, dealer, facts.points, facts.tricks, forced=failed, excluded=(pw,))
        fish = amount * opposite_factor(seating, pl, pw)
        ledger.pay(pl, pw, fish, "espagnolette" if maker is not None else "party")
        party, winner = PartyResult(pw, pl, amount, fish, maker is not None), pw
    if not cancelled:  # 6.7 step 6a, AMB-38l
        for seat in failed:
            paid_to_him, pools_taken = received[seat]
            for giver in seating.order_from(seating.next(seat)):
                ledger.pay(seat, giver, 2 * paid_to_him.get(giver, 0), "espagnolette-return")
            if pools_taken:
                ledger.into_pool(seat, 2 * pools_taken, "espagnolette-return-pool")
    results = tuple(_claim(ledger, seating, rules, facts, c, winner, cancelled) for c in claims)
    return EndOfHand(winner, party, maker, failed, cancelled, results)


def espagnolette_maker(seating: Seating, dealer: int, facts: HandFacts) -> int | None:
    """6.7 step 5: a qualifying player who won no trick; of several, the first declarer, else the Party
    winner's tie-break (AMB-38l)."""
    clean = [s for s in facts.qualifying if facts.tricks[s] == 0]
    if not clean:
        return None
    declared = [s for s in facts.declared if s in clean]
    if declared:
        return declared[0]
    others = [s for s in range(seating.size) if s not in clean]
    return party_winner(seating, dealer, facts.points, facts.tricks, excluded=others)


def _received_in_play(ledger: Ledger) -> list[tuple[dict[int, int], int]]:
    """Per seat: fish each other player paid him so far, and the pools he took (6.7 step 6a)."""
    out: list[tuple[dict[int, int], int]] = [({}, 0) for _ in range(ledger.n)]
    for p in ledger.payments:
        if isinstance(p.taker, int):
            by_giver, pools = out[p.taker]
            if isinstance(p.giver, int):
                by_giver[p.giver] = by_giver.get(p.giver, 0) + p.fish
            elif p.giver == CURRENT:
                out[p.taker] = (by_giver, pools + p.fish)
    return out


def _claim(ledger: Ledger, seating: Seating, rules: ReversisRules, facts: HandFacts, claim: Claim,
           winner: int | None, cancelled: bool) -> ClaimResult:
    """6.9 step 3 (AMB-38g, 38h): the hand winner demands what a led Quinola or ace owes him."""
    seat, c, t = claim.seat, claim.card, claim.trick
    if (seat, t) in facts.waived:
        return ClaimResult(seat, c, t, "waived")
    if cancelled or winner is None or (seat == winner and rules.self_claim == "lapse"):
        return ClaimResult(seat, c, t, "lapsed")
    if c is QUINOLA:
        ledger.pay(seat, winner, QUINOLA_FORCED * multiplier(seating, t, seat, winner), "claim-quinola", t, c)
        for other in seating.order_from(seating.next(seat)):
            if other not in (seat, winner):
                ledger.pay(other, winner, QUINOLA_FORCED_OTHERS * multiplier(seating, t, other, winner),
                           "claim-quinola-others", t, c)
        return ClaimResult(seat, c, t, "paid")
    if seat == winner:
        return ClaimResult(seat, c, t, "own")
    ledger.pay(seat, winner, ace_value(c) * multiplier(seating, t, seat, winner), "claim-ace", t, c)
    return ClaimResult(seat, c, t, "paid")
