"""The Hearts core (catalogue 2.2-2.11, 2.17, 7): one builder, many presets.

Every game here is Hearts with a different penalty table, moon rule and defaults.
A game entry is a dict of option defaults plus the few settings no option covers
(its penalty cards, its moon); house rules stay options, never copies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from ..cards import ALL_CARDS, JOKER, Card, Rank, Suit, card
from ..domino import DOMINO
from ..options import OptionSpec, yes_no
from ..ruleset import DEAL_RANGES, MoonRule, Ruleset
from ..variant import PLAIN, Variant
from .registry import GameDef, register

QS, JD, TD, QH, C7, JC = card("QS"), card("JD"), card("TD"), card("QH"), card("7C"), card("JC")
HEARTS = tuple(c for c in ALL_CARDS if c.suit is Suit.HEARTS)

FIRST_LEADS = ("eldest-any", "eldest-no-heart", "eldest-no-spade-heart", "two-of-clubs", "any-club")
MOONS = ("none", "hearts-26", "black-lady-26", "greek", "omnibus", "spot-instant-win", "hooligan", "pink-lady", "complex",
         "cancellation")


def _common_options(deals: tuple[str, ...]) -> dict[str, OptionSpec]:
    """The 2.2 options every Hearts-family game has (defaults are overridden per game)."""
    specs = [
        OptionSpec("deal", deals[0], deals, "2.2.1: how many cards each, widow, stripped or double pack"),
        yes_no("widow_peek", False, "2.2.1: the widow's taker may look at it (no effect on scoring)"),
        OptionSpec("pass", "left-3", ("left-3", "rotation-lrah", "none"), "2.2.2: passing before play"),
        OptionSpec("first_lead", "eldest-no-heart", FIRST_LEADS, "2.2.3: who leads trick 1 and what"),
        OptionSpec("break", "lead-restricted", ("lead-restricted", "none"), "2.2.3: hearts may not be led until broken"),
        yes_no("queen_breaks_hearts", False, "2.2.3 HOUSE: playing QS breaks hearts too"),
        yes_no("lead_heart_instead_of_queen", False, "2.2.3 HOUSE: a leader holding only hearts and QS may lead a heart"),
        yes_no("first_trick_points", True, "2.2.3 HOUSE: false forbids discarding hearts or QS on trick 1"),
        OptionSpec("moon", "hearts-26", MOONS, "2.2.4: shooting the moon"),
        OptionSpec("moon_choice", "ask", ("ask", "subtract", "add"), "2.2.4 HOUSE: who chooses the moon's effect"),
        OptionSpec("jack_of_diamonds", 0, (0, -10), "2.3: JD scores -10 for its taker (Omnibus)"),
        OptionSpec("revoke", "003", ("003", "001"), "4.1: established revoke penalty"),
    ]
    return {s.name: s for s in specs}


HEARTS_004: dict[str, Any] = {
    "deal": "chart-004", "pass": "left-3", "first_lead": "eldest-no-heart", "break": "lead-restricted",
    "moon": "hearts-26",
}
PLAIN_002: dict[str, Any] = {
    "deal": "equal-widow", "pass": "none", "first_lead": "eldest-any", "break": "none", "moon": "none",
}
BLACK_LADY: dict[str, Any] = {**HEARTS_004, "first_lead": "eldest-no-spade-heart", "moon": "black-lady-26"}


def _values(opts: Mapping[str, Any], extra: Mapping[Card, int]) -> dict[Card, int]:
    """Penalty table: each heart 1, then the game's cards, then the JD house option."""
    values = {c: 1 for c in HEARTS}
    if opts.get("queen_of_spades"):
        values[QS] = opts["queen_of_spades"]
    values.update(extra)
    if opts["jack_of_diamonds"]:
        values[JD] = opts["jack_of_diamonds"]
    return values


