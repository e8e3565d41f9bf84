"""Every irregularity refused with its own stable code and a sentence naming who, what and where.

Each case starts from a legal record (the full Deal 1 of examples/tripoli-deal.json, or a
quick result), changes one thing, and names the code, a fragment of the message and the
exit status (RECORDS.md: 1 illegal or inconsistent, 2 unreadable).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.cards import card, cards
from scorekeeper.engine.errors import IllegalPlay, RecordSyntaxError, ScorekeeperError
from scorekeeper.engine.seating import Seating

from tests.support.helpers import said
from scorekeeper.engine.tripoli import Layout, from_json, make_rules, replay, replay_final, settle_session
from scorekeeper.engine.tripoli.deal import check_deal, hand_sizes
from scorekeeper.engine.tripoli.michigan import Michigan
from scorekeeper.engine.tripoli.record import FinalPokerRecord, TripoliRecord
from tests.support.placecases import TRIPOLI_QUICK, put

ROOT = Path(__file__).resolve().parents[3]
FULL: dict[str, Any] = json.loads((ROOT / "examples" / "tripoli-deal.json").read_text(encoding="utf-8"))
QUICK = TRIPOLI_QUICK  # a deal recorded by its result
Change = Callable[[dict[str, Any]], Any]


def changed(base: dict[str, Any], change: Change) -> dict[str, Any]:
    value = copy.deepcopy(base)
    change(value)
    return value


def run(value: dict[str, Any], carried: Layout | None = None) -> None:
    record = from_json(value)
    if isinstance(record, FinalPokerRecord):
        replay_final(record, carried)
    else:
        assert isinstance(record, TripoliRecord)
        replay(record, carried)


def play(d: dict[str, Any]) -> list[Any]:
    items: list[Any] = d["michigan"]["play"]
    return items


def betting(d: dict[str, Any]) -> list[Any]:
    items: list[Any] = d["poker"]["betting"]
    return items


def drop(path: str) -> Change:
    def change(d: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        for key in parents:
            d = d[key]
        del d[last]
    return change


def set_play(i: int, item: Any) -> Change:
    return lambda d: play(d).__setitem__(i, item)


def set_bets(*actions: list[Any]) -> Change:
    return put("poker.betting", [list(a) for a in actions])


OK_BETS: list[list[Any]] = [["A", "check"], ["B", "bet", 2], ["C", "fold"], ["D", "call"], ["A", "raise", 3], ["B", "call"], ["D", "fold"]]

# (id, base, change, code, fragment, exit status)
CASES: list[tuple[str, dict[str, Any], Change, str, str, int]] = [
    # --- 5.6 Michigan, with every card known
    ("run-stopped-early", FULL, lambda d: play(d).pop(2), "michigan-stop", "the run does not stop at 5S: D holds 6S", 1),
    ("lead-not-lowest", FULL, set_play(0, ["A", "8D"]), "michigan-lead", "lowest card of its suit, and he holds 1 lower card (5D)", 1),
    ("lead-suit-just-played", FULL, set_play(13, ["A", "3C"]), "michigan-lead", "clubs were just played", 1),
    ("lead-out-of-turn", FULL, set_play(13, ["C", "2H"]), "michigan-turn", "the lead is A's: A stopped with 6C", 1),
    ("run-card-of-another", FULL, set_play(1, ["C", "5S"]), "not-in-hand", "C plays 5S, but B holds it", 1),
    ("lead-a-dead-card", FULL, set_play(0, ["A", "7C"]), "not-in-hand", "it is in the dead hand", 1),
    ("lead-a-played-card", FULL, set_play(13, ["A", "4S"]), "duplicate-card", "already been played", 1),
    ("play-after-going-out", FULL, lambda d: play(d).append(["A", "KD"]), "michigan-over", "B played his last card", 1),
    ("play-stops-early", FULL, lambda d: d["michigan"].__setitem__("play", play(d)[:20]), "michigan-end",
     "stops after 20 cards with nobody out", 1),
    ("wrong-player-out", FULL, put("michigan.out", "A"), "go-out", "says A went out, but B went out", 1),
    ("wrong-cards-left", FULL, put("michigan.left", {"A": 4, "C": 5, "D": 2}), "go-out", "A has 4 cards left, but he has 3", 1),
    ("wrong-first-leader", FULL, put("michigan.leader", "B"), "michigan-turn", "the first lead is A's", 1),
    # --- 5.4 betting
    ("bet-out-of-turn", FULL, set_bets(["B", "bet", 2]), "bet-out-of-turn", "it is A's turn to bet, not B's", 1),
    ("check-after-a-bet", FULL, set_bets(["A", "check"], ["B", "bet", 2], ["C", "check"]), "bet-action",
     "C cannot check after B bet: fold, call 2 or raise 1 to 10", 1),
    ("fold-before-a-bet", FULL, set_bets(["A", "fold"]), "bet-action", "A cannot fold before anyone has bet", 1),
    ("bet-over-the-limit", FULL, set_bets(["A", "check"], ["B", "bet", 11]), "bet-limit", "a bet is 1 to 10 chips", 1),
    ("raise-over-the-limit", changed(FULL, put("options", {"bet_limit": 2})), lambda d: None, "bet-limit",
     "betting action 5 (A raise 3): a raise adds 1 to 2 chips", 1),
    ("call-wrong-amount", FULL, set_bets(["A", "check"], ["B", "bet", 2], ["C", "fold"], ["D", "call", 3]), "bet-amount",
     "D calls 3, but calling takes 2 more", 1),
    ("bet-after-the-end", FULL, set_bets(*OK_BETS, ["A", "check"]), "bet-over", "the betting is already over", 1),
    ("betting-unfinished", FULL, set_bets(*OK_BETS[:-1]), "bet-incomplete", "it is D's turn", 1),
    ("folded-player-acts", FULL, set_bets(*OK_BETS[:-1], ["C", "call"]), "bet-out-of-turn", "C folded earlier", 1),
    ("wrong-pot-winner", FULL, put("poker.winners", ["B"]), "poker-winner", "the pot goes to A (by the hands shown", 1),
    ("folded-player-wins", QUICK, put("poker.winners", ["C"]), "poker-winner", "C cannot win the pot: he folded", 1),
    ("showdown-undecided", QUICK, drop("poker.winners"), "poker-winner", "record the winners, or the five cards of A, B", 1),
    ("poker-card-not-held", FULL, put("poker.hands.A", ["TH", "KD", "9C", "TC", "TD"]), "poker-select",
     "A shows TH for the poker, but he holds", 1),
    ("poker-four-cards", FULL, put("poker.hands.A", ["KD", "9C", "TC", "TD"]), "poker-select", "five different cards", 1),
    ("no-poker", QUICK, drop("poker"), "poker", "no poker stage", 1),
    ("quick-winner-short", changed(QUICK, drop("poker.betting")),
     lambda d: d["poker"].update(bets={"A": 5, "B": 4}, winners=["B"]), "impossible-result",
     "B put 4 in the pot and cannot have won it", 1),
    # --- 5.2 the spare hand and the deal
    ("dealer-buys-spare", QUICK, put("spare.buyer", "D"), "spare", "D cannot buy the spare hand from himself", 1),
    ("spare-for-nothing", QUICK, put("spare.price", 0), "spare", "the price is at least 1 chip", 1),
    ("no-spare-exchange", changed(QUICK, put("options", {"spare": "none"})), lambda d: None, "spare",
     "D may not auction the spare hand", 1),
    ("card-dealt-twice", FULL, lambda d: d["deal"]["C"].append("4S"), "duplicate-card", "4S is dealt to A and to C", 1),
    ("wrong-hand-sizes", FULL, lambda d: d["deal"]["C"].append(d["deal"]["D"].pop()), "deal",
     "5 hands of 52 cards are 11 x2, 10 x3", 1),
    ("no-spare-hand", FULL, drop("spare_hand"), "deal", "needs the spare hand too", 1),
    # --- 5.3 claims
    ("claim-wrong-holder", FULL, put("claims.KH", "B"), "claim", "KH goes to C (by the cards held", 1),
    ("claim-kq-without-both", QUICK, put("claims.KQ", "A"), "claim", "A takes KQ, so he must also take the king", 1),
    ("claim-kq-forgotten", QUICK, drop("claims.KQ"), "claim", "C holds the king and the queen, so he also takes KQ", 1),
    ("no-claims", QUICK, drop("claims"), "claim", "record the stage-1 claims", 1),
    ("claim-disproved-by-play", QUICK, put("michigan.play", [["A", "QH"]]), "claim",
     "A played QH in stage 3, so he held it and took QH, not C", 1),
    # --- 5.8 the paying-suit bid
    ("bid-out-of-turn", changed(QUICK, put("options", {"paying_suit": "bid"})), put("bid", {"bids": [["A", 2]]}),
     "bid-out-of-turn", "it is D's turn to bid", 1),
    ("bid-not-higher", changed(QUICK, put("options", {"paying_suit": "bid"})), put("bid", {"bids": [["D", 2], ["A", 2]]}),
     "bid-amount", "a bid must be at least 3, above D's 2", 1),
    ("bid-unfinished", changed(QUICK, put("options", {"paying_suit": "bid"})), put("bid", {"bids": [["D", 2], ["A", "pass"]]}),
     "bid", "not finished: it is B's turn", 1),
    ("bid-no-suit", changed(QUICK, put("options", {"paying_suit": "bid"})), put("bid", {"winner": "B", "amount": 2}),
     "bid", "record the paying suit he chose", 1),
    ("bid-not-played", QUICK, put("bid", {"winner": "B", "amount": 2, "suit": "S"}), "bid", "does not bid for the paying suit", 1),
    # --- Michigan without the deal: proofs from the cards played later
    ("declared-stop-disproved", QUICK, put("michigan.play", [["A", "5S"], ["B", "6S"], ["B", "2D"], ["C", "7S"]]),
     "michigan-stop", "the run does not stop at 6S: C held 7S (played at play 4)", 1),
    ("declared-lead-disproved", QUICK, put("michigan.play", [["A", "9D"], ["A", "2C"], ["A", "4D"]]), "michigan-lead",
     "a lead is the lowest card of its suit and he held 4D", 1),
    ("declared-turn-disproved", QUICK, put("michigan.play", [["A", "AS"], ["B", "2C"], ["A", "3H"]]), "michigan-turn",
     "the lead was A's: he held 3H", 1),
    ("declared-first-leader", QUICK, put("michigan.play", [["B", "2S"]]), "michigan-turn", "the first lead is A's", 1),
    ("declared-sizes", QUICK, put("michigan.play", [["A", "2S"], ["B", "3S"]]), "impossible-result",
     "A played 1 card and has 3 left: 4 cards in all, but with 4 players every hand has 11 or 10", 1),
    ("declared-out-not-last", QUICK, put("michigan.play", [["A", "2S"]]), "go-out",
     "B went out, but the last card played is A's 2S", 1),
    ("declared-two-out", QUICK, put("michigan.left", {"A": 0, "C": 5, "D": 2}), "go-out", "A has no cards left", 1),
    ("no-end", QUICK, put("michigan", {"left": {"A": 1}}), "michigan-end", "who went out (out), or a block", 1),
    ("board-not-here", QUICK, put("paying_suit", "S"), "board", "only a board (paying_suit 'board', Cosmo)", 1),
    ("sequence-not-here", QUICK, put("sequence", "6-7-8"), "board", "this table's sequence is 8-9-10", 1),
    ("ten-players", QUICK, put("players", ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"]), "players",
     "Tripoli is for 2 to 9 players, not 10", 1),
    ("cosmo-with-poker", QUICK, put("game", "cosmo"), "poker", "cosmo plays only stage 3", 1),
    # --- unreadable records: exit 2
    ("unknown-field", QUICK, put("trumps", "S"), "syntax", "unknown field 'trumps'", 2),
    ("bad-card", FULL, lambda d: d["deal"]["A"].__setitem__(0, "1S"), "syntax", "deal of A: '1S' is not a card", 2),
    ("bad-bet-shape", QUICK, put("poker.betting", [["A", "bet"]]), "syntax", "A bets how many chips", 2),
    ("unknown-game", QUICK, put("game", "poch"), "unknown-game", "tripoli, rummoli or cosmo", 2),
    ("unknown-option", QUICK, put("options", {"trumps": "S"}), "unknown-option", "tripoli has no option 'trumps'", 2),
    ("bad-limit", QUICK, put("options", {"bet_limit": 0}), "unknown-option", "a whole number of chips from 1 to 100", 2),
    ("contradicting-options", QUICK, put("options", {"paying_suit": "bid", "pay_cards": "stage1"}), "unknown-option",
     "collects the pay cards in play", 2),
    ("nameless-play", QUICK, put("michigan.play", ["2S"]), "syntax", "name who played each card", 2),
    ("cosmo-poker-winner", QUICK, lambda d: d.update(game="cosmo", options={"michigan_leader": "poker-winner"}),
     "unknown-option", "cosmo has no poker stage", 2),
]


@pytest.mark.parametrize(("name", "base", "change", "code", "fragment", "status"), CASES, ids=[c[0] for c in CASES])
def test_irregularity(name: str, base: dict[str, Any], change: Change, code: str, fragment: str, status: int) -> None:
    with pytest.raises(ScorekeeperError) as caught:
        run(changed(base, change))
    error = caught.value
    assert (error.code, error.exit_status) == (code, status), error.message
    assert said(fragment) in said(error.message)  # a claim names its layout space (KH) as the record does


def test_every_case_starts_from_a_legal_record() -> None:
    run(FULL)
    run(QUICK)


def test_the_error_object_says_where() -> None:
    with pytest.raises(IllegalPlay) as caught:
        run(changed(FULL, set_play(1, ["C", "5S"])))
    assert caught.value.to_json() == {
        "code": "not-in-hand", "message": "play 2: C plays 5\u2660, but B holds it", "play": 1, "trick": 1, "player": "C",
        "card": "5S"}
    with pytest.raises(IllegalPlay) as caught:
        run(changed(FULL, set_bets(["A", "check"], ["B", "bet", 11])))
    assert caught.value.to_json()["play"] == 1 and caught.value.player == "B"


def test_the_layout_carried_must_match_the_record() -> None:
    with pytest.raises(ScorekeeperError) as caught:
        run(changed(QUICK, put("layout", {"JH": 4})), Layout())
    assert caught.value.code == "layout" and "JH 4" in caught.value.message


# --- Michigan variations, on small hands -------------------------------------------------------------

SEATS = Seating(("A", "B", "C"))


def michigan(hands: tuple[str, str, str], dead: str = "", **options: Any) -> Michigan:
    rules = make_rules("tripoli", options)
    return Michigan(rules, SEATS, [cards(h) for h in hands], cards(dead), leader=0)


@pytest.mark.parametrize(("hands", "options", "plays", "code", "fragment"), [
    (("2H 3S", "4S", "5S"), {"colour_leads": "alternate"}, ["2H"], "michigan-lead", "this lead must be black"),
    (("2C 3S", "4S", "5S"), {"colour_leads": "alternate"}, ["3S"], "michigan-lead", "his lowest black card (2C)"),
    (("5S 2H", "3S", "4S"), {"first_lead": "lowest-in-hand"}, ["5S"], "michigan-lead", "lowest card in his hand (2H)"),
    (("2S 3D", "3S 4D", "5D"), {}, ["2S", "3S", "5D"], "michigan-turn", "C leads 5D, but the lead is B's: B stopped with 3S"),
])
def test_michigan_variations(hands: tuple[str, str, str], options: dict[str, Any], plays: list[str], code: str,
                             fragment: str) -> None:
    game = michigan(hands, **options)
    with pytest.raises(IllegalPlay) as caught:
        for c in plays:
            game.play(card(c), None if c != plays[-1] or code != "michigan-turn" else 2)
    assert caught.value.code == code and said(fragment) in caught.value.message


def test_colour_leads_pass_left_and_block() -> None:
    game = michigan(("2H 3H", "2S 3D 9D", "4D"), colour_leads="alternate")
    assert game.turn == 1  # A holds no black card: the lead passes left, the colour stays
    game.play(card("2S"))  # 3S is nowhere: stop; the next lead must be red, B leads 3D
    assert game.legal_plays() == (card("3D"),)
    game.play(card("3D"))
    game.play(card("4D"))  # C plays his last card
    assert (game.end, game.out) == ("out", 2)
    blocked = michigan(("2H", "3D", "4D"), colour_leads="alternate")
    assert blocked.end == "block"  # nobody holds a black card


def test_lead_passes_left_when_the_stopper_holds_only_that_suit() -> None:
    game = michigan(("2S 9S", "3S 2D", "4D"), dead="4S")
    for c in ("2S", "3S"):
        game.play(card(c))
    assert game.turn == 1  # B stopped with 3S (4S dead) and may lead 2D
    game = michigan(("2S 5D", "3S 9S", "8S"), dead="4S")
    game.play(card("2S"))
    game.play(card("3S"))  # B stopped; B and C hold only spades: the lead passes round to A
    assert game.turn == 0 and game.legal_plays() == (card("5D"),)


def test_deal_sizes_with_the_spare_dealt_last() -> None:
    rules = make_rules("tripoli", {"spare_position": "last"})
    seats = Seating(("A", "B", "C", "D"))
    assert hand_sizes(4) == (11, 11, 10, 10, 10)
    from scorekeeper.engine.cards import ALL_CARDS
    pack = list(ALL_CARDS)
    # dealer A: B and C (first two after the dealer) get 11; D, A and the spare 10.
    good = (tuple(pack[0:10]), tuple(pack[10:21]), tuple(pack[21:32]), tuple(pack[32:42]))
    check_deal(rules, seats, 0, good, tuple(pack[42:]))
    bad = (tuple(pack[0:11]), tuple(pack[11:21]), tuple(pack[21:32]), tuple(pack[32:42]))
    with pytest.raises(ScorekeeperError) as caught:
        check_deal(rules, seats, 0, bad, tuple(pack[42:]))
    assert caught.value.code == "deal" and "dealing from B with the spare hand last gives 11" in caught.value.message


# --- final poker and sessions ------------------------------------------------------------------------

FINAL = {"game": "tripoli", "players": ["A", "B", "C", "D"], "dealer": "B", "final": True,
         "poker": {"betting": [["C", "check"], ["D", "check"], ["A", "check"], ["B", "check"]], "winners": ["C", "D"]}}


def test_final_poker_irregularities() -> None:
    from scorekeeper.engine.tripoli import Space
    left = Layout().plus(Space.KQ, 23)
    with pytest.raises(ScorekeeperError, match="plays for everything left on the layout \\(23\\)") as caught:
        run(changed(FINAL, put("pot", 20)), left)
    assert caught.value.code == "final"
    with pytest.raises(ScorekeeperError, match="nothing is left") as caught:
        run(FINAL, Layout())
    assert caught.value.code == "final"
    record = from_json(FINAL)
    assert isinstance(record, FinalPokerRecord)
    with pytest.raises(ScorekeeperError, match="record who won the cut") as caught:
        replay_final(record, left, tie="cut")  # 23 split two ways: 1 odd chip
    assert caught.value.code == "cut"
    outcome = replay_final(record, left)  # by default the odd chip stays for one more final deal
    assert outcome.payments == (0, 0, 11, 11) and outcome.layout.total == 1


def test_session_irregularities() -> None:
    base = {"game": "tripoli", "players": ["A", "B", "C", "D"], "first_dealer": "D"}
    quick = {k: v for k, v in QUICK.items() if k not in ("game", "players")}
    with pytest.raises(ScorekeeperError) as caught:
        settle_session({**base, "hands": [quick, quick]})  # the second deal is A's
    assert (caught.value.code, caught.value.hand) == ("rotation", 2)
    final = {"final": True, "poker": {"bets": {}, "winners": ["C"]}}
    second = {**quick, "spare": "keep"}
    with pytest.raises(ScorekeeperError) as caught:
        settle_session({**base, "hands": [quick, final, {**second, "dealer": "B"}]})
    assert (caught.value.code, caught.value.hand) == ("game-over", 3)
    with pytest.raises(RecordSyntaxError):
        settle_session({**base, "settlement": "howell", "hands": []})
