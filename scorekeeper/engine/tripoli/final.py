"""The final poker for the chips left on the layout when the table stops (catalogue 5.7, AMB-39k).

No antes and no spare hand: five cards each, one betting round as in stage 2, and the
winner takes every chip played for. ``final_pots = several`` lets the table play for
the leftovers in several pots, each final record naming its ``pot``. A tie splits the
pot; its odd chips stay on the layout for one more final deal, or (``final_tie = cut``)
go to the winner of the cut the record names. Cosmo has no POT space to keep them on, so
there they are always cut for (AMB-50).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..errors import Said, InconsistentRecord, plural
from ..seating import Seating
from .deal import check_players
from .layout import SPACES, Layout, Ledger, Space
from .outcome import FinalOutcome
from .record import FinalPokerRecord
from .pot import play_poker
from .replay import carried_layout
from .rules import make_rules

FINAL_POTS = ("single", "several")
FINAL_TIES = ("another-deal", "cut")


def replay_final(
    record: FinalPokerRecord, carried: Layout | None = None, *, pots: str = "single", tie: str = "another-deal",
    stacks: Sequence[int] | None = None,
) -> FinalOutcome:
    """Check one final poker deal and settle it against the layout left (``carried``, else the record's);
    ``stacks``: each player's chips before it under table stakes (1.5).

    :raises ScorekeeperError: codes ``final``, ``deal``, ``duplicate-card``, ``cut``, and those of the poker.
    """
    rules = make_rules(record.game, record.options)
    names = record.players
    check_players(names)
    seating = Seating(names)
    n = seating.size
    dealer = seating.seat(record.dealer)
    start = carried_layout(record.layout, carried, rules.has_poker)
    if start.total == 0:
        raise InconsistentRecord(Said('nothing is left on the layout to play the final poker for'), code="final")
    stake = record.pot if record.pot is not None else start.total
    if pots == "single" and stake != start.total:
        raise InconsistentRecord(Said("a single final pot plays for everything left on the layout (%(total)s), not "
                                      "%(stake)s (final_pots 'several' divides it)", total=start.total, stake=stake),
                                 code="final")
    if stake > start.total:
        raise InconsistentRecord(Said("the final pot of %(stake)s is more than the %(total)s left on the layout",
                                      stake=stake, total=start.total),
                                 code="final")
    held = None
    if record.deal is not None:
        _check_five_each(seating, record.deal)
        held = record.deal
    ledger = Ledger(n, start, stacks, names)
    # The chips played for gather on POT: what is on POT first, then the other spaces in layout order.
    need = stake - min(start[Space.POT], stake)
    for space in SPACES:
        if need == 0 or space is Space.POT:
            continue
        take = min(ledger.holds(space), need)
        ledger.move(space, Space.POT, take, "final")
        need -= take
    outside = start[Space.POT] - min(start[Space.POT], stake)  # POT chips not in this pot stay out of it
    pot = play_poker(rules, seating, dealer, record.poker, held, ledger, final=True, reserved=outside)
    cut = None if record.cut is None else seating.seat(record.cut)
    if pot.remainder and (tie == "cut" or not rules.has_poker):  # AMB-50: Cosmo has no POT to keep them on
        if cut is None or cut not in pot.winners:
            tied = " and ".join(names[s] for s in pot.winners)
            raise InconsistentRecord((Said("%(tied)s split the final pot and %(count)s odd chip is cut for: record "
                                           "who won the cut (cut)", tied=tied, count=pot.remainder)
                                      if pot.remainder == 1 else Said("%(tied)s split the final pot and %(count)s "
                                                                      "odd chips are cut for: record who won the cut "
                                                                      "(cut)", tied=tied, count=pot.remainder)),
                                     code="cut")
        ledger.move(Space.POT, cut, pot.remainder, "cut")
    elif cut is not None:
        raise InconsistentRecord(Said("the record names %(player)s as the winner of a cut, but nothing was cut for",
                                      player=names[cut]),
                                 code="cut", player=names[cut])
    payments, after, transfers = ledger.close()
    return FinalOutcome(record=record, rules=rules, seating=seating, dealer=dealer, carried=start, layout=after,
                        stake=stake, payments=payments, transfers=transfers, pot=pot, cut=cut)


def _check_five_each(seating: Seating, deal: tuple[tuple[Card, ...], ...]) -> None:
    """AMB-39k: five different cards to each player, from one pack.

    :raises InconsistentRecord: codes ``deal``, ``duplicate-card``.
    """
    names = seating.players
    seen: dict[Card, int] = {}
    for seat, hand in enumerate(deal):
        if len(hand) != 5:
            raise InconsistentRecord((Said("%(player)s was dealt %(count)s card: the final poker deals five to each "
                                           "player", player=names[seat], count=len(hand))
                                      if len(hand) == 1 else Said("%(player)s was dealt %(count)s cards: the final "
                                                                  "poker deals five to each player",
                                                                  player=names[seat], count=len(hand))),
                                     code="deal", player=names[seat])
        for c in hand:
            if c in seen:
                raise InconsistentRecord(Said("%(card)s is dealt to %(player)s and to %(player2)s", card=c.label,
                                              player=names[seen[c]], player2=names[seat]), code="duplicate-card",
                                         player=names[seat], card=c.code)
            seen[c] = seat
