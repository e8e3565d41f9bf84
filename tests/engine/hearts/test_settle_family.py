"""Settlements of the games still to land (catalogue 3.11-3.18, 4.1 HOUSE revokes): every worked example,
the tie and remainder rules, and chips conserved over random auction and joker hands (hypothesis)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.cards import Suit
from scorekeeper.engine.errors import ImpossibleResult, InconsistentRecord, ScorekeeperError
from scorekeeper.engine.hearts.settlement.family import (
    FAMILY_METHODS, AuctionPoolHand, AuctionPoolState, ConquimbertHand, ConquimbertState, HandResult,
    HartenjagenHand, HartenjagenState, JokerPaymentsHand, JokerPaymentsState, KnavesHand, KnavesState, PolignacHand,
    PolignacState, ProgressiveRound, ProgressiveState, ProgressiveTable, SlobberhannesHand, SlobberhannesState,
    auction_pool, close_pool, conquimbert_lives, hartenjagen_two_phase, joker_payments, knaves_points,
    polignac_points, progressive_prizes, progressive_stars, slobberhannes_points,
)

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
A, B, C, D = range(4)


def conserved(result: HandResult, pool_before: int) -> bool:
    return sum(result.payments) + result.pool - pool_before == 0


def test_registry_names_every_method_of_catalogue_3_11_to_3_18() -> None:
    assert set(FAMILY_METHODS) == {
        "auction-pool", "joker-payments", "progressive-stars", "polignac-points", "slobberhannes-points",
        "knaves-points", "conquimbert-lives", "hartenjagen-two-phase",
    }
    assert FAMILY_METHODS["auction-pool"] is auction_pool


# --- 3.11 auction-pool -----------------------------------------------------------------------

DEAL1 = AuctionPoolHand(dealer=D, bids=(2, None, 3, 4), suit=Suit.CLUBS, taken=(0, 6, 7, 0))
DEAL2 = AuctionPoolHand(dealer=A, bids=(None, 1, None, None), suit=Suit.DIAMONDS, taken=(0, 13, 0, 0))
DEAL3 = AuctionPoolHand(dealer=B, suit=Suit.DIAMONDS, taken=(0, 4, 5, 4))


def test_auction_own_example_profile_004() -> None:
    s = AuctionPoolState.start(PLAYERS)
    r, s = auction_pool(s, DEAL1)
    assert r.payments == (8, -6, -7, 4) and r.pool == 1 and s.retained is None
    assert r.notes[B] == "Bob passed; took 6 clubs: pays 6 into the pool; net -6"
    assert r.notes[D].startswith("Dan bid 4, the highest: pays 4 into the pool and names clubs")
    assert "odd chip stays in the pool" in r.notes[A]
    r, s = auction_pool(s, DEAL2)
    assert r.payments == (0, -1, 0, 0) and r.pool == 2 and s.retained == B  # B pays nothing for all 13 (004)
    assert "took all 13 diamonds: pays nothing" in r.notes[B]
    r, s = auction_pool(s, DEAL3)  # B names diamonds free
    assert r.payments == (15, -4, -5, -4) and r.pool == 0 and s.retained is None
    assert "keeps the choice" in r.notes[B] and "takes the pool of 15" in r.notes[A]
    assert s.chips == (50 + 8 + 15, 50 - 6 - 1 - 4, 50 - 7 - 5, 50 + 4 - 4)
    assert sum(s.chips) + s.pool == 200


def test_auction_profile_002_deal_2_the_taker_of_all_13_pays() -> None:
    s = AuctionPoolState.start(PLAYERS, profile="002")
    _, s = auction_pool(s, DEAL1)
    r, s = auction_pool(s, DEAL2)
    assert r.payments == (0, -14, 0, 0) and r.pool == 15 and s.retained == B
    r, s = auction_pool(s, DEAL3)
    assert r.payments == (28, -4, -5, -4) and r.pool == 0


def test_auction_all_pass_redeals_with_nothing_paid() -> None:
    s = replace(AuctionPoolState.start(PLAYERS), pool=3)
    r, s2 = auction_pool(s, AuctionPoolHand(dealer=A, bids=(None,) * 4))
    assert r.payments == (0,) * 4 and r.pool == 3 and s2.retained is None and s2.chips == s.chips
    assert "Bob deals next" in r.notes[A]
    with pytest.raises(InconsistentRecord):
        auction_pool(s, AuctionPoolHand(dealer=A, bids=(None,) * 4, suit=Suit.CLUBS, taken=(13, 0, 0, 0)))


@pytest.mark.parametrize("taken, why", [((4, 3, 3, 3), "nobody is clear"), ((0, 0, 0, 13), "took all 13"),
                                        ((0, 0, 0, 13), "took all 13")])
def test_auction_no_single_or_pair_clear_is_a_jack_and_the_namer_keeps_the_choice(
        taken: tuple[int, ...], why: str) -> None:
    s = AuctionPoolState.start(PLAYERS)
    r, s = auction_pool(s, AuctionPoolHand(dealer=D, bids=(None, 2, None, None), suit=Suit.SPADES, taken=taken))
    assert s.retained == B and r.pool == sum(r.payments) * -1 and why in r.notes[A]


def test_auction_three_clear_players_carry() -> None:
    s = AuctionPoolState.start(("Ann", "Bob", "Cat", "Dan", "Eve"))
    r, s = auction_pool(s, AuctionPoolHand(dealer=4, bids=(1, None, None, None, None), suit=Suit.HEARTS,
                                           taken=(0, 0, 0, 6, 7)))
    assert r.pool == 14 and s.retained == A and "3 players are clear" in r.notes[0]


def test_auction_two_clear_players_split_and_the_odd_chip_starts_the_next_pool() -> None:
    s = AuctionPoolState.start(PLAYERS)
    r, _ = auction_pool(s, AuctionPoolHand(dealer=D, bids=(2, None, None, None), suit=Suit.HEARTS,
                                           taken=(6, 0, 7, 0)))
    assert r.payments == (-8, 7, -7, 7) and r.pool == 1


@pytest.mark.parametrize("bids, message", [
    ((2, None, 2, None), "must exceed"), ((None, None, 0, None), "at least 1"), ((60, None, None, None), "more chips"),
    ((1, None, None), "3 bids"),
])
def test_auction_bad_bids(bids: tuple[int | None, ...], message: str) -> None:
    s = AuctionPoolState.start(PLAYERS)
    with pytest.raises(InconsistentRecord, match=message) as err:
        auction_pool(s, AuctionPoolHand(dealer=D, bids=bids, suit=Suit.CLUBS, taken=(13, 0, 0, 0)))
    assert err.value.code == "bid"


def test_auction_002_has_no_bid_limit_and_nobody_bids_while_the_choice_is_retained() -> None:
    s = AuctionPoolState.start(PLAYERS, profile="002")
    r, s = auction_pool(s, AuctionPoolHand(dealer=D, bids=(60, None, None, None), suit=Suit.CLUBS,
                                           taken=(1, 4, 4, 4)))
    assert s.retained == A and r.payments[A] == -61
    with pytest.raises(InconsistentRecord, match="nobody bids") as err:
        auction_pool(s, AuctionPoolHand(dealer=A, bids=(None, 3, None, None), suit=Suit.CLUBS, taken=(0, 4, 4, 5)))
    assert err.value.code == "bid"


def test_auction_named_suit_must_add_up_to_13() -> None:
    s = AuctionPoolState.start(PLAYERS)
    with pytest.raises(ImpossibleResult, match="add up to 12"):
        auction_pool(s, AuctionPoolHand(dealer=D, bids=(1, None, None, None), suit=Suit.CLUBS, taken=(0, 4, 4, 4)))
    with pytest.raises(InconsistentRecord, match="name the penalty suit"):
        auction_pool(s, AuctionPoolHand(dealer=D, bids=(1, None, None, None), taken=(0, 4, 4, 5)))


def test_auction_end_most_chips_wins_a_tie_plays_another_hand_in_004() -> None:
    s = AuctionPoolState.start(PLAYERS)
    tie = AuctionPoolHand(dealer=D, bids=(1, None, None, None), suit=Suit.CLUBS, taken=(0, 0, 6, 7), last=True)
    r, s2 = auction_pool(s, tie)  # A: -1 + 7, B +7: tied for most
    assert r.payments == (6, 7, -6, -7)
    r, s2 = auction_pool(s, replace(tie, taken=(0, 1, 6, 6)))  # A alone clear: +13 - 1
    assert r.finished and r.winners == (A,) and s2.finished
    with pytest.raises(InconsistentRecord) as err:
        auction_pool(s2, DEAL1)
    assert err.value.code == "game-over"
    s = replace(s, chips=(50, 49, 50, 50))
    r, s2 = auction_pool(s, AuctionPoolHand(dealer=D, bids=(None,) * 4, last=True))
    assert r.play_on and not r.finished and "play another hand" in r.notes[A]
    r, _ = auction_pool(replace(s2, tie_plays_on=False), AuctionPoolHand(dealer=A, bids=(None,) * 4, last=True))
    assert r.finished and r.winners == (A, C, D)


def test_auction_revoke_pays_10_each_the_bid_stays_and_the_choice_is_retained() -> None:
    s = AuctionPoolState.start(PLAYERS)
    r, s = auction_pool(s, AuctionPoolHand(dealer=D, bids=(None, None, 3, None), suit=Suit.CLUBS, revoke=B))
    assert r.payments == (10, -30, 7, 10) and r.pool == 3 and s.retained == C


def test_close_pool_splits_equally_with_the_odd_chips_cut_for() -> None:
    s = replace(AuctionPoolState.start(PLAYERS), pool=6)
    with pytest.raises(InconsistentRecord) as err:
        close_pool(s)
    assert err.value.code == "cut"
    r, s2 = close_pool(s, cut=C)
    assert r.payments == (1, 1, 3, 1) and s2.pool == 0 and s2.chips == (51, 51, 53, 51)
    j = replace(JokerPaymentsState.start(PLAYERS, leftover="last-winner"), pool=5, last_winners=(B, D))
    r, j2 = close_pool(j, cut=D)
    assert r.payments == (0, 2, 0, 3) and j2.pool == 0


# --- 3.12 joker-payments ---------------------------------------------------------------------

@pytest.mark.parametrize("hand, payments", [
    (JokerPaymentsHand(dealt_to=B, taken_by=A, hearts=(6, 0, 2, 4)), (-11, 17, -2, -4)),  # J1
    (JokerPaymentsHand(dealt_to=B, taken_by=B, hearts=(0, 3, 5, 4)), (17, -8, -5, -4)),  # J2
    (JokerPaymentsHand(dealt_to=D, taken_by=C, hearts=(0, 0, 7, 5)), (6, 6, -12, 0)),  # J3
], ids=["J1", "J2", "J3"])
def test_joker_own_examples(hand: JokerPaymentsHand, payments: tuple[int, ...]) -> None:
    r, s = joker_payments(JokerPaymentsState.start(PLAYERS), hand)
    assert r.payments == payments and r.pool == 0 and s.pool == 0


def test_joker_notes_in_words() -> None:
    r, _ = joker_payments(JokerPaymentsState.start(PLAYERS), JokerPaymentsHand(dealt_to=B, taken_by=A,
                                                                               hearts=(6, 0, 2, 4)))
    assert r.notes[A] == "Ann took the Joker: pays 5 to Bob, who got rid of it; took 6 hearts: pays 6 into the pool; net -11"
    assert "the only" not in r.notes[B] and "wins 12 of the pool of 12" in r.notes[B]


def test_joker_taker_is_not_clear_and_an_empty_pool_of_clear_players_is_a_jack() -> None:
    s = JokerPaymentsState.start(PLAYERS)
    r, s = joker_payments(s, JokerPaymentsHand(dealt_to=A, taken_by=B, hearts=(3, 0, 5, 4)))
    assert r.payments == (2, -5, -5, -4) and r.pool == 12 and "not clear" in r.notes[B]
    r, _ = joker_payments(s, JokerPaymentsHand(dealt_to=A, taken_by=A, hearts=(0, 0, 7, 5)))  # Ann is not clear
    assert r.payments == (-5, 29, -7, -5) and r.pool == 0
    r, s = joker_payments(s, JokerPaymentsHand(dealt_to=D, taken_by=D, hearts=(0, 0, 7, 5)))  # jack 12 + 5 + 12
    assert r.payments == (14, 14, -7, -10) and r.pool == 1 and s.pool == 1  # 29 split: the odd chip carries


def test_joker_sweepstakes_options() -> None:
    one = JokerPaymentsState.start(PLAYERS, single_clear_only=True)
    r, _ = joker_payments(one, JokerPaymentsHand(dealt_to=D, taken_by=C, hearts=(0, 0, 7, 5)))
    assert r.pool == 12 and "more than one player is clear" in r.notes[A]
    every = JokerPaymentsState.start(PLAYERS, all_hearts_jack=True)
    r, _ = joker_payments(every, JokerPaymentsHand(dealt_to=D, taken_by=C, hearts=(0, 0, 12, 0)))
    assert r.pool == 12 and r.payments == (0, 0, -17, 5)


def test_joker_in_the_widow_pays_5_into_the_pool() -> None:
    r, _ = joker_payments(JokerPaymentsState.start(("Ann", "Bob", "Cat")),
                          JokerPaymentsHand(dealt_to=None, taken_by=A, hearts=(0, 5, 7)))
    assert r.payments == (-5, -5, -7) and r.pool == 17  # nobody clear: the Joker's taker is not


def test_joker_revoke_and_bad_counts() -> None:
    s = replace(JokerPaymentsState.start(PLAYERS), pool=5)
    r, s2 = joker_payments(s, JokerPaymentsHand(dealt_to=None, taken_by=None, revoke=B))
    assert r.payments == (10, -30, 10, 10) and r.pool == 5 and s2.pool == 5
    with pytest.raises(ImpossibleResult, match="not 12"):
        joker_payments(s, JokerPaymentsHand(dealt_to=A, taken_by=B, hearts=(13, 0, 0, 0)))
    with pytest.raises(InconsistentRecord, match="not at the table"):
        joker_payments(s, JokerPaymentsHand(dealt_to=A, taken_by=7, hearts=(12, 0, 0, 0)))


# --- chips conserved over random hands (1.5) -------------------------------------------------

def _split(draw: st.DrawFn, total: int, n: int) -> tuple[int, ...]:
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=n - 1, max_size=n - 1)))
    return tuple(b - a for a, b in zip([0, *cuts], [*cuts, total]))


@st.composite
def auction_games(draw: st.DrawFn) -> tuple[str, int, list[AuctionPoolHand]]:
    n = draw(st.integers(3, 7))
    hands = []
    for _ in range(draw(st.integers(1, 8))):
        bids = tuple(draw(st.one_of(st.none(), st.integers(1, 6))) for _ in range(n))
        rising: list[int | None] = []
        high = 0
        for bid in bids:  # keep the bids legal: each above the high bid so far (dealer n-1: seat order)
            legal = bid is not None and bid > high
            rising.append(bid if legal else None)
            high = bid if legal and bid is not None else high
        revoke = draw(st.one_of(st.none(), st.integers(0, n - 1))) if draw(st.booleans()) else None
        hands.append(AuctionPoolHand(dealer=n - 1, bids=tuple(rising), suit=Suit.CLUBS, taken=_split(draw, 13, n),
                                     revoke=revoke))
    return draw(st.sampled_from(["004", "002"])), n, hands


@given(auction_games())
@settings(max_examples=150, deadline=None)
def test_auction_pool_conserves_chips(game: tuple[str, int, list[AuctionPoolHand]]) -> None:
    profile, n, hands = game
    s = AuctionPoolState.start([f"P{i}" for i in range(n)], chips=100, profile=profile)
    for hand in hands:
        if s.retained is not None:
            hand = replace(hand, bids=())
        elif all(b is None for b in hand.bids):
            hand = replace(hand, suit=None, taken=(), revoke=None)
        if profile == "004" and any(b is not None and b > s.chips[seat] for seat, b in enumerate(hand.bids)):
            with pytest.raises(ScorekeeperError, match="more chips than he has"):
                auction_pool(s, hand)  # 2.19 (004): nobody bids more chips than he has
            return
        r, new = auction_pool(s, hand)
        assert conserved(r, s.pool)
        assert sum(new.chips) + new.pool == 100 * n
        assert new.pool == r.pool >= 0
        assert new.retained is not None or new.pool <= 1  # a pool not won keeps its namer (3.11 a, d)
        s = new


@st.composite
def joker_hands(draw: st.DrawFn) -> tuple[int, list[JokerPaymentsHand], bool, bool]:
    n = draw(st.integers(3, 7))
    hands = []
    for _ in range(draw(st.integers(1, 8))):
        dealt = draw(st.one_of(st.none(), st.integers(0, n - 1)))
        revoke = draw(st.integers(0, n - 1)) if draw(st.integers(0, 9)) == 0 else None
        hands.append(JokerPaymentsHand(dealt_to=dealt, taken_by=draw(st.integers(0, n - 1)),
                                       hearts=_split(draw, 12, n), revoke=revoke))
    return n, hands, draw(st.booleans()), draw(st.booleans())


@given(joker_hands())
@settings(max_examples=150, deadline=None)
def test_joker_payments_conserves_chips(game: tuple[int, list[JokerPaymentsHand], bool, bool]) -> None:
    n, hands, single, all_jack = game
    s = JokerPaymentsState.start([f"P{i}" for i in range(n)], single_clear_only=single, all_hearts_jack=all_jack)
    balance = 0
    for hand in hands:
        r, new = joker_payments(s, hand)
        assert conserved(r, s.pool) and new.pool == r.pool >= 0
        balance += sum(r.payments)
        s = new
    assert balance + s.pool == 0


# --- 3.13 progressive-stars ------------------------------------------------------------------

L1, L2, L3, L4, G1, G2, G3, G4 = range(8)
PROGRESSIVE = ("L1", "L2", "L3", "L4", "G1", "G2", "G3", "G4")


def two_tables() -> ProgressiveState:
    return ProgressiveState.start(PROGRESSIVE, (ProgressiveTable((L1, L2), (G1, G2)),
                                                ProgressiveTable((L3, L4), (G3, G4))))


def test_progressive_own_example_two_rounds_and_prizes() -> None:
    s = two_tables()
    #                                  L1 L2 L3 L4 G1 G2 G3 G4
    r, s = progressive_stars(s, ProgressiveRound((3, 5, 0, 4, 2, 3, 1, 8)))
    assert s.gold == (1, 0, 0, 0, 1, 0, 0, 0)
    assert s.red == (0, 0, 1, 0, 0, 0, 1, 0)
    assert s.green == (0, 0, 0, 1, 0, 0, 0, 1)
    assert {frozenset((*t.ladies, *t.gentlemen)) for t in s.tables} == {
        frozenset((L1, L3, G1, G3)), frozenset((L2, L4, G2, G4))}
    assert s.tables[0] == ProgressiveTable((L1, L3), (G1, G3))  # T2's winners take the vacated seats
    assert "gold star, stays at the head table" in r.notes[L1]
    assert "moves to table 2 (booby)" in r.notes[L2] and "green star" in r.notes[L4]
    with pytest.raises(InconsistentRecord) as err:  # round 2: L1 and L3 tie on 4 hearts
        progressive_stars(s, ProgressiveRound((4, 1, 4, 6, 3, 0, 2, 6)))
    assert err.value.code == "cut"
    r, s = progressive_stars(s, ProgressiveRound((4, 1, 4, 6, 3, 0, 2, 6), cuts=(L3,)))
    assert "cut the lower card" in r.notes[L3]
    assert s.gold == (1, 0, 1, 0, 1, 0, 1, 0)
    assert s.red == (0, 1, 1, 0, 0, 1, 1, 0)
    assert s.green == (0, 0, 0, 2, 0, 0, 0, 2)
    assert s.rounds == 2
    prizes = progressive_prizes(s)
    assert [(p.klass, p.colour, p.player) for p in prizes] == [
        ("ladies", "gold", L3), ("ladies", "red", L2), ("ladies", "green", L4),
        ("gentlemen", "gold", G3), ("gentlemen", "red", G2), ("gentlemen", "green", G4),
    ]
    assert prizes[0].note == "L3 wins the ladies' gold prize: most gold stars (1), ahead of L1 on more red stars (1 to 0)"
    assert "L3 already holds a prize" in prizes[1].note


def test_progressive_three_tables_movement() -> None:
    names = tuple(f"L{i}" for i in range(6)) + tuple(f"G{i}" for i in range(6))
    tables = tuple(ProgressiveTable((2 * t, 2 * t + 1), (6 + 2 * t, 7 + 2 * t)) for t in range(3))
    s = ProgressiveState.start(names, tables)
    # the even seats take fewer hearts everywhere
    r, s = progressive_stars(s, ProgressiveRound((1, 2, 3, 4, 5, 6, 3, 7, 2, 4, 0, 2)))
    assert s.tables[0] == ProgressiveTable((0, 2), (6, 8))
    assert s.tables[1] == ProgressiveTable((4, 3), (10, 9))  # middle: losers stay, booby winners arrive
    assert s.tables[2] == ProgressiveTable((1, 5), (7, 11))  # booby: head losers arrive
    assert s.red == (0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0) and s.green == (0,) * 5 + (1,) + (0,) * 5 + (1,)
    assert "stays" in r.notes[3]


def test_progressive_checks() -> None:
    s = two_tables()
    with pytest.raises(ImpossibleResult, match="not 13"):
        progressive_stars(s, ProgressiveRound((3, 5, 0, 4, 2, 3, 1, 9)))
    with pytest.raises(InconsistentRecord, match="tied with nobody"):
        progressive_stars(s, ProgressiveRound((3, 5, 0, 4, 2, 3, 1, 8), cuts=(L1,)))
    with pytest.raises(InconsistentRecord):
        ProgressiveState.start(PROGRESSIVE, (ProgressiveTable((L1, L2), (G1, G2)),))
    with pytest.raises(InconsistentRecord):
        ProgressiveState.start(PROGRESSIVE, (ProgressiveTable((L1, L2), (G1, G2)), ProgressiveTable((L1, L4), (G3, G4))))


def test_progressive_revoke_scores_13_at_the_table() -> None:
    rnd = ProgressiveRound((0, 0, 0, 4, 0, 0, 1, 8), revokes=(L1,))
    with pytest.raises(InconsistentRecord) as err:  # G1 and G2 are left on 0 each: a cut decides
        progressive_stars(two_tables(), rnd)
    assert err.value.code == "cut"
    r, s = progressive_stars(two_tables(), replace(rnd, cuts=(G2,)))
    assert r.points[:2] == (13, 0) and s.gold == (0, 1, 0, 0, 0, 1, 0, 0) and "all 13 hearts" in r.notes[L1]


def test_progressive_prize_ties_go_to_the_cut_and_empty_classes_are_not_awarded() -> None:
    s = replace(two_tables(), gold=(1, 1, 0, 0, 0, 0, 0, 0), red=(0,) * 8, green=(0,) * 8)
    with pytest.raises(InconsistentRecord) as err:
        progressive_prizes(s)
    assert err.value.code == "cut"
    prizes = progressive_prizes(s, cuts=(L2,))
    assert prizes[0].player == L2 and "won the cut against L1" in prizes[0].note
    assert prizes[1].player is None and "not awarded" in prizes[1].note
    assert prizes[3].player is None  # no gentleman has a gold star
    s = replace(s, gold=(2, 0, 1, 0, 0, 0, 0, 0), green=(0, 0, 3, 3, 0, 0, 0, 0))
    assert progressive_prizes(s)[2].player == L4  # green tie: fewer gold stars wins


# --- 3.14 polignac-points --------------------------------------------------------------------

def test_polignac_own_example_1() -> None:
    s = PolignacState.start(PLAYERS)
    r, s = polignac_points(s, PolignacHand(js=A, jh=A, jd=B, jc=C, first_trick=A, last_trick=B))
    assert r.points == (4, 2, 1, 0) and sum(r.points) == 7 and s.totals == (4, 2, 1, 0)
    assert r.notes[A].startswith("Ann took first trick 1 + JS 2 + JH 1 = 4")


@pytest.mark.parametrize("mode, points", [("additive", (11, 10, 10, -4)), ("replace", (11, 10, 10, -10))])
def test_polignac_own_example_2_capot_succeeds(mode: str, points: tuple[int, ...]) -> None:
    s = PolignacState.start(PLAYERS, capot_mode=mode)
    r, _ = polignac_points(s, PolignacHand(js=D, jh=D, jd=D, jc=D, first_trick=A, last_trick=D, capot=(D,)))
    assert r.points == points


@pytest.mark.parametrize("mode, points", [("additive", (-9, -10, -9, 15)), ("replace", (-9, -10, -9, 10))])
def test_polignac_own_example_3_capot_fails(mode: str, points: tuple[int, ...]) -> None:
    s = PolignacState.start(PLAYERS, capot_mode=mode)
    r, _ = polignac_points(s, PolignacHand(js=D, jh=D, jd=D, jc=C, first_trick=A, last_trick=D, capot=(D,)))
    assert r.points == points and "declared Capot and failed: +10" in r.notes[D]


def test_polignac_two_declarers_are_scored_independently() -> None:
    s = PolignacState.start(PLAYERS)
    r, _ = polignac_points(s, PolignacHand(js=D, jh=D, jd=D, jc=D, first_trick=A, last_trick=D, capot=(A, D)))
    # D succeeds (-10 to D, +10 to others), A fails (+10 to A, -10 to others)
    assert r.points == (1 + 10 + 10, 0 + 10 - 10, 10 - 10, 6 - 10 - 10)


def test_polignac_ends_at_20_lowest_wins_ties_joint_or_play_on() -> None:
    hand = PolignacHand(js=A, jh=A, jd=B, jc=C, first_trick=A, last_trick=B)
    s = replace(PolignacState.start(PLAYERS), totals=(16, 3, 5, 3))
    r, s2 = polignac_points(s, hand)
    assert s2.totals == (20, 5, 6, 3) and r.finished and r.winners == (D,) and s2.finished
    with pytest.raises(InconsistentRecord) as err:
        polignac_points(s2, hand)
    assert err.value.code == "game-over"
    s = replace(s, totals=(16, 3, 4, 5))  # after the hand: 20, 5, 5, 5
    r, _ = polignac_points(s, hand)
    assert r.finished and r.winners == (B, C, D)
    r, s2 = polignac_points(replace(s, play_on_ties=True), hand)
    assert not r.finished and r.play_on and not s2.finished


def test_polignac_revoke() -> None:
    s = PolignacState.start(PLAYERS)
    r, _ = polignac_points(s, PolignacHand(revoke=B))
    assert r.points == (0, 7, 0, 0)
    r, _ = polignac_points(s, PolignacHand(revoke=B, capot=(B, C)))  # B's Capot fails; C's lapses
    assert r.points == (-10, 17, -10, -10) and "lapses" in r.notes[C]
    r, _ = polignac_points(replace(s, capot_mode="replace"), PolignacHand(revoke=B, capot=(B,)))
    assert r.points == (-10, 10, -10, -10)
    with pytest.raises(InconsistentRecord, match="JD is missing"):
        polignac_points(s, PolignacHand(js=A, jh=A, jc=C, first_trick=A, last_trick=B))


# --- 3.15 slobberhannes-points ---------------------------------------------------------------

def test_slobberhannes_own_examples() -> None:
    s = SlobberhannesState.start(PLAYERS)
    r, s = slobberhannes_points(s, SlobberhannesHand(first_trick=A, last_trick=A, qc=C))
    assert r.points == (2, 0, 1, 0)
    r, s = slobberhannes_points(s, SlobberhannesHand(first_trick=B, last_trick=B, qc=B))
    assert r.points == (0, 4, 0, 0) and "4 instead of 3" in r.notes[B]
    assert s.totals == (2, 4, 1, 0)


def test_slobberhannes_ends_at_10_fewest_wins_and_revoke_is_4() -> None:
    s = replace(SlobberhannesState.start(PLAYERS), totals=(8, 6, 2, 2))
    r, s2 = slobberhannes_points(s, SlobberhannesHand(first_trick=A, last_trick=A, qc=D))
    assert s2.totals == (10, 6, 2, 3) and r.finished and r.winners == (C,)
    r, s2 = slobberhannes_points(s, SlobberhannesHand(revoke=B))
    assert r.points == (0, 4, 0, 0) and r.finished and r.winners == (C, D)  # joint winners (1.6)
    r, _ = slobberhannes_points(replace(s, play_on_ties=True), SlobberhannesHand(revoke=B))
    assert r.play_on and not r.finished


# --- 3.16 knaves-points ----------------------------------------------------------------------

def test_knaves_own_example() -> None:
    r, s = knaves_points(KnavesState.start(("Ann", "Bob", "Cat")),
                         KnavesHand(tricks=(8, 6, 3), jh=A, jc=B, js=B, jd=C))
    assert r.points == (4, 3, 0) and sum(r.points) == 7
    assert r.notes[B] == "Bob won 6 tricks JC -2 JS -1 = +3; total +3"


def test_knaves_end_first_to_20_highest_then_play_on() -> None:
    s = replace(KnavesState.start(("Ann", "Bob", "Cat")), totals=(17, 16, 2))
    hand = KnavesHand(tricks=(8, 6, 3), jh=A, jc=B, js=B, jd=C)  # +4 +3 +0 -> 21, 19
    r, s2 = knaves_points(s, hand)
    assert r.finished and r.winners == (A,) and s2.finished
    r, _ = knaves_points(replace(s, totals=(17, 18, 2)), hand)  # 21 and 21: equal highest -> play on
    assert r.play_on and not r.finished
    r, _ = knaves_points(replace(s, totals=(17, 19, 2)), hand)  # 21 and 22: several, the highest wins
    assert r.finished and r.winners == (B,)


def test_knaves_turnup_jack_revoke_and_checks() -> None:
    s = KnavesState.start(("Ann", "Bob", "Cat", "Dan"))
    r, _ = knaves_points(s, KnavesHand(tricks=(4, 4, 2, 3), jh=A, jd=B, jc=C))  # JS out of play, 13 tricks
    assert r.points == (0, 1, 0, 3)
    r, _ = knaves_points(s, KnavesHand(revoke=D))
    assert r.points == (0, 0, 0, -10)
    with pytest.raises(ImpossibleResult, match="won no trick"):
        knaves_points(s, KnavesHand(tricks=(4, 4, 4, 0), jh=D))
    with pytest.raises(ImpossibleResult, match="12 or 13"):
        knaves_points(s, KnavesHand(tricks=(4, 4, 4, 4)))


# --- 3.17 conquimbert-lives ------------------------------------------------------------------

def test_conquimbert_own_examples() -> None:
    r, s = conquimbert_lives(ConquimbertState.start(PLAYERS), ConquimbertHand((40, 31, 25, 12)))
    assert s.lives == (2, 2, 3, 3) and "reached 31" in r.notes[B]
    five = ("Ann", "Bob", "Cat", "Dan", "Eve")
    r, s = conquimbert_lives(ConquimbertState.start(five), ConquimbertHand((30, 28, 25, 15, 10)))
    assert s.lives == (2, 3, 3, 3, 3) and "the most points" in r.notes[A]


def test_conquimbert_tied_most_all_lose_and_drop_outs_leave_a_winner() -> None:
    s = replace(ConquimbertState.start(("Ann", "Bob", "Cat")), lives=(1, 1, 2))
    r, s = conquimbert_lives(s, ConquimbertHand((30, 30, 20)))
    assert s.lives == (0, 0, 2) and r.finished and r.winners == (C,)
    assert "drops out" in r.notes[A] and "wins the game" in r.notes[C]


def test_conquimbert_total_elimination_eliminates_nobody() -> None:
    s = replace(ConquimbertState.start(("Ann", "Bob", "Cat")), lives=(1, 1, 0))
    r, s2 = conquimbert_lives(s, ConquimbertHand((60, 48, 0)))
    assert s2.lives == (1, 1, 0) and r.play_on and not r.finished and "nobody loses a life" in r.notes[A]
    with pytest.raises(InconsistentRecord, match="out of the game"):
        conquimbert_lives(s, ConquimbertHand((60, 40, 8)))


def test_conquimbert_revoke_costs_one_life() -> None:
    s = replace(ConquimbertState.start(PLAYERS), lives=(3, 1, 2, 2))
    r, s2 = conquimbert_lives(s, ConquimbertHand(revoke=B))
    assert s2.lives == (3, 0, 2, 2) and not r.finished
    with pytest.raises(ImpossibleResult, match="108"):
        conquimbert_lives(s, ConquimbertHand((60, 40, 8, 1)))


# --- 3.18 hartenjagen-two-phase --------------------------------------------------------------

def test_hartenjagen_own_example_through_the_switch_to_the_win() -> None:
    s = replace(HartenjagenState.start(PLAYERS), totals=(92, 60, 75, 88))
    r, s = hartenjagen_two_phase(s, HartenjagenHand((8, 4, 4, 4)))
    assert s.totals == (100, 64, 79, 92) and s.phase == 2 and "phase 2" in r.notes[A]
    r, s = hartenjagen_two_phase(s, HartenjagenHand((9, 11, 0, 0)))
    assert s.totals == (91, 53, 79, 92) and r.points == (-9, -11, 0, 0)
    r, s = hartenjagen_two_phase(s, HartenjagenHand((0, 20, 0, 0)))  # a phase-2 moon: -20, others unchanged
    assert s.totals == (91, 33, 79, 92) and "the moon" in r.notes[B]
    r, s = hartenjagen_two_phase(s, HartenjagenHand((0, 20, 0, 0)))
    r, s = hartenjagen_two_phase(s, HartenjagenHand((5, 1, 7, 7)))
    assert s.totals[B] == 12 and not s.finished
    r, s = hartenjagen_two_phase(s, HartenjagenHand((0, 12, 4, 4)))  # B takes QS + 7 hearts
    assert s.totals[B] == 0 and r.finished and r.winners == (B,) and s.finished


def test_hartenjagen_shared_lowest_plays_on_and_revoke_is_plus_20() -> None:
    s = replace(HartenjagenState.start(PLAYERS), totals=(5, 5, 40, 50), phase=2)
    r, s2 = hartenjagen_two_phase(s, HartenjagenHand((7, 7, 3, 3)))
    assert s2.totals == (-2, -2, 37, 47) and r.play_on and not r.finished
    r, s3 = hartenjagen_two_phase(s2, HartenjagenHand(revoke=A))
    assert s3.totals == (18, -2, 37, 47) and r.finished and r.winners == (B,)
    r, s4 = hartenjagen_two_phase(replace(s, phase=1, totals=(85, 5, 5, 5)), HartenjagenHand(revoke=A))
    assert s4.totals == (105, 5, 5, 5) and s4.phase == 2


def test_hartenjagen_phase_one_moon_option() -> None:
    s = HartenjagenState.start(PLAYERS, phase1_moon="choice-20")
    with pytest.raises(InconsistentRecord) as err:
        hartenjagen_two_phase(s, HartenjagenHand((0, 0, 20, 0)))
    assert err.value.code == "moon-choice"
    r, _ = hartenjagen_two_phase(s, HartenjagenHand((0, 0, 20, 0), moon_choice="add"))
    assert r.points == (20, 20, 0, 20)
    r, _ = hartenjagen_two_phase(s, HartenjagenHand((0, 0, 20, 0), moon_choice="subtract"))
    assert r.points == (0, 0, -20, 0)
    r, _ = hartenjagen_two_phase(HartenjagenState.start(PLAYERS), HartenjagenHand((0, 0, 20, 0)))
    assert r.points == (0, 0, 20, 0)  # phase1_moon = none: no moon
    with pytest.raises(ImpossibleResult, match="not 20"):
        hartenjagen_two_phase(s, HartenjagenHand((0, 0, 19, 0)))


def test_player_counts() -> None:
    with pytest.raises(InconsistentRecord) as err:
        PolignacState.start(("Ann", "Bob", "Cat"))
    assert err.value.code == "players"
    with pytest.raises(InconsistentRecord):
        KnavesState.start(PLAYERS + ("Eve", "Fay"))
    with pytest.raises(InconsistentRecord):
        AuctionPoolState.start(("Ann", "Ann", "Bob"))
