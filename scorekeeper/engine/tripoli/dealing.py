"""A Tripoli, Rummoli or Cosmo deal given by the table on the card page (``progress.Dealing``).

Before the first card of Michigan (5.2): each player's hand as dealt, clockwise from the eldest hand, the
sizes 5.2 gives with the spare hand dealt last in each round; the spare hand is the cards left. (Under
``spare_position: any`` a table that dealt the spare hand elsewhere, so that a player's hand has another
size, gives its deal in the record itself.) The dealer's choice of the spare hand, the poker and Michigan
are then asked by the walk, as with any deal.

Once Michigan has ended, what the record shows places most of each hand the player held after the spare
business: the cards he played to Michigan and the five he showed at the showdown. Each player whose held
hand has cards nobody saw (as many as the table declared left in his hand at the end) is asked them, the
eldest first; the dead hand is the cards left. The deal as dealt follows from the dealer's choice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import ALL_CARDS
from ..errors import Said, ScorekeeperError
from ..progress import Action, Dealing, Progress
from ..seating import Seating
from .actions import SpareAction
from .deal import hand_sizes
from .record import TripoliRecord, from_json, to_json

HELD = "held"  # the question after the hand: the cards of a held hand nobody saw


def _record(value: Mapping[str, Any]) -> TripoliRecord:
    """:raises ScorekeeperError: the record has its deal, is a misdeal or a final poker deal, or is in the middle
    of Michigan."""
    record = from_json(value)
    if not isinstance(record, TripoliRecord):
        raise ScorekeeperError(Said("a final poker deal is given with its five cards each in the record itself"),
                               code="deal")
    if record.deal is not None:
        raise ScorekeeperError(Said('the deal is recorded already'), code="dealt")
    if record.misdeal is not None:
        raise ScorekeeperError(Said('a misdeal has no cards to deal'), code="deal")
    if _played(record) and not _ended(record):
        raise ScorekeeperError(Said('the deal is given before the first card of Michigan, or once Michigan has ended'),
                               code="deal")
    return record


def _played(record: TripoliRecord) -> bool:
    return record.michigan is not None and bool(record.michigan.play)


def _ended(record: TripoliRecord) -> bool:
    m = record.michigan
    return m is not None and (m.out is not None or m.block) and m.left is not None


def _left(taken: Sequence[Sequence[str]]) -> list[str]:
    gone = {code for cards in taken for code in cards}
    return [c.code for c in ALL_CARDS if c.code not in gone]


def _order(record: TripoliRecord) -> tuple[int, ...]:
    seating = Seating(record.players)
    return seating.order_from(seating.eldest(seating.seat(record.dealer)))


def _seen(record: TripoliRecord) -> tuple[list[list[str]], list[int]]:
    """Each seat's held cards the record shows (Michigan, the showdown), and the size of each held hand (the
    cards he played and those the table declared left in his hand)."""
    names = record.players
    seen: list[list[str]] = [[] for _ in names]
    michigan = record.michigan
    assert michigan is not None and michigan.play is not None and michigan.left is not None
    played = [0] * len(names)
    for item in michigan.play:
        if item.player is None:
            raise ScorekeeperError(Said("each card of Michigan names who played it: give the deal before the first "
                                        "card"),
                                   code="deal")
        seat = names.index(item.player)
        seen[seat].append(item.card.code)
        played[seat] += 1
    hands = record.poker.hands if record.poker is not None and record.poker.hands is not None else ()
    for seat, shown in enumerate(hands):
        seen[seat] += [c.code for c in shown or () if c.code not in seen[seat]]
    sizes = [played[s] + (michigan.left[s] or 0) for s in range(len(names))]
    return seen, sizes


def ask(value: Mapping[str, Any], given: Sequence[Action]) -> Progress | None:
    """The next question: a hand as dealt (before Michigan); the rest of a held hand (after it); None once
    every card is placed."""
    record = _record(value)
    names, order = record.players, _order(record)
    if not _played(record):
        if len(given) >= len(names):
            return None
        seat = order[len(given)]
        return Progress(record.game, names, "hand", names[seat], tuple(_left([a.value for a in given])), ask="cards",
                        count=hand_sizes(len(names))[len(given)])
    seen, sizes = _seen(record)
    asked = [s for s in order if sizes[s] > len(seen[s])]
    if len(given) >= len(asked):
        return None
    seat = asked[len(given)]
    return Progress(record.game, names, HELD, names[seat], tuple(_left([*seen, *(a.value for a in given)])),
                    ask="cards", count=sizes[seat] - len(seen[seat]),
                    state={"hands": {names[s]: seen[s] for s in range(len(names))}})


def write(value: Mapping[str, Any], given: Sequence[Action]) -> dict[str, Any]:
    """The record with the deal and the spare hand as dealt."""
    record = _record(value)
    names, order = record.players, _order(record)
    out = to_json(record)
    if not _played(record):
        hands = {order[k]: list(a.value) for k, a in enumerate(given)}
        out["deal"] = {names[s]: hands[s] for s in range(len(names))}
        out["spare_hand"] = _left(list(hands.values()))
        return out
    seen, sizes = _seen(record)
    asked = [s for s in order if sizes[s] > len(seen[s])]
    held = [list(cards) for cards in seen]
    for seat, answer in zip(asked, given):
        held[seat] += list(answer.value)
    dead = _left(held)
    deal, spare_hand = _as_dealt(names, names.index(record.dealer), held, dead, record.spare)
    out["deal"] = {names[s]: deal[s] for s in range(len(names))}
    out["spare_hand"] = spare_hand
    return out


def _as_dealt(names: Sequence[str], dealer: int, held: list[list[str]], dead: list[str],
              spare: SpareAction) -> tuple[list[list[str]], list[str]]:
    """The hands as dealt and the spare hand, from the hands held and the dead hand: ``deal.after_spare`` the
    other way (5.2 step 2)."""
    deal = [list(h) for h in held]
    buyer = None if spare.buyer is None else names.index(spare.buyer)
    if spare.action == "swap":
        deal[dealer] = dead
        return deal, held[dealer]
    if spare.action == "auction" and buyer is not None:
        deal[buyer] = dead
        return deal, held[buyer]
    if spare.action == "swap-then-auction" and buyer is not None:
        deal[dealer], deal[buyer] = held[buyer], dead
        return deal, held[dealer]
    return deal, dead


DEALING = Dealing(ask, write)
