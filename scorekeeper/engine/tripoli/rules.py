"""Tripoli's rules as one frozen value per table (catalogue 5.8): options, presets, checks.

``tripoli``, ``rummoli`` and ``cosmo`` are one game with different defaults; every
variation of 5.8 is an option, described by an ``OptionSpec`` like the Hearts options,
and combinations the rules cannot play together are refused when the rules are built.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import Rank
from ..errors import Said, shown, UnknownGame, UnknownOption
from ..options import OptionSpec, resolve

GAMES = ("tripoli", "rummoli", "cosmo")
MIN_PLAYERS, MAX_PLAYERS = 2, 9  # 5.1
MAX_BET_LIMIT = 100  # the agreed limit (AMB-39m): a whole number of chips; 100 is plenty at a home table

_RANK_WORDS = {Rank.TEN: "10", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}


def _rank_word(rank: Rank) -> str:
    return _RANK_WORDS.get(rank, str(int(rank)))


# Every three consecutive ranks, spelled as the layout prints them: "8-9-10", "10-J-Q", "Q-K-A".
SEQUENCES: tuple[str, ...] = tuple(
    "-".join(_rank_word(Rank(low + i)) for i in range(3)) for low in range(2, 13)
)
_SEQUENCE_RANKS = {text: (Rank(low), Rank(low + 1), Rank(low + 2)) for text, low in zip(SEQUENCES, range(2, 13))}

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("spare", "exchange", ("exchange", "none"), "5.2: the dealer may swap or auction the spare hand",
               "The spare hand", "Whether the dealer may take or sell the extra hand dealt", {
                   "exchange": ("Swapped or sold", "the dealer may swap it for his own hand, or auction it"),
                   "none": ("Left alone", "everybody plays the cards dealt")}),
    OptionSpec("spare_position", "any", ("any", "last"), "AMB-39a: check only the hand sizes, or the spare dealt last",
               "Where the spare hand is dealt", "Which hands may get the extra cards when the pack does not divide",
               {"any": ("Anywhere", "only the sizes of the hands are checked"),
                "last": ("Last, after the dealer", "the spare hand is dealt last in every round")}),
    OptionSpec("pay_cards", "stage1", ("stage1", "in-play"), "5.8: pay cards collected in stage 1, or when played",
               "Pay cards", "When the chips on the pay-card spaces are collected", {
                   "stage1": ("Shown at the start", "the holders show them and collect at once (Tripoli)"),
                   "in-play": ("As they are played", "whoever plays the card collects (Rummoli)")}),
    OptionSpec("paying_suit", "hearts", ("hearts", "bid", "board"),
               "5.8: hearts pay; or a bid buys the paying suit; or the board shows it each deal (Cosmo)",
               "The paying suit", "Which suit's high cards collect the chips", {
                   "hearts": ("Hearts", "the hearts always pay"),
                   "bid": ("Bought by a bid", "the highest bidder names the paying suit each deal"),
                   "board": ("Shown by the board", "the board shows the paying suit each deal (Cosmo)")}),
    OptionSpec("sequence", "8-9-10", SEQUENCES, "5.8: the three ranks of the SEQ space",
               "The sequence", "The three cards in a row that win the sequence space",
               {seq: (seq.replace("-", ", "), "") for seq in SEQUENCES}),
    OptionSpec("poker_opener", "eldest", ("eldest", "dealer"), "5.4: who begins the betting",
               "Who bets first", "Who opens the betting in the poker round", {
                   "eldest": ("Left of the dealer", "the player left of the dealer"),
                   "dealer": ("The dealer", "the dealer himself")}),
    OptionSpec("michigan_leader", "poker-winner", ("poker-winner", "dealer", "eldest"), "5.6: who leads first in stage 3",
               "Who leads the runs", "Who leads first once the poker round is over", {
                   "poker-winner": ("The poker winner", "whoever won the poker round"),
                   "dealer": ("The dealer", "the dealer himself"),
                   "eldest": ("Left of the dealer", "the player left of the dealer")}),
    OptionSpec("first_lead", "lowest-in-suit", ("lowest-in-suit", "lowest-in-hand"), "5.8: what the first stage-3 lead must be",
               "The first card of the runs", "What the first lead of the runs must be", {
                   "lowest-in-suit": ("Lowest of a suit", "the leader's lowest card of the suit he chooses"),
                   "lowest-in-hand": ("Lowest in the hand", "the leader's lowest card of all")}),
    OptionSpec("colour_leads", "off", ("off", "alternate"), "5.8: leads alternate black, red, black ...",
               "Colours in turn", "Whether the leads go black, red, black ...", {
                   "off": ("Any colour", "each stopper leads as he likes"),
                   "alternate": ("Black, red, black ...", "each stopper leads his lowest card of the other colour "
                                                          "(Cosmo)")}),
    OptionSpec("bet_limit", 10, tuple(range(1, MAX_BET_LIMIT + 1)), "5.4, AMB-39m: the largest bet, and the most a raise adds",
               "Betting limit", "The largest bet, and the most a raise adds, in chips"),
)
SPECS: dict[str, OptionSpec] = {s.name: s for s in OPTION_SPECS}

# 5.8 game ids: Rummoli collects in play; Cosmo plays only stage 3 (AMB-39j).
PRESETS: dict[str, dict[str, Any]] = {
    "tripoli": {},
    "rummoli": {"pay_cards": "in-play"},
    "cosmo": {"pay_cards": "in-play", "paying_suit": "board", "michigan_leader": "eldest", "colour_leads": "alternate"},
}


@dataclass(frozen=True, slots=True)
class TripoliRules:
    """One table's Tripoli: the game id and every option of 5.2-5.8, checked together.

    >>> r = make_rules("rummoli", {"bet_limit": 5})
    >>> r.pay_cards, r.bet_limit, r.has_poker, r.sequence_ranks[0]
    ('in-play', 5, True, <Rank.EIGHT: 8>)
    """

    game: str = "tripoli"
    spare: str = "exchange"  # 5.2: exchange | none
    spare_position: str = "any"  # AMB-39a: any | last
    pay_cards: str = "stage1"  # 5.3 / 5.8: stage1 | in-play
    paying_suit: str = "hearts"  # 5.8: hearts | bid | board
    sequence: str = "8-9-10"  # 5.8: the SEQ space's ranks
    poker_opener: str = "eldest"  # 5.4 step 3
    michigan_leader: str = "poker-winner"  # 5.6 step 2
    first_lead: str = "lowest-in-suit"  # 5.8
    colour_leads: str = "off"  # 5.8
    bet_limit: int = 10  # 5.4 step 5, AMB-39m

    @property
    def has_poker(self) -> bool:
        """Cosmo plays only stage 3: no poker and no POT space (AMB-39j)."""
        return self.game != "cosmo"

    @property
    def in_play(self) -> bool:
        """Pay cards are collected when played in stage 3 (Rummoli, a bid, Cosmo)."""
        return self.pay_cards == "in-play"

    @property
    def sequence_ranks(self) -> tuple[Rank, Rank, Rank]:
        return _SEQUENCE_RANKS[self.sequence]

    def options(self) -> dict[str, Any]:
        """Every option by name, as a record stores them."""
        return {spec.name: getattr(self, spec.name) for spec in OPTION_SPECS}


def sequence_ranks(text: str) -> tuple[Rank, Rank, Rank]:
    """The ranks of a sequence written as the layout prints it ("8-9-10").

    :raises KeyError: not one of ``SEQUENCES``.
    """
    return _SEQUENCE_RANKS[text]


def make_rules(game: str, options: Mapping[str, Any] | None = None) -> TripoliRules:
    """The rules of ``game`` (tripoli, rummoli, cosmo) with the table's options.

    :raises UnknownGame: not one of the three ids.
    :raises UnknownOption: an unknown option, a value it does not take, or options that contradict each other.
    """
    if not isinstance(game, str) or game.strip().lower() not in GAMES:
        raise UnknownGame(Said('%(game)s is not a Tripoli game (tripoli, rummoli, cosmo)', game=shown(game)))
    game = game.strip().lower()
    given = dict(options or {})
    limit = given.get("bet_limit")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_BET_LIMIT):
        raise UnknownOption(Said("%(game)s option 'bet_limit' is a whole number of chips from 1 to "
                                 "%(max_bet_limit)s, not %(limit)s", game=game, max_bet_limit=MAX_BET_LIMIT,
                                 limit=shown(limit)))
    values = resolve(game, SPECS, {}, {**PRESETS[game], **given})
    if values["paying_suit"] == "bid":
        # 5.8: the bid's stakes are collected in play; an explicit stage1 contradicts it.
        if given.get("pay_cards") == "stage1":
            raise UnknownOption(Said("%(game)s: paying_suit 'bid' collects the pay cards in play, so pay_cards "
                                     "cannot be 'stage1'", game=game))
        values["pay_cards"] = "in-play"
    if game == "cosmo":
        if values["michigan_leader"] == "poker-winner":
            raise UnknownOption(Said("cosmo has no poker stage: michigan_leader must be 'eldest' or 'dealer'"))
        if values["paying_suit"] == "bid":
            raise UnknownOption(Said("cosmo shows the paying suit on its board: paying_suit cannot be 'bid'"))
    if values["colour_leads"] == "alternate" and values["first_lead"] == "lowest-in-hand":
        raise UnknownOption(Said("%(game)s: colour_leads 'alternate' starts with the lowest black card, which "
                                 "contradicts first_lead 'lowest-in-hand'", game=game))
    return TripoliRules(game=game, **values)
