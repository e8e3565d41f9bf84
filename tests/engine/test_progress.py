"""What comes next, and the hand step by step (engine.progress), for every family through the seam.

Tables of partial records cut from the worked examples with the next player, kind and choices the
rules give; properties over random legal records (each family's simulate module): fed action by
action, ``next`` always offers the action actually taken and ends complete with the replay's own
outcome; a random illegal action is refused with the code the full replay gives; golden JSON of
``next`` and ``steps`` for a few examples.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main
from scorekeeper.engine.hearts import progress as core_progress, records
from scorekeeper.engine.hearts.audit import audit
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of_record
from scorekeeper.engine.progress import steps
from scorekeeper.engine.hearts.records import PlayItem
from scorekeeper.engine.reversis import progress as reversis_progress
from scorekeeper.engine.reversis import simulate as reversis_simulate
from scorekeeper.engine.reversis import to_json as reversis_json
from scorekeeper.engine.hearts.simulate import random_record
from tests.support.examples import example
from tests.support.helpers import at_play
from scorekeeper.engine.tripoli import progress as tripoli_progress
from scorekeeper.engine.tripoli import simulate as tripoli_simulate
from scorekeeper.engine.tripoli import to_json as tripoli_json

GOLDEN = Path(__file__).parents[1] / "golden" / "progress"
PROPERTY = settings(max_examples=4, deadline=None, database=None)


def next_of(value: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = family_of_record(value).progress_json(value)["next"]
    return answer


# --- Reversis -----------------------------------------------------------------------------------

REVERSIS = example("reversis-hand")
ANN, BOB, CAT, DAN = REVERSIS["deal"]["Ann"], REVERSIS["deal"]["Bob"], REVERSIS["deal"]["Cat"], REVERSIS["deal"]["Dan"]


@pytest.mark.parametrize(("k", "kind", "player", "choices"), [
    (0, "discard", "Ann", ANN),  # the dealer discards one of his 12 first (6.3)
    (1, "exchange", "Dan", [*DAN, None]),  # then each other counter-clockwise from the dealer's right, or keeps
    (2, "exchange", "Cat", [*CAT, None]),
    (3, "exchange", "Bob", [*BOB, None]),
    (4, "espagnolette", "Bob", ["Bob", None]),  # Bob holds the four aces: he may declare before the first lead
    (5, "play", "Dan", sorted(["9H", "4S", "4C", "2C", "2D", "6C", "3S", "4D", "2H", "3D", "JC"],
                              key=lambda c: (("SHDC".index(c[1])), -"23456789TJQKA".index(c[0])))),
    (6, "play", "Cat", ["QC", "8C", "3C"]),  # Cat must follow clubs
    (11, "play", "Ann", ["7H", "4H"]),  # follow hearts
    (48, "play", "Dan", ["4D"]),  # the last card
])
def test_reversis_next_along_the_worked_hand(k: int, kind: str, player: str, choices: list[str | None]) -> None:
    nxt = next_of(reversis_progress.cut(REVERSIS, k))
    assert (nxt["kind"], nxt["player"]) == (kind, player)
    if kind in ("discard", "exchange", "espagnolette"):
        assert sorted(nxt["choices"], key=str) == sorted(choices, key=str)
    else:
        assert nxt["choices"] == choices


def test_reversis_espagnolette_may_revoke_in_the_first_nine_tricks() -> None:
    """Bob holds the four aces and declared: in tricks 1-9 he may revoke, so every card he holds is offered."""
    for k in range(5, 40):
        cut = reversis_progress.cut(REVERSIS, k)
        answer = family_of_record(cut).progress_json(cut)
        nxt, state = answer["next"], answer["state"]
        if nxt["player"] == "Bob" and state["current"] and len(state["tricks"]) < 9:
            assert sorted(nxt["choices"]) == sorted(state["hands"]["Bob"])
            break
    else:  # pragma: no cover - the example has such a trick
        pytest.fail("no trick where Bob follows in tricks 1-9")


def test_reversis_payments_in_play_as_the_tricks_go() -> None:
    """After trick 1 (Cat wins and AS was discarded by Bob) Cat pays Bob 1 fish: the stakes and the dealer's 5 first."""
    answer = family_of_record(REVERSIS).progress_json(reversis_progress.cut(REVERSIS, 9))
    assert [p["why"] for p in answer["paid"]] == ["stake"] * 4 + ["dealer", "ace-discarded"]
    assert answer["paid"][-1] == {"from": "Cat", "to": "Bob", "fish": 1, "why": "ace-discarded", "trick": 1, "card": "AS"}
    assert answer["state"]["pools"] == {"current": 25, "supplements": []}