def _moon(opts: Mapping[str, Any], values: Mapping[Card, int]) -> MoonRule | None:
    """The moon rule named by the ``moon`` option, shaped by the game's cards (2.2.4)."""
    moon = opts["moon"]
    queen = (QS,) if QS in values else ()
    jd_bonus: dict[str, Any] = {"bonus_card": JD, "bonus": 10} if values.get(JD) == -10 else {}
    choice = ("subtract", "add") if opts.get("moon_mode", "choice") == "choice" else ("subtract",)
    if moon == "none":
        return None
    if moon == "hearts-26":
        return MoonRule("hearts-26", **jd_bonus)
    if moon == "black-lady-26":
        return MoonRule("black-lady-26", requires=(QS,), **jd_bonus)
    if moon == "greek":
        return MoonRule("greek", requires=(QS,), modes=("subtract",), greek=True)
    if moon == "omnibus":
        return MoonRule("omnibus", requires=queen, bonus_card=JD, bonus=10)
    if moon == "spot-instant-win":
        return MoonRule("spot-instant-win", requires=(QS,), modes=("subtract",), instant_win=True)
    if moon == "hooligan":
        return MoonRule("hooligan", requires=(QS, C7), value=33, bonus_card=TD, bonus=10, modes=choice)
    if moon == "pink-lady":
        bonus_card = card(opts.get("bonus_card", "TD"))
        requires = (QS, bonus_card) if opts.get("moon_requires_bonus") else (QS,)
        adds: dict[str, Any] = {"bonus_card": bonus_card, "bonus": 10} if opts.get("moon_adds_bonus") else {}
        return MoonRule("pink-lady", requires=requires, value=38, modes=choice, **adds)
    if moon == "cancellation":  # every heart and both QS of the two packs; 26 or 52 (AMB-27)
        return MoonRule("cancellation", requires=(QS,), value=opts.get("moon_value", 26))
    return MoonRule("complex", requires=(QS,), complex=True)


def _game_end(opts: Mapping[str, Any], target: int | None) -> int | None:
    """The total that ends the game: the ``end`` option where the game has one (Domino Hearts), else the game's."""
    if "end" not in opts:
        return target
    return None if opts["end"] == "none" else int(opts["end"])


def _fallback(first_lead: str, game_default: str) -> str:
    """AMB-44: with 2C out of the hands, the game's own eldest rule applies."""
    if first_lead not in ("two-of-clubs", "any-club"):
        return first_lead
    return game_default if game_default.startswith("eldest") else "eldest-any"


