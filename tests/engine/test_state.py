"""A hand's state (``engine.state``; each family's ``progress.state``, with ``engine.hearts.state`` and
``engine.reversis.state`` reading their trick machines):
at every decision point of random legal hands of each family, the player on turn and the legal actions the state
gives directly are what the trial replays accept (the reference: a replay of the record one action longer per
card held, kept as ``core_progress._turn``/``_takes`` and ``reversis.progress._takes``); ``verify`` refuses an
action with the replay's own code, ``can`` says the same, ``apply`` is the longer record's state; a tap starts
from the state its record's answer kept.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.hearts import progress as core_progress, records
from scorekeeper.engine.hearts import state as hearts_state
from scorekeeper.engine import state as state_mod
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of_record
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.progress import Action, Progress, Walk
from scorekeeper.engine.state import advance
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.reversis import progress as reversis_progress
from scorekeeper.engine.reversis import simulate as reversis_simulate
from scorekeeper.engine.reversis import to_json as reversis_json
from scorekeeper.engine.reversis.record import from_json as reversis_from_json
from scorekeeper.engine.hearts.simulate import random_record
from tests.support.corehands import CORE, core_value
from scorekeeper.engine.state import HandState
from scorekeeper.engine.tripoli import progress as tripoli_progress
from scorekeeper.engine.tripoli import simulate as tripoli_simulate
from scorekeeper.engine.tripoli import to_json as tripoli_json

HANDS = settings(max_examples=3, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)



def core_reference(value: dict[str, Any]) -> tuple[str | None, tuple[str, ...] | None]:
    """Whose turn and the cards offered, by the trial replays alone (the path before the state object)."""
    record = records.from_json(value)
    try:
        audited = replay(record, audit=True)
    except ScorekeeperError as exc:  # a moon certain before the last trick: its cards are still played
        assert exc.code == "moon-choice" and core_progress._last_trick_to_tap(record), exc
        audited = core_progress._with_a_choice(record, last=False)
    held = core_progress._held(audited)
    names = record.players
    if held is None:
        played = {item.card for item in record.play}
        assert audited.layout is not None
        pack = [c for c in sorted(audited.layout.copies) if c not in played]
        turn = core_progress._turn(record, pack)
        if turn is not None and core_progress._club_unshown(record):
            return names[turn], tuple(c.code for c in pack if core_progress._takes(record, c))
        return (None if turn is None else names[turn]), None
    turn = core_progress._turn(record, sorted({c for h in held for c in h}))
    if turn is None:  # Domino Hearts: the player on turn draws the card he plays
        return None, ()
    return names[turn], tuple(c.code for c in sorted(set(held[turn])) if core_progress._takes(record, c))


def _decision_points(walk: Walk, value: dict[str, Any]) -> list[tuple[dict[str, Any], Action, Progress]]:
    """Each record cut before one of its actions, the action taken there, and the progress there."""
    out = []
    for k, action in enumerate(walk.actions(value)):
        cut = walk.cut(value, k)
        out.append((cut, action, walk.progress(cut)))
    return out


def _check_card_point(state: HandState, action: Action) -> None:
    """The card taken is legal; every other card of the pack the state refuses with the replay's code."""
    assert state.can(action), (action, state.progress)
    legal = state.legal_actions()
    if not legal:  # not known (no deal), or Domino Hearts' card drawn from the stock before it is played
        return
    assert action.value in [a.value for a in legal]
    assert all(a.player == state.to_act for a in legal)


@HANDS
@given(seed=seeds, deal=st.booleans())
@pytest.mark.parametrize(("game", "options", "n"), CORE, ids=[f"{g}-{'-'.join(map(str, o.values())) or 'std'}-{n}"
                                                               for g, o, n in CORE])
def test_core_state_agrees_with_the_trial_replays(game: str, options: dict[str, Any], n: int, seed: int,
                                                  deal: bool) -> None:
    value = core_value(game, options, n, seed, deal)
    for cut, action, progress in _decision_points(core_progress.WALK, value):
        if progress.kind != "play" or (not records.from_json(cut).play and core_progress._says_leader(
                records.from_json(cut))):
            continue
        assert (progress.player, progress.choices) == core_reference(cut), cut
        if action.kind == "play" and not make_ruleset(game, options or None).variant.players_drop_out:
            # (Domino Hearts: a card drawn from the stock is played without being among the cards held, in
            # both paths alike)
            _check_card_point(core_progress.state(cut), dataclasses.replace(action, player=None))


