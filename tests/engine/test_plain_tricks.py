"""The trick machine's one loop (``TrickMachine.plain``) against its general loop, card by card (hypothesis).

Random deals of one pack to 3 to 6 players under random plain rules (what breaks, what the first trick bars,
which leads are free before the break, trumps or none) are played with mostly legal cards and now and then a
card off the rules (a revoke, a card not held, a card of another seat, a play named out of turn, a lead before
the break): after every card both machines hold the same state, or both refuse it with the same code, places
and sentence. The core's games replay through it (tests/engine/hearts/test_plain_play.py).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.cards import ALL_CARDS, Card, Suit
from scorekeeper.engine.errors import IllegalPlay
from scorekeeper.engine.seating import Seating
from scorekeeper.engine.tricks import ALL_BITS, SUIT_BITS, TrickMachine, TrickRules

HEARTS = SUIT_BITS[1]
QS = next(c for c in ALL_CARDS if c.code == "QS").bit
MANY = settings(max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def state(m: TrickMachine) -> tuple[Any, ...]:
    return (m.turn, m.leader, m.broken, list(m.current), m._led, list(m._held), list(m.tricks),
            [list(t) for t in m.taken], m.plays_made, m.trick_number, m.is_over)


def refusal(exc: IllegalPlay) -> tuple[Any, ...]:
    return (type(exc), exc.code, exc.message, exc.said, exc.play, exc.trick, exc.player, exc.card)


def machines(rules: TrickRules, n: int, dealer: int, hands: list[list[Card]],
             trump: Suit | None) -> tuple[TrickMachine, TrickMachine]:
    seating = Seating(tuple(f"P{i}" for i in range(n)), True)
    plain = TrickMachine(rules, seating, dealer, hands, trump=trump)
    general = TrickMachine(rules, seating, dealer, hands, trump=trump)
    general._plain = False
    assert plain.plain and not general.plain
    return plain, general


def a_play(m: TrickMachine, rng: random.Random) -> tuple[Card, int | None]:
    """Mostly a legal card; now and then one off the rules."""
    roll = rng.random()
    legal = m.legal_plays()
    if roll < 0.93 and legal:
        return rng.choice(legal), None if rng.random() < 0.8 else m.turn
    if roll < 0.96:
        return rng.choice(ALL_CARDS), None  # mostly a card not held
    if roll < 0.98:
        held = [c for c, _ in m.holding[m.turn].items()]
        return (rng.choice(held) if held else rng.choice(ALL_CARDS)), None  # maybe a revoke or a barred lead
    return rng.choice(ALL_CARDS), rng.randrange(m.n)  # maybe out of turn


@MANY
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(3, 6), breaks=st.sampled_from([0, HEARTS, HEARTS | QS]),
       barred=st.sampled_from([0, HEARTS | QS]), free=st.sampled_from([ALL_BITS, ALL_BITS & ~HEARTS, 0]),
       trump=st.sampled_from([None, Suit.SPADES, Suit.CLUBS]), whole=st.booleans())
def test_the_one_loop_plays_as_the_general_machine(seed: int, n: int, breaks: int, barred: int, free: int,
                                                   trump: Suit | None, whole: bool) -> None:
    rng = random.Random(seed)
    pack = list(ALL_CARDS)
    rng.shuffle(pack)
    size = len(pack) // n
    hands = [pack[i * size:(i + 1) * size] for i in range(n)]
    rules = TrickRules(breaks=breaks, first_trick_barred=barred, plain=True, free_leads=free)
    plain, general = machines(rules, n, rng.randrange(n), hands, trump)
    plays: list[tuple[Card, int | None]] = []
    while not general.is_over and len(plays) < n * size + 2:
        play = a_play(general, rng)
        plays.append(play)
        try:
            general.run((play,))
        except IllegalPlay:
            break
    if whole:  # the replay's way: all the plays in one call, up to the first refused
        plain, general = machines(rules, n, plain.dealer, hands, trump)
        outcomes = []
        for m in (plain, general):
            try:
                m.run(plays)
                outcomes.append(None)
            except IllegalPlay as exc:
                outcomes.append(refusal(exc))
        assert outcomes[0] == outcomes[1]
        assert state(plain) == state(general)
        return
    plain, general = machines(rules, n, plain.dealer, hands, trump)
    for play in plays:  # card by card
        answers = []
        for m in (plain, general):
            try:
                m.run((play,))
                answers.append(None)
            except IllegalPlay as exc:
                answers.append(refusal(exc))
        assert answers[0] == answers[1], play
        assert state(plain) == state(general)
        if answers[0] is not None:
            break


def test_a_double_pack_or_a_trick_out_of_turn_is_played_by_the_general_loop() -> None:
    seating = Seating(("A", "B", "C", "D"), True)
    rules = TrickRules(plain=True)
    hands = [list(ALL_CARDS[i * 13:(i + 1) * 13]) for i in range(4)]
    assert TrickMachine(rules, seating, 0, hands).plain
    assert not TrickMachine(TrickRules(), seating, 0, hands).plain  # a family says its rules are plain
    assert not TrickMachine(rules, seating, 0, hands, out_of_turn_tricks=[3]).plain
    assert not TrickMachine(rules, seating, 0, [h + h for h in hands]).plain
    # A double pack dealt apart (eight players of Hearts 003, or its hands rebuilt from the plays): the same card in
    # two seats, which the loop's one mask of cards gone cannot tell apart (2C played by A, then by F, was refused)
    assert not TrickMachine(rules, seating, 0, [h + hands[0][:1] if i else h for i, h in enumerate(hands)]).plain


@pytest.mark.parametrize("named", [None, 2])
def test_the_one_loop_refuses_with_the_general_words(named: int | None) -> None:
    seating = Seating(("A", "B", "C", "D"), True)
    hands = [list(ALL_CARDS[i * 13:(i + 1) * 13]) for i in range(4)]  # A: spades, B: hearts, C: diamonds, D: clubs
    m = TrickMachine(TrickRules(plain=True), seating, 3, hands)  # A leads
    with pytest.raises(IllegalPlay) as caught:
        m.run([(hands[0][0], None), (hands[0][1], named)])
    assert caught.value.code == ("out-of-turn" if named is not None else "not-in-hand")
    assert m.plays_made == 1 and m.turn == 1
