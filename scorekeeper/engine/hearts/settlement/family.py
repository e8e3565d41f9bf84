"""Settlements of the rest of the Hearts family (catalogue 3.11-3.18, 4.1), as pure functions.

Auction Hearts, Joker Hearts, Progressive Hearts, Polignac, Slobberhannes, Knaves,
Conquimbert and Hartenjagen: each settlement method is a pure function over explicit per-hand
inputs. Each method has a frozen state
(what carries from hand to hand: pool, retained choice, totals, lives, stars, phase, and
the method's options), a frozen per-hand input, and one function::

    result, state = auction_pool(state, AuctionPoolHand(...))

``result`` is a ``HandResult``: chips paid (+ gained, - paid) or the hand's points, the
pool after the hand, a sentence per player, and whether the game is over. Chip methods
assert catalogue 1.5 on every hand (payments + change of the pool = 0). Players are seats
0..n-1 in the order of ``state.players``.

``settlement.games`` wires them into sessions (``settle`` and ``METHODS``) for the games the
engine plays: it turns each replayed hand into the input dataclass. ``progressive-stars`` waits
for its game. ``FAMILY_METHODS`` maps each settlement id to its function.

>>> s = KnavesState.start(("Ann", "Bob", "Cat"))
>>> r, s = knaves_points(s, KnavesHand(tricks=(8, 6, 3), jh=0, jd=2, jc=1, js=1))
>>> r.points, s.totals
((4, 3, 0), (4, 3, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from ...cards import Suit
from ...errors import ImpossibleResult, InconsistentRecord, either as _or, plural, shown, Said, some
from ..ruleset import Ruleset
from ...seating import Seating
from ...ledger import REVOKE_CHIPS, check_conserved, divide

__all__ = [
    "FAMILY_METHODS", "HandResult",
    "AuctionPoolState", "AuctionPoolHand", "auction_pool",
    "JokerPaymentsState", "JokerPaymentsHand", "joker_payments", "close_pool",
    "ProgressiveTable", "ProgressiveState", "ProgressiveRound", "progressive_stars", "Prize", "progressive_prizes",
    "PolignacState", "PolignacHand", "polignac_points",
    "SlobberhannesState", "SlobberhannesHand", "slobberhannes_points",
    "KnavesState", "KnavesHand", "knaves_points",
    "ConquimbertState", "ConquimbertHand", "conquimbert_lives",
    "HartenjagenState", "HartenjagenHand", "hartenjagen_two_phase",
]


@dataclass(frozen=True)
class HandResult:
    """What one hand settled, per seat, and whether the game is over."""

    payments: tuple[int, ...]  # chips each player gains (+) or pays (-); all 0 under a point method
    points: tuple[int, ...]  # point methods: what the hand adds to each total (Hartenjagen phase 2: minus);
    # chip methods: the units taken (k_i, hearts); progressive: hearts; conquimbert: card points
    pool: int  # chips in the pool (jack) after the hand; 0 under a point method
    notes: tuple[str, ...]  # per player: the arithmetic in words
    finished: bool = False  # the game's end condition is met
    winners: tuple[int, ...] = ()  # seats of the winner(s) once finished (joint winners: 1.6)
    play_on: bool = False  # the end condition was met with a tie the rules settle by playing another hand


# --- shared checks ---------------------------------------------------------------------------

def _players(players: Sequence[str], low: int, high: int, method: str) -> tuple[str, ...]:
    names = tuple(players)
    if not low <= len(names) <= high:
        count = str(low) if low == high else f"{low} to {high}"
        raise InconsistentRecord(Said("%(method)s is for %(count)s players, not %(count2)s",
                                      method=str(method), count=str(count), count2=str(len(names))), code="players")
    if len(set(names)) != len(names):
        raise InconsistentRecord(Said("%(method)s: a player is named twice (%(value)s)",
                                      method=str(method), value=str(', '.join(names))), code="players")
    return names


def _seat(names: Sequence[str], seat: int | None, what: str | Said) -> int:
    if seat is None:
        raise InconsistentRecord(Said("%(what)s is missing", what=what))
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
        raise InconsistentRecord(Said("%(what)s: seat %(shown)s is not at the table (seats 0 to %(value)s)",
                                      what=what, shown=str(shown(seat)), value=str(len(names) - 1)))
    return seat


def _counts(names: Sequence[str], values: Sequence[int], what: str, total: int | None = None) -> tuple[int, ...]:
    """Per-player counts: one per seat, none negative, and (when given) the hand's total."""
    if len(values) != len(names):
        raise InconsistentRecord(Said("%(what)s: %(count)s numbers for %(count2)s players",
                                      what=str(what), count=str(len(values)), count2=str(len(names))))
    for seat, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ImpossibleResult(Said("%(value)s %(what)s %(shown)s: a count is a whole number, not negative",
                                        value=str(names[seat]), what=str(what), shown=str(shown(value))))
    if total is not None and sum(values) != total:
        given = ", ".join(f"{name} {v}" for name, v in zip(names, values))
        raise ImpossibleResult(Said("%(what)s: %(given)s add up to %(sum)s, not %(total)s",
                                    what=str(what), given=str(given), sum=str(sum(values)), total=str(total)))
    return tuple(values)


def _not_over(finished: bool, method: str) -> None:
    if finished:
        raise InconsistentRecord(Said("the game is over (%(method)s): no more hands can be settled",
                                      method=str(method)), code="game-over")


def _words(names: Sequence[str], said: Sequence[Sequence[str]], payments: Sequence[int] | None = None) -> tuple[str, ...]:
    """One sentence per player: his name, the clauses in order, then his net chips."""
    notes = []
    for seat, parts in enumerate(said):
        text = f"{names[seat]} " + "; ".join(parts)
        if payments is not None:
            text += f"; net {payments[seat]:+d}"
        notes.append(text)
    return tuple(notes)


def _listed(names: Sequence[str], seats: Sequence[int]) -> str:
    shown = [names[s] for s in seats]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def _revoke_chips(names: Sequence[str], offender: int, payments: list[int], said: list[list[str]]) -> None:
    """4.1 revoke-003-chips: the reneger pays each other player 10; nothing else is settled for the hand."""
    n, each = len(names), REVOKE_CHIPS
    for seat in range(n):
        if seat != offender:
            payments[seat] += each
            said[seat].append(f"receives {each} from {names[offender]} for the revoke")
    payments[offender] -= each * (n - 1)
    said[offender].append(f"revoked: pays each other player {each} ({each * (n - 1)}); nothing else is paid for the hand")


def _lowest_end(
    names: Sequence[str], totals: Sequence[int], target: int, play_on_ties: bool, said: list[list[str]],
) -> tuple[bool, tuple[int, ...], bool]:
    """A total at or over ``target`` ends the game; the lowest total wins (ties: 1.6, option play-on)."""
    if max(totals) < target:
        return False, (), False
    low = min(totals)
    winners = tuple(s for s, t in enumerate(totals) if t == low)
    reached = _listed(names, [s for s, t in enumerate(totals) if t >= target])
    if len(winners) > 1 and play_on_ties:
        for seat in winners:
            said[seat].append(f"{reached} reached {target}: tied for the lowest total ({low}), play another hand")
        return False, (), True
    for seat in range(len(names)):
        if seat in winners:
            joint = " (joint winner)" if len(winners) > 1 else ""
            said[seat].append(f"{reached} reached {target}: the lowest total, {low}, wins the game{joint}")
    return True, winners, False


