"""Replay and check a hand record, play by play, and score it.

With the deal, every play is checked against the cards actually held. Without it,
each player's hand is rebuilt from the cards he played, which is enough to prove a
revoke: a player who failed to follow and later played that suit held it. Two-Handed
Hearts without its stock's order counts the draws too (``_proof_despite_draws``); Domino Hearts
without it rebuilds each hand from the named plays and the cards kept (``domino.domino_hands``); a game
whose hand goes differently says how through its variant (``Ruleset.variant``, ``engine.variant``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from operator import itemgetter
from typing import Any, Final

from ..cards import Card, Suit, card, cards_said
from .counting import count_card
from .domino import kept_proof
from ..errors import IllegalPlay, InconsistentRecord, Said, ScorekeeperError, said_of
from .events import admit
from .games import make_ruleset
from .games.conquimbert import trade_hands, trades_of, untrade_hands
from .hand import (
    CLUB_LEADS, TWO_OF_CLUBS, ConquimbertHand, DominoHand, Hand, Snapshot, mask_of, new_hand,
)
from .outcome import TURNED_UP as _TURNED_UP, HandOutcome as HandOutcome, RevokeOutcome as RevokeOutcome
from .outcome import trump as _trump
from .records import HandRecord
from .ruleset import DealLayout, Ruleset
from .scoring import (
    Haul, Points, capot_outcomes, capot_points, hauls_of, revoke_points, score_hand,
)
from ..seating import Direction, Seating
from ..tricks import suit_place as _suit_place

_PLAYER_OF: Final = itemgetter(1)  # PlayItem -> the player named, or None
_NO_PASS: Final = Direction.NONE
REVOKE_CODES = ("revoke", "hearts-not-broken", "first-lead", "first-trick-points", "draw", "exposed-card")  # AMB-10: all handled as reneges


def replay(record: HandRecord, *, snapshots: bool = False, audit: bool = False, last: bool = False) -> HandOutcome:
    """Check and score a record (full or result).

    ``audit=True`` (for ``engine.audit``) keeps a snapshot after every play, lets the plays stop
    anywhere (the tricks a table remembers), and stops at the first illegal play instead of
    raising it: the outcome's ``error`` is that play's error, and the hand is scored as far
    as it went. ``last=True`` (with ``audit``, for a hand's state: ``engine.hearts.state``) keeps only the
    snapshot after the last play, and the trick machine as the plays left it (``machine``).

    :raises ScorekeeperError: the first thing wrong with it, with its code and a sentence
        (with ``audit``, only what is wrong before the first play: deal, passes, leader).
    """
    ruleset = make_ruleset(record.game, record.options)
    seating = Seating(record.players, ruleset.clockwise)
    n = seating.size
    try:
        layout = ruleset.layout(n)
    except ValueError as exc:
        raise InconsistentRecord(said_of(exc), code="players") from None
    if record.events:
        admit(record, ruleset, layout, n)
    for event in record.events:
        if event["type"] == "misdeal":
            return _void(record, ruleset, seating, layout, event)
    opening = ruleset.variant.opening(record, ruleset, seating)  # Auction Hearts: the bidding (2.19)
    if opening.passed_out:
        return HandOutcome(record, ruleset, seating, layout, (0,) * n, (Haul(),) * n, ((),) * n, tricks=())
    ruleset, namer = opening.ruleset, opening.leader
    if record.is_result:
        from .results import check_result  # results import replay's outcome type

        return check_result(record, ruleset, seating, layout)
    return _replay_play(record, ruleset, seating, layout, (snapshots or audit) and not last, audit, namer, last)


def _void(record: HandRecord, ruleset: Ruleset, seating: Seating, layout: DealLayout, event: Mapping[str, Any]) -> HandOutcome:
    """A misdeal: nothing is scored and the same dealer deals again (catalogue 4.2)."""
    if len(record.play) >= seating.size:
        raise InconsistentRecord(
            Said("a misdeal is called before the first trick is complete, but this record plays a whole trick"),
            code="misdeal",
        )
    zero: Points = 0 if not ruleset.complex else _gaussian_zero()
    n = seating.size
    return HandOutcome(
        record, ruleset, seating, layout, (zero,) * n, (Haul(),) * n, ((),) * n, void=event["reason"],
    )


def _gaussian_zero() -> Points:
    from ..gaussian import Gaussian

    return Gaussian(0, 0)


def _replay_play(
    record: HandRecord, ruleset: Ruleset, seating: Seating, layout: DealLayout, want_snapshots: bool,
    audit: bool = False, bought_lead: int | None = None, last: bool = False,
) -> HandOutcome:
    """Replay the plays; ``bought_lead`` is who leads trick 1 whatever his seat (Auction Hearts' namer)."""
    n = seating.size
    seat_of = {name: i for i, name in enumerate(seating.players)}
    dealer = seat_of[record.dealer]
    direction = _pass_direction(record, ruleset, n)
    out_of_turn = {e["trick"] for e in record.events if e["type"] == "out-of-turn"}
    claims = {(seat_of[e["player"]], e["trick"]) for e in record.events if e["type"] == "revoke"}
    for e in record.events:
        if e["type"] == "revoke-corrected" and e["trick"] > max(1, -(-len(record.play) // n)):
            raise InconsistentRecord(Said("the corrected revoke names trick %(trick)s, which was not played", trick=e['trick']),
                                     code="revoke-claim")
    named = any(p is not None for p in set(map(_PLAYER_OF, record.play)))  # the set: C-level, a few items
    plays: Sequence[tuple[Card, int | None]]
    if named:
        plays = [(item.card, None if item.player is None else seat_of[item.player]) for item in record.play]
    else:
        plays = record.play  # type: ignore[assignment]  # a PlayItem with no player is already (card, None)

    trump = None if ruleset.trumps == "none" and not record.events else _trump(record, ruleset)
    unknown_draws = ruleset.leftover == "stock" and record.widow is None  # the plays alone
    if unknown_draws and record.deal is not None or (
        ruleset.leftover == "stock" and record.deal is None and record.widow is not None
    ):
        raise InconsistentRecord(
            Said("%(game)s is replayed from the deal and the stock the players draw from: record both (the stock in "
                 "\"widow\", its top card first), or neither (the plays alone)", game=ruleset.name), code="deal",
        )
    variant = ruleset.variant
    kept_event = variant.kept(record)
    if bought_lead is not None and record.leader is not None and seat_of[record.leader] != bought_lead:
        raise InconsistentRecord(
            Said("%(holder)s named the penalty suit and leads the first trick, not %(player)s",
                 holder=seating.name(bought_lead), player=record.leader),
            code="out-of-turn", player=record.leader,
        )
    if record.deal is not None:
        hands, widow = _check_deal(record, ruleset, seating, layout, direction)
        leader = bought_lead if record.leader is None else seat_of[record.leader]
        proofs = None
    elif (rebuilt := variant.hands_from_plays(record, seating, layout, plays)) is not None:  # Domino Hearts
        leader = _leader_without_deal(record, ruleset, seating, dealer, plays)
        hands, widow, proofs = rebuilt
    elif bought_lead is not None:
        leader = bought_lead
        hands, widow, proofs = _rebuild_hands(record, ruleset, seating, layout, direction, leader, plays, out_of_turn,
                                              trump)
    else:
        leader = _leader_without_deal(record, ruleset, seating, dealer, plays)
        hands, widow, proofs = _rebuild_hands(record, ruleset, seating, layout, direction, leader, plays, out_of_turn,
                                              trump)
    if trump is not None and ruleset.trumps in _TURNED_UP:
        _check_turn_up(trump, hands, layout, ruleset)
    declarers = _declarers(record, ruleset, seating) if record.events else ()
    trades = trades_of(record, ruleset, seating) if record.events else ()
    if trades and record.deal is not None:
        hands = trade_hands(hands, trades, seating)
    elif trades and len(plays) == n * layout.hand_size:  # without the deal: the plays show the traded hands
        untrade_hands(hands, trades, seating)

    hand = new_hand(ruleset, seating, dealer, hands, undealt=widow, out_of_turn_tricks=out_of_turn, leader=leader,
                    trump=trump)
    if proofs is not None and leader is not None and bought_lead is None:
        presumed = _presumed_lead_club(ruleset, layout, hands, leader, plays, seating.eldest(dealer))
        if presumed is not None:
            hand.presume_lead_club(leader, presumed[0])
    domino = hand if isinstance(hand, DominoHand) else None
    if domino is not None and unknown_draws:
        domino.draws_unknown = True
    if leader is not None and leader != hand._first_leader() and 1 not in out_of_turn and bought_lead is None and (
            plays or record.deal is not None):  # without the deal or a card played, nothing says who leads
        _wrong_first_leader(hand, leader, plays)

    revoke: RevokeOutcome | None = None
    error: ScorekeeperError | None = None
    snaps: list[Snapshot] = []
    index = 0
    while index < len(plays):
        try:
            if want_snapshots:
                for c, seat in plays[index:]:
                    trick = hand.play(c, seat)
                    snaps.append(hand.snapshot(c, trick.plays[-1][0] if trick else hand.current[-1][0], trick))
                    index += 1
            else:
                hand.run(plays[index:] if index else plays)
                index = len(plays)
        except IllegalPlay as exc:
            index = hand.plays_made
            c, named_seat = plays[index]
            offender = hand.turn if named_seat is None else named_seat
            stands = False
            if revoke is None and exc.code in REVOKE_CODES and (offender, hand.trick_number) in claims:
                revoke = RevokeOutcome(offender, hand.trick_number, index, c, exc.code, _revoke_rule(ruleset))
                stands = True
            elif proofs is not None and exc.code in REVOKE_CODES and exc.code != "draw":
                proof = _proof_without_deal(exc, proofs, offender, hand, unknown_draws, layout.widow_size // n, kept_event)
                if proof is None:  # the cards that would prove it may have been drawn later: the play stands
                    stands = True
                else:
                    exc.said, exc.message = proof, str(proof)
                    exc.args = (exc.message,)
            if stands:
                trick = hand.apply(c, offender)
                if want_snapshots:
                    snaps.append(hand.snapshot(c, offender, trick))
                index += 1
                continue
            if not audit:
                raise
            error = exc
            break

    if last and hand.plays_made:  # the one snapshot a hand's state shows: the table after the last play
        done = hand.tricks[-1] if not hand.current else None
        seat, c = hand.current[-1] if done is None else done.plays[-1]
        snaps.append(hand.snapshot(c, seat, done))

    unmatched = claims - ({(revoke.seat, revoke.trick)} if revoke else set())
    if unmatched and error is None:
        seat, trick_no = sorted(unmatched)[0]
        raise InconsistentRecord(
            Said("the record says %(player)s revoked in trick %(trick)s, but every play of %(player)s in that trick was "
                 "legal", player=seating.name(seat), trick=trick_no),
            code="revoke-claim", trick=trick_no, player=seating.name(seat),
        )
    total = n * layout.hand_size + (layout.widow_size if ruleset.leftover == "stock" else 0)
    finished = hand.is_over if record.deal is not None or variant.players_drop_out else len(plays) == total
    if revoke is None and not finished and not audit and not _may_stop(record, ruleset, layout, hand, plays):
        raise InconsistentRecord(  # where players drop out, the cards of a whole hand are not known
            Said("the hand stops after %(count)s cards; record every card played (or the revoke that stopped play)",
                 count=len(plays)) if variant.players_drop_out else
            Said("the hand stops after %(count)s of %(total)s cards; record every card played (or the revoke that "
                 "stopped play)", count=len(plays), total=total),
            code="incomplete", play=len(plays), trick=hand.trick_number,
        )

    if ruleset.scores_tricks:
        taken, hauls = hauls_of(ruleset, hand.taken, [t.winner for t in hand.tricks])
    else:
        taken, hauls = hauls_of(ruleset, hand.taken)
    moon = None
    if revoke is not None:
        points = revoke_points(ruleset, layout, revoke.seat, n)
        if revoke.seat in declarers:  # 4.1 HOUSE: the offender's Capot fails; the others' lapse
            points = capot_points(ruleset, points, [(revoke.seat, False)])
    else:
        own = variant.points(ruleset, hauls, record)  # Gong Zhu: scored by its own rules
        if own is None:
            points, moon = score_hand(ruleset, layout, hauls, record.moon_choice, seating.players)
        else:
            points = own
        if declarers:
            points = capot_points(ruleset, points, capot_outcomes(ruleset, hauls, declarers))
    if error is None and revoke is None:
        variant.check_end(record, hand, seating)
    return HandOutcome(
        record, ruleset, seating, layout, points, hauls, taken, tuple(hand.tricks), moon, revoke,
        dealt=tuple([tuple(h) for h in hands]), snapshots=tuple(snaps), error=error,
        draws=() if domino is None else tuple(domino.draws), remainder=None if domino is None else domino.remainder,
        trades=trades, turned=hand.turned if isinstance(hand, ConquimbertHand) else None,
        machine=hand if last else None,
    )


def _may_stop(
    record: HandRecord, ruleset: Ruleset, layout: DealLayout, hand: Hand, plays: Sequence[tuple[Card, int | None]]
) -> bool:
    """A hand may stop early (event ``stopped``) at a trick's end once no card left can score."""
    if not any(e["type"] == "stopped" for e in record.events) or hand.current or ruleset.scores_tricks:
        return False  # where tricks score, every trick to the last one counts
    scoring = Counter(c for c in layout.pack if ruleset.is_penalty(c))
    gone = Counter(c for t in hand.taken for c in t)
    return not scoring - gone


def _revoke_rule(ruleset: Ruleset) -> str:
    if ruleset.complex:
        return "complex-13+13i"
    if ruleset.lives:
        return "revoke-house-life"  # 4.1 HOUSE (Conquimbert): the offender loses a life, nobody else does
    if ruleset.revoke_penalty is not None:
        return f"revoke-house{ruleset.revoke_penalty:+d}"
    return "revoke-001" if ruleset.revoke == "001" else "revoke-003-points"


# Where cards are passed, in a sentence's words (each translated).
DIRECTIONS: Final = {"left": Said("left"), "right": Said("right"), "across": Said("across"), "none": Said("none")}


def _pass_direction(record: HandRecord, ruleset: Ruleset, n: int) -> Direction:
    """The hand's pass direction: the rule's, which a recorded direction must match (2.2.2)."""
    expected = ruleset.pass_direction(record.number, n)
    if record.pass_direction is not None and record.pass_direction != expected.value:
        raise InconsistentRecord(
            Said("hand %(number)s passes %(direction)s under this game's passing rule (%(rule)s), but the record says "
                 "%(said)s", number=record.number, direction=DIRECTIONS.get(expected.value, expected.value),
                 rule=ruleset.passing, said=DIRECTIONS.get(record.pass_direction, record.pass_direction)),
            code="pass",
        )
    if expected is not _NO_PASS and record.passes is None and record.deal is not None:
        raise InconsistentRecord(
            Said("cards were passed %(direction)s this hand: record each player's passed cards (\"passes\")",
                 direction=DIRECTIONS.get(expected.value, expected.value)),
            code="pass",
        )
    if expected is _NO_PASS and record.passes and any(record.passes.values()):
        raise InconsistentRecord(Said("no cards are passed this hand, but the record has passes"), code="pass")
    return expected


def _check_passes(
    record: HandRecord, ruleset: Ruleset, seating: Seating, direction: Direction,
) -> list[tuple[Card, ...]]:
    """Each player's passed cards, checked for count (2.2.2)."""
    n = seating.size
    passed: list[tuple[Card, ...]] = [() for _ in range(n)]
    if direction is _NO_PASS or record.passes is None:
        return passed
    want = ruleset.pass_count(n)
    for seat, name in enumerate(seating.players):
        cards = tuple(record.passes.get(name, ()))
        if len(cards) != want:
            raise InconsistentRecord(Said("%(player)s passed %(count)s card; each player passes %(want)s", player=name,
                                          count=len(cards), want=want) if len(cards) == 1 else
                                     Said("%(player)s passed %(count)s cards; each player passes %(want)s", player=name,
                                          count=len(cards), want=want), code="pass", player=name)
        passed[seat] = cards
    return passed


def _check_deal(
    record: HandRecord, ruleset: Ruleset, seating: Seating, layout: DealLayout, direction: Direction,
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """Check the deal against the pack and the passes against the deal; return post-pass hands."""
    fast = None if layout.double_deck else _single_pack_deal(record, ruleset, seating, layout, direction)
    return fast if fast is not None else _checked_deal(record, ruleset, seating, layout, direction)


def _single_pack_deal(
    record: HandRecord, ruleset: Ruleset, seating: Seating, layout: DealLayout, direction: Direction,
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]] | None:
    """``_check_deal`` for a sound single-pack deal, on card masks; None when anything is off.

    A deal is sound when every hand and the widow have the right size and, as masks, are
    disjoint and inside the pack. Anything else goes to ``_checked_deal``, which finds and
    words the error; so this never decides an error, it only skips the counting.
    """
    assert record.deal is not None
    seen = 0
    dealt: list[tuple[Card, ...]] = []
    masks: list[int] = []
    size = layout.hand_size
    for name in seating.players:
        cards = record.deal.get(name, ())
        mask = mask_of(cards)
        if len(cards) != size or mask is None or mask & seen:
            return None
        seen |= mask
        dealt.append(tuple(cards))
        masks.append(mask)
    widow = record.widow
    if widow is not None:
        mask = mask_of(widow)
        if len(widow) != layout.widow_size or mask is None or mask & seen:
            return None
        seen |= mask
    pack = layout.mask
    if pack is None or seen & ~pack:
        return None
    if widow is None:
        widow = tuple([c for c in layout.pack if not c.bit & seen])
    passed = _check_passes(record, ruleset, seating, direction)
    if direction is _NO_PASS or not any(passed):
        return dealt, widow
    hands: list[list[Card]] = []
    for cards, held, given in zip(dealt, masks, passed):
        mask = mask_of(given)
        if mask is None or mask & ~held:
            return None
        hands.append([c for c in cards if not c.bit & mask])
    for seat in range(seating.size):
        hands[seating.receiver(seat, direction)].extend(passed[seat])
    return [tuple(h) for h in hands], widow


def _checked_deal(
    record: HandRecord, ruleset: Ruleset, seating: Seating, layout: DealLayout, direction: Direction,
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """The deal checked card by card, counting copies: double packs, and the words of any error."""
    assert record.deal is not None
    copies = layout.copies
    seen: dict[Card, int] = {}
    dealt: list[tuple[Card, ...]] = []
    for name in seating.players:
        cards = record.deal.get(name, ())
        if len(cards) != layout.hand_size:
            raise InconsistentRecord(
                Said("%(player)s was dealt %(count)s card; with %(players)s players each gets %(size)s", player=name,
                     count=len(cards), players=seating.size, size=layout.hand_size) if len(cards) == 1 else
                Said("%(player)s was dealt %(count)s cards; with %(players)s players each gets %(size)s", player=name,
                     count=len(cards), players=seating.size, size=layout.hand_size),
                code="deal", player=name,
            )
        dealt.append(tuple(cards))
        for c in cards:
            seen[c] = seen.get(c, 0) + 1
    if record.widow is not None:
        if len(record.widow) != layout.widow_size:
            raise InconsistentRecord(
                Said("the widow holds %(count)s card; with %(players)s players it holds %(size)s",
                     count=len(record.widow), players=seating.size, size=layout.widow_size) if len(record.widow) == 1 else
                Said("the widow holds %(count)s cards; with %(players)s players it holds %(size)s",
                     count=len(record.widow), players=seating.size, size=layout.widow_size),
                code="deal",
            )
        for c in record.widow:
            seen[c] = seen.get(c, 0) + 1
    for c, k in seen.items():
        if k > copies.get(c, 0):
            raise InconsistentRecord(Said("%(card)s is not in this game's pack", card=c) if c not in copies else
                                     Said("%(card)s was dealt %(count)s times", card=c, count=k), code="deal", card=c.code)
    if record.widow is not None:
        widow = tuple(record.widow)
    else:
        widow = tuple(c for c, k in copies.items() for _ in range(k - seen.get(c, 0)))
    passed = _check_passes(record, ruleset, seating, direction)
    if direction is _NO_PASS or not any(passed):
        return dealt, widow
    hands: list[list[Card]] = []
    for seat, cards in enumerate(dealt):
        held = list(cards)
        for c in passed[seat]:
            if c not in held:
                raise InconsistentRecord(
                    Said("%(player)s passed %(card)s but was not dealt it", player=seating.name(seat), card=c), code="pass",
                    player=seating.name(seat), card=c.code,
                )
            held.remove(c)
        hands.append(held)
    for seat in range(seating.size):
        hands[seating.receiver(seat, direction)].extend(passed[seat])
    return [tuple(h) for h in hands], widow


def _leader_without_deal(
    record: HandRecord, ruleset: Ruleset, seating: Seating, dealer: int, plays: Sequence[tuple[Card, int | None]],
) -> int | None:
    """Who led trick 1 when the deal is not known: the record, the first play's player, or the rule."""
    if record.leader is not None:
        return seating.seat(record.leader)
    if plays and plays[0][1] is not None:
        return plays[0][1]
    if plays and (ruleset.first_lead in ("two-of-clubs", "any-club") and plays[0][0] is TWO_OF_CLUBS
                  or ruleset.first_lead == "lowest-club" and plays[0][0].suit is Suit.CLUBS):
        raise InconsistentRecord(
            Said("the holder of 2\u2663 led the first trick: without the deal, say who (\"leader\")"), code="leader",
        )
    return None


def _presumed_lead_club(
    ruleset: Ruleset, layout: DealLayout, hands: Sequence[Sequence[Card]], leader: int,
    plays: Sequence[tuple[Card, int | None]], eldest: int,
) -> tuple[Card | None] | None:
    """Without the deal, under the club rules (2.2.3): whether the table's stated leader is to be taken as the
    holder of the club that gives the lead, the cards played so far not showing who holds it; and which club
    (None: the lowest club in the hands, not known yet). None when the cards decide, or when the first lead is the
    game's eldest rule (AMB-44: the club out of the hands).

    Every card in the hands is played by the end of a hand, so a club not played yet is held by a player who has
    still to play it, or lies in the widow. Without a widow the club is in a hand: the stated leader holds it. With
    one, the stated leader holds it unless he is eldest and leads what only the eldest rule allows (under
    ``two-of-clubs`` anything but 2C, under ``any-club`` anything but a club), which says the club is in the widow;
    a whole hand played without it says so too.
    """
    rule = ruleset.first_lead
    if rule not in CLUB_LEADS:
        return None
    n = len(hands)
    if len(plays) >= n * layout.hand_size:
        return None  # every card of the hands is played: the cards say it all
    held = {c for h in hands for c in h}
    pack_clubs = sorted({c for c in layout.pack if c.suit is Suit.CLUBS}, key=lambda c: c.rank)
    if rule == "lowest-club":
        if not pack_clubs or pack_clubs[0] in held:
            return None
        if not layout.widow_size:
            return (pack_clubs[0],)  # the pack's lowest club is dealt, and the leader holds it
        return None if any(c.suit is Suit.CLUBS for c in held) else (None,)
    if TWO_OF_CLUBS in held or TWO_OF_CLUBS not in pack_clubs:
        return None
    if layout.widow_size and leader == eldest and plays:
        first = plays[0][0]
        if rule == "two-of-clubs" or first.suit is not Suit.CLUBS:
            return None  # eldest led what only the eldest rule allows: 2C lies in the widow
    return (TWO_OF_CLUBS,)


def _rebuild_hands(
    record: HandRecord,
    ruleset: Ruleset,
    seating: Seating,
    layout: DealLayout,
    direction: Direction,
    leader: int | None,
    plays: Sequence[tuple[Card, int | None]],
    out_of_turn: set[int],
    trump: Card | None = None,
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...], list[list[tuple[int, Card]]]]:
    """Each player's hand = the cards he played, found by following turns and trick winners.

    Also returns, per seat, its plays in order (play index, card): the proof of a revoke.
    """
    n = seating.size
    pack = Counter(layout.pack)
    hand_size = layout.hand_size + (layout.widow_size // n if ruleset.leftover == "stock" else 0)  # and the draws
    if len(plays) > n * hand_size:
        raise InconsistentRecord(
            Said("%(count)s cards were played, but %(players)s players hold only %(held)s", count=len(plays), players=n,
                 held=n * hand_size), code="deal",
        )
    counted: Counter[Card] = Counter()
    # Follow turns with an unchecked hand: the same trick-winner code as the real replay.
    tracker = new_hand(ruleset, seating, seating.seat(record.dealer), [() for _ in range(n)],
                       leader=leader, out_of_turn_tricks=out_of_turn, trump=trump)
    by_seat: list[list[tuple[int, Card]]] = [[] for _ in range(n)]
    first_seen: dict[Card, tuple[int, int]] = {}
    for index, (c, seat) in enumerate(plays):
        who = tracker.turn if seat is None else seat
        if seat is not None and seat != tracker.turn and (
            tracker.trick_number not in out_of_turn or tracker.has_played(seat)
        ):
            tracker._fail("out-of-turn", seat, c, Said("%(player)s played %(card)s out of turn: it was %(turn)s's turn",
                                                       player=seating.name(seat), card=c, turn=seating.name(tracker.turn)))
        wrong = count_card(c, index, who, pack, counted, first_seen, seating)
        if wrong is not None:
            tracker._fail(wrong[0], who, c, wrong[1])
        by_seat[who].append((index, c))
        tracker.apply(c, who)
    for seat, mine in enumerate(by_seat):
        if len(mine) > hand_size:
            index, c = mine[hand_size]
            raise IllegalPlay(
                Said("%(player)s played %(count)s cards but holds only %(held)s", player=seating.name(seat),
                     count=len(mine), held=hand_size),
                code="not-in-hand", play=index, trick=index // n + 1, player=seating.name(seat), card=c.code,
            )
    hands = [tuple(c for _, c in mine) for mine in by_seat]
    passed = _check_passes(record, ruleset, seating, direction)
    complete = len(plays) == n * hand_size
    for seat in range(n):
        given_away = Counter(passed[seat]) & Counter(hands[seat])
        if given_away:
            c = next(iter(given_away))
            raise InconsistentRecord(
                Said("%(player)s passed %(card)s but played it later", player=seating.name(seat), card=c), code="pass",
                player=seating.name(seat), card=c.code,
            )
        receiver = seating.receiver(seat, direction)
        if complete and Counter(passed[seat]) - Counter(hands[receiver]):
            c = next(iter(Counter(passed[seat]) - Counter(hands[receiver])))
            raise InconsistentRecord(
                Said("%(player)s passed %(card)s to %(receiver)s, who never played it", player=seating.name(seat), card=c,
                     receiver=seating.name(receiver)),
                code="pass", player=seating.name(seat), card=c.code,
            )
    widow: tuple[Card, ...] = ()
    if record.widow is not None:
        widow = tuple(record.widow)
        clash = Counter(widow) + counted - pack
        if clash:
            c = next(iter(clash))
            raise InconsistentRecord(Said("%(card)s is in the widow but was also played", card=c), code="deal", card=c.code)
    elif complete:
        widow = tuple((pack - counted).elements())
    return list(hands), widow, by_seat


def _check_turn_up(up: Card, hands: Sequence[Sequence[Card]], layout: DealLayout, ruleset: Ruleset) -> None:
    """The turned-up card is one of the undealt cards (the top one): nobody holds or plays it."""
    if layout.widow_size == 0:
        raise InconsistentRecord(
            Said("this deal leaves no card to turn up for trumps: every card is dealt, so the hand has no trumps "
                 "(AMB-34)") if ruleset.trumps == "first-void" else
            Said("this deal leaves no card to turn up for trumps: choose the trump suit (knaves.trump = fixed-per-deal)"),
            code="trumps", card=up.code)
    if up.is_joker or up not in layout.copies:
        raise InconsistentRecord(Said("%(card)s is not in this game's pack", card=up), code="trumps", card=up.code)
    if any(up in h for h in hands):
        raise InconsistentRecord(Said("%(card)s was turned up for trumps, but it was dealt to a player", card=up),
                                 code="trumps", card=up.code)


def _declarers(record: HandRecord, ruleset: Ruleset, seating: Seating) -> tuple[int, ...]:
    """The players who declared Capot (Polignac, 3.14), in the order declared.

    :raises InconsistentRecord: a declaration after the first lead, or twice by one player (``capot``).
    """
    events = [e for e in record.events if e["type"] == "capot"]
    names = [e["player"] for e in events]
    for e in events:
        if e.get("play", 0) != 0:  # 4.4: "before the first lead"
            raise InconsistentRecord(
                Said("%(player)s declared Capot at play %(play)s: Capot is declared before the first lead",
                     player=e['player'], play=e['play']),
                code="capot", player=e["player"],
            )
    if len(set(names)) != len(names):
        twice = next(name for name in names if names.count(name) > 1)
        raise InconsistentRecord(Said("%(player)s declared Capot twice: once a hand", player=twice), code="capot",
                                 player=twice)
    return tuple(seating.seat(name) for name in names)


def _wrong_first_leader(hand: Hand, leader: int, plays: Sequence[tuple[Card, int | None]]) -> None:
    should = hand._first_leader()
    first = plays[0][0] if plays else TWO_OF_CLUBS
    name, rightful = hand.seating.name(leader), hand.seating.name(should)
    if hand.first_lead in CLUB_LEADS:
        if hand.lead_club is None:
            hand._fail("first-lead", leader, first, Said("%(player)s led %(card)s to the first trick, but %(rightful)s "
                                                         "holds the lowest club and leads it", player=name, card=first,
                                                         rightful=rightful))
        hand._fail("first-lead", leader, first, Said("%(player)s led %(card)s to the first trick, but %(rightful)s holds "
                                                     "%(club)s and leads it", player=name, card=first, rightful=rightful,
                                                     club=hand.lead_club))
    hand._fail("out-of-turn", leader, first, Said("%(player)s led %(card)s to the first trick, but %(rightful)s (eldest) "
                                                  "leads it", player=name, card=first, rightful=rightful))


def _proof(by_seat: list[list[tuple[int, Card]]], seat: int, hand: Hand, code: str) -> Said | str:
    """Without the deal, name the later card that shows the player held what the rule needed."""
    if code == "revoke":
        led = hand.current[0][1].suit
        later = [(i, c) for i, c in by_seat[seat] if c.suit is led and i > hand.plays_made]
        if later:
            i, c = later[0]
            return Said(" (proven by %(card)s, which %(player)s played later, play %(play)s)", card=c,
                        player=hand.seating.name(seat), play=i + 1)
        return ""
    later_cards = [c for i, c in by_seat[seat] if i > hand.plays_made]
    shown = cards_said(later_cards[:4]) + (" ..." if len(later_cards) > 4 else "")
    return Said(" (the cards played later show the hand: %(cards)s)", cards=shown) if later_cards else ""


def _proof_without_deal(
    exc: IllegalPlay, by_seat: list[list[tuple[int, Card]]], seat: int, hand: Hand, unknown_draws: bool, draws: int,
    kept_event: Mapping[str, Any] | None,
) -> Said | None:
    """Without the deal, the renege's sentence with the cards that prove it, or None: unproven, it stands.

    Without the stock's order, a card played later may have been drawn in between: Two-Handed
    Hearts counts the draws (``_proof_despite_draws``); Domino Hearts takes the stock as gone from
    the first card off the suit led (before it, only a failure to follow is judged, which the
    cards left in the stock or the later cards prove), and a card kept to the end proves too.
    """
    rule = exc.said or exc.message  # the rule's sentence
    if isinstance(hand, DominoHand) and hand.draws_unknown:
        if exc.code != "revoke" and not hand.discarded:
            return None
        proof = _proof(by_seat, seat, hand, exc.code)
        if not proof and exc.code == "revoke":
            proof = kept_proof(kept_event, seat, hand)
        return Said("%(rule)s%(proof)s", rule=rule, proof=proof)
    if unknown_draws:
        return _proof_despite_draws(by_seat, seat, hand, exc.code, draws)
    return Said("%(rule)s%(proof)s", rule=rule, proof=_proof(by_seat, seat, hand, exc.code))


def _proof_despite_draws(
    by_seat: list[list[tuple[int, Card]]], seat: int, hand: Hand, code: str, draws: int,
) -> Said | None:
    """Without the stock's order (Two-Handed Hearts), the sentence proving a renege, or None.

    Both players draw one card after each of the first ``draws`` tricks, so a card played
    later may have been drawn after the trick in question. The player held a card the rule
    needed only when he played more such cards later than he drew after that trick: once
    the stock is gone, one later card is enough; before, he must show one more than his draws.
    """
    needed = {"revoke": hand._led, "hearts-not-broken": ~hand._hearts,
              "first-trick-points": ~hand._point_bits}.get(code, 0)
    later = [(i, c) for i, c in by_seat[seat] if i > hand.plays_made and c.bit & needed]
    drawn = max(0, draws - hand.trick_number + 1)  # one after this trick and each later one while the stock lasts
    if len(later) <= drawn:
        return None
    name = hand.seating.name(seat)
    played = next(c for i, c in by_seat[seat] if i == hand.plays_made)
    shown = cards_said([c for _, c in later[: drawn + 1]])
    since = (Said("more than the %(count)s card %(player)s drew after that trick", count=drawn, player=name) if drawn == 1
             else Said("more than the %(count)s cards %(player)s drew after that trick", count=drawn, player=name) if drawn
             else Said("with the stock gone, nothing was drawn in between"))
    places = {"player": name, "card": played, "shown": shown, "since": since}
    if code == "hearts-not-broken":
        return Said("%(player)s led %(card)s before hearts were broken while holding other suits (proven by %(shown)s, "
                    "which %(player)s played later: %(since)s)", **places)
    if code == "first-trick-points":
        return Said("%(player)s discarded %(card)s on the first trick while holding cards that score nothing (proven by "
                    "%(shown)s, which %(player)s played later: %(since)s)", **places)
    return Said("%(player)s played %(card)s on a %(suit)s lead while holding that suit (proven by %(shown)s, which "
                "%(player)s played later: %(since)s)", suit=_suit_place(hand.current[0][1].suit), **places)


def replay_snapshots(record: HandRecord) -> Iterator[Snapshot]:
    """The table after each play of a legal hand, for the trick-by-trick audit."""
    yield from replay(record, snapshots=True).snapshots
