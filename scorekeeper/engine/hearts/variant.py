"""What a game's hand does beyond the plain one: deal, pass, play each trick in turn, score.

Most games of the family differ from Hearts only in values and options, which the ruleset holds.
A few change the course of the hand itself: Auction Hearts sells the penalty suit and the first
lead before the play; in Domino Hearts players draw from a stock and drop out as their hands run
out. Such a game's ruleset carries a ``Variant`` of its own (``Ruleset.variant``), written in the
game's own module (``engine.auction``, ``engine.domino``), and the replay, the simulator, the
output and the pages ask it at the few points where the hand goes differently. The plain
variant's hooks are the plain game, so a new variant overrides only what it changes, and no
module outside the variant's own reads a flag to find out which game it is playing.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from ..cards import Card, Suit
    from .hand import Hand
    from .records import HandRecord
    from .ruleset import DealLayout, Ruleset
    from .scoring import Haul, Points
    from ..seating import Seating

# The hands rebuilt from the plays alone: each seat's cards, the cards left undealt, and per seat
# its plays in order (play index, card), which prove a renege.
Rebuilt = tuple[list[tuple["Card", ...]], tuple["Card", ...], list[list[tuple[int, "Card"]]]]


@dataclass(frozen=True)
class Opening:
    """How a deal opens before its first card: the ruleset it is played under (Auction Hearts: with the
    suit named), who leads the first trick whatever his seat (the suit's buyer), and what was said
    (each seat's bid in turn from eldest, ``None`` a pass; ``None`` when nobody bid)."""

    ruleset: Ruleset
    leader: int | None = None
    passed_out: bool = False  # nobody plays this deal (everybody passed)
    bids: tuple[tuple[int, int | None], ...] | None = None
    suit: Suit | None = None


class Variant:
    """The plain hand. A variant subclasses it and overrides what its game does differently."""

    name: ClassVar[str] = "plain"
    # The event kinds only this variant's records have (``events.EVENTS``).
    events: ClassVar[frozenset[str]] = frozenset()
    # Whether each deal's penalty suit is bought (the result form and the sheet ask for the bids).
    bids: ClassVar[bool] = False
    # Whether players drop out as their hands run out: a trick is played by those still holding
    # cards, so the number of tricks and of cards a trick holds is known only by playing.
    players_drop_out: ClassVar[bool] = False
    # Whether the cards played alone say whose turn it is (a card page can follow them without the
    # deal): not where bids choose the leader or players drop out.
    follows_turns: ClassVar[bool] = True
    # Whether a quick result gives each player's scoring cards as a list, never as counts (Gong Zhu).
    taken_as_lists: ClassVar[bool] = False
    # Whether the play is the core's trick rules alone (no check of its own during play, no cards drawn, players
    # staying in): the trick machine may then check it in one loop (``engine.tricks.TrickRules.plain``).
    plain_play: ClassVar[bool] = True
    _plain_opening: Opening | None = None  # the last plain opening (``opening``): immutable, so shared

    def opening(self, record: HandRecord, ruleset: Ruleset, seating: Seating) -> Opening:
        """How the recorded deal opens (checked). The plain game: as dealt, the rule's first leader (one value per
        ruleset, kept for the next deal under it: an archive's lines share their rulesets, ``games.make_ruleset``)."""
        last = self._plain_opening
        if last is None or last.ruleset is not ruleset:
            last = self._plain_opening = Opening(ruleset)
        return last

    def random_opening(
        self, ruleset: Ruleset, seating: Seating, dealer: int, rng: random.Random, events: list[dict[str, Any]],
        retained: str | None, maybe_retained: bool, pass_out: bool,
    ) -> Opening:
        """A random, legal opening for a simulated deal (what was said is appended to ``events``):
        ``retained`` names who keeps a choice from the last deal, ``maybe_retained`` lets chance decide."""
        return Opening(ruleset)

    def random_before_play(
        self, ruleset: Ruleset, seating: Seating, held: Sequence[Sequence[Card]], hand_number: int,
        rng: random.Random, events: list[dict[str, Any]],
    ) -> tuple[Ruleset, int | None] | None:
        """For a simulated deal, what is said once the cards are held, before the first lead (appended to
        ``events``: Gong Zhu's exposures), with the ruleset the hand is played under and the leader the record
        states; None: nothing (the plain game)."""
        return None

    def hands_from_plays(
        self, record: HandRecord, seating: Seating, layout: DealLayout, plays: Sequence[tuple[Card, int | None]],
    ) -> Rebuilt | None:
        """Each hand rebuilt from the plays, where this variant needs its own way; None: the plain way
        (follow the turns and the trick winners)."""
        return None

    def new_hand(
        self, ruleset: Ruleset, seating: Seating, dealer: int, hands: Sequence[Iterable[Card]], *,
        undealt: Sequence[Card], leader: int | None, out_of_turn_tricks: Iterable[int],
    ) -> Hand | None:
        """The state machine that plays this variant's hand; None: the ruleset's plain one (``hand.new_hand``)."""
        return None

    def check_end(self, record: HandRecord, hand: Hand, seating: Seating) -> None:
        """Check what the record says of the hand's end against the hand as played (nothing to check here)."""

    def kept(self, record: HandRecord) -> Mapping[str, Any] | None:
        """The record's word on who kept the last cards, where the variant has such a thing."""
        return None

    def points(self, ruleset: Ruleset, hauls: Sequence[Haul], record: HandRecord) -> tuple[Points, ...] | None:
        """Every player's hand score where this variant scores the cards taken its own way (Gong Zhu's exposures
        and transformer); None: the ruleset's values and moon (``scoring.score_hand``)."""
        return None

    def exposable(self, ruleset: Ruleset) -> tuple[Card, ...]:
        """The cards a player may show the table before the first lead (Gong Zhu: A♥ Q♠ J♦ 10♣), each an
        ``expose`` event; () where the game has none."""
        return ()

    def tallied_cards(self, ruleset: Ruleset) -> tuple[str, str] | None:
        """The cards a club's statistics count the takers of: the main penalty card and a bonus card (Gong Zhu:
        the pig and the sheep); None: the main penalty card the values say (``tally.main_penalty_card``)."""
        return None

    def first_lead_words(self) -> str | None:
        """Who leads the coming deal, in words, where nobody can know before it opens; None: the rule says."""
        return None


PLAIN = Variant()