def hearts_game(
    game_id: str,
    name: str,
    *,
    defaults: Mapping[str, Any],
    profiles: Mapping[str, Mapping[str, Any]] | None = None,
    extra_options: tuple[OptionSpec, ...] = (),
    extra_values: Callable[[Mapping[str, Any]], Mapping[Card, int]] = lambda o: {},
    players: Mapping[str, tuple[int, int]] | tuple[int, int] = (3, 7),
    settlement: Mapping[str, str] | str = "cumulative",
    target: Mapping[str, int | None] | int | None = 100,
    deals: tuple[str, ...] = ("chart-004", "equal-widow", "strip-low", "strip-2s"),
    spots: bool = False,
    complex_scoring: bool = False,
    aliases: tuple[str, ...] = (),
    warning: str | None = None,
    summary: str = "",
    only: Mapping[str, tuple[Any, ...]] | None = None,
    settlements: tuple[str, ...] = (),
    revoke_penalty: int | None = None,
    joker: bool = False,
    pass_size: int | None = None,
    cancellation: bool = False,
    leftover: str = "widow",
    variant: Variant = PLAIN,
    words: Callable[[Ruleset], Mapping[str, str]] | None = None,
) -> GameDef:
    """Register one Hearts-family game built from the shared Hearts options.

    ``only`` narrows a shared option to the values the game takes (Hartenjagen: no moon rule of
    the Hearts kind); ``settlements`` are the only methods that settle it (none: any);
    ``revoke_penalty`` is a HOUSE penalty for an established revoke (4.1).
    """
    specs = _common_options(deals)
    for spec in extra_options:
        specs[spec.name] = spec
    for key, values in (only or {}).items():
        spec = specs[key]
        specs[key] = OptionSpec(spec.name, values[0], values, spec.doc)
    profiles = profiles or {}
    if profiles:
        first = next(iter(profiles))
        specs["profile"] = OptionSpec("profile", first, tuple(profiles), "which source's version of the game")
    for key, value in defaults.items():
        spec = specs[key]
        specs[key] = OptionSpec(spec.name, value, spec.choices, spec.doc)

    def build(opts: Mapping[str, Any]) -> Ruleset:
        profile = opts.get("profile", "")
        lo, hi = players[profile] if isinstance(players, Mapping) else players
        deal_lo, deal_hi = DEAL_RANGES[opts["deal"]]
        values = _values(opts, extra_values(opts))
        moon = _moon(opts, values)
        if joker and moon is not None:  # AMB-15: the moon needs the Joker too
            moon = replace(moon, requires=moon.requires + (JOKER,))
        game_default_lead = {**defaults, **profiles.get(profile, {})}.get("first_lead", "eldest-any")
        return Ruleset(
            game=game_id,
            name=name,
            options=dict(opts),
            deal=opts["deal"],
            min_players=max(lo, deal_lo),
            max_players=min(hi, deal_hi),
            passing=opts["pass"],
            pass_size=pass_size,
            first_lead=opts["first_lead"],
            fallback_lead=_fallback(opts["first_lead"], game_default_lead),
            break_rule=opts["break"],
            queen_breaks_hearts=opts["queen_breaks_hearts"],
            lead_heart_instead_of_queen=opts["lead_heart_instead_of_queen"],
            first_trick_points=opts["first_trick_points"],
            values=values,
            spots=spots,
            complex=complex_scoring,
            moon=moon,
            moon_choice=opts["moon_choice"],
            revoke=opts["revoke"],
            warning=warning,
            settlement=settlement[profile] if isinstance(settlement, Mapping) else settlement,
            target=_game_end(opts, target.get(profile) if isinstance(target, Mapping) else target),
            settlements=settlements,
            revoke_penalty=revoke_penalty,
            joker=joker,
            cancellation=cancellation,
            leftover=leftover,
            variant=variant,
            joker_discard_exception=bool(opts.get("discard_exception", False)),
            joker_deck=opts.get("deck", "replace-2h"),
        )

    return register(GameDef(game_id, name, specs, build, profiles, aliases, summary, words))


hearts_game(
    "hearts",
    "Hearts",
    defaults=HEARTS_004,
    profiles={
        "004": {},
        "003": {"deal": "equal-widow", "first_lead": "eldest-any", "break": "none", "moon": "none"},
        "001": {"deal": "strip-low", "pass": "none", "first_lead": "eldest-any", "break": "none", "moon": "none",
                "queen_of_spades": 13, "revoke": "001"},
        "002": PLAIN_002,
    },
    extra_options=(OptionSpec("queen_of_spades", 0, (0, 13), "001: QS is a 13-point penalty card"),),
    players={"004": (3, 7), "003": (2, 12), "001": (2, 7), "002": (2, 12)},
    settlement={"004": "cumulative", "003": "cumulative", "001": "cumulative", "002": "sweepstakes"},
    target={"004": 100, "003": 100, "001": None, "002": None},
    aliases=("hearts (basic)",),
    summary="Take as few hearts as possible.",
)

hearts_game(
    "black-lady", "Black Lady", defaults=BLACK_LADY,
    extra_values=lambda o: {QS: 13}, summary="Hearts with the queen of spades worth 13.",
)
hearts_game(
    "greek-hearts", "Greek Hearts", defaults={**BLACK_LADY, "moon": "greek"},
    extra_values=lambda o: {QS: 13}, aliases=("greek",),
    summary="Black Lady whose moon costs every opponent 26.",
)


def _omnibus_values(opts: Mapping[str, Any]) -> dict[Card, int]:
    return {QS: 13, JD: -10} if opts["base"] == "black-lady" else {JD: -10}


def _omnibus_defaults() -> dict[str, Any]:
    return {**BLACK_LADY, "moon": "omnibus", "jack_of_diamonds": -10}


