"""The family settlements (``family.py``, catalogue 3.11-3.18) wired into sessions.

Each class here is a settlement method (``methods.Method``) that turns a replayed hand (a
``HandOutcome``: full record or quick result) into the input of its pure function, runs it,
and keeps the function's state from hand to hand. The function decides the arithmetic, the
notes, the end of the game and its winners; the session adds the running totals and checks
that chips are conserved.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from ..auction import auction_of
from ...cards import Card, card
from ...errors import InconsistentRecord, UnknownOption, Said
from ...options import OptionSpec, yes_no
from ..replay import HandOutcome
from ..ruleset import Ruleset
from ..scoring import Points
from ...seating import Seating
from . import family
from .methods import CLEAR_WIN, FINAL_TIE as _FINAL_TIE, LEFTOVER, Method, method



class FamilyMethod(Method):
    """A settlement of ``family.py``: its state, its function, and the games it settles."""

    chips = False
    revoke_by_points = True  # the function settles an established revoke itself (4.1 HOUSE)
    notes_have_totals = True  # the function's notes already give each running total
    games: ClassVar[tuple[str, ...]] = ()
    function: ClassVar[Callable[[Any, Any], tuple[family.HandResult, Any]]]

    def end_words(self, magnitude: bool = False) -> str:
        """A point method's own end: the last clause of its summary (its docstring's first sentence)."""
        if self.chips:
            return super().end_words(magnitude)
        lines = []
        for line in (type(self).__doc__ or "").strip().splitlines():
            if not line.strip():
                break
            lines.append(line.strip())
            if line.rstrip().endswith("."):
                break
        return re.split(r"; (?![^()]*\))", " ".join(lines).rstrip("."))[-1]  # not at a "; " inside parentheses

    @classmethod
    def settles(cls, ruleset: Ruleset) -> str | None:
        if ruleset.game not in cls.games:
            return f"the {cls.id} settlement is for {', '.join(cls.games)}, not {ruleset.game}"
        return None

    def __init__(self, ruleset: Ruleset, seating: Seating, options: Mapping[str, Any]) -> None:
        refused = self.settles(ruleset)
        if refused is not None:
            raise UnknownOption(refused)
        super().__init__(ruleset, seating, options)
        self.state = self.start(seating.players)
        self.result: family.HandResult | None = None

    def start(self, players: tuple[str, ...]) -> Any:
        raise NotImplementedError

    def hand_input(self, outcome: HandOutcome) -> Any:
        raise NotImplementedError

    def settle(self, outcome: HandOutcome, cut: int | None) -> tuple[list[int], list[str]]:
        self.result, self.state = type(self).function(self.state, self.hand_input(outcome))
        if not self.chips:
            self.hand_change = self.result.points
        return list(self.result.payments), list(self.result.notes)

    def after_hand(self, totals: Sequence[Points], balance: Sequence[int], outcome: HandOutcome) -> None:
        result = self.result
        assert result is not None
        self.finished = result.finished
        self.winner_seats = result.winners if result.finished else self.leaders(totals, balance)

    def leaders(self, totals: Sequence[Points], balance: Sequence[int]) -> tuple[int, ...]:
        """Who leads while the game goes on: the lowest total (penalty points)."""
        keys = [int(t) for t in totals]  # type: ignore[arg-type]  # these games score whole points
        low = min(keys)
        return tuple(s for s, k in enumerate(keys) if k == low)

    # --- what a hand's outcome says -------------------------------------------------------

    @staticmethod
    def holder(outcome: HandOutcome, c: Card) -> int | None:
        """Who took ``c`` (None: nobody, it was out of play)."""
        return next((seat for seat, haul in enumerate(outcome.hauls) if c in haul.specials), None)

    @staticmethod
    def first_trick(outcome: HandOutcome) -> int | None:
        return next((seat for seat, haul in enumerate(outcome.hauls) if haul.first_trick), None)

    @staticmethod
    def last_trick(outcome: HandOutcome) -> int | None:
        return next((seat for seat, haul in enumerate(outcome.hauls) if haul.last_trick), None)

    @staticmethod
    def revoker(outcome: HandOutcome) -> int | None:
        return None if outcome.revoke is None else outcome.revoke.seat

    @staticmethod
    def declared(outcome: HandOutcome, kind: str) -> tuple[int, ...]:
        """The seats of the players who made a declaration (event ``kind``), in order."""
        players = outcome.players
        return tuple(players.index(e["player"]) for e in outcome.record.events if e["type"] == kind)


JS, JH, JD, JC, QC = card("JS"), card("JH"), card("JD"), card("JC"), card("QC")


@method
class PolignacPoints(FamilyMethod):
    """3.14: jacks, first and last trick; Capot; a total of 20 ends the game, the lowest wins."""

    id = "polignac-points"
    label = "Polignac's points"
    summary = "The jacks and the first and last tricks score; a total of 20 ends the game, the lowest wins"
    games = ("polignac",)
    players = (4, 6)
    option_specs = (_FINAL_TIE,)
    function = family.polignac_points

    def start(self, players: tuple[str, ...]) -> Any:
        return family.PolignacState.start(players, capot_mode=self.ruleset.capot_mode,
                                          play_on_ties=self.opts["final_tie"] == "play-on",
                                          scores=family.TrickScores.of(self.ruleset))

    def hand_input(self, outcome: HandOutcome) -> Any:
        capot = self.declared(outcome, "capot")
        if outcome.revoke is not None:
            return family.PolignacHand(capot=capot, revoke=outcome.revoke.seat)
        return family.PolignacHand(
            js=self.holder(outcome, JS), jh=self.holder(outcome, JH), jd=self.holder(outcome, JD),
            jc=self.holder(outcome, JC), first_trick=self.first_trick(outcome), last_trick=self.last_trick(outcome),
            capot=capot,
        )


@method
class SlobberhannesPoints(FamilyMethod):
    """3.15: first trick, last trick, QC; all three 4; a total of 10 ends the game, the fewest win."""

    id = "slobberhannes-points"
    label = "Slobberhannes' points"
    summary = "The first trick, the last trick and the queen of clubs score; a total of 10 ends the game, the lowest wins"
    games = ("slobberhannes",)
    players = (4, 6)
    option_specs = (_FINAL_TIE,)
    function = family.slobberhannes_points

    def start(self, players: tuple[str, ...]) -> Any:
        return family.SlobberhannesState.start(players, play_on_ties=self.opts["final_tie"] == "play-on",
                                               scores=family.TrickScores.of(self.ruleset))

    def hand_input(self, outcome: HandOutcome) -> Any:
        if outcome.revoke is not None:
            return family.SlobberhannesHand(revoke=outcome.revoke.seat)
        return family.SlobberhannesHand(first_trick=self.first_trick(outcome), last_trick=self.last_trick(outcome),
                                        qc=self.holder(outcome, QC))


@method
class KnavesPoints(FamilyMethod):
    """3.16: +1 a trick, the jacks cost; the first to +20 wins (highest; equal highest play on)."""

    id = "knaves-points"
    label = "Knaves' points"
    summary = "Each trick scores 1 and the jacks cost; the first to 20 wins"
    games = ("knaves",)
    players = (3, 5)
    function = family.knaves_points

    def start(self, players: tuple[str, ...]) -> Any:
        return family.KnavesState.start(players, scores=family.TrickScores.of(self.ruleset))

    def hand_input(self, outcome: HandOutcome) -> Any:
        if outcome.revoke is not None:
            return family.KnavesHand(revoke=outcome.revoke.seat)
        return family.KnavesHand(
            tricks=tuple(h.tricks for h in outcome.hauls), jh=self.holder(outcome, JH), jd=self.holder(outcome, JD),
            jc=self.holder(outcome, JC), js=self.holder(outcome, JS),
        )

    def leaders(self, totals: Sequence[Points], balance: Sequence[int]) -> tuple[int, ...]:
        keys = [int(t) for t in totals]  # type: ignore[arg-type]
        best = max(keys)
        return tuple(s for s, k in enumerate(keys) if k == best)


@method
class HartenjagenTwoPhase(FamilyMethod):
    """3.18: phase 1 adds until a total reaches 100; phase 2 subtracts; a single lowest at or under 0 wins."""

    id = "hartenjagen-two-phase"
    label = "Up to 100, then down to 0"
    summary = "The totals go up until one reaches 100, then come down; the first alone at 0 or under wins"
    games = ("hartenjagen", "hartenjagen-three")
    players = (3, 4)
    function = family.hartenjagen_two_phase

    def marks(self) -> tuple[tuple[int, str], ...]:
        """Phase 1 climbs to the turn, phase 2 comes down to the goal."""
        return ((family.HARTENJAGEN_TURN, f"{family.HARTENJAGEN_TURN}: phase 2, coming down"), (0, "0: the goal"))

    def start(self, players: tuple[str, ...]) -> Any:
        ruleset = self.ruleset
        try:
            layout = ruleset.layout(len(players))
        except ValueError as wrong:  # a table the game does not seat: refused as the session's fold words it
            raise InconsistentRecord(str(wrong), code="players") from None
        return family.HartenjagenState.start(players, phase1_moon=ruleset.options["phase1_moon"],
                                             hand_total=ruleset.pack_points(layout))

    def hand_input(self, outcome: HandOutcome) -> Any:
        if outcome.revoke is not None:
            return family.HartenjagenHand(revoke=outcome.revoke.seat)
        return family.HartenjagenHand(points=tuple(int(p) for p in outcome.points),  # type: ignore[arg-type]
                                      moon_choice=outcome.record.moon_choice)


_CLOSING = (
    yes_no("closed", False, "AMB-43: the table has stopped: share out what is left in the pool; most chips wins",
           "The table has stopped", "Share out what is left in the pool now; the most chips wins"),
    LEFTOVER,
)


class PoolFamilyMethod(FamilyMethod):
    """A family method that moves chips through a pool (Auction Hearts, Joker Hearts)."""

    chips = True
    keeps_pool = True
    notes_have_totals = False

    def __init__(self, ruleset: Ruleset, seating: Seating, options: Mapping[str, Any]) -> None:
        super().__init__(ruleset, seating, options)
        self.net = [0] * self.n  # chips won or lost so far, per seat
        self.ending = False

    def settle(self, outcome: HandOutcome, cut: int | None) -> tuple[list[int], list[str]]:
        payments, notes = super().settle(outcome, cut)
        assert self.result is not None
        self.pool = self.result.pool
        self.net = [b + p for b, p in zip(self.net, payments)]
        return payments, notes

    def leaders(self, totals: Sequence[Points], balance: Sequence[int]) -> tuple[int, ...]:
        return self.richest(balance)

    def close(self, cut: int | None) -> tuple[list[int], list[str]] | None:
        """The table stops (``closed``): the pool is shared (AMB-43), then most chips wins."""
        if not self.closed:
            return None
        shared = None
        if self.pool:
            result, self.state = family.close_pool(self.state, cut)
            self.pool = result.pool
            self.net = [b + p for b, p in zip(self.net, result.payments)]
            shared = list(result.payments), list(result.notes)
        self.ending = True
        self._end()
        return shared

    def after_hand(self, totals: Sequence[Points], balance: Sequence[int], outcome: HandOutcome) -> None:
        if self.ending:
            self._end()
        else:
            super().after_hand(totals, balance, outcome)

    def _end(self) -> None:
        best = self.richest(self.net)
        self.finished, self.winner_seats = not (self.ties_play_on() and len(best) > 1), best

    def ties_play_on(self) -> bool:
        return False  # joint winners (1.6)


@method
class AuctionPool(PoolFamilyMethod):
    """3.11: the high bidder pays into the pool; each card of the named suit costs 1; clear players win it."""

    id = "auction-pool"
    label = "The auction's pool"
    summary = "The high bidder pays into the pool, each card of the suit bought costs a chip; players with none win it"
    games = ("auction-hearts",)
    players = (3, 7)
    option_specs = (
        OptionSpec("starting_chips", 50, (50, 20, 30, 40, 100, 200), "2.19: chips each player starts with",
                   "Chips each", "The chips each player starts with"),
        *_CLOSING,
    )
    function = family.auction_pool

    def start(self, players: tuple[str, ...]) -> Any:
        state = family.AuctionPoolState.start(players, chips=self.opts["starting_chips"],
                                              profile=self.ruleset.options["profile"], leftover=self.opts["leftover"])
        return replace(state, all_taker_pays=self.ruleset.options["all_taker_pays"])

    def hand_input(self, outcome: HandOutcome) -> Any:
        seating = Seating(outcome.players)
        dealer = seating.seat(outcome.record.dealer)
        auction = auction_of(outcome.record, seating, dealer)
        state: family.AuctionPoolState = self.state
        if auction.bids is None and state.retained is None:
            raise InconsistentRecord(
                Said("%(dealer)s's deal: the pool was won (or this is the first deal), so the choice is "
                     "auctioned: record the bids", dealer=str(outcome.record.dealer)), code="bid",
            )
        if auction.bids is None and auction.namer != state.retained:
            assert state.retained is not None and auction.namer is not None
            raise InconsistentRecord(
                Said("%(player)s keeps the choice of suit until the pool is won, so %(player)s names it, not "
                     "%(player2)s", player=seating.name(state.retained), player2=seating.name(auction.namer)), code="bid",
            )
        bids = () if auction.bids is None else auction.bids
        if auction.passed_out:
            return family.AuctionPoolHand(dealer=dealer, bids=bids)
        revoke = self.revoker(outcome)
        taken = () if revoke is not None else tuple(h.hearts for h in outcome.hauls)  # units of the named suit
        return family.AuctionPoolHand(dealer=dealer, bids=bids, suit=auction.suit, taken=taken, revoke=revoke)

    def ties_play_on(self) -> bool:
        return bool(self.state.tie_plays_on)  # 2.19 (004): a tie for most chips plays another hand


JOKER = card("JK")


@method
class JokerPayments(PoolFamilyMethod):
    """3.12: the Joker's 5 chips (to the pool, or from its taker to whoever got rid of it), then
    hearts into the pool, settled by sweepstakes; the Joker's taker is not clear (AMB-15)."""

    id = "joker-payments"
    label = "Chips for the Joker and the hearts"
    summary = "The Joker costs its taker 5 chips, then a chip a heart into the pool; players with none win it"
    games = ("joker-hearts",)
    players = (3, 7)
    option_specs = (
        CLEAR_WIN,
        yes_no("all_hearts_jack", False, "3.5: a player taking every heart (and the Joker) makes it a jack",
               "Taking every heart carries the pool", "When one player takes every heart and the Joker, nobody "
               "wins the pool"),
        *_CLOSING,
    )
    function = family.joker_payments

    @classmethod
    def settles(cls, ruleset: Ruleset) -> str | None:
        if ruleset.joker_deck != "replace-2h":
            return ("joker-payments counts the 12 hearts of a pack whose Joker replaces 2H "
                    "(deck replace-2h); with the Joker added, settle by cumulative")
        return super().settles(ruleset)

    def start(self, players: tuple[str, ...]) -> Any:
        return family.JokerPaymentsState.start(players, single_clear_only=self.opts["win"] == "single-clear-only",
                                               all_hearts_jack=self.opts["all_hearts_jack"],
                                               leftover=self.opts["leftover"])

    def hand_input(self, outcome: HandOutcome) -> Any:
        if outcome.revoke is not None:
            return family.JokerPaymentsHand(None, None, revoke=outcome.revoke.seat)
        taker = self.holder(outcome, JOKER)
        return family.JokerPaymentsHand(self.joker_player(outcome), taker, tuple(h.hearts for h in outcome.hauls))

    @staticmethod
    def joker_player(outcome: HandOutcome) -> int | None:
        """Who played (got rid of) the Joker (AMB-47); None when it lay in the widow.

        :raises InconsistentRecord: a quick result that does not say (event ``joker``).
        """
        events = [e for e in outcome.record.events if e["type"] == "joker"]
        said = None if not events or "player" not in events[-1] else outcome.players.index(events[-1]["player"])
        if outcome.tricks is not None:
            played = next((seat for t in outcome.tricks for seat, c in t.plays if c is JOKER), None)
            if events and said != played:
                who = "nobody did: it lay in the widow" if played is None else f"{outcome.players[played]} did"
                claim = "it lay in the widow" if said is None else f"{outcome.players[said]} played the Joker"
                raise InconsistentRecord(Said("the record says %(claim)s, but %(who)s", claim=str(claim), who=who), code="joker")
            return played
        if not events:
            raise InconsistentRecord(
                Said("joker-payments: record who played the Joker (an event {\"type\": \"joker\", \"player\": "
                     "...}, or \"widow\": true)"), code="joker",
            )
        return said


