"""The Hearts variants' steps beside the cards (``engine.core_steps``) in the core's walk: Auction Hearts' bids
and suit, the passes, the trumps turned up or named (Conquimbert's in mid-hand), Conquimbert's trades, Polignac's
Capot. Tables of partial records cut from the worked examples with what comes next; each step refused with the
replay's own code; every example and random records (with and without the deal) rebuilt step by step with
``advance_json`` replay exactly like the whole record; golden ``next`` at a bid, a trade and a pass."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.helpers import at_play
from scorekeeper.cli import main
from scorekeeper.engine.hearts import progress as core_progress, records
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of_record
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.hearts.simulate import random_record

EXAMPLES = Path(__file__).parents[3] / "examples"
GOLDEN = Path(__file__).parents[2] / "golden" / "progress"


def example(name: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads((EXAMPLES / f"{name}.json").read_text())
    return value


def answer_of(value: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = family_of_record(value).progress_json(value)
    return answer


def next_at(name: str, k: int) -> dict[str, Any]:
    nxt: dict[str, Any] = answer_of(core_progress.cut(example(name), k))["next"]
    return nxt


def advanced(value: dict[str, Any], kind: str, val: Any, player: str | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = family_of_record(value).advance_json(value, {"kind": kind, "player": player, "value": val})
    return answer


def refused(value: dict[str, Any], kind: str, val: Any, player: str | None = None) -> ScorekeeperError:
    with pytest.raises(ScorekeeperError) as caught:
        advanced(value, kind, val, player)
    return caught.value


def without_deal(value: dict[str, Any]) -> dict[str, Any]:
    """The record as a table that did not write the deal down: the trumps the widow gave become the event."""
    record = records.from_json(value)
    outcome = replay(record)
    events = list(value.get("events", []))
    if record.widow and not any(e["type"] == "trumps" for e in events) and (
            outcome.ruleset.trumps == "turn-up" or outcome.turned is not None):
        events.append({"type": "trumps", "card": record.widow[0].code})
    out = {k: v for k, v in value.items() if k not in ("deal", "widow", "passes", "events")}
    if outcome.tricks:  # who led: the 2C rule needs it said without the deal
        out["leader"] = outcome.players[outcome.tricks[0].leader]
    return {**out, "events": events} if events else out


# --- what comes next, along the worked examples ------------------------------------------------------

@pytest.mark.parametrize(("name", "k", "kind", "player", "ask", "choices"), [
    # Auction Hearts (2.19): one bid each from eldest, each above the high bid or a pass (null), then the suit
    ("auction-hearts-hand", 0, "bid", "Ann", "number", [None, {"low": 1}]),
    ("auction-hearts-hand", 1, "bid", "Bob", "number", [None, {"low": 3}]),  # Ann bid 2
    ("auction-hearts-hand", 3, "bid", "Dan", "number", [None, {"low": 3}]),  # the dealer bids last
    ("auction-hearts-hand", 4, "penalty-suit", "Dan", "suit", ["S", "H", "D", "C"]),  # Dan bid 4: he names it
    ("auction-hearts-hand", 5, "play", "Dan", "card", None),  # ... and leads, whatever his seat
    # Knaves: the dealer turns up the top undealt card (AMB-30); the one card left over is 3H
    ("knaves-hand", 0, "trumps", "Cat", "card", ["3H"]),
    ("knaves-hand", 1, "play", "Ann", "card", None),
    # the passes, in turn from eldest, 3 cards each (Black Lady; Discard Hearts' compulsory discard to the left)
    ("black-lady-hand", 0, "pass", "Ann", "cards", "deal"),
    ("black-lady-hand", 3, "pass", "Dan", "cards", "deal"),
    ("black-lady-hand", 4, "play", "Bob", "card", ["2C"]),  # Bob holds 2C after the passes and leads it
    ("discard-hearts-hand", 0, "pass", "Ann", "cards", "deal"),
    ("discard-hearts-hand", 2, "pass", "Cat", "cards", "deal"),
    # Conquimbert: anyone may ask for a trade before trick 1 (null: no more trades)
    ("conquimbert-hand", 0, "trade", None, "option", "trades"),
    ("conquimbert-hand", 3, "trade", None, "option", "trades"),
    ("conquimbert-hand", 4, "play", "Ann", "card", None),
    # Polignac: who declares Capot before the first lead (any of them; none is [])
    ("polignac-hand", 0, "capot", None, "players", ["Ann", "Bob", "Cat", "Dan"]),
    ("polignac-hand", 1, "play", "Ann", "card", None),
])
def test_next_along_the_worked_examples(name: str, k: int, kind: str, player: str | None, ask: str, choices: Any) -> None:
    nxt = next_at(name, k)
    assert (nxt["kind"], nxt.get("player"), nxt["ask"]) == (kind, player, ask)
    value = example(name)
    if choices == "deal":
        assert nxt["count"] == 3 and nxt["choices"] == records.to_json(records.from_json(value))["deal"][player]
    elif choices == "trades":
        assert nxt["choices"][0] is None and len(nxt["choices"]) > 50
        taken = core_progress.actions(value)[k]
        assert taken.value in nxt["choices"]
    elif choices is not None:
        assert nxt["choices"] == choices
    else:
        assert core_progress.actions(value)[k].value in nxt["choices"]


def test_a_trade_is_offered_only_as_the_rules_allow() -> None:
    """A coat for a coat, a card (A, T) for a card, with another player, of cards held (after the trades so far)."""
    nxt = next_at("conquimbert-hand", 1)  # Bob gave JC for Ann's KD
    hands = {p: set(cs.split()) for p, cs in example("conquimbert-hand")["deal"].items()}
    hands["Bob"] = hands["Bob"] - {"JC"} | {"KD"}
    hands["Ann"] = hands["Ann"] - {"KD"} | {"JC"}
    kind = {"K": "coat", "Q": "coat", "J": "coat", "A": "card", "T": "card"}
    for trade in nxt["choices"][1:]:
        assert trade["player"] != trade["partner"]
        assert trade["card"] in hands[trade["player"]] and trade["partner_card"] in hands[trade["partner"]]
        assert kind[trade["card"][0]] == kind[trade["partner_card"][0]]
    assert {"player": "Cat", "card": "JH", "partner": "Eve", "partner_card": "QS"} in nxt["choices"]
    assert {"player": "Cat", "card": "KS", "partner": "Bob", "partner_card": "KD"} in nxt["choices"]  # Bob's KD now
    assert {"player": "Bob", "card": "KD", "partner": "Cat", "partner_card": "KS"} not in nxt["choices"]  # one each


def test_state_shows_what_was_said() -> None:
    state = answer_of(core_progress.cut(example("auction-hearts-hand"), 6))["state"]
    assert state["bids"] == [["Ann", 2], ["Bob", None], ["Cat", None], ["Dan", 4]] and state["penalty_suit"] == "C"
    state = answer_of(core_progress.cut(example("conquimbert-hand"), 4))["state"]
    assert [t["player"] for t in state["trades"]] == ["Bob", "Cat", "Eve"]
    assert answer_of(core_progress.cut(example("knaves-hand"), 1))["state"]["trumps"] == "3H"
    assert answer_of(core_progress.cut(example("polignac-hand"), 1))["state"]["capot"] == ["Ann"]


def test_everybody_passes_the_deal_is_not_played() -> None:
    value = core_progress.cut(example("auction-hearts-hand"), 0)
    for name in ("Ann", "Bob", "Cat", "Dan"):
        answer = advanced(value, "bid", None, name)
        value = answer["record"]
    assert answer["complete"] and answer["outcome"]["points"] == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0}


def test_a_retained_choice_starts_at_the_play() -> None:
    """The session knows the choice is kept (the pool was not won): the record starts with the holder's suit."""
    value = {**core_progress.cut(example("auction-hearts-hand"), 0),
             "events": [{"type": "penalty-suit", "suit": "H", "player": "Bob"}]}
    nxt = answer_of(value)["next"]
    assert (nxt["kind"], nxt["player"]) == ("play", "Bob")
    assert core_progress.actions(value) == []


