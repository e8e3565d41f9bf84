"""The stock games replayed from the plays alone: no deal, no stock order (catalogue 2.13, 2.14).

Two-Handed Hearts: both players draw after each of the first 13 tricks, so a later card proves a
renege only when more such cards were played later than the player drew after that trick
(``replay._proof_despite_draws``).

Domino Hearts: each play names its player and a ``kept`` event says who was left holding which
cards (and took the stock); each hand is then the cards played and kept, so a player drops out
right after his last play, as at the table (``replay._domino_hands``). Cards left in the stock
at the end mean it never ran out, so every card off the suit led is refused (code ``draw``);
with the stock used up, the first card off the suit led is taken as where it ran out, and from
there a later card proves a renege as in any hand.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.hearts import records

from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.errors import IllegalPlay, InconsistentRecord

from tests.support.helpers import said
from scorekeeper.engine.family import settle_json
from scorekeeper.engine.hearts.simulate import random_record

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def example(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def plays_only(data: dict[str, Any], plays: list[str] | None = None) -> dict[str, Any]:
    out = {k: v for k, v in data.items() if k not in ("deal", "widow")}
    if plays is not None:
        out["play"] = plays
    return out


def swapped(plays: list[str], i: int, j: int) -> list[str]:
    out = list(plays)
    out[i], out[j] = out[j], out[i]
    return out


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 1))
def test_random_hands_replay_the_same_without_deal_and_stock(seed: int, dealer: int) -> None:
    record = random_record("two-handed-hearts", ("Ann", "Bob"), random.Random(seed), dealer=dealer)
    outcome = replay(record)
    again = replay(records.from_json(plays_only(records.to_json(record))))
    assert (again.points, again.taken, again.hauls) == (outcome.points, outcome.taken, outcome.hauls)
    assert again.tricks == outcome.tricks  # same turns, same trick winners
    assert sum(again.points) == 13  # type: ignore[arg-type]


def test_the_example_without_deal_and_stock() -> None:
    outcome = replay(records.from_json(plays_only(example("two-handed-hearts-hand.json"))))
    assert outcome.tricks is not None and len(outcome.tricks) == 26
    assert outcome.points_by_player() == {"Ann": 4, "Bob": 9}


def test_a_revoke_once_the_stock_is_gone_is_proven() -> None:
    data = example("two-handed-hearts-hand.json")
    plays = swapped(data["play"], 49, 50)  # trick 25: Ann plays KD on a club lead, her 9C comes later
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(plays_only(data, plays)))
    assert info.value.code == "revoke" and (info.value.trick, info.value.player) == (25, "Ann")
    assert str(info.value) == (
        "Ann played K♦ on a club lead while holding that suit (proven by 6♣, which Ann played later: "
        "with the stock gone, nothing was drawn in between)"
    )


def test_a_revoke_while_drawing_is_not_proven_by_one_later_card() -> None:
    data = example("two-handed-hearts-hand.json")
    plays = swapped(data["play"], 3, 5)  # trick 2: Bob plays AD on a heart lead; his 6H, in trick 3, may be a draw
    with pytest.raises(IllegalPlay) as info:  # with the deal and the stock it is a revoke ...
        replay(records.from_json({**data, "play": plays}))
    assert info.value.code == "revoke"
    outcome = replay(records.from_json(plays_only(data, plays)))  # ... which the plays alone cannot show
    assert outcome.revoke is None and sum(outcome.points) == 13  # type: ignore[arg-type]
    assert outcome.points_by_player() == {"Ann": 11, "Bob": 2}


def test_a_revoke_proven_by_counting_the_draws() -> None:
    # Trick 10 is followed by four draws each (tricks 10 to 13): five later diamonds prove Ann held one.
    record = random_record("two-handed-hearts", ("Ann", "Bob"), random.Random(0))
    data = records.to_json(record)
    plays = swapped([p if isinstance(p, str) else p["card"] for p in data["play"]], 19, 20)
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(plays_only(data, plays)))
    assert info.value.code == "revoke" and (info.value.trick, info.value.player) == (10, "Ann")
    assert str(info.value) == (
        "Ann played 7♣ on a diamond lead while holding that suit (proven by 10♦ K♦ Q♦ A♦ 7♦, which Ann played "
        "later: more than the 4 cards Ann drew after that trick)"
    )


def test_a_card_played_twice_is_refused() -> None:
    data = example("two-handed-hearts-hand.json")
    plays = list(data["play"])
    plays[40] = plays[2]
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(plays_only(data, plays)))
    assert info.value.code == "duplicate-card" and said(plays[2]) in str(info.value)


@pytest.mark.parametrize("drop", ["deal", "widow"])
def test_the_deal_without_the_stock_or_the_stock_without_the_deal_is_refused(drop: str) -> None:
    data = {k: v for k, v in example("two-handed-hearts-hand.json").items() if k != drop}
    with pytest.raises(InconsistentRecord, match=r"record both .*, or neither \(the plays alone\)") as info:
        replay(records.from_json(data))
    assert info.value.code == "deal"


# Six spade tricks: both run out together with 40 cards in the stock, which Ann, the last winner, takes.
SPADES = {"game": "domino-hearts", "players": ["Ann", "Bob"], "dealer": "Bob",
          "play": [[p, c] for a, b in zip("AS KS QS JS TS 9S".split(), "2S 3S 4S 5S 6S 7S".split())
                   for p, c in (("Ann", a), ("Bob", b))],
          "events": [{"type": "kept", "player": "Ann", "cards": []}]}


def domino_alone(data: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The full replay of a Domino Hearts record, and the record without deal and stock: named plays
    in the order played, and who kept which cards."""
    outcome = replay(records.from_json(data))
    alone = plays_only(data, [[outcome.players[seat], c.code] for t in outcome.tricks for seat, c in t.plays])
    if outcome.remainder is not None:
        r = outcome.remainder
        alone["events"] = [*data.get("events", []),
                           {"type": "kept", "player": outcome.players[r.seat], "cards": [c.code for c in r.kept]}]
    return outcome, alone


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8))
def test_random_domino_hands_replay_the_same_from_the_named_plays_and_the_cards_kept(seed: int, players: int) -> None:
    record = random_record("domino-hearts", tuple("ABCDEFGH"[:players]), random.Random(seed))
    outcome, alone = domino_alone(records.to_json(record))
    again = replay(records.from_json(alone))
    assert (again.points, again.taken, again.hauls, again.tricks) == (outcome.points, outcome.taken, outcome.hauls,
                                                                       outcome.tricks)
    assert again.draws == ()  # not known: the drawn cards are among the plays
    if outcome.remainder is None:
        assert again.remainder is None
    else:
        assert again.remainder is not None and again.remainder.seat == outcome.remainder.seat
        assert sorted(again.remainder.kept) == sorted(outcome.remainder.kept)
        assert sorted(again.remainder.stock) == sorted(outcome.remainder.stock)
    assert sum(again.points) == 13  # type: ignore[arg-type]


