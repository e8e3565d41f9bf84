"""Replay and check one Reversis hand, and settle its fish (catalogue 6.2-6.9).

The steps run in the table's order: the stakes (first hand of a game) and the dealer's 5;
the deal, the discard and the exchange; the declarations; the play, trick by trick, with
the payments of 6.5 at the end of each; the end of the hand (6.9). A quick result skips
the cards and starts from what the table declared. The first illegal action stops the
replay with an error of the engine's family and a stable code (FORMAT.md).

>>> from .record import from_json
>>> quick = {"game": "reversis", "players": ["A", "B", "C", "D"], "dealer": "A",
...          "taken": {"A": {"tricks": 2, "points": 4}, "B": {"tricks": 4, "points": 17},
...                    "C": {"tricks": 3, "points": 9}, "D": {"tricks": 2, "points": 5}},
...          "talon": "KC 7D QS 4H",
...          "quinola_aces": {"JH": {"player": "C", "trick": 5, "how": "led", "winner": "C"},
...                           "AS": {"player": "A", "trick": 1, "how": "followed", "leader": "D", "winner": "A"},
...                           "AH": {"player": "B", "trick": 2, "how": "led", "winner": "B"},
...                           "AD": {"player": "B", "trick": 3, "how": "led", "winner": "B"},
...                           "AC": {"player": "B", "trick": 4, "how": "led", "winner": "B"}}}
>>> outcome = replay(from_json(quick))
>>> party = outcome.end.party
>>> (outcome.players[party.winner], outcome.players[party.loser], party.fish)  # catalogue 6.11 E3
('A', 'B', 9)
"""

from __future__ import annotations

from ..errors import Said, InconsistentRecord
from ..seating import Seating
from .deal import after_exchange, known_talon
from .finish import finish_hand
from .inplay import pay_in_play
from .ledger import Ledger
from .outcome import ReversisOutcome
from .pools import Pools
from .quick import facts_from_result, waived_claims
from .record import ReversisRecord
from .rules import DEALER_ANTE, PACK, PLAYERS, STAKE, TALON_SIZE, make_rules
from .table import reversis_seating
from .tricks import PlayedHand, facts_from_play, paying_plays, play_hand


def replay(record: ReversisRecord, pools: Pools | None = None) -> ReversisOutcome:
    """Check a hand and settle it; ``pools`` are those the session carries (else the record's; else a new game).

    :raises ScorekeeperError: the first thing wrong, with its stable code (FORMAT.md lists them).
    """
    rules = make_rules(record.game, record.options)
    seating = reversis_seating(record.players)
    dealer = seating.seat(record.dealer)
    ledger, carried = open_ledger(record, seating, dealer, pools)
    misdeal = record.misdeal
    if misdeal is not None:  # 4.2: void; the dealer's 5 stays for the redeal (AMB-11)
        ledger.ante_in = True
        payments, net, after = ledger.close()
        return ReversisOutcome(record, rules, seating, dealer, carried or Pools(), after, payments, net, None, None,
                               void=misdeal.reason)

    played: PlayedHand | None = None
    held = talon = None
    if record.is_result:
        facts = facts_from_result(record, seating, dealer)
    else:
        if record.deal is not None:
            held, talon = after_exchange(record, seating, dealer)
        else:
            talon = known_talon(record, seating, dealer)
        played = play_hand(record, seating, dealer, held, talon)
        if played.complete and record.deal is None:
            seen = {c for t in played.tricks for c in t.cards}
            talon = tuple(c for c in PACK if c not in seen)
        declared, committed = declarations(record, seating, played, hands_known=record.deal is not None or played.complete)
        leads = {(p.seat, p.trick) for p in paying_plays(played.tricks) if p.how == "led"}
        facts = facts_from_play(played, declared, committed, talon, waived_claims(record, seating, leads))
        held = played.held
    claims = pay_in_play(ledger, seating, facts.paying, facts.reversis)
    end = finish_hand(ledger, seating, dealer, rules, facts, claims)
    payments, net, after = ledger.close()
    return ReversisOutcome(
        record, rules, seating, dealer, carried or Pools(), after, payments, net, facts, end,
        party_amount=rules.party_fish(facts.talon_points),
        leader=None if played is None else played.leader,
        tricks=None if played is None else played.tricks,
        held=held,
        talon=record.talon if record.is_result else talon if talon and len(talon) == TALON_SIZE else None,
    )


def open_ledger(record: ReversisRecord, seating: Seating, dealer: int, pools: Pools | None) -> tuple[Ledger, Pools | None]:
    """The hand's accounts before the deal: the stakes of a new game and the dealer's 5 (6.2), and the pools carried.

    :raises InconsistentRecord: code ``pools``.
    """
    carried = carried_pools(record, pools)
    ledger = Ledger(PLAYERS, carried or Pools(), dealer)
    if carried is None:  # 6.2: the first hand of a game; each player puts in 5
        for seat in seating.order_from(dealer):
            ledger.into_pool(seat, STAKE, "stake")
    if carried is None or not carried.ante_in:  # 6.2, AMB-38e: the dealer's 5, every hand (not again after a misdeal)
        ledger.into_pool(dealer, DEALER_ANTE, "dealer")
    return ledger, carried


def carried_pools(record: ReversisRecord, carried: Pools | None) -> Pools | None:
    """The pools before the hand: the session's, which the record may repeat but not contradict.

    :raises InconsistentRecord: code ``pools``.
    """
    given = record.pools
    if given is not None and carried is not None and given != carried:
        names = record.players
        raise InconsistentRecord(Said("the record's pools before the hand (%(pools)s) are not what the last hand "
                                      "left (%(pools2)s)", pools=given.describe(names), pools2=carried.describe(names)),
                                 code="pools")
    return carried if carried is not None else given


def declarations(record: ReversisRecord, seating: Seating, played: PlayedHand,
                 hands_known: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """6.7 step 2: the Espagnolette declarations, checked against the hands; ``"declared": false`` (committed by a
    revoke) against the play. Returns the declared players in order and the committed ones.

    When the hands are not known (no deal, play stopped by a revoke), the record's word is taken.

    :raises InconsistentRecord: code ``espagnolette``.
    """
    declared: list[int] = []
    committed = list(played.committed)
    named: set[int] = set()
    for e in record.events:
        if e.type != "espagnolette" or e.player is None:
            continue
        seat = seating.seat(e.player)
        if seat in named:
            raise InconsistentRecord(Said("%(player)s is named twice as an Espagnolette player", player=e.player),
                                     code="espagnolette", player=e.player)
        named.add(seat)
        if hands_known and seat not in played.qualifying:
            hand = " ".join(c.code for c in sorted(played.held[seat]))
            raise InconsistentRecord(Said("%(player)s declared Espagnolette without all four aces, or three aces and "
                                          "the Quinola (he held %(hand)s)", player=e.player, hand=hand),
                                     code="espagnolette", player=e.player)
        if e.declared:
            declared.append(seat)
        elif seat not in committed:
            if hands_known:
                raise InconsistentRecord(Said("the record says %(player)s played Espagnolette by revoking, but he "
                                              "never revoked in tricks 1-9", player=e.player),
                                         code="espagnolette", player=e.player)
            committed.append(seat)
    return tuple(declared), tuple(s for s in committed if s not in declared)

