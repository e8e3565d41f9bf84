"""Hand scores from what each player took: penalty tables, spots, Gaussian scores, moons.

Both a replayed hand and a quick result reduce each player's take to a ``Haul``
(hearts, their spot total, the special cards), so they score through one function.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..cards import Card, Suit, card, sorted_cards
from ..errors import InconsistentRecord, Said
from ..gaussian import Gaussian
from ..points import Points as Points  # the kernel's: every family's results hold them
from .hand import SUIT_BITS, cards_of, mask_of
from .ruleset import DealLayout, Ruleset

QS, JD, TC = card("QS"), card("JD"), card("TC")
TWO_I = Gaussian(0, 2)


@dataclass(frozen=True, slots=True)
class Haul:
    """What one player took that can score."""

    hearts: int = 0  # heart cards taken, widow included
    spots: int = 0  # the value of those hearts (their count, or their pips in Spot Hearts)
    specials: tuple[Card, ...] = ()  # other scoring cards taken: QS, JD, TC, 7C, QH in Pink Lady ...
    tricks: int = 0  # tricks won: counted only in games where tricks score (Ruleset.scores_tricks)
    first_trick: bool = False  # won the first trick (there too)
    last_trick: bool = False  # won the last trick (there too)

    def __init__(
        self, hearts: int = 0, spots: int = 0, specials: tuple[Card, ...] = (), tricks: int = 0,
        first_trick: bool = False, last_trick: bool = False,
    ) -> None:
        # The dataclass's __init__ written out: compiled, the fields are set directly (see
        # records.HandRecord.__init__).
        object.__setattr__(self, "hearts", hearts)
        object.__setattr__(self, "spots", spots)
        object.__setattr__(self, "specials", specials)
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "first_trick", first_trick)
        object.__setattr__(self, "last_trick", last_trick)

    def has(self, c: Card) -> bool:
        return c in self.specials


@dataclass(frozen=True, slots=True)
class MoonOutcome:
    """Who shot the moon, under which rule, and what he chose."""

    seat: int
    rule: str
    choice: str | None
    instant_win: bool = False


def special_cards(ruleset: Ruleset) -> frozenset[Card]:
    """Cards the result of a hand must place individually (cached on the ruleset)."""
    return ruleset.specials


def hauls_of(
    ruleset: Ruleset, taken: Sequence[Sequence[Card]], winners: Sequence[int] = (),
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Haul, ...]]:
    """Per seat, the scoring cards taken (display order: a replay's ``taken``) and the ``Haul``.

    A seat's cards are read as one mask, so the scoring cards and specials are an ``&``
    away and come out sorted; a take holding a card twice (double pack) counts card by card.
    ``winners`` are the tricks' winners in order: counted where tricks score (Polignac, Knaves).
    """
    if not ruleset.heart_unit:
        return _trick_hauls(ruleset, taken, winners, _score_masks(ruleset)[0])
    specials_mask, scoring_mask, unit_hearts, units_mask = _score_masks(ruleset)
    values = ruleset.values
    shown: list[tuple[Card, ...]] = []
    hauls: list[Haul] = []
    for cards in taken:
        mask = mask_of(cards)
        if mask is None:
            shown.append(tuple(sorted_cards([c for c in cards if c in ruleset.scoring_cards])))
            hauls.append(haul_of(ruleset, cards))
            continue
        hearts_mask = mask & units_mask
        if unit_hearts:  # every heart is worth 1: the spots are the count
            hearts = spots = hearts_mask.bit_count()
        else:
            heart_cards = cards_of(hearts_mask)
            hearts, spots = len(heart_cards), sum([values.get(c, 0) for c in heart_cards])
        shown.append(tuple(cards_of(mask & scoring_mask)))
        hauls.append(Haul(hearts, spots, tuple(cards_of(mask & specials_mask))))
    return tuple(shown), tuple(hauls)


def _trick_hauls(
    ruleset: Ruleset, taken: Sequence[Sequence[Card]], winners: Sequence[int], specials_mask: int,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Haul, ...]]:
    """``hauls_of`` where only the ruleset's cards score, and tricks may (no plain hearts)."""
    shown: list[tuple[Card, ...]] = []
    hauls: list[Haul] = []
    counts = trick_counts(len(taken), winners) if ruleset.scores_tricks else [0] * len(taken)
    first = winners[0] if winners and ruleset.scores_tricks else -1
    last = winners[-1] if winners and ruleset.scores_tricks else -1
    for seat, cards in enumerate(taken):
        mask = mask_of(cards)
        if mask is None:
            mine = tuple(sorted_cards([c for c in cards if c in ruleset.specials]))
        else:
            mine = tuple(cards_of(mask & specials_mask))
        shown.append(mine)
        hauls.append(Haul(0, 0, mine, counts[seat], seat == first, seat == last))
    return tuple(shown), tuple(hauls)


def trick_counts(n: int, winners: Sequence[int]) -> list[int]:
    """Tricks won per seat."""
    counts = [0] * n
    for w in winners:
        counts[w] += 1
    return counts


@lru_cache(maxsize=256)
def _score_masks(ruleset: Ruleset) -> tuple[int, int, bool, int]:
    """The ruleset's specials and scoring cards as card masks, whether every heart-unit's value
    is 1, and the mask of the unit suit (hearts; Auction Hearts: the named suit) (rulesets hash by
    identity)."""
    specials = mask_of(tuple(ruleset.specials))
    scoring = mask_of(tuple(ruleset.scoring_cards))
    assert specials is not None and scoring is not None  # sets: no card twice
    units = SUIT_BITS[ruleset.unit_suit_index]
    unit_hearts = all(ruleset.values.get(c, 0) == 1 for c in cards_of(units))
    return specials, scoring, unit_hearts, units


def haul_of(ruleset: Ruleset, taken: Iterable[Card], specials: frozenset[Card] | None = None) -> Haul:
    """Reduce the cards a player took to what scores."""
    specials = special_cards(ruleset) if specials is None else specials
    hearts = spots = 0
    mine: list[Card] = []
    values = ruleset.values
    unit = ruleset.unit_suit
    for c in taken:
        if c.suit is unit:
            hearts += 1
            spots += values.get(c, 0)
        if c in specials:
            mine.append(c)
    return Haul(hearts, spots, tuple(sorted_cards(mine)))


def base_points(ruleset: Ruleset, haul: Haul) -> Points:
    """A player's hand score before any moon (catalogue 2.x penalty tables, 7.3)."""
    values = ruleset.values
    if not ruleset.heart_unit:
        total = sum([values.get(c, 0) for c in haul.specials]) + ruleset.trick_value * haul.tricks
        if haul.first_trick:
            total += ruleset.first_trick_value
        if haul.last_trick:
            total += ruleset.last_trick_value
        if ruleset.sweep_bonus and haul.first_trick and haul.last_trick and len(haul.specials) == len(ruleset.specials):
            total += ruleset.sweep_bonus  # Slobberhannes: first trick, last trick and QC: 4 instead of 3
        return total
    if ruleset.complex:
        h = Gaussian(haul.hearts - 10 * haul.specials.count(JD), 13 * haul.specials.count(QS))
        return h * TWO_I if TC in haul.specials else h
    if ruleset.spots:
        return haul.spots + sum(values.get(c, 0) for c in haul.specials if c.suit is not Suit.HEARTS)
    special_hearts = 0
    total = haul.hearts
    unit = ruleset.unit_suit_index
    for c in haul.specials:
        if c.si == unit:
            special_hearts += 1
        total += values.get(c, 0)
    return total - special_hearts


def find_moon(ruleset: Ruleset, layout: DealLayout, hauls: Sequence[Haul]) -> int | None:
    """The seat that shot the moon under the game's moon rule, if any (catalogue 2.2.4)."""
    moon = ruleset.moon
    if moon is None:
        return None
    hearts = ruleset.hearts_in(layout)
    for seat, haul in enumerate(hauls):
        if haul.hearts == hearts and hearts and all(haul.specials.count(c) == layout.pack.count(c) for c in moon.requires):
            return seat
    return None


def score_hand(
    ruleset: Ruleset,
    layout: DealLayout,
    hauls: Sequence[Haul],
    moon_choice: str | None,
    names: Sequence[str],
) -> tuple[tuple[Points, ...], MoonOutcome | None]:
    """Every player's score for the hand, moon applied.

    :raises InconsistentRecord: a moon under ``moon_choice = ask`` without the shooter's choice
        (code ``moon-choice``).
    """
    points: list[Points] = [base_points(ruleset, h) for h in hauls]
    shooter = find_moon(ruleset, layout, hauls)
    if shooter is None:
        return tuple(points), None
    moon = ruleset.moon
    assert moon is not None
    choice = _moon_choice(ruleset, moon_choice, names[shooter])
    outcome = MoonOutcome(shooter, moon.id, choice if moon.has_choice else None, moon.instant_win)
    if moon.instant_win:  # AMB-48: the hand scores nothing for anyone; the shooter wins the game at once
        return (0,) * len(points), outcome
    n = len(hauls)
    if moon.complex:
        amount = Gaussian(13, 13) - 10 * hauls[shooter].specials.count(JD)
        if TC in hauls[shooter].specials:
            amount = amount * TWO_I
        return _apply_moon(points, shooter, choice, -amount, amount, Gaussian(0, 0)), outcome
    took_bonus = moon.bonus_card is not None and hauls[shooter].has(moon.bonus_card)
    bonus = moon.bonus if took_bonus else 0
    if moon.whole:  # the shooter's points are the hand's whole total: each other player scores them
        return _apply_moon(points, shooter, "add", 0, points[shooter], 0), outcome
    if moon.greek:
        for seat in range(n):
            points[seat] = -moon.value * (n - 1) if seat == shooter else points[seat] + moon.value
        return tuple(points), outcome
    return _apply_moon(points, shooter, choice, -(moon.value + bonus), moon.value, -bonus), outcome


def _apply_moon(
    points: list[Points], shooter: int, choice: str, subtract: Points, add: Points, own_when_adding: Points
) -> tuple[Points, ...]:
    """The moon replaces the shooter's score; in add-mode the others get ``add`` on top (AMB-23)."""
    result = list(points)
    if choice == "subtract":
        result[shooter] = subtract
    else:
        result = [own_when_adding if seat == shooter else p + add for seat, p in enumerate(points)]
    return tuple(result)


def _moon_choice(ruleset: Ruleset, given: str | None, shooter: str) -> str:
    moon = ruleset.moon
    assert moon is not None
    if not moon.has_choice:
        return moon.modes[0]
    if ruleset.moon_choice != "ask":
        return ruleset.moon_choice
    if given in moon.modes:
        return given
    raise InconsistentRecord(
        Said("%(shooter)s shot the moon: record whether %(shooter)s subtracts from their own score or adds to "
             "everyone else's (\"moon_choice\": \"subtract\" or \"add\")", shooter=str(shooter)),
        code="moon-choice",
        player=shooter,
    )


def capot_points(
    ruleset: Ruleset, points: Sequence[Points], outcomes: Sequence[tuple[int, bool]],
) -> tuple[Points, ...]:
    """Polignac's Capot (catalogue 3.14): per declaration (seat, won all four jacks), scored independently.

    Success: the declarer -``ruleset.capot`` (10), every other player +10; failure: the reverse.
    ``capot_mode = replace`` (AMB-28): a declarer's own hand points do not count.
    """
    result: list[int] = []
    for p in points:
        assert isinstance(p, int)  # Capot is Polignac's: whole points
        result.append(p)
    if ruleset.capot_mode == "replace":
        for seat, _ in outcomes:
            result[seat] = 0
    worth = ruleset.capot
    for seat, success in outcomes:
        sign = -1 if success else 1
        for other in range(len(result)):
            result[other] += worth * sign if other == seat else -worth * sign
    return tuple(result)


def capot_outcomes(ruleset: Ruleset, hauls: Sequence[Haul], declarers: Sequence[int]) -> list[tuple[int, bool]]:
    """Each Capot declarer and whether he captured all four jacks (every card the game scores)."""
    return [(seat, len(hauls[seat].specials) == len(ruleset.specials)) for seat in declarers]


def revoke_points(ruleset: Ruleset, layout: DealLayout, offender: int, n: int) -> tuple[Points, ...]:
    """An established revoke under point scoring (catalogue 4.1): others score 0.

    ``003``: the offender adds 10 per other player. ``001``: he is debited the game's whole
    positive penalty total. Complex Hearts: 13 + 13i (HOUSE). Games with a HOUSE penalty of
    their own (Polignac +7, Slobberhannes +4, Knaves -10, Hartenjagen +20): that.
    """
    zero: Points = Gaussian(0, 0) if ruleset.complex else 0
    if ruleset.complex:
        penalty: Points = Gaussian(13, 13)
    elif ruleset.revoke_penalty is not None:
        penalty = ruleset.revoke_penalty
    elif ruleset.revoke == "001":
        penalty = ruleset.penalty_total(layout)
    else:
        penalty = 10 * (n - 1)
    return tuple(penalty if seat == offender else zero for seat in range(n))
