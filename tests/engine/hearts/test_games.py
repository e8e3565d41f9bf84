"""The game registry: every Hearts-core game id, its defaults, deals and penalty totals
(catalogue 2.1-2.11, 2.17, 2.29, 9.3)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.support.helpers import PER_HAND_TOTALS, game_key
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.cards import Card, Suit, full_pack
from scorekeeper.engine.errors import RecordSyntaxError, UnknownGame, UnknownOption
from scorekeeper.engine.hearts.games import GAMES, PLANNED, find_game

# (game, options): every game of the scope and every profile.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("hearts", {}),
    ("hearts", {"profile": "004"}),
    ("hearts", {"profile": "003"}),
    ("hearts", {"profile": "001"}),
    ("hearts", {"profile": "002"}),
    ("black-lady", {}),
    ("greek-hearts", {}),
    ("omnibus-hearts", {}),
    ("spot-hearts", {}),
    ("spot-hearts", {"profile": "002"}),
    ("spot-hearts", {"profile": "004"}),
    ("hooligan-hearts", {}),
    ("pink-lady", {}),
    ("rickety-kate", {}),
    ("dirty-nasty-filthy-hearts", {}),
    ("complex-hearts", {}),
    ("heartsette", {}),
    ("heartsette", {"profile": "004"}),
    ("heartsette", {"profile": "002"}),
]


def config_id(config: tuple[str, dict[str, Any]]) -> str:
    game, options = config
    return game + ("@" + options["profile"] if "profile" in options else "")


# --- catalogue tables ---------------------------------------------------------------------------

# 2.2.1: players -> (pack size, cards each, widow)
CHART_004 = {3: (52, 16, 4), 4: (52, 13, 0), 5: (52, 10, 2), 6: (52, 8, 4), 7: (52, 7, 3)}
EQUAL_WIDOW = {
    2: (52, 26, 0), 3: (52, 17, 1), 4: (52, 13, 0), 5: (52, 10, 2), 6: (52, 8, 4),
    # more than six: double deck (003 "If more than six play, a double deck should be used")
    7: (104, 14, 6), 8: (104, 13, 0), 9: (104, 11, 5), 10: (104, 10, 4), 11: (104, 9, 5), 12: (104, 8, 8),
}
STRIP_LOW = {2: (52, 26, 0), 3: (51, 17, 0), 4: (52, 13, 0), 5: (50, 10, 0), 6: (48, 8, 0), 7: (49, 7, 0)}
# 2.17: the 004 chart takes 2C out for 3-4 players; 002 takes 2S out (AMB-16 for 3 players).
HEARTSETTE_004 = {3: (51, 16, 3), 4: (51, 12, 3), 5: (52, 10, 2), 6: (52, 8, 4), 7: (52, 7, 3), 8: (52, 6, 4)}
HEARTSETTE_002 = {3: (51, 16, 3), 4: (51, 12, 3), 5: (52, 10, 2), 6: (52, 8, 4)}

# game, profile -> deal chart, (min, max players), pass, first lead, break, moon, revoke, settlement
BLACK_LADY = ("left-3", "eldest-no-spade-heart", "lead-restricted")
EXPECTED = {
    "hearts@004": (CHART_004, ("left-3", "eldest-no-heart", "lead-restricted"), "hearts-26", "003", "cumulative"),
    "hearts@003": (EQUAL_WIDOW, ("left-3", "eldest-any", "none"), None, "003", "cumulative"),
    "hearts@001": (STRIP_LOW, ("none", "eldest-any", "none"), None, "001", "cumulative"),
    "hearts@002": (EQUAL_WIDOW, ("none", "eldest-any", "none"), None, "003", "sweepstakes"),
    "black-lady": (CHART_004, BLACK_LADY, "black-lady-26", "003", "cumulative"),
    "greek-hearts": (CHART_004, BLACK_LADY, "greek", "003", "cumulative"),
    "omnibus-hearts": (CHART_004, BLACK_LADY, "omnibus", "003", "cumulative"),
    "spot-hearts@002": (EQUAL_WIDOW, ("none", "eldest-any", "none"), None, "003", "spot-differences"),
    "spot-hearts@004": (CHART_004, BLACK_LADY, "spot-instant-win", "003", "cumulative"),
    "hooligan-hearts": (CHART_004, BLACK_LADY, "hooligan", "003", "cumulative"),
    "pink-lady": (CHART_004, BLACK_LADY, "pink-lady", "003", "cumulative"),
    "rickety-kate": (CHART_004, BLACK_LADY, "black-lady-26", "003", "cumulative"),
    "dirty-nasty-filthy-hearts": (CHART_004, BLACK_LADY, "black-lady-26", "003", "cumulative"),
    "complex-hearts": (CHART_004, ("left-3", "eldest-no-heart", "lead-restricted"), "complex", "003",
                       "complex-magnitude"),
    "heartsette@004": (HEARTSETTE_004, ("left-3", "eldest-no-heart", "lead-restricted"), "hearts-26", "003",
                       "cumulative"),
    "heartsette@002": (HEARTSETTE_002, ("none", "eldest-any", "none"), None, "003", "sweepstakes"),
}
def expected(config: tuple[str, dict[str, Any]]) -> tuple[Any, ...]:
    game, options = config
    return EXPECTED[game_key(game, options)]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_game_builds_with_the_catalogue_defaults(config: tuple[str, dict[str, Any]]) -> None:
    game, options = config
    chart, (passing, first_lead, break_rule), moon, revoke, settlement = expected(config)
    ruleset = make_ruleset(game, options)
    assert ruleset.game == game
    assert (ruleset.passing, ruleset.first_lead, ruleset.break_rule) == (passing, first_lead, break_rule)
    assert (ruleset.moon.id if ruleset.moon else None) == moon
    assert ruleset.revoke == revoke
    assert ruleset.settlement == settlement
    assert (ruleset.min_players, ruleset.max_players) == (min(chart), max(chart))
    # every option is resolved and stored, so old records replay after defaults change (0.3)
    assert set(ruleset.options) == set(GAMES[game].options)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_deal_layout_for_every_player_count(config: tuple[str, dict[str, Any]]) -> None:
    game, options = config
    chart = expected(config)[0]
    ruleset = make_ruleset(game, options)
    for players, (pack, each, widow) in chart.items():
        layout = ruleset.layout(players)
        assert (len(layout.pack), layout.hand_size, layout.widow_size) == (pack, each, widow), players
        assert players * each + widow == pack
        assert layout.double_deck == (pack == 104)
        assert set(Counter(layout.pack).values()) == ({2} if pack == 104 else {1})
    for players in (min(chart) - 1, max(chart) + 1):
        with pytest.raises(ValueError, match=f"not {players}"):
            ruleset.layout(players)


@pytest.mark.parametrize(
    ("options", "players", "out"),
    [({"profile": "004"}, 3, "2C"), ({"profile": "004"}, 4, "2C"), ({"profile": "002"}, 3, "2S"),
     ({"profile": "002"}, 4, "2S"), ({"profile": "004"}, 5, None), ({"profile": "002"}, 6, None)],
)
def test_heartsette_strips_the_right_two(options: dict[str, Any], players: int, out: str | None) -> None:
    layout = make_ruleset("heartsette", options).layout(players)
    missing = Counter(full_pack()) - Counter(layout.pack)
    assert [str(c) for c in missing] == ([out] if out else [])


def test_three_players_of_black_lady_deal_16_and_a_kitty_of_4() -> None:
    # AMB-03: every 004-derived game uses one chart: 16 each + kitty 4, not 17 + 1.
    layout = make_ruleset("black-lady").layout(3)
    assert (layout.hand_size, layout.widow_size) == (16, 4)


@pytest.mark.parametrize(("deal", "players", "shape"), [
    ("equal-widow", 3, (52, 17, 1)), ("strip-low", 5, (50, 10, 0)), ("strip-2s", 3, (51, 17, 0)),
    ("chart-004", 3, (52, 16, 4)),
])
def test_the_deal_option_overrides_the_chart(deal: str, players: int, shape: tuple[int, int, int]) -> None:
    layout = make_ruleset("hearts", {"deal": deal}).layout(players)
    assert (len(layout.pack), layout.hand_size, layout.widow_size) == shape


# --- penalty tables and per-hand totals (9.3) -----------------------------------------------------

@pytest.mark.parametrize("config", [c for c in CONFIGS if c[0] != "complex-hearts"], ids=config_id)
def test_per_hand_penalty_total(config: tuple[str, dict[str, Any]]) -> None:
    game, options = config
    ruleset = make_ruleset(game, options)
    total = PER_HAND_TOTALS[game_key(game, options)]
    for players in range(ruleset.min_players, ruleset.max_players + 1):
        layout = ruleset.layout(players)
        copies = 2 if layout.double_deck else 1
        assert sum(ruleset.values.get(c, 0) for c in layout.pack) == total * copies, players


Q = Card.parse


@pytest.mark.parametrize(
    ("game", "options", "cards"),
    [
        ("hearts", {}, {"2H": 1, "AH": 1, "QS": None, "JD": None}),
        ("hearts", {"profile": "001"}, {"QH": 1, "QS": 13}),
        ("black-lady", {}, {"AH": 1, "QS": 13, "JD": None}),
        ("omnibus-hearts", {}, {"QS": 13, "JD": -10, "TD": None}),
        ("omnibus-hearts", {"base": "hearts"}, {"QS": None, "JD": -10}),
        ("hearts", {"jack_of_diamonds": -10}, {"JD": -10, "QS": None}),
        ("hooligan-hearts", {}, {"QS": 13, "7C": 7, "TD": -10, "JD": None, "5H": 1}),
        ("pink-lady", {}, {"QH": 13, "KH": 1, "QS": 13, "TD": -10, "JD": None}),
        ("pink-lady", {"bonus_card": "JD"}, {"QH": 13, "JD": -10, "TD": None}),
        ("spot-hearts", {}, {"2H": 2, "TH": 10, "JH": 11, "QH": 12, "KH": 13, "AH": 14, "QS": None}),
        ("spot-hearts", {"profile": "004"}, {"2H": 2, "AH": 1, "KH": 13, "QS": 13}),
        ("spot-hearts", {"profile": "004", "ace_value": 14}, {"AH": 14}),
        ("complex-hearts", {}, {"3H": 1, "QS": 13, "JD": -10}),
    ],
)
def test_penalty_cards(game: str, options: dict[str, Any], cards: dict[str, int | None]) -> None:
    values = make_ruleset(game, options).values
    for code, value in cards.items():
        assert values.get(Q(code)) == value, code


@pytest.mark.parametrize(
    ("game", "options", "penalty_total"),
    # catalogue 4.1 revoke-001: the game's full positive penalty total
    [("hearts", {}, 13), ("hearts", {"profile": "001"}, 26), ("black-lady", {}, 26), ("omnibus-hearts", {}, 26),
     ("hooligan-hearts", {}, 33), ("pink-lady", {}, 38), ("spot-hearts", {"profile": "004"}, 104),
     ("spot-hearts", {}, 104)],
)
def test_positive_penalty_total(game: str, options: dict[str, Any], penalty_total: int) -> None:
    ruleset = make_ruleset(game, options)
    assert ruleset.penalty_total(ruleset.layout(4)) == penalty_total


@pytest.mark.parametrize("game", ["rickety-kate", "dirty-nasty-filthy-hearts"])
def test_games_with_missing_differences_warn(game: str) -> None:
    # 2.8, 2.11: played as Black Lady; the engine shows that the source's differences are unknown.
    warning = make_ruleset(game).warning
    assert warning and "Black Lady" in warning and "AMB-" in warning


def test_other_games_do_not_warn() -> None:
    assert [g for g, o in CONFIGS if make_ruleset(g, o).warning] == ["rickety-kate", "dirty-nasty-filthy-hearts"]


def test_hearts_is_only_hearts() -> None:
    values = make_ruleset("hearts").values
    assert set(values) == {c for c in full_pack() if c.suit is Suit.HEARTS}


# --- options -------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("game", "options", "field", "value"),
    [
        ("hearts", {"profile": "001", "queen_of_spades": 0}, "values", 13),  # an override beats the profile
        ("black-lady", {"first_lead": "two-of-clubs"}, "first_lead", "two-of-clubs"),
        ("black-lady", {"pass": "rotation-lrah"}, "passing", "rotation-lrah"),
        ("black-lady", {"break": "none"}, "break_rule", "none"),
        ("black-lady", {"revoke": "001"}, "revoke", "001"),
        ("black-lady", {"moon_choice": "add"}, "moon_choice", "add"),
        ("black-lady", {"first_trick_points": False}, "first_trick_points", False),
        ("black-lady", {"queen_breaks_hearts": True}, "queen_breaks_hearts", True),
        ("heartsette", {"profile": "002", "pass": "left-3"}, "passing", "left-3"),
    ],
)
def test_options_override_defaults(game: str, options: dict[str, Any], field: str, value: Any) -> None:
    ruleset = make_ruleset(game, options)
    got = getattr(ruleset, field)
    if field == "values":
        got = sum(got.values())
    assert got == value


def test_make_ruleset_hands_out_one_value_per_configuration() -> None:
    assert make_ruleset("black-lady", {"pass": "none"}) is make_ruleset("black-lady", {"pass": "none"})
    assert make_ruleset("black-lady", {"pass": "none"}) is not make_ruleset("black-lady")


@pytest.mark.parametrize(
    ("name", "game"),
    [("hearts", "hearts"), ("HEARTS", "hearts"), (" Black-Lady ", "black-lady"), ("black lady", "black-lady"),
     ("omnibus", "omnibus-hearts"), ("Jack of Diamonds", "omnibus-hearts"), ("greek", "greek-hearts"),
     ("hooligan", "hooligan-hearts"), ("Pink Lady", "pink-lady"), ("Complex Hearts", "complex-hearts")],
)
def test_find_game_by_id_alias_or_name(name: str, game: str) -> None:
    assert find_game(name).id == game


@pytest.mark.parametrize("game", ["chess", "", "hearts2", "black_lady", 7, None])
def test_unknown_game(game: Any) -> None:
    with pytest.raises(UnknownGame) as info:
        make_ruleset(game)
    error = info.value
    assert error.code == "unknown-game" and isinstance(error, RecordSyntaxError) and error.exit_status == 2
    if isinstance(game, str) and game:
        assert repr(game) in error.message and "black-lady" in error.message  # lists the known games


@pytest.mark.parametrize("game", sorted(PLANNED))
def test_planned_games_say_not_yet(game: str) -> None:
    with pytest.raises(UnknownGame, match=f"does not play {game} yet"):
        make_ruleset(game)


def test_gong_zhu_is_played() -> None:  # from public rules pages (catalogue 2.30)
    assert find_game("chase the pig").id == "gong-zhu"
    assert make_ruleset("gong-zhu").settlement == "gong-zhu-points"


def test_catalogue_ids_are_all_known() -> None:
    catalogue = {
        "hearts", "black-lady", "greek-hearts", "omnibus-hearts", "spot-hearts", "rickety-kate", "hooligan-hearts",
        "pink-lady", "dirty-nasty-filthy-hearts", "cancellation-hearts", "domino-hearts", "two-handed-hearts",
        "three-handed-hearts", "joker-hearts", "heartsette", "discard-hearts", "auction-hearts",
        "progressive-hearts", "polignac", "slobberhannes", "knaves", "conquimbert", "hartenjagen",
        "hartenjagen-three", "complex-hearts", "reversis", "tripoli", "rummoli", "cosmo", "black-maria",
        "gong-zhu",
    }
    assert set(GAMES) | PLANNED == catalogue
    assert not set(GAMES) & PLANNED


@pytest.mark.parametrize(
    ("game", "options", "words"),
    [
        ("hearts", {"colour": "red"}, ["hearts", "'colour'"]),  # no such option
        ("black-lady", {"ace_value": 1}, ["'ace_value'"]),  # another game's option
        ("hearts", {"queen_of_spades": 13, "base": "hearts"}, ["'base'"]),
        ("hearts", {"deal": "chart-005"}, ["'deal'", "chart-005"]),  # a value the option does not take
        ("hearts", {"profile": "005"}, ["'profile'", "005"]),
        ("black-lady", {"profile": "004"}, ["'profile'"]),  # Black Lady has no profiles
        ("spot-hearts", {"ace_value": 11}, ["'ace_value'", "11"]),
        ("hearts", {"first_trick_points": 1}, ["'first_trick_points'", "false, true", "not 1"]),  # 1 is not true
        ("hearts", {"first_trick_points": "false"}, ["'first_trick_points'"]),
        ("hearts", {"jack_of_diamonds": True}, ["'jack_of_diamonds'"]),
        ("hearts", {"jack_of_diamonds": -10.0}, ["'jack_of_diamonds'"]),
        ("hearts", {"moon": "sun"}, ["'moon'", "sun"]),
        ("hearts", {"pass": ["left"]}, ["'pass'"]),  # an unhashable value is explained, not a crash
        ("heartsette", {"deal": "chart-006"}, ["'deal'"]),
    ],
)
def test_unknown_option_or_value(game: str, options: dict[str, Any], words: list[str]) -> None:
    with pytest.raises(UnknownOption) as info:
        make_ruleset(game, options)
    assert info.value.code == "unknown-option" and info.value.exit_status == 2
    for word in words:
        assert word in info.value.message


def test_options_must_be_an_object() -> None:
    with pytest.raises(UnknownOption):
        make_ruleset("hearts", ["deal"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("good", "bad"),
    [({"first_trick_points": True}, {"first_trick_points": 1}), ({"jack_of_diamonds": 0}, {"jack_of_diamonds": False}),
     ({"jack_of_diamonds": -10}, {"jack_of_diamonds": -10.0})],
)
def test_the_ruleset_cache_does_not_let_an_equal_value_of_another_type_through(
    good: dict[str, Any], bad: dict[str, Any]
) -> None:
    # 1 == True and hash(1) == hash(True): a cached good configuration must not answer for the bad one.
    make_ruleset("hearts", good)
    with pytest.raises(UnknownOption):
        make_ruleset("hearts", bad)
