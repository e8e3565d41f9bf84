"""Black Maria (catalogue 2.31, from public rules pages): three to seven players, twos taken out by the table's size,
three cards passed to the right, the queen, king and ace of spades, the moon where everyone else pays it all, games
to 100 (cumulative). Tables of cases worked from the catalogue's text, then random legal hands through the replay,
the settlement, the text notation and ``next``."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.cards import ALL_CARDS, cards
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.hearts.notation import dumps, loads
from scorekeeper.engine.seating import Direction
from scorekeeper.engine.hearts.settlement import session_from_json, settle
from scorekeeper.engine.hearts.simulate import random_record
from tests.support.helpers import next_offers_each_card_played


def quick(taken: dict[str, Any], **options: Any) -> dict[str, Any]:
    record = {"game": "black-maria", "players": list(taken), "dealer": list(taken)[-1], "taken": taken,
              "options": options}
    return replay(records.from_json(record)).points_by_player()


# --- the deal, the passing, the first lead --------------------------------------------------------------------------

@pytest.mark.parametrize(("deal", "n", "out", "size"), [
    ("twos-2c", 3, "2C", 17), ("twos-2s", 3, "2S", 17), ("twos-2d", 3, "2D", 17),
    ("twos-2c", 4, "", 13), ("twos-2s", 4, "", 13),
    ("twos-2c", 5, "2C 2S", 10), ("twos-2d", 5, "2C 2S", 10),
    ("twos-2c", 6, "2C 2S 2D 2H", 8), ("twos-2s", 6, "2C 2S 2D 2H", 8),
    ("twos-2c", 7, "2C 2S 2D", 7),
])
def test_the_twos_taken_out(deal: str, n: int, out: str, size: int) -> None:  # AMB-60
    layout = make_ruleset("black-maria", {"deal": deal}).layout(n)
    assert set(ALL_CARDS) - set(layout.pack) == set(cards(out))
    assert (layout.hand_size, layout.widow_size) == (size, 0)


@pytest.mark.parametrize(("passing", "n", "direction", "count"), [
    ("right-3", 3, Direction.RIGHT, 3), ("right-3", 7, Direction.RIGHT, 3),
    ("left-3", 4, Direction.LEFT, 3), ("left-3", 6, Direction.LEFT, 2),
    ("left-by-players", 3, Direction.LEFT, 4), ("left-by-players", 4, Direction.LEFT, 3),
    ("left-by-players", 5, Direction.LEFT, 3), ("left-by-players", 6, Direction.LEFT, 2),
    ("left-by-players", 7, Direction.LEFT, 2), ("none", 3, Direction.NONE, 0),
])
def test_the_passing(passing: str, n: int, direction: Direction, count: int) -> None:  # AMB-61
    ruleset = make_ruleset("black-maria", {"pass": passing})
    assert (ruleset.pass_direction(1, n), ruleset.pass_direction(2, n), ruleset.pass_count(n)) == (
        direction, direction, count)


def test_the_defaults() -> None:
    ruleset = make_ruleset("black-maria")
    assert (ruleset.deal, ruleset.passing, ruleset.first_lead, ruleset.break_rule, ruleset.moon, ruleset.target,
            ruleset.settlement, ruleset.revoke) == ("twos-2c", "right-3", "eldest-any", "none", None, 100,
                                                    "cumulative", "003")
    assert (ruleset.min_players, ruleset.max_players) == (3, 7)
    with pytest.raises(ScorekeeperError) as caught:
        make_ruleset("black-maria", {"first_lead": "eldest-no-spade-heart"})
    assert caught.value.code == "unknown-option"


def test_passes_go_to_the_right() -> None:
    """A hand whose passes went to the right replays; read as passed to the left, it does not."""
    record = random_record("black-maria", ["A", "B", "C"], random.Random(3))
    assert record.passes is not None
    replay(record)
    wrong = records.from_json({**records.to_json(record), "options": {"pass": "left-3"}})
    with pytest.raises(ScorekeeperError):
        replay(wrong)


@pytest.mark.parametrize(("rule", "deal", "first"), [
    ("lowest-club", "twos-2c", "3C"),  # 2C out three-handed: the 3C leads
    ("lowest-club", "twos-2s", "2C"),
    ("two-of-clubs", "twos-2s", "2C"),
])
def test_the_club_leads_three_handed(rule: str, deal: str, first: str) -> None:
    for seed in range(5):
        record = random_record("black-maria", ["A", "B", "C"], random.Random(seed),
                               options={"first_lead": rule, "deal": deal, "pass": "none"})
        assert record.play[0].card.code == first
        assert record.deal is not None and first in [c.code for c in record.deal[_leader(record)]]


def _leader(record: records.HandRecord) -> str:
    outcome = replay(record)
    assert outcome.tricks
    return record.players[outcome.tricks[0].leader]


def test_two_of_clubs_out_falls_back_to_eldest() -> None:  # AMB-44
    record = random_record("black-maria", ["A", "B", "C"], random.Random(1),
                           options={"first_lead": "two-of-clubs", "pass": "none"})
    assert _leader(record) == "B"  # A deals: B is eldest


# --- the values and the moon (the catalogue's own examples) ---------------------------------------------------------

def test_standard_values() -> None:
    assert quick({"A": {"hearts": 5, "QS": 1}, "B": {"hearts": 4, "AS": 1, "KS": 1}, "C": {"hearts": 4}}) == {
        "A": 18, "B": 21, "C": 4}


def test_queen_only() -> None:
    assert quick({"A": {"hearts": 5, "QS": 1}, "B": {"hearts": 4}, "C": {"hearts": 4}}, values="queen-only") == {
        "A": 18, "B": 4, "C": 4}


def test_face_124() -> None:
    taken = {"A": ["AH", "2H", "QS"], "B": ["KH", "QH", "JH", "TH", "9H"], "C": ["8H", "7H", "6H", "5H", "4H", "3H"]}
    assert quick(taken, values="face-124") == {"A": 42, "B": 49, "C": 33}


def test_face_130() -> None:
    taken = {"A": ["AH", "KH", "QS"], "B": ["QH", "JH", "TH"], "C": ["9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"]}
    assert quick(taken, values="face-130") == {"A": 14 + 13 + 26, "B": 12 + 11 + 10, "C": 44}


def test_the_moon_everyone_else_pays_it_all() -> None:  # AMB-64
    taken = {"A": {"hearts": 0}, "B": {"hearts": 13, "QS": 1, "KS": 1, "AS": 1}, "C": {"hearts": 0},
             "D": {"hearts": 0}}
    assert quick(taken, moon="black-maria-all") == {"A": 43, "B": 0, "C": 43, "D": 43}
    assert quick(taken) == {"A": 0, "B": 43, "C": 0, "D": 0}  # no moon by default
    short = {**taken, "B": {"hearts": 13, "QS": 1, "KS": 1}, "C": {"hearts": 0, "AS": 1}}
    assert quick(short, moon="black-maria-all") == {"A": 0, "B": 36, "C": 7, "D": 0}


def test_six_players_play_twelve_hearts() -> None:
    names = "ABCDEF"
    taken: dict[str, Any] = {p: {"hearts": 2} for p in names}
    taken["A"] = {"hearts": 2, "QS": 1, "KS": 1, "AS": 1}
    assert sum(quick(taken).values()) == 42
    with pytest.raises(ScorekeeperError):
        quick({**taken, "B": {"hearts": 3}})


def test_the_game_ends_at_100() -> None:  # AMB-65
    hand = {"A": {"hearts": 13, "QS": 1, "KS": 1, "AS": 1}, "B": {"hearts": 0}, "C": {"hearts": 0}}
    session = {"game": "black-maria", "players": ["A", "B", "C"], "first_dealer": "C",
               "hands": [{"taken": hand}, {"taken": hand}, {"taken": hand}]}
    result = settle(session_from_json(session))
    assert result.finished and [result.players[i] for i in result.winners] == ["B", "C"]
    endless = settle(session_from_json({**session, "options": {"end": "none"}}))
    assert not endless.finished


# --- random legal hands ---------------------------------------------------------------------------------------------

OPTIONS = st.fixed_dictionaries({
    "deal": st.sampled_from(["twos-2c", "twos-2s", "twos-2d"]),
    "pass": st.sampled_from(["right-3", "left-3", "left-by-players", "none"]),
    "first_lead": st.sampled_from(["eldest-any", "eldest-no-heart", "lowest-club", "two-of-clubs"]),
    "values": st.sampled_from(["standard", "queen-only", "face-124", "face-130"]),
    "moon": st.sampled_from(["none", "black-maria-all"]),
    "break": st.sampled_from(["none", "lead-restricted"]),
})
TOTALS = {"standard": 43, "queen-only": 26, "face-124": 124, "face-130": 130}


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.integers(3, 7), options=OPTIONS)
def test_random_hands_replay_settle_and_read_back(seed: int, n: int, options: dict[str, Any]) -> None:
    names = [f"P{i}" for i in range(n)]
    record = random_record("black-maria", names, random.Random(seed), options=options)
    outcome = replay(record)
    total = TOTALS[options["values"]] - (1 if n == 6 and options["values"] in ("standard", "queen-only") else 0)
    if n == 6 and options["values"].startswith("face"):
        total -= 2  # 2H out
    expected = total * (n - 1) if outcome.moon is not None else total
    assert sum(outcome.points) == expected
    value = records.to_json(record)
    assert records.to_json(loads(dumps(record))) == value
    blind = {k: v for k, v in value.items() if k not in ("deal", "passes", "widow")}
    if options["first_lead"] in ("lowest-club", "two-of-clubs"):
        blind["leader"] = names[outcome.tricks[0].leader] if outcome.tricks else names[0]
    assert replay(records.from_json(blind)).points == outcome.points
    session = {"game": "black-maria", "players": names, "options": options, "first_dealer": value["dealer"],
               "hands": [{k: v for k, v in value.items() if k not in ("game", "players", "options", "dealer")}]}
    settled = settle(session_from_json(session))
    assert list(settled.totals) == list(outcome.points)


@settings(max_examples=3, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.integers(3, 7))
def test_next_offers_each_card_played(seed: int, n: int) -> None:
    value = next_offers_each_card_played("black-maria", n, seed)
    record = records.from_json(value)
    assert dataclasses.replace(record) == record
