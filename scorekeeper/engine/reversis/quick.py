"""The quick result (FORMAT.md): what the table writes down instead of every card, checked and read as facts.

A quick result says, per player, the tricks won and the card points in them; how the
Quinola and each ace were played (who, in which trick, led / followed / discarded, who led
and who won that trick); the Reversis, if any. That is everything the fish depend on.
What no deal could produce is refused (``impossible-result``, or the code of the part).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Rank, cards_said
from ..errors import Said, ImpossibleResult, InconsistentRecord, plural
from ..seating import Seating
from .actions import CardEntry, Event, ReversisEntry, Taken
from .deal import check_pack
from .facts import HandFacts, PayingPlay, ReversisAttempt
from .outcome import ReversisOutcome
from .record import ReversisRecord
from .rules import DECK_POINTS, PAYING_CARDS, PLAYERS, QUINOLA, TALON_MAX_POINTS, TALON_SIZE, TRICKS, card_points, points_of


def facts_from_result(record: ReversisRecord, seating: Seating, dealer: int) -> HandFacts:
    """Check a quick result and return its facts.

    :raises ImpossibleResult: counts, points or card entries no deal gives (``impossible-result``).
    :raises InconsistentRecord: codes ``talon``, ``reversis``, ``espagnolette``, ``waive``.
    """
    assert record.taken is not None and record.quinola_aces is not None
    names = seating.players
    seat_of = {name: i for i, name in enumerate(names)}
    tricks = tuple(t.tricks for t in record.taken)
    points = tuple(t.points for t in record.taken)
    revoke = next(((seat_of[e.player], e.trick) for e in record.events
                   if e.type == "revoke" and e.player is not None and e.trick is not None), None)
    played = sum(tricks)
    if revoke is None and played != TRICKS:
        raise ImpossibleResult((Said("the players won %(count)s trick; a hand has %(tricks2)s", count=played,
                                     tricks2=TRICKS)
                                if played == 1 else Said("the players won %(count)s tricks; a hand has %(tricks2)s",
                                                         count=played, tricks2=TRICKS)))
    if played > TRICKS:
        raise ImpossibleResult((Said("the players won %(count)s trick; a hand has only %(tricks2)s", count=played,
                                     tricks2=TRICKS)
                                if played == 1 else Said("the players won %(count)s tricks; a hand has only "
                                                         "%(tricks2)s", count=played, tricks2=TRICKS)))
    for seat, (t, p) in enumerate(zip(tricks, points)):
        if p and not t:
            raise ImpossibleResult((Said("%(player)s won no trick but %(count)s card point", player=names[seat],
                                         count=p)
                                    if p == 1 else Said("%(player)s won no trick but %(count)s card points",
                                                        player=names[seat], count=p)), player=names[seat])
        if p > TALON_MAX_POINTS * t:
            raise ImpossibleResult(Said("%(player)s won %(tricks)s but %(card_points)s: a trick holds at most "
                                        "%(most)s (four aces)", player=names[seat], tricks=plural(t, 'trick'),
                                        card_points=plural(p, 'card point'), most=TALON_MAX_POINTS), player=names[seat])
    if sum(points) > DECK_POINTS:
        raise ImpossibleResult(Said("the players took %(points)s card points; the pack has only %(pack_points)s",
                                    points=sum(points), pack_points=DECK_POINTS))
    talon_points = _talon_points(record, points, revoke is None)
    paying = _paying_plays(record, seating, tricks, points, played)
    _check_nulls(record, talon_points, revoke is None)
    reversis = _reversis(record, seating, tricks, paying, revoke is None)
    qualifying = tuple(s for s in range(PLAYERS) if _qualifies(s, paying))
    declared, committed = _espagnolette(record, seating, qualifying, revoke is None)
    waived = _waived(record, seating, paying)
    return HandFacts(tricks, points, talon_points, paying, reversis, qualifying, declared, committed, revoke, waived)


def _talon_points(record: ReversisRecord, points: Sequence[int], complete: bool) -> int | None:
    derived = DECK_POINTS - sum(points) if complete else None
    if derived is not None and derived > TALON_MAX_POINTS:
        raise ImpossibleResult(Said("the players took %(points)s card points, which leaves %(derived)s in the talon; "
                                    "four cards hold at most %(most)s", points=sum(points), derived=derived,
                                    most=TALON_MAX_POINTS))
    given = record.talon_points
    if record.talon is not None:
        if len(record.talon) != TALON_SIZE:
            raise InconsistentRecord(Said('the talon is 4 cards, not %(count)s', count=len(record.talon)), code="talon")
        check_pack(record.talon, Said("in the talon"), code="talon")
        if given is not None and given != points_of(record.talon):
            raise InconsistentRecord(Said("talon_points says %(given)s, but the talon %(cards)s holds %(points2)s",
                                          given=given, cards=cards_said(record.talon), points2=points_of(record.talon)),
                                     code="talon")
        given = points_of(record.talon)
    if given is not None and derived is not None and given != derived:
        raise InconsistentRecord(Said("the talon holds %(given)s card points, but the players took %(points)s of "
                                      "%(pack_points)s, which leaves %(derived)s", given=given, points=sum(points),
                                      pack_points=DECK_POINTS, derived=derived), code="talon")
    return derived if derived is not None else given


def _paying_plays(record: ReversisRecord, seating: Seating, tricks: Sequence[int], points: Sequence[int],
                  played: int) -> tuple[PayingPlay, ...]:
    assert record.quinola_aces is not None
    names = seating.players
    seat_of = {name: i for i, name in enumerate(names)}
    by_trick: dict[int, list[CardEntry]] = {}
    for entry in record.quinola_aces:
        if entry is None:
            continue
        _check_entry(entry, played)
        by_trick.setdefault(entry.trick, []).append(entry)
    won: list[set[int]] = [set() for _ in names]
    won_points = [0] * len(names)
    out: list[PayingPlay] = []
    for trick in sorted(by_trick):
        entries = by_trick[trick]
        first = entries[0]
        for e in entries[1:]:
            if (e.leader, e.winner) != (first.leader, first.winner):
                raise ImpossibleResult(Said("trick %(trick)s: %(card)s and %(card2)s name different leaders or "
                                            "winners", trick=trick, card=first.card.label, card2=e.card.label),
                                       trick=trick, card=e.card.code)
            if e.player in [x.player for x in entries if x is not e]:
                both = cards_said(x.card for x in entries if x.player == e.player)
                raise ImpossibleResult(Said("trick %(trick)s: %(player)s played one card, not two (%(both)s)",
                                            trick=trick, player=e.player, both=both),
                                       trick=trick, player=e.player)
        leader, winner = seat_of[first.leader], seat_of[first.winner]
        won[winner].add(trick)
        won_points[winner] += sum(card_points(e.card) for e in entries)
        order = seating.order_from(leader)
        for e in sorted(entries, key=lambda x: order.index(seat_of[x.player])):
            out.append(PayingPlay(e.card, seat_of[e.player], trick, e.how, leader, winner))
    for seat, name in enumerate(names):
        if len(won[seat]) > tricks[seat]:
            raise ImpossibleResult((Said("quinola_aces has %(player)s winning %(count)s trick, but he won %(trick)s",
                                         player=name, count=len(won[seat]), trick=tricks[seat])
                                    if len(won[seat]) == 1 else Said("quinola_aces has %(player)s winning %(count)s "
                                                                     "tricks, but he won %(trick)s", player=name,
                                                                     count=len(won[seat]), trick=tricks[seat])),
                                   player=name)
        if won_points[seat] > points[seat]:
            raise ImpossibleResult(Said("%(player)s won tricks holding %(points)s card points of the Quinola and the "
                                        "aces, but took only %(taken)s", player=name, points=won_points[seat],
                                        taken=points[seat]), player=name)
    return tuple(out)


def _check_entry(e: CardEntry, played: int) -> None:
    places = {"player": e.player, "card": e.card.label, "trick": e.trick}
    wrong: Said | None = None
    if e.trick > played:
        wrong = (Said("%(player)s played %(card)s in trick %(trick)s: only %(count)s trick were played", count=played,
                      **places) if played == 1 else
                 Said("%(player)s played %(card)s in trick %(trick)s: only %(count)s tricks were played", count=played,
                      **places))
    elif e.how == "led" and e.leader != e.player:
        wrong = Said("%(player)s played %(card)s in trick %(trick)s: he led it, so he is the leader, not %(leader)s",
                     leader=e.leader, **places)
    elif e.how != "led" and e.leader == e.player:
        wrong = Said("%(player)s played %(card)s in trick %(trick)s: he is named the leader, so he led it (how: led)",
                     **places)
    elif e.how == "discarded" and e.winner == e.player:
        wrong = Said("%(player)s played %(card)s in trick %(trick)s: a card discarded on another suit cannot win the "
                     "trick", **places)
    elif e.card.rank is Rank.ACE and e.how != "discarded" and e.winner != e.player:
        wrong = Said("%(player)s played %(card)s in trick %(trick)s: an ace played to its own suit wins the trick, but "
                     "the winner is %(winner)s", winner=e.winner, **places)
    if wrong is not None:
        raise ImpossibleResult(wrong, trick=e.trick, player=e.player, card=e.card.code)


def _check_nulls(record: ReversisRecord, talon_points: int | None, complete: bool) -> None:
    """A card of quinola_aces given as null went to the talon (or was not played before a revoke stopped play)."""
    assert record.quinola_aces is not None
    nulls = [c for c, e in zip(PAYING_CARDS, record.quinola_aces) if e is None]
    if record.talon is not None:
        for c, e in zip(PAYING_CARDS, record.quinola_aces):
            if (e is None) != (c in record.talon) and (complete or e is not None):
                places = {"card": c.label, "cards": cards_said(record.talon)}
                raise InconsistentRecord(Said("%(card)s is in the talon (%(cards)s), but quinola_aces says it was "
                                              "played", **places) if c in record.talon else
                                         Said("%(card)s is not in the talon (%(cards)s), but quinola_aces says it "
                                              "was not played", **places),
                                         code="talon", card=c.code)
    if complete and talon_points is not None and points_of(nulls) > talon_points:
        raise ImpossibleResult(Said("%(cards)s went to the talon by quinola_aces (%(points2)s card points), but the "
                                    "talon holds only %(talon_points)s", cards=cards_said(nulls),
                                    points2=points_of(nulls), talon_points=talon_points))


def _reversis(record: ReversisRecord, seating: Seating, tricks: Sequence[int], paying: Sequence[PayingPlay],
              complete: bool) -> ReversisAttempt | None:
    names = seating.players
    entry = record.reversis
    if entry is None:
        seat = next((s for s, t in enumerate(tricks) if t == TRICKS), None)
        return None if seat is None else ReversisAttempt(seat, True)
    r = seating.seat(entry.player)

    def refuse(message: Said) -> None:
        raise InconsistentRecord(message, code="reversis", player=entry.player)

    if entry.made:
        if tricks[r] != TRICKS and complete:
            refuse(Said("the reversis of %(player)s: a Reversis takes all %(tricks)s tricks, and %(player)s won "
                        "%(won)s", player=entry.player, tricks=TRICKS, won=tricks[r]))
        for p in paying:
            if p.winner != r:
                refuse(Said("the reversis of %(player)s: %(winner)s won trick %(trick)s (%(card)s in it)",
                            player=entry.player, winner=names[p.winner], trick=p.trick, card=p.card.label))
        return ReversisAttempt(r, True)
    assert entry.broken_by is not None and entry.trick is not None
    breaker, t = seating.seat(entry.broken_by), entry.trick
    if breaker == r:
        refuse(Said("the reversis of %(player)s: the player who broke it must be another player", player=entry.player))
    if complete and tricks[r] not in ((TRICKS - 2, TRICKS - 1) if t == TRICKS - 1 else (TRICKS - 1,)):
        places = {"player": entry.player, "last": t - 1, "trick": t, "count": tricks[r]}
        refuse(Said("the reversis of %(player)s: he won tricks 1 to %(last)s and lost trick %(trick)s, which does not "
                    "make %(count)s trick", **places) if tricks[r] == 1 else
               Said("the reversis of %(player)s: he won tricks 1 to %(last)s and lost trick %(trick)s, which does not "
                    "make %(count)s tricks", **places))
    if tricks[breaker] < 1:
        refuse(Said("the reversis of %(player)s: %(breaker)s won trick %(trick)s, but no trick is counted for him",
                    player=entry.player, breaker=entry.broken_by, trick=t))
    for p in paying:
        if p.trick < t and p.winner != r:
            refuse(Said("the reversis of %(player)s: %(winner)s won trick %(trick)s (%(card)s in it), before the "
                        "Reversis was broken", player=entry.player, winner=names[p.winner], trick=p.trick,
                        card=p.card.label))
        if p.trick == t and p.winner != breaker:
            refuse(Said("the reversis of %(player)s: %(breaker)s won trick %(trick)s, but quinola_aces says %(winner)s "
                        "did", player=entry.player, breaker=entry.broken_by, trick=t, winner=names[p.winner]))
    return ReversisAttempt(r, False, breaker, t)


def _qualifies(seat: int, paying: Sequence[PayingPlay]) -> bool:
    mine = [p.card for p in paying if p.seat == seat]
    aces = sum(1 for c in mine if c.rank is Rank.ACE)
    return aces == 4 or (aces == 3 and QUINOLA in mine)


def _espagnolette(record: ReversisRecord, seating: Seating, qualifying: Sequence[int],
                  complete: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Declared players in order, and players committed by a revoke (``"declared": false``)."""
    declared: list[int] = []
    committed: list[int] = []
    for e in record.events:
        if e.type != "espagnolette" or e.player is None:
            continue
        seat = seating.seat(e.player)
        if seat in declared or seat in committed:
            raise InconsistentRecord(Said("%(player)s is named twice as an Espagnolette player", player=e.player),
                                     code="espagnolette", player=e.player)
        if complete and seat not in qualifying:
            raise InconsistentRecord(Said("%(player)s cannot play Espagnolette: by quinola_aces he did not hold all "
                                          "four aces, or three aces and the Quinola", player=e.player),
                                     code="espagnolette", player=e.player)
        (declared if e.declared else committed).append(seat)
    return tuple(declared), tuple(committed)


