"""A Reversis deal given by the table on the card page (``progress.Dealing``).

Before the first card (6.3): the dealer's 12 cards (his 11 and the one he dealt himself face down), each
other player's 11, counter-clockwise from the dealer's right, then the card dealt face down in front of
each of them (the last one is the card left). The discard and the exchanges are then asked by the walk,
as with any deal.

Once every card is played, each player's hand after the exchange is the cards he played, and the talon
the four cards nobody played. Each other player, in the exchange order (AMB-38p), is asked the card
dealt face down in front of him: one he played (he took it up, and is asked the card he gave for it, a
talon card) or a talon card (he kept his hand). The talon card left is the dealer's discard.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Card
from ..errors import Said, ScorekeeperError
from ..progress import Action, Dealing, Progress
from .deal import exchange_order, known_talon
from .record import ReversisRecord, from_json, to_json
from .rules import PACK, PLAYERS, TRICKS
from .table import reversis_seating
from .tricks import rebuild_hands


def _record(value: Mapping[str, Any]) -> ReversisRecord:
    """:raises ScorekeeperError: the record has its deal, is a result, or names talon cards already."""
    record = from_json(value)
    if record.deal is not None:
        raise ScorekeeperError(Said('the deal is recorded already'), code="dealt")
    if record.is_result or record.misdeal is not None:
        raise ScorekeeperError(Said('a hand recorded by its result has no cards to deal'), code="deal")
    if record.discard is not None or record.exchanges:
        raise ScorekeeperError(Said("the record names the discard or the exchanges already: give the deal with them "
                                    "in the record itself"), code="deal")
    return record


def _left(taken: Sequence[Sequence[str]]) -> list[str]:
    gone = {code for cards in taken for code in cards}
    return [c.code for c in PACK if c.code not in gone]


def _played(record: ReversisRecord) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards after the exchange, as the whole play shows them.

    :raises ScorekeeperError: the play is not over, or is refused."""
    names = record.players
    seating = reversis_seating(names)
    dealer = seating.seat(record.dealer)
    seat_of = {name: i for i, name in enumerate(names)}
    plays = [(item.card, None if item.player is None else seat_of[item.player]) for item in record.play or ()]
    if len(plays) != PLAYERS * TRICKS:
        raise ScorekeeperError(Said('the deal is given before the first card, or once every card is played'),
                               code="deal")
    out_of_turn = {e.trick for e in record.events if e.type == "out-of-turn" and e.trick is not None}
    leader = seating.eldest(dealer) if record.leader is None else seat_of[record.leader]
    talon = known_talon(record, seating, dealer)
    return tuple(rebuild_hands(seating, dealer, leader, plays, out_of_turn, record, talon))


def _walked(record: ReversisRecord, given: Sequence[Action]) -> tuple[list[tuple[int, str, str | None]], bool]:
    """The answers after the hand, seat by seat: (seat, his face-down card, the card he gave or None), and
    whether the last seat's card given is still to be asked."""
    seating = reversis_seating(record.players)
    held = _played(record)
    done: list[tuple[int, str, str | None]] = []
    answers = list(given)
    for seat in exchange_order(seating, seating.seat(record.dealer)):
        if not answers:
            break
        face_down = answers.pop(0).value
        if face_down not in {c.code for c in held[seat]}:
            done.append((seat, face_down, None))
            continue
        if not answers:
            done.append((seat, face_down, None))
            return done, True
        done.append((seat, face_down, answers.pop(0).value))
    return done, False


def ask(value: Mapping[str, Any], given: Sequence[Action]) -> Progress | None:
    """The next question: a hand as dealt, a face-down card (before the first card); a face-down card, the
    card given for it (after the hand); None once every card is placed."""
    record = _record(value)
    names = record.players
    seating = reversis_seating(names)
    dealer = seating.seat(record.dealer)
    order = exchange_order(seating, dealer)
    if not record.play:
        hands = [a.value for a in given[:PLAYERS]]
        if len(given) < PLAYERS:
            seat = (dealer, *order)[len(given)]
            return Progress(record.game, names, "hand", names[seat], tuple(_left(hands)), ask="cards",
                            count=TRICKS + 1 if seat == dealer else TRICKS)
        if len(given) >= PLAYERS + len(order) - 1:
            return None
        face_downs = [a.value for a in given[PLAYERS:]]
        seat = order[len(face_downs)]
        return Progress(record.game, names, "face-down", names[seat], tuple(_left([*hands, face_downs])), ask="card")
    held = _played(record)
    talon = _left([[c.code for c in h] for h in held])
    done, giving = _walked(record, given)
    used = [face_down if gave is None and not (giving and k == len(done) - 1) else gave
            for k, (_, face_down, gave) in enumerate(done)]
    spare = [code for code in talon if code not in used]
    if giving:
        return Progress(record.game, names, "exchanged", names[done[-1][0]], tuple(spare), ask="card")
    if len(done) == len(order):
        return None
    seat = order[len(done)]
    return Progress(record.game, names, "face-down", names[seat], (*(c.code for c in held[seat]), *spare), ask="card",
                    state={"hands": {names[s]: [c.code for c in held[s]] for s in range(PLAYERS)}, "talon": talon})


def write(value: Mapping[str, Any], given: Sequence[Action]) -> dict[str, Any]:
    """The record with the deal, the face-down cards and (after the hand) the discard and the exchanges."""
    record = _record(value)
    names = record.players
    seating = reversis_seating(names)
    dealer = seating.seat(record.dealer)
    order = exchange_order(seating, dealer)
    out = to_json(record)
    if not record.play:
        hands = [list(a.value) for a in given[:PLAYERS]]
        face_downs = [a.value for a in given[PLAYERS:]]
        face_downs += _left([*hands, face_downs])
        out["deal"] = {names[seat]: cards for seat, cards in zip((dealer, *order), hands)}
        out["face_down"] = {names[seat]: code for seat, code in zip(order, face_downs)}
        return out
    held = _played(record)
    talon = _left([[c.code for c in h] for h in held])
    done, _ = _walked(record, given)
    deal = {names[s]: [c.code for c in held[s]] for s in range(PLAYERS)}
    used: list[str] = []
    for seat, face_down, gave in done:
        if gave is None:
            used.append(face_down)
            continue
        used.append(gave)
        deal[names[seat]] = [code for code in deal[names[seat]] if code != face_down] + [gave]
    [discard] = [code for code in talon if code not in used]
    deal[names[dealer]].append(discard)
    out["deal"] = {name: deal[name] for name in names}
    out["face_down"] = {names[seat]: face_down for seat, face_down, _ in done}
    out["discard"] = discard
    out["exchanges"] = {names[seat]: gave for seat, _, gave in done}
    return out


DEALING = Dealing(ask, write)
