"""Domino Hearts' hooks (catalogue 2.13, AMB-17): a stock to draw from, players dropping out.

Six cards each, the rest a stock. A player who cannot follow draws until a card of the suit led
comes; a player whose hand is empty drops out, and the last player holding cards keeps them and
takes the stock (``hand.DominoHand`` plays it). Without the deal and the stock's order, each hand
is rebuilt from the named plays and the cards the last player kept (the ``kept`` event).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import Card, card, cards_said
from .counting import count_card
from ..errors import IllegalPlay, InconsistentRecord, Said, some_cards as _cards
from .hand import DominoHand, Hand
from .records import HandRecord
from .ruleset import DealLayout
from ..seating import Seating
from .variant import Rebuilt, Variant

if TYPE_CHECKING:
    from .ruleset import Ruleset


class DominoVariant(Variant):
    """Domino Hearts: draws when void, hands that run out, the last player's cards and the stock."""

    name = "domino"
    events = frozenset({"kept"})
    players_drop_out = True
    plain_play = False  # draws from the stock (DominoHand.check_play)
    follows_turns = False  # once players drop out, the cards alone do not say whose turn it is

    def hands_from_plays(
        self, record: HandRecord, seating: Seating, layout: DealLayout, plays: Sequence[tuple[Card, int | None]],
    ) -> Rebuilt:
        return domino_hands(seating, layout, plays, self.kept(record))

    def new_hand(
        self, ruleset: Ruleset, seating: Seating, dealer: int, hands: Sequence[Iterable[Card]], *,
        undealt: Sequence[Card], leader: int | None, out_of_turn_tricks: Iterable[int],
    ) -> Hand:
        return DominoHand(ruleset, seating, dealer, hands, stock=undealt, leader=leader,
                          out_of_turn_tricks=out_of_turn_tricks)

    def check_end(self, record: HandRecord, hand: Hand, seating: Seating) -> None:
        kept = self.kept(record)
        if kept is not None and isinstance(hand, DominoHand):
            _check_kept(kept, hand, seating)

    def kept(self, record: HandRecord) -> Mapping[str, Any] | None:
        """The ``kept`` event (who was left holding cards and took the stock), if any.

        :raises InconsistentRecord: the record says it twice (``kept``).
        """
        kept = [e for e in record.events if e["type"] == "kept"]
        if len(kept) > 1:
            raise InconsistentRecord(Said("the record says twice who kept the last cards: once a hand"), code="kept")
        return kept[0] if kept else None


DOMINO = DominoVariant()