def test_the_domino_example_without_deal_and_stock() -> None:
    outcome, alone = domino_alone(example("domino-hearts-hand.json"))
    assert alone["events"][-1]["player"] == "Cat" and len(alone["events"][-1]["cards"]) == 26
    again = replay(records.from_json(alone))
    assert again.points_by_player() == outcome.points_by_player() == {"Ann": 2, "Bob": 0, "Cat": 11}
    assert [len(t.plays) for t in again.tricks] == [3] * 6 + [2] * 4  # Ann drops out after trick 6


def test_the_plays_alone_example_file_is_the_full_example() -> None:
    full = replay(records.from_json(example("domino-hearts-hand.json")))
    alone = replay(records.from_json(example("domino-hearts-plays-alone.json")))
    assert (alone.points, alone.taken, alone.tricks) == (full.points, full.taken, full.tricks)
    assert alone.remainder == full.remainder


def test_domino_without_the_deal_needs_every_player_named() -> None:
    _, alone = domino_alone(example("domino-hearts-hand.json"))
    alone["play"][7] = alone["play"][7][1]
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(alone))
    assert info.value.code == "deal" and info.value.play == 7
    assert "needs the player of every play ([player, card])" in str(info.value)



@pytest.mark.parametrize(("card", "code", "message"), [
    ("JK", "not-in-hand", "Ann played Joker, which is not in this game's pack"),
    ("8S", "duplicate-card", "Ann played 8♠, which Bob already played (play 2)"),
])
def test_domino_without_the_deal_refuses_a_card_not_in_the_pack_or_played_twice(card: str, code: str,
                                                                               message: str) -> None:
    alone = example("domino-hearts-plays-alone.json")
    alone["play"][3] = ["Ann", card]
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(alone))
    assert (info.value.code, info.value.play, info.value.player, str(info.value)) == (code, 3, "Ann", message)

