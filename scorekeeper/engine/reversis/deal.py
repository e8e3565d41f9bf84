"""The deal, the dealer's discard and the exchange (catalogue 6.3): who holds what, and the talon.

With the deal every step is checked against the cards; without it, what the record says
of the discards and the talon is checked against the cards played (``tricks``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import Card, cards_said
from ..errors import Said, InconsistentRecord, Word, plural
from ..seating import Seating
from .record import ReversisRecord
from .rules import PACK, TALON_SIZE, TRICKS

_IN_PACK = frozenset(PACK)


def exchange_order(seating: Seating, dealer: int) -> tuple[int, ...]:
    """AMB-38p: the others decide counter-clockwise from the dealer's right."""
    return seating.order_from(seating.next(dealer))[:-1]


Hands = tuple[tuple[Card, ...], ...]


def after_exchange(record: ReversisRecord, seating: Seating, dealer: int) -> tuple[Hands, tuple[Card, ...]]:
    """Every hand after the exchange, and the talon: dealer's discard, then each other's, in order.

    :raises InconsistentRecord: codes ``deal``, ``duplicate-card``, ``discard``, ``exchange``, ``talon``.
    """
    check_dealt(record, seating, dealer)
    assert record.deal is not None
    names = seating.players
    deal = record.deal
    face_down = record.face_down or (None,) * seating.size
    held = [list(cards) for cards in deal]
    if record.discard is None:
        raise InconsistentRecord(Said("with the deal, record the card %(player)s (the dealer) discarded to the talon "
                                      "(discard)", player=names[dealer]), code="discard", player=names[dealer])
    if record.discard not in held[dealer]:
        raise InconsistentRecord(Said("%(player)s discarded %(discard)s, which he was not dealt (he holds %(cards)s)",
                                      player=names[dealer], discard=record.discard.label,
                                      cards=cards_said(held[dealer])), code="discard", player=names[dealer],
                                 card=record.discard.code)
    held[dealer].remove(record.discard)
    talon = [record.discard]
    chosen = dict(record.exchanges or ())
    if names[dealer] in chosen:
        raise InconsistentRecord(Said("%(player)s is the dealer: he discards (discard), he has no face-down card to "
                                      "exchange", player=names[dealer]), code="exchange", player=names[dealer])
    for seat in exchange_order(seating, dealer):
        name = names[seat]
        if name not in chosen:
            raise InconsistentRecord(Said("with the deal, record whether %(player)s exchanged (the card he "
                                          "discarded, or null when he kept his hand)", player=name),
                                     code="exchange", player=name)
        given, extra = chosen[name], face_down[seat]
        assert extra is not None
        if given is None:
            talon.append(extra)
            continue
        if given not in held[seat]:
            raise InconsistentRecord(Said("%(player)s exchanged %(card)s, which he was not dealt (he holds "
                                          "%(cards)s)", player=name, card=given.label, cards=cards_said(held[seat])),
                                     code="exchange", player=name, card=given.code)
        held[seat].remove(given)
        held[seat].append(extra)
        talon.append(given)
    if record.talon is not None and Counter(record.talon) != Counter(talon):
        raise InconsistentRecord(Said("the talon is %(cards)s by the deal and the exchanges, not %(cards2)s",
                                      cards=cards_said(talon), cards2=cards_said(record.talon)), code="talon")
    return tuple(tuple(h) for h in held), tuple(talon)


