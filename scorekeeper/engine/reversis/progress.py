"""A Reversis hand in progress: what comes next, and the hand action by action (``engine.progress``).

The actions, in the table's order (6.3, 6.4, 6.7): with the deal, the dealer's discard and each
other player's exchange (counter-clockwise from the dealer's right, a card or ``None`` to keep his
hand); the Espagnolette declaration before the first lead (with the deal, asked of the player whose
hand qualifies, if any; without it, of the table: who declares, or nobody); then every card played;
once the hand is over, each claim the hand winner did not demand (6.5 P4), declared by the table
(``waive``, the card led: the record's ``waive`` event).

A declaration is the record's ``espagnolette`` event; no declaration is written as the first
trick's ``leader``, which closes the declarations. An established revoke (4.1) is declared with the
card the replay refused (the revoke itself with the deal, the card that proves it without), and
play stops there (``stands``). The replay decides everything: a record is taken as far as it goes
when the replay refuses it only for stopping early (``incomplete``), and a card is offered when the
replay takes the record one card longer. The payments of 6.5 are those ``pay_in_play`` makes over
the tricks finished so far.
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from ..cards import Card
from ..errors import Said, InconsistentRecord, RecordSyntaxError, ScorekeeperError, shown
from ..progress import COMPLETE, Action, Progress, Walk, accepted, appended, played, revoke_played, stops_early
from ..cards import PlayItem
from ..state import HandState, parsed
from ..tricks import TrickMachine
from . import state as reversis_state
from .dealing import DEALING
from .deal import after_exchange, check_dealt, exchange_order, known_talon
from .inplay import pay_in_play
from .outcome import outcome_json, payment_to_json
from .actions import Event
from .record import ReversisRecord, to_json
from .record import from_json as _from_json
from .replay import declarations, open_ledger, replay
from .rules import PLAYERS, TRICK_RULES, qualifies
from .table import reversis_seating
from .tricks import PlayedHand, paying_plays, rebuild_hands, reversis_attempt
from .words import VOCABULARY
from ..progress import ASKS as COMMON_ASKS

UNKNOWN = "the deal is not recorded: any card not played yet may come next, and the engine checks it when it is tapped"
from_json = parsed(_from_json)  # a walk reads one record many times: once each (engine.state.parsed)


def _waiting(record: ReversisRecord) -> Callable[[ScorekeeperError], bool]:
    return stops_early(len(record.play or ()), PLAYERS)


def _so_far(events: tuple[Event, ...], plays: int, stood: tuple[int, Event] | None,
            waived: int) -> tuple[Event, ...]:
    """The events of a record cut after ``plays`` cards and ``waived`` waivers: an established revoke once the
    card it was declared with is in, a corrected revoke once its trick has begun, the first waivers."""
    waivers = [e for e in events if e.type == "waive"][:waived]
    return tuple(e for e in events if not (
        e.type == "revoke" and (stood is None or e is not stood[1] or plays <= stood[0])
        or e.type == "revoke-corrected" and e.trick is not None and plays <= (e.trick - 1) * PLAYERS
        or e.type == "waive" and not any(e is w for w in waivers)))


def _stood(record: ReversisRecord) -> tuple[int, Event] | None:
    """An established revoke (4.1) and the index of the card the table declared it with: the first card the
    replay refuses without it (with the deal, the revoke itself; without it, the card that proved it), else
    the last card (play stopped there). None without one."""
    event = next((e for e in record.events if e.type == "revoke"), None)
    plays = record.play
    if event is None or not plays:
        return None
    bare = dataclasses.replace(record, events=tuple(e for e in record.events if e is not event))

    def refused(k: int) -> bool:  # the first k + 1 cards, without the revoke: once refused, refused longer too
        shorter = dataclasses.replace(bare, play=plays[:k + 1])
        return not accepted(lambda: replay(shorter), _waiting(shorter))

    return bisect.bisect_left(range(len(plays) - 1), True, key=refused), event  # none refused: the last card


def actions(value: Mapping[str, Any]) -> list[Action]:
    """The record's actions in order: the discard and the exchanges (with the deal), then the cards played."""
    record = from_json(value)
    names = record.players
    out: list[Action] = []
    if record.deal is not None and not record.is_result:
        seating = reversis_seating(names)
        dealer = seating.seat(record.dealer)
        if record.discard is not None:
            out.append(Action("discard", record.dealer, record.discard.code))
        chosen = dict(record.exchanges or ())
        for seat in exchange_order(seating, dealer):
            if names[seat] in chosen:
                c = chosen[names[seat]]
                out.append(Action("exchange", names[seat], None if c is None else c.code))
    if not record.is_result:
        out += _declarations(record)
    stood = _stood(record)
    for k, item in enumerate(record.play or ()):
        if stood is not None and k == stood[0]:
            event = stood[1]
            out.append(Action("revoke", event.player, {"trick": event.trick, "card": item.card.code}))
        else:
            out.append(Action("play", item.player, item.card.code))
    out += [Action("waive", None, _led(record, e.trick)) for e in record.events if e.type == "waive"]
    return out


