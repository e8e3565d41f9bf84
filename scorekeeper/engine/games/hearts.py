"""The Hearts core (catalogue 2.2-2.11, 2.17, 7): one builder, many presets.

Every game here is Hearts with a different penalty table, moon rule and defaults.
A game entry is a dict of option defaults plus the few settings no option covers
(its penalty cards, its moon); house rules stay options, never copies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..cards import ALL_CARDS, Card, Rank, Suit, card
from ..options import OptionSpec, yes_no
from ..ruleset import DEAL_RANGES, MoonRule, Ruleset
from . import GameDef, register

QS, JD, TD, QH, C7 = card("QS"), card("JD"), card("TD"), card("QH"), card("7C")
HEARTS = tuple(c for c in ALL_CARDS if c.suit is Suit.HEARTS)

FIRST_LEADS = ("eldest-any", "eldest-no-heart", "eldest-no-spade-heart", "two-of-clubs", "any-club")
MOONS = ("none", "hearts-26", "black-lady-26", "greek", "omnibus", "spot-instant-win", "hooligan", "pink-lady", "complex")


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
    return MoonRule("complex", requires=(QS,), complex=True)


def _fallback(first_lead: str, game_default: str) -> str:
    """AMB-44: with 2C out of the hands, the game's own eldest rule applies."""
    if first_lead not in ("two-of-clubs", "any-club"):
        return first_lead
    return game_default if game_default.startswith("eldest") else "eldest-any"


def _hearts_game(
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
) -> GameDef:
    """Register one Hearts-family game built from the shared Hearts options."""
    specs = _common_options(deals)
    for spec in extra_options:
        specs[spec.name] = spec
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
        game_default_lead = {**defaults, **profiles.get(profile, {})}.get("first_lead", "eldest-any")
        return Ruleset(
            game=game_id,
            name=name,
            options=dict(opts),
            deal=opts["deal"],
            min_players=max(lo, deal_lo),
            max_players=min(hi, deal_hi),
            passing=opts["pass"],
            first_lead=opts["first_lead"],
            fallback_lead=_fallback(opts["first_lead"], game_default_lead),
            break_rule=opts["break"],
            queen_breaks_hearts=opts["queen_breaks_hearts"],
            lead_heart_instead_of_queen=opts["lead_heart_instead_of_queen"],
            first_trick_points=opts["first_trick_points"],
            values=values,
            spots=spots,
            complex=complex_scoring,
            moon=_moon(opts, values),
            moon_choice=opts["moon_choice"],
            revoke=opts["revoke"],
            warning=warning,
            settlement=settlement[profile] if isinstance(settlement, Mapping) else settlement,
            target=target.get(profile) if isinstance(target, Mapping) else target,
        )

    return register(GameDef(game_id, name, specs, build, profiles, aliases, summary))


_hearts_game(
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

_hearts_game(
    "black-lady", "Black Lady", defaults=BLACK_LADY,
    extra_values=lambda o: {QS: 13}, summary="Hearts with the queen of spades worth 13.",
)
_hearts_game(
    "greek-hearts", "Greek Hearts", defaults={**BLACK_LADY, "moon": "greek"},
    extra_values=lambda o: {QS: 13}, aliases=("greek",),
    summary="Black Lady whose moon costs every opponent 26.",
)


def _omnibus_values(opts: Mapping[str, Any]) -> dict[Card, int]:
    return {QS: 13, JD: -10} if opts["base"] == "black-lady" else {JD: -10}


def _omnibus_defaults() -> dict[str, Any]:
    return {**BLACK_LADY, "moon": "omnibus", "jack_of_diamonds": -10}


_hearts_game(
    "omnibus-hearts", "Omnibus Hearts", defaults=_omnibus_defaults(),
    extra_options=(OptionSpec("base", "black-lady", ("black-lady", "hearts"), "AMB-25: Omnibus on Black Lady or on plain Hearts"),),
    extra_values=_omnibus_values, aliases=("omnibus", "jack of diamonds"),
    summary="Black Lady where the jack of diamonds is worth -10.",
)


def _spot_values(opts: Mapping[str, Any]) -> dict[Card, int]:
    values: dict[Card, int] = {c: (opts["ace_value"] if c.rank is Rank.ACE else int(c.rank)) for c in HEARTS}
    return values


_hearts_game(
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
_hearts_game(
    "rickety-kate", "Rickety Kate", defaults=BLACK_LADY, extra_values=lambda o: {QS: 13},
    warning="The source names Rickety Kate's differences from Black Lady but does not list them (AMB-26): "
    "it plays as Black Lady; set your table's differences as options.",
    summary="Australian Black Lady.",
)
_hearts_game(
    "dirty-nasty-filthy-hearts", "Dirty Nasty Filthy Hearts", defaults=BLACK_LADY, extra_values=lambda o: {QS: 13},
    warning="The source announces differences from Black Lady but does not list them (AMB-37): "
    "it plays as Black Lady; set your table's differences as options.",
    summary="Black Lady with house differences.",
)
_hearts_game(
    "hooligan-hearts", "Hooligan Hearts", defaults={**BLACK_LADY, "moon": "hooligan"},
    extra_options=(OptionSpec("moon_mode", "subtract", ("subtract", "choice"), "AMB-31: subtract only, or the shooter's choice"),),
    extra_values=lambda o: {QS: 13, C7: 7, TD: -10}, aliases=("hooligan",),
    summary="Black Lady with 7C worth 7 and TD worth -10.",
)


def _pink_values(opts: Mapping[str, Any]) -> dict[Card, int]:
    return {QS: 13, QH: 13, card(opts["bonus_card"]): -10}


_hearts_game(
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
_hearts_game(
    "complex-hearts", "Complex Hearts", defaults={**HEARTS_004, "moon": "complex"},
    extra_values=lambda o: {QS: 13, JD: -10}, complex_scoring=True, settlement="complex-magnitude",
    summary="Scores are Gaussian integers: QS 13i, JD -10, TC multiplies by 2i.",
)
_hearts_game(
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
