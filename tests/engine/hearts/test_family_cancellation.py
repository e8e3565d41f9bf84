"""Cancellation Hearts (catalogue 2.12, AMB-27): Black Lady with two packs for 6 to 11 players; identical
cards cancel, dead tricks go to the next trick's winner (or out of play at the end); 52 a hand; to 150.

Random legal play and injected illegal plays: ``test_family_common.py``.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.engine import Seating
from scorekeeper.engine.hearts.hand import Hand
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.cards import card, cards
from scorekeeper.engine.errors import ImpossibleResult
from scorekeeper.engine.hearts.output import outcome_json
from scorekeeper.engine.hearts.settlement import session_from_json, settle

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
SIX = ("P1", "P2", "P3", "P4", "P5", "P6")
FREE = {"first_lead": "eldest-any", "break": "none", "pass": "none"}  # the examples lead hearts at once


def example_hand() -> dict[str, Any]:
    return json.loads((EXAMPLES / "cancellation-hearts-hand.json").read_text(encoding="utf-8"))


def table(held: list[str], widow: str = "", players: tuple[str, ...] = SIX) -> Hand:
    """P1 leads (the last player deals); the options let any card be led."""
    ruleset = make_ruleset("cancellation-hearts", FREE)
    return Hand(ruleset, Seating(players), len(players) - 1, [cards(h) for h in held], widow=cards(widow))


@pytest.mark.parametrize(("n", "size", "widow", "passed"),
                         [(6, 17, 2, 2), (7, 14, 6, 2), (8, 13, 0, 2), (9, 11, 5, 2), (10, 10, 4, 2), (11, 9, 5, 2)])
def test_two_packs_dealt_as_far_as_they_go(n: int, size: int, widow: int, passed: int) -> None:
    ruleset = make_ruleset("cancellation-hearts")
    layout = ruleset.layout(n)
    assert (layout.hand_size, layout.widow_size, len(layout.pack), layout.double_deck) == (size, widow, 104, True)
    # left-3 with two cards from six players on: the engine's reading of 003's "with 6 or 7 players only 2"
    # for every Hearts game (AMB-27 names 6-7; the same rule carries on to 8-11 as for double-pack Hearts)
    assert ruleset.pass_count(n) == passed
    assert (ruleset.first_lead, ruleset.break_rule, ruleset.target) == ("eldest-no-spade-heart", "lead-restricted", 150)


# (cards in the order played, the winner's position in the trick, or None: the trick is dead)
@pytest.mark.parametrize(
    ("played", "winner"),
    [
        ("TH 3H TH 2H KC 5D", 1),  # the source's caption: the two TH cancel, the 3H takes the trick
        ("9S 9S KD KD 4S JS 3S 2S", None),  # own example (8 players): two exact pairs, a dead trick
        ("TH TH KC 5D 4S 3S", None),  # a pair, and no other heart: dead (AMB-27)
        ("TH TH 2H 5D 4S 3S", 2),  # the led suit is the first card's, even cancelled
        ("KC 5D 5D AC 4C 3C", 3),  # a cancelled pair off the suit led
        ("AS KS QS JS TS 9S", 0),  # nothing cancelled: T-STD
    ],
)
def test_which_card_wins(played: str, winner: int | None) -> None:
    plays = list(enumerate(cards(played)))
    hand = table([""] * len(plays), players=tuple(f"P{i + 1}" for i in range(len(plays))))
    assert hand._cancelled_winner(plays) == (-1 if winner is None else winner)


def test_the_caption_example_played_out() -> None:
    hand = table(["TH 2S", "3H 3S", "TH 4S", "2H 5S", "KC 6S", "5D 7S"])
    hand.run([(c, None) for c in cards("TH 3H TH 2H KC 5D")])
    assert hand.tricks[0].winner == 1 and Counter(hand.taken[1]) == Counter(cards("TH 3H TH 2H KC 5D"))
    assert hand.turn == 1  # the winner leads next


def test_dead_tricks_accumulate_and_go_to_the_next_winner() -> None:
    hand = table(["9S 3D 5H", "9S 3D 6H", "KD 4D 7H", "KD 4D 8H", "4S 5D 9H", "JS 6D TH"], widow="QS 2C")
    hand.run([(c, None) for c in cards("9S 9S KD KD 4S JS")])
    assert hand.tricks[0].winner == -1 and hand.turn == 0  # dead: its leader leads again
    hand.run([(c, None) for c in cards("3D 3D 4D 4D 5D 6D")])
    assert hand.tricks[1].winner == -1 and len(hand.dead) == 12 and not any(hand.taken)
    hand.run([(c, None) for c in cards("5H 6H 7H 8H 9H TH")])
    assert hand.tricks[2].winner == 5 and hand.is_over and not hand.dead
    assert len(hand.taken[5]) == 18 + 2  # three tricks, and the widow with the first trick won


def test_a_dead_last_trick_is_out_of_play() -> None:
    hand = table(["AS 5H", "KS 5H", "QS 7H", "JS 7H", "TS 9H", "9S QS"])
    hand.run([(c, None) for c in cards("AS KS QS JS TS 9S")])
    assert hand.tricks[0].winner == 0
    hand.run([(c, None) for c in cards("5H 5H 7H 7H 9H QS")])  # two pairs: dead, and nothing follows
    assert hand.is_over and Counter(hand.dead) == Counter(cards("5H 5H 7H 7H 9H QS"))
    assert all(c not in hand.taken[0] for c in cards("5H 9H"))


def test_the_example_hand() -> None:
    outcome = replay(records.from_json(example_hand()))
    assert outcome.tricks is not None
    assert [t.number for t in outcome.tricks if t.winner < 0] == [3, 4, 14]
    # tricks 3 and 4 (4S 4S and 6S 6S; 3S 3S and KS KS) are dead; Cat's AS wins trick 5 and takes all three
    assert outcome.players[outcome.tricks[4].winner] == "Cat"
    # trick 1: Dan's and Eve's AC cancel, Cat's KC wins
    assert outcome.players[outcome.tricks[0].winner] == "Cat"
    assert outcome.points_by_player() == {"Ann": 21, "Bob": 4, "Cat": 1, "Dan": 1, "Eve": 11, "Fay": 14}
    assert sum(outcome.points) == 52  # type: ignore[arg-type]
    shown = outcome_json(outcome)["tricks"]
    assert [i + 1 for i, t in enumerate(shown) if t["winner"] is None] == [3, 4, 14]


def test_moon_needs_every_penalty_card_of_both_packs() -> None:
    names = ["A", "B", "C", "D", "E", "F"]
    taken = {n: {"hearts": 0} for n in names}
    taken["A"] = {"hearts": 26, "QS": 2}
    record = {"game": "cancellation-hearts", "players": names, "dealer": "F", "taken": taken, "moon_choice": "add"}
    assert replay(records.from_json(record)).points == (0, 26, 26, 26, 26, 26)
    record["options"] = {"moon_value": 52}
    assert replay(records.from_json(record)).points == (0, 52, 52, 52, 52, 52)
    record["taken"] = {**taken, "A": {"hearts": 25, "QS": 2}}  # one heart out of play in a dead last trick
    assert replay(records.from_json(record)).points == (51, 0, 0, 0, 0, 0)


@pytest.mark.parametrize(
    ("taken", "ok"),
    [
        ({"A": {"hearts": 21, "QS": 1}}, True),  # 5 hearts and a QS out of play, in dead tricks at the end
        ({"A": {"hearts": 0}}, True),  # in theory every trick may be dead
        ({"A": {"hearts": 27, "QS": 2}}, False),
        ({"A": {"hearts": 20, "QS": 2}, "B": {"hearts": 0, "QS": 1}}, False),  # QS three times
    ],
)
def test_quick_results_with_cards_out_of_play(taken: dict[str, Any], ok: bool) -> None:
    names = ["A", "B", "C", "D", "E", "F"]
    record = {"game": "cancellation-hearts", "players": names, "dealer": "F",
              "taken": {**{n: {"hearts": 0} for n in names}, **taken}}
    if ok:
        replay(records.from_json(record))
    else:
        with pytest.raises(ImpossibleResult):
            replay(records.from_json(record))


def test_a_session_settles_through_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = {k: v for k, v in example_hand().items() if k not in ("game", "players")}
    quick = {"taken": {"Ann": {"hearts": 26, "QS": 2}, **{n: {"hearts": 0} for n in ("Bob", "Cat", "Dan", "Eve", "Fay")}},
             "moon_choice": "add"}
    session = {"game": "cancellation-hearts", "players": ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"],
               "first_dealer": "Fay", "hands": [hand] + [quick] * 5}
    path = tmp_path / "session.json"
    path.write_text(json.dumps(session), encoding="utf-8")
    assert main(["settle", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["settlement"] == "cumulative"
    # Ann's five moons (add) give everyone else 26 a hand: Fay reaches 14 + 130 = 144, Eve 141: under 150
    assert out["totals"] == {"Ann": 21, "Bob": 134, "Cat": 131, "Dan": 131, "Eve": 141, "Fay": 144}
    assert not out["finished"]