def test_reversis_complete_hand_is_the_replay() -> None:
    family = family_of_record(REVERSIS)
    answer = family.progress_json(REVERSIS)
    # Complete, and the table may still say the hand winner did not demand the claim on a card led (6.5 P4).
    assert answer["complete"] is True and answer["next"] == {
        "kind": "complete", "declare": [{"kind": "waive", "ask": "option", "choices": ["JH"]}]}
    assert answer["outcome"] == family.replay_json(REVERSIS)
    assert answer["paid"] == answer["outcome"]["payments"]


def test_reversis_without_the_deal_says_the_choices_are_not_known() -> None:
    value = {k: v for k, v in REVERSIS.items() if k not in ("deal", "face_down", "discard", "exchanges")}
    first = next_of(reversis_progress.cut(value, 0))  # who declared Espagnolette, if anyone: the table says
    assert (first["kind"], first.get("player"), first["choices"]) == ("espagnolette", None, [None, "Ann", "Bob", "Cat", "Dan"])
    nxt = next_of(reversis_progress.cut(value, 6))
    assert nxt["player"] == "Bob" and nxt["choices"] is None and "deal is not recorded" in nxt["unknown"]


def test_reversis_illegal_card_refused_with_the_replays_code() -> None:
    value = reversis_progress.cut(REVERSIS, 11)
    value["play"].append("AD")  # Ann does not hold it
    with pytest.raises(ScorekeeperError) as caught:
        family_of_record(value).progress_json(value)
    assert (caught.value.code, caught.value.play, caught.value.player) == ("not-in-hand", 6, "Ann")


def test_reversis_bad_discard_refused() -> None:
    value = {**reversis_progress.cut(REVERSIS, 0), "discard": "AS"}  # not the dealer's
    with pytest.raises(ScorekeeperError) as caught:
        family_of_record(value).progress_json(value)
    assert caught.value.code == "discard"


def _walk_reversis(value: dict[str, Any]) -> None:
    family = family_of_record(value)
    acts = reversis_progress.actions(value)
    for k, action in enumerate(acts):
        answer = family.progress_json(reversis_progress.cut(value, k))
        nxt = answer["next"]
        if action.kind == "waive":  # declared once the hand is over: offered among the claims still paid
            [offer] = [d for d in nxt["declare"] if d["kind"] == "waive"]
            assert nxt["kind"] == "complete" and action.value in offer["choices"]
            continue
        if action.kind == "revoke":  # declared with the card the replay refuses (the table establishes it)
            assert nxt["kind"] == "play" and action.value["card"] not in nxt["choices"]
            continue
        assert nxt["kind"] == action.kind
        if action.player is not None or nxt["kind"] != "play":
            assert action.player is None or nxt["player"] == action.player
        assert action.value in nxt["choices"], (k, action, nxt)
    final = family.progress_json(value)
    assert final["complete"] and final["outcome"] == family.replay_json(value)


@PROPERTY
@given(seed=st.integers(0, 10**6))
def test_reversis_random_hands_offer_each_action_taken(seed: int) -> None:
    rng = random.Random(seed)
    record = reversis_simulate.random_record(("A", "B", "C", "D"), rng, dealer=rng.randrange(4), revoke=0.1)
    _walk_reversis(reversis_json(record))


@PROPERTY
@given(seed=st.integers(0, 10**6))
def test_reversis_random_illegal_card_refused_like_the_replay(seed: int) -> None:
    rng = random.Random(seed)
    value = reversis_json(reversis_simulate.random_record(("A", "B", "C", "D"), rng))
    plays = value["play"]
    k = rng.randrange(len(plays))
    plays[k] = rng.choice(plays[:k] + plays[k + 1:]) if rng.random() < 0.5 else rng.choice(["TS", "AS", "2C", "JH"])
    family = family_of_record(value)
    try:
        family.replay_json(value)
    except ScorekeeperError as exc:
        expected = exc.code
    else:
        return  # the change was legal after all
    with pytest.raises(ScorekeeperError) as caught:
        family.progress_json(value)
    assert caught.value.code == expected
    answer = family.steps_json(value)
    assert answer["ok"] is False and answer["refused"]["error"]["code"] == expected