def test_domino_without_the_deal_needs_who_kept_the_cards_left() -> None:
    _, alone = domino_alone(example("domino-hearts-hand.json"))
    alone["events"] = []
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(alone))
    assert info.value.code == "incomplete"
    assert str(info.value).startswith("26 cards were not played (A♥ K♥ Q♥ J♥ 10♥ 9♥ ...): without the deal and the "
                                      "stock, record who was left holding cards and took the stock")


def test_a_kept_event_that_the_plays_contradict_is_refused() -> None:
    _, alone = domino_alone(example("domino-hearts-hand.json"))
    alone["events"][-1]["cards"].append("2H")
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(alone))
    assert info.value.code == "kept" and str(info.value) == "Cat kept 2♥, but it was played (play 14)"
    wrong = {**SPADES, "events": [{"type": "kept", "player": "Bob", "cards": []}]}
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(wrong))
    assert info.value.code == "kept"
    assert str(info.value) == "the record says Bob kept the last cards, but Ann won the last trick and took the stock"


def test_the_cards_kept_decide_what_was_left_in_the_stock() -> None:
    """Cat keeping only two cards leaves 24 in the stock: it never ran out, so her 2♣ on a spade lead was a renege."""
    _, alone = domino_alone(example("domino-hearts-hand.json"))
    alone["events"][-1]["cards"] = ["AH", "KH"]
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(alone))
    assert (info.value.code, info.value.trick, info.value.player) == ("draw", 4, "Cat")
    assert "(24 were left in it at the end)" in str(info.value)


def test_the_full_record_s_kept_event_must_agree_with_the_stock() -> None:
    data = example("domino-hearts-hand.json")
    _, alone = domino_alone(data)
    assert replay(records.from_json({**data, "events": alone["events"]})).points_by_player()["Cat"] == 11
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json({**data, "events": [{"type": "kept", "player": "Ann", "cards": []}]}))
    assert str(info.value) == "the record says Ann kept the last cards, but Cat was the last player left holding cards"
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json({**data, "events": [{"type": "kept", "player": "Cat", "cards": ["AH", "KH"]}]}))
    assert str(info.value) == ("the record says Cat kept A♥ K♥, but Cat was left holding A♥ K♥ Q♥ J♥ 10♥ 9♥ A♦ K♦ Q♦ J♦ "
                               "10♦ 9♦ 8♦ 7♦ 6♦ 5♦ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣")
    with pytest.raises(InconsistentRecord) as info:  # a game without a stock to take
        replay(records.from_json({**example("black-lady-hand.json"), "events": alone["events"]}))
    assert info.value.code == "kept"


def test_a_player_drops_out_only_after_playing_his_six_cards() -> None:
    _, alone = domino_alone(example("domino-hearts-hand.json"))
    alone["play"] = alone["play"][:15]  # Ann has played five cards
    alone["events"] = [{"type": "kept", "player": "Cat", "cards": []}]
    with pytest.raises(InconsistentRecord) as info:
        replay(records.from_json(alone))
    assert info.value.code == "deal"
    assert str(info.value) == "Ann played 5 cards, but was dealt 6: a player drops out only when he has no card left"


def test_both_out_together_the_winner_takes_the_stock() -> None:
    outcome = replay(records.from_json(SPADES))
    assert outcome.points_by_player() == {"Ann": 13, "Bob": 0}  # every heart was in the stock (AMB-17)
    assert outcome.remainder is not None and len(outcome.remainder.stock) == 40 and outcome.remainder.kept == ()


