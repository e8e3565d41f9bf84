"""The core's games on the trick machine's one loop (``TrickMachine.plain``): the same outcome, or the same refusal,
as the general loop, for random legal hands and hands broken at random (hypothesis), and the loop is really the one
a Black Lady hand is replayed by."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.cards import ALL_CARDS, PlayItem
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.hearts.games import GAMES, make_ruleset
from scorekeeper.engine.hearts.hand import Hand, trick_rules
from scorekeeper.engine.hearts.output import outcome_line
from scorekeeper.engine.hearts.records import HandRecord
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.hearts.variant import Variant
from scorekeeper.engine.tricks import TrickMachine
from tests.support.corehands import CASES, case_id, legal_game

MANY = settings(max_examples=400, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
# Every game of the core at every table size it allows, and the option variants of the properties' cases.
ALL_CASES = sorted({case_id(case): case for case in CASES + [
    (game, {}, n) for game in GAMES for n in range(make_ruleset(game, {}).min_players, make_ruleset(game, {}).max_players + 1)
]}.values(), key=case_id)
PLAIN_CASES = [case for case in ALL_CASES if trick_rules(make_ruleset(case[0], case[1])).plain]


def answer(record: HandRecord) -> tuple[Any, ...]:
    """What the replay prints, or the refusal's class, code, places and sentence."""
    try:
        return ("ok", outcome_line(replay(record)))
    except ScorekeeperError as exc:
        return (type(exc), exc.code, exc.message, exc.said, exc.play, exc.trick, exc.player, exc.card)


def general_answer(record: HandRecord) -> tuple[Any, ...]:
    """``answer`` with the one loop off: no variant's play counts as plain."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Variant, "plain_play", False)
        patch.setattr("scorekeeper.engine.hearts.hand._TRICK_RULES", {})
        return answer(record)


def broken(record: HandRecord, rng: random.Random) -> HandRecord:
    """The record with its plays spoiled at random: two of one player's cards swapped (a revoke, a lead before the
    break or the first lead's rule broken, a point on the first trick), two of anyone's, one card changed, one named
    out of turn, or the hand cut short."""
    play = list(record.play)
    i, j = rng.randrange(len(play)), rng.randrange(len(play))
    how = rng.randrange(6)
    if how < 2:
        tricks = replay(record).tricks or ()
        seats = [seat for t in tricks for seat, _ in t.plays]
        later = [k for k in range(i + 1, len(seats)) if seats[k] == seats[i]]
        if later:
            j = rng.choice(later)
        play[i], play[j] = play[j], play[i]
    elif how == 2:
        play[i], play[j] = play[j], play[i]
    elif how == 3:
        play[i] = PlayItem(rng.choice(ALL_CARDS), None)
    elif how == 4:
        play[i] = PlayItem(play[i].card, rng.choice(record.players))
    else:
        del play[i:]
    return dataclasses.replace(record, play=tuple(play))


@MANY
@given(case=st.sampled_from(ALL_CASES), seed=st.integers(0, 2**32 - 1), spoil=st.booleans())
def test_the_one_loop_replays_as_the_general_machine(case: tuple[str, dict[str, Any], int], seed: int,
                                                     spoil: bool) -> None:
    record = legal_game(case, seed)
    if spoil:
        record = broken(record, random.Random(seed))
    assert answer(record) == general_answer(record), case_id(case)


def test_most_games_are_plain() -> None:
    """The test above plays the one loop in most of the core's games (not only Black Lady)."""
    assert len(PLAIN_CASES) * 2 > len(ALL_CASES)
    assert not trick_rules(make_ruleset("gong-zhu", {})).plain
    assert not trick_rules(make_ruleset("joker-hearts", {})).plain


@pytest.mark.parametrize("seed", range(5))
def test_black_lady_takes_the_one_loop(seed: int) -> None:
    """A legal Black Lady hand asks ``check_play`` only for the first lead: every other card is judged in the loop."""
    record = legal_game(("black-lady", {}, 4), seed)
    asked = []
    check_play = TrickMachine.check_play

    def counted(self: TrickMachine, *args: Any) -> None:
        asked.append(args)
        check_play(self, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(TrickMachine, "check_play", counted)
        outcome = replay(record)
    assert isinstance(outcome.machine, Hand) or outcome.machine is None
    assert len(asked) == 1 and asked[0][0] is record.play[0].card
    assert answer(record) == general_answer(record)