def _led(record: ReversisRecord, trick: int | None) -> str | None:
    """The card that led ``trick`` (four cards a trick, none dead): the claim a waiver names."""
    at = None if trick is None else (trick - 1) * PLAYERS
    plays = record.play or ()
    return plays[at].card.code if at is not None and 0 <= at < len(plays) else None


def _declared(record: ReversisRecord) -> list[str]:
    """The players who declared Espagnolette (6.7 step 2), in order."""
    return [e.player for e in record.events if e.type == "espagnolette" and e.declared and e.player is not None]


def _qualifier(record: ReversisRecord) -> str | None:
    """With the deal and the exchanges, the player whose hand qualifies for Espagnolette (6.7 step 1), if any
    (four aces between two hands cannot make two); None also when the exchanges are wrong (the replay says so)."""
    seating = reversis_seating(record.players)
    try:
        held, _ = after_exchange(record, seating, seating.seat(record.dealer))
    except ScorekeeperError:
        return None
    return next((record.players[s] for s in seating.order_from(seating.eldest(seating.seat(record.dealer)))
                 if qualifies(held[s])), None)


def _declarations(record: ReversisRecord) -> list[Action]:
    """The Espagnolette step: each declaration (its value the declarer), or none (``None``) where it was asked."""
    declared = _declared(record)
    closed = bool(record.play) or record.leader is not None  # no declaration was made: the lead came
    if record.deal is None:
        return [Action("espagnolette", None, name) for name in declared] or (
            [Action("espagnolette", None, None)] if closed else [])
    qualifier = _qualifier(record)
    if qualifier is None:
        return []
    return [Action("espagnolette", name, name) for name in declared] or (
        [Action("espagnolette", qualifier, None)] if closed else [])


def cut(value: Mapping[str, Any], k: int) -> dict[str, Any]:
    """The record with only its first ``k`` actions (the deal and the events kept)."""
    record = from_json(value)
    if record.is_result or record.misdeal is not None:
        return to_json(record)
    names = record.players
    taken: list[tuple[str, Any]] = []
    if record.deal is not None:
        seating = reversis_seating(names)
        chosen = dict(record.exchanges or ())
        taken = [("discard", record.discard)] if record.discard is not None else []
        taken += [(names[s], chosen[names[s]]) for s in exchange_order(seating, seating.seat(record.dealer))
                  if names[s] in chosen]
    head = taken[:k]
    discard = head[0][1] if head and head[0][0] == "discard" else None
    exchanges = tuple((n, c) for n, c in head if n != "discard")
    asked = len(_declarations(record))
    said = k >= len(taken) + asked  # the declarations are made (or none was)
    plays = (record.play or ())[:max(0, k - len(taken) - asked)]
    waived = max(0, k - len(taken) - asked - len(record.play or ()))  # the waivers come after the last card
    events = tuple(e for e in _so_far(record.events, len(plays), _stood(record), waived)
                   if said or e.type != "espagnolette" or not e.declared)
    leader = record.leader
    if said and asked and not _declared(record) and leader is None:  # nobody declared: the lead comes next
        seating = reversis_seating(names)
        leader = names[seating.eldest(seating.seat(record.dealer))]
    shorter = dataclasses.replace(
        record, talon=record.talon if k >= len(taken) else None,  # the talon is known once the exchanges are done
        discard=discard if record.deal is not None else record.discard,
        exchanges=(exchanges or None) if record.deal is not None else record.exchanges, play=plays, events=events,
        leader=leader if said else None)
    return to_json(shorter)