# --- 3.11 auction-pool -----------------------------------------------------------------------

@dataclass(frozen=True)
class AuctionPoolState:
    """What carries between deals of Auction Hearts (3.11), with the profile's options."""

    players: tuple[str, ...]
    chips: tuple[int, ...]  # each player's chips (2.19: everyone starts with the same number, e.g. 50)
    pool: int = 0  # P: the pool, carried while nobody wins it
    retained: int | None = None  # R: names the suit again without bidding (3.11 outcomes a and d)
    all_taker_pays: bool = False  # 2.19: a player who took all 13 pays for them (profile 002) or not (004)
    bid_within_chips: bool = True  # 2.19 (004): no one may bid more chips than he has
    tie_plays_on: bool = True  # 2.19 (004): a tie for most chips at the end -> play another hand; 002: joint (1.6)
    leftover: str = "split-equal"  # AMB-43: who gets a pool left when the table stops (close_pool)
    last_winners: tuple[int, ...] = ()  # who last won the pool (for leftover = last-winner)
    deals: int = 0  # deals settled, passed-out deals included
    finished: bool = False

    @classmethod
    def start(cls, players: Sequence[str], *, chips: int = 50, profile: str = "004",
              leftover: str = "split-equal") -> AuctionPoolState:
        """A new game: every player holds ``chips``; ``profile`` is ``004`` (default) or ``002``.

        :raises InconsistentRecord: 3 to 7 players (code ``players``), or an unknown profile.
        """
        names = _players(players, 3, 7, "auction-pool")
        if profile not in ("004", "002"):
            raise InconsistentRecord(Said("auction-hearts has profiles 004 and 002, not %(shown)s",
                                          shown=str(shown(profile))))
        _leftover_option(leftover)
        old = profile == "002"
        return cls(names, (chips,) * len(names), all_taker_pays=old, bid_within_chips=not old,
                   tie_plays_on=not old, leftover=leftover)


@dataclass(frozen=True)
class AuctionPoolHand:
    """One deal of Auction Hearts, as the table recorded it."""

    dealer: int
    bids: tuple[int | None, ...] = ()  # per seat: chips bid, None = pass (bidding runs eldest..dealer); () when R names
    suit: Suit | None = None  # the named suit; None only when everybody passed
    taken: tuple[int, ...] = ()  # k_i: cards of the named suit taken, widow included (sum 13); () when passed out
    revoke: int | None = None  # seat of an established revoke (4.1 revoke-003-chips); taken is then ignored
    last: bool = False  # the table stops after this deal: most chips wins (2.19 end of game)


def _auction(state: AuctionPoolState, hand: AuctionPoolHand, seating: Seating, dealer: int,
             said: list[list[str]]) -> int | None:
    """Run the bidding (2.19, AMB-18): one bid each from eldest, each above the last; returns the high bidder."""
    names = state.players
    if len(hand.bids) != len(names):
        raise InconsistentRecord(Said("auction: %(count)s bids for %(count2)s players (None for a pass)",
                                      count=str(len(hand.bids)), count2=str(len(names))),
                                 code="bid")
    high, bidder = 0, None
    for seat in seating.order_from(seating.eldest(dealer)):
        bid = hand.bids[seat]
        if bid is None:
            said[seat].append("passed")
            continue
        if isinstance(bid, bool) or not isinstance(bid, int) or bid < 1:
            raise InconsistentRecord(Said("%(value)s bid %(shown)s: a bid is a number of chips, at least 1",
                                          value=str(names[seat]), shown=str(shown(bid))), code="bid")
        if bid <= high:
            assert bidder is not None
            raise InconsistentRecord(
                Said("%(value)s bid %(bid)s after %(value2)s bid %(high)s: a bid must exceed the high bid "
                     "(AMB-18)", value=str(names[seat]), bid=str(bid), value2=str(names[bidder]), high=str(high)),
                code="bid",
            )
        if state.bid_within_chips and bid > state.chips[seat]:
            raise InconsistentRecord(
                Said("%(value)s bid %(bid)s holding %(plural)s: no one may bid more chips than he has (2.19)",
                     value=str(names[seat]), bid=str(bid), plural=str(plural(state.chips[seat], 'chip'))), code="bid",
            )
        said[seat].append(f"bid {bid}")
        high, bidder = bid, seat
    return bidder


def _richest_end(names: Sequence[str], chips: Sequence[int], plays_on: bool,
                 said: list[list[str]]) -> tuple[bool, tuple[int, ...], bool]:
    """2.19 (004): the player with most chips wins; a tie -> play another hand (002: joint winners, 1.6)."""
    best = max(chips)
    leaders = tuple(s for s, c in enumerate(chips) if c == best)
    if len(leaders) > 1 and plays_on:
        for seat in leaders:
            said[seat].append(f"tied for most chips ({best}) with {_listed(names, [s for s in leaders if s != seat])}: "
                              "play another hand")
        return False, (), True
    for seat in leaders:
        said[seat].append(f"most chips at the end ({best}): wins" + (" jointly" if len(leaders) > 1 else ""))
    return True, leaders, False


