"""Who takes the pay-card spaces (catalogue 5.3 stage 1, 5.8 in play), and checking what the table claimed.

Stage 1: the holder of each pay card takes its space; the holder of K and Q takes KQ
as well; every holder of the sequence in one suit shares SEQ (once each, AMB-39d).
In play: whoever plays a pay card takes its space; Q then K by one player takes KQ;
the sequence played by one player in a row takes SEQ, the first time only (AMB-39h).
The paying suit is hearts unless a bid or Cosmo's board changes it; SEQ is in any suit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..cards import Card, Rank, Suit
from ..errors import Said, InconsistentRecord
from .layout import PAY_SPACES, SPACES, Space, pay_card
from .michigan import MichiganPlay

CLAIM_SPACES: tuple[Space, ...] = SPACES[:7]  # AH KH QH JH TH KQ SEQ
_SPACE_OF_RANK = {rank: space for space, rank in PAY_SPACES.items()}
Claims = dict[Space, tuple[int, ...]]  # space -> seats that take it (empty: nobody)


def stage1_claims(held: Sequence[Sequence[Card]], suit: Suit, sequence: Sequence[Rank]) -> Claims:
    """5.3 from the hands held after the spare business; dead cards claim nothing."""
    holder = {c: s for s, hand in enumerate(held) for c in hand}
    claims: Claims = {}
    for space in PAY_SPACES:
        seat = holder.get(pay_card(space, suit))
        claims[space] = () if seat is None else (seat,)
    k, q = holder.get(Card(Rank.KING, suit)), holder.get(Card(Rank.QUEEN, suit))
    claims[Space.KQ] = (k,) if k is not None and k == q else ()
    claims[Space.SEQ] = tuple(s for s, hand in enumerate(held) if _has_sequence(hand, sequence))
    return claims


def _has_sequence(hand: Sequence[Card], sequence: Sequence[Rank]) -> bool:
    cards = set(hand)
    return any(all(Card(r, suit) in cards for r in sequence) for suit in Suit)


def in_play_claims(plays: Sequence[MichiganPlay], suit: Suit, sequence: Sequence[Rank]) -> tuple[Claims, dict[Space, int]]:
    """5.8 in play, AMB-39h: who took each space, and the 0-based play that took it."""
    claims: Claims = {space: () for space in CLAIM_SPACES}
    when: dict[Space, int] = {}

    def take(space: Space, seat: int, index: int) -> None:
        if not claims[space]:  # the first completion takes the space; later ones find it empty
            claims[space], when[space] = (seat,), index

    low, _, top = sequence
    for i, p in enumerate(plays):
        c = p.card
        if c.suit is suit and c.rank in _SPACE_OF_RANK:
            take(_SPACE_OF_RANK[c.rank], p.seat, i)
        if c.suit is suit and c.rank is Rank.KING and _in_a_row(plays, i, 1):
            take(Space.KQ, p.seat, i)  # the queen just before, same run, same player
        if c.rank is top and _in_a_row(plays, i, 2):
            take(Space.SEQ, p.seat, i)
    return claims, when


def _in_a_row(plays: Sequence[MichiganPlay], i: int, back: int) -> bool:
    """The ``back`` plays before play ``i`` are in its run and by its player (a run climbs one rank a card)."""
    if i < back:
        return False
    p = plays[i]
    return all(q.run == p.run and q.seat == p.seat for q in plays[i - back:i])


def compare_claims(names: Sequence[str], derived: Claims, recorded: Mapping[Space, tuple[int, ...]],
                   played: bool) -> None:
    """The claims the record gives must be those the cards give (spaces left out: nobody): the cards played in
    stage 3 (``played``), else the cards held after the spare hand.

    :raises InconsistentRecord: code ``claim``.
    """
    for space in CLAIM_SPACES:
        want, got = derived.get(space, ()), recorded.get(space, ())
        if set(want) != set(got):
            said = _who(names, got) or "nobody"
            right = _who(names, want) or "nobody"
            places = {"space": space, "right": right, "said": said}
            raise InconsistentRecord(Said("claims: %(space)s goes to %(right)s (by the cards played in stage 3), not "
                                          "to %(said)s", **places) if played else
                                     Said("claims: %(space)s goes to %(right)s (by the cards held after the spare "
                                          "hand), not to %(said)s", **places), code="claim",
                                     player=names[got[0]] if got else names[want[0]] if want else None)


def check_declared(names: Sequence[str], recorded: Mapping[Space, tuple[int, ...]], in_play: bool) -> None:
    """Claims without the cards must at least fit together: KQ with both K and Q, and K and Q with KQ (in play
    too: whoever holds both plays the queen and at once the king); SEQ shared only in stage 1.

    :raises InconsistentRecord: code ``claim``.
    """
    k, q, kq = (recorded.get(s, ()) for s in (Space.KH, Space.QH, Space.KQ))
    if kq and (k != kq or q != kq):
        raise InconsistentRecord(Said("claims: %(player)s takes KQ, so he must also take the king and the queen "
                                      "spaces", player=names[kq[0]]),
                                 code="claim", player=names[kq[0]])
    if k and k == q and not kq:
        raise InconsistentRecord(Said("claims: %(player)s took the king and the queen in play: he held both, played "
                                      "them one after the other, and also takes KQ", player=names[k[0]]) if in_play else
                                 Said("claims: %(player)s holds the king and the queen, so he also takes KQ",
                                      player=names[k[0]]),
                                 code="claim", player=names[k[0]])
    seq = recorded.get(Space.SEQ, ())
    if in_play and len(seq) > 1:
        raise InconsistentRecord(Said("claims: in play SEQ goes to the first player to play the sequence, not to "
                                      "%(who)s", who=_who(names, seq)), code="claim")
    if len(seq) > 4:
        raise InconsistentRecord(Said('claims: at most four players can hold a sequence (one per suit)'), code="claim")


def check_against_hands(names: Sequence[str], recorded: Mapping[Space, tuple[int, ...]], held: Sequence[Sequence[Card]],
                        suit: Suit, sequence: Sequence[Rank]) -> None:
    """Claims made in play when the play itself is not recorded: each taker held the cards.

    :raises InconsistentRecord: code ``claim``.
    """
    for space, takers in recorded.items():
        for seat in takers:
            hand = set(held[seat])
            if space in PAY_SPACES:
                need: list[Card] = [pay_card(space, suit)]
            elif space is Space.KQ:
                need = [Card(Rank.KING, suit), Card(Rank.QUEEN, suit)]
            else:
                if _has_sequence(tuple(hand), sequence):
                    continue
                raise InconsistentRecord(Said("claims: %(player)s takes SEQ but holds no %(sequence)s of one suit",
                                              player=names[seat], sequence="-".join((str(r) for r in sequence))),
                                         code="claim", player=names[seat])
            lacking = [c for c in need if c not in hand]
            if lacking:
                raise InconsistentRecord(Said("claims: %(player)s takes %(space)s but does not hold %(card)s",
                                              player=names[seat], space=space, card=lacking[0].label),
                                         code="claim", player=names[seat], card=lacking[0].code)


def check_against_plays(names: Sequence[str], recorded: Mapping[Space, tuple[int, ...]], plays: Sequence[MichiganPlay],
                        suit: Suit, sequence: Sequence[Rank]) -> None:
    """Stage-1 claims without the deal: whoever plays a card in stage 3 held it in stage 1 (hands never change).

    :raises InconsistentRecord: code ``claim``.
    """
    player_of = {p.card: p.seat for p in plays}
    for space in PAY_SPACES:
        c = pay_card(space, suit)
        takers = recorded.get(space, ())
        if c in player_of and takers != (player_of[c],):
            said = _who(names, takers) or "nobody"
            raise InconsistentRecord(Said("claims: %(player)s played %(card)s in stage 3, so he held it and took "
                                          "%(space)s, not %(said)s", player=names[player_of[c]], card=c.label,
                                          space=space, said=said),
                                     code="claim", player=names[player_of[c]], card=c.code)
    k, q = player_of.get(Card(Rank.KING, suit)), player_of.get(Card(Rank.QUEEN, suit))
    if k is not None and k == q and recorded.get(Space.KQ, ()) != (k,):
        raise InconsistentRecord(Said("claims: %(player)s played the king and the queen, so he held both and took KQ",
                                      player=names[k]),
                                 code="claim", player=names[k])
    for seat in range(len(names)):
        mine = [p.card for p in plays if p.seat == seat]
        if _has_sequence(mine, sequence) and seat not in recorded.get(Space.SEQ, ()):
            raise InconsistentRecord(Said("claims: %(player)s played a whole %(sequence)s of one suit, so he held it "
                                          "and shares SEQ", player=names[seat],
                                          sequence="-".join((str(r) for r in sequence))),
                                     code="claim", player=names[seat])


def _who(names: Sequence[str], seats: Sequence[int]) -> str:
    shown = [names[s] for s in seats]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1] if shown else ""