def _card(code: str) -> Any:
    from scorekeeper.engine.cards import card

    return card(code)


@HANDS
@given(seed=seeds, revoke=st.sampled_from([0.0, 0.1]))
def test_reversis_state_agrees_with_the_trial_replays(seed: int, revoke: float) -> None:
    rng = random.Random(seed)
    value = reversis_json(reversis_simulate.random_record(("A", "B", "C", "D"), rng, dealer=rng.randrange(4),
                                                          revoke=revoke))
    for cut, action, progress in _decision_points(reversis_progress.WALK, value):
        if progress.kind != "play" or progress.choices is None:
            continue
        record = reversis_from_json(cut)
        held = sorted(_card(c) for c in progress.state["hands"][progress.player])
        expected = tuple(c.code for c in held if reversis_progress._takes(record, c))
        assert progress.choices == expected, cut
        if action.kind == "play":
            _check_card_point(reversis_progress.state(cut), dataclasses.replace(action, player=None))


@HANDS
@given(seed=seeds, game=st.sampled_from(["tripoli", "cosmo"]))
def test_tripoli_state_offers_each_action_taken(seed: int, game: str) -> None:
    value = tripoli_json(tripoli_simulate.random_record(game, ["A", "B", "C", "D"], random.Random(seed)))
    for cut, action, progress in _decision_points(tripoli_progress.WALK, value):
        state = tripoli_progress.state(cut)
        assert state.to_act == progress.player and state.kind == progress.kind
        if action.kind in tripoli_progress.WALK.declared or action.kind in progress.declare:
            continue
        assert state.can(action), (action, progress)
        assert state.apply(action).progress == tripoli_progress.progress(tripoli_progress.WALK.extend(cut, action))


def test_verify_refuses_with_the_replays_code_and_sentence() -> None:
    value = core_value("black-lady", {}, 4, 7, True)
    walk = core_progress.WALK
    cut = walk.cut(value, 6)  # in the second trick: someone must follow
    state = core_progress.state(cut)
    legal = state.legal_actions()
    assert legal is not None and state.to_act is not None
    held = state.progress.state["hands"][state.to_act]
    wrong = [c for c in held if c not in [a.value for a in legal]]
    for code in wrong:
        action = Action("play", None, code)
        with pytest.raises(ScorekeeperError) as caught:
            state.verify(action)
        with pytest.raises(ScorekeeperError) as replayed:
            walk.progress(walk.extend(cut, action))
        assert (caught.value.code, caught.value.message) == (replayed.value.code, replayed.value.message)
        assert not state.can(action)
    other = next(p for p in records.from_json(cut).players if p != state.to_act)
    with pytest.raises(ScorekeeperError) as caught:
        state.verify(Action("play", other, legal[0].value))
    assert caught.value.code == "not-next"
    with pytest.raises(ScorekeeperError) as caught:
        state.verify(Action("moon-choice", None, "add"))
    assert caught.value.code == "not-next"
    after = state.apply(legal[0])
    assert after.progress == walk.progress(walk.extend(cut, legal[0]))
    whole = core_progress.state(value)
    assert whole.complete and whole.legal_actions() == () and whole.to_act is None
    with pytest.raises(ScorekeeperError) as caught:
        whole.verify(Action("play", None, "2C"))
    assert caught.value.code == "complete"


def test_a_tap_starts_from_the_state_its_record_kept() -> None:
    """The answer to a tap keeps its record's state; the next tap, posting that record, replays only the longer
    record (and a record never seen costs one replay more, with the same answer)."""
    value = core_value("black-lady", {}, 4, 11, True)
    walk = core_progress.WALK
    actions = walk.actions(value)
    record = walk.cut(value, 0)
    longer, first = advance(walk, record, actions[0])
    assert state_mod._key(walk, longer) in state_mod._KNOWN
    calls = []
    real = walk.progress

    def counting(value: Any, offer: bool = True) -> Progress:
        calls.append(offer)
        return real(value, offer)

    counted = dataclasses.replace(walk, progress=counting)
    state_mod._KNOWN[state_mod._key(counted, longer)] = first  # type: ignore[index]
    again, second = advance(counted, longer, actions[1])
    assert calls == [True] and again == walk.cut(value, 2)
    state_mod._KNOWN.clear()
    calls.clear()
    assert advance(counted, longer, actions[1]) == (again, second) and calls == [False, True]


