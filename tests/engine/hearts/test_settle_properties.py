"""Random sessions (hypothesis): chips are conserved, and full records settle like their quick results.

Each session is made of random legal hands (``simulate.random_record``) dealt by the dealer
the rotation expects, with the deal number that sets the pass direction, and now and then a
misdeal (the same dealer deals again). Every chip method is tried on the games it fits; where
tied winners divide odd chips, the hand records a cut won by one of them. The same session is
then settled again with every hand replaced by its quick result (``taken``: the scoring cards
each player took, as replay reports them).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.hearts import records

from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.hearts.settlement import SessionFold, result_json, session_from_json, settle
from scorekeeper.engine.family import settle_json
from scorekeeper.engine.hearts.simulate import random_record
from tests.support.settlegen import COMBOS, H003, build

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def check_conserved(result: dict[str, Any]) -> None:
    before = 0
    balance = dict.fromkeys(result["balance"], 0)
    for hand in result["hands"]:
        assert sum(hand["payments"].values()) + (hand["pool"] - before) == 0
        before = hand["pool"]
        for name, paid in hand["payments"].items():
            balance[name] += paid
    if "closing" in result:
        assert sum(result["closing"]["payments"].values()) + (result["pool"] - before) == 0
        for name, paid in result["closing"]["payments"].items():
            balance[name] += paid
        assert result["pool"] == 0
    else:
        assert result["pool"] == before
    assert balance == result["balance"]
    assert sum(result["balance"].values()) + result["pool"] == 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combo=st.sampled_from(COMBOS), seed=st.integers(0, 2**32 - 1), count=st.integers(1, 5))
def test_chips_are_conserved_and_full_records_settle_like_quick_results(
    combo: tuple[str, dict[str, Any], int, str, dict[str, Any]], seed: int, count: int,
) -> None:
    full, quick = build(combo, seed, count)
    settled_full = settle_json(full)
    check_conserved(settled_full)
    settled_quick = settle_json(quick)
    assert settled_quick == settled_full
    dealers = [h["dealer"] for h in settled_full["hands"]]
    assert dealers[0] == full["first_dealer"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 6))
def test_the_rotation_of_a_random_session(seed: int, count: int) -> None:
    # The dealer moves one seat left after every hand but a misdeal (catalogue 1.2, 4.2).
    full, _ = build(("hearts", H003, 4, "howell", {}), seed, count)
    result = settle_json(full)
    players = full["players"]
    seat = players.index(full["first_dealer"])
    for hand, record in zip(result["hands"], full["hands"]):
        assert hand["dealer"] == players[seat]
        if "void" not in hand:
            seat = (seat + 1) % len(players)
        else:
            assert record["events"][0]["type"] == "misdeal"


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combo=st.sampled_from(COMBOS), seed=st.integers(0, 2**32 - 1), count=st.integers(1, 5), data=st.data())
def test_a_fold_stopped_anywhere_and_gone_on_settles_like_the_whole_session(
    combo: tuple[str, dict[str, Any], int, str, dict[str, Any]], seed: int, count: int, data: st.DataObject,
) -> None:
    """What the app does: keep the fold of the stored hands, then add a new hand to a copy."""
    full, quick = build(combo, seed, count)
    session = session_from_json(quick if data.draw(st.booleans()) else full)
    whole = result_json(settle(session))
    fold = SessionFold(session)
    stop = data.draw(st.integers(0, len(session.hands)))
    for raw in session.hands[:stop]:
        fold.add(raw)
    before = _settled(lambda: settle(replace(session, hands=session.hands[:stop])))
    assert _settled(fold.result) == before  # the session so far (or the same refusal: a cut not recorded yet)
    assert _settled(fold.result) == before  # result() leaves the fold as it was
    twin = fold.copy()
    for raw in session.hands[stop:]:
        twin.add(raw)
    assert result_json(twin.result()) == whole
    assert _settled(fold.result) == before  # the copy went on; the fold did not


def _settled(how: Any) -> Any:
    """The settle output, or the refusal's code and sentence."""
    try:
        return result_json(how())
    except ScorekeeperError as exc:
        return exc.code, exc.message


def test_a_fold_goes_on_after_players_drop_out() -> None:
    """Conquimbert: players with no lives left are passed over; a fold resumed late knows who is in."""
    session = session_from_json(json.loads((EXAMPLES / "conquimbert-session.json").read_text()))
    whole = result_json(settle(session))
    for stop in range(len(session.hands) + 1):
        fold = SessionFold(session)
        for raw in session.hands[:stop]:
            fold.add(raw)
        twin = fold.copy()
        for raw in session.hands[stop:]:
            twin.add(raw)
        assert result_json(twin.result()) == whole
