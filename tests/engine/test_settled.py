"""One settled result for every family (``engine.settled``): every fold gives it, the settle output is
written from it, and the app, the sheets and the command read it and nothing of a family's own.

The worked cases say what the result carries besides the settle output (Howell's pot, the
sweepstakes' jack, Tripoli's layout and Reversis' pools as data, the fish held, the facts a
sheet prints); the property holds the core's fold, asked for its result after any hand and
copied anywhere, equal to settling the whole session, hand facts included.
"""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of
from scorekeeper.engine.hearts.output import hand_facts
from scorekeeper.engine.settled import Settled, SettledHand, settled_json
from scorekeeper.engine.hearts.settlement import SessionFold, session_from_json, settle
from tests.support.settlegen import COMBOS, build

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SESSIONS = ["polignac-session.json", "domino-hearts-session.json", "conquimbert-session.json",
            "tripoli-session.json", "reversis-session.json"]
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def example(name: str) -> dict[str, Any]:
    session: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return session


def quick(*hearts: int, qs: str = "Ann", **extra: Any) -> dict[str, Any]:
    """A quick Black Lady result: hearts per player in seat order and who took QS."""
    return {"taken": {name: {"hearts": h, **({"QS": 1} if name == qs else {})} for name, h in zip(PLAYERS, hearts)},
            **extra}


def black_lady(settlement: str, *hands: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"game": "black-lady", "players": PLAYERS, "first_dealer": "Dan", "settlement": settlement,
            "hands": list(hands), **more}


@pytest.mark.parametrize("name", SESSIONS)
def test_every_family_gives_the_one_result_and_its_settle_output_is_written_from_it(name: str) -> None:
    session = example(name)
    family = family_of(session["game"])
    settled = family.settle(session)
    assert isinstance(settled, Settled) and all(isinstance(h, SettledHand) for h in settled.hands)
    assert settled_json(settled) == family.settle_json(session)
    fold = family.fold({k: v for k, v in session.items() if k != "hands"})
    for hand in session["hands"]:
        fold.add(hand)
    assert fold.settled() == settled and fold.result_json() == settled_json(settled)
    with pytest.raises(dataclasses.FrozenInstanceError):
        settled.finished = not settled.finished  # type: ignore[misc]


def test_each_hand_says_its_place_dealer_and_who_was_dealt_in() -> None:
    settled = family_of("conquimbert").settle(example("conquimbert-session.json"))
    out = settled_json(settled)
    assert [h.dealer for h in settled.hands] == [h["dealer"] for h in out["hands"]]
    assert [h.position for h in settled.hands] == list(range(1, len(settled.hands) + 1))
    assert settled.lives and not settled.chips
    dropped = [h for h in settled.hands if len(h.players) < len(settled.players)]
    assert dropped, "the example has players out of the game"
    for hand in dropped:  # a player out of the game is dealt no cards: 0 in the hand, not in its seats
        gone = [name for name in settled.players if name not in hand.players]
        assert all(hand.points[settled.players.index(name)] == 0 for name in gone)
        assert len(hand.hauls) == len(hand.players)


def test_howell_says_its_pot_and_other_settlements_have_none() -> None:
    # Ann 3 hearts + QS (16), Bob 2, Cat 0, Dan 8: 26 units; each pays 3 a unit into the pot: 78.
    howell = family_of("black-lady").settle(black_lady("howell", quick(3, 2, 0, 8), quick(5, 4, 0, 4, qs="Dan")))
    assert [h.pot for h in howell.hands] == [78, 78]
    assert howell.hands[0].payments == (26 - 64, 26 - 8, 26, 26 - 32)
    pot = family_of("black-lady").settle(black_lady("pot", quick(3, 2, 0, 8)))
    assert pot.hands[0].pot is None


def test_the_sweepstakes_jack_is_data_of_the_result() -> None:
    # Nobody is clear in the first hand: the pool of 26 is a jack; Cat alone takes nothing in the second and wins it.
    jack = family_of("black-lady").settle(black_lady("sweepstakes", quick(3, 2, 1, 7)))
    assert jack.pool == 26 and jack.jack
    won = family_of("black-lady").settle(black_lady("sweepstakes", quick(3, 2, 1, 7), quick(5, 4, 0, 4, qs="Dan")))
    assert won.pool == 0 and not won.jack
    assert not family_of("black-lady").settle(black_lady("pot", quick(3, 2, 1, 7))).jack


def test_the_moon_the_revoke_and_a_misdeal_are_named() -> None:
    settled = family_of("black-lady").settle(black_lady(
        "cumulative", quick(0, 13, 0, 0, qs="Bob", moon_choice="subtract"),
        {"events": [{"type": "misdeal", "reason": "wrong-count"}]}))
    moon, void = settled.hands
    assert (moon.moon, moon.moon_choice, moon.void) == ("Bob", "subtract", None)
    assert (void.moon, void.void, void.deal) == (None, "wrong-count", 2)
    assert moon.facts is not None and moon.hauls[1].hearts == 13


