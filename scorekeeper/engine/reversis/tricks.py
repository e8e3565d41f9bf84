"""The play of a Reversis hand, card by card (catalogue 6.4, 6.7 step 3, 4.1, 4.3).

The kernel's trick machine (``engine.tricks.TrickMachine``) plays it as it is: Reversis is plain
follow-suit, no trumps, highest card of the led suit, counter-clockwise. The one Reversis
rule it does not know is the Espagnolette's licence to revoke: when ``check_play``
refuses a revoke by a player holding an Espagnolette hand in tricks 1-9, the play is
accepted (``apply``) and the player is committed. An established revoke recorded in
``events`` is accepted the same way, and stops the hand's settlement.

Without the deal, each hand is the cards its player played (found by following turns
and trick winners), which is enough to prove a revoke: the player later played the suit.
While such a hand is still being played, a revoke in tricks 1-9 by a player who may yet show
an Espagnolette hand is let through: only the whole hand can tell.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..errors import Said, IllegalPlay, InconsistentRecord, plural
from ..seating import Seating
from ..tricks import Trick, TrickMachine
from .record import ReversisRecord
from .facts import HandFacts, PayingPlay, ReversisAttempt
from .rules import (DECK_POINTS, FIRST_NINE, PACK, PLAYERS, TALON_SIZE, TRICK_RULES, TRICKS, is_paying, may_qualify,
                    points_of, qualifies)

_IN_PACK = frozenset(PACK)


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """The tricks of a hand and what the play showed about the players."""

    leader: int  # who led trick 1
    tricks: tuple[Trick, ...]  # completed tricks
    held: tuple[tuple[Card, ...], ...]  # each hand after the exchange (without the deal: the cards played)
    qualifying: tuple[int, ...]  # Espagnolette hands (6.7 step 1)
    committed: tuple[int, ...]  # qualifying players who revoked in tricks 1-9, in the order they did
    revoke: tuple[int, int] | None  # an established revoke: (seat, trick)
    complete: bool  # all 44 cards played


def play_hand(record: ReversisRecord, seating: Seating, dealer: int,
              held: Sequence[tuple[Card, ...]] | None, talon: Sequence[Card]) -> PlayedHand:
    """Check every play; ``held`` are the hands after the exchange (None: rebuild them from the play).

    :raises IllegalPlay: codes ``out-of-turn``, ``not-in-hand``, ``revoke``, ``duplicate-card``.
    :raises InconsistentRecord: codes ``revoke-claim``, ``incomplete``, ``talon``, ``discard``, ``exchange``.
    """
    assert record.play is not None
    names = seating.players
    seat_of = {name: i for i, name in enumerate(names)}
    plays = [(item.card, None if item.player is None else seat_of[item.player]) for item in record.play]
    out_of_turn = {e.trick for e in record.events if e.type == "out-of-turn" and e.trick is not None}
    claims = {(seat_of[e.player], e.trick) for e in record.events
              if e.type == "revoke" and e.player is not None and e.trick is not None}
    eldest = seating.eldest(dealer)  # 6.4: the dealer's right leads
    leader = eldest if record.leader is None else seat_of[record.leader]
    rebuilt = held is None
    if held is None:
        held = rebuild_hands(seating, dealer, leader, plays, out_of_turn, record, talon)
    qualifying = tuple(s for s in range(PLAYERS) if qualifies(held[s]))
    if rebuilt and sum(map(len, held)) < PLAYERS * TRICKS:
        # Play stopped early (a revoke) and the hands are only the cards played: an Espagnolette player's
        # hand cannot be checked, so the record's word (an espagnolette event) is taken for it.
        declared = {seat_of[e.player] for e in record.events if e.type == "espagnolette" and e.player}
        qualifying = tuple(s for s in range(PLAYERS) if s in qualifying or s in declared)
    licensed = qualifying
    in_progress = rebuilt and not claims and len(plays) < PLAYERS * TRICKS
    if in_progress:
        # A hand still being played without the deal: a player who may yet show an Espagnolette hand may
        # revoke in tricks 1-9; the whole hand decides (the full replay judges it exactly).
        unseen = _IN_PACK.difference(c for c, _ in plays).difference(talon)
        licensed = tuple(s for s in range(PLAYERS) if s in qualifying or may_qualify(held[s], unseen, TRICKS - len(held[s])))
    hand = TrickMachine(TRICK_RULES, seating, dealer, held, leader=leader, out_of_turn_tricks=out_of_turn)
    if leader != eldest and 1 not in out_of_turn and plays:
        raise IllegalPlay(Said("%(player)s led %(card)s to the first trick, but %(player2)s (the dealer's right) "
                               "leads it", player=names[leader], card=plays[0][0].label, player2=names[eldest]),
                          code="out-of-turn", play=0, trick=1, player=names[leader], card=plays[0][0].code)
    committed: list[int] = []
    revoke: tuple[int, int] | None = None
    for index, (c, named) in enumerate(plays):
        if rebuilt and revoke is None and claims and _unprovable_claim(hand, c, named, claims):
            # Without the deal a revoke the table established is taken as recorded when the play
            # cannot prove it (the player stopped before playing the suit again): he did not follow.
            revoke = (hand.turn if named is None else named, hand.trick_number)
            hand.apply(c, revoke[0])
            continue
        try:
            hand.play(c, named)
        except IllegalPlay as exc:
            offender = hand.turn if named is None else named
            trick = hand.trick_number
            if exc.code != "revoke":
                raise
            if trick <= FIRST_NINE and offender in licensed:  # 6.7 step 3: the Espagnolette's revoke
                if offender not in committed:
                    committed.append(offender)
                hand.apply(c, offender)
                continue
            if revoke is None and (offender, trick) in claims:  # 4.1: established, play stopped
                revoke = (offender, trick)
                hand.apply(c, offender)
                continue
            if offender in qualifying and trick > FIRST_NINE:
                _explain(exc, Said("an Espagnolette player must follow suit in the last two tricks"))
            elif in_progress and trick <= FIRST_NINE:  # a hand still being played, without the deal
                _explain(exc, Said("no Espagnolette hand is left to %(player)s (the aces and the Quinola he has "
                                   "not shown are played by others or in the talon)", player=names[offender]))
            raise
    unmatched = claims - ({revoke} if revoke else set())
    if unmatched:
        seat, trick_no = sorted(unmatched)[0]
        why = Said(" (an Espagnolette hand may revoke in tricks 1-9)") \
            if seat in qualifying and trick_no <= FIRST_NINE else ""
        raise InconsistentRecord(Said("the record says %(player)s revoked in trick %(trick)s, but every play of "
                                      "%(player)s in that trick was legal%(why)s", player=names[seat], trick=trick_no,
                                      why=why), code="revoke-claim", trick=trick_no,
                                 player=names[seat])
    complete = len(hand.tricks) == TRICKS
    if not complete and revoke is None:
        raise InconsistentRecord((Said("the hand stops after %(count)s card of %(number)s; record every card played "
                                       "(or the revoke that stopped play)", count=len(plays), number=PLAYERS * TRICKS)
                                  if len(plays) == 1 else Said("the hand stops after %(count)s cards of %(number)s; "
                                                               "record every card played (or the revoke that stopped "
                                                               "play)", count=len(plays), number=PLAYERS * TRICKS)),
                                 code="incomplete", play=len(plays), trick=hand.trick_number)
    return PlayedHand(hand.first_leader, tuple(hand.tricks), tuple(tuple(h) for h in held), qualifying,
                      tuple(committed), revoke, complete)


def _explain(exc: IllegalPlay, why: Said) -> None:
    """The refusal with why it applies here, in its words and its sentence given as data."""
    exc.said = Said("%(sentence)s: %(why)s", sentence=exc.said if exc.said is not None else exc.args[0], why=why)
    exc.message = str(exc.said)
    exc.args = (exc.message,)


def _unprovable_claim(hand: TrickMachine, c: Card, named: int | None, claims: set[tuple[int, int]]) -> bool:
    """A claimed revoke the rebuilt hands cannot prove: the player did not follow the led suit, yet holds none of it."""
    seat = hand.turn if named is None else named
    if (seat, hand.trick_number) not in claims or not hand.current:
        return False
    led = hand.current[0][1].suit
    return c.suit is not led and hand.is_legal(c, named)


def rebuild_hands(seating: Seating, dealer: int, leader: int, plays: Sequence[tuple[Card, int | None]],
                  out_of_turn: set[int], record: ReversisRecord, talon: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Each hand = the cards its player played, found by following turns and trick winners.

    :raises IllegalPlay: a card played twice (``duplicate-card``), a ten (``not-in-hand``), more than 11 cards
        from one player (``not-in-hand``), a player named out of turn (``out-of-turn``).
    :raises InconsistentRecord: a card of the talon played (``talon``, ``discard`` or ``exchange``).
    """
    names = seating.players
    tracker = TrickMachine(TRICK_RULES, seating, dealer, [() for _ in range(PLAYERS)], leader=leader,
                   out_of_turn_tricks=out_of_turn)
    by_seat: list[list[Card]] = [[] for _ in range(PLAYERS)]
    first_seen: dict[Card, int] = {}
    discards = {record.discard: ("discard", record.dealer)} if record.discard is not None else {}
    discards.update({c: ("exchange", name) for name, c in record.exchanges or () if c is not None})
    for index, (c, seat) in enumerate(plays):
        who = tracker.turn if seat is None else seat
        trick = tracker.trick_number

        def refuse(error: type[IllegalPlay] | type[InconsistentRecord], code: str, message: Said) -> None:
            raise error(message, code=code, play=index, trick=trick, player=names[who], card=c.code)

        if seat is not None and seat != tracker.turn and (trick not in out_of_turn or tracker.has_played(seat)):
            refuse(IllegalPlay, "out-of-turn", Said("%(player)s played %(card)s out of turn: it was %(player2)s's "
                                                    "turn", player=names[seat], card=c.label,
                                                    player2=names[tracker.turn]))
        if c not in _IN_PACK:
            refuse(IllegalPlay, "not-in-hand",
                   Said("%(player)s played %(card)s, which is not in the Reversis pack (the tens are removed)",
                        player=names[who], card=c.label))
        if c in first_seen:
            refuse(IllegalPlay, "duplicate-card", Said("%(player)s played %(card)s, which was already played (play "
                                                       "%(number)s)", player=names[who], card=c.label,
                                                       number=first_seen[c] + 1))
        if c in discards:
            code, name = discards[c]
            refuse(InconsistentRecord, code, Said("%(player)s played %(card)s, which %(name)s discarded to the talon",
                                                  player=names[who], card=c.label, name=name))
        if c in talon:
            refuse(InconsistentRecord, "talon", Said("%(player)s played %(card)s, which is in the talon",
                                                     player=names[who], card=c.label))
        if len(by_seat[who]) == TRICKS:
            refuse(IllegalPlay, "not-in-hand", Said("%(player)s played a twelfth card (%(card)s), but holds only "
                                                    "%(tricks)s", player=names[who], card=c.label, tricks=TRICKS))
        first_seen[c] = index
        by_seat[who].append(c)
        tracker.apply(c, who)
    return [tuple(h) for h in by_seat]


