"""Irregularities (catalogue 4): established and corrected revokes, misdeals, play out of turn."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.helpers import DEAL, codes, error_of, finish, hand_record, run, said
from scorekeeper.engine.errors import IllegalPlay, InconsistentRecord
from scorekeeper.engine.gaussian import Gaussian
from scorekeeper.engine.hearts.output import outcome_json

TRICK_1 = ["2C", "6C", "AC", "4S"]  # Cat wins
BOB_REVOKES = ["2C", "QS"]  # Bob discards QS on the club lead while holding 6C-9C
REVOKE_EVENT = {"type": "revoke", "player": "Bob", "trick": 1}

# A later revoke, claimed when discovered: trick 1 as above, trick 2 Cat leads 5S, Dan 7S (wins),
# Ann discards 2H while holding AS KS JS, Bob 2S; trick 3 Dan 8S, Ann KS, Bob 3S, Cat 6S.
LATER = TRICK_1 + ["5S", "7S", "2H", "2S"] + ["8S", "KS", "3S", "6S"]


def revoke_record(play: list[Any], game: str = "hearts", options: dict[str, Any] | None = None,
                  player: str = "Bob", trick: int = 1, **fields: Any) -> dict[str, Any]:
    return hand_record(play, game=game, options=options,
                       events=[{"type": "revoke", "player": player, "trick": trick}], **fields)


@pytest.mark.parametrize(
    ("game", "options", "points"),
    [
        # revoke-003-points: play ceases, the offender adds 10 per other player, the others 0
        ("hearts", {}, (0, 30, 0, 0)),
        ("black-lady", {}, (0, 30, 0, 0)),
        ("hooligan-hearts", {}, (0, 30, 0, 0)),
        ("hearts", {"profile": "003"}, (0, 30, 0, 0)),
        # revoke-001: the hand's whole positive penalty total (26 in 001's QS game, 13 in plain hearts, ...)
        ("hearts", {"revoke": "001"}, (0, 13, 0, 0)),
        ("hearts", {"profile": "001"}, (0, 26, 0, 0)),
        ("black-lady", {"revoke": "001"}, (0, 26, 0, 0)),
        ("omnibus-hearts", {"revoke": "001"}, (0, 26, 0, 0)),
        ("hooligan-hearts", {"revoke": "001"}, (0, 33, 0, 0)),
        ("pink-lady", {"revoke": "001"}, (0, 38, 0, 0)),
        ("spot-hearts", {"profile": "004", "revoke": "001"}, (0, 104, 0, 0)),
        # Complex Hearts (HOUSE): offender 13 + 13i
        ("complex-hearts", {}, (Gaussian(0, 0), Gaussian(13, 13), Gaussian(0, 0), Gaussian(0, 0))),
    ],
)
def test_established_revoke_scores_by_the_revoke_rule(game: str, options: dict[str, Any],
                                                      points: tuple[Any, ...]) -> None:
    outcome = run(revoke_record(BOB_REVOKES, game, options))
    assert outcome.points == points
    assert outcome.moon is None
    revoke = outcome.revoke
    assert revoke is not None
    assert (outcome.players[revoke.seat], revoke.trick, revoke.play, revoke.card.code, revoke.code) == \
        ("Bob", 1, 1, "QS", "revoke")
    expected_rule = {"003": "revoke-003-points", "001": "revoke-001"}[outcome.ruleset.revoke]
    assert revoke.rule == ("complex-13+13i" if game == "complex-hearts" else expected_rule)


@pytest.mark.parametrize(
    ("names", "play", "points"),
    [
        # Without the deal: Bob discards QS on the club lead, and his club in trick 2 proves the revoke.
        (["Ann", "Bob", "Cat"], ["2C", "QS", "KC", "AC", "3C", "4C"], (0, 20, 0)),
        (["Ann", "Bob", "Cat", "Dan", "Eve"], ["2C", "QS", "KC", "9C", "5C", "AC", "3C", "4C", "6C", "7C"],
         (0, 40, 0, 0, 0)),
    ],
)
def test_revoke_003_is_ten_per_other_player(names: list[str], play: list[str], points: tuple[int, ...]) -> None:
    record = {"game": "hearts", "options": {"profile": "003"}, "players": names, "dealer": names[-1],
              "play": play, "events": [REVOKE_EVENT]}
    assert run(record).points == points


def test_revoke_discovered_later_scores_only_the_revoke() -> None:
    # Ann's renege in trick 2 is discovered in trick 3: the plays after it stand, nothing else scores.
    outcome = run(revoke_record(LATER, player="Ann", trick=2))
    assert outcome.points_by_player() == {"Ann": 30, "Bob": 0, "Cat": 0, "Dan": 0}
    assert outcome.revoke is not None
    assert (outcome.revoke.trick, outcome.revoke.play, outcome.revoke.card.code) == (2, 6, "2H")
    assert outcome.tricks is not None and len(outcome.tricks) == 3
    assert outcome.players[outcome.tricks[2].winner] == "Ann"  # play went on after the revoke


def test_established_revoke_in_the_output() -> None:
    out = outcome_json(run(revoke_record(BOB_REVOKES)))
    assert out["ok"] is True
    assert out["points"] == {"Ann": 0, "Bob": 30, "Cat": 0, "Dan": 0}
    assert out["revoke"] == {"player": "Bob", "trick": 1, "play": 1, "card": "QS", "code": "revoke",
                             "rule": "revoke-003-points"}


@pytest.mark.parametrize(
    ("play", "options", "player", "trick", "code"),
    [
        # AMB-10: other illegal plays are handled like reneges
        (TRICK_1 + ["8H"], {}, "Cat", 2, "hearts-not-broken"),
        (["2H"], {}, "Ann", 1, "first-lead"),
        (["2C", "6C", "AC", "AH"], {"first_trick_points": False}, "Dan", 1, "first-trick-points"),
    ],
)
def test_other_illegal_plays_can_be_established_revokes(play: list[str], options: dict[str, Any], player: str,
                                                         trick: int, code: str) -> None:
    outcome = run(revoke_record(play, options=options, player=player, trick=trick))
    assert outcome.revoke is not None and outcome.revoke.code == code
    assert outcome.points_by_player()[player] == 30


@pytest.mark.parametrize(
    ("play", "player", "trick"),
    [
        (["2C", "6C"], "Bob", 1),  # Bob followed suit
        (["2C", "6C", "AC", "AH"], "Dan", 1),  # Dan, void in clubs, painted a heart: legal
    ],
)
def test_a_claimed_revoke_that_did_not_happen_is_refused(play: list[str], player: str, trick: int) -> None:
    error = error_of(revoke_record(play, player=player, trick=trick), InconsistentRecord)
    assert (error.code, error.player, error.trick) == ("revoke-claim", player, trick)
    assert player in error.message and f"trick {trick}" in error.message


@pytest.mark.parametrize(("player", "trick"), [("Cat", 1), ("Bob", 2)])
def test_a_claim_naming_the_wrong_player_or_trick_leaves_the_real_revoke_illegal(player: str, trick: int) -> None:
    error = error_of(revoke_record(BOB_REVOKES + ["AC", "4S", "KC"], player=player, trick=trick), IllegalPlay)
    assert (error.code, error.play, error.trick, error.player, error.card) == ("revoke", 1, 1, "Bob", "QS")


def test_a_claim_for_a_legal_trick_in_a_finished_hand_is_refused() -> None:
    record = finish(hand_record(TRICK_1, events=[{"type": "revoke", "player": "Dan", "trick": 1}]))
    error = error_of(record, InconsistentRecord)
    assert (error.code, error.player, error.trick) == ("revoke-claim", "Dan", 1)


def test_corrected_revoke_is_a_note() -> None:
    plain = finish(hand_record(TRICK_1))
    noted = {**plain, "events": [{"type": "revoke-corrected", "player": "Bob", "trick": 1, "note": "took QS back"}]}
    assert run(noted).points == run(plain).points
    assert run(noted).revoke is None


def test_corrected_revoke_in_an_unplayed_trick_is_refused() -> None:
    record = hand_record(["2C", "6C"], events=[{"type": "revoke-corrected", "player": "Bob", "trick": 3}])
    assert error_of(record, InconsistentRecord).code == "revoke-claim"


# --- misdeals (4.2) ------------------------------------------------------------------------------

@pytest.mark.parametrize("reason", ["exposed-other", "face-up-in-pack", "wrong-count"])
@pytest.mark.parametrize(
    ("game", "zero"), [("hearts", 0), ("black-lady", 0), ("complex-hearts", Gaussian(0, 0))]
)
def test_misdeal_voids_the_hand(reason: str, game: str, zero: Any) -> None:
    for play in ([], ["2C", "6C"]):
        outcome = run(hand_record(play, game=game, events=[{"type": "misdeal", "reason": reason}]))
        assert outcome.void == reason
        assert outcome.points == (zero,) * 4
        assert outcome.moon is None and outcome.revoke is None
        assert outcome_json(outcome)["void"] == reason


def test_misdeal_with_a_wrong_count_needs_no_valid_deal() -> None:
    short = {**DEAL, "Ann": "2C 3C"}
    outcome = run(hand_record([], deal=short, events=[{"type": "misdeal", "reason": "wrong-count"}]))
    assert outcome.void == "wrong-count" and outcome.points == (0, 0, 0, 0)


def test_misdeal_after_the_first_trick_is_refused() -> None:
    record = hand_record(TRICK_1, events=[{"type": "misdeal", "reason": "wrong-count"}])
    error = error_of(record, InconsistentRecord)
    assert error.code == "misdeal" and "first trick" in error.message


def test_exposed_own_card_the_deal_stands() -> None:
    plain = finish(hand_record(TRICK_1))
    noted = {**plain, "events": [{"type": "exposed-own", "player": "Ann"}]}
    assert run(noted).points == run(plain).points and run(noted).void is None


# --- play out of turn (4.3) ----------------------------------------------------------------------

OUT_OF_TURN = [["Ann", "2C"], ["Cat", "TC"], ["Dan", "4S"], ["Bob", "6C"]]


def test_out_of_turn_that_stood_is_accepted() -> None:
    record = finish(hand_record(OUT_OF_TURN, events=[{"type": "out-of-turn", "trick": 1}]))
    outcome = run(record)
    assert outcome.tricks is not None
    first = outcome.tricks[0]
    # recorded in the order actually played; the winner is determined normally and leads next
    assert [(outcome.players[s], c.code) for s, c in first.plays] == [tuple(p) for p in OUT_OF_TURN]
    assert outcome.players[first.winner] == "Cat"
    assert outcome.players[outcome.tricks[1].leader] == "Cat"
    assert sum(h.hearts for h in outcome.hauls) == 13  # the hand was played out and every heart taken


def test_out_of_turn_continues_from_the_player_who_played() -> None:
    # After Cat's play out of turn the trick continues from Cat: Dan, then Bob.
    record = finish(hand_record(["2C", ["Cat", "TC"], "4S", "6C"], events=[{"type": "out-of-turn", "trick": 1}]))
    outcome = run(record)
    assert outcome.tricks is not None
    assert [(outcome.players[s], c.code) for s, c in outcome.tricks[0].plays] == [tuple(p) for p in OUT_OF_TURN]


@pytest.mark.parametrize(
    ("play", "events", "index", "player", "card"),
    [
        (OUT_OF_TURN, [], 1, "Cat", "TC"),  # not accepted by the table
        (OUT_OF_TURN, [{"type": "out-of-turn", "trick": 2}], 1, "Cat", "TC"),  # accepted in another trick
        (OUT_OF_TURN[:3] + [["Cat", "JC"]], [{"type": "out-of-turn", "trick": 1}], 3, "Cat", "JC"),  # twice
    ],
)
def test_out_of_turn_refused(play: list[Any], events: list[Any], index: int, player: str, card: str) -> None:
    error = error_of(hand_record(play, events=events), IllegalPlay)
    assert (error.code, error.play, error.trick, error.player, error.card) == ("out-of-turn", index, 1, player, card)
    assert player in error.message and said(card) in error.message


def test_first_lead_out_of_turn_that_stood() -> None:
    # Bob led trick 1 instead of Ann (eldest); the table let it stand.
    record = finish(hand_record([["Bob", "6C"]], events=[{"type": "out-of-turn", "trick": 1}], leader="Bob"))
    outcome = run(record)
    assert outcome.tricks is not None
    assert outcome.players[outcome.tricks[0].leader] == "Bob"
    assert codes(outcome.tricks[0].cards)[0] == "6C"
