"""Rule cases per error code (RECORDS.md) and the lead, break and passing options (catalogue 2.2).

Most records use the main deal of ``helpers`` (dealer Dan, Ann eldest, no passing): every
error is reached within a few plays, and the error must say where (play index, trick,
player, card) in a sentence that names the player and the card.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.rulecases import ERRORS, SUITS, SYNTAX, TRICK_1, TRICK_2, moon_played, resolve
from tests.support.helpers import DEAL, codes, error_of, finish, hand_record, result_record, run, said
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts import records
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.errors import IllegalPlay, ImpossibleResult, InconsistentRecord, ScorekeeperError
from scorekeeper.engine.seating import Direction


@pytest.mark.parametrize(("record", "code", "play", "trick", "player", "card", "words"), ERRORS)
def test_error(record: Any, code: str, play: int | None, trick: int | None, player: str | None,
               card: str | None, words: list[str]) -> None:
    error = error_of(resolve(record))
    assert (error.code, error.play, error.trick, error.player, error.card) == (code, play, trick, player, card)
    assert error.exit_status == 1
    assert error.to_json() == {"code": code, "message": error.message, "play": play, "trick": trick,
                               "player": player, "card": card}
    for word in [player, *words]:
        if word is not None:
            assert said(word) in error.message


# Messages quote the card (STYLE 7, RECORDS.md "Cat played 4H on a diamond lead while holding 9D").
@pytest.mark.parametrize(("record", "card"), [pytest.param(p.values[0], p.values[5], id=p.id)
                                             for p in ERRORS if p.values[5] is not None])
def test_error_message_names_the_card(record: Any, card: str) -> None:
    error = error_of(resolve(record))
    assert error.card == card
    assert said(card) in error.message and card not in error.message  # the card as printed, never its code


def test_the_moon_hand_scores_with_its_choice() -> None:
    outcome = run({**moon_played(), "moon_choice": "subtract"})
    assert outcome.points_by_player() == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": -26}
    assert outcome.tricks is not None and {outcome.players[t.winner] for t in outcome.tricks} == {"Dan"}


# --- unreadable records: exit 2 ----------------------------------------------------------------



@pytest.mark.parametrize(("record", "kind", "code", "words"), SYNTAX)
def test_unreadable_record(record: dict[str, Any], kind: type[ScorekeeperError], code: str,
                           words: list[str]) -> None:
    error = error_of(record, kind)
    assert error.code == code and error.exit_status == 2
    for word in words:
        assert word in error.message


def test_error_classes() -> None:
    assert issubclass(IllegalPlay, ScorekeeperError) and issubclass(ScorekeeperError, ValueError)
    assert isinstance(error_of(hand_record("2C QS")), IllegalPlay)
    assert isinstance(error_of(hand_record(TRICK_1)), InconsistentRecord)
    assert isinstance(error_of(result_record("hearts", {"A": {"hearts": 14}, "B": {"hearts": 0},
                                                        "C": {"hearts": 0}, "D": {"hearts": 0}})), ImpossibleResult)


# --- options: breaking, first trick, first lead ----------------------------------------------------

def test_queen_breaks_hearts_option() -> None:
    play = TRICK_1 + TRICK_2 + ["2H"]  # Ann leads a heart after QS fell in trick 2
    assert error_of(hand_record(play)).code == "hearts-not-broken"
    outcome = run(finish(hand_record(play, options={"queen_breaks_hearts": True})))
    assert outcome.tricks is not None and codes(outcome.tricks[2].cards)[0] == "2H"


def test_a_discarded_heart_breaks_hearts() -> None:
    # Trick 1: Dan, void in clubs, paints AH; Cat may then lead a heart to trick 2.
    outcome = run(finish(hand_record(["2C", "6C", "AC", "AH", "8H"])))
    assert outcome.tricks is not None and codes(outcome.tricks[1].cards)[0] == "8H"


# Bob wins the three club tricks and is left with QS and nine hearts, hearts unbroken.
QUEEN_DEAL = {
    "Ann": "2C 3C 4C AS KS JS TS 9S 8S 7S 6S 5S 4S",
    "Bob": "AC KC QC QS AH KH QH JH TH 9H 8H 7H 6H",
    "Cat": "5C 6C 7C JC 3S 2S 2D 3D 4D 5D 6D 7D 8D",
    "Dan": "8C 9C TC 9D TD JD QD KD AD 2H 3H 4H 5H",
}
QUEEN_PLAY = ["2C", "AC", "5C", "8C", "KC", "6C", "9C", "3C", "QC", "7C", "TC", "4C", "AH"]


def test_lead_heart_instead_of_queen_option() -> None:
    error = error_of(hand_record(QUEEN_PLAY, deal=QUEEN_DEAL))
    assert (error.code, error.play, error.trick, error.player, error.card) == ("hearts-not-broken", 12, 4, "Bob", "AH")
    outcome = run(finish(hand_record(QUEEN_PLAY, deal=QUEEN_DEAL, options={"lead_heart_instead_of_queen": True})))
    assert outcome.tricks is not None
    assert outcome.players[outcome.tricks[3].leader] == "Bob" and codes(outcome.tricks[3].cards)[0] == "AH"


def test_leading_the_queen_itself_is_always_allowed() -> None:
    outcome = run(finish(hand_record(QUEEN_PLAY[:-1] + ["QS"], deal=QUEEN_DEAL)))
    assert outcome.tricks is not None and codes(outcome.tricks[3].cards)[0] == "QS"


@pytest.mark.parametrize(
    ("play", "options", "code"),
    [
        (["2C", "6C", "AC", "4S"], {"first_trick_points": False}, None),  # a plain discard
        (["2C", "6C", "AC", "AH"], {"first_trick_points": False}, "first-trick-points"),
        (["2C", "6C", "AC", "AH"], {}, None),  # first_trick_points = true: painting is allowed
    ],
)
def test_first_trick_points_option(play: list[str], options: dict[str, Any], code: str | None) -> None:
    record = finish(hand_record(play, options=options)) if code is None else hand_record(play, options=options)
    if code is None:
        assert run(record).tricks is not None
    else:
        assert error_of(record).code == code


def test_first_trick_points_allows_a_hand_of_nothing_else() -> None:
    # Bob leads 2D; Cat discards a club; Dan holds only hearts and may discard one; Ann then
    # discards a spade (not QS).
    record = finish(hand_record(["2D", "3C", "2H", "2S"], deal=SUITS, dealer="Ann",
                                options={"first_trick_points": False, "moon_choice": "subtract"}))
    outcome = run(record)
    assert outcome.tricks is not None and codes(outcome.tricks[0].cards) == ["2D", "3C", "2H", "2S"]


@pytest.mark.parametrize(
    ("options", "dealer", "first", "leader"),
    [
        ({}, "Dan", "2C", "Ann"),  # eldest (left of Dan) leads anything but a heart
        ({}, "Ann", "6C", "Bob"),
        ({"first_lead": "two-of-clubs"}, "Dan", "2C", "Ann"),
        ({"first_lead": "two-of-clubs"}, "Ann", "2C", "Ann"),  # the holder of 2C leads, not eldest
        ({"first_lead": "two-of-clubs"}, "Bob", "2C", "Ann"),
        ({"first_lead": "any-club"}, "Ann", "5C", "Ann"),
        ({"first_lead": "any-club"}, "Cat", "2C", "Ann"),
        ({"first_lead": "eldest-any", "break": "none"}, "Dan", "2H", "Ann"),
    ],
)
def test_first_lead_options(options: dict[str, Any], dealer: str, first: str, leader: str) -> None:
    outcome = run(finish(hand_record([first], options=options, dealer=dealer)))
    assert outcome.tricks is not None
    assert outcome.players[outcome.tricks[0].leader] == leader and codes(outcome.tricks[0].cards)[0] == first


# AMB-44: three players under chart-004 (16 each, kitty 4) with 2C in the kitty: the 2C rules fall back
# to the game's own eldest rule.
DEAL_3 = {"Ann": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 6C 7C 8C",
          "Bob": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H 9C TC JC",
          "Cat": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D QC KC AC"}


def three_handed(play: list[str], game: str = "hearts", first_lead: str = "two-of-clubs",
                 dealer: str = "Ann") -> dict[str, Any]:
    return {"game": game, "options": {"pass": "none", "first_lead": first_lead, "moon_choice": "subtract"},
            "players": ["Ann", "Bob", "Cat"], "dealer": dealer, "deal": DEAL_3, "widow": "2C 3C 4C 5C",
            "play": play}


@pytest.mark.parametrize("first_lead", ["two-of-clubs", "any-club"])
@pytest.mark.parametrize(
    ("game", "dealer", "legal", "illegal", "words"),
    [
        # hearts' own rule is eldest-no-heart: Bob (left of Ann) leads, not a heart
        ("hearts", "Ann", "9C", "AH", ["heart"]),
        # Black Lady's is eldest-no-spade-heart: Ann (left of Cat) leads neither spade nor heart
        ("black-lady", "Cat", "6C", "AS", ["spade"]),
    ],
)
def test_two_of_clubs_in_the_kitty_falls_back_to_eldest(
    first_lead: str, game: str, dealer: str, legal: str, illegal: str, words: list[str]
) -> None:
    assert make_ruleset(game, {"first_lead": first_lead}).layout(3).widow_size == 4
    outcome = run(finish(three_handed([legal], game, first_lead, dealer)))
    assert outcome.tricks is not None
    eldest = {"Ann": "Bob", "Cat": "Ann"}[dealer]
    assert outcome.players[outcome.tricks[0].leader] == eldest
    assert len(outcome.tricks) == 16
    # the kitty (with 2C) goes to the winner of trick 1 (T-STD 5)
    taken = replay(records.from_json(finish(three_handed([legal], game, first_lead, dealer))), snapshots=True)
    assert {"2C", "3C", "4C", "5C"} <= set(codes(taken.snapshots[-1].taken[outcome.tricks[0].winner]))
    error = error_of(three_handed([illegal], game, first_lead, dealer))
    assert (error.code, error.play, error.player, error.card) == ("first-lead", 0, eldest, illegal)
    for word in words:
        assert word in error.message


# --- passing -------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("hand", "players", "direction"),
    [(1, 4, "left"), (2, 4, "right"), (3, 4, "across"), (4, 4, "none"), (5, 4, "left"), (6, 4, "right"),
     (7, 4, "across"), (8, 4, "none"), (2, 5, "left"), (4, 3, "left"), (3, 6, "left")],
)
def test_rotation_lrah_direction_by_hand_number(hand: int, players: int, direction: str) -> None:
    # HOUSE (AMB-01): left, right, across, hold with four players; other counts pass left.
    assert make_ruleset("hearts", {"pass": "rotation-lrah"}).pass_direction(hand, players) is Direction(direction)


@pytest.mark.parametrize(("players", "count"), [(3, 3), (4, 3), (5, 3), (6, 2), (7, 2)])
def test_pass_count(players: int, count: int) -> None:
    # 003 "The Pass": three cards, two when six or seven play.
    assert make_ruleset("black-lady").pass_count(players) == count
    assert make_ruleset("black-lady", {"pass": "none"}).pass_count(players) == 0


PASSES = {"Ann": "AS KS JS", "Bob": "7C 8C 9C", "Cat": "QC KC AC", "Dan": "QD KD AD"}


@pytest.mark.parametrize(("hand", "direction"), [(1, "left"), (2, "right"), (3, "across"), (5, "left")])
def test_rotation_lrah_passes_reach_the_receiver(hand: int, direction: str) -> None:
    record = finish(hand_record([], options={"pass": "rotation-lrah", "moon_choice": "subtract"}, hand=hand,
                                passes=PASSES))
    outcome = run(record)
    receivers = {"left": {"Ann": "Bob", "Bob": "Cat", "Cat": "Dan", "Dan": "Ann"},
                 "right": {"Ann": "Dan", "Bob": "Ann", "Cat": "Bob", "Dan": "Cat"},
                 "across": {"Ann": "Cat", "Bob": "Dan", "Cat": "Ann", "Dan": "Bob"}}[direction]
    assert outcome.dealt is not None
    held = dict(zip(outcome.players, map(codes, outcome.dealt)))
    for giver, cards in PASSES.items():
        assert set(cards.split()) <= set(held[receivers[giver]]), (giver, receivers[giver])
        assert not set(cards.split()) & set(held[giver])
    # the direction may be written in the record, and must then agree
    assert run({**record, "pass_direction": direction}).points == outcome.points


def test_rotation_lrah_hold_hand_has_no_passes() -> None:
    outcome = run(finish(hand_record([], options={"pass": "rotation-lrah"}, hand=4, pass_direction="none")))
    assert outcome.dealt is not None
    assert dict(zip(outcome.players, map(sorted, map(codes, outcome.dealt)))) == {
        name: sorted(cards.split()) for name, cards in DEAL.items()}


# --- replay without the deal -----------------------------------------------------------------------

def test_without_the_deal_a_later_card_proves_the_revoke() -> None:
    # Bob discards QS on the club lead, then follows clubs with 6C in trick 2: he held a club.
    play = ["2C", "QS", "AC", "4S", "KC", "7S", "3C", "6C"]
    error = error_of(hand_record(play, deal=None))
    assert (error.code, error.play, error.trick, error.player, error.card) == ("revoke", 1, 1, "Bob", "QS")
    assert "proven by 6\u2663" in error.message and "Bob played later" in error.message and "play 8" in error.message


def test_without_the_deal_no_later_card_no_proof() -> None:
    # Bob never plays a club later in what was recorded, so nothing shows he could follow.
    play = ["2C", "QS", "AC", "4S", "KC", "7S", "3C", "2S"]
    assert error_of(hand_record(play, deal=None)).code == "incomplete"


def test_without_the_deal_a_later_card_proves_an_early_heart_lead() -> None:
    play = TRICK_1 + ["8H", "7S", "2H", "5H", "TC"]
    error = error_of(hand_record(play, deal=None))
    assert (error.code, error.play, error.trick, error.player, error.card) == ("hearts-not-broken", 4, 2, "Cat", "8H")
    assert "later" in error.message and "10\u2663" in error.message


def test_without_the_deal_a_legal_hand_scores_as_with_it() -> None:
    full = finish(hand_record(TRICK_1, options={"moon_choice": "subtract"}))
    assert run({k: v for k, v in full.items() if k != "deal"}).points == run(full).points