hearts_game(
    "omnibus-hearts", "Omnibus Hearts", defaults=_omnibus_defaults(),
    extra_options=(OptionSpec("base", "black-lady", ("black-lady", "hearts"), "AMB-25: Omnibus on Black Lady or on plain Hearts"),),
    extra_values=_omnibus_values, aliases=("omnibus", "jack of diamonds"),
    summary="Black Lady where the jack of diamonds is worth -10.",
)


def _spot_values(opts: Mapping[str, Any]) -> dict[Card, int]:
    values: dict[Card, int] = {c: (opts["ace_value"] if c.rank is Rank.ACE else int(c.rank)) for c in HEARTS}
    return values


hearts_game(
    "spot-hearts", "Spot Hearts",
    defaults={**PLAIN_002},
    profiles={
        "002": {"ace_value": 14, "queen_of_spades": 0},
        "004": {**BLACK_LADY, "ace_value": 1, "queen_of_spades": 13, "moon": "spot-instant-win"},
    },
    extra_options=(
        OptionSpec("ace_value", 14, (14, 1), "2.7: the ace of hearts scores 14 (002) or 1 (004)"),
        OptionSpec("queen_of_spades", 0, (0, 13), "2.7: QS scores 13 (004) or nothing (002)"),
    ),
    extra_values=_spot_values, spots=True,
    players={"002": (2, 12), "004": (3, 7)},
    settlement={"002": "spot-differences", "004": "cumulative"},
    target={"002": None, "004": 100},
    summary="Hearts score their pips.",
)
hearts_game(
    "rickety-kate", "Rickety Kate", defaults=BLACK_LADY, extra_values=lambda o: {QS: 13},
    warning="The source names Rickety Kate's differences from Black Lady but does not list them (AMB-26): "
    "it plays as Black Lady; set your table's differences as options.",
    summary="Australian Black Lady.",
)
hearts_game(
    "dirty-nasty-filthy-hearts", "Dirty Nasty Filthy Hearts", defaults=BLACK_LADY, extra_values=lambda o: {QS: 13},
    warning="The source announces differences from Black Lady but does not list them (AMB-37): "
    "it plays as Black Lady; set your table's differences as options.",
    summary="Black Lady with house differences.",
)
hearts_game(
    "hooligan-hearts", "Hooligan Hearts", defaults={**BLACK_LADY, "moon": "hooligan"},
    extra_options=(OptionSpec("moon_mode", "subtract", ("subtract", "choice"), "AMB-31: subtract only, or the shooter's choice"),),
    extra_values=lambda o: {QS: 13, C7: 7, TD: -10}, aliases=("hooligan",),
    summary="Black Lady with 7C worth 7 and TD worth -10.",
)


def _pink_values(opts: Mapping[str, Any]) -> dict[Card, int]:
    return {QS: 13, QH: 13, card(opts["bonus_card"]): -10}


hearts_game(
    "pink-lady", "Pink Lady", defaults={**BLACK_LADY, "moon": "pink-lady"},
    extra_options=(
        OptionSpec("bonus_card", "TD", ("TD", "JD"), "AMB-33: the diamond worth -10"),
        yes_no("moon_requires_bonus", False, "AMB-33: the moon needs the bonus card too"),
        yes_no("moon_adds_bonus", False, "AMB-33: a moon with the bonus card is worth -48"),
        OptionSpec("moon_mode", "subtract", ("subtract", "choice"), "AMB-33: subtract only, or the shooter's choice"),
    ),
    extra_values=_pink_values,
    summary="Black Lady where the queen of hearts is worth 13 too.",
)
hearts_game(
    "complex-hearts", "Complex Hearts", defaults={**HEARTS_004, "moon": "complex"},
    extra_values=lambda o: {QS: 13, JD: -10}, complex_scoring=True, settlement="complex-magnitude",
    summary="Scores are Gaussian integers: QS 13i, JD -10, TC multiplies by 2i.",
)
hearts_game(
    "heartsette", "Heartsette",
    defaults={**HEARTS_004, "deal": "heartsette-004", "widow_peek": True},
    profiles={
        "004": {},
        "002": {**PLAIN_002, "deal": "heartsette-002"},
    },
    deals=("heartsette-004", "heartsette-002", "chart-004", "equal-widow", "strip-low", "strip-2s"),
    players={"004": (3, 8), "002": (3, 6)},
    settlement={"004": "cumulative", "002": "sweepstakes"},
    target={"004": 100, "002": None},
    summary="Hearts with a widow for the first trick's winner.",
)


