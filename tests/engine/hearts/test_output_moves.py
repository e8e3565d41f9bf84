"""What a replay does beside the plays, for a person and in the JSON: Domino Hearts' draws (who drew
what, in order) and who kept the last cards and the stock; Conquimbert's trades (reversed ones too) and
the card turned up for trumps, from the record's widow or its ``trumps`` event
(``engine.output.hand_facts``, ``facts_lines``; ``scorekeeper replay`` and ``scorekeeper settle``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.hearts.output import facts_lines, hand_facts, outcome_json, outcome_line
from tests.support.domino import two_handed
from tests.support.examples import example

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
DOMINO_DRAWS = ("draws: trick 1: Bob 8♠, Cat 2♦ 7♠; trick 2: Bob 6♠, Cat 3♦ 5♠; trick 3: Bob 4♠, Cat 3♠; "
                "trick 4: Bob 2♠, Cat 4♦ 8♥ 8♣ 5♦ 9♥ 9♣ 6♦ 10♥ 10♣ 7♦ J♥ J♣ 8♦ Q♥ Q♣ 9♦ K♥ K♣ 10♦ A♥ A♣ J♦ Q♦ K♦ A♦")
CAT_KEEPS = ("Cat keeps A♥ K♥ Q♥ J♥ 10♥ 9♥ A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣")
TRADES = ["trade: Bob traded J♣ for Ann's K♦", "trade: Cat traded J♥ for Eve's Q♠",
          "trade: Eve traded A♣ for Cat's 10♣ (both clubs: reversed)"]
EVE_CANNOT_FOLLOW = "trumps: diamonds (4♦ turned up when Eve could not follow in trick 5)"


def said(record: dict[str, Any]) -> list[str]:
    outcome = replay(records.from_json(record))
    return facts_lines(hand_facts(outcome), outcome.players)


def conquimbert_without_widow() -> dict[str, Any]:
    """The example hand with its turn-up said by an event instead of the widow."""
    record = {k: v for k, v in example("conquimbert-hand").items() if k != "widow"}
    return {**record, "events": [*record["events"], {"type": "trumps", "card": "4D"}]}


BOB_HOLDS_HEARTS = two_handed("2H 3H 4H 5H 6H 7H", "2C 8S 3C 4C 7S 6S 5D 6D 5S 4S 3S",
                              "AS 8S KS 7S QS 6S JS 5S TS 4S 9S 3S")
BOTH_RUN_OUT = two_handed("8S 7S 6S 5S 4S 3S", "", "AS 8S KS 7S QS 6S JS 5S TS 4S 9S 3S")


@pytest.mark.parametrize(("record", "lines"), [
    (example("domino-hearts-hand"), [DOMINO_DRAWS, CAT_KEEPS]),
    # Bob, alone with cards after trick 6, keeps them and takes the 29 cards left in the stock
    (BOB_HOLDS_HEARTS,
     ["draws: trick 1: Bob 2♣ 8♠; trick 2: Bob 3♣ 4♣ 7♠; trick 3: Bob 6♠; trick 4: Bob 5♦ 6♦ 5♠; trick 5: Bob 4♠; "
      "trick 6: Bob 3♠",
      "Bob keeps 7♥ 6♥ 5♥ 4♥ 3♥ 2♥ 6♦ 5♦ 4♣ 3♣ 2♣ and takes the stock, 2♠ A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ A♦ K♦ Q♦ J♦ 10♦ 9♦ "
      "8♦ 7♦ 4♦ 3♦ 2♦ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣"]),
    # AMB-17: both run out on one trick with the stock left: its winner takes the stock, keeping nothing
    (BOTH_RUN_OUT, ["Ann takes the stock, 2♠ A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥ A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ "
                    "4♦ 3♦ 2♦ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣"]),
    (example("conquimbert-hand"), [*TRADES, EVE_CANNOT_FOLLOW]),  # the turn-up is the widow's top card
    (conquimbert_without_widow(), [*TRADES, EVE_CANNOT_FOLLOW]),  # or the event's card
    ({"game": "conquimbert", "players": ["Ann", "Bob", "Cat"], "dealer": "Cat",
      "events": [{"type": "trumps", "card": "4D"}],
      "taken": {"Ann": {"points": 50}, "Bob": {"points": 40}, "Cat": {"points": 18}}},
     ["trumps: diamonds (4♦ turned up)"]),  # a quick result: who could not follow is not said
    (example("black-lady-hand"), []),
])
def test_the_moves_in_words(record: dict[str, Any], lines: list[str]) -> None:
    assert said(record) == lines


def test_no_trumps_when_everybody_follows() -> None:
    """The widow says what would be turned up; the hand has trumps only if someone could not follow."""
    record = example("conquimbert-hand")
    outcome = replay(records.from_json(record))
    followed = replay(records.from_json({**record, "play": record["play"][:20]}), audit=True)  # four tricks followed
    assert followed.error is None and followed.tricks is not None and len(followed.tricks) == 4
    facts = hand_facts(followed)
    assert facts.trumps is None and facts.turned_up is None and facts.turned_by is None
    assert hand_facts(outcome).turned_by == 4 and hand_facts(outcome).turned_trick == 5


def test_the_json_output_gains_the_moves_as_new_fields() -> None:
    """RECORDS.md: fields are added, never changed. Other games' output is exactly what it was."""
    domino = outcome_json(replay(records.from_json(example("domino-hearts-hand"))))
    assert domino["draws"][:2] == [{"player": "Bob", "cards": ["8S"], "play": 1, "trick": 1},
                                   {"player": "Cat", "cards": ["2D", "7S"], "play": 2, "trick": 1}]
    assert [d["trick"] for d in domino["draws"]] == [1, 1, 2, 2, 3, 3, 4, 4]
    assert domino["kept"]["player"] == "Cat" and len(domino["kept"]["cards"]) == 26 and domino["kept"]["stock"] == []
    conquimbert = outcome_json(replay(records.from_json(example("conquimbert-hand"))))
    assert conquimbert["trades"][2] == {"player": "Eve", "card": "AC", "partner": "Cat", "partner_card": "TC",
                                        "reversed": True}
    assert conquimbert["turned_up"] == {"card": "4D", "player": "Eve", "play": 21, "trick": 5}
    black_lady = outcome_json(replay(records.from_json(example("black-lady-hand"))))
    assert list(black_lady) == ["ok", "game", "tricks", "taken", "points", "moon"]
    for name in ("domino-hearts-hand", "conquimbert-hand", "black-lady-hand", "knaves-hand"):
        outcome = replay(records.from_json(example(name)))
        assert outcome_line(outcome) == json.dumps(outcome_json(outcome), ensure_ascii=False)


