"""Hand scores from what each player took: penalty tables, spots, Gaussian scores, moons.

Both a replayed hand and a quick result reduce each player's take to a ``Haul``
(hearts, their spot total, the special cards), so they score through one function.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Union

from .cards import Card, Suit, card, sorted_cards
from .errors import InconsistentRecord
from .gaussian import Gaussian
from .hand import HEARTS_BITS, cards_of, mask_of
from .ruleset import DealLayout, Ruleset

Points = Union[int, Gaussian]

QS, JD, TC = card("QS"), card("JD"), card("TC")
HEARTS: Final = 1  # Card.si of a heart
TWO_I = Gaussian(0, 2)


@dataclass(frozen=True, slots=True)
class Haul:
    """What one player took that can score."""

    hearts: int = 0  # heart cards taken, widow included
    spots: int = 0  # the value of those hearts (their count, or their pips in Spot Hearts)
    specials: tuple[Card, ...] = ()  # other scoring cards taken: QS, JD, TC, 7C, QH in Pink Lady ...

    def __init__(self, hearts: int = 0, spots: int = 0, specials: tuple[Card, ...] = ()) -> None:
        # The dataclass's __init__ written out: compiled, the fields are set directly (see
        # records.HandRecord.__init__).
        object.__setattr__(self, "hearts", hearts)
        object.__setattr__(self, "spots", spots)
        object.__setattr__(self, "specials", specials)

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


def hauls_of(ruleset: Ruleset, taken: Sequence[Sequence[Card]]) -> tuple[tuple[tuple[Card, ...], ...], tuple[Haul, ...]]:
    """Per seat, the scoring cards taken (display order: a replay's ``taken``) and the ``Haul``.

    A seat's cards are read as one mask, so the scoring cards and specials are an ``&``
    away and come out sorted; a take holding a card twice (double pack) counts card by card.
    """
    specials_mask, scoring_mask, unit_hearts = _score_masks(ruleset)
    values = ruleset.values
    shown: list[tuple[Card, ...]] = []
    hauls: list[Haul] = []
    for cards in taken:
        mask = mask_of(cards)
        if mask is None:
            shown.append(tuple(sorted_cards([c for c in cards if c in ruleset.scoring_cards])))
            hauls.append(haul_of(ruleset, cards))
            continue
        hearts_mask = mask & HEARTS_BITS
        if unit_hearts:  # every heart is worth 1: the spots are the count
            hearts = spots = hearts_mask.bit_count()
        else:
            heart_cards = cards_of(hearts_mask)
            hearts, spots = len(heart_cards), sum([values.get(c, 0) for c in heart_cards])
        shown.append(tuple(cards_of(mask & scoring_mask)))
        hauls.append(Haul(hearts, spots, tuple(cards_of(mask & specials_mask))))
    return tuple(shown), tuple(hauls)


@lru_cache(maxsize=256)
def _score_masks(ruleset: Ruleset) -> tuple[int, int, bool]:
    """The ruleset's specials and scoring cards as card masks, and whether every heart's value
    is 1 (rulesets hash by identity)."""
    specials = mask_of(tuple(ruleset.specials))
    scoring = mask_of(tuple(ruleset.scoring_cards))
    assert specials is not None and scoring is not None  # sets: no card twice
    unit_hearts = all(ruleset.values.get(c, 0) == 1 for c in cards_of(HEARTS_BITS))
    return specials, scoring, unit_hearts


def haul_of(ruleset: Ruleset, taken: Iterable[Card], specials: frozenset[Card] | None = None) -> Haul:
    """Reduce the cards a player took to what scores."""
    specials = special_cards(ruleset) if specials is None else specials
    hearts = spots = 0
    mine: list[Card] = []
    values = ruleset.values
    for c in taken:
        if c.suit is Suit.HEARTS:
            hearts += 1
            spots += values.get(c, 0)
        if c in specials:
            mine.append(c)
    return Haul(hearts, spots, tuple(sorted_cards(mine)))


def base_points(ruleset: Ruleset, haul: Haul) -> Points:
    """A player's hand score before any moon (catalogue 2.x penalty tables, 7.3)."""
    values = ruleset.values
    if ruleset.complex:
        h = Gaussian(haul.hearts - 10 * haul.specials.count(JD), 13 * haul.specials.count(QS))
        return h * TWO_I if TC in haul.specials else h
    if ruleset.spots:
        return haul.spots + sum(values.get(c, 0) for c in haul.specials if c.suit is not Suit.HEARTS)
    special_hearts = 0
    total = haul.hearts
    for c in haul.specials:
        if c.si == HEARTS:
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
    if moon.instant_win:
        return tuple(points), outcome
    n = len(hauls)
    if moon.complex:
        amount = Gaussian(13, 13) - 10 * hauls[shooter].specials.count(JD)
        if TC in hauls[shooter].specials:
            amount = amount * TWO_I
        return _apply_moon(points, shooter, choice, -amount, amount, Gaussian(0, 0)), outcome
    took_bonus = moon.bonus_card is not None and hauls[shooter].has(moon.bonus_card)
    bonus = moon.bonus if took_bonus else 0
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
        f"{shooter} shot the moon: record whether {shooter} subtracts from their own score "
        f'or adds to everyone else\'s ("moon_choice": "subtract" or "add")',
        code="moon-choice",
        player=shooter,
    )


def revoke_points(ruleset: Ruleset, layout: DealLayout, offender: int, n: int) -> tuple[Points, ...]:
    """An established revoke under point scoring (catalogue 4.1): others score 0.

    ``003``: the offender adds 10 per other player. ``001``: he is debited the game's whole
    positive penalty total. Complex Hearts: 13 + 13i (HOUSE).
    """
    zero: Points = Gaussian(0, 0) if ruleset.complex else 0
    if ruleset.complex:
        penalty: Points = Gaussian(13, 13)
    elif ruleset.revoke == "001":
        penalty = ruleset.penalty_total(layout)
    else:
        penalty = 10 * (n - 1)
    return tuple(penalty if seat == offender else zero for seat in range(n))
