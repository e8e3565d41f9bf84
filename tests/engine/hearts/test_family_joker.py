"""Joker Hearts (catalogue 2.16, 3.12, AMB-15, AMB-47): the Joker's rank and suit, its trick rule, its
discard exception (profile 002), its 5 points (004) or 5 counters (joker-payments, 002).

Random legal play and injected illegal plays: ``test_family_common.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main
from scorekeeper.engine import JOKER, Seating
from scorekeeper.engine.hearts.hand import Hand
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.cards import Card, card, cards
from scorekeeper.engine.errors import IllegalPlay, InconsistentRecord, RecordSyntaxError, ScorekeeperError
from scorekeeper.engine.hearts.settlement import session_from_json, settle
from scorekeeper.engine.hearts.simulate import random_record

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
ABCD = ("Ann", "Bob", "Cat", "Dan")


def example_hand() -> dict[str, Any]:
    return json.loads((EXAMPLES / "joker-hearts-hand.json").read_text(encoding="utf-8"))


def table(held: list[str], options: dict[str, Any] | None = None, dealer: int = 3) -> Hand:
    """A four-player hand of Joker Hearts with these holdings (Ann leads: Dan deals)."""
    ruleset = make_ruleset("joker-hearts", options or {})
    return Hand(ruleset, Seating(ABCD), dealer, [cards(h) for h in held])


@pytest.mark.parametrize(
    ("profile", "deck", "n", "size", "widow", "hearts"),
    [("002", "replace-2h", 4, 13, 0, 12), ("002", "replace-2h", 3, 16, 4, 12), ("004", "add-joker", 4, 13, 1, 13),
     ("004", "add-joker", 5, 10, 3, 13)],
)
def test_the_pack(profile: str, deck: str, n: int, size: int, widow: int, hearts: int) -> None:
    ruleset = make_ruleset("joker-hearts", {"profile": profile, "deck": deck})
    layout = ruleset.layout(n)
    assert (layout.hand_size, layout.widow_size, layout.hearts) == (size, widow, hearts)
    assert JOKER in layout.pack and (card("2H") in layout.pack) == (deck == "add-joker")


# The trick rule (both sources): a trick holding the Joker goes to it, unless JH, QH, KH or AH is in it,
# whatever suit was led; otherwise T-STD.
@pytest.mark.parametrize(
    ("played", "winner"),
    [
        ("9C QH JK 4S", 1),  # 3.12 J1: the QH beats the Joker, on a club lead
        ("9C 3H JK 4S", 2),  # a low heart does not
        ("AS JK KS 2S", 1),  # the Joker wins a spade trick
        ("TH JK 9H 3H", 1),  # the Joker ranks above the ten ...
        ("TH JK JH 3H", 2),  # ... and below the jack
        ("JK QH AH KH", 2),  # led, the Joker loses to the highest of the high hearts
        ("KS QS AS 2S", 2),  # no Joker: T-STD
    ],
)
def test_the_joker_trick_rule(played: str, winner: int) -> None:
    hand = table(["", "", "", ""])
    assert hand.trick_winner(list(enumerate(cards(played)))) == winner


def test_the_joker_is_a_heart_for_following() -> None:
    hand = table(["2H 9C", "JK 5C", "3H 8C", "4S 5S"])
    hand.play(card("2H"))
    with pytest.raises(IllegalPlay) as info:  # Bob's only "heart" is the Joker: he must play it
        hand.play(card("5C"))
    assert info.value.code == "revoke" and "holding Joker" in info.value.message
    hand.play(JOKER)
    hand.play(card("3H"))
    assert hand.legal_plays() == list(cards("5S 4S"))  # Dan is void: anything
    # a Joker lead is a heart lead
    hand = table(["JK 9C", "4H 5C", "3H 8C", "4S 5S"])
    hand.play(JOKER)
    assert hand.legal_plays() == [card("4H")]
    with pytest.raises(IllegalPlay, match="on a heart lead while holding 4♥"):
        hand.play(card("5C"))


@pytest.mark.parametrize(
    ("bob", "options", "legal"),
    [
        ("QH", {}, True),  # 002: another player discarded a heart higher than the ten
        ("AH", {}, True),
        ("TH", {}, False),  # the ten is not higher than the ten
        ("QH", {"discard_exception": False}, False),
        ("QH", {"profile": "004"}, False),  # 004 has no such exception
    ],
)
def test_the_discard_exception(bob: str, options: dict[str, Any], legal: bool) -> None:
    hand = table(["9C 2S", f"{bob} 2D", "8C JK", "4S 5S"], {"pass": "none", **options})
    hand.run([(card("9C"), None), (card(bob), None)])
    assert hand.is_legal(JOKER) is legal
    if legal:
        hand.play(JOKER)
        hand.play(card("4S"))
        assert hand.tricks[0].winner == 1  # Bob's high heart takes the trick, and the Joker with it


def test_the_discard_exception_only_on_a_plain_suit_trick() -> None:
    hand = table(["9H 2S", "QH 2D", "8H JK", "4S 5S"])  # a heart lead: the Joker simply follows
    hand.run([(card("9H"), None), (card("QH"), None)])
    assert hand.legal_plays() == [card("8H"), JOKER]


def test_the_example_hand_the_joker_discarded_under_the_queen() -> None:
    # examples/joker-hearts-hand.json, trick 12: Ann leads 9C, Bob discards QH, Cat (who holds 8C) discards
    # the Joker under it; Bob's QH takes the trick (3.12's first example, played out)
    outcome = replay(records.from_json(example_hand()))
    assert outcome.tricks is not None
    trick = outcome.tricks[11]
    assert [c.code for c in trick.cards] == ["9C", "QH", "JK", "4S"] and trick.winner == 1
    assert outcome.points_by_player() == {"Ann": 5, "Bob": 3, "Cat": 4, "Dan": 0}  # 12 hearts; the Joker scores 0
    assert [c.code for c in outcome.taken[1]] == ["QH", "JH", "7H", "JK"]
    without = {**example_hand(), "options": {"discard_exception": False}}
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(without))
    assert (info.value.code, info.value.play, info.value.player, info.value.card) == ("revoke", 46, "Cat", "JK")


def test_the_004_profile_joker_5_points_breaking_and_the_moon() -> None:
    ruleset = make_ruleset("joker-hearts", {"profile": "004"})
    assert ruleset.values[JOKER] == 5 and ruleset.moon is not None and JOKER in ruleset.moon.requires
    assert (ruleset.passing, ruleset.first_lead, ruleset.break_rule, ruleset.settlement) == (
        "left-3", "eldest-no-heart", "lead-restricted", "cumulative")
    hand = table(["JK 9C", "4H 5C", "3H 8C", "4S 5S"], {"profile": "004"})
    with pytest.raises(IllegalPlay) as info:  # the Joker counts as a heart for the first lead (AMB-15)
        hand.play(JOKER)
    assert info.value.code == "first-lead"
    hand = table(["JK 9C 2S", "4H 5C 3S", "3H 8C 4D", "4S 5S 6S"], {"profile": "004"})
    hand.run([(card(c), None) for c in "9C 5C 8C 4S".split()])  # Ann wins trick 1 with 9C
    with pytest.raises(IllegalPlay) as info:  # ... and may not lead the Joker before hearts are broken
        hand.play(JOKER)
    assert info.value.code == "hearts-not-broken"
    taken = {"Ann": {"hearts": 12, "JK": 1}, "Bob": {"hearts": 0}, "Cat": {"hearts": 0}, "Dan": {"hearts": 0}}
    record = {"game": "joker-hearts", "options": {"profile": "004"}, "players": list(ABCD), "dealer": "Dan",
              "taken": taken, "moon_choice": "subtract"}
    assert replay(records.from_json(record)).points == (-26, 0, 0, 0)  # all heart-suit cards and the Joker
    record["taken"] = {**taken, "Ann": {"hearts": 12}, "Bob": {"hearts": 0, "JK": 1}}
    assert replay(records.from_json(record)).points == (12, 5, 0, 0)


# --- 3.12 joker-payments ---------------------------------------------------------------------------

def test_catalogue_examples_through_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    # examples/joker-hearts-session.json: 3.12's own examples J1, J2, J3, one after the other (jack 0 each time)
    assert main(["settle", str(EXAMPLES / "joker-hearts-session.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["settlement"] == "joker-payments"
    assert [h["payments"] for h in out["hands"]] == [
        {"Ann": -11, "Bob": 17, "Cat": -2, "Dan": -4},
        {"Ann": 17, "Bob": -8, "Cat": -5, "Dan": -4},
        {"Ann": 6, "Bob": 6, "Cat": -12, "Dan": 0},
    ]
    assert [h["pool"] for h in out["hands"]] == [0, 0, 0]
    assert "got rid of the Joker: receives 5 from Ann" in out["hands"][0]["notes"]["Bob"]


def test_the_example_hand_settles() -> None:
    hand = {k: v for k, v in example_hand().items() if k not in ("game", "players")}
    settled = settle(session_from_json({"game": "joker-hearts", "players": list(ABCD), "first_dealer": "Dan",
                                        "hands": [hand]}))
    # Bob took the Joker Cat got rid of: Bob pays Cat 5; hearts 5, 3, 4, 0 into the pool; Dan alone is clear
    assert settled.hands[0].payments == (-5, -8, 1, 12) and settled.pool == 0


@pytest.mark.parametrize(
    ("events", "words"),
    [
        ([], "record who played the Joker"),
        ([{"type": "joker", "player": "Cat"}], None),
    ],
)
def test_a_quick_result_says_who_played_the_joker(events: list[dict[str, Any]], words: str | None) -> None:
    hand = {"taken": {"Ann": {"hearts": 6, "JK": 1}, "Bob": {"hearts": 0}, "Cat": {"hearts": 2}, "Dan": {"hearts": 4}},
            "events": events}
    session = {"game": "joker-hearts", "players": list(ABCD), "first_dealer": "Dan", "hands": [hand]}
    if words is None:
        assert settle(session_from_json(session)).hands[0].payments == (-11, 12, 3, -4)
        return
    with pytest.raises(InconsistentRecord, match=words) as info:
        settle(session_from_json(session))
    assert info.value.code == "joker"


def test_a_full_record_that_names_the_wrong_player() -> None:
    hand = {k: v for k, v in example_hand().items() if k not in ("game", "players")}
    hand["events"] = [{"type": "joker", "player": "Ann"}]
    with pytest.raises(ScorekeeperError, match="says Ann played the Joker, but Cat did") as info:
        settle(session_from_json({"game": "joker-hearts", "players": list(ABCD), "first_dealer": "Dan",
                                  "hands": [hand]}))
    assert info.value.code == "joker"


@pytest.mark.parametrize("event", [{"type": "joker"}, {"type": "joker", "widow": False},
                                   {"type": "joker", "player": "Ann", "widow": True}])
def test_badly_shaped_joker_events(event: dict[str, Any]) -> None:
    with pytest.raises(RecordSyntaxError):
        records.from_json({**example_hand(), "events": [event]})


def test_the_joker_in_the_widow_pays_5_into_the_pool() -> None:
    taken = {"Ann": {"hearts": 6, "JK": 1}, "Bob": {"hearts": 0}, "Cat": {"hearts": 6}}
    session = {"game": "joker-hearts", "players": ["Ann", "Bob", "Cat"], "first_dealer": "Cat",
               "hands": [{"taken": taken, "events": [{"type": "joker", "widow": True}]}]}
    assert settle(session_from_json(session)).hands[0].payments == (-11, 17, -6)


def test_settlements_that_fit() -> None:
    base = {"game": "joker-hearts", "players": list(ABCD), "first_dealer": "Dan"}
    assert settle(session_from_json({**base, "options": {"profile": "004"}})).settlement == "cumulative"
    for session in ({**base, "options": {"deck": "add-joker"}}, {**base, "settlement": "howell"},
                    {"game": "black-lady", "players": list(ABCD), "first_dealer": "Dan", "settlement": "joker-payments"}):
        with pytest.raises(ScorekeeperError) as info:
            settle(session_from_json(session))
        assert info.value.code == "unknown-option"


def test_joker_cards_parse_and_show() -> None:
    assert Card.parse("🃏") is JOKER and Card.parse("joker") is JOKER and str(JOKER) == "JK"


@settings(max_examples=15, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), n=st.integers(min_value=3, max_value=7),
       win=st.sampled_from(["any-clear", "single-clear-only"]), jack=st.booleans())
def test_random_sessions_conserve_chips(seed: int, n: int, win: str, jack: bool) -> None:
    rng = random.Random(seed)
    players = [f"P{i}" for i in range(n)]
    hands = []
    for number in range(1, 7):
        record = random_record("joker-hearts", players, rng, dealer=(n - 1 + number - 1) % n, hand_number=number)
        data = records.to_json(record)
        for key in ("game", "options", "players"):
            data.pop(key, None)
        if number % 2:  # every other hand as a quick result: what each took, and who played the Joker
            outcome = replay(record)
            played = next((s for t in outcome.tricks or () for s, c in t.plays if c is JOKER), None)
            data = {"taken": {p: {"hearts": h.hearts, **{c.code: 1 for c in h.specials}}
                              for p, h in zip(players, outcome.hauls)},
                    "events": [{"type": "joker", "player": players[played]} if played is not None
                               else {"type": "joker", "widow": True}]}
        hands.append(data)
    session = {"game": "joker-hearts", "players": players, "first_dealer": players[-1], "hands": hands,
               "settlement_options": {"win": win, "all_hearts_jack": jack, "closed": True, "leftover": "split-equal"}}
    hands[-1].setdefault("events", []).append({"type": "cut", "player": players[0]})
    result = settle(session_from_json(session))
    pool = 0
    for settled in result.hands:
        assert sum(settled.payments) + settled.pool - pool == 0 and settled.pool >= 0
        pool = settled.pool
    assert result.pool == 0 and sum(result.balance) == 0 and result.finished