def test_knaves_trumps_named_or_unknown() -> None:
    value = core_progress.cut(example("knaves-hand"), 0)
    named = {**value, "options": {"trump": "fixed-per-deal"}}
    nxt = answer_of(named)["next"]
    assert (nxt["kind"], nxt["ask"], nxt["choices"]) == ("trumps", "suit", ["S", "H", "D", "C"])
    answer = advanced(named, "trumps", "D")
    assert answer["record"]["events"] == [{"type": "trumps", "suit": "D"}] and answer["next"]["kind"] == "play"
    blind = without_deal(example("knaves-hand"))
    nxt = answer_of(core_progress.cut(blind, 0))["next"]
    assert nxt["kind"] == "trumps" and nxt["choices"] is None and "not recorded" in nxt["unknown"]


def test_without_the_deal_the_passes_are_skipped() -> None:
    blind = without_deal(example("discard-hearts-hand"))
    assert "passes" not in blind and core_progress.actions(blind)[0].kind == "play"
    nxt = answer_of(core_progress.cut(blind, 0))["next"]
    assert nxt["kind"] == "play" and nxt["choices"] is None


def test_conquimbert_trumps_turned_up_in_mid_hand() -> None:
    """Without the out-of-play cards, the first card that cannot follow brings the card turned up next."""
    value = without_deal(example("conquimbert-hand"))
    acts = core_progress.actions(value)
    k = next(i for i, a in enumerate(acts) if a.kind == "trumps")
    outcome = replay(records.from_json(example("conquimbert-hand")))
    assert outcome.turned is not None
    plays_before = sum(1 for a in acts[:k] if a.kind == "play")
    assert plays_before == outcome.turned.play + 1  # just after the card that could not follow
    nxt = answer_of(core_progress.cut(value, k))["next"]
    assert (nxt["kind"], nxt["player"], nxt["ask"], nxt["choices"]) == ("trumps", "Eve", "card", None)
    after = advanced(core_progress.cut(value, k), "trumps", acts[k].value)
    assert after["next"]["kind"] == "play" and after["state"]["trumps"] == acts[k].value


