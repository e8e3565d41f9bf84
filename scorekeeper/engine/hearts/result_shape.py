"""What a quick result of a game says, as plain data: the counts asked per player, the cards whose
taker is named, the tricks whose winner scores, and what the table declared beside the cards.

The app's result form is built from it field by field and prefilled from it, so what a quick
result of each game holds is decided here, from the ruleset, once: no page reads the variants'
flags to know that Auction Hearts asks for bids or Cancellation Hearts for hearts out of play.
``results.py`` checks what a result says; this says what there is to say.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Suit
from .output import card_point_words, scored_tricks
from .results import takes_card_points
from .ruleset import DealLayout, Ruleset

TRUMPS_ASKED = ("turn-up", "fixed-per-deal")  # trumps a table says before the first card (or in its result)


@dataclass(frozen=True)
class ResultShape:
    """The fields of a quick result of one game as dealt (``layout``) and settled (``settlement``)."""

    card_points: bool  # each player's card points alone (Conquimbert: no card is named)
    hearts: bool  # heart-units per player (hearts, or the auction's named suit)
    spots: bool  # Spot Hearts: the pips of the hearts taken
    tricks: bool  # the tricks each player won (Knaves)
    capot: bool  # who declared Capot (Polignac)
    bids: bool  # the auction: each bid, the suit named, who named it (Auction Hearts)
    named: tuple[tuple[Card, int], ...]  # the special cards whose taker is named, once per copy
    trick_winners: tuple[str, ...]  # first_trick, last_trick: where their winner scores
    out_of_play: bool  # a named card may have been taken by nobody (cards out of play, dead tricks)
    dead_hearts: bool  # hearts out of play in dead tricks (Cancellation Hearts)
    trumps: str  # "turn-up" (the card turned up), "fixed-per-deal" (the suit named), or "" (not asked)
    joker_from: bool  # who played the Joker (its settlement pays him: joker-payments)
    joker_widow: bool  # the Joker may have lain in the widow
    ask_moon: bool  # the shooter's choice of the moon's effect may be asked
    moon_cards: tuple[Card, ...]  # besides every heart, what one player takes for a moon (every copy of each)
    hearts_total: int  # hearts in the pack as dealt
    spots_total: int
    tricks_total: int  # tricks a player may win at most (the hand's size)
    points_max: int  # card points in the pack
    out_of_play_count: int  # cards dealt to nobody (their worth unknown)
    point_values: str  # each rank's card points in words (Conquimbert)
    exposable: tuple[Card, ...] = ()  # cards a player may have exposed before the first lead: who did (Gong Zhu)
    card_lists: bool = False  # each player's scoring cards go in the record as a list, not counts (Gong Zhu)

    @property
    def points_total(self) -> int | None:
        """The card points a hand hands out, where it is known (no card out of play)."""
        return None if self.out_of_play_count else self.points_max


def result_shape(ruleset: Ruleset, layout: DealLayout, settlement: str | None = None) -> ResultShape:
    """The quick result of ``ruleset`` as dealt by ``layout`` (a table's players) and settled by ``settlement``."""
    points = takes_card_points(ruleset) and not ruleset.variant.taken_as_lists
    named = () if points else tuple(
        (c, copy) for c in sorted(ruleset.specials, key=lambda c: c.sort_key) for copy in range(layout.copies.get(c, 0)))
    trumps = ("turn-up" if ruleset.trumps == "turn-up" and layout.widow_size
              else "fixed-per-deal" if ruleset.trumps == "fixed-per-deal" else "")
    joker_from = ruleset.joker and settlement == "joker-payments"
    out_of_play_count = layout.widow_size if ruleset.leftover == "out" else 0
    return ResultShape(
        card_points=points, hearts=ruleset.heart_unit, spots=ruleset.spots, tricks=bool(ruleset.trick_value),
        capot=bool(ruleset.capot), bids=ruleset.variant.bids, named=named, trick_winners=scored_tricks(ruleset),
        out_of_play=ruleset.cancellation or (ruleset.leftover == "out" and layout.widow_size > 0),
        dead_hearts=ruleset.cancellation, trumps=trumps, joker_from=joker_from,
        joker_widow=joker_from and layout.widow_size > 0,
        # the moon's choice: the ruleset's moon, or Hartenjagen's phase-1 moon (its settlement asks, 3.18)
        ask_moon=bool(ruleset.moon and ruleset.moon.has_choice and ruleset.moon_choice == "ask")
        or ruleset.options.get("phase1_moon") == "choice-20",
        moon_cards=_moon_cards(ruleset),
        hearts_total=layout.hearts,
        spots_total=sum(ruleset.values.get(c, 0) for c in layout.pack if c.suit is Suit.HEARTS),
        tricks_total=layout.hand_size, points_max=sum(ruleset.values.get(c, 0) for c in layout.pack),
        out_of_play_count=out_of_play_count, point_values=card_point_words(ruleset) if points else "",
        exposable=ruleset.variant.exposable(ruleset), card_lists=ruleset.variant.taken_as_lists,
    )


def _moon_cards(ruleset: Ruleset) -> tuple[Card, ...]:
    """The cards a shooter takes besides every heart: the moon rule's (``scoring.find_moon``), or under
    Hartenjagen's phase-1 moon every card that scores (he took every point, 3.18)."""
    if ruleset.moon is not None:
        return ruleset.moon.requires
    if ruleset.options.get("phase1_moon") == "choice-20":
        return tuple(sorted((c for c, v in ruleset.values.items() if v > 0 and c.suit is not Suit.HEARTS),
                            key=lambda c: c.sort_key))
    return ()
