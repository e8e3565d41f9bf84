"""Auction Hearts (catalogue 2.19, 3.11): the bidding, the bought penalty suit and the lead that goes
with it, the retained choice (the "Jack"), and sessions settled by auction-pool with chips conserved.

Random legal play and injected illegal plays: ``test_family_common.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.cards import Suit
from scorekeeper.engine.errors import ImpossibleResult, InconsistentRecord, RecordSyntaxError, ScorekeeperError
from scorekeeper.engine.hearts.settlement import session_from_json, settle
from scorekeeper.engine.hearts.simulate import random_record

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
ABCD = ["Ann", "Bob", "Cat", "Dan"]


def example_hand() -> dict[str, Any]:
    return json.loads((EXAMPLES / "auction-hearts-hand.json").read_text(encoding="utf-8"))


def example_session() -> dict[str, Any]:
    return json.loads((EXAMPLES / "auction-hearts-session.json").read_text(encoding="utf-8"))


def bids(*chips: int | None, order: list[str] = ABCD) -> list[dict[str, Any]]:
    return [{"type": "bid", "player": p, "chips": c} if c else {"type": "bid", "player": p, "pass": True}
            for p, c in zip(order, chips)]


def test_the_game() -> None:
    ruleset = make_ruleset("auction-hearts")
    assert (ruleset.passing, ruleset.first_lead, ruleset.break_rule, ruleset.moon) == ("none", "eldest-any", "none", None)
    assert (ruleset.min_players, ruleset.max_players, ruleset.settlement) == (3, 7, "auction-pool")
    old = make_ruleset("auction-hearts", {"profile": "002"})
    assert (old.min_players, old.max_players, old.options["all_taker_pays"]) == (4, 6, True)
    clubs = ruleset.named(Suit.CLUBS)
    assert clubs is ruleset.named(Suit.CLUBS) and ruleset.named(Suit.HEARTS) is ruleset
    assert clubs.hearts_in(clubs.layout(4)) == 13 and not clubs.specials


def test_the_example_hand_the_high_bidder_names_clubs_and_leads() -> None:
    outcome = replay(records.from_json(example_hand()))
    assert outcome.tricks is not None and outcome.players[outcome.tricks[0].leader] == "Dan"  # the dealer bid 4
    assert outcome.points_by_player() == {"Ann": 4, "Bob": 0, "Cat": 1, "Dan": 8}  # the 13 clubs
    assert [c.code for c in outcome.taken[2]] == ["2C"] and outcome.ruleset.unit_suit is Suit.CLUBS
    without = {k: v for k, v in example_hand().items() if k not in ("deal", "widow")}
    assert replay(records.from_json(without)).points == outcome.points


@pytest.mark.parametrize(
    ("events", "words"),
    [
        (bids(None, 2, None, 4, order=["Bob", "Ann", "Cat", "Dan"]), "Bob bid when it was Ann's turn"),
        (bids(2, None, 2, None) + [{"type": "penalty-suit", "suit": "C"}], "a bid must exceed the high bid"),
        (bids(2, None, 3, None, 5, order=[*ABCD, "Ann"]), "5 bids for 4 players"),
        (bids(2, None, None, 4) + [{"type": "penalty-suit", "suit": "C", "player": "Ann"}], "Dan made the high bid"),
        ([{"type": "penalty-suit", "suit": "C"}], "who names the suit again"),
        (bids(None, None, None, None) + [{"type": "penalty-suit", "suit": "C"}], "everybody passed"),
        (bids(2, None, None, 4) + [{"type": "penalty-suit", "suit": "C"}] * 2, "named once"),
    ],
)
def test_bidding_that_breaks_the_rules(events: list[dict[str, Any]], words: str) -> None:
    record = {**example_hand(), "events": events}
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(record))
    assert info.value.code == "bid" and words in info.value.message


@pytest.mark.parametrize(
    ("events", "words", "player"),
    [
        ([], "record the bids", None),
        (bids(2, None, 3), "3 bids for 4 players", "Dan"),
        (bids(2), "1 bids for 4 players", "Bob"),
        (bids(2, None, None, 4), "record the suit named", "Dan"),
    ],
)
def test_bidding_not_finished_has_its_own_code(events: list[dict[str, Any]], words: str, player: str | None) -> None:
    """An unfinished bidding whose bids so far are legal is ``bid-incomplete``, not ``bid``: what comes next,
    not a broken rule; a bid out of turn in an unfinished bidding is still ``bid``."""
    record = {**example_hand(), "events": events}
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(record))
    assert (info.value.code, info.value.player) == ("bid-incomplete", player) and words in info.value.message
    broken = {**example_hand(), "events": bids(2, 1)}
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(broken))
    assert info.value.code == "bid"


@pytest.mark.parametrize("event", [{"type": "bid", "player": "Ann"}, {"type": "bid", "player": "Ann", "chips": 0},
                                   {"type": "bid", "player": "Ann", "pass": False},
                                   {"type": "bid", "player": "Ann", "chips": 2, "pass": True},
                                   {"type": "penalty-suit"}, {"type": "penalty-suit", "suit": "Z"}])
def test_badly_shaped_bids(event: dict[str, Any]) -> None:
    with pytest.raises(RecordSyntaxError):
        records.from_json({**example_hand(), "events": [event]})


def test_the_namer_leads_even_when_the_record_says_otherwise() -> None:
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json({**example_hand(), "leader": "Ann"}))
    assert info.value.code == "out-of-turn" and "Dan named the penalty suit" in info.value.message


def test_bids_in_another_game() -> None:
    record = {"game": "black-lady", "players": ABCD, "dealer": "Dan", "play": ["2C"], "events": bids(1, None, None, None)}
    with pytest.raises(InconsistentRecord, match="has no auction") as info:
        replay(records.from_json(record))
    assert info.value.code == "bid"


def test_everybody_passed_no_hand_is_played() -> None:
    record = {"game": "auction-hearts", "players": ABCD, "dealer": "Dan", "events": bids(None, None, None, None)}
    outcome = replay(records.from_json(record))
    assert outcome.points == (0, 0, 0, 0) and outcome.tricks == ()
    settled = settle(session_from_json({"game": "auction-hearts", "players": ABCD, "first_dealer": "Dan",
                                        "hands": [{"events": bids(None, None, None, None)},
                                                  {"events": bids(None, None, None, None, order=["Bob", "Cat", "Dan",
                                                                                                  "Ann"])}]}))
    assert settled.dealers == (3, 0)  # the deal passes to the next player (2.19), unlike a misdeal
    assert settled.balance == (0, 0, 0, 0) and settled.pool == 0
    assert "everybody passed: no hand; Ann deals next" in settled.hands[0].notes[0]


def test_quick_results_count_the_named_suit() -> None:
    events = bids(None, 3, None, None) + [{"type": "penalty-suit", "suit": "S"}]
    record = {"game": "auction-hearts", "players": ABCD, "dealer": "Dan", "events": events,
              "taken": {"Ann": {"hearts": 6}, "Bob": ["AS", "KS"], "Cat": {"hearts": 5}, "Dan": {"hearts": 0}}}
    assert replay(records.from_json(record)).points == (6, 2, 5, 0)
    record["taken"]["Cat"] = {"hearts": 4}
    with pytest.raises(ImpossibleResult, match="add up to 12, but a hand has 13"):
        replay(records.from_json(record))


# --- 3.11: the catalogue's example through ``scorekeeper settle`` ---------------------------------

def test_catalogue_example_through_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    # Deal 1: D buys clubs for 4; A and D are clear: 8 each, 1 stays. Deal 2: B buys diamonds for 1 and takes
    # all 13: pays nothing (004), nobody wins, B keeps the choice. Deal 3: B names diamonds free; A alone clear: 15.
    assert main(["settle", str(EXAMPLES / "auction-hearts-session.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["settlement"] == "auction-pool"
    assert [h["payments"] for h in out["hands"]] == [
        {"Ann": 8, "Bob": -6, "Cat": -7, "Dan": 4}, {"Ann": 0, "Bob": -1, "Cat": 0, "Dan": 0},
        {"Ann": 15, "Bob": -4, "Cat": -5, "Dan": -4},
    ]
    assert [h["pool"] for h in out["hands"]] == [1, 2, 0]
    assert out["balance"] == {"Ann": 23, "Bob": -11, "Cat": -12, "Dan": 0}
    assert "keeps the choice" in out["hands"][2]["notes"]["Bob"]
    assert (out["finished"], out["winners"]) == (False, ["Ann"])


def test_profile_002_the_taker_of_all_13_pays() -> None:
    session = {**example_session(), "options": {"profile": "002"}}
    settled = settle(session_from_json(session))
    assert settled.hands[1].payments == (0, -14, 0, 0) and settled.hands[1].pool == 15  # the bid 1 and 13
    assert settled.hands[2].payments == (28, -4, -5, -4)


def test_the_choice_is_retained_only_while_the_pool_is_not_won() -> None:
    session = example_session()
    session["hands"][2]["events"] = [{"type": "penalty-suit", "suit": "D", "player": "Cat"}]
    with pytest.raises(ScorekeeperError, match="Bob keeps the choice of suit until the pool is won") as info:
        settle(session_from_json(session))
    assert (info.value.code, info.value.hand) == ("bid", 3)
    session = example_session()
    session["hands"][1]["events"] = [{"type": "penalty-suit", "suit": "D", "player": "Bob"}]
    with pytest.raises(ScorekeeperError, match="the choice is auctioned") as info:
        settle(session_from_json(session))
    assert (info.value.code, info.value.hand) == ("bid", 2)
    session = example_session()  # bidding in deal 3, while Bob holds the choice
    session["hands"][2]["events"] = bids(3, None, None, None, order=["Cat", "Dan", "Ann", "Bob"]) + [
        {"type": "penalty-suit", "suit": "D"}]
    with pytest.raises(ScorekeeperError, match="nobody bids this deal") as info:
        settle(session_from_json(session))
    assert info.value.code == "bid"


def test_no_bid_above_the_chips_held() -> None:
    session = example_session()
    session["settlement_options"] = {"starting_chips": 20}
    session["hands"][0]["events"][0]["chips"] = 21
    for e in session["hands"][0]["events"][2:4]:
        e["chips"] += 19
    with pytest.raises(ScorekeeperError, match="no one may bid more chips than he has") as info:
        settle(session_from_json(session))
    assert info.value.code == "bid"


TIE = {"taken": {"Ann": {"hearts": 0}, "Bob": {"hearts": 0}, "Cat": {"hearts": 6}, "Dan": {"hearts": 7}},
       "events": bids(None, None, None, 1) + [{"type": "penalty-suit", "suit": "C"}]}
DEAL4 = {"taken": {"Ann": {"hearts": 7}, "Bob": {"hearts": 6}, "Cat": {"hearts": 0}, "Dan": {"hearts": 0}},
         "events": bids(2, None, None, None, order=["Dan", "Ann", "Bob", "Cat"])
         + [{"type": "penalty-suit", "suit": "H"}, {"type": "cut", "player": "Cat"}]}


@pytest.mark.parametrize(
    ("profile", "hands", "finished", "winners", "closing"),
    [
        ("004", None, True, ("Ann",), None),  # the catalogue's three deals: Ann has most chips
        # Cat and Dan clear share 13 + Dan's bid 2 = 15: 7 each, the odd chip stays; at the close it goes
        # to the last winners (leftover last-winner), by the cut: Cat
        ("004", [DEAL4], True, ("Ann",), {"Ann": 0, "Bob": 0, "Cat": 1, "Dan": 0}),
        # Ann and Bob clear share 14: 7 each and tie for most chips: 004 plays another hand, 002 shares the win
        ("004", "tie", False, ("Ann", "Bob"), None),
        ("002", "tie", True, ("Ann", "Bob"), None),
    ],
)
def test_the_table_stops(profile: str, hands: Any, finished: bool, winners: tuple[str, ...],
                         closing: dict[str, int] | None) -> None:
    session = {**example_session(), "options": {"profile": profile}}
    if hands == "tie":
        session["hands"] = [TIE]
    elif hands:
        session["hands"] += hands
    session["settlement_options"] = {"closed": True, "leftover": "last-winner"}
    settled = settle(session_from_json(session))
    assert settled.finished is finished and tuple(ABCD[s] for s in settled.winners) == winners
    if closing is None:
        assert settled.closing is None
    else:
        assert settled.closing is not None and dict(zip(ABCD, settled.closing.payments)) == closing
    assert sum(settled.balance) + settled.pool == 0 and settled.pool == 0


def test_an_established_revoke_pays_10_each_and_keeps_the_choice() -> None:
    hand = example_hand()
    # trick 2: Ann leads JS; Bob (holding 8S, TS, ...) plays 8C? No: Bob plays a heart while holding spades
    hand["play"] = hand["play"][:5] + ["9H"]
    with pytest.raises(ScorekeeperError) as info:
        replay(records.from_json(hand))
    assert (info.value.code, info.value.player) == ("revoke", "Bob")
    hand["events"] = hand["events"] + [{"type": "revoke", "player": "Bob", "trick": 2}]
    session = {"game": "auction-hearts", "players": ABCD, "first_dealer": "Dan",
               "hands": [{k: v for k, v in hand.items() if k not in ("game", "players")},
                         {"taken": {"Ann": {"hearts": 0}, "Bob": {"hearts": 13}, "Cat": {"hearts": 0},
                                    "Dan": {"hearts": 0}}, "events": [{"type": "penalty-suit", "suit": "C",
                                                                       "player": "Dan"}]}]}
    settled = settle(session_from_json(session))
    assert settled.hands[0].payments == (10, -30, 10, 6) and settled.hands[0].pool == 4  # Dan's bid stays
    assert settled.pool == 4 and sum(settled.balance) + settled.pool == 0


# --- random sessions: chips conserved --------------------------------------------------------------

@settings(max_examples=15, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), n=st.integers(min_value=3, max_value=7),
       profile=st.sampled_from(["004", "002"]))
def test_random_sessions_conserve_chips(seed: int, n: int, profile: str) -> None:
    rng = random.Random(seed)
    if profile == "002":
        n = max(4, min(n, 6))
    players = [f"P{i}" for i in range(n)]
    hands: list[dict[str, Any]] = []
    retained: str | None = None
    for number in range(1, 9):
        dealer = (n - 1 + number - 1) % n
        record = random_record("auction-hearts", players, rng, options={"profile": profile}, dealer=dealer,
                               hand_number=number, retained=retained, pass_out=True)
        outcome = replay(record)
        if record.play:  # 3.11 outcomes a-d: the namer keeps the choice unless one or two players are clear
            units = [h.hearts for h in outcome.hauls]
            namer = next((e.get("player") for e in record.events if e["type"] == "penalty-suit"), None) or next(
                e["player"] for e in reversed(record.events) if e["type"] == "bid" and "chips" in e)
            retained = namer if 13 in units or units.count(0) not in (1, 2) else None
        data = records.to_json(record)
        for key in ("game", "options", "players"):
            data.pop(key, None)
        hands.append(data)
    session = {"game": "auction-hearts", "options": {"profile": profile}, "players": players,
               "first_dealer": players[-1], "hands": hands, "settlement_options": {"starting_chips": 200}}
    result = settle(session_from_json(session))
    pool = 0
    for settled in result.hands:
        assert sum(settled.payments) + settled.pool - pool == 0  # 1.5: every hand
        assert settled.pool >= 0
        pool = settled.pool
    assert sum(result.balance) + result.pool == 0