# Hartenjagen (2.25, 3.18): Hearts 004's play; hearts 1, QS 5, JC 2 (AMB-36 HOUSE values: 20 a hand).
# The phases and the moon are the settlement's (hartenjagen-two-phase): a hand scores what was taken.
_HARTENJAGEN_OPTIONS = (
    OptionSpec("phase1_moon", "none", ("none", "choice-20"),
               "AMB-36: in phase 1, taking all 20 points is -20 for the shooter or +20 for the others"),
)
_hartenjagen_common: dict[str, Any] = {
    "defaults": {**HEARTS_004, "moon": "none"}, "extra_options": _HARTENJAGEN_OPTIONS,
    "extra_values": lambda o: {QS: 5, JC: 2}, "settlement": "hartenjagen-two-phase", "target": None,
    "only": {"moon": ("none",)}, "settlements": ("hartenjagen-two-phase",),
    "revoke_penalty": 20,  # 4.1 HOUSE: +20 in either phase, a penalty, not a subtraction
}
hearts_game(
    "hartenjagen", "Hartenjagen", players=(4, 4), aliases=("dutch hearts",),
    summary="Hearts in two phases: add up to 100, then subtract down to 0. QS 5, JC 2.", **_hartenjagen_common,
)
hearts_game(
    "hartenjagen-three", "Three Player Hartenjagen", players=(3, 3), aliases=("three player hartenjagen",),
    warning="The source announces Three Player Hartenjagen's differences but does not list them (AMB-36): "
    "it plays as Hartenjagen for three, 16 cards each and a kitty of 4; set your table's differences as options.",
    summary="Hartenjagen for three.", **_hartenjagen_common,
)


# Joker Hearts (2.16, 3.12): the Joker replaces 2H (or is added as a widow card); it is a heart between
# J and T, it wins a trick unless JH, QH, KH or AH is in it, and (002) may be discarded under such a heart.
hearts_game(
    "joker-hearts", "Joker Hearts",
    defaults={**PLAIN_002, "deal": "chart-004"},
    profiles={
        "002": {"discard_exception": True, "joker_points": 0},
        "004": {**HEARTS_004, "discard_exception": False, "joker_points": 5},
    },
    extra_options=(
        OptionSpec("deck", "replace-2h", ("replace-2h", "add-joker"),
                   "2.16: the Joker replaces 2H, or is added after the hands as a one-card widow"),
        yes_no("discard_exception", True, "2.16 (002): the Joker may be discarded under a heart higher than the ten"),
        OptionSpec("joker_points", 0, (0, 5), "2.16: the Joker scores 5 points to its taker (004); 002 pays 5 chips"),
    ),
    extra_values=lambda o: {JOKER: o["joker_points"]}, deals=("chart-004",),
    settlement={"002": "joker-payments", "004": "cumulative"}, target={"002": None, "004": 100},
    settlements=("joker-payments", "cumulative"), joker=True, aliases=("joker",),
    summary="Hearts with a Joker that takes the trick, unless a high heart is in it.",
)