def test_replay_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLES / "domino-hearts-hand.json"), "--text"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == DOMINO_DRAWS and out[2].startswith("trick")
    assert out[out.index("taken:") - 1] == CAT_KEEPS  # after the trick table: how the hand ended
    assert main(["replay", str(EXAMPLES / "conquimbert-hand.json"), "--text"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:5] == [*TRADES, EVE_CANNOT_FOLLOW] and out[5].startswith("trick")
    assert main(["replay", str(EXAMPLES / "domino-hearts-hand.json")]) == 0
    assert json.loads(capsys.readouterr().out)["draws"][0]["player"] == "Bob"


def test_settle_text_says_them_under_each_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["settle", str(EXAMPLES / "domino-hearts-session.json"), "--text"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:4] == ["hand 1 (dealer Cat), pool after: 0", f"  {DOMINO_DRAWS}", f"  {CAT_KEEPS}"]
    assert out[4].startswith("  Ann took 2 hearts")
    hand = {k: v for k, v in example("conquimbert-hand").items() if k not in ("game", "players", "dealer", "hand")}
    session = {"game": "conquimbert", "players": ["Ann", "Bob", "Cat", "Dan", "Eve"], "first_dealer": "Eve",
               "hands": [hand]}
    path = tmp_path / "session.json"
    path.write_text(json.dumps(session), encoding="utf-8")
    assert main(["settle", str(path), "--text"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:6] == ["hand 1 (dealer Eve), pool after: 0", *(f"  {line}" for line in TRADES),
                        f"  {EVE_CANNOT_FOLLOW}"]
    assert main(["settle", str(path)]) == 0  # the settle JSON is the contract, unchanged
    assert "trades" not in json.loads(capsys.readouterr().out)["hands"][0]