def auction_pool(state: AuctionPoolState, hand: AuctionPoolHand) -> tuple[HandResult, AuctionPoolState]:
    """3.11: one deal of Auction Hearts: the bid into the pool, the named suit paid for, outcomes a-d.

    :raises InconsistentRecord: a bad bid or a bid when the choice is retained (code ``bid``), a seat not at
        the table, a missing suit, a deal after the game is over (code ``game-over``).
    :raises ImpossibleResult: the named suit's cards taken do not add up to 13.
    """
    names = state.players
    n = len(names)
    _not_over(state.finished, "auction-pool")
    seating = Seating(names)
    dealer = _seat(names, hand.dealer, "dealer")
    payments = [0] * n
    said: list[list[str]] = [[] for _ in range(n)]
    pool_before = pool = state.pool
    if state.retained is not None:
        namer = state.retained
        if any(b is not None for b in hand.bids):
            raise InconsistentRecord(
                Said("%(value)s keeps the choice of suit until the pool of %(pool)s is won: nobody bids this "
                     "deal (3.11)", value=str(names[namer]), pool=str(pool)),
                code="bid",
            )
    else:
        bidder = _auction(state, hand, seating, dealer, said)
        if bidder is None:  # 2.19: all pass -> the next player deals; nothing paid, P and R unchanged
            if hand.taken or hand.suit is not None or hand.revoke is not None:
                raise InconsistentRecord(Said("everybody passed: no hand is played, so no suit, cards or revoke "
                                              "to record"))
            nxt = names[seating.left(dealer)]
            for seat in range(n):
                said[seat].append(f"(everybody passed: no hand; {nxt} deals next; the pool stays {pool})")
            finished, winners, play_on = (_richest_end(names, state.chips, state.tie_plays_on, said)
                                          if hand.last else (False, (), False))
            check_conserved(state.deals + 1, payments, pool_before, pool)
            result = HandResult(tuple(payments), (0,) * n, pool, _words(names, said, payments), finished, winners,
                                play_on)
            return result, replace(state, deals=state.deals + 1, finished=finished)
        namer = bidder
        bid = hand.bids[bidder]
        assert bid is not None
        payments[namer] -= bid
        pool += bid
    if hand.suit is None:
        raise InconsistentRecord(Said("%(value)s must name the penalty suit", value=str(names[namer])))
    suit = hand.suit.noun
    if state.retained is not None:
        said[namer].append(f"keeps the choice (the pool was not won): names {suit} without bidding or paying")
    else:
        said[namer][-1] += f", the highest: pays {hand.bids[namer]} into the pool and names {suit}"
    retained: int | None
    last_winners = state.last_winners
    if hand.revoke is not None:
        offender = _seat(names, hand.revoke, "revoke")
        _revoke_chips(names, offender, payments, said)
        retained = namer  # the pool was not won: the choice is not sold again (AMB-18)
        taken = (0,) * n
        said[namer].append(f"the pool of {pool} was not won: {names[namer]} names the suit again next deal")
    else:
        taken = _counts(names, hand.taken, f"{suit} taken", 13)
        sweeper = next((s for s, k in enumerate(taken) if k == 13), None)
        for seat, k in enumerate(taken):
            if seat == sweeper and not state.all_taker_pays:
                said[seat].append(f"took all 13 {suit}: pays nothing (004)")
                continue
            payments[seat] -= k
            pool += k
            said[seat].append(f"took {plural(k, hand.suit.noun[:-1])}: pays {k} into the pool" if k
                              else f"took no {suit}")
        clear = [s for s, k in enumerate(taken) if k == 0]
        if sweeper is not None or not clear or len(clear) >= 3:  # outcomes a and d: nobody wins
            why = (f"{names[sweeper]} took all 13" if sweeper is not None
                   else "nobody is clear" if not clear else f"{len(clear)} players are clear")
            retained = namer
            for seat in range(n):
                said[seat].append(f"{why}: nobody wins, the pool of {pool} carries")
            said[namer].append("names the suit again next deal without bidding")
        elif len(clear) == 1:  # outcome b
            (winner,) = clear
            payments[winner] += pool
            said[winner].append(f"the only clear player: takes the pool of {pool}")
            pool, retained, last_winners = 0, None, (winner,)
        else:  # outcome c: two clear players; the odd chip starts the next pool
            share, odd = divmod(pool, 2)
            for seat in clear:
                payments[seat] += share
                other = names[clear[1] if seat == clear[0] else clear[0]]
                said[seat].append(f"clear with {other}: takes {share} of the pool of {pool}"
                                  + (", the odd chip stays in the pool" if odd else ""))
            pool, retained, last_winners = odd, None, tuple(clear)
    check_conserved(state.deals + 1, payments, pool_before, pool)
    chips = tuple(c + p for c, p in zip(state.chips, payments))
    finished, winners, play_on = (_richest_end(names, chips, state.tie_plays_on, said)
                                  if hand.last else (False, (), False))
    result = HandResult(tuple(payments), taken, pool, _words(names, said, payments), finished, winners, play_on)
    return result, replace(state, chips=chips, pool=pool, retained=retained, last_winners=last_winners,
                           deals=state.deals + 1, finished=finished)


# --- 3.12 joker-payments ---------------------------------------------------------------------

@dataclass(frozen=True)
class JokerPaymentsState:
    """What carries between hands of Joker Hearts (profile 002): the sweepstakes jack and its options."""

    players: tuple[str, ...]
    pool: int = 0  # J: the jack carried in
    single_clear_only: bool = False  # sweepstakes.win = single-clear-only (3.5)
    all_hearts_jack: bool = False  # sweepstakes.all_hearts_jack (3.5): every heart incl. the Joker -> jack
    leftover: str = "split-equal"  # AMB-43 (close_pool)
    last_winners: tuple[int, ...] = ()
    deals: int = 0

    @classmethod
    def start(cls, players: Sequence[str], *, single_clear_only: bool = False, all_hearts_jack: bool = False,
              leftover: str = "split-equal") -> JokerPaymentsState:
        """A new game with an empty pool.

        :raises InconsistentRecord: 3 to 7 players (code ``players``).
        """
        _leftover_option(leftover)
        return cls(_players(players, 3, 7, "joker-payments"), single_clear_only=single_clear_only,
                   all_hearts_jack=all_hearts_jack, leftover=leftover)


@dataclass(frozen=True)
class JokerPaymentsHand:
    """One hand of Joker Hearts (002): who was dealt the Joker, who took it, the hearts taken."""

    dealt_to: int | None  # H, who was dealt (and so played) the Joker; None: it lay in the widow
    taken_by: int | None  # K, winner of the trick (or widow) holding the Joker
    hearts: tuple[int, ...] = ()  # hearts taken per player, widow included (sum 12: 2H is out)
    revoke: int | None = None  # seat of an established revoke (4.1 revoke-003-chips); the rest is ignored


def joker_payments(state: JokerPaymentsState, hand: JokerPaymentsHand) -> tuple[HandResult, JokerPaymentsState]:
    """3.12: the Joker's 5 chips, then hearts into the pool settled by sweepstakes (3.5).

    :raises InconsistentRecord: a seat not at the table, the Joker's taker missing.
    :raises ImpossibleResult: the hearts do not add up to 12.
    """
    names = state.players
    n = len(names)
    payments = [0] * n
    said: list[list[str]] = [[] for _ in range(n)]
    pool_before = pool = state.pool
    position = state.deals + 1
    if hand.revoke is not None:
        _revoke_chips(names, _seat(names, hand.revoke, "revoke"), payments, said)
        for seat in range(n):
            said[seat].append(f"the jack stays {pool}")
        check_conserved(position, payments, pool_before, pool)
        result = HandResult(tuple(payments), (0,) * n, pool, _words(names, said, payments))
        return result, replace(state, deals=position)
    taker = _seat(names, hand.taken_by, Said("who took the Joker"))
    holder = None if hand.dealt_to is None else _seat(names, hand.dealt_to, Said("who was dealt the Joker"))
    hearts = _counts(names, hand.hearts, "hearts taken", 12)
    if holder is None:  # the Joker lay in the widow: nobody got rid of it, so its 5 go to the pool
        payments[taker] -= 5
        pool += 5
        said[taker].append("took the Joker from the widow: pays 5 into the pool")
    elif taker == holder:
        payments[taker] -= 5
        pool += 5
        said[taker].append("was dealt the Joker and took it in: pays 5 into the pool")
    else:
        payments[taker] -= 5
        payments[holder] += 5
        said[taker].append(f"took the Joker: pays 5 to {names[holder]}, who got rid of it")
        said[holder].append(f"got rid of the Joker: receives 5 from {names[taker]}")
    for seat, u in enumerate(hearts):
        payments[seat] -= u
        pool += u
        said[seat].append(f"took {plural(u, 'heart')}: pays {u} into the pool" if u else "took no hearts")
    clear = [s for s, u in enumerate(hearts) if u == 0 and s != taker]  # AMB-15: the Joker's taker is not clear
    why = ""
    if state.all_hearts_jack and hearts[taker] == 12:
        why = f"{names[taker]} took every heart and the Joker"
    elif not clear:
        why = "nobody is clear"
    elif state.single_clear_only and len(clear) > 1:
        why = "more than one player is clear"
    last_winners = state.last_winners
    if why:
        for seat in range(n):
            said[seat].append(f"{why}: the pool of {pool} is a jack, carried")
    else:
        share, odd = divmod(pool, len(clear))
        for seat in clear:
            payments[seat] += share
            split = f" with {_listed(names, [s for s in clear if s != seat])}" if len(clear) > 1 else ""
            said[seat].append(f"clear{split}: wins {share} of the pool of {pool}")
        if odd:
            said[clear[0]].append(f"{plural(odd, 'odd chip')} carried to the next pool")
        pool, last_winners = odd, tuple(clear)
    if taker not in clear and hearts[taker] == 0:
        said[taker].append("not clear: he took the Joker")
    check_conserved(position, payments, pool_before, pool)
    result = HandResult(tuple(payments), hearts, pool, _words(names, said, payments))
    return result, replace(state, pool=pool, last_winners=last_winners, deals=position)


