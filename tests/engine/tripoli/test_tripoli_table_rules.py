"""Rules a Tripoli table meets on the way, each from a hand-computed deal: who really leads stage 3
when the colours alternate, K and Q taken in play, a misdeal, Cosmo's final poker, table stakes."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.tripoli import replay_json, settle_json, simulate, to_json

# --- stage 3's first leader when the colours alternate (5.8) ----------------------------------------------

# Cosmo, nine players, I deals, A is eldest and would lead first (AMB-39j), but A holds only hearts:
# the lead passes left to B, whose lowest black card is 2S; B holds 2S to 6S and goes out at once.
NINE = ["A", "B", "C", "D", "E", "F", "G", "H", "I"]
COSMO_COLOURS: dict[str, Any] = {
    "game": "cosmo", "players": NINE, "dealer": "I", "paying_suit": "H", "sequence": "8-9-10",
    "deal": {"A": "2H 3H 4H 5H 6H", "B": "2S 3S 4S 5S 6S", "C": "7S 8S 9S TS JS QS", "D": "KS AS 2C 3C 4C",
             "E": "5C 6C 7C 8C 9C", "F": "TC JC QC KC AC", "G": "7H 8H 9H TH JH", "H": "QH KH AH 2D 3D",
             "I": "4D 5D 6D 7D 8D"},
    "spare_hand": "9D TD JD QD KD AD",
    "michigan": {"play": ["2S", "3S", "4S", "5S", "6S"]},
}


def test_the_leader_reported_is_the_player_who_led() -> None:
    out = replay_json(COSMO_COLOURS)
    assert out["michigan"]["leader"] == "B"
    assert out["michigan"]["runs"] == [{"leader": "B", "cards": [["B", c] for c in ("2S", "3S", "4S", "5S", "6S")]}]
    # each antes 8 (no POT in Cosmo); B takes KITTY's 9 and a chip per card left: 5 each, 6 from C
    assert out["payments"] == {"A": -13, "B": 42, "C": -14, **{p: -13 for p in "DEFGHI"}}
    assert out["layout"]["KITTY"] == 0 and sum(out["layout"].values()) == 63


def test_the_leader_reported_is_accepted_when_fed_back_in() -> None:
    record = copy.deepcopy(COSMO_COLOURS)
    record["michigan"]["leader"] = replay_json(COSMO_COLOURS)["michigan"]["leader"]
    assert replay_json(record)["payments"] == replay_json(COSMO_COLOURS)["payments"]
    record["michigan"]["leader"] = "A"  # the player in turn, who could not lead
    with pytest.raises(ScorekeeperError) as caught:
        replay_json(record)
    assert caught.value.code == "michigan-turn" and "the first lead is B's" in caught.value.message


def test_without_the_play_the_rules_name_the_leader() -> None:
    record = copy.deepcopy(COSMO_COLOURS)
    record["michigan"] = {"out": "B", "left": {p: 5 for p in NINE if p != "B"} | {"C": 6}}
    record["claims"] = {}  # nothing of the paying suit or the sequence was played
    assert replay_json(record)["michigan"]["leader"] == "B"


def test_a_declared_leader_must_play_the_first_card() -> None:
    record = {"game": "cosmo", "players": ["A", "B", "C"], "dealer": "C", "paying_suit": "H", "sequence": "8-9-10",
              "michigan": {"leader": "C", "play": [["B", "2S"]], "out": "B", "left": {"A": 3, "C": 2}}}
    with pytest.raises(ScorekeeperError) as caught:
        replay_json(record)
    assert caught.value.code == "michigan-turn" and "B plays the first card" in caught.value.message


@pytest.mark.parametrize("seed", range(60))
def test_every_output_leader_round_trips(seed: int) -> None:
    rng = random.Random(seed)
    value = to_json(simulate.random_record("cosmo", NINE[: 3 + seed % 7], rng))
    out = replay_json(value)
    runs = out["michigan"]["runs"]
    assert not runs or out["michigan"]["leader"] == runs[0]["leader"]
    value["michigan"]["leader"] = out["michigan"]["leader"]
    assert replay_json(value)["payments"] == out["payments"]


# --- K and Q of the paying suit taken in play (5.8) ------------------------------------------------------

# A quick result of Rummoli (no cards): B took the king and the queen of hearts. He held both, so when
# he played the queen the king was his to play next: he also took KQ.
RUMMOLI_QUICK: dict[str, Any] = {
    "game": "rummoli", "players": ["A", "B", "C", "D"], "dealer": "A",
    "claims": {"AH": "D", "KH": "B", "QH": "B", "JH": "A", "TH": "C", "KQ": "B"},
    "poker": {"bets": {"B": 1}, "winners": ["B"]},
    "michigan": {"out": "B", "left": {"A": 1, "C": 2, "D": 3}},
}
# The same under a paying-suit bid: D bought spades for 2, so AH ... KQ are the spade spaces.
BID_QUICK: dict[str, Any] = {
    **RUMMOLI_QUICK, "game": "tripoli", "options": {"paying_suit": "bid", "pay_cards": "in-play"},
    "bid": {"winner": "D", "amount": 2, "suit": "S"},
}


@pytest.mark.parametrize("quick", [RUMMOLI_QUICK, BID_QUICK], ids=["rummoli", "paying-suit-bid"])
def test_king_and_queen_taken_in_play_take_kq_too(quick: dict[str, Any]) -> None:
    out = replay_json(quick)
    assert out["claims"]["KQ"] == {"takers": ["B"], "share": 4, "left": 0}
    without = copy.deepcopy(quick)
    del without["claims"]["KQ"]
    with pytest.raises(ScorekeeperError) as caught:
        replay_json(without)
    assert caught.value.code == "claim" and caught.value.player == "B"
    assert caught.value.message == ("claims: B took the king and the queen in play: he held both, played them one "
                                    "after the other, and also takes KQ")


def test_king_and_queen_taken_by_two_players_leave_kq() -> None:
    split = copy.deepcopy(RUMMOLI_QUICK)
    split["claims"] |= {"QH": "C", "KQ": None}
    assert replay_json(split)["claims"]["KQ"] == {"takers": [], "share": 0, "left": 4}


# --- Cosmo's final poker (AMB-50) -----------------------------------------------------------------------

# Three players, C deals first. Deal 1 blocks with a card each left: everyone antes 8 (no POT) and pays 1
# onto KITTY, so 27 chips stay. The final poker: A and B bet 1 each, C folds before; A and B tie: 29 chips,
# 14 each, and the odd chip, with no POT to stay on, goes to B, who won the cut.
COSMO_SESSION: dict[str, Any] = {
    "game": "cosmo", "players": ["A", "B", "C"], "first_dealer": "C",
    "hands": [
        {"paying_suit": "H", "sequence": "8-9-10", "claims": {}, "michigan": {"block": True, "left": {"A": 1, "B": 1, "C": 1}}},
        {"final": True, "poker": {"bets": {"A": 1, "B": 1}, "winners": ["A", "B"]}, "cut": "B"},
    ],
}


def test_cosmo_final_poker_cuts_for_the_odd_chips_and_ends_the_game() -> None:
    out = settle_json(COSMO_SESSION)
    assert [h["payments"] for h in out["hands"]] == [{"A": -9, "B": -9, "C": -9}, {"A": 13, "B": 14, "C": 0}]
    assert out["balance"] == {"A": 4, "B": 5, "C": -9}
    assert (out["pool"], out["finished"], out["winners"]) == (0, True, ["B"])
    assert "cut +1" in out["hands"][1]["notes"]["B"]


def test_cosmo_final_poker_needs_the_cut_whatever_final_tie_says() -> None:
    uncut = copy.deepcopy(COSMO_SESSION)
    del uncut["hands"][1]["cut"]
    for options in ({}, {"final_tie": "another-deal"}, {"final_tie": "cut"}):
        with pytest.raises(ScorekeeperError) as caught:
            settle_json({**uncut, "settlement_options": options})
        assert (caught.value.code, caught.value.hand) == ("cut", 2)
        assert caught.value.message == ("A and B split the final pot and 1 odd chip is cut for: record who won the "
                                        "cut (cut)")
    even = copy.deepcopy(uncut)
    even["hands"][1]["poker"]["bets"]["C"] = 1  # 30 chips: 15 each, nothing to cut for
    assert settle_json(even)["finished"] is True
    even["hands"][1]["cut"] = "A"
    with pytest.raises(ScorekeeperError) as caught:
        settle_json(even)
    assert caught.value.code == "cut"


def test_tripoli_keeps_a_splits_odd_chips_on_pot_for_another_final_deal() -> None:
    tripoli = {**COSMO_SESSION, "game": "tripoli", "hands": [
        {"claims": {}, "poker": {"bets": {}, "winners": ["A"]}, "michigan": {"block": True, "left": {"A": 1, "B": 1, "C": 1}}},
        {"final": True, "poker": {"bets": {"A": 1, "B": 1}, "winners": ["A", "B"]}},
        {"final": True, "poker": {"bets": {}, "winners": ["C"]}},
    ]}
    # 27 antes, A takes POT's 3, the block puts 3 on KITTY: 27 left; 29 split 14 + 14, 1 stays on POT for C
    out = settle_json(tripoli)
    assert [h["pool"] for h in out["hands"]] == [27, 1, 0] and out["hands"][1]["layout"]["POT"] == 1
    assert out["finished"] is True and out["balance"] == {"A": -7 + 13, "B": -10 + 13, "C": -10 + 1}


# --- a misdeal (4.2, AMB-49) ---------------------------------------------------------------------------

MISDEAL = {"events": [{"type": "misdeal", "reason": "wrong-count"}]}
# After the misdeal C deals again, with the 27 chips of its antes on the layout and no new antes: A takes
# AH (3), B wins the poker (POT 3, no bets), C goes out and takes KITTY (3) and 2 + 1 chips for cards left.
REDEAL = {"claims": {"AH": "A"}, "poker": {"bets": {}, "winners": ["B"]}, "michigan": {"out": "C", "left": {"A": 2, "B": 1}}}
ABC = {"game": "tripoli", "players": ["A", "B", "C"], "first_dealer": "C"}


def test_a_misdeal_keeps_its_antes_for_the_redeal_by_the_same_dealer() -> None:
    out = settle_json({**ABC, "hands": [MISDEAL, REDEAL, REDEAL | {"claims": {"AH": "B"}}]})
    first, redeal, third = out["hands"]
    assert [h["dealer"] for h in out["hands"]] == ["C", "C", "A"]
    assert (first["payments"], first["pool"], first["void"]) == ({"A": -9, "B": -9, "C": -9}, 27, "wrong-count")
    assert first["notes"]["A"] == ("misdeal (wrong-count): the deal is void, its antes stay on the layout; C deals "
                                   "again; A: antes -9; net -9")
    assert (redeal["payments"], redeal["pool"]) == ({"A": 1, "B": 2, "C": 6}, 18)
    assert "void" not in redeal and "antes" not in redeal["notes"]["A"]
    assert third["payments"] == {"A": -9 - 2, "B": -9 + 3 + 3 - 1, "C": -9 + 3 + 3}  # antes again; A deals
    assert "antes_in" not in out


def test_the_settle_output_says_when_the_antes_are_in() -> None:
    out = settle_json({**ABC, "hands": [MISDEAL]})
    assert out["antes_in"] is True and out["pool"] == 27 and out["balance"] == {"A": -9, "B": -9, "C": -9}
    twice = settle_json({**ABC, "hands": [MISDEAL, MISDEAL]})  # a second misdeal puts up nothing more
    assert twice["hands"][1]["payments"] == {"A": 0, "B": 0, "C": 0} and twice["pool"] == 27
    assert [h["dealer"] for h in twice["hands"]] == ["C", "C"]


def test_a_redeal_replayed_alone_says_its_antes_are_in() -> None:
    alone = {"game": "tripoli", "players": ["A", "B", "C"], "dealer": "C", "layout": dict.fromkeys(
        ("AH", "KH", "QH", "JH", "TH", "KQ", "SEQ", "KITTY", "POT"), 3), "antes_in": True, **REDEAL}
    out = replay_json(alone)
    assert out["payments"] == {"A": 1, "B": 2, "C": 6} and out["antes_in"] is True
    assert not [t for t in out["transfers"] if t["step"] == "ante"]
    session = settle_json({**ABC, "hands": [MISDEAL, REDEAL | {"antes_in": True}]})  # repeating it is fine
    assert session["hands"][1]["payments"] == out["payments"]
    with pytest.raises(ScorekeeperError) as caught:
        settle_json({**ABC, "hands": [MISDEAL, REDEAL | {"antes_in": False}]})
    assert (caught.value.code, caught.value.hand) == ("layout", 2)
    assert caught.value.message == ("the record says this deal's antes are still to be put up, but the last deal was "
                                    "a misdeal, so they are in")


def test_a_waiting_misdeal_keeps_the_dealer() -> None:
    out = settle_json({**ABC, "hands": [MISDEAL | {"counts": False}, REDEAL]})
    assert [h["dealer"] for h in out["hands"]] == ["C"]


@pytest.mark.parametrize(("hand", "fragment"), [
    (MISDEAL | {"claims": {"AH": "A"}}, "a misdeal voids the deal: the record has no claims"),
    ({"events": [{"type": "misdeal", "reason": "dropped"}]}, "a misdeal's reason is one of exposed-other"),
    ({"events": [{"type": "revoke", "player": "A", "trick": 1}]}, "a Tripoli deal records only a misdeal"),
    ({"events": [{"type": "misdeal", "reason": "wrong-count", "trick": 1}]}, "(misdeal) has no field 'trick'"),
])
def test_misdeal_records_that_cannot_be_read(hand: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ScorekeeperError) as caught:
        settle_json({**ABC, "hands": [hand]})
    assert caught.value.code == "syntax" and fragment in caught.value.message


def test_cosmo_misdeal_antes_eight() -> None:
    out = settle_json({**ABC, "game": "cosmo", "hands": [MISDEAL]})
    assert out["hands"][0]["payments"] == {"A": -8, "B": -8, "C": -8} and out["layout"]["POT"] == 0


def test_the_sheet_marks_the_misdeal() -> None:
    from scorekeeper.sheets.tripoli import filled_sheet

    sheet = filled_sheet({**ABC, "hands": [MISDEAL, REDEAL]})
    assert [r.marks for r in sheet.rows] == [("misdeal",), ()]
    assert [r.cells[0].text for r in sheet.rows] == ["C", "C"]  # the same dealer deals again


# --- table stakes (catalogue 1.5) -----------------------------------------------------------------------

DEAL = {"claims": {"AH": "A"}, "poker": {"bets": {}, "winners": ["B"]}, "michigan": {"out": "C", "left": {"A": 2, "B": 1}}}


def test_table_stakes_refuse_a_deal_a_player_cannot_pay() -> None:
    # 10 chips each. Deal 1: antes 9; A takes AH (3) and pays C 2 for his cards: A is down to 2.
    staked = {**ABC, "table_stakes": 10, "hands": [DEAL]}
    assert settle_json(staked)["balance"] == {"A": -8, "B": -7, "C": -3}
    with pytest.raises(ScorekeeperError) as caught:
        settle_json({**staked, "hands": [DEAL, DEAL]})  # deal 2: A cannot put up his third ante
    assert (caught.value.code, caught.value.hand, caught.value.player) == ("table-stakes", 2, "A")
    assert caught.value.message == "table stakes: A has 0 chips left and cannot pay 1 for his antes"
    assert settle_json({**staked, "table_stakes": None, "hands": [DEAL, DEAL]})["balance"]["A"] == -8 - 8  # off: allowed


@pytest.mark.parametrize(("bet", "refused"), [(4, False), (5, True)])
def test_what_a_player_won_earlier_in_the_deal_counts(bet: int, refused: bool) -> None:
    # 10 chips each: after the antes each has 1, but A's AH (3) comes before the poker: he can bet 4.
    deal = DEAL | {"poker": {"bets": {"A": bet}, "winners": ["A"]}}
    staked = {**ABC, "table_stakes": 10, "hands": [deal]}
    if not refused:  # A then wins POT (3 + 4) and pays C 2 for his cards; B pays his last chip
        assert settle_json(staked)["balance"] == {"A": -9 + 3 - 4 + 7 - 2, "B": -9 - 1, "C": -9 + 3 + 3}
        return
    with pytest.raises(ScorekeeperError) as caught:
        settle_json(staked)
    assert caught.value.code == "table-stakes" and caught.value.message == (
        "table stakes: A has 4 chips left and cannot pay 5 for his bet")


@pytest.mark.parametrize("value", [0, -5, "on", True, 2.5])
def test_table_stakes_is_a_number_of_chips(value: Any) -> None:
    with pytest.raises(ScorekeeperError) as caught:
        settle_json({**ABC, "table_stakes": value, "hands": []})
    assert caught.value.code == "syntax"