def domino_hands(
    seating: Seating, layout: DealLayout, plays: Sequence[tuple[Card, int | None]],
    kept_event: Mapping[str, Any] | None,
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...], list[list[tuple[int, Card]]]]:
    """Domino Hearts from the plays alone: each player's hand, the stock left at the end, the proofs.

    A player's hand is the cards he played (the drawn ones among them) and, for the player left
    holding cards, the cards he kept; so he drops out right after his last play, as at the table.
    Every play must name its player: once players drop out, the cards alone do not show whose
    turn it was. The stock left at the end is what nobody played or kept (in pack order: its
    order is not known); the ``kept`` event says who took it.
    """
    n = seating.size
    unnamed = next((i for i, (_, seat) in enumerate(plays) if seat is None), None)
    if unnamed is not None:
        raise InconsistentRecord(
            Said("Domino Hearts without the deal and the stock needs the player of every play ([player, card]): once "
                 "players drop out, the cards alone do not show whose turn it was (play %(play)s names nobody)",
                 play=unnamed + 1),
            code="deal", play=unnamed,
        )
    pack = Counter(layout.pack)
    counted: Counter[Card] = Counter()
    first_seen: dict[Card, tuple[int, int]] = {}
    by_seat: list[list[tuple[int, Card]]] = [[] for _ in range(n)]
    for index, (c, seat) in enumerate(plays):
        assert seat is not None
        wrong = count_card(c, index, seat, pack, counted, first_seen, seating)
        if wrong is not None:
            raise IllegalPlay(wrong[1], code=wrong[0], play=index, player=seating.name(seat), card=c.code)
        by_seat[seat].append((index, c))
    unplayed = pack - counted
    keeper: int | None = None
    kept: tuple[Card, ...] = ()
    if kept_event is not None:
        keeper, kept = seating.seat(kept_event["player"]), tuple(card(code) for code in kept_event["cards"])
        played_too: Counter[Card] = Counter(kept) - unplayed
        if played_too:
            c = next(iter(played_too))
            raise InconsistentRecord(Said("%(player)s kept %(card)s, but it was played (play %(play)s)",
                                          player=kept_event['player'], card=c, play=first_seen[c][0] + 1),
                                     code="kept", player=kept_event["player"], card=c.code)
    elif unplayed:
        left = tuple(c for c in layout.pack if unplayed[c])
        raise InconsistentRecord(
            Said("%(count)s were not played (%(cards)s): without the deal and the stock, record who was left holding "
                 "cards and took the stock ({\"type\": \"kept\", \"player\": ..., \"cards\": [the cards he held]})",
                 count=_cards(len(left)),
                 cards=cards_said(left[:6]) + (' ...' if len(left) > 6 else '')),
            code="incomplete",
        )
    hands = [tuple(c for _, c in mine) + (kept if seat == keeper else ()) for seat, mine in enumerate(by_seat)]
    for seat, cards in enumerate(hands):
        if len(cards) < layout.hand_size:
            name = seating.name(seat)
            raise InconsistentRecord(
                Said("%(player)s played %(count)s and kept %(kept)s, but was dealt %(size)s: a player drops out only "
                     "when he has no card left", player=name, count=_cards(len(by_seat[seat])), kept=len(kept),
                     size=layout.hand_size) if seat == keeper else
                Said("%(player)s played %(count)s, but was dealt %(size)s: a player drops out only when he has no card "
                     "left", player=name, count=_cards(len(by_seat[seat])), size=layout.hand_size),
                code="deal", player=name,
            )
    stock = unplayed - Counter(kept)
    return hands, tuple(c for c in layout.pack if stock[c]), by_seat



NO_CARD = Said("no card")


def kept_proof(kept_event: Mapping[str, Any] | None, seat: int, hand: Hand) -> Said | str:
    """The proof of a renege by a card of the suit led that the player kept to the end."""
    if kept_event is None or hand.seating.seat(kept_event["player"]) != seat:
        return ""
    led = hand.current[0][1].suit
    mine = [c for c in map(card, kept_event["cards"]) if c.suit is led]
    return Said(" (proven by %(card)s, which %(player)s kept to the end)", card=mine[0],
                player=kept_event['player']) if mine else ""



def _check_kept(kept_event: Mapping[str, Any], hand: DominoHand, seating: Seating) -> None:
    """The ``kept`` event must say what the replay found: who was left holding cards, and which."""
    said, cards = kept_event["player"], sorted(kept_event["cards"])
    found = hand.remainder
    if found is None:
        raise InconsistentRecord(Said("the record says %(player)s kept the last cards, but every card was played",
                                      player=said),
                                 code="kept", player=said)
    name = seating.name(found.seat)
    if name != said:
        raise InconsistentRecord(Said("the record says %(player)s kept the last cards, but %(keeper)s was the last "
                                      "player left holding cards", player=said, keeper=name) if found.kept else
                                 Said("the record says %(player)s kept the last cards, but %(keeper)s won the last trick "
                                      "and took the stock", player=said, keeper=name),
                                 code="kept", player=said)
    if sorted(c.code for c in found.kept) != cards:
        raise InconsistentRecord(
            Said("the record says %(player)s kept %(said)s, but %(player)s was left holding %(kept)s", player=said,
                 said=cards_said(tuple(map(card, kept_event['cards']))) or NO_CARD,
                 kept=cards_said(found.kept) or NO_CARD), code="kept", player=said,
        )