def progress(value: Mapping[str, Any], offer: bool = True) -> Progress:
    """What comes next in a (partial) Reversis record; ``offer``: list the cards the replay would take next.

    :raises ScorekeeperError: the replay's refusal of the record's first illegal action.
    """
    record = from_json(value)
    names = record.players
    count = len(actions(value))
    if record.is_result or record.misdeal is not None:
        return _complete(record, count)
    seating = reversis_seating(names)
    dealer = seating.seat(record.dealer)
    if record.deal is not None:
        check_dealt(record, seating, dealer)
        chosen = dict(record.exchanges or ())
        order = exchange_order(seating, dealer)
        missing = [s for s in order if names[s] not in chosen]
        if not record.play and (record.discard is None or missing):
            return _before_play(record, seating, dealer, missing, count)
    if record.deal is not None and _declared(record):
        _check_declared(record)
    if not record.play and record.leader is None and not _declared(record):
        asking = _declaring(record, count)
        if asking is not None:
            return asking
    try:
        replay(record)
    except ScorekeeperError as exc:
        if not _waiting(record)(exc):
            raise
    else:
        return _complete(record, count)
    return _in_play(record, count, offer)


def _check_declared(record: ReversisRecord) -> None:
    """The declarations against the hands after the exchange, by the replay's own check, as soon as they are made.

    :raises InconsistentRecord: code ``espagnolette``."""
    seating = reversis_seating(record.players)
    held, _ = after_exchange(record, seating, seating.seat(record.dealer))
    said = dataclasses.replace(record, events=tuple(e for e in record.events if e.type == "espagnolette" and e.declared))
    qualifying = tuple(s for s in range(PLAYERS) if qualifies(held[s]))
    declarations(said, seating, PlayedHand(seating.eldest(seating.seat(record.dealer)), (), held, qualifying, (), None,
                                           False), hands_known=True)


def _declaring(record: ReversisRecord, count: int) -> Progress | None:
    """Before the first lead (6.7 step 2): with the deal, the qualifying player declares or not; without it,
    the table says who declared, or nobody. None: nobody's hand qualifies, the lead comes next."""
    if record.deal is not None:
        qualifier = _qualifier(record)
        if qualifier is None:
            return None
        choices: tuple[str | None, ...] = (qualifier, None)
    else:
        qualifier, choices = None, (None, *record.players)
    table = _in_play(record, count, offer=False)
    return dataclasses.replace(table, kind="espagnolette", player=qualifier, choices=choices, unknown=None)


def _complete(record: ReversisRecord, count: int) -> Progress:
    """The hand played out; the table may still say the hand winner did not demand a claim (6.5 P4): the
    card led of each claim still paid is offered (``waive``)."""
    answer = outcome_json(replay(record))
    open_claims = tuple(c["card"] for c in answer.get("claims", ()) if c["status"] == "paid")
    return Progress("reversis", record.players, COMPLETE, state=_state_of(answer), outcome=answer, actions=count,
                    paid=tuple(answer.get("payments", ())), declare=("waive",) if open_claims else (),
                    offers={"waive": open_claims} if open_claims else {})


def _state_of(answer: Mapping[str, Any]) -> dict[str, Any]:
    return {k: answer[k] for k in ("tricks", "talon", "pools") if k in answer}