@method
class ConquimbertLives(FamilyMethod):
    """3.17: 31 card points or more (or, when nobody reached 31, the most) cost a life; a player with no
    lives left drops out of the session, whose later hands are dealt to the others; the last one in wins.

    The running totals are the lives left; the hand's points are its card points.
    """

    id = "conquimbert-lives"
    label = "Three lives"
    summary = "Taking 31 card points (or the most) costs a life; the last player with a life left wins"
    games = ("conquimbert",)
    lives = True
    players = (3, 10)
    function = family.conquimbert_lives

    def __init__(self, ruleset: Ruleset, seating: Seating, options: Mapping[str, Any]) -> None:
        super().__init__(ruleset, seating, options)
        self.last_seated = self.names

    def start(self, players: tuple[str, ...]) -> Any:
        return family.ConquimbertState.start(players, lives=self.ruleset.lives)

    def hand_input(self, outcome: HandOutcome) -> Any:
        seats = [self.names.index(name) for name in outcome.players]  # the hand's players: those still in
        if outcome.revoke is not None:
            return family.ConquimbertHand(revoke=seats[outcome.revoke.seat])
        points = [0] * self.n
        for seat, p in zip(seats, outcome.points):
            points[seat] = int(p)  # type: ignore[arg-type]  # card points are whole
        return family.ConquimbertHand(points=tuple(points))

    def settle(self, outcome: HandOutcome, cut: int | None) -> tuple[list[int], list[str]]:
        before: tuple[int, ...] = self.state.lives if self.hands_settled else (0,) * self.n
        payments, notes = super().settle(outcome, cut)
        self.hands_settled += 1
        self.hand_change = tuple(after - was for after, was in zip(self.state.lives, before))  # totals: lives
        return payments, notes

    def seated(self) -> tuple[str, ...]:
        """The players with lives left; once the game is over, the last table (a later hand is game-over)."""
        state: family.ConquimbertState = self.state
        active = state.active()
        if state.finished or len(active) < 2:
            return self.last_seated
        self.last_seated = tuple(self.names[s] for s in active)
        return self.last_seated

    def leaders(self, totals: Sequence[Points], balance: Sequence[int]) -> tuple[int, ...]:
        lives = self.state.lives
        most = max(lives)
        return tuple(s for s, left in enumerate(lives) if left == most)
