"""What was declared beside the cards, in words: trumps, Capot, the auction, the Joker
(``engine.output.hand_facts`` and ``facts_lines``), in ``scorekeeper replay --text`` and
``scorekeeper settle --text``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.cards import Suit, card
from scorekeeper.engine.hearts.output import HandFacts, facts_lines, hand_facts
from tests.support.examples import example

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
ABCD = ["Ann", "Bob", "Cat", "Dan"]


def facts(record: dict[str, Any]) -> tuple[HandFacts, list[str]]:
    outcome = replay(records.from_json(record))
    found = hand_facts(outcome)
    return found, facts_lines(found, outcome.players)


def passes(*players: str) -> list[dict[str, Any]]:
    return [{"type": "bid", "player": p, "pass": True} for p in players]


@pytest.mark.parametrize("record, lines", [
    (example("knaves-hand"), ["trumps: hearts (3♥ turned up)"]),
    (example("polignac-hand"), ["Capot: Ann declared and took all four jacks"]),
    (example("auction-hearts-hand"), ["auction: Ann 2, Bob pass, Cat pass, Dan 4; Dan names clubs"]),
    (example("joker-hearts-hand"), ["the Joker: played by Cat"]),  # card by card: the tricks say who
    (example("black-lady-hand"), []),
    ({"game": "polignac", "players": ABCD, "dealer": "Dan", "events": [{"type": "capot", "player": "Dan"}],
      "taken": {"Ann": {"first_trick": 1}, "Bob": {}, "Cat": {"JC": 1}, "Dan": {"JS": 1, "JH": 1, "JD": 1, "last_trick": 1}}},
     ["Capot: Dan declared and failed"]),
    ({"game": "knaves", "options": {"trump": "fixed-per-deal"}, "players": ABCD[:3], "dealer": "Cat",
      "events": [{"type": "trumps", "suit": "D"}],
      "taken": {"Ann": {"tricks": 17, "JS": 1, "JH": 1, "JD": 1, "JC": 1}, "Bob": {"tricks": 0}, "Cat": {"tricks": 0}}},
     ["trumps: diamonds (named)"]),
    ({"game": "auction-hearts", "players": ABCD, "dealer": "Ann",
      "events": [{"type": "penalty-suit", "suit": "D", "player": "Bob"}],
      "taken": {"Ann": {"hearts": 0}, "Bob": {"hearts": 4}, "Cat": {"hearts": 5}, "Dan": {"hearts": 4}}},
     ["auction: Bob keeps the choice and names diamonds"]),
    ({"game": "auction-hearts", "players": ABCD, "dealer": "Ann", "events": passes("Bob", "Cat", "Dan", "Ann")},
     ["auction: Bob pass, Cat pass, Dan pass, Ann pass; everybody passed: no hand"]),
    ({"game": "joker-hearts", "players": ABCD[:3], "dealer": "Cat", "events": [{"type": "joker", "widow": True}],
      "taken": {"Ann": {"hearts": 5}, "Bob": {"hearts": 7}, "Cat": {"hearts": 0, "JK": 1}}},
     ["the Joker: it lay in the widow"]),
])
def test_what_was_declared_in_words(record: dict[str, Any], lines: list[str]) -> None:
    assert facts(record)[1] == lines


def test_the_facts_are_values() -> None:
    found, _ = facts(example("knaves-hand"))
    assert (found.trumps, found.turned_up, found.capot, found.auction) == (Suit.HEARTS, card("3H"), (), False)
    found, _ = facts(example("auction-hearts-hand"))
    assert found.auction and found.bids == ((0, 2), (1, None), (2, None), (3, 4))
    assert (found.namer, found.suit) == (3, Suit.CLUBS)


def test_replay_text_says_trumps_capot_and_the_auction(capsys: pytest.CaptureFixture[str]) -> None:
    for name, line in (("knaves-hand", "trumps: hearts (3♥ turned up)"),
                       ("polignac-hand", "Capot: Ann declared and took all four jacks"),
                       ("auction-hearts-hand", "auction: Ann 2, Bob pass, Cat pass, Dan 4; Dan names clubs")):
        assert main(["replay", str(EXAMPLES / f"{name}.json"), "--text"]) == 0
        out = capsys.readouterr().out.splitlines()
        assert out[1] == line and out[2].startswith("trick")  # after the title, before the trick table


def test_settle_text_says_them_under_each_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", str(EXAMPLES / "auction-hearts-session.json"), "--text"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:3] == ["hand 1 (dealer Dan), pool after: 1",
                        "  auction: Ann 2, Bob pass, Cat 3, Dan 4; Dan names clubs"]
    assert "  auction: Bob keeps the choice and names diamonds" in out
    assert main(["settle", str(EXAMPLES / "polignac-session.json"), "--text"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[out.index("hand 3 (dealer Bob), pool after: 0") + 1] == "  Capot: Dan declared and failed"
    assert main(["settle", str(EXAMPLES / "knaves-session.json"), "--text"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[out.index("hand 3 (dealer Bob), pool after: 0") + 1] == "  trumps: hearts (J♥ turned up)"
    # The JSON output is the contract, unchanged: no facts in it.
    assert main(["settle", str(EXAMPLES / "knaves-session.json")]) == 0
    assert "trumps" not in json.loads(capsys.readouterr().out)["hands"][2]