def test_the_chip_games_carry_their_table_as_data() -> None:
    tripoli = example("tripoli-session.json")
    settled = family_of("tripoli").settle(tripoli)
    out = settle_out = family_of("tripoli").settle_json(tripoli)
    assert dict(settled.carried) == {"layout": settle_out["layout"]}
    assert [dict(h.carried) for h in settled.hands] == [{"layout": h["layout"]} for h in out["hands"]]
    assert all(sum(h.carried["layout"].values()) == h.pool for h in settled.hands)
    assert [h.final for h in settled.hands] == [bool(h.get("final")) for h in out["hands"]]

    reversis = example("reversis-session.json")
    fish = family_of("reversis").settle(reversis)
    assert fish.held == tuple(228 + b for b in fish.balance)  # everyone starts with 228 fish (6.2)
    assert fish.carried["pools"]["current"] + sum(s["fish"] for s in fish.carried["pools"]["supplements"]) == fish.pool
    assert all(h.replayed is not None and h.replayed["ok"] for h in fish.hands)  # what its sheet prints


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combo=st.sampled_from(COMBOS), seed=st.integers(0, 2**32 - 1), count=st.integers(1, 5), data=st.data())
def test_the_core_fold_asked_anywhere_gives_what_settling_at_once_gives(
    combo: tuple[str, dict[str, Any], int, str, dict[str, Any]], seed: int, count: int, data: st.DataObject,
) -> None:
    """The core's fold makes each hand's plain data once, when first asked for, and keeps it through copies:
    asked after any hand, copied anywhere, it ends equal to the whole session settled, each hand's facts
    those of its replay."""
    full, quick_results = build(combo, seed, count)
    record = quick_results if data.draw(st.booleans()) else full
    session = session_from_json(record)
    try:
        whole = family_of(record["game"]).settle(record)
    except ScorekeeperError:  # a cut not recorded: test_settle_properties holds the refusals equal
        return
    fold = SessionFold(session)
    stop = data.draw(st.integers(0, len(session.hands)))
    for raw in session.hands[:stop]:
        fold.add(raw)
        if data.draw(st.booleans()):
            try:
                fold.settled()  # makes the hands so far into plain data, once
            except ScorekeeperError:  # the pool left needs a cut recorded with a later hand
                pass
    twin = fold.copy()
    for raw in session.hands[stop:]:
        twin.add(raw)
    assert twin.settled() == whole
    outcomes = settle(session).outcomes
    assert [h.facts for h in whole.hands] == [hand_facts(o) for o in outcomes]
    assert [h.hauls for h in whole.hands] == [o.hauls for o in outcomes]


# --- the readers -----------------------------------------------------------------------------------

READERS = sorted([*(ROOT / "scorekeeper" / "web").rglob("*.py"), *(ROOT / "scorekeeper" / "sheets").rglob("*.py"),
                  ROOT / "scorekeeper" / "cli.py", ROOT / "scorekeeper" / "settle_cli.py"])
# Each family's own working values and what gives them, imported or read as an attribute ...
OWN = {"SessionResult", "TripoliSessionResult", "ReversisSessionResult", "HandSettlement", "HandSettled",
       "DealSettlement", "settle_session", "outcomes"}
# ... and the core's functions that give or write its own result, imported from its settlement package.
OWN_CORE = {"settle", "result_json"}


def own_names(source: str) -> set[str]:
    """What of a family's own result a module names."""
    tree = ast.parse(source)
    found = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)} & OWN
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names = {alias.name for alias in node.names}
            found |= names & OWN
            if (node.module or "").endswith("settlement"):
                found |= names & OWN_CORE
    return found


@pytest.mark.parametrize("path", READERS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_reader_names_a_family_s_own_result(path: Path) -> None:
    wrong = own_names(path.read_text(encoding="utf-8"))
    assert not wrong, f"{path.relative_to(ROOT)} reads {sorted(wrong)}: read engine.settled.Settled or its JSON"


def test_the_reader_check_finds_what_the_readers_used_to_name() -> None:
    """The check can fail: the core's sheet, the command and Reversis' sheet as they read before."""
    before = ("from ..engine.settlement import SessionResult, result_json, session_from_json, settle\n"
              "players = result.outcomes[index].players\nresult = reversis.settle_session(record)\n")
    assert own_names(before) == {"SessionResult", "result_json", "settle", "outcomes", "settle_session"}
    assert not own_names("from ..engine.settled import settled_json\nfold.result_json()\n")


def test_hartenjagen_reads_its_hand_total_from_the_game_and_words_a_table_it_cannot_seat() -> None:
    from scorekeeper.engine.hearts.settlement.family import HartenjagenState

    assert HartenjagenState.start(PLAYERS).hand_total == 13 + 5 + 2  # hearts 1, QS 5, JC 2: the game's values
    with pytest.raises(ScorekeeperError) as caught:
        family_of("hartenjagen").settle({"game": "hartenjagen", "players": PLAYERS[:3], "first_dealer": "Cat"})
    assert (caught.value.code, caught.value.message) == ("players", "Hartenjagen is for 4 to 4 players, not 3")