def test_every_family_gives_its_state() -> None:
    for value in (core_value("hearts", {}, 4, 3, True),
                  reversis_json(reversis_simulate.random_record(("A", "B", "C", "D"), random.Random(3))),
                  tripoli_json(tripoli_simulate.random_record("tripoli", ["A", "B", "C", "D"], random.Random(3)))):
        family = family_of_record(value)
        state = {"hearts": core_progress.state, "reversis": reversis_progress.state,
                 "tripoli": tripoli_progress.state}[family.id](value)
        assert state.complete and state.progress.to_json()["outcome"] == family.replay_json(value)


def revoked(seed: int, deal: bool = True, trick: int | None = None) -> dict[str, Any] | None:
    """A Black Lady hand whose record ends at a revoke the table let stand (in ``trick``, or any), or None."""
    rng = random.Random(seed)
    record = random_record("black-lady", ["Ann", "Bob", "Cat", "Dan"], rng)
    outcome = replay(record, snapshots=True)
    tricks = [trick] if trick is not None else list(range(1, 13))
    rng.shuffle(tricks)
    for t in tricks:
        for k in range((t - 1) * 4 + 1, t * 4):
            before = outcome.snapshots[k - 1]
            seat = outcome.snapshots[k].seat
            led = outcome.snapshots[(t - 1) * 4].card.suit
            off = [c for c in before.holdings[seat] if c.suit is not led]
            if not off:
                continue
            bad = records.PlayItem(off[0])
            plays = (*record.play[:k], bad)
            value = records.to_json(dataclasses.replace(record, play=plays, events=(
                {"type": "revoke", "player": record.players[seat], "trick": t},)))
            if not deal:  # the cards after the revoke, played on, prove it
                later = [item for item in record.play[k + 1:] if item.card != off[0]]
                value = {k2: v for k2, v in value.items() if k2 not in ("deal", "passes", "pass_direction")}
                value["play"] = [*value["play"], *(item.card.code for item in later)]
            try:
                replay(records.from_json(value))
            except ScorekeeperError:
                continue
            return value
    return None


def _stood_by_walking(record: records.HandRecord) -> int | None:
    """The reference: a replay per card, the first after which the revoke stands."""
    for k in range(len(record.play)):
        try:
            if replay(dataclasses.replace(record, play=record.play[:k + 1])).revoke is not None:
                return k
        except ScorekeeperError:
            continue
    return None


@settings(max_examples=12, deadline=None, database=None)
@given(seed=seeds, deal=st.booleans())
def test_the_revoke_let_stand_is_found_as_a_walk_card_by_card_finds_it(seed: int, deal: bool) -> None:
    value = revoked(seed, deal)
    if value is None:
        return
    record = records.from_json(value)
    assert hearts_state.stood_at(record) == _stood_by_walking(record)


def test_an_audit_of_a_revoke_in_trick_11_walks_once() -> None:
    value = revoked(5, True, trick=11)
    assert value is not None
    family = family_of_record(value)
    answer = family.steps_json(value)
    assert answer["stood"]["error"]["code"] == "revoke" and answer["stood"]["error"]["trick"] == 11


@pytest.mark.parametrize("deal", [True, False])
def test_a_moon_certain_before_the_last_tricks_still_asks_their_cards(deal: bool) -> None:
    """Hearts, seed 151: every penalty card is taken with two tricks to go; the cards of those tricks are still
    asked (whose turn, the cards he may play) before the shooter's choice, by the state and the trial replays
    alike."""
    value = core_value("hearts", {}, 4, 151, deal)
    assert value["moon_choice"] is not None
    kinds = []
    for cut, _action, progress in _decision_points(core_progress.WALK, value):
        kinds.append(progress.kind)
        if progress.kind == "play":
            assert (progress.player, progress.choices) == core_reference(cut), cut
    assert kinds[-1] == "moon-choice" and kinds.count("play") == 52
