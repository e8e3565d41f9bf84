"""Stage 2, the poker (catalogue 5.4), and the final poker's betting (5.7): the pot from bets to winners.

Each player shows five cards of his own hand; the betting round is checked action by
action (``Betting``), or given as each player's total (a quick result). The best hand
among those still in takes POT; equal hands split it and the odd chips stay on POT.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, cards_said
from ..errors import Said, IllegalPlay, ImpossibleResult, InconsistentRecord, plural
from ..seating import Seating
from .betting import Betting
from .layout import Ledger, Space
from .michigan import MichiganPlay
from .outcome import PotResult
from .poker import PokerRank, rank_hand, showdown
from .record import PokerRecord
from .rules import TripoliRules


def play_poker(
    rules: TripoliRules, seating: Seating, dealer: int, poker: PokerRecord, held: Sequence[Sequence[Card]] | None,
    ledger: Ledger, *, final: bool, reserved: int = 0,
) -> PotResult:
    """Stage 2 (or a final deal): the chosen cards, the betting into POT, the showdown, the split.

    ``reserved``: chips on POT that are not played for (a final deal for one of several pots).

    :raises ScorekeeperError: codes ``poker``, ``poker-select``, ``poker-winner``, ``bet-*``.
    """
    names = seating.players
    n = seating.size
    hands: Sequence[Sequence[Card] | None] = poker.hands or (None,) * n
    if final and poker.hands is None and held is not None:
        hands = held  # a final deal shows the five cards dealt (5.7)
    _check_selection(names, hands, held, final)
    opener = dealer if rules.poker_opener == "dealer" else seating.eldest(dealer)
    betting = poker.betting or ()
    if poker.betting is not None:
        round_ = Betting(seating, opener=opener, limit=rules.bet_limit)
        for i, action in enumerate(poker.betting):
            ledger.move(seating.seat(action.player), Space.POT, round_.act(action, i), "bet")
        if not round_.over:
            raise IllegalPlay((Said("the betting stops after %(count)s action, but it is not over: it is "
                                    "%(player)s's turn", count=round_.count, player=names[round_.turn])
                               if round_.count == 1 else Said("the betting stops after %(count)s actions, but it is "
                                                              "not over: it is %(player)s's turn", count=round_.count,
                                                              player=names[round_.turn])),
                              code="bet-incomplete", play=round_.count, player=names[round_.turn])
        contributions = round_.contributions
        active = round_.active
        shown = active if len(active) > 1 else ()
        if not shown:
            winners: tuple[int, ...] = active
        elif all(hands[s] is not None for s in shown):
            winners = showdown({s: _five(hands[s]) for s in shown})
        else:
            winners = ()
        declared_winners = None if poker.winners is None else tuple(map(seating.seat, poker.winners))
        if winners and declared_winners is not None and set(winners) != set(declared_winners):
            why = (Said("everyone else folded") if not shown else Said("by the hands shown: %(hands)s", hands=[
                Said("%(player)s %(hand)s", player=names[s], hand=rank_hand(_five(hands[s])).said()) for s in shown]))
            raise InconsistentRecord(Said("the pot goes to %(listed)s (%(why)s), not to %(listed2)s",
                                          listed=_listed(names, winners), why=why,
                                          listed2=_listed(names, declared_winners)), code="poker-winner")
        if not winners:
            if declared_winners is None:
                missing = [names[s] for s in shown if hands[s] is None]
                raise InconsistentRecord(Said("showdown between %(listed)s: record the winners, or the five cards of "
                                              "%(missing)s", listed=_listed(names, shown), missing=", ".join(missing)),
                                         code="poker-winner")
            outside = [s for s in declared_winners if s not in shown]
            if outside:
                raise InconsistentRecord(Said("%(player)s cannot win the pot: he folded", player=names[outside[0]]),
                                         code="poker-winner", player=names[outside[0]])
            winners = declared_winners
    elif poker.bets is not None:
        contributions = tuple(b or 0 for b in poker.bets)
        for seat, chips in enumerate(contributions):
            ledger.move(seat, Space.POT, chips, "bet")
        if poker.winners is None:
            raise InconsistentRecord(Said('record who won the pot (winners)'), code="poker-winner")
        winners = tuple(map(seating.seat, poker.winners))
        top = max(contributions)
        short = [s for s in winners if contributions[s] < top]
        if short:
            raise ImpossibleResult(Said("%(player)s put %(contribution)s in the pot and cannot have won it: a winner "
                                        "matched the highest bet, %(top)s", player=names[short[0]],
                                        contribution=contributions[short[0]], top=top), player=names[short[0]])
        shown = ()
    else:
        raise InconsistentRecord(Said("the poker record needs the betting actions, or each player's bets"),
                                 code="poker")
    pot = ledger.holds(Space.POT) - reserved
    share, remainder = divmod(pot, len(winners))
    for seat in winners:
        ledger.move(Space.POT, seat, share, "pot" if not final else "final")
    ranks: list[PokerRank | None] = [None] * n
    for s in shown:
        hand = hands[s]
        if hand is not None:
            ranks[s] = rank_hand(_five(hand))
    return PotResult(contributions, tuple(shown), tuple(sorted(winners)), pot, share, remainder, tuple(ranks),
                     tuple(betting), tuple(None if h is None else tuple(h) for h in hands))


def _five(hand: Sequence[Card] | None) -> tuple[Card, ...]:
    return tuple(hand or ())


def _check_selection(names: Sequence[str], hands: Sequence[Sequence[Card] | None], held: Sequence[Sequence[Card]] | None,
                     final: bool) -> None:
    """5.4 step 1: exactly five cards each, from his own hand (a final deal: the five dealt).

    :raises InconsistentRecord: code ``poker-select``.
    """
    owner: dict[Card, int] = {}
    for seat, hand in enumerate(hands):
        if hand is None:
            continue
        if len(hand) != 5 or len(set(hand)) != 5:
            raise InconsistentRecord(Said("%(player)s shows %(cards)s for the poker: a poker hand is five different "
                                          "cards", player=names[seat], cards=cards_said(hand)),
                                     code="poker-select", player=names[seat])
        for c in hand:
            if c in owner:
                raise InconsistentRecord(Said("%(player)s and %(player2)s both show %(card)s for the poker",
                                              player=names[owner[c]], player2=names[seat], card=c.label),
                                         code="poker-select", player=names[seat], card=c.code)
            owner[c] = seat
        if held is not None:
            lacking = [c for c in hand if c not in held[seat]]
            if lacking:
                places = {"player": names[seat], "card": lacking[0].label, "cards": cards_said(sorted(held[seat]))}
                raise InconsistentRecord(Said("%(player)s shows %(card)s for the poker, but he was dealt %(cards)s",
                                              **places) if final else
                                         Said("%(player)s shows %(card)s for the poker, but he holds %(cards)s",
                                              **places), code="poker-select",
                                         player=names[seat], card=lacking[0].code)


def check_poker_cards_against_plays(names: Sequence[str], poker: PokerRecord, plays: Sequence[MichiganPlay]) -> None:
    """Without the deal: a card shown for the poker is in the shower's hand, so nobody else plays it in stage 3."""
    if poker.hands is None:
        return
    player_of = {p.card: p.seat for p in plays}
    for seat, hand in enumerate(poker.hands):
        for c in hand or ():
            if c in player_of and player_of[c] != seat:
                raise InconsistentRecord(Said("%(player)s showed %(card)s for the poker, but %(player2)s plays it in "
                                              "stage 3", player=names[seat], card=c.label, player2=names[player_of[c]]),
                                         code="poker-select", player=names[seat], card=c.code)


def first_leader(rules: TripoliRules, seating: Seating, dealer: int, pot: PotResult | None) -> int:
    """5.4 step 8, 5.6 step 2: the poker winner (after a split, the first winner from eldest), the dealer, or eldest."""
    eldest = seating.eldest(dealer)
    if rules.michigan_leader == "dealer":
        return dealer
    if rules.michigan_leader == "eldest" or pot is None:
        return eldest
    return next(s for s in seating.order_from(eldest) if s in pot.winners)


def _listed(names: Sequence[str], seats: Sequence[int]) -> str:
    shown = [names[s] for s in seats]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
