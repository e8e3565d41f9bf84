"""The deal and the spare hand (catalogue 5.2): hand sizes, the cards dealt, the dealer's choice.

The dealer deals n + 1 hands one card at a time; 52 mod (n + 1) of them get one card
more. The spare's place in the dealing order is not stated (AMB-39a): by default only
the sizes are checked; ``spare_position = last`` fixes which hands are the larger ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import ALL_CARDS, Card, cards_said
from ..errors import Said, InconsistentRecord, plural
from ..seating import Seating
from .record import SpareAction
from .rules import MAX_PLAYERS, MIN_PLAYERS, TripoliRules


def hand_sizes(n: int) -> tuple[int, ...]:
    """Sizes of the n + 1 hands in dealing order (eldest first, the spare last), DERIVED in 5.2.

    >>> hand_sizes(4), hand_sizes(2)
    ((11, 11, 10, 10, 10), (18, 17, 17))
    """
    q, r = divmod(len(ALL_CARDS), n + 1)
    return tuple(q + 1 if i < r else q for i in range(n + 1))


def check_players(names: Sequence[str]) -> None:
    """5.1: two to nine players.

    :raises InconsistentRecord: code ``players``.
    """
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise InconsistentRecord(Said("Tripoli is for %(least)s to %(most)s players, not %(count)s", least=MIN_PLAYERS,
                                      most=MAX_PLAYERS, count=len(names)), code="players")


SPARE = "the spare hand"  # who holds a card of the deal besides the players


def _holder(who: str) -> str | Said:
    return Said("the spare hand") if who == SPARE else who


def check_deal(rules: TripoliRules, seating: Seating, dealer: int, deal: Sequence[Sequence[Card]], spare: Sequence[Card]) -> None:
    """The 52 cards, each once, in hands of the sizes 5.2 gives.

    :raises InconsistentRecord: code ``duplicate-card`` or ``deal``.
    """
    names = seating.players
    seen: dict[Card, str] = {}
    for who, cards in [*zip(names, deal), (SPARE, spare)]:
        for c in cards:
            if c in seen:
                other = Said("twice") if seen[c] == who else Said("to %(player)s and to %(player2)s",
                                                                   player=_holder(seen[c]), player2=_holder(who))
                raise InconsistentRecord(Said("%(card)s is dealt %(other)s", card=c.label, other=other),
                                         code="duplicate-card", card=c.code, player=who if who in names else None)
            seen[c] = who
    missing = [c for c in ALL_CARDS if c not in seen]
    if missing:
        raise InconsistentRecord((Said("the deal lacks %(count)s card: %(cards_said)s", count=len(missing),
                                       cards_said=cards_said(missing))
                                  if len(missing) == 1 else Said("the deal lacks %(count)s cards: %(cards_said)s",
                                                                 count=len(missing), cards_said=cards_said(missing))),
                                 code="deal")
    n = seating.size
    sizes = hand_sizes(n)
    if rules.spare_position == "last":
        order = seating.order_from(seating.eldest(dealer))
        for place, seat in enumerate(order):
            if len(deal[seat]) != sizes[place]:
                raise InconsistentRecord(
                    (Said("%(player)s was dealt %(count)s card, but dealing from %(player2)s with the spare hand "
                          "last gives %(size)s", player=names[seat], count=len(deal[seat]), player2=names[order[0]],
                          size=sizes[place])
                     if len(deal[seat]) == 1 else Said("%(player)s was dealt %(count)s cards, but dealing from "
                                                       "%(player2)s with the spare hand last gives %(size)s",
                                                       player=names[seat], count=len(deal[seat]),
                                                       player2=names[order[0]], size=sizes[place])),
                                         code="deal", player=names[seat])
        if len(spare) != sizes[n]:
            raise InconsistentRecord((Said("the spare hand has %(count)s card, dealt last it gets %(size)s",
                                           count=len(spare), size=sizes[n])
                                      if len(spare) == 1 else Said("the spare hand has %(count)s cards, dealt last "
                                                                   "it gets %(size)s", count=len(spare), size=sizes[n])),
                                     code="deal")
        return
    got = Counter([len(h) for h in deal] + [len(spare)])
    if got != Counter(sizes):
        shown = Said("%(hands)s, spare %(count)s", hands=", ".join(f"{name} {len(h)}" for name, h in zip(names, deal)),
                     count=len(spare))
        wanted = ", ".join(f"{k} x{v}" for k, v in sorted(Counter(sizes).items(), reverse=True))
        raise InconsistentRecord(Said("%(number)s hands of 52 cards are %(wanted)s, but the deal gives %(shown)s",
                                      number=n + 1, wanted=wanted, shown=shown), code="deal")


def check_spare(rules: TripoliRules, names: Sequence[str], dealer: int, spare: SpareAction) -> None:
    """5.2 step 2: one choice; a sale has a buyer other than the dealer and a price of at least 1 (AMB-39c).

    :raises InconsistentRecord: code ``spare``.
    """
    if rules.spare == "none" and spare.action not in ("none", "keep"):
        raise InconsistentRecord(
            Said("%(player)s may not %(action)s the spare hand: this table plays with the original cards (spare "
                 "'none')", player=names[dealer], action=spare.action), code="spare", player=names[dealer])
    if not spare.sold:
        return
    if spare.buyer == names[dealer]:
        raise InconsistentRecord(Said("%(player)s cannot buy the spare hand from himself: the dealer sells it",
                                      player=names[dealer]),
                                 code="spare", player=spare.buyer)
    if spare.price is None or spare.price < 1:
        raise InconsistentRecord(Said("%(player)s bought the spare hand for %(price)s: the price is at least 1 chip",
                                      player=spare.buyer, price=spare.price),
                                 code="spare", player=spare.buyer)


def after_spare(
    names: Sequence[str], dealer: int, deal: Sequence[Sequence[Card]], spare_hand: Sequence[Card], spare: SpareAction,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The hands held for all three stages (5.2 step 5) and the dead hand, after the dealer's choice."""
    held = [tuple(h) for h in deal]
    dead = tuple(spare_hand)
    buyer = None if spare.buyer is None else names.index(spare.buyer)
    if spare.action == "swap":
        held[dealer], dead = dead, held[dealer]
    elif spare.action == "auction" and buyer is not None:
        held[buyer], dead = dead, held[buyer]
    elif spare.action == "swap-then-auction" and buyer is not None:
        # The dealer takes the spare; the buyer takes the dealer's old hand; the buyer's own hand is dead.
        old = held[dealer]
        held[dealer] = dead
        dead = held[buyer]
        held[buyer] = old
    return tuple(held), dead