def _before_play(record: ReversisRecord, seating: Any, dealer: int, missing: list[int], count: int) -> Progress:
    """The deal done, the discard or an exchange next: the choices are the cards held (or keeping one's hand)."""
    names = record.players
    assert record.deal is not None
    ledger, _ = open_ledger(record, seating, dealer, None)
    paid = tuple(payment_to_json(names, p) for p in ledger.payments)
    if record.discard is None:
        if record.exchanges:
            after_exchange(record, seating, dealer)  # the replay's own refusal: an exchange before the discard
        cards = tuple(c.code for c in record.deal[dealer])
        return Progress("reversis", names, "discard", record.dealer, cards, state={"hands": _hands(names, record.deal)},
                        paid=paid, actions=count)
    filled = dict(record.exchanges or ())
    filled.update({names[s]: None for s in missing})
    trial = dataclasses.replace(record, exchanges=tuple(filled.items()), talon=None)
    held, talon = after_exchange(trial, seating, dealer)  # the exchanges so far, checked by the replay's rules
    seat = missing[0]
    choices = (*(c.code for c in record.deal[seat]), None)
    done = [c for n, c in (record.exchanges or ()) if n]
    state = {"hands": _hands(names, held), "talon_so_far": 1 + len(done)}
    return Progress("reversis", names, "exchange", names[seat], choices, state=state, paid=paid, actions=count)


def _in_play(record: ReversisRecord, count: int, offer: bool) -> Progress:
    """Cards to play: the trick machine says whose turn, the replay which cards it takes."""
    names = record.players
    seating = reversis_seating(names)
    dealer = seating.seat(record.dealer)
    seat_of = {name: i for i, name in enumerate(names)}
    plays = [(item.card, None if item.player is None else seat_of[item.player]) for item in record.play or ()]
    out_of_turn = {e.trick for e in record.events if e.type == "out-of-turn" and e.trick is not None}
    leader = seating.eldest(dealer) if record.leader is None else seat_of[record.leader]
    if record.deal is not None:
        held, talon = after_exchange(record, seating, dealer)
    else:
        talon = known_talon(record, seating, dealer)
        held = tuple(rebuild_hands(seating, dealer, leader, plays, out_of_turn, record, talon))
    hand = TrickMachine(TRICK_RULES, seating, dealer, held, leader=leader, out_of_turn_tricks=out_of_turn)
    for c, named in plays:
        hand.apply(c, hand.turn if named is None else named)
    ledger, _ = open_ledger(record, seating, dealer, None)
    attempt = reversis_attempt(hand.tricks)
    claims = pay_in_play(ledger, seating, paying_plays(hand.tricks), attempt)
    paid = tuple(payment_to_json(names, p) for p in ledger.payments)
    state: dict[str, Any] = {
        "trick": hand.trick_number, "leader": names[hand.leader],
        "current": [[names[s], c.code] for s, c in hand.current],
        "tricks": [{"leader": names[t.leader], "cards": [c.code for c in t.cards], "winner": names[t.winner]}
                   for t in hand.tricks],
        "claims": [{"player": names[c.seat], "card": c.card.code, "trick": c.trick} for c in claims],
        "pools": {"current": ledger.current, "supplements": [{"id": k, "fish": f} for k, f in ledger.supplements]},
        "espagnolette": _declared(record),
    }
    if attempt is not None:  # 6.6: tricks 1-9 won by one player; broken once he loses one (he owes 64 at the end)
        state["reversis"] = {"player": names[attempt.seat], **(
            {} if attempt.breaker is None else {"broken_by": names[attempt.breaker], "trick": attempt.trick})}
    if record.deal is not None:
        state["hands"] = _hands(names, [sorted(h) for h in hand.holding])
        state["talon"] = [c.code for c in talon]
        turn = hand.turn
        told = reversis_state.choices(record, hand, held) if offer else None  # the trick machine's answer
        choices = told if told is not None else tuple(
            c.code for c in sorted(hand.holding[turn]) if offer and _takes(record, c))
        return Progress("reversis", names, "play", names[turn], choices, state=state, paid=paid, actions=count)
    return Progress("reversis", names, "play", names[hand.turn], None, UNKNOWN, state=state, paid=paid, actions=count)