_PoolState = TypeVar("_PoolState", AuctionPoolState, JokerPaymentsState)


def _leftover_option(value: str) -> None:
    if value not in ("split-equal", "last-winner"):
        raise InconsistentRecord(Said("leftover is split-equal or last-winner (AMB-43), not %(shown)s",
                                      shown=str(shown(value))))


def close_pool(state: _PoolState, cut: int | None = None) -> tuple[HandResult, _PoolState]:
    """AMB-43: the table stops with chips in the pool: split equally (or to the last winners); odd by cut.

    :raises InconsistentRecord: odd chips and no cut winner recorded (code ``cut``).
    """
    names = state.players
    n = len(names)
    pool = state.pool
    payments = [0] * n
    if not pool:
        notes = tuple(f"{name}: the pool is empty, nothing to share" for name in names)
        return HandResult(tuple(payments), (0,) * n, 0, notes), state
    takers = list(state.last_winners) if state.leftover == "last-winner" and state.last_winners else list(range(n))
    shares = divide(pool, takers, cut, names, Said("the %(count)s chips left in the pool", count=pool))
    for seat, share in shares.items():
        payments[seat] = share
    check_conserved(0, payments, pool, 0)
    notes = tuple(f"{names[s]} gets {payments[s]} of the {pool} chips left in the pool" for s in range(n))
    result = HandResult(tuple(payments), (0,) * n, 0, notes)
    if isinstance(state, AuctionPoolState):
        chips = tuple(c + p for c, p in zip(state.chips, payments))
        return result, replace(state, chips=chips, pool=0, retained=None)
    return result, replace(state, pool=0)


# --- 3.13 progressive-stars ------------------------------------------------------------------

_STARS = ("gold", "red", "green")


@dataclass(frozen=True)
class ProgressiveTable:
    """Who sits at one table: two ladies and two gentlemen (2.20, HOUSE)."""

    ladies: tuple[int, int]
    gentlemen: tuple[int, int]


@dataclass(frozen=True)
class ProgressiveState:
    """The tables (head first, booby last) and every player's stars so far."""

    players: tuple[str, ...]
    tables: tuple[ProgressiveTable, ...]
    gold: tuple[int, ...]
    red: tuple[int, ...]
    green: tuple[int, ...]
    rounds: int = 0

    @classmethod
    def start(cls, players: Sequence[str], tables: Sequence[ProgressiveTable]) -> ProgressiveState:
        """The first seating: at least two tables, every player at exactly one seat.

        :raises InconsistentRecord: fewer than two tables, a player seated twice or not at all.
        """
        names = tuple(players)
        if len(tables) < 2:
            raise InconsistentRecord(Said("progressive-stars needs at least two tables (a head and a booby table)"),
                                     code="players")
        seated = [p for t in tables for p in (*t.ladies, *t.gentlemen)]
        for p in seated:
            _seat(names, p, Said("a table seat"))
        if sorted(seated) != list(range(len(names))):
            raise InconsistentRecord(Said("progressive-stars: every player sits at exactly one table seat"), code="players")
        zero = (0,) * len(names)
        return cls(names, tuple(tables), zero, zero, zero)

    def ladies(self) -> tuple[int, ...]:
        return tuple(sorted(p for t in self.tables for p in t.ladies))

    def gentlemen(self) -> tuple[int, ...]:
        return tuple(sorted(p for t in self.tables for p in t.gentlemen))

    def stars(self, colour: str) -> tuple[int, ...]:
        return {"gold": self.gold, "red": self.red, "green": self.green}[colour]


@dataclass(frozen=True)
class ProgressiveRound:
    """One round: hearts taken per player (each table's add up to 13) and the cut results for ties."""

    hearts: tuple[int, ...]  # per player (seat in state.players)
    cuts: tuple[int, ...] = ()  # players who cut the lower card in a tie (they go up; ace low)
    revokes: tuple[int, ...] = ()  # established revokes: scored as taking all 13 hearts at the table (4.1)


def _table_name(t: int, m: int) -> str:
    return f"table {t + 1}" + (" (head)" if t == 0 else " (booby)" if t == m - 1 else "")


def progressive_stars(state: ProgressiveState, rnd: ProgressiveRound) -> tuple[HandResult, ProgressiveState]:
    """3.13: per table the lady and the gentleman with fewer hearts go up; stars; movement (AMB-20).

    :raises InconsistentRecord: a tie without its cut (code ``cut``), a cut for players who were not tied.
    :raises ImpossibleResult: a table's hearts do not add up to 13.
    """
    names = state.players
    n = len(names)
    m = len(state.tables)
    hearts = list(_counts(names, rnd.hearts, "hearts taken"))
    for p in (*rnd.cuts, *rnd.revokes):
        _seat(names, p, Said("a cut or revoke"))
    said: list[list[str]] = [[] for _ in range(n)]
    for t, table in enumerate(state.tables):
        seats = (*table.ladies, *table.gentlemen)
        offenders = [p for p in rnd.revokes if p in seats]
        if len(offenders) > 1:
            raise InconsistentRecord(Said("%(_table_name)s: play stops at the first revoke, so only one is "
                                          "recorded", _table_name=str(_table_name(t, m))))
        if offenders:
            for p in seats:
                hearts[p] = 13 if p == offenders[0] else 0
            said[offenders[0]].append("revoked: scored as taking all 13 hearts at the table (4.1)")
        elif sum(hearts[p] for p in seats) != 13:
            shown = ", ".join(f"{names[p]} {hearts[p]}" for p in seats)
            raise ImpossibleResult(Said("%(_table_name)s: hearts %(shown)s add up to %(sum)s, not 13",
                                        _table_name=str(_table_name(t, m)), shown=str(shown), sum=str(sum(hearts[p] for p in seats))))
    used: set[int] = set()
    gold, red, green = list(state.gold), list(state.red), list(state.green)
    up: dict[tuple[int, int], int] = {}  # (table, 0 ladies | 1 gentlemen) -> who goes up
    down: dict[tuple[int, int], int] = {}
    for t, table in enumerate(state.tables):
        for kind, (a, b) in enumerate((table.ladies, table.gentlemen)):
            if hearts[a] != hearts[b]:
                winner = a if hearts[a] < hearts[b] else b
                how = f"fewer hearts than {names[b if winner == a else a]} ({hearts[b if winner == a else a]})"
            else:
                cut = [p for p in (a, b) if p in rnd.cuts]
                if len(cut) != 1:
                    raise InconsistentRecord(
                        Said("%(_table_name)s: %(value)s and %(value2)s both took %(count)s: record who cut the "
                             "lower card (ace low)",
                             _table_name=str(_table_name(t, m)), value=str(names[a]), value2=str(names[b]), count=some(hearts[a], 'heart')), code="cut",
                    )
                winner = cut[0]
                used.add(winner)
                how = f"tied with {names[b if winner == a else a]} and cut the lower card"
            loser = b if winner == a else a
            up[t, kind], down[t, kind] = winner, loser
            said[winner].append(f"took {plural(hearts[winner], 'heart')} at {_table_name(t, m)}, {how}")
            said[loser].append(f"took {plural(hearts[loser], 'heart')} at {_table_name(t, m)}")
            if t == 0:
                gold[winner] += 1
                said[winner].append("gold star, stays at the head table")
                said[loser].append(f"moves to {_table_name(m - 1, m)}")
            else:
                red[winner] += 1
                said[winner].append(f"red star, goes up to {_table_name(t - 1, m)}")
            if t == m - 1:
                green[loser] += 1
                said[loser].append("green star (more hearts at the booby table), stays")
            elif t > 0:
                said[loser].append("stays")
    stray = [p for p in rnd.cuts if p not in used]
    if stray:
        raise InconsistentRecord(Said("a cut is recorded for %(_listed)s, who tied with nobody",
                                      _listed=str(_listed(names, stray))))
    new_tables = []
    for t, table in enumerate(state.tables):
        pairs = []
        for kind, pair in enumerate((table.ladies, table.gentlemen)):
            if t == 0:  # the head table's winners stay; its losers' seats go to the next table's winners
                stays, arrives = up[t, kind], up[t + 1, kind]
            else:  # everywhere else the loser stays; the winner's seat goes to the next table's winner
                stays = down[t, kind]
                arrives = up[t + 1, kind] if t < m - 1 else down[0, kind]
            pairs.append((stays, arrives) if pair[0] == stays else (arrives, stays))
        new_tables.append(ProgressiveTable(pairs[0], pairs[1]))
    result = HandResult((0,) * n, tuple(hearts), 0, _words(names, said))
    return result, replace(state, tables=tuple(new_tables), gold=tuple(gold), red=tuple(red), green=tuple(green),
                           rounds=state.rounds + 1)


