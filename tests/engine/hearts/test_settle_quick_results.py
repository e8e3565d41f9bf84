"""Quick results as sessions settle them: the counting shortcut of ``results.check_result`` never decides.

Long sessions are mostly quick results given as counts (``{"hearts": 3, "QS": 1}``); for speed,
``check_result`` first tries ``_sound_counts``, which scores a sound result without the careful
bookkeeping and returns None for anything else. Random results, sound and not, must come out
exactly the same (outcome, or error and its words) with and without the shortcut.
"""

from __future__ import annotations

import random
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.hearts import results as results_module
from scorekeeper.engine.errors import ScorekeeperError

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
GAMES: list[tuple[str, dict[str, Any], tuple[int, ...]]] = [
    ("hearts", {}, (3, 4, 5)),
    ("hearts", {"profile": "003"}, (2, 4, 8)),
    ("hearts", {"profile": "001"}, (4,)),
    ("black-lady", {"moon_choice": "add"}, (4, 5)),
    ("black-lady", {}, (4,)),
    ("greek-hearts", {}, (3, 4)),
    ("omnibus-hearts", {"moon_choice": "subtract"}, (4,)),
    ("hooligan-hearts", {}, (4,)),
    ("pink-lady", {}, (4,)),  # QH is a special heart: always the careful way
    ("complex-hearts", {}, (4,)),
    ("heartsette", {}, (4,)),
    ("spot-hearts", {}, (4,)),  # pips: always the careful way
]


def random_counts(game: str, options: dict[str, Any], n: int, rng: random.Random) -> dict[str, Any]:
    """A result given as counts: usually sound, sometimes a share off, a card twice, a stray key."""
    ruleset = make_ruleset(game, options)
    layout = ruleset.layout(n)
    names = NAMES[:n]
    hearts = layout.hearts + (rng.choice([-1, 1]) if rng.random() < 0.15 else 0)
    cuts = sorted(rng.randint(0, max(hearts, 0)) for _ in range(n - 1))
    shares = [b - a for a, b in zip([0, *cuts], [*cuts, max(hearts, 0)])]
    taken: dict[str, dict[str, Any]] = {name: {"hearts": h} for name, h in zip(names, shares)}
    for c in sorted(ruleset.specials):
        for _ in range(layout.copies.get(c, 0) + (1 if rng.random() < 0.1 else 0) - (1 if rng.random() < 0.1 else 0)):
            entry = taken[rng.choice(names)]
            entry[c.code] = min(entry.get(c.code, 0) + 1, 2)
    roll = rng.random()
    if roll < 0.05:
        taken[names[0]]["tricks"] = rng.randint(0, 3)
    elif roll < 0.08:
        taken[names[-1]] = {"points": rng.randint(0, 5)}
    elif roll < 0.1:
        del taken[names[1]]
    elif roll < 0.13:
        taken[names[0]]["2C"] = 1
    if ruleset.spots:
        taken = {name: {"spots": 2 * e.get("hearts", 0)} for name, e in taken.items()}
    record: dict[str, Any] = {"game": game, "options": options, "players": names, "dealer": names[-1], "taken": taken}
    if rng.random() < 0.7:
        record["moon_choice"] = rng.choice(["subtract", "add"])
    return record


def outcome_or_error(record: Any) -> Any:
    try:
        return replay(record)
    except ScorekeeperError as exc:
        return (type(exc), exc.code, exc.message)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**32 - 1))
def test_the_shortcut_agrees_with_the_careful_way(game: tuple[str, dict[str, Any], tuple[int, ...]], seed: int) -> None:
    name, options, counts = game
    rng = random.Random(seed)
    record = records.from_json(random_counts(name, options, rng.choice(counts), rng))
    fast = outcome_or_error(record)
    with mock.patch.object(results_module, "_sound_counts", lambda *args: None):
        careful = outcome_or_error(record)
    assert fast == careful


@pytest.mark.parametrize(
    ("game", "taken", "sound"),
    [
        ("black-lady", {"A": {"hearts": 3}, "B": {"hearts": 2, "QS": 1}, "C": {"hearts": 8}, "D": {"hearts": 0}}, True),
        ("hearts", {"A": {"hearts": 3}, "B": {"hearts": 2}, "C": {"hearts": 8}, "D": {"hearts": 0}}, True),
        ("black-lady", {"A": {"hearts": 3}, "B": {"hearts": 2}, "C": {"hearts": 8}, "D": {"hearts": 0}}, False),  # no QS
        ("hearts", {"A": {"hearts": 3}, "B": {"hearts": 2}, "C": {"hearts": 8}, "D": {"hearts": 1}}, False),  # 14
        ("hearts", {"A": ["2H", "3H"], "B": {"hearts": 3}, "C": {"hearts": 8}, "D": {"hearts": 0}}, False),  # a list
        ("hearts", {"A": {"hearts": 3, "tricks": 2}, "B": {"hearts": 2}, "C": {"hearts": 8}, "D": {"hearts": 0}}, False),
        ("pink-lady", {"A": {"hearts": 3, "QH": 1}, "B": {"hearts": 2, "QS": 1}, "C": {"hearts": 8},
                       "D": {"hearts": 0, "TD": 1}}, False),  # a special heart
    ],
)
def test_which_results_take_the_shortcut(game: str, taken: dict[str, Any], sound: bool) -> None:
    record = records.from_json({"game": game, "players": list(taken), "dealer": "D", "taken": taken})
    ruleset = make_ruleset(game)
    layout = ruleset.layout(4)
    facts = results_module.pack_facts(ruleset, layout)
    from scorekeeper.engine.seating import Seating

    got = results_module._sound_counts(record, ruleset, Seating(record.players), layout, facts)
    assert (got is not None) == sound


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**32 - 1))
def test_settle_scores_a_quick_result_as_replay_does(game: tuple[str, dict[str, Any], tuple[int, ...]], seed: int) -> None:
    # settle() hands quick results straight to check_result with the session's ruleset, seating and layout.
    from scorekeeper.engine.hearts.settlement import session_from_json, settle
    from scorekeeper.engine.hearts.session import session_hands

    name, options, counts = game
    rng = random.Random(seed)
    n = rng.choice(counts)
    hands = []
    for _ in range(3):
        record = random_counts(name, options, n, rng)
        hands.append({k: v for k, v in record.items() if k not in ("game", "options", "players", "dealer")})
    value = {"game": name, "options": options, "players": NAMES[:n], "first_dealer": NAMES[n - 1],
             "settlement": "complex-magnitude" if name == "complex-hearts" else "cumulative",
             "settlement_options": {"target": "none"}, "hands": hands}
    session = session_from_json(value)
    expected = []
    for sh in session_hands(session):
        outcome = outcome_or_error(sh.record)
        expected.append(outcome)
        if not hasattr(outcome, "points"):
            break
    try:
        got: list[Any] = list(settle(session).outcomes)
    except ScorekeeperError as exc:
        got = [*expected[:-1], (type(exc), exc.code, exc.message)]
    assert got == expected