def paying_plays(tricks: Sequence[Trick]) -> tuple[PayingPlay, ...]:
    """The Quinola and the aces as they were played, trick by trick, in play order (6.5)."""
    out = []
    for trick in tricks:
        led = trick.plays[0][1].suit
        for seat, c in trick.plays:
            if is_paying(c):
                how = "led" if seat == trick.leader else "followed" if c.suit is led else "discarded"
                out.append(PayingPlay(c, seat, trick.number, how, trick.leader, trick.winner))
    return tuple(out)


def reversis_attempt(tricks: Sequence[Trick]) -> ReversisAttempt | None:
    """6.6 step 1: a player who won tricks 1-9 attempts the Reversis; made, broken, or stopped by a revoke."""
    if len(tricks) < FIRST_NINE:
        return None
    r = tricks[0].winner
    if any(t.winner != r for t in tricks[:FIRST_NINE]):
        return None
    lost = next((t for t in tricks[FIRST_NINE:] if t.winner != r), None)
    if lost is not None:
        return ReversisAttempt(r, False, lost.winner, lost.number)
    return ReversisAttempt(r, len(tricks) == TRICKS)


def facts_from_play(played: PlayedHand, declared: tuple[int, ...], committed: tuple[int, ...],
                    talon: Sequence[Card] | None, waived: frozenset[tuple[int, int]]) -> HandFacts:
    """The facts of a replayed hand; ``talon`` when its four cards are known."""
    tricks = [0] * PLAYERS
    points = [0] * PLAYERS
    for trick in played.tricks:
        tricks[trick.winner] += 1
        points[trick.winner] += points_of(list(trick.cards))
    if played.complete:
        talon_points: int | None = DECK_POINTS - sum(points)
    else:
        talon_points = points_of(list(talon)) if talon is not None and len(talon) == TALON_SIZE else None
    return HandFacts(
        tuple(tricks), tuple(points), talon_points, paying_plays(played.tricks), reversis_attempt(played.tricks),
        played.qualifying, declared, committed, played.revoke, waived,
    )