def _waived(record: ReversisRecord, seating: Seating, paying: Sequence[PayingPlay]) -> frozenset[tuple[int, int]]:
    return waived_claims(record, seating, {(p.seat, p.trick) for p in paying if p.how == "led"})


def waived_claims(record: ReversisRecord, seating: Seating, leads: set[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    """The claims the record waives: each must name a Quinola or ace its player led (6.5 P4).

    :raises InconsistentRecord: a waiver of a claim that does not exist (code ``waive``).
    """
    out = set()
    for e in record.events:
        if e.type != "waive" or e.player is None or e.trick is None:
            continue
        key = (seating.seat(e.player), e.trick)
        if key not in leads:
            raise InconsistentRecord(Said("the record waives the claim on %(player)s's lead in trick %(trick)s, but "
                                          "%(player)s led neither the Quinola nor an ace there", player=e.player,
                                          trick=e.trick), code="waive",
                                     player=e.player, trick=e.trick)
        out.add(key)
    return frozenset(out)


def entries_of(paying: Sequence[PayingPlay], names: Sequence[str]) -> tuple[CardEntry | None, ...]:
    """The ``quinola_aces`` of a quick result written from the paying plays of a replayed hand."""
    found: dict[Card, CardEntry] = {
        p.card: CardEntry(p.card, names[p.seat], p.trick, p.how, names[p.leader], names[p.winner]) for p in paying
    }
    return tuple(found.get(c) for c in PAYING_CARDS)


def quick_result_of(outcome: ReversisOutcome) -> ReversisRecord:
    """The quick result a table would write down for a replayed hand of the play: it settles the same fish.

    With an established revoke during a Reversis attempt that play stopped before deciding, the entry
    ``{"player": R}`` says the attempt was under way (it suspends the payments of tricks 10-11).
    """
    record, facts = outcome.record, outcome.facts
    assert facts is not None and not record.is_result
    names = outcome.players
    r = facts.reversis
    entry = None
    if r is not None:
        breaker = None if r.breaker is None else names[r.breaker]
        entry = ReversisEntry(names[r.seat], breaker, r.trick if breaker is not None else None)
    events = [Event("espagnolette", names[s]) for s in facts.declared]
    events += [Event("espagnolette", names[s], declared=False) for s in facts.committed]
    events += [e for e in record.events if e.type not in ("espagnolette", "out-of-turn")]
    talon = outcome.talon
    return ReversisRecord(
        players=names, dealer=record.dealer, game=record.game, options=record.options, hand=record.hand,
        pools=record.pools, talon=talon,
        talon_points=facts.talon_points if talon is None else None,
        events=tuple(events),
        taken=tuple(Taken(t, p) for t, p in zip(facts.tricks, facts.points)),
        quinola_aces=entries_of(facts.paying, names), reversis=entry, id=record.id,
    )