def _takes(record: ReversisRecord, c: Card) -> bool:
    """Whether the replay takes the record with ``c`` played next."""
    longer = dataclasses.replace(record, play=(*(record.play or ()), PlayItem(c)))
    return accepted(lambda: replay(longer), _waiting(longer))


def _hands(names: tuple[str, ...], held: Any) -> dict[str, list[str]]:
    return {name: [c.code for c in cards] for name, cards in zip(names, held)}


def extend(value: Mapping[str, Any], action: Action) -> dict[str, Any]:
    """The record with one more action: the dealer's discard, a player's exchange (``None``: he keeps his hand), a card."""
    if action.kind == "discard":
        return {**value, "discard": action.value}
    if action.kind == "exchange":
        if action.player is None:
            raise RecordSyntaxError(Said('an exchange names the player who makes it'))
        return {**value, "exchanges": {**(value.get("exchanges") or {}), action.player: action.value}}
    if action.kind == "espagnolette":
        if action.value is not None:
            return appended(value, ("events",), {"type": "espagnolette", "player": action.value})
        record = from_json(value)
        seating = reversis_seating(record.players)
        return {**value, "leader": record.players[seating.eldest(seating.seat(record.dealer))]}
    if action.kind == "play":
        return appended(value, ("play",), played(action))
    if action.kind == "waive":
        claim = next((c for c in outcome_json(replay(from_json(value))).get("claims", ())
                      if c["card"] == action.value and c["status"] == "paid"), None)
        if claim is None:
            raise InconsistentRecord(Said("no claim on %(value)s is left to waive: the hand winner claims on the "
                                          "Quinola or an ace led, and each claim is waived once",
                                          value=shown(action.value)), code="waive")
        return appended(value, ("events",), {"type": "waive", "player": claim["player"], "trick": claim["trick"]})
    if action.kind == "revoke":
        if not isinstance(action.value, Mapping):
            raise RecordSyntaxError(Said('a revoke established is {"trick": n, "card": the card played}'))
        event = {"type": "revoke", "player": action.player, "trick": action.value.get("trick")}
        return appended(appended(value, ("events",), event), ("play",), action.value.get("card"))
    raise RecordSyntaxError(Said('a Reversis hand takes no %(kind)s', kind=action.kind))


def stands(value: Mapping[str, Any], action: Action, exc: ScorekeeperError) -> Action | None:
    """A card refused as a revoke the table may establish (4.1: play stops, the reneger pays each other player
    10): the revoke, declared with the card."""
    if action.kind != "play" or exc.code != "revoke" or not exc.player or not exc.trick:
        return None
    if any(e.get("type") == "revoke" for e in value.get("events") or ()):
        return None  # one established revoke ends the play
    return Action("revoke", exc.player, {"trick": exc.trick, "card": action.value})


ASKS = {**COMMON_ASKS, "discard": "card", "exchange": "card", "espagnolette": "option", "waive": "option",
        "face-down": "card", "exchanged": "card"}
"""How a page asks for each kind of Reversis (``engine.progress.ASKS``): 6.7's declaration before the first lead,
6.5 P4's claim the hand winner did not demand (the card led), the card dealt face down and the card given for it."""

WALK = Walk(actions, cut, progress, extend, declared=frozenset({"revoke"}), stands=stands, plain=revoke_played,
            dealing=DEALING, nouns=VOCABULARY.nouns, asks=ASKS)


def state(value: Mapping[str, Any]) -> HandState:
    """The Reversis hand that ``value`` records, as it stands.

    :raises ScorekeeperError: the replay's refusal of the record's first illegal action."""
    return HandState.of(WALK, value)