@dataclass(frozen=True)
class Prize:
    """One prize of the session: class (ladies or gentlemen), colour, who won it (None: not awarded)."""

    klass: str
    colour: str
    player: int | None
    note: str


def progressive_prizes(state: ProgressiveState, cuts: Sequence[int] = ()) -> tuple[Prize, ...]:
    """3.13 prizes, per class: most gold, most red, most green stars; nobody wins two (AMB-20).

    Ties: gold -> more red stars; red -> more gold; green -> fewer gold; then the recorded cut.

    :raises InconsistentRecord: a tie still unbroken and no cut winner among the tied (code ``cut``).
    """
    names = state.players
    prizes = []
    tie_break = {"gold": ("red", 1), "red": ("gold", 1), "green": ("gold", -1)}  # sign 1: more wins
    for klass, members in (("ladies", state.ladies()), ("gentlemen", state.gentlemen())):
        owner = "ladies'" if klass == "ladies" else "gentlemen's"
        awarded: list[int] = []
        for colour in _STARS:
            count = state.stars(colour)
            eligible = [p for p in members if p not in awarded]
            best = max(count[p] for p in eligible)
            if best == 0:
                prizes.append(Prize(klass, colour, None,
                                    f"the {owner} {colour} prize is not awarded: nobody left has a {colour} star"))
                continue
            tied = [p for p in eligible if count[p] == best]
            reason = f"most {colour} stars ({best})"
            if len(tied) > 1:
                other, sign = tie_break[colour]
                by = state.stars(other)
                top = max(sign * by[p] for p in tied)
                still = [p for p in tied if sign * by[p] == top]
                behind = [p for p in tied if p not in still]
                if behind:
                    reason += (f", ahead of {_listed(names, behind)} on {'more' if sign > 0 else 'fewer'} {other} "
                               f"stars ({by[still[0]]} to {_listed([str(by[p]) for p in range(len(names))], behind)})")
                if len(still) > 1:
                    cut = [p for p in still if p in cuts]
                    if len(cut) != 1:
                        raise InconsistentRecord(
                            Said("the %(owner)s %(colour)s prize: %(_listed)s are still tied (%(best)s "
                                 "%(colour)s, %(value)s %(other)s): record who won the cut",
                                 owner=str(owner), colour=str(colour), _listed=str(_listed(names, still)), best=str(best), value=str(by[still[0]]), other=str(other)), code="cut",
                        )
                    reason += f", won the cut against {_listed(names, [p for p in still if p != cut[0]])}"
                    still = cut
                tied = still
            winner = tied[0]
            skipped = [p for p in awarded if count[p] >= best]
            if skipped:
                reason += f" ({_listed(names, skipped)} already {'holds' if len(skipped) == 1 else 'hold'} a prize)"
            awarded.append(winner)
            prizes.append(Prize(klass, colour, winner, f"{names[winner]} wins the {owner} {colour} prize: {reason}"))
    return tuple(prizes)


# --- what the trick games score: read from their rulesets ----------------------------------

@dataclass(frozen=True)
class TrickScores:
    """What a hand of Polignac, Slobberhannes or Knaves scores, as its ruleset says (``games/tricks.py``
    holds the one table): each scoring card, the first, last and every trick, the sweep, Capot, an
    established revoke, and the total that ends the game."""

    cards: tuple[tuple[str, int], ...]  # (card code, value) as the ruleset lists them
    first_trick: int = 0
    last_trick: int = 0
    trick: int = 0
    sweep_bonus: int = 0
    capot: int = 0
    revoke: int = 0
    target: int = 0

    @classmethod
    def of(cls, ruleset: Ruleset) -> TrickScores:
        return cls(tuple((c.code, v) for c, v in ruleset.values.items()), ruleset.first_trick_value,
                   ruleset.last_trick_value, ruleset.trick_value, ruleset.sweep_bonus, ruleset.capot,
                   ruleset.revoke_penalty or 0, ruleset.target or 0)

    @classmethod
    def of_game(cls, game: str) -> TrickScores:
        """The game's own scores (its default options)."""
        from ..games import make_ruleset

        return cls.of(make_ruleset(game))

    def value(self, code: str) -> int:
        return dict(self.cards)[code]


# --- 3.14 polignac-points --------------------------------------------------------------------

@dataclass(frozen=True)
class PolignacState:
    """Running totals of Polignac and its options."""

    players: tuple[str, ...]
    totals: tuple[int, ...]
    capot_mode: str = "additive"  # polignac.capot_mode = additive | replace (AMB-28)
    play_on_ties: bool = False  # session.final_tie = play-on (1.6, AMB-42); default joint winners
    target: int = 20  # 2.21: a total at or over 20 ends the game (the ruleset's)
    finished: bool = False
    scores: TrickScores | None = None  # the game's values (None: Polignac's own)

    @classmethod
    def start(cls, players: Sequence[str], *, capot_mode: str = "additive",
              play_on_ties: bool = False, scores: TrickScores | None = None) -> PolignacState:
        """A new game, every total 0.

        :raises InconsistentRecord: 4 to 6 players (code ``players``), an unknown capot mode.
        """
        names = _players(players, 4, 6, "polignac-points")
        if capot_mode not in ("additive", "replace"):
            raise InconsistentRecord(Said("polignac.capot_mode is additive or replace, not %(shown)s",
                                          shown=str(shown(capot_mode))))
        scores = scores or TrickScores.of_game("polignac")
        return cls(names, (0,) * len(names), capot_mode, play_on_ties, scores.target, scores=scores)