def check_dealt(record: ReversisRecord, seating: Seating, dealer: int) -> None:
    """The deal as dealt: the dealer 12, the others 11 and a card face down each, the 48 cards once.

    :raises InconsistentRecord: codes ``deal``, ``duplicate-card``.
    """
    assert record.deal is not None
    names = seating.players
    deal = record.deal
    face_down = record.face_down or (None,) * seating.size
    for seat, cards in enumerate(deal):
        want = TRICKS + 1 if seat == dealer else TRICKS
        if len(cards) != want:
            role = (Said("the dealer, who holds 12 before his discard (11 and the card he dealt himself face down)")
                    if seat == dealer else
                    Said("every player but the dealer holds 11, and one card face down in front of him"))
            raise InconsistentRecord((Said("%(player)s was dealt %(count)s card: %(role)s", player=names[seat],
                                           count=len(cards), role=role)
                                      if len(cards) == 1 else Said("%(player)s was dealt %(count)s cards: %(role)s",
                                                                   player=names[seat], count=len(cards), role=role)),
                                     code="deal", player=names[seat])
        if seat == dealer and face_down[seat] is not None:
            raise InconsistentRecord(Said("%(player)s is the dealer: his face-down card is part of his 12 (deal), "
                                          "not in face_down", player=names[seat]), code="deal", player=names[seat])
        if seat != dealer and face_down[seat] is None:
            raise InconsistentRecord(Said("the deal needs the card dealt face down in front of %(player)s "
                                          "(face_down)", player=names[seat]),
                                     code="deal", player=names[seat])
    everything = [c for cards in deal for c in cards] + [c for c in face_down if c is not None]
    check_pack(everything, Word("dealt", "where a card is"))
    if len(everything) != len(PACK):  # pragma: no cover - the counts above make 48
        raise InconsistentRecord(Said('the deal is not the 48 cards'), code="deal")


def known_talon(record: ReversisRecord, seating: Seating, dealer: int) -> tuple[Card, ...]:
    """Without the deal: the talon cards the record names (talon, the dealer's discard, exchanged cards).

    :raises InconsistentRecord: codes ``deal``, ``talon``, ``discard``, ``exchange``, ``duplicate-card``.
    """
    names = seating.players
    if record.face_down is not None:
        raise InconsistentRecord(Said('face-down cards are recorded with the deal only (deal)'), code="deal")
    chosen = dict(record.exchanges or ())
    if names[dealer] in chosen:
        raise InconsistentRecord(Said("%(player)s is the dealer: he discards (discard), he has no face-down card to "
                                      "exchange", player=names[dealer]), code="exchange", player=names[dealer])
    talon = list(record.talon or ())
    if record.talon is not None:
        if len(talon) != TALON_SIZE:
            raise InconsistentRecord(Said('the talon is 4 cards, not %(count)s', count=len(talon)), code="talon")
        check_pack(talon, Said("in the talon"), code="talon")
    named = [(record.discard, "discard", names[dealer])] + [(c, "exchange", name) for name, c in chosen.items()]
    for c, code, name in named:
        if c is None:
            continue
        if record.talon is not None and c not in talon:
            raise InconsistentRecord(Said("%(player)s discarded %(card)s to the talon, but the talon is %(cards)s",
                                          player=name, card=c.label, cards=cards_said(talon)),
                                     code=code, player=name, card=c.code)
        if record.talon is None:
            if c in talon:
                raise InconsistentRecord(Said("%(card)s is discarded to the talon twice", card=c.label),
                                         code="duplicate-card", card=c.code)
            talon.append(c)
    check_pack(talon, Said("in the talon"), code="talon")
    return tuple(talon)


def check_pack(cards: Sequence[Card], where: Said, code: str = "deal") -> None:
    """Every card of the 48-card pack at most once.

    :raises InconsistentRecord: a ten (not in the pack: ``code``) or a card twice (``duplicate-card``).
    """
    seen: set[Card] = set()
    for c in cards:
        if c not in _IN_PACK:
            raise InconsistentRecord(Said("%(card)s is %(where)s, but it is not in the Reversis pack (the tens are "
                                          "removed)", card=c.label, where=where),
                                     code=code, card=c.code)
        if c in seen:
            raise InconsistentRecord(Said("%(card)s is %(where)s twice", card=c.label, where=where),
                                     code="duplicate-card", card=c.code)
        seen.add(c)