def test_capot_declined_goes_on_to_the_play() -> None:
    value = {k: v for k, v in core_progress.cut(example("polignac-hand"), 0).items()}
    answer = advanced(value, "capot", [])
    assert answer["record"]["events"] == [{"type": "declined", "step": "capot"}]
    assert answer["next"]["kind"] == "play" and answer["next"]["player"] == "Ann"
    both = advanced(value, "capot", ["Bob", "Dan"])
    assert [e["player"] for e in both["record"]["events"]] == ["Bob", "Dan"] and both["next"]["kind"] == "play"


def test_no_more_trades_goes_on_to_the_play() -> None:
    value = core_progress.cut(example("conquimbert-hand"), 0)
    answer = advanced(value, "trade", None)
    assert answer["record"]["events"] == [{"type": "declined", "step": "trade"}] and answer["next"]["kind"] == "play"


# --- each step refused with the replay's own code ------------------------------------------------------

@pytest.mark.parametrize(("name", "k", "kind", "value", "player", "code"), [
    ("auction-hearts-hand", 1, "bid", 2, None, "bid"),  # not above Ann's 2 (AMB-18)
    ("auction-hearts-hand", 1, "bid", 0, None, "syntax"),  # a bid is at least 1 chip
    ("auction-hearts-hand", 1, "bid", 5, "Cat", "not-next"),  # Bob's turn
    ("auction-hearts-hand", 4, "penalty-suit", "Z", None, "syntax"),
    ("auction-hearts-hand", 4, "play", "2H", None, "not-next"),  # the suit is named first
    ("black-lady-hand", 0, "pass", ["AS", "KC", "KH"], None, "pass"),  # Ann was not dealt AS
    ("black-lady-hand", 0, "pass", ["KC", "KH"], None, "pass"),  # two cards, not three
    ("black-lady-hand", 1, "pass", ["AC", "3S", "3C"], "Ann", "not-next"),  # Bob passes next
    ("knaves-hand", 0, "trumps", "QD", None, "trumps"),  # dealt to Ann: not turned up
    ("conquimbert-hand", 0, "trade", {"player": "Bob", "card": "JC", "partner": "Ann", "partner_card": "AH"},
     None, "trade"),  # a coat for a card
    ("conquimbert-hand", 0, "trade", {"player": "Bob", "card": "QC", "partner": "Ann", "partner_card": "KD"},
     None, "trade"),  # Bob does not hold QC
    ("conquimbert-hand", 0, "trade", {"player": "Bob", "card": "JC"}, None, "syntax"),
    ("polignac-hand", 0, "capot", ["Ann", "Ann"], None, "capot"),  # once a hand
    ("polignac-hand", 0, "capot", ["Zed"], None, "syntax"),
    ("polignac-hand", 0, "capot", "Ann", None, "syntax"),
])
def test_an_illegal_step_is_refused_with_the_replays_code(name: str, k: int, kind: str, value: Any,
                                                          player: str | None, code: str) -> None:
    record = core_progress.cut(example(name), k)
    error = refused(record, kind, value, player)
    assert error.code == code, error.message
    if code not in ("syntax", "not-next"):  # the same record, whole, is refused by the replay alike
        longer = core_progress.extend(record, core_progress.Action(kind, player or answer_of(record)["next"].get("player"),
                                                                     value))
        with pytest.raises(ScorekeeperError) as whole:
            family_of_record(longer).replay_json(longer)
        assert whole.value.code == code


# --- rebuilt step by step ---------------------------------------------------------------------------

def rebuilt(value: dict[str, Any]) -> dict[str, Any]:
    family = family_of_record(value)
    record = core_progress.cut(value, 0)
    for action in core_progress.actions(value):
        answer = family.advance_json(record, dataclasses.asdict(action))
        record = answer["record"]
    return record


def same_hand(built: dict[str, Any], value: dict[str, Any]) -> None:
    family = family_of_record(value)
    assert family.replay_json(built) == family.replay_json(value)
    assert core_progress.actions(built) == core_progress.actions(value)
    assert family.progress_json(built)["complete"]


@pytest.mark.parametrize("name", ["auction-hearts-hand", "knaves-hand", "conquimbert-hand", "discard-hearts-hand",
                                  "polignac-hand", "cancellation-hearts-hand"])
def test_examples_without_the_deal_rebuilt_step_by_step(name: str) -> None:
    value = without_deal(example(name))
    same_hand(rebuilt(value), value)


STEP_GAMES = [("auction-hearts", 4, {}), ("auction-hearts", 5, {}), ("knaves", 3, {}), ("knaves", 4, {"trump": "fixed-per-deal"}),
              ("conquimbert", 3, {}), ("conquimbert", 5, {"trades_per_player": "unlimited"}), ("polignac", 4, {}),
              ("discard-hearts", 4, {}), ("black-lady", 4, {"first_lead": "eldest-any"}), ("heartsette", 5, {}),
              ("joker-hearts", 4, {})]


@settings(max_examples=2, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), blind=st.booleans())
@pytest.mark.parametrize(("game", "n", "options"), STEP_GAMES)
def test_random_hands_rebuilt_step_by_step(game: str, n: int, options: dict[str, Any], seed: int, blind: bool) -> None:
    value = records.to_json(random_record(game, [f"P{i}" for i in range(n)], random.Random(seed), options=options))
    if blind:
        value = without_deal(value)
    same_hand(rebuilt(value), value)


# --- golden JSON -------------------------------------------------------------------------------------

GOLDEN_CASES = {
    "auction-next-bid": lambda: core_progress.cut(example("auction-hearts-hand"), 1),
    "conquimbert-next-trade": lambda: core_progress.cut(example("conquimbert-hand"), 2),
    "black-lady-next-pass": lambda: core_progress.cut(example("black-lady-hand"), 1),
}


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden_next(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(GOLDEN_CASES[name]()))
    assert main(["next", str(path)]) == 0
    got = json.loads(capsys.readouterr().out)
    golden = GOLDEN / f"{name}.json"
    if not golden.exists():  # pragma: no cover - writing a new golden file, to be reviewed and committed
        golden.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n")
        pytest.fail(f"wrote {golden.name}: review it and commit it")
    assert got == json.loads(golden.read_text())


def test_steps_of_an_auction_hand() -> None:
    value = example("auction-hearts-hand")
    answer = family_of_record(value).steps_json(value)
    assert answer["ok"] and [s["kind"] for s in answer["steps"][:6]] == ["bid"] * 4 + ["penalty-suit", "play"]
    assert answer["steps"][3]["state"]["bids"][-1] == ["Dan", 4]
    assert at_play(value, 0) == core_progress.cut(value, 5)


# --- what the cards played say as the hand goes -------------------------------------------------------

def test_who_played_the_joker_shows_as_it_happens() -> None:
    """Joker Hearts (``joker-payments`` pays for it): the state names who played the Joker from that card on."""
    value = example("joker-hearts-hand")
    k = value["play"].index("JK")
    family = family_of_record(value)
    assert "joker" not in family.progress_json(at_play(value, k))["state"]
    assert family.progress_json(at_play(value, k + 1))["state"]["joker"] == "Cat"
    assert family.progress_json(at_play(value, k + 5))["state"]["joker"] == "Cat"


def test_cancellation_dead_tricks_and_the_cards_set_aside() -> None:
    """Tricks 3 and 4 of the example are dead: their cards wait for the winner of trick 5, then are his."""
    value = example("cancellation-hearts-hand")
    family = family_of_record(value)
    state = family.progress_json(at_play(value, 24))["state"]  # six players: four tricks played
    assert state["dead"] == [3, 4] and [t["winner"] for t in state["tricks"][2:]] == [None, None]
    assert sorted(state["set_aside"]) == sorted(value["play"][12:24])
    later = family.progress_json(at_play(value, 30))["state"]
    assert later["dead"] == [3, 4] and later["set_aside"] == []
    assert "dead" not in family.progress_json(at_play(example("black-lady-hand"), 30))["state"]


# --- Domino Hearts without the deal: named cards, then the last player's cards --------------------------

def domino_blind(value: dict[str, Any]) -> dict[str, Any]:
    """A Domino Hearts record as a table without the deal writes it: each card with its player, and the kept event."""
    outcome = replay(records.from_json(value), snapshots=True)
    names = outcome.players
    out = {k: v for k, v in value.items() if k not in ("deal", "widow", "events")}
    out["play"] = [[names[s.seat], s.card.code] for s in outcome.snapshots]
    if outcome.remainder is not None:
        out["events"] = [{"type": "kept", "player": names[outcome.remainder.seat],
                          "cards": [c.code for c in outcome.remainder.kept]}]
    return out


def test_domino_without_the_deal_asks_for_named_cards_or_the_last_cards() -> None:
    value = example("domino-hearts-plays-alone")
    nxt = answer_of(core_progress.cut(value, 10))["next"]
    assert (nxt["kind"], nxt.get("player"), nxt["choices"]) == ("play", None, None)
    assert nxt["declare"] == [{"kind": "kept", "ask": "cards"}] and "only the table" in nxt["unknown"]
    acts = core_progress.actions(value)
    assert acts[-1].kind == "kept" and acts[-1].player == "Cat" and len(acts) == len(value["play"]) + 1
    done = answer_of(core_progress.cut(value, len(acts) - 1))
    assert not done["complete"]
    assert advanced(core_progress.cut(value, len(acts) - 1), "kept", acts[-1].value, "Cat")["complete"]


@pytest.mark.parametrize(("k", "kind", "val", "player", "code"), [
    (10, "kept", ["AH"], "Cat", None),  # too early: the replay's own refusal of the whole record
    (10, "play", "QD", None, "deal"),  # unnamed: once players drop out the cards do not say whose turn it is
    (10, "play", "AS", "Ann", "duplicate-card"),  # played already
    (10, "kept", ["AH"], None, "syntax"),  # who kept them
])
def test_domino_without_the_deal_refusals(k: int, kind: str, val: Any, player: str | None, code: str | None) -> None:
    record = core_progress.cut(example("domino-hearts-plays-alone"), k)
    error = refused(record, kind, val, player)
    if code is None:
        longer = core_progress.extend(record, core_progress.Action(kind, player, val))
        with pytest.raises(ScorekeeperError) as whole:
            family_of_record(longer).replay_json(longer)
        code = whole.value.code
    assert error.code == code, error.message


@settings(max_examples=3, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), n=st.integers(3, 5))
def test_random_domino_hands_rebuilt_with_and_without_the_deal(seed: int, n: int) -> None:
    value = records.to_json(random_record("domino-hearts", [f"P{i}" for i in range(n)], random.Random(seed)))
    same_hand(rebuilt(value), value)
    blind = domino_blind(value)
    same_hand(rebuilt(blind), blind)


def test_knaves_with_no_card_left_to_turn_up_says_so() -> None:
    """Four players dealt 13 each leave no card: the trumps step is the replay's refusal, not an empty choice."""
    value = {"game": "knaves", "options": {"deal": "all-equal"}, "players": ["Ann", "Bob", "Cat", "Dan"],
             "dealer": "Dan"}
    with pytest.raises(ScorekeeperError) as caught:
        answer_of(value)
    assert caught.value.code == "trumps" and "no card to turn up" in caught.value.message
