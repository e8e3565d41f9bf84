"""Gong Zhu (catalogue 2.30, 3.19, from public rules pages): four players alone or as partners, or five; the pig,
the sheep, the transformer alone and with others, the hearts under each all-red rule, exposures and their doubling,
the exposed card refused on the first trick of its suit, the previous pig-taker leading, the end at -1000
inclusive. Tables of cases worked from the catalogue's text, then random legal hands through the replay, the
settlement, the text notation and ``next``."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.cards import ALL_CARDS, cards
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of_record
from scorekeeper.engine.hearts.gong_zhu import hand_score, heart_value
from scorekeeper.engine.hearts.notation import dumps, loads
from scorekeeper.engine.hearts.settlement import session_from_json, settle
from scorekeeper.engine.family import settle_json
from scorekeeper.engine.hearts.simulate import random_record
from tests.support.helpers import next_offers_each_card_played

DEFAULTS = {"heart_values": "graduated", "pig_value": -100, "all_red": "pagat"}
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
P4 = ["A", "B", "C", "D"]


def quick(taken: dict[str, Any], events: list[dict[str, Any]] | None = None, **options: Any) -> dict[str, Any]:
    record = {"game": "gong-zhu", "players": list(taken), "dealer": list(taken)[-1], "taken": taken,
              "events": events or [], "options": options}
    return replay(records.from_json(record)).points_by_player()


def expose(player: str, card: str) -> dict[str, Any]:
    return {"type": "expose", "player": player, "card": card}


# --- the pack and the values (2.30.1, 2.30.2) -----------------------------------------------------------------------

def test_the_pack_for_four_and_five() -> None:
    ruleset = make_ruleset("gong-zhu")
    four, five = ruleset.layout(4), ruleset.layout(5)
    assert (len(four.pack), four.hand_size, four.widow_size) == (52, 13, 0)
    assert set(ALL_CARDS) - set(five.pack) == set(cards("2C 2D")) and (five.hand_size, five.widow_size) == (10, 0)
    assert ruleset.settlement == "gong-zhu-points" and ruleset.revoke_penalty == -300


@pytest.mark.parametrize(("scale", "values"), [
    ("graduated", [-50, -40, -30, -20, -10, -10, -10, -10, -10, -10, 0, 0, 0]),
    ("face", [-50, -40, -30, -20, -10, -9, -8, -7, -6, -5, -10, -3, -2]),
])
def test_heart_values_total_minus_200(scale: str, values: list[int]) -> None:  # 2.30.2, AMB-53
    assert [heart_value(c, scale) for c in cards(HEARTS)] == values
    assert sum(values) == -200


@pytest.mark.parametrize(("taken", "exposed", "options", "score"), [
    # the source figures 2.30.4 reproduces
    ("TC 3H", "", {}, 0),  # GZ-pagat: twice nothing
    (HEARTS, "", {}, 200), (HEARTS + " QS", "", {}, 300), (HEARTS + " QS JD", "", {}, 400),
    ("AH QS TC", "AH QS TC", {}, -1200),
    ("KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "AH", {}, -300),
    (HEARTS + " QS JD TC", "", {}, 800), (HEARTS + " QS JD TC", "AH QS JD TC", {}, 3200),
    # the catalogue's own examples
    ("TC JD", "", {}, 200), ("TC QS AH", "", {}, -300), ("TC", "", {}, 50), ("TC", "TC", {}, 100),
    ("QS TC AH KH", "QS TC", {}, -1160),
    ("2H 3H 4H 5H", "", {"heart_values": "face"}, -20),
    (HEARTS + " QS", "", {"all_red": "sweep-pig"}, 100),
    # the pig, the sheep, exposed or not
    ("QS", "", {}, -100), ("QS", "QS", {}, -200), ("QS", "", {"pig_value": -200}, -200),
    ("QS", "QS", {"pig_value": "-200"}, -400), ("JD", "", {}, 100), ("JD", "JD", {}, 200),
    ("QS JD", "", {}, 0), ("AH", "AH", {}, -100), ("4H 3H 2H", "", {}, 0),
    # the transformer with zero-valued hearts is not alone (AMB-55)
    ("TC 2H", "", {}, 0), ("TC 2H", "TC", {}, 0), ("TC QS", "TC", {}, -400), ("TC QS", "QS TC", {}, -800),
    # all red under each rule (AMB-55)
    (HEARTS + " QS JD", "", {"all_red": "sweep-pig"}, 200), (HEARTS + " QS JD TC", "", {"all_red": "sweep-pig"}, 800),
    (HEARTS + " JD", "", {"all_red": "swap"}, 100), (HEARTS + " QS JD", "", {"all_red": "swap"}, 200),
    (HEARTS + " QS JD TC", "", {"all_red": "swap"}, 800), (HEARTS, "AH", {"all_red": "swap"}, 400),
    (HEARTS + " QS", "QS", {}, 400), (HEARTS + " JD", "JD", {"all_red": "swap"}, 0),
    (HEARTS, "", {"heart_values": "face"}, 200), (HEARTS + " QS", "", {"pig_value": -200}, 400),
])
def test_hand_scores(taken: str, exposed: str, options: dict[str, Any], score: int) -> None:
    assert hand_score(cards(taken), {**DEFAULTS, **options}, cards(exposed)) == score


def test_a_quick_result_with_two_exposed_cards() -> None:
    points = quick({"A": ["QS", "TC", "AH", "KH"], "B": ["JD"], "C": HEARTS.split()[2:], "D": []},
                   [expose("A", "QS"), expose("B", "TC")])
    points = {k: int(v) for k, v in points.items()}
    assert points == {"A": -1160, "B": 100, "C": -110, "D": 0}


def test_a_quick_result_for_five() -> None:
    points = quick({"A": ["JD"], "B": ["QS"], "C": ["TC", "2H"], "D": [], "E": HEARTS.split()[:-1]})
    assert points == {"A": 100, "B": -100, "C": 0, "D": 0, "E": -200}


@pytest.mark.parametrize(("taken", "code"), [
    ({"A": {"hearts": 3}, "B": [], "C": [], "D": []}, "syntax"),
    ({"A": ["QS"], "B": ["JD"], "C": [], "D": []}, "impossible-result"),  # TC and the hearts taken by nobody
    ({"A": ["QS", "JD", "TC", *HEARTS.split()], "B": ["QS"], "C": [], "D": []}, "impossible-result"),
])
def test_quick_results_refused(taken: dict[str, Any], code: str) -> None:
    with pytest.raises(ScorekeeperError) as caught:
        quick(taken)
    assert caught.value.code == code


@pytest.mark.parametrize(("events", "options"), [
    ([expose("A", "KH")], {}),  # another card
    ([expose("A", "QS"), expose("A", "QS")], {}),  # twice
    ([expose("A", "QS")], {"exposure": "off"}),
    ([{**expose("A", "QS"), "trick": 2}], {}),  # after the first lead
])
def test_exposures_refused(events: list[dict[str, Any]], options: dict[str, Any]) -> None:
    with pytest.raises(ScorekeeperError) as caught:
        quick({"A": ["QS", "JD", "TC", *HEARTS.split()], "B": [], "C": [], "D": []}, events, **options)
    assert caught.value.code == "expose"


def test_two_of_clubs_lead_is_for_four() -> None:
    with pytest.raises(ScorekeeperError) as caught:
        quick({"A": ["QS", "JD", "TC", *HEARTS.split()], "B": [], "C": [], "D": [], "E": []}, first_lead="two-of-clubs")
    assert caught.value.code == "unknown-option"


# --- play: the first lead, the exposed card's first trick (2.30.1, 2.30.3) -----------------------------------------

# Four hands of 13 dealt for the play tests: A holds 2S; B holds TC with other clubs; C holds QS.
DEAL = {
    "A": "2S 3S 4S 5S 6S 2C 3C AH KH QH JH TH 9H",
    "B": "TC 9C 8C 7C 6C 5C 2D 3D 4D 5D 6D 7D 8D",
    "C": "QS KS AS 7S 8S 9S TS JS 4C 2H 3H 4H 5H",
    "D": "AC KC QC JC 9D TD JD QD KD AD 6H 7H 8H",
}


def played(plays: list[str], events: list[dict[str, Any]] | None = None, **extra: Any) -> Any:
    record = {"game": "gong-zhu", "players": P4, "dealer": "D", "deal": {k: v.split() for k, v in DEAL.items()},
              "play": plays, "events": events or [], **extra}
    return replay(records.from_json(record), audit=True)


def test_the_two_of_spades_holder_leads() -> None:  # AMB-51
    outcome = played(["3S"])
    assert outcome.error is None and outcome.tricks == () and outcome.snapshots[0].seat == 0
    with pytest.raises(ScorekeeperError) as caught:
        played(["3S"], leader="B")
    assert caught.value.code == "first-lead" and caught.value.message == "A holds 2\u2660 and leads the first trick, not B"
    must = replay(records.from_json({"game": "gong-zhu", "players": P4, "dealer": "D",
                                     "options": {"first_lead": "two-of-spades"},
                                     "deal": {k: v.split() for k, v in DEAL.items()}, "play": ["3S"]}), audit=True)
    assert must.error is not None and must.error.code == "first-lead" and "2\u2660" in must.error.message


def test_an_exposed_card_refused_on_the_first_trick_of_its_suit() -> None:
    # A leads 2C: B holds TC exposed and other clubs, so he may not play it to this first club trick.
    outcome = played(["2C", "TC"], [expose("B", "TC")])
    assert outcome.error is not None and outcome.error.code == "exposed-card"
    assert outcome.error.message == ("B exposed 10\u2663 and may not play it to the first club trick while holding "
                                     "other clubs (9\u2663 8\u2663 7\u2663 6\u2663 5\u2663)")
    assert played(["2C", "9C"], [expose("B", "TC")]).error is None
    assert played(["2C", "TC"]).error is None  # not exposed: free


def test_an_exposed_card_is_free_once_its_suit_was_led() -> None:
    # trick 1 clubs: 2C 9C 4C AC, D wins; D leads KC, A follows, B may now play TC exposed.
    outcome = played(["2C", "9C", "4C", "AC", "KC", "3C", "TC"], [expose("B", "TC")])
    assert outcome.error is None


def test_an_exposed_card_may_not_open_its_suit() -> None:
    # A exposes AH and leads it while holding other hearts.
    outcome = played(["AH"], [expose("A", "AH")])
    assert outcome.error is not None and outcome.error.code == "exposed-card" and "lead it to" in outcome.error.message


def test_an_exposed_card_may_be_discarded_on_another_suit() -> None:
    # A leads 2S; B has no spade and discards TC, exposed: free.
    assert played(["2S", "TC"], [expose("B", "TC")]).error is None


def test_the_exposure_must_be_of_a_dealt_card() -> None:
    with pytest.raises(ScorekeeperError) as caught:
        played(["2S"], [expose("A", "QS")])
    assert caught.value.code == "expose"


def test_a_later_hand_says_its_leader() -> None:
    with pytest.raises(ScorekeeperError) as caught:
        played(["3S"], hand=2)
    assert caught.value.code == "leader"
    outcome = played(["AC"], hand=2, leader="D")  # the pig's taker leads any card
    assert outcome.error is None and outcome.snapshots[0].seat == 3


# --- the settlement (3.19) ------------------------------------------------------------------------------------------

def session(hands: list[dict[str, Any]], players: list[str] = P4, **extra: Any) -> dict[str, Any]:
    return {"game": "gong-zhu", "players": players, "first_dealer": players[-1], "hands": hands, **extra}


def result(taken: dict[str, Any], events: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"taken": taken, "events": events or []}


PIG_HAND = result({"A": ["QS", "TC", "AH", "KH"], "B": ["JD"], "C": HEARTS.split()[2:], "D": []},
                  [expose("A", "QS"), expose("B", "TC")])  # A -1160


def test_the_end_at_minus_1000_inclusive() -> None:
    # A: -880, then -100 (-980), then -20: exactly -1000 ends the game.
    exact = result({"A": ["QS", "TC", "TH", "9H"], "B": ["JD"], "C": [c for c in HEARTS.split() if c not in ("TH", "9H")], "D": []},
                   [expose("A", "QS"), expose("A", "TC")])  # (-200 - 20) x 4 = -880
    out = settle_json(session([exact]))
    assert out["totals"]["A"] == -880 and not out["finished"] and out["losers"] == []
    to_1000 = result({"A": ["QS"], "B": ["JD", "TC", "TH"], "C": [c for c in HEARTS.split() if c != "TH"][:7],
                      "D": [c for c in HEARTS.split() if c != "TH"][7:]})
    out = settle_json(session([exact, result(to_1000["taken"])], options={}))
    # hand 2: A -100 -> -980; not yet
    assert out["totals"]["A"] == -980 and not out["finished"]
    twenty = result({"A": ["JH"], "B": ["QS", "JD", "TC"], "C": [c for c in HEARTS.split() if c != "JH"], "D": []})
    out = settle_json(session([exact, result(to_1000["taken"]), twenty]))
    assert out["totals"]["A"] == -1000 and out["finished"] and out["losers"] == ["A"]
    best = max(out["totals"].values())
    assert out["winners"] == [n for n, t in out["totals"].items() if t == best]


def test_plus_minus_1000_and_none() -> None:
    sweep = result({"A": ["QS", "JD", "TC", *HEARTS.split()], "B": [], "C": [], "D": []},
                   [expose("A", "AH"), expose("A", "QS")])  # (400 + 200 + 100) x 2 = 1400
    out = settle_json(session([sweep], settlement_options={"end": "plus-minus-1000"}))
    assert out["totals"]["A"] == 1400 and out["finished"] and out["winners"] == ["A"] and out["losers"] == []
    out = settle_json(session([sweep]))
    assert not out["finished"]
    out = settle_json(session([PIG_HAND], settlement_options={"end": "none"}))
    assert not out["finished"] and out["losers"] == [] and out["winners"] == ["B"]


def test_partnership_totals() -> None:  # 2.30.5, AMB-57
    out = settle_json(session([PIG_HAND], options={"partnerships": "on"}))
    assert out["team_totals"] == {"A+C": -1270, "B+D": 100}
    assert out["hands"][0]["team_totals"] == {"A+C": -1270, "B+D": 100}
    assert out["finished"] and out["losers"] == ["A", "C"] and out["winners"] == ["B", "D"]
    assert out["totals"] == {"A": -1160, "B": 100, "C": -110, "D": 0}  # each player's own score is kept


def test_partners_are_four() -> None:
    with pytest.raises(ScorekeeperError) as caught:
        settle_json(session([], players=["A", "B", "C", "D", "E"], options={"partnerships": "on"}))
    assert caught.value.code == "players"


def test_the_revoke_costs_300() -> None:
    record = {"game": "gong-zhu", "players": P4, "dealer": "D", "deal": {k: v.split() for k, v in DEAL.items()},
              "play": ["2C", "TC"], "events": [expose("B", "TC"), {"type": "revoke", "player": "B", "trick": 1}]}
    outcome = replay(records.from_json(record))
    assert outcome.points_by_player() == {"A": 0, "B": -300, "C": 0, "D": 0}
    assert outcome.revoke is not None and outcome.revoke.rule == "revoke-house-300"


# --- random legal hands ---------------------------------------------------------------------------------------------

OPTIONS = st.fixed_dictionaries({
    "first_lead": st.sampled_from(["two-of-spades-any", "two-of-spades", "seven-of-spades-any"]),
    "direction": st.sampled_from(["clockwise", "counter-clockwise"]),
    "break": st.sampled_from(["none", "lead-restricted"]),
    "heart_values": st.sampled_from(["graduated", "face"]),
    "pig_value": st.sampled_from([-100, -200]),
    "all_red": st.sampled_from(["pagat", "sweep-pig", "swap"]),
    "exposure": st.sampled_from(["on", "off"]),
})


def pig_taker(outcome: Any) -> str | None:
    return next((name for name, haul in zip(outcome.players, outcome.hauls) if cards("QS")[0] in haul.specials), None)


@settings(max_examples=20, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.integers(4, 5), options=OPTIONS)
def test_random_hands_replay_settle_and_read_back(seed: int, n: int, options: dict[str, Any]) -> None:
    names = [f"P{i}" for i in range(n)]
    rng = random.Random(seed)
    ruleset = make_ruleset("gong-zhu", options)
    dealer = n - 1
    hands, totals, pig = [], [0] * n, None
    from scorekeeper.engine.seating import Seating

    seating = Seating(tuple(names), ruleset.clockwise)
    for number in (1, 2, 3):
        for _ in range(200):  # a later hand's leader is the previous pig-taker
            record = random_record("gong-zhu", names, rng, options=options, dealer=dealer, hand_number=number)
            if number == 1 or pig is None or record.leader == pig:
                break
        outcome = replay(record)
        value = records.to_json(record)
        assert records.to_json(loads(dumps(record))) == value
        exposed = {e["card"] for e in value.get("events", [])}
        assert options["exposure"] == "on" or not exposed
        pig = pig_taker(outcome)
        totals = [t + int(p) for t, p in zip(totals, outcome.points)]
        hand = {k: v for k, v in value.items() if k not in ("game", "players", "options", "dealer", "hand")}
        if number >= 2:
            hand.pop("leader")  # the settlement fills in the previous pig-taker
        hands.append(hand)
        dealer = seating.next(dealer)
    out = settle(session_from_json({"game": "gong-zhu", "players": names, "options": options,
                                    "first_dealer": names[-1], "hands": hands,
                                    "settlement_options": {"end": "none"}}))
    assert [int(t) for t in out.totals] == totals


@settings(max_examples=3, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.integers(4, 5))
def test_next_offers_each_card_played(seed: int, n: int) -> None:
    value = next_offers_each_card_played("gong-zhu", n, seed)


def test_the_card_page_asks_the_exposures_before_the_first_lead() -> None:
    family = family_of_record({"game": "gong-zhu"})
    start = {"game": "gong-zhu", "players": P4, "dealer": "D", "hand": 1,
             "deal": {k: v.split() for k, v in DEAL.items()}}
    nxt = family.progress_json(start)["next"]
    # with the deal, each exposable card is offered to its holder only; null: no more
    assert nxt["kind"] == "expose" and nxt["choices"] == [{"player": "A", "card": "AH"}, {"player": "C", "card": "QS"},
                                                         {"player": "D", "card": "JD"}, {"player": "B", "card": "TC"},
                                                         None]
    after = family.advance_json(start, {"kind": "expose", "value": {"player": "B", "card": "TC"}})
    assert after["next"]["kind"] == "expose" and {"player": "B", "card": "TC"} not in after["next"]["choices"]
    record = {**start, "events": [expose("B", "TC"), {"type": "declined", "step": "expose"}]}
    nxt = family.progress_json(record)["next"]
    assert nxt["kind"] == "play" and nxt["player"] == "A"
    with pytest.raises(ScorekeeperError) as caught:  # B may not follow 2C with his exposed 10♣
        family.advance_json({**record, "play": ["2C"]}, {"kind": "play", "value": "TC"})
    assert caught.value.code == "exposed-card" and "first club trick" in caught.value.message


def test_club_statistics_count_the_pig_and_the_sheep() -> None:
    import json
    from pathlib import Path

    from scorekeeper.engine.tally import club_figures

    value = json.loads((Path(__file__).resolve().parents[3] / "examples" / "gong-zhu-session.json").read_text())
    tally = family_of_record(value).tally(value)
    assert tally["penalty_card"] == "QS" and tally["bonus_card"] == "JD"
    pigs = {p: row["penalty"] for p, row in tally["players"].items()}
    sheep = {p: row.get("bonus", 0) for p, row in tally["players"].items()}
    assert pigs == {"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 0} and sheep == {"Ann": 1, "Bob": 2, "Cat": 0, "Dan": 0}
    line = club_figures([(tally, None)]).to_json()["games"]["gong-zhu"]["Bob"]
    assert (line["penalty_card"], line["penalty"], line["bonus_card"], line["bonus"]) == ("QS", 1, "JD", 2)
    assert tally["finished"] and tally["players"]["Bob"]["won"] and tally["players"]["Dan"]["won"]


def test_the_chart_marks_the_limit() -> None:
    from scorekeeper.engine.seating import Seating
    from scorekeeper.engine.hearts.settlement.methods import make_method

    ruleset = make_ruleset("gong-zhu")
    method = make_method("gong-zhu-points", ruleset, Seating(tuple(P4), True), {})
    assert method.marks() == ((-1000, "\u22121000: the pig"),)
    both = make_method("gong-zhu-points", ruleset, Seating(tuple(P4), True), {"end": "plus-minus-1000"})
    assert [m for m, _ in both.marks()] == [-1000, 1000]


def test_a_session_refuses_another_leader_than_the_pig_taker() -> None:
    rng = random.Random(5)
    first = replay(random_record("gong-zhu", P4, rng, dealer=3))
    pig = pig_taker(first)
    while True:
        second = random_record("gong-zhu", P4, rng, dealer=0, hand_number=2)
        if second.leader != pig:
            break
    hands = [{k: v for k, v in records.to_json(r).items() if k not in ("game", "players", "options", "dealer", "hand")}
             for r in (first.record, second)]
    with pytest.raises(ScorekeeperError) as caught:
        settle_json(session(hands))
    assert caught.value.code == "out-of-turn" and caught.value.hand == 2
    assert caught.value.message == (f"{pig} took the pig (Q\u2660) in the hand before and leads hand 2, "
                                    f"not {second.leader}")


def test_without_a_pig_taker_before_the_first_hand_rule_leads() -> None:  # AMB-59
    revoked = {"deal": {k: v.split() for k, v in DEAL.items()}, "play": ["2C", "TC"],
               "events": [expose("B", "TC"), {"type": "revoke", "player": "B", "trick": 1}]}
    later = records.to_json(random_record("gong-zhu", P4, random.Random(3), dealer=0))  # the 2♠ holder leads
    hand = {k: v for k, v in later.items() if k not in ("game", "players", "options", "dealer", "hand")}
    out = settle_json(session([revoked, hand]))
    assert out["hands"][0]["points"] == {"A": 0, "B": -300, "C": 0, "D": 0}
    assert out["hands"][1]["points"] == family_of_record(later).replay_json(later)["points"]


def test_the_seven_of_spades_and_the_direction() -> None:  # AMB-51, AMB-52
    seven = played(["QS"], options={"first_lead": "seven-of-spades-any"})  # C holds 7S: he leads, any card
    assert seven.error is None and seven.snapshots[0].seat == 2
    right = played(["2S", "AC"], options={"direction": "counter-clockwise"})  # after A, D plays (to the right)
    assert right.error is None and [s.seat for s in right.snapshots] == [0, 3]
    clubs = played(["2C"], options={"first_lead": "two-of-clubs"})
    assert clubs.error is None and clubs.snapshots[0].seat == 0


def test_the_audit_names_an_exposed_card_played_too_soon() -> None:
    import json
    from pathlib import Path

    from scorekeeper.engine.hearts.audit import audit, what_if

    value = json.loads((Path(__file__).resolve().parents[3] / "examples" / "gong-zhu-hand.json").read_text())
    record = records.from_json(value)
    assert audit(record).legal and audit(record).complete
    # trick 2: Dan leads K♥; Ann, who exposed A♥, holds other hearts: A♥ there is refused with its sentence
    outcome = replay(what_if(record, 5, cards("AH")[0]), audit=True)
    assert outcome.error is not None and outcome.error.code == "exposed-card"
    assert outcome.error.message == ("Ann exposed A\u2665 and may not play it to the first heart trick while "
                                     "holding other hearts (10\u2665 2\u2665)")