# --- the trick-taking core ------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "k"), [
    ("black-lady-hand", 0), ("black-lady-hand", 1), ("black-lady-hand", 13), ("knaves-hand", 0), ("knaves-hand", 30),
    ("two-handed-hearts-hand", 0), ("two-handed-hearts-hand", 27), ("conquimbert-hand", 0), ("conquimbert-hand", 21),
    ("auction-hearts-hand", 0), ("joker-hearts-hand", 0), ("joker-hearts-hand", 40), ("cancellation-hearts-hand", 0),
    ("cancellation-hearts-hand", 61), ("discard-hearts-hand", 0), ("polignac-hand", 0), ("polignac-hand", 17),
    ("domino-hearts-hand", 0), ("domino-hearts-hand", 20), ("three-handed-hearts-hand", 0),
])
def test_core_next_is_the_card_actually_played(name: str, k: int) -> None:
    """For every game of the core, each example cut after ``k`` cards offers the card played next, to the player
    the audit shows playing it."""
    value = example(name)
    record = records.from_json(value)
    nxt = next_of(at_play(value, k))
    played = record.play[k]
    assert nxt["kind"] == "play"
    if record.deal is not None:
        assert played.card.code in nxt["choices"]
    outcome = audit(record).outcome
    assert outcome is not None and outcome.snapshots
    assert nxt["player"] == record.players[outcome.snapshots[k].seat]


def test_core_first_lead_under_the_two_of_clubs_rule() -> None:
    value = example("black-lady-hand")
    record = records.from_json(value)
    if record.deal is None:  # pragma: no cover - the example has the deal
        pytest.skip("no deal")
    nxt = next_of(at_play(value, 0))
    assert nxt["choices"] == ["2C"]


def _walk_core(value: dict[str, Any]) -> None:
    family = family_of_record(value)
    record = records.from_json(value)
    outcome = audit(record).outcome
    assert outcome is not None
    for k, item in enumerate(record.play):
        nxt = family.progress_json(at_play(value, k))["next"]
        assert nxt["kind"] == "play"
        assert item.card.code in nxt["choices"], (k, item, nxt)
        assert nxt["player"] == record.players[outcome.snapshots[k].seat]
    final = family.progress_json(value)
    assert final["complete"] and final["outcome"] == family.replay_json(value)


CORE_GAMES = [("hearts", 4), ("black-lady", 5), ("knaves", 4), ("polignac", 4), ("two-handed-hearts", 2),
              ("joker-hearts", 4), ("discard-hearts", 4), ("conquimbert", 4),
              ("auction-hearts", 4)]


@settings(max_examples=2, deadline=None, database=None)
@given(seed=st.integers(0, 10**6))
@pytest.mark.parametrize(("game", "n"), CORE_GAMES)
def test_core_random_hands_offer_each_card_played(game: str, n: int, seed: int) -> None:
    record = random_record(game, [f"P{i}" for i in range(n)], random.Random(seed))
    _walk_core(records.to_json(record))


def test_core_cancellation_hand_offers_each_card_played() -> None:
    """Two packs and dead tricks: one random hand (a hundred cards, each checked against the replay)."""
    record = random_record("cancellation-hearts", [f"P{i}" for i in range(6)], random.Random(17))
    _walk_core(records.to_json(record))


@settings(max_examples=8, deadline=None, database=None)
@given(seed=st.integers(0, 10**6))
def test_core_random_illegal_card_refused_like_the_replay(seed: int) -> None:
    rng = random.Random(seed)
    record = random_record("black-lady", ["A", "B", "C", "D"], rng)
    k = rng.randrange(len(record.play))
    plays = list(record.play)
    plays[k] = PlayItem(rng.choice(plays).card)
    value = records.to_json(dataclasses.replace(record, play=tuple(plays[:k + 1])))
    family = family_of_record(value)
    try:
        family.replay_json(value)
    except ScorekeeperError as exc:
        expected = exc.code
    else:
        return
    if expected == "incomplete":
        return  # the changed card was legal; only the hand is short
    with pytest.raises(ScorekeeperError) as caught:
        family.progress_json(value)
    assert caught.value.code == expected


def test_core_steps_match_the_audit() -> None:
    """The core's steps are the audit's snapshots, play by play (the audit's own output is unchanged)."""
    value = example("black-lady-hand")
    outcome = audit(records.from_json(value)).outcome
    assert outcome is not None
    answer = family_of_record(value).steps_json(value)
    assert [(s["kind"], s["player"]) for s in answer["steps"][:4]] == [("pass", p) for p in ("Ann", "Bob", "Cat", "Dan")]
    cards = [s for s in answer["steps"] if s["kind"] == "play"]
    assert answer["ok"] and len(cards) == len(outcome.snapshots) == len(answer["steps"]) - 4
    names = outcome.players
    for step, snap in zip(cards, outcome.snapshots):
        assert step["value"] == snap.card.code
        assert step["state"]["taken"] == {n: [c.code for c in cs] for n, cs in zip(names, snap.taken)}


# --- golden JSON and the command ------------------------------------------------------------------

GOLDEN_CASES = {
    "reversis-next-trick-2": ("next", lambda: reversis_progress.cut(REVERSIS, 11)),
    "reversis-next-espagnolette": ("next", lambda: reversis_progress.cut(REVERSIS, 4)),
    "reversis-next-exchange": ("next", lambda: reversis_progress.cut(REVERSIS, 2)),
    "reversis-steps": ("steps", lambda: REVERSIS),
    "black-lady-next": ("next", lambda: at_play(example("black-lady-hand"), 5)),
    "tripoli-next-bet": ("next", lambda: tripoli_progress.cut(TRIPOLI, 6)),
    "tripoli-steps": ("steps", lambda: TRIPOLI),
    "tripoli-next-spare": ("next", lambda: tripoli_progress.cut(TRIPOLI, 0)),
    "tripoli-next-poker-cards": ("next", lambda: tripoli_progress.cut(TRIPOLI, 10)),
    "rummoli-next-bid": ("next", lambda: {"game": "rummoli", "options": {"paying_suit": "bid"}, "players": ["A", "B", "C"],
                                          "dealer": "A", "spare": "keep", "bid": {"bids": [["A", 1], ["B", "pass"]]}}),
}


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden_json(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    what, make = GOLDEN_CASES[name]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(make()))
    assert main([what, str(path)]) == 0
    got = json.loads(capsys.readouterr().out)
    golden = GOLDEN / f"{name}.json"
    if not golden.exists():  # pragma: no cover - writing a new golden file, to be reviewed and committed
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n")
        pytest.fail(f"wrote {golden.name}: review it and commit it")
    assert got == json.loads(golden.read_text())


def test_command_refuses_an_illegal_card_with_the_error_object(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    value = reversis_progress.cut(REVERSIS, 11)
    value["play"].append("AD")
    path = tmp_path / "record.json"
    path.write_text(json.dumps(value))
    assert main(["next", str(path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and out["error"]["code"] == "not-in-hand"


def test_the_command_steps_exits_1_on_an_illegal_hand_as_next_does(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """``steps`` prints the steps up to the illegal action (``ok`` false, ``refused``) and exits 1, as ``replay``
    and ``next`` do for a hand the rules refuse (docs/command.md)."""
    value = json.loads(json.dumps(REVERSIS))
    value["play"][6] = "AD"
    path = tmp_path / "record.json"
    path.write_text(json.dumps(value))
    assert main(["steps", str(path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and out["refused"]["error"]["code"] == "not-in-hand" and len(out["steps"]) == 11


def test_steps_stop_at_the_first_illegal_action() -> None:
    value = json.loads(json.dumps(REVERSIS))
    value["play"][6] = "AD"
    got = steps(reversis_progress.WALK, value)
    assert got.refused == 11 and len(got.steps) == 11  # 4 deal actions, the declaration and 6 cards stand
    assert got.error is not None and got.error.code == "not-in-hand"


# --- Tripoli, Rummoli, Cosmo -------------------------------------------------------------------------

TRIPOLI = example("tripoli-deal")


@pytest.mark.parametrize(("k", "kind", "player", "choices"), [
    (0, "spare", "D", ["keep", "swap", "auction", "swap-then-auction"]),  # the dealer's choice (5.2)
    (1, "spare-buyer", "D", ["A", "B", "C"]),  # he sells it: to whom
    (2, "spare-price", "B", None),  # and for how much: any whole number from 1
    (3, "bet", "A", [{"kind": "check"}, {"kind": "bet", "low": 1, "high": 10}]),  # eldest opens the betting (5.4)
    (4, "bet", "B", [{"kind": "check"}, {"kind": "bet", "low": 1, "high": 10}]),
    (6, "bet", "D", [{"kind": "fold"}, {"kind": "call", "low": 2, "high": 2}, {"kind": "raise", "low": 1, "high": 10}]),
    (10, "poker-cards", "A", ["4S", "AH", "KD", "JD", "TD", "8D", "5D", "TC", "9C", "6C", "3C"]),  # A and B show
    (11, "poker-cards", "B", ["AS", "QS", "5S", "TH", "9D", "6D", "3D", "QC", "JC", "5C"]),  # B bought the spare
    (12, "michigan", "A", ["4S", "AH", "5D", "3C"]),  # the pot's winner leads the lowest card of a suit he picks
    (13, "michigan", "B", ["5S"]),  # whoever holds the next card of the run must play it
])
def test_tripoli_next_along_the_worked_deal(k: int, kind: str, player: str, choices: list[Any]) -> None:
    nxt = next_of(tripoli_progress.cut(TRIPOLI, k))
    assert (nxt["kind"], nxt["player"], nxt["choices"]) == (kind, player, choices)


def test_tripoli_chips_moved_as_the_deal_goes() -> None:
    """Before the betting: the antes, the spare hand sold (B pays D 3) and the stage-1 claims are on the ledger."""
    before = family_of_record(TRIPOLI).progress_json(tripoli_progress.cut(TRIPOLI, 0))
    assert {p["step"] for p in before["paid"]} == {"ante"}  # the spare hand's choice comes first
    answer = family_of_record(TRIPOLI).progress_json(tripoli_progress.cut(TRIPOLI, 3))
    steps_seen = [p["step"] for p in answer["paid"]]
    assert set(steps_seen) == {"ante", "spare", "claim"}
    assert {"from": "B", "to": "D", "chips": 3, "step": "spare"} in answer["paid"]
    after_bets = family_of_record(TRIPOLI).progress_json(tripoli_progress.cut(TRIPOLI, 5))
    assert after_bets["paid"][-1] == {"from": "B", "to": "POT", "chips": 2, "step": "bet"}


def test_tripoli_complete_deal_is_the_replay() -> None:
    family = family_of_record(TRIPOLI)
    answer = family.progress_json(TRIPOLI)
    assert answer["complete"] and answer["outcome"] == family.replay_json(TRIPOLI)


def test_tripoli_showdown_without_the_cards_shown_asks_for_the_winners() -> None:
    value = json.loads(json.dumps(TRIPOLI))
    del value["poker"]["hands"], value["poker"]["winners"], value["michigan"]
    nxt = next_of(value)  # A raised, B called, C and D folded: A shows first
    assert (nxt["kind"], nxt["player"], nxt["ask"], nxt["count"]) == ("poker-cards", "A", "cards", 5)
    value["poker"]["hands"] = {"A": None, "B": None}  # neither hand was written down
    nxt = next_of(value)
    assert nxt["kind"] == "showdown" and nxt["choices"] == ["A", "B"]


def test_tripoli_illegal_michigan_card_refused_like_the_replay() -> None:
    value = tripoli_progress.cut(TRIPOLI, 13)
    value["michigan"]["play"].append(["B", "6S"])  # B must play 5S
    family = family_of_record(value)
    with pytest.raises(ScorekeeperError) as caught:
        family.progress_json(value)
    full = json.loads(json.dumps(TRIPOLI))
    full["michigan"]["play"][1] = ["B", "6S"]
    with pytest.raises(ScorekeeperError) as whole:
        family.replay_json(full)
    assert caught.value.code == whole.value.code


def test_tripoli_out_of_turn_bet_refused() -> None:
    value = tripoli_progress.cut(TRIPOLI, 4)
    value["poker"]["betting"].append(["C", "check"])  # it is B's turn
    with pytest.raises(ScorekeeperError) as caught:
        family_of_record(value).progress_json(value)
    assert caught.value.code == "bet-out-of-turn"


def _offered(action: Any, choices: list[Any] | None) -> bool:
    if choices is None:  # not known before it is tapped (no deal), or a number
        return True
    if action.kind == "poker-cards":  # five of his cards, or not shown
        return action.value is None or set(action.value) <= set(choices)
    if action.kind == "bid":  # a pass, or at least the lowest bid
        return action.value is None or action.value >= choices[1]["low"]
    if action.kind != "bet":
        return action.value in choices
    kind, *amount = action.value
    for c in choices:
        if c["kind"] == kind and (not amount or c.get("low", 0) <= amount[0] <= c.get("high", 0) or kind == "call"):
            return True
    return False


@PROPERTY
@given(seed=st.integers(0, 10**6), game=st.sampled_from(["tripoli", "rummoli", "cosmo"]), n=st.integers(3, 6))
def test_tripoli_random_deals_offer_each_action_taken(seed: int, game: str, n: int) -> None:
    rng = random.Random(seed)
    value = tripoli_json(tripoli_simulate.random_record(game, [f"P{i}" for i in range(n)], rng, dealer=rng.randrange(n)))
    family = family_of_record(value)
    for k, action in enumerate(tripoli_progress.actions(value)):
        nxt = family.progress_json(tripoli_progress.cut(value, k))["next"]
        if nxt["kind"] == "showdown":
            continue  # the cut drops the declared winners; the record's cards or winners settle it
        assert nxt["kind"] == action.kind, (k, action, nxt)
        assert action.player is None or nxt["player"] == action.player
        assert _offered(action, nxt["choices"]), (k, action, nxt)
    final = family.progress_json(value)
    assert final["complete"] and final["outcome"] == family.replay_json(value)
    assert family.steps_json(value)["ok"]


@PROPERTY
@given(seed=st.integers(0, 10**6))
def test_tripoli_random_illegal_card_refused_like_the_replay(seed: int) -> None:
    rng = random.Random(seed)
    value = tripoli_json(tripoli_simulate.random_record("tripoli", ["A", "B", "C", "D"], rng))
    plays = value["michigan"]["play"]
    k = rng.randrange(len(plays))
    other = rng.choice(plays)
    plays[k] = [plays[k][0], other[1]] if isinstance(plays[k], list) and isinstance(other, list) else other
    family = family_of_record(value)
    try:
        family.replay_json(value)
    except ScorekeeperError as exc:
        expected = exc.code
    else:
        return
    with pytest.raises(ScorekeeperError) as caught:
        family.progress_json(value)
    assert caught.value.code == expected


def test_tripoli_without_the_deal_asks_for_the_claims_then_the_betting_then_michigan() -> None:
    dealt = {"game": "tripoli", "players": ["A", "B", "C"], "dealer": "A"}
    spare = next_of(dealt)
    assert (spare["kind"], spare["player"], spare["ask"]) == ("spare", "A", "option")  # the dealer's choice first
    head = {**dealt, "spare": "keep"}
    first = next_of(head)
    assert first["kind"] == "claims" and first["choices"] is None and "deal is not recorded" in first["unknown"]
    claimed = {**head, "claims": {"AH": "A"}}
    answer = family_of_record(claimed).progress_json(claimed)
    assert answer["next"]["kind"] == "bet" and answer["next"]["player"] == "B"  # eldest opens
    assert answer["state"]["layout"]["AH"] == 0 and {"from": "AH", "to": "A", "chips": 3, "step": "claim"} in answer["paid"]
    bet = {**claimed, "poker": {"betting": [["B", "check"], ["C", "check"], ["A", "check"]], "winners": ["A"]}}
    nxt = next_of(bet)
    assert nxt["kind"] == "michigan" and nxt["choices"] is None