def test_a_card_off_the_suit_led_with_cards_left_in_the_stock_is_refused() -> None:
    data = json.loads(json.dumps(SPADES))
    data["play"][3] = ["Bob", "2H"]  # trick 2: Bob plays a heart on KS; the stock was never used up
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(data))
    assert (info.value.code, info.value.trick, info.value.player, info.value.play) == ("draw", 2, "Bob", 3)
    assert str(info.value) == ("Bob played 2♥ on a spade lead: the stock still held cards (40 were left in it at "
                               "the end), so Bob had to draw until a spade came and play it")


def later_8h(alone: dict[str, Any]) -> None:
    """Trick 7: Cat plays 2♦ on Bob's 4♥; her 8♥ comes in trick 8."""
    plays = alone["play"]
    assert plays[18:20] == [["Bob", "4H"], ["Cat", "8H"]] and plays[20] == ["Cat", "2D"]
    plays[19], plays[20] = plays[20], plays[19]


def kept_8h(alone: dict[str, Any]) -> None:
    """Trick 7: Cat plays 2♦ on Bob's 4♥, and keeps 8♥ to the end with her other hearts."""
    alone["play"][19] = ["Cat", "2D"]
    del alone["play"][20]
    alone["events"][-1]["cards"].append("8H")


@pytest.mark.parametrize(("change", "proof"), [
    (later_8h, "(proven by 8♥, which Cat played later, play 21)"),
    (kept_8h, "(proven by A♥, which Cat kept to the end)"),
], ids=["by-a-later-card", "by-a-card-kept"])
def test_with_the_stock_used_up_a_renege_is_proven(change: Any, proof: str) -> None:
    _, alone = domino_alone(example("domino-hearts-hand.json"))
    change(alone)
    with pytest.raises(IllegalPlay) as info:
        replay(records.from_json(alone))
    assert (info.value.code, info.value.trick, info.value.player) == ("revoke", 7, "Cat")
    assert str(info.value).endswith(proof)


def test_the_first_card_off_the_suit_stands_where_the_stock_may_have_run_out() -> None:
    """Trick 4: Cat's 2♣ on a spade lead. With the stock used up by the end, it may have run out there."""
    _, alone = domino_alone(example("domino-hearts-hand.json"))
    assert alone["play"][11] == ["Cat", "2C"]
    assert replay(records.from_json(alone)).revoke is None



def test_once_a_card_off_the_suit_was_played_a_lead_is_judged_on_the_cards_played_later() -> None:
    """Hearts led before they are broken (break = lead-restricted): before the first discard the
    other suits Ann plays later may have been drawn, after it the stock is gone and they prove it."""
    ann, bob = ["AS", "3H", "KS", "QS", "JS", "TS"], ["2C", "2H", "4C", "5C", "6C", "7C"]
    played = set(ann + bob)
    kept = [code for code in (r + s for s in "SHDC" for r in "AKQJT98765432") if code not in played]
    data = {"game": "domino-hearts", "options": {"break": "lead-restricted"}, "players": ["Ann", "Bob"],
            "dealer": "Bob", "play": [[name, c] for a, b in zip(ann, bob) for name, c in (("Ann", a), ("Bob", b))],
            "events": [{"type": "kept", "player": "Ann", "cards": kept}]}
    with pytest.raises(IllegalPlay) as info:  # Bob's 2C on the spade lead in trick 1: the stock was gone
        replay(records.from_json(data))
    assert (info.value.code, info.value.trick, info.value.player) == ("hearts-not-broken", 2, "Ann")
    assert str(info.value).endswith("(the cards played later show the hand: K♠ Q♠ J♠ 10♠)")
    data["play"][1] = ["Bob", "8S"]  # no discard in trick 1: the stock may still have held Ann's spades
    data["events"][0]["cards"] = [c for c in kept if c != "8S"] + ["2C"]
    outcome = replay(records.from_json(data))  # Ann's lead in trick 2 stands
    assert outcome.revoke is None and outcome.points_by_player() == {"Ann": 13, "Bob": 0}

def test_a_domino_session_settles_the_same_from_the_plays_alone() -> None:
    session = example("domino-hearts-session.json")
    first = {"game": "domino-hearts", "players": session["players"], "dealer": "Cat", "hand": 1, **session["hands"][0]}
    _, alone = domino_alone(first)
    plays_alone = {**session, "hands": [{k: alone[k] for k in ("play", "events")}, *session["hands"][1:]]}
    assert settle_json(plays_alone) == settle_json(session)