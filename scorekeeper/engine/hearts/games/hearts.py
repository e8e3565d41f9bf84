"""The Hearts core (catalogue 2.2-2.11, 2.17, 7): one builder, many presets.

Every game here is Hearts with a different penalty table, moon rule and defaults.
A game entry is a dict of option defaults plus the few settings no option covers
(its penalty cards, its moon); house rules stay options, never copies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from ...cards import ALL_CARDS, JOKER, Card, Rank, Suit, card
from ..domino import DOMINO
from ...options import OptionSpec, Profile, profile_spec, yes_no
from ..ruleset import DEAL_RANGES, MoonRule, Ruleset
from ..variant import PLAIN, Variant
from .registry import GameDef, register

QS, JD, TD, QH, C7, JC = card("QS"), card("JD"), card("TD"), card("QH"), card("7C"), card("JC")
HEARTS = tuple(c for c in ALL_CARDS if c.suit is Suit.HEARTS)

FIRST_LEADS = ("eldest-any", "eldest-no-heart", "eldest-no-spade-heart", "two-of-clubs", "any-club", "lowest-club")
MOONS = ("none", "hearts-26", "black-lady-26", "greek", "omnibus", "spot-instant-win", "hooligan", "pink-lady", "complex",
         "cancellation")


DEAL_WORDS = {
    "chart-004": ("By the chart", "as many cards each as the chart gives for the table; the rest are a widow"),
    "equal-widow": ("Evenly, with a widow", "as far as the pack goes evenly; the few left over are a widow"),
    "strip-low": ("Low cards taken out", "low cards are taken out until the pack divides evenly"),
    "strip-2s": ("Two of spades out", "the two of spades is taken out: seventeen cards each for three"),
    "heartsette-004": ("Heartsette, full pack", "the whole pack, the cards left over a widow"),
    "heartsette-002": ("Heartsette, two of spades out", "the two of spades out for three or four players; "
                                                        "the cards left over a widow"),
    "double-pack": ("Two packs", "two packs shared out evenly; the cards left over a widow"),
    "two-handed": ("Thirteen each and a stock", "thirteen cards each; the rest is a stock to draw from"),
    "domino": ("Six each and a stock", "six cards each; the rest is a stock to draw from"),
    "twos-2c": ("Two of clubs out for three", "three players leave out the two of clubs; five the black twos, six "
                                              "all four twos, seven every two but hearts"),
    "twos-2s": ("Two of spades out for three", "three players leave out the two of spades; the larger tables as "
                                               "with the two of clubs"),
    "twos-2d": ("Two of diamonds out for three", "three players leave out the two of diamonds; the larger tables "
                                                 "as with the two of clubs"),
}
MOON_WORDS = {
    "none": ("No moon", "taking every heart is no different from taking some"),
    "hearts-26": ("Every heart: 26", "take every heart and choose: 26 off your score, or 26 onto everyone else's"),
    "black-lady-26": ("Every heart and Q\u2660: 26",
                      "take every heart and the queen of spades, and choose: 26 off your score, or 26 onto "
                      "everyone else's"),
    "greek": ("Greek moon", "every heart and the queen of spades: 26 onto each other player's score, and 26 off "
                            "yours for each of them"),
    "omnibus": ("Omnibus moon", "every heart and the queen of spades: 26 off your score (36 with the jack of "
                                "diamonds), or 26 onto everyone else's"),
    "spot-instant-win": ("The moon wins the game", "take every heart and the queen of spades and you win the game "
                                                   "at once"),
    "hooligan": ("Hooligan moon", "every heart, the queen of spades and the seven of clubs: 33 off your score "
                                  "(43 with the ten of diamonds)"),
    "pink-lady": ("Pink Lady moon", "every heart and the queen of spades: 38 off your score"),
    "complex": ("Complex moon", "every heart and the queen of spades: scored as Complex Hearts says"),
    "cancellation": ("Both packs' hearts and queens", "all 26 hearts and both queens of spades: the moon's points "
                                                      "off your score, or onto everyone else's"),
}
MOON_MODES = {
    "subtract": ("Off the shooter's score", "the moon's points always come off the shooter's score"),
    "choice": ("The shooter chooses", "off the shooter's score, or onto everyone else's"),
}
FIRST_LEAD_WORDS = {
    "eldest-any": ("Left of the dealer, any card", "the player left of the dealer leads whatever he likes"),
    "eldest-no-heart": ("Left of the dealer, no heart", "the player left of the dealer leads; not a heart while "
                                                        "he holds another suit"),
    "eldest-no-spade-heart": ("Left of the dealer, a club or diamond",
                              "the player left of the dealer leads a club or a diamond if he has one"),
    "two-of-clubs": ("The two of clubs", "whoever holds the two of clubs leads it"),
    "any-club": ("Any club, by the two's holder", "whoever holds the two of clubs leads, and may lead any club"),
    "lowest-club": ("The lowest club", "whoever holds the lowest club dealt leads it: the two, or the three when "
                                       "the two is out"),
}


def _common_options(deals: tuple[str, ...]) -> dict[str, OptionSpec]:
    """The 2.2 options every Hearts-family game has (defaults are overridden per game)."""
    specs = [
        OptionSpec("deal", deals[0], deals, "2.2.1: how many cards each, widow, stripped or double pack",
                   "Dealing", "How many cards each, and what happens to the cards left over",
                   {d: DEAL_WORDS[d] for d in deals}),
        yes_no("widow_peek", False, "2.2.1: the widow's taker may look at it (no effect on scoring)",
               "The widow's taker may look at it", "Whoever wins the first trick and takes the widow may look at "
               "it; the score is the same either way"),
        OptionSpec("pass", "left-3", ("left-3", "rotation-lrah", "none"), "2.2.2: passing before play",
                   "Passing", "Which cards change hands before play", {
                       "left-3": ("Three to the left", "three cards to the left-hand player (two when six or more "
                                                       "play)"),
                       "rotation-lrah": ("Left, right, across, keep", "four players pass three cards left, then "
                                                                      "right, then across, then keep, in turn"),
                       "none": ("No passing", "everybody plays the cards dealt")}),
        OptionSpec("first_lead", "eldest-no-heart", FIRST_LEADS, "2.2.3: who leads trick 1 and what",
                   "First lead", "Who leads the first trick, and what he may lead", FIRST_LEAD_WORDS),
        OptionSpec("break", "lead-restricted", ("lead-restricted", "none"), "2.2.3: hearts may not be led until broken",
                   "Breaking hearts", "Whether hearts may be led before one has been played", {
                       "lead-restricted": ("Not led until broken", "nobody leads a heart before one has been "
                                                                   "thrown, unless he holds nothing else"),
                       "none": ("Led at any time", "hearts may be led whenever a player likes")}),
        yes_no("queen_breaks_hearts", False, "2.2.3 HOUSE: playing QS breaks hearts too",
               "The queen of spades breaks hearts", "Once the queen of spades has been played, hearts may be led"),
        yes_no("lead_heart_instead_of_queen", False, "2.2.3 HOUSE: a leader holding only hearts and QS may lead a heart",
               "A heart instead of the queen", "A leader holding only hearts and the queen of spades may lead a "
               "heart before hearts are broken"),
        yes_no("first_trick_points", True, "2.2.3 HOUSE: false forbids discarding hearts or QS on trick 1",
               "Points on the first trick", "A player who cannot follow to the first trick may throw a heart or "
               "the queen of spades on it"),
        OptionSpec("moon", "hearts-26", MOONS, "2.2.4: shooting the moon", "Shooting the moon",
                   "What a player scores who takes every penalty card", MOON_WORDS),
        OptionSpec("moon_choice", "ask", ("ask", "subtract", "add"), "2.2.4 HOUSE: who chooses the moon's effect",
                   "The moon's choice", "Whether the shooter chooses each time, or the table always plays it one way",
                   {"ask": ("The shooter chooses", "the form asks each time"),
                    "subtract": ("Always off the shooter's score", "the moon's points are taken off the shooter's "
                                                                   "score"),
                    "add": ("Always onto the others' scores", "the moon's points go onto every other player's "
                                                              "score")}),
        OptionSpec("jack_of_diamonds", 0, (0, -10), "2.3: JD scores -10 for its taker (Omnibus)",
                   "The jack of diamonds", "Whether the jack of diamonds takes 10 off its taker's score", {
                       0: ("Scores nothing", "the jack of diamonds is an ordinary card"),
                       -10: ("\u221210 for its taker", "whoever takes the jack of diamonds has 10 taken off his "
                                                       "score, as in Omnibus")}),
        OptionSpec("revoke", "003", ("003", "001"), "4.1: established revoke penalty",
                   "A revoke", "What a player pays who failed to follow suit when he could, once it stands", {
                       "003": ("10 to each other player", "play stops; the revoker pays 10 for each other player "
                                                          "and the others score nothing"),
                       "001": ("Every penalty point of the hand", "the hand is abandoned; the revoker takes every "
                                                                  "penalty point of the hand")}),
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
    if moon == "black-maria-all":  # every penalty card: the shooter 0, each other player the hand's total
        return MoonRule("black-maria-all", requires=tuple(c for c in sorted(values, key=lambda c: c.sort_key)
                                                          if c.suit is not Suit.HEARTS and values[c] > 0),
                        modes=("add",), whole=True)
    if moon == "cancellation":  # every heart and both QS of the two packs; 26 or 52 (AMB-27)
        return MoonRule("cancellation", requires=(QS,), value=opts.get("moon_value", 26))
    return MoonRule("complex", requires=(QS,), complex=True)


def _game_end(opts: Mapping[str, Any], target: int | None) -> int | None:
    """The total that ends the game: the ``end`` option where the game has one (Domino Hearts), else the game's."""
    if "end" not in opts:
        return target
    return None if opts["end"] == "none" else int(opts["end"])


def _fallback(first_lead: str, game_default: str) -> str:
    """AMB-44: with 2C out of the hands (under ``lowest-club``: no club in them), the game's own eldest rule applies."""
    if first_lead not in ("two-of-clubs", "any-club", "lowest-club"):
        return first_lead
    return game_default if game_default.startswith("eldest") else "eldest-any"


def hearts_game(
    game_id: str,
    name: str,
    *,
    defaults: Mapping[str, Any],
    profiles: Mapping[str, Profile] | None = None,
    extra_options: tuple[OptionSpec, ...] = (),
    extra_values: Callable[[Mapping[str, Any]], Mapping[Card, int]] = lambda o: {},
    players: Mapping[str, tuple[int, int]] | tuple[int, int] = (3, 7),
    settlement: Mapping[str, str] | str = "cumulative",
    target: Mapping[str, int | None] | int | None = 100,
    deals: tuple[str, ...] = ("chart-004", "equal-widow", "strip-low", "strip-2s"),
    spots: bool | Callable[[Mapping[str, Any]], bool] = False,
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
) -> GameDef[Ruleset]:
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
        specs[key] = replace(spec, default=values[0], choices=values)
    profiles = profiles or {}
    if profiles:
        specs["profile"] = profile_spec(profiles)
    for key, value in defaults.items():
        spec = specs[key]
        specs[key] = replace(spec, default=value)

    def build(opts: Mapping[str, Any]) -> Ruleset:
        profile = opts.get("profile", "")
        lo, hi = players[profile] if isinstance(players, Mapping) else players
        deal_lo, deal_hi = DEAL_RANGES[opts["deal"]]
        values = _values(opts, extra_values(opts))
        moon = _moon(opts, values)
        if joker and moon is not None:  # AMB-15: the moon needs the Joker too
            moon = replace(moon, requires=moon.requires + (JOKER,))
        profile_options = profiles[profile].options if profile in profiles else {}
        game_default_lead = {**defaults, **profile_options}.get("first_lead", "eldest-any")
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
            spots=spots(opts) if callable(spots) else spots,
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
        "004": Profile("Modern Hearts", "pass three, hearts broken before they are led, shoot the moon, game to 100"),
        "003": Profile("Plain Hearts", "pass three, any lead, no moon, game to 100; two packs from seven players",
                       {"deal": "equal-widow", "first_lead": "eldest-any", "break": "none", "moon": "none"}),
        "001": Profile("Old Hearts", "no passing, the queen of spades 13, each deal scored on its own",
                       {"deal": "strip-low", "pass": "none", "first_lead": "eldest-any", "break": "none",
                        "moon": "none", "queen_of_spades": 13, "revoke": "001"}),
        "002": Profile("Hearts for chips", "no passing, any lead, hearts only, paid into a pool of chips", PLAIN_002),
    },
    extra_options=(OptionSpec("queen_of_spades", 0, (0, 13), "001: QS is a 13-point penalty card",
                              "The queen of spades", "Whether the queen of spades costs 13 points",
                              {0: ("Scores nothing", "the queen of spades is an ordinary card"),
                               13: ("13 points", "whoever takes the queen of spades scores 13")}),),
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
    extra_options=(OptionSpec("base", "black-lady", ("black-lady", "hearts"), "AMB-25: Omnibus on Black Lady or on plain Hearts",
                              "Built on", "Whether the queen of spades counts too", {
                                  "black-lady": ("Black Lady", "the queen of spades 13, and the moon needs her"),
                                  "hearts": ("Plain Hearts", "the queen of spades scores nothing")}),),
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
        "002": Profile("Spot Hearts for chips", "no passing, the ace of hearts 14, the lowest collects the "
                                                "differences", {"ace_value": 14, "queen_of_spades": 0}),
        "004": Profile("Spot Hearts on Black Lady", "pass three, the ace of hearts 1, the queen of spades 13, "
                                                    "game to 100; a moon wins the game",
                       {**BLACK_LADY, "ace_value": 1, "queen_of_spades": 13, "moon": "spot-instant-win"}),
    },
    extra_options=(
        OptionSpec("ace_value", 14, (14, 1), "2.7: the ace of hearts scores 14 (002) or 1 (004)",
                   "The ace of hearts", "What the ace of hearts scores", {
                       14: ("14", "the ace scores 14, above the king"), 1: ("1", "the ace scores 1, below the two")}),
        OptionSpec("queen_of_spades", 0, (0, 13), "2.7: QS scores 13 (004) or nothing (002)",
                   "The queen of spades", "Whether the queen of spades costs 13 points",
                   {0: ("Scores nothing", "the queen of spades is an ordinary card"),
                    13: ("13 points", "whoever takes the queen of spades scores 13")}),
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
    extra_options=(OptionSpec("moon_mode", "subtract", ("subtract", "choice"), "AMB-31: subtract only, or the shooter's choice",
                              "The moon's effect", "Whether the moon only comes off the shooter's score", MOON_MODES),),
    extra_values=lambda o: {QS: 13, C7: 7, TD: -10}, aliases=("hooligan",),
    summary="Black Lady with 7C worth 7 and TD worth -10.",
)


def _pink_values(opts: Mapping[str, Any]) -> dict[Card, int]:
    return {QS: 13, QH: 13, card(opts["bonus_card"]): -10}


hearts_game(
    "pink-lady", "Pink Lady", defaults={**BLACK_LADY, "moon": "pink-lady"},
    extra_options=(
        OptionSpec("bonus_card", "TD", ("TD", "JD"), "AMB-33: the diamond worth -10",
                   "The bonus diamond", "Which diamond takes 10 off its taker's score", {
                       "TD": ("The ten of diamonds", "10\u2666 takes 10 off its taker's score"),
                       "JD": ("The jack of diamonds", "J\u2666 takes 10 off its taker's score")}),
        yes_no("moon_requires_bonus", False, "AMB-33: the moon needs the bonus card too",
               "The moon needs the bonus diamond", "Shooting the moon takes the bonus diamond as well"),
        yes_no("moon_adds_bonus", False, "AMB-33: a moon with the bonus card is worth -48",
               "The bonus diamond adds to the moon", "A moon that took the bonus diamond too is worth 48 off "
               "the shooter's score"),
        OptionSpec("moon_mode", "subtract", ("subtract", "choice"), "AMB-33: subtract only, or the shooter's choice",
                   "The moon's effect", "Whether the moon only comes off the shooter's score", MOON_MODES),
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
        "004": Profile("Heartsette with passing", "pass three, hearts broken before they are led, shoot the moon, "
                                                  "game to 100"),
        "002": Profile("Heartsette for chips", "no passing, any lead, paid into a pool of chips",
                       {**PLAIN_002, "deal": "heartsette-002"}),
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
               "AMB-36: in phase 1, taking all 20 points is -20 for the shooter or +20 for the others",
               "A moon in the first phase", "What taking all 20 points scores while the totals go up", {
                   "none": ("No moon", "all 20 points score 20, like any others"),
                   "choice-20": ("The shooter chooses", "20 off the shooter's total, or 20 onto everyone else's")}),
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
        "002": Profile("Joker Hearts for chips", "no passing; the Joker costs its taker 5 chips, and may be thrown "
                                                 "under a high heart", {"discard_exception": True, "joker_points": 0}),
        "004": Profile("Joker Hearts with passing", "pass three, hearts broken before they are led; the Joker "
                                                    "scores 5 points, game to 100",
                       {**HEARTS_004, "discard_exception": False, "joker_points": 5}),
    },
    extra_options=(
        OptionSpec("deck", "replace-2h", ("replace-2h", "add-joker"),
                   "2.16: the Joker replaces 2H, or is added after the hands as a one-card widow",
                   "The Joker", "Where the Joker goes in the pack", {
                       "replace-2h": ("Instead of the two of hearts", "the two of hearts is taken out and the Joker "
                                                                      "put in"),
                       "add-joker": ("An extra card", "the Joker is dealt after the hands, as a widow of one card")}),
        yes_no("discard_exception", True, "2.16 (002): the Joker may be discarded under a heart higher than the ten",
               "The Joker under a high heart", "The Joker may be thrown on a trick led with a heart higher than the "
               "ten, even by a player who holds a heart"),
        OptionSpec("joker_points", 0, (0, 5), "2.16: the Joker scores 5 points to its taker (004); 002 pays 5 chips",
                   "The Joker's points", "What the Joker scores for its taker", {
                       0: ("No points", "the Joker costs chips, not points"),
                       5: ("5 points", "whoever takes the Joker scores 5")}),
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
                              "2.18: the black card: QS (Black Lady) worth 13 hearts, or JS (Black Jack) worth 10",
                              "The black card", "Which black card costs like a handful of hearts", {
                                  "QS": ("The queen of spades, 13", "Black Lady: the queen of spades counts as 13 "
                                                                    "hearts"),
                                  "JS": ("The jack of spades, 10", "Black Jack: the jack of spades counts as 10 "
                                                                   "hearts")}),),
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
    extra_options=(OptionSpec("moon_value", 26, (26, 52), "AMB-27: the moon is worth 26 (Black Lady's) or 52",
                              "The moon's worth", "How many points the moon is worth", {
                                  26: ("26", "as in Black Lady"), 52: ("52", "twice Black Lady's, for two packs")}),),
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
    profiles={"002": Profile("Domino Hearts to 31", "a total of 31 ends the game; the lowest total wins"),
              "001": Profile("Domino Hearts deal by deal", "each deal stands alone",
                             {"end": "none", "revoke": "001"})},
    extra_options=(OptionSpec("end", 31, (31, "none"),
                              "2.13: a total of 31 ends the game, the lowest total wins (002, 004); none: each deal "
                              "stands alone (001)", "The end", "What ends the game", {
                                  31: ("A total of 31", "the game ends when a total reaches 31; the lowest wins"),
                                  "none": ("Each deal alone", "every deal is a game of its own")}),),
    target=31, only={"pass": ("none",), "moon": ("none",)}, aliases=("domino",),
    words=lambda ruleset: {"Stock": DOMINO_STOCK_WORDS},
    summary="Hearts with six cards each: a player who cannot follow draws from the stock until he can.",
)


# --- Black Maria (catalogue 2.31, from public rules pages) -------------------------------------------------------

KS, AS = card("KS"), card("AS")
_PIPS = {Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13, Rank.ACE: 14}
BLACK_MARIA_VALUES = ("standard", "queen-only", "face-124", "face-130")


def _black_maria_values(opts: Mapping[str, Any]) -> dict[Card, int]:
    """AMB-63: the penalty scale. ``face-124``: hearts at their pips with J Q K 10 and A 15, QS 25; ``face-130``:
    hearts at their pips (J 11, Q 12, K 13, A 14), QS 26."""
    scale = opts["values"]
    if scale == "standard":
        return {QS: 13, KS: 10, AS: 7}
    if scale == "queen-only":
        return {QS: 13}
    if scale == "face-124":
        faces = {Rank.JACK: 10, Rank.QUEEN: 10, Rank.KING: 10, Rank.ACE: 15}
        return {**{c: faces.get(c.rank, int(c.rank)) for c in HEARTS}, QS: 25}
    return {**{c: _PIPS.get(c.rank, int(c.rank)) for c in HEARTS}, QS: 26}


hearts_game(
    "black-maria", "Black Maria",
    defaults={"deal": "twos-2c", "pass": "right-3", "first_lead": "eldest-any", "break": "none", "moon": "none"},
    deals=("twos-2c", "twos-2s", "twos-2d"), players=(3, 7),
    extra_values=_black_maria_values, spots=lambda opts: opts["values"].startswith("face"),
    only={"first_lead": ("eldest-any", "eldest-no-heart", "lowest-club", "two-of-clubs")},
    extra_options=(
        OptionSpec("pass", "right-3", ("right-3", "left-3", "left-by-players", "none"),
                   "2.31, AMB-61: three to the right (the printed book), or to the left", "Passing",
                   "Which cards change hands before play", {
                       "right-3": ("Three to the right", "three cards to the right-hand player, every hand"),
                       "left-3": ("Three to the left", "three cards to the left-hand player (two when six or more "
                                                       "play)"),
                       "left-by-players": ("To the left, by the table", "to the left: four cards with three "
                                                                        "players, three with four or five, two with "
                                                                        "six or seven"),
                       "none": ("No passing", "everybody plays the cards dealt")}),
        OptionSpec("values", "standard", BLACK_MARIA_VALUES, "2.31, AMB-63: the penalty cards' values",
                   "Penalty cards", "What each penalty card costs its taker", {
                       "standard": ("The three spades", "each heart 1, the queen of spades 13, the king 10, the "
                                                        "ace 7: 43 a hand"),
                       "queen-only": ("Hearts and the queen", "each heart 1 and the queen of spades 13: 26 a hand"),
                       "face-124": ("Hearts by their face, 124", "hearts at their pips, picture cards 10, the ace "
                                                                 "15, the queen of spades 25: 124 a hand"),
                       "face-130": ("Hearts by their face, 130", "hearts at their pips, jack 11 to ace 14, the "
                                                                 "queen of spades 26: 130 a hand")}),
        OptionSpec("moon", "none", ("none", "black-maria-all"), "2.31, AMB-64: taking every penalty card",
                   "Taking everything", "What a player scores who takes every penalty card", {
                       "none": ("No moon", "taking every penalty card scores them like any other hand"),
                       "black-maria-all": ("Everyone else pays it all", "the player who takes every penalty card "
                                                                        "scores nothing, and every other player "
                                                                        "scores the hand's whole total")}),
        OptionSpec("end", 100, (100, "none"), "2.31, AMB-65: a total of 100 or more ends the game, the lowest wins; "
                   "none: an agreed number of deals", "The end", "What ends the game", {
                       100: ("A total of 100", "the game ends when a total reaches 100; the lowest wins"),
                       "none": ("An agreed number of deals", "the table stops when it agreed to; the lowest total "
                                                             "wins")}),
    ),
    target=100, settlements=("cumulative",), aliases=("black maria",),
    summary="Three-handed Hearts with the spade honours: the queen 13, the king 10, the ace 7.",
)