@dataclass(frozen=True)
class PolignacHand:
    """Who captured each jack and won the first and last tricks; the Capot declarers."""

    js: int | None = None  # JS, "Polignac": 2
    jh: int | None = None
    jd: int | None = None
    jc: int | None = None
    first_trick: int | None = None
    last_trick: int | None = None
    capot: tuple[int, ...] = ()  # players who declared Capot before the first lead
    revoke: int | None = None  # established revoke (4.1 HOUSE): offender +7, his Capot fails; the rest ignored


def polignac_points(state: PolignacState, hand: PolignacHand) -> tuple[HandResult, PolignacState]:
    """3.14: jacks (JS 2), first and last trick 1 each; Capot +-10; the game ends at 20, lowest wins.

    :raises InconsistentRecord: a missing or unknown seat, a player declaring Capot twice.
    """
    names = state.players
    n = len(names)
    _not_over(state.finished, "polignac-points")
    scores = state.scores or TrickScores.of_game("polignac")
    declarers = tuple(_seat(names, d, Said("Capot declarer")) for d in hand.capot)
    if len(set(declarers)) != len(declarers):
        raise InconsistentRecord(Said("a player can declare Capot only once a hand"))
    said: list[list[str]] = [[] for _ in range(n)]
    points = [0] * n
    replace_mode = state.capot_mode == "replace"
    if hand.revoke is not None:
        offender = _seat(names, hand.revoke, "revoke")
        points[offender] = scores.revoke
        said[offender].append(f"revoked: +{scores.revoke}, all the penalties of a hand (4.1)")
        for seat in range(n):
            if seat != offender:
                said[seat].append(f"0 for the hand ({names[offender]} revoked)")
        for d in declarers:
            if d != offender:
                said[d].append("the Capot declaration lapses: the hand was not played out")
        outcomes = [(offender, False)] if offender in declarers else []
    else:
        owners = {code: _seat(names, seat, Said("who took %(card)s", card=code))
                  for code, seat in (("JS", hand.js), ("JH", hand.jh), ("JD", hand.jd), ("JC", hand.jc))}
        first = _seat(names, hand.first_trick, Said("winner of the first trick"))
        last = _seat(names, hand.last_trick, Said("winner of the last trick"))
        parts: list[list[str]] = [[] for _ in range(n)]
        for card, seat in owners.items():
            value = scores.value(card)
            points[seat] += value
            parts[seat].append(f"{card} {value}")
        points[first] += scores.first_trick
        parts[first].insert(0, f"first trick {scores.first_trick}")
        points[last] += scores.last_trick
        parts[last].append(f"last trick {scores.last_trick}")
        for seat in range(n):
            shown = " + ".join(parts[seat]) + f" = {points[seat]}" if parts[seat] else "nothing: 0"
            said[seat].append(f"took {shown}")
        outcomes = [(d, all(s == d for s in owners.values())) for d in declarers]
    if replace_mode:
        for d, _ in outcomes:
            if points[d]:
                said[d].append(f"his own {points[d]} does not count (Capot replaces them)")
            points[d] = 0
    for d, success in outcomes:
        sign = -1 if success else 1
        worth = scores.capot * sign
        points[d] += worth
        said[d].append(f"declared Capot and {'won all four jacks' if success else 'failed'}: {worth:+d}")
        for seat in range(n):
            if seat != d:
                points[seat] -= worth
                said[seat].append(f"{names[d]}'s Capot {'succeeded' if success else 'failed'}: {-worth:+d}")
    totals = tuple(t + p for t, p in zip(state.totals, points))
    for seat in range(n):
        said[seat].append(f"hand {points[seat]:+d}, total {totals[seat]}")
    finished, winners, play_on = _lowest_end(names, totals, state.target, state.play_on_ties, said)
    result = HandResult((0,) * n, tuple(points), 0, _words(names, said), finished, winners, play_on)
    return result, replace(state, totals=totals, finished=finished)


# --- 3.15 slobberhannes-points ---------------------------------------------------------------

@dataclass(frozen=True)
class SlobberhannesState:
    """Running totals of Slobberhannes."""

    players: tuple[str, ...]
    totals: tuple[int, ...]
    play_on_ties: bool = False  # session.final_tie (1.6, AMB-29)
    target: int = 10  # 2.22: a total at or over 10 ends the game (the ruleset's)
    finished: bool = False
    scores: TrickScores | None = None  # the game's values (None: Slobberhannes' own)

    @classmethod
    def start(cls, players: Sequence[str], *, play_on_ties: bool = False,
              scores: TrickScores | None = None) -> SlobberhannesState:
        """A new game.

        :raises InconsistentRecord: 4 to 6 players (code ``players``).
        """
        names = _players(players, 4, 6, "slobberhannes-points")
        scores = scores or TrickScores.of_game("slobberhannes")
        return cls(names, (0,) * len(names), play_on_ties, scores.target, scores=scores)


@dataclass(frozen=True)
class SlobberhannesHand:
    """Winners of the first trick, the last trick and QC."""

    first_trick: int | None = None
    last_trick: int | None = None
    qc: int | None = None
    revoke: int | None = None  # established revoke (4.1 HOUSE): offender +4, others 0


def slobberhannes_points(state: SlobberhannesState,
                         hand: SlobberhannesHand) -> tuple[HandResult, SlobberhannesState]:
    """3.15: first trick, last trick, QC 1 each; all three to one player 4; the game ends at 10, fewest wins.

    :raises InconsistentRecord: a missing or unknown seat.
    """
    names = state.players
    n = len(names)
    _not_over(state.finished, "slobberhannes-points")
    scores = state.scores or TrickScores.of_game("slobberhannes")
    said: list[list[str]] = [[] for _ in range(n)]
    points = [0] * n
    if hand.revoke is not None:
        offender = _seat(names, hand.revoke, "revoke")
        points[offender] = scores.revoke
        for seat in range(n):
            said[seat].append(f"revoked: +{scores.revoke} (4.1)" if seat == offender else f"0 ({names[offender]} revoked)")
    else:
        winners = {"first trick": _seat(names, hand.first_trick, Said("winner of the first trick")),
                   "last trick": _seat(names, hand.last_trick, Said("winner of the last trick")),
                   "Q\u2663": _seat(names, hand.qc, Said("who took %(card)s", card="QC"))}
        worth = {"first trick": scores.first_trick, "last trick": scores.last_trick, "Q\u2663": scores.value("QC")}
        for seat in range(n):
            mine = [what for what, s in winners.items() if s == seat]
            points[seat] = sum(worth[what] for what in mine)
            if len(mine) == 3:
                said[seat].append(f"took the first trick, the last trick and Q\u2663: {points[seat] + scores.sweep_bonus} "
                                  f"instead of {points[seat]}")
                points[seat] += scores.sweep_bonus
            else:
                said[seat].append(f"took {' and '.join(mine)}: {points[seat]}" if mine else "took none of them: 0")
    totals = tuple(t + p for t, p in zip(state.totals, points))
    for seat in range(n):
        said[seat].append(f"total {totals[seat]}")
    finished, won, play_on = _lowest_end(names, totals, state.target, state.play_on_ties, said)
    result = HandResult((0,) * n, tuple(points), 0, _words(names, said), finished, won, play_on)
    return result, replace(state, totals=totals, finished=finished)