# Discard Hearts (2.18; "Black Jack" or "Black Lady" in 002, AMB-45): the ordinary game of 002 with a
# compulsory pass of three cards to the left, and one black card worth 13 (QS) or 10 (JS) hearts.
hearts_game(
    "discard-hearts", "Discard Hearts",
    defaults={**PLAIN_002, "deal": "chart-004", "pass": "left-3"},
    extra_options=(OptionSpec("black_card", "QS", ("QS", "JS"),
                              "2.18: the black card: QS (Black Lady) worth 13 hearts, or JS (Black Jack) worth 10"),),
    extra_values=lambda o: {card(o["black_card"]): 13 if o["black_card"] == "QS" else 10},
    settlement="sweepstakes", target=None, settlements=("sweepstakes", "howell", "pot"), pass_size=3,
    only={"pass": ("left-3", "rotation-lrah"), "moon": ("none",)},
    aliases=("black jack",),
    summary="Hearts with a compulsory pass of three and the queen (or jack) of spades worth 13 (or 10) hearts.",
)


# Cancellation Hearts (2.12, AMB-27): Black Lady with two packs for 6 to 11 players; identical cards cancel,
# two cancelled pairs (or a pair and no other card of the suit led) make the trick dead.
hearts_game(
    "cancellation-hearts", "Cancellation Hearts",
    defaults={**BLACK_LADY, "deal": "double-pack", "moon": "cancellation"},
    extra_options=(OptionSpec("moon_value", 26, (26, 52), "AMB-27: the moon is worth 26 (Black Lady's) or 52"),),
    extra_values=lambda o: {QS: 13}, deals=("double-pack",), players=(6, 11), target=150,
    only={"moon": ("cancellation", "none")}, cancellation=True, aliases=("cancellation",),
    summary="Black Lady with two packs: identical cards played to a trick cancel each other.",
)


# Three-Handed Hearts (2.15): 002's game of its own for three: 2S out, 17 each (or 004's chart, or 003's
# widow of one); the ordinary game's play; settled by Howell's method (002: "undoubtedly the best").
hearts_game(
    "three-handed-hearts", "Three-Handed Hearts",
    defaults={**PLAIN_002, "deal": "strip-2s"}, deals=("strip-2s", "chart-004", "equal-widow"), players=(3, 3),
    settlement="howell", settlements=("howell", "sweepstakes", "three-handed-excess"), target=None,
    aliases=("three handed hearts",),
    summary="Hearts for three: the two of spades out, seventeen cards each.",
)


# Two-Handed Hearts (2.14): 13 each and a stock of 26; the pone leads; after each trick the winner draws
# the top card of the stock, then the loser; the last 13 tricks are played out without drawing.
hearts_game(
    "two-handed-hearts", "Two-Handed Hearts",
    defaults={**PLAIN_002, "deal": "two-handed"}, deals=("two-handed",), players=(2, 2), leftover="stock",
    settlement="two-handed-difference", settlements=("two-handed-difference", "two-handed-first-six-free", "cumulative"),
    target=100, only={"pass": ("none",), "moon": ("none",)}, aliases=("two player hearts", "two-handed"),
    summary="Hearts for two: draw from the stock after each trick.",
)


# Domino Hearts (2.13, AMB-17): six cards each and a stock; a player who cannot follow draws until he can
# (hand.DominoHand); empty hands drop out; the last player with cards keeps them and takes the stock.
DOMINO_STOCK_WORDS = (
    "a player who cannot follow draws from the stock until he draws the suit led, and plays it; only with the "
    "stock gone may he discard; a player whose hand is empty drops out; the last player with cards keeps them "
    "and takes the rest of the stock, and their hearts count against him")
hearts_game(
    "domino-hearts", "Domino Hearts",
    defaults={**PLAIN_002, "deal": "domino"}, deals=("domino",), players=(2, 8), leftover="stock", variant=DOMINO,
    profiles={"002": {}, "001": {"end": "none", "revoke": "001"}},
    extra_options=(OptionSpec("end", 31, (31, "none"),
                              "2.13: a total of 31 ends the game, the lowest total wins (002, 004); none: each deal "
                              "stands alone (001)"),),
    target=31, only={"pass": ("none",), "moon": ("none",)}, aliases=("domino",),
    words=lambda ruleset: {"Stock": DOMINO_STOCK_WORDS},
    summary="Hearts with six cards each: a player who cannot follow draws from the stock until he can.",
)