# --- 3.16 knaves-points ----------------------------------------------------------------------

@dataclass(frozen=True)
class KnavesState:
    """Running totals of Knaves."""

    players: tuple[str, ...]
    totals: tuple[int, ...]
    target: int = 20  # 2.23: the first to reach +20 wins (the ruleset's)
    finished: bool = False
    scores: TrickScores | None = None  # the game's values (None: Knaves' own)

    @classmethod
    def start(cls, players: Sequence[str], *, scores: TrickScores | None = None) -> KnavesState:
        """A new game.

        :raises InconsistentRecord: 3 to 5 players (code ``players``).
        """
        names = _players(players, 3, 5, "knaves-points")
        scores = scores or TrickScores.of_game("knaves")
        return cls(names, (0,) * len(names), scores.target, scores=scores)


@dataclass(frozen=True)
class KnavesHand:
    """Tricks won per player and who captured each jack (None: out of play, e.g. the turn-up)."""

    tricks: tuple[int, ...] = ()
    jh: int | None = None
    jd: int | None = None
    jc: int | None = None
    js: int | None = None
    revoke: int | None = None  # established revoke (4.1 HOUSE): offender -10, others 0


def knaves_points(state: KnavesState, hand: KnavesHand) -> tuple[HandResult, KnavesState]:
    """3.16: +1 a trick, JH -4, JD -3, JC -2, JS -1; first to +20 wins; several -> highest; equal -> play on.

    :raises InconsistentRecord: an unknown seat.
    :raises ImpossibleResult: a trick count no deal gives, a jack taken by a player without a trick.
    """
    names = state.players
    n = len(names)
    _not_over(state.finished, "knaves-points")
    scores = state.scores or TrickScores.of_game("knaves")
    said: list[list[str]] = [[] for _ in range(n)]
    points = [0] * n
    if hand.revoke is not None:
        offender = _seat(names, hand.revoke, "revoke")
        points[offender] = scores.revoke
        for seat in range(n):
            said[seat].append(f"revoked: {scores.revoke}, all four jacks and no tricks (4.1)" if seat == offender
                              else f"0 ({names[offender]} revoked)")
    else:
        tricks = _counts(names, hand.tricks, "tricks won")
        sizes = sorted({51 // n, 52 // n})  # knaves.deal = leave-turnup | all-equal (AMB-30)
        if sum(tricks) not in sizes:
            raise ImpossibleResult(Said("%(count)s tricks won; with %(players)s players a hand has %(sizes)s",
                                        count=sum(tricks), players=n, sizes=_or(sizes)))
        jacks: list[list[str]] = [[] for _ in range(n)]
        for card, holder in zip(("JH", "JD", "JC", "JS"), (hand.jh, hand.jd, hand.jc, hand.js)):
            if holder is None:
                continue
            seat = _seat(names, holder, Said("who took %(card)s", card=card))
            if tricks[seat] == 0:
                raise ImpossibleResult(Said("%(value)s took %(card)s but won no trick",
                                            value=str(names[seat]), card=str(card)))
            value = scores.value(card)
            points[seat] += value
            jacks[seat].append(f"{card} {value}")
        for seat in range(n):
            points[seat] += tricks[seat] * scores.trick
            extra = "".join(f" {j}" for j in jacks[seat])
            said[seat].append(f"won {plural(tricks[seat], 'trick')}{extra} = {points[seat]:+d}")
    totals = tuple(t + p for t, p in zip(state.totals, points))
    for seat in range(n):
        said[seat].append(f"total {totals[seat]:+d}")
    finished, play_on = False, False
    winners: tuple[int, ...] = ()
    reached = [s for s, t in enumerate(totals) if t >= state.target]
    if reached:
        best = max(totals)
        top = tuple(s for s, t in enumerate(totals) if t == best)
        if len(top) == 1:
            finished, winners = True, top
            rivals = f" (highest of {_listed(names, reached)})" if len(reached) > 1 else ""
            said[top[0]].append(f"reached +{state.target} with {best:+d}: wins the game{rivals}")
        else:
            play_on = True
            for seat in top:
                said[seat].append(f"tied at {best:+d} over +{state.target}: play another hand (AMB-30)")
    result = HandResult((0,) * n, tuple(points), 0, _words(names, said), finished, winners, play_on)
    return result, replace(state, totals=totals, finished=finished)


# --- 3.17 conquimbert-lives ------------------------------------------------------------------

@dataclass(frozen=True)
class ConquimbertState:
    """Lives left per player (3 each at the start); a player with none has dropped out."""

    players: tuple[str, ...]
    lives: tuple[int, ...]
    threshold: int = 31  # 3.17: a hand total at or over 31 costs a life
    finished: bool = False

    @classmethod
    def start(cls, players: Sequence[str], *, lives: int = 3) -> ConquimbertState:
        """A new game: every player has ``lives`` tokens (2.24: 3).

        :raises InconsistentRecord: 3 to 10 players (code ``players``).
        """
        names = _players(players, 3, 10, "conquimbert-lives")
        return cls(names, (lives,) * len(names))

    def active(self) -> tuple[int, ...]:
        return tuple(s for s, life in enumerate(self.lives) if life > 0)


@dataclass(frozen=True)
class ConquimbertHand:
    """Card points won per player this hand (A 11, T 10, K 3, Q 2, J 1); 0 for players out."""

    points: tuple[int, ...] = ()
    revoke: int | None = None  # established revoke (4.1 HOUSE): offender loses a life, nobody else


def conquimbert_lives(state: ConquimbertState, hand: ConquimbertHand) -> tuple[HandResult, ConquimbertState]:
    """3.17: >= 31 loses a life; else the most points lose one (ties all); the last player in wins.

    :raises InconsistentRecord: points for a player who is out, an unknown seat.
    :raises ImpossibleResult: more than the pack's 108 card points.
    """
    names = state.players
    n = len(names)
    _not_over(state.finished, "conquimbert-lives")
    active = state.active()
    said: list[list[str]] = [[] for _ in range(n)]
    points = (0,) * n
    if hand.revoke is not None:
        offender = _seat(names, hand.revoke, "revoke")
        if offender not in active:
            raise InconsistentRecord(Said("%(value)s is out of the game and cannot revoke",
                                          value=str(names[offender])))
        losers: tuple[int, ...] = (offender,)
        why = {offender: "revoked (4.1)"}
    else:
        points = _counts(names, hand.points, "card points")
        if sum(points) > 108:
            raise ImpossibleResult(Said("card points add up to %(sum)s; the pack holds 108", sum=str(sum(points))))
        for seat in range(n):
            if seat not in active and points[seat]:
                raise InconsistentRecord(Said("%(value)s is out of the game but is given %(value2)s points",
                                              value=str(names[seat]), value2=str(points[seat])))
        over = tuple(s for s in active if points[s] >= state.threshold)
        if over:
            losers = over
            why = {s: f"reached {state.threshold}" for s in over}
        else:
            most = max(points[s] for s in active)
            losers = tuple(s for s in active if points[s] == most)
            tie = " (tied: each of them, AMB-34)" if len(losers) > 1 else ""
            why = {s: f"nobody reached {state.threshold}, the most points{tie}" for s in losers}
    lives = list(state.lives)
    for s in losers:
        lives[s] -= 1
    spared = not any(lives[s] > 0 for s in active)  # AMB-34: total elimination -> nobody is eliminated
    if spared:
        lives = list(state.lives)
    for seat in range(n):
        if seat not in active:
            said[seat].append("is out of the game")
            continue
        if hand.revoke is None:
            said[seat].append(f"won {plural(points[seat], 'card point')}")
        if seat in why:
            said[seat].append(why[seat] + (", but every player would be out: nobody loses a life, play another "
                                           "hand (AMB-34)" if spared else ": loses one life"))
        left = lives[seat]
        said[seat].append(("1 life" if left == 1 else f"{left} lives") + " left" if left else "no lives left: drops out")
    still = tuple(s for s in range(n) if lives[s] > 0)
    finished = len(still) == 1
    if finished:
        said[still[0]].append("the last player in: wins the game")
    play_on = spared
    result = HandResult((0,) * n, points, 0, _words(names, said), finished, still if finished else (), play_on)
    return result, replace(state, lives=tuple(lives), finished=finished)


# --- 3.18 hartenjagen-two-phase --------------------------------------------------------------

HARTENJAGEN_TURN = 100  # 3.18: a phase-1 total at or over this switches the game to phase 2


@dataclass(frozen=True)
class HartenjagenState:
    """Running scores, the phase (1 adds, 2 subtracts) and the options."""

    players: tuple[str, ...]
    totals: tuple[int, ...]
    hand_total: int  # the pack's points, from the game's values (``games/hearts.py``: hearts 1, QS 5, JC 2)
    phase: int = 1
    phase1_moon: str = "none"  # hartenjagen.phase1_moon = none | choice-20 (AMB-36)
    switch_at: int = HARTENJAGEN_TURN
    finished: bool = False

    @classmethod
    def start(cls, players: Sequence[str], *, phase1_moon: str = "none", hand_total: int | None = None,
              ) -> HartenjagenState:
        """A new game in phase 1 (3 players: ``hartenjagen-three``, AMB-36); ``hand_total``: the table's
        pack's points (by default the game's own, from its ruleset: the values live with the game).

        :raises InconsistentRecord: 3 or 4 players (code ``players``), an unknown moon option.
        """
        names = _players(players, 3, 4, "hartenjagen-two-phase")
        if phase1_moon not in ("none", "choice-20"):
            raise InconsistentRecord(Said("hartenjagen.phase1_moon is none or choice-20, not %(shown)s",
                                          shown=str(shown(phase1_moon))))
        if hand_total is None:
            from ..games import make_ruleset

            ruleset = make_ruleset("hartenjagen" if len(names) == 4 else "hartenjagen-three")
            hand_total = ruleset.pack_points(ruleset.layout(len(names)))
        return cls(names, (0,) * len(names), hand_total=hand_total, phase1_moon=phase1_moon)


@dataclass(frozen=True)
class HartenjagenHand:
    """Scoring-card points taken per player (hearts 1, QS 5, JC 2: sum 20)."""

    points: tuple[int, ...] = ()
    moon_choice: str | None = None  # phase 1 under choice-20, when one player took every point: subtract | add
    revoke: int | None = None  # established revoke (4.1 HOUSE): offender +20 in either phase, others 0


def hartenjagen_two_phase(state: HartenjagenState, hand: HartenjagenHand) -> tuple[HandResult, HartenjagenState]:
    """3.18: phase 1 adds until a total reaches 100; phase 2 subtracts; a single lowest at or under 0 wins.

    :raises InconsistentRecord: a phase-1 moon under choice-20 without the shooter's choice (code
        ``moon-choice``), an unknown seat.
    :raises ImpossibleResult: the points do not add up to the hand's 20.
    """
    names = state.players
    n = len(names)
    _not_over(state.finished, "hartenjagen-two-phase")
    said: list[list[str]] = [[] for _ in range(n)]
    change = [0] * n  # what the running score moves by
    if hand.revoke is not None:
        offender = _seat(names, hand.revoke, "revoke")
        change[offender] = 20
        for seat in range(n):
            said[seat].append("revoked: +20, a penalty in either phase (4.1)" if seat == offender
                              else f"0 ({names[offender]} revoked)")
    else:
        points = _counts(names, hand.points, "points taken", state.hand_total)
        shooter = next((s for s, p in enumerate(points) if p == state.hand_total), None)
        if state.phase == 1:
            if shooter is not None and state.phase1_moon == "choice-20":
                if hand.moon_choice not in ("subtract", "add"):
                    raise InconsistentRecord(
                        Said("%(value)s took every point (a moon): record the choice, subtract or add",
                             value=str(names[shooter])),
                        code="moon-choice",
                    )
                if hand.moon_choice == "subtract":
                    change[shooter] = -state.hand_total
                else:
                    change = [state.hand_total] * n
                    change[shooter] = 0
                for seat in range(n):
                    said[seat].append(f"{names[shooter]} shot the moon ({hand.moon_choice}): {change[seat]:+d}")
            else:
                change = list(points)
                for seat in range(n):
                    said[seat].append(f"took {plural(points[seat], 'point')}: adds {points[seat]} (phase 1)")
        else:
            change = [-p for p in points]
            for seat in range(n):
                moon = " (every point: the moon)" if seat == shooter else ""
                said[seat].append(f"took {plural(points[seat], 'point')}{moon}: subtracts {points[seat]} (phase 2)")
    totals = tuple(t + c for t, c in zip(state.totals, change))
    for seat in range(n):
        said[seat].append(f"score {totals[seat]}")
    phase, finished, play_on = state.phase, False, False
    winners: tuple[int, ...] = ()
    if state.phase == 1:
        if any(t >= state.switch_at for t in totals):
            phase = 2
            reached = _listed(names, [s for s, t in enumerate(totals) if t >= state.switch_at])
            for seat in range(n):
                said[seat].append(f"{reached} reached {state.switch_at}: phase 2 (subtracting) from the next hand")
    elif any(t <= 0 for t in totals):
        low = min(totals)
        lowest = tuple(s for s, t in enumerate(totals) if t == low)
        if len(lowest) == 1:
            finished, winners = True, lowest
            said[lowest[0]].append(f"at or under 0 with the lowest score ({low}): wins the game")
        else:
            play_on = True
            for seat in lowest:
                said[seat].append(f"tied for the lowest score ({low}): play more hands")
    result = HandResult((0,) * n, tuple(change), 0, _words(names, said), finished, winners, play_on)
    return result, replace(state, totals=totals, phase=phase, finished=finished)


# --- registry --------------------------------------------------------------------------------

FamilyMethod = Callable[[Any, Any], tuple[HandResult, Any]]

FAMILY_METHODS: dict[str, FamilyMethod] = {
    "auction-pool": auction_pool,
    "joker-payments": joker_payments,
    "progressive-stars": progressive_stars,
    "polignac-points": polignac_points,
    "slobberhannes-points": slobberhannes_points,
    "knaves-points": knaves_points,
    "conquimbert-lives": conquimbert_lives,
    "hartenjagen-two-phase": hartenjagen_two_phase,
}
