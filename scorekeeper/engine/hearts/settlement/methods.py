"""Settlement methods (catalogue section 3): one class per method id, one registry.

A method sees each hand's replayed outcome in order and says what it moves: chips
between players and the pool, and in words why. Methods keep their carried state
(pool, jack, match totals) inside one ``settle`` run; what they return is immutable.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from ...errors import either, plural, shown, UnknownOption, Said
from ...gaussian import Gaussian
from ...options import OptionSpec, resolve, yes_no
from ..records import HandRecord
from ..replay import HandOutcome
from ..ruleset import Ruleset
from ...cards import Suit
from ..scoring import Haul, Points, base_points
from ...seating import Seating
from ...ledger import REVOKE_CHIPS, divide, units_word

METHODS: dict[str, type[Method]] = {}


def method(cls: type[Method]) -> type[Method]:
    METHODS[cls.id] = cls
    return cls


class Method:
    """Base: running totals of points; subclasses say what chips move."""

    id: ClassVar[str] = ""
    label: ClassVar[str] = ""  # its name for a player (the id is the records' and the API's)
    summary: ClassVar[str] = ""  # what it does, in one line a player understands
    chips: ClassVar[bool] = True  # a chip method (payments, pool) or a point method (totals decide)
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    players: ClassVar[tuple[int, int] | None] = None  # the player counts the method is for
    # 4.1: an established revoke scores revoke-003-points (or revoke-001) and the method settles
    # those points, rather than revoke-003-chips (the reneger pays each player 10).
    revoke_by_points: ClassVar[bool] = False
    notes_have_totals: ClassVar[bool] = False  # a point method's notes already give the running totals
    # The running totals are lives left (Conquimbert): a player with none is out of the session, and the
    # later hands are dealt to the others.
    lives: ClassVar[bool] = False
    carries_jack: ClassVar[bool] = False  # a pool nobody won is a jack carried to the next hand (sweepstakes)
    keeps_pool: ClassVar[bool] = False  # chips are left in a pool between hands (pot, sweepstakes, a family's pool)
    pays_pot: ClassVar[bool] = False  # each hand has a pot of its own, printed beside the scores (Howell's, 3.6)
    match_hands: ClassVar[int | None] = None  # hands make matches of this many (the five-hand match, 3.3)

    def __init__(self, ruleset: Ruleset, seating: Seating, options: Mapping[str, Any]) -> None:
        self.ruleset = ruleset
        self.names = seating.players
        self.n = seating.size
        self.opts = resolve(self.id, {s.name: s for s in self.option_specs}, {}, options)
        if self.players and not self.players[0] <= self.n <= self.players[1]:
            lo, hi = self.players
            count = str(lo) if lo == hi else f"{lo} to {hi}"
            raise UnknownOption(Said("the %(id)s settlement is for %(count)s players, not %(n)s",
                                     id=str(self.id), count=str(count), n=str(self.n)))
        self.pool = 0
        self.hands_settled = 0
        self.closed = bool(self.opts.get("closed", False))
        self.finished = False
        self.winner_seats: tuple[int, ...] = ()
        self.hearts_only = all(v == 1 for v in ruleset.values.values()) and not ruleset.spots
        self.revoked: int | None = None  # the seat whose established revoke scored this hand's points
        self.hand_change: tuple[Points, ...] | None = None  # what the hand adds to the totals, when not its points
        self._words: dict[tuple[str, int, int], str] = {}  # notes' words, which repeat hand after hand

    @classmethod
    def settles(cls, ruleset: Ruleset) -> str | None:
        """Why this method cannot settle a game of ``ruleset`` whatever the table (a method of one game
        only, a card it needs), or None when it can."""
        return None

    # --- what subclasses provide ---------------------------------------------------------

    def settle(self, outcome: HandOutcome, cut: int | None) -> tuple[list[int], list[str]]:
        """Payments per seat and a sentence per seat for one hand; may change ``self.pool``."""
        return [0] * self.n, [""] * self.n

    def after_hand(self, totals: Sequence[Points], balance: Sequence[int], outcome: HandOutcome) -> None:
        """Update ``finished`` and ``winner_seats`` after a hand; by default the best balance leads."""
        self.winner_seats = self.richest(balance)

    def close(self, cut: int | None) -> tuple[list[int], list[str]] | None:
        """When the table stops: what happens to chips left in the pool (AMB-43)."""
        return None

    def target(self) -> int | None:
        """The total that ends the game (None: no total ends it)."""
        return None

    def end_words(self, magnitude: bool = False) -> str:
        """When the game ends and who wins, in words (the sheet's and the pages' "End"): the method says it,
        so no reader asks which method it is. ``magnitude``: the totals are complex (Complex Hearts)."""
        return "when the table stops; the best chip balance leads"

    def pot(self, outcome: HandOutcome) -> int | None:
        """The chips paid into a pot and shared back within the hand (Howell), for the sheet; None: no such pot."""
        return None

    def marks(self) -> tuple[tuple[int, str], ...]:
        """The totals that change the game (a target; Hartenjagen's turn and goal), each with its words,
        drawn as lines across the running totals' chart."""
        return ()

    def prepare(self, record: HandRecord, position: int) -> HandRecord:
        """The hand as it is replayed, with what the settlement knows of the hands before it (Gong Zhu: who
        leads, the previous pig-taker); by default the record itself. :raises ScorekeeperError: a record that
        contradicts the hands before it."""
        return record

    def carried(self, totals: Sequence[Points], finished: bool) -> Mapping[str, Any]:
        """What the settle output says of the session besides its totals (Gong Zhu: the losers and the
        partnerships' totals); by default nothing."""
        return {}

    def hand_carried(self, totals: Sequence[Points]) -> Mapping[str, Any]:
        """What a hand's entry of the settle output says besides its running totals (Gong Zhu's partnerships)."""
        return {}

    def seated(self) -> tuple[str, ...]:
        """Who the next hand is dealt to: everybody, unless players drop out of the session (Conquimbert)."""
        return self.names

    def copy(self) -> Method:
        """A method that goes on from here while this one stays as it is (``SessionFold.copy``).

        A method's state is numbers, tuples, frozen values (the family states) and flat lists,
        dicts and sets, which hands replace rather than change inside: a shallow copy with the
        containers copied is enough. (A deep copy would also copy the frozen engine values, which
        a compiled engine cannot rebuild that way.)
        """
        twin = copy.copy(self)
        for name, value in vars(twin).items():
            if isinstance(value, (list, dict, set)):
                setattr(twin, name, value.copy())
        return twin

    # --- shared helpers ------------------------------------------------------------------

    def units(self, outcome: HandOutcome) -> list[int]:
        """Heart-units u_i (1.3): the hand's penalty count, before any moon."""
        self.revoked = None if outcome.revoke is None else outcome.revoke.seat
        if outcome.moon is None and not self.ruleset.complex:  # the hand's points are its whole units
            return [int(p) for p in outcome.points]  # type: ignore[arg-type]
        values = [base_points(self.ruleset, h) for h in outcome.hauls]
        if not all(isinstance(v, int) for v in values):
            raise UnknownOption(Said("the %(id)s settlement counts whole penalty points; use complex-magnitude",
                                     id=str(self.id)))
        return [int(v) for v in values]  # type: ignore[arg-type]

    def took(self, seat: int, u: int) -> str:
        if self.revoked is not None:  # revoke-003-points / revoke-001 (4.1): the hand scores only the revoke
            why = "revoked" if seat == self.revoked else "scores nothing for the revoked hand"
            return f"{self.names[seat]} {why}: {plural(u, 'penalty point')}"
        words = self._words.get(("took", seat, u))
        if words is None:
            words = self._words["took", seat, u] = f"{self.names[seat]} took {units_word(self.hearts_only, u)}"
        return words

    def richest(self, balance: Sequence[int]) -> tuple[int, ...]:
        best = max(balance)
        return tuple(s for s, b in enumerate(balance) if b == best)


@lru_cache(maxsize=1024)
def describe_take(haul: Haul) -> str:
    """'3 hearts and Q♠', 'no scoring cards': a player's take as the table says it."""
    parts = [plural(haul.hearts, "heart")] if haul.hearts else []
    parts += [c.label for c in haul.specials if c.suit is not Suit.HEARTS]
    if not parts:
        return "no scoring cards"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _lowest(keys: Sequence[int]) -> tuple[int, ...]:
    low = min(keys)
    return tuple(s for s, k in enumerate(keys) if k == low)


FINAL_TIE = OptionSpec("final_tie", "joint", ("joint", "play-on"), "1.6: tied winners share, or play on",
                       "A tie at the end", "What happens when the lowest totals are equal at the end", {
                           "joint": ("They share the win", "tied players are joint winners"),
                           "play-on": ("Play on", "play more hands until one player is alone in the lead")})
CLEAR_WIN = OptionSpec("win", "any-clear", ("any-clear", "single-clear-only"), "3.5: may several clear players share it",
                       "Players with no points", "Whether several players with no points share the pool", {
                           "any-clear": ("They share it", "every player with no points takes a share"),
                           "single-clear-only": ("Only one alone", "the pool is won only by a single player with "
                                                                   "no points; otherwise it carries")})


# --- point methods ---------------------------------------------------------------------------

@method
class Cumulative(Method):
    """3.1: hand scores add up; the game ends when a total reaches the target; lowest wins."""

    id = "cumulative"
    label = "Running totals"
    summary = "Each hand's points add up; when a total reaches the end, the lowest total wins"
    chips = False
    option_specs = (
        OptionSpec("target", "game", ("game", 100, 50, 31, 150, "none"), "3.1: the total that ends the game",
                   "The end", "The total that ends the game", {
                       "game": ("The game's own", "the total the game is played to"),
                       100: ("100", "a total of 100 ends the game"), 50: ("50", "a total of 50 ends the game"),
                       31: ("31", "a total of 31 ends the game"), 150: ("150", "a total of 150 ends the game"),
                       "none": ("When the table stops", "no total ends the game; the lowest when you stop wins")}),
        FINAL_TIE,
    )

    def __init__(self, ruleset: Ruleset, seating: Seating, options: Mapping[str, Any]) -> None:
        super().__init__(ruleset, seating, options)
        self._scored: dict[tuple[int, Haul, Points], str] = {}

    def target(self) -> int | None:
        target = self.opts["target"]
        if target == "game":
            return self.ruleset.target
        return None if target == "none" else int(target)

    def end_words(self, magnitude: bool = False) -> str:
        target = self.target()
        lowest = "lowest magnitude wins" if magnitude else "lowest total wins"
        if target is None:
            return f"by agreement; {lowest}"
        return f"when a {'magnitude' if magnitude else 'total'} reaches {target} at the end of a hand; {lowest}"

    def after_hand(self, totals: Sequence[Points], balance: Sequence[int], outcome: HandOutcome) -> None:
        if outcome.moon is not None and outcome.moon.instant_win:
            self.finished, self.winner_seats = True, (outcome.moon.seat,)  # spot-instant-win (2.2.4)
            return
        keys = [t.norm if isinstance(t, Gaussian) else t for t in totals]
        self.winner_seats = _lowest(keys)
        target = self.target()
        if target is None:
            return
        limit = target * target if self.ruleset.complex else target  # 7.5: |Z| >= 100 as a² + b² >= 10000
        if any(k >= limit for k in keys):
            self.finished = len(self.winner_seats) == 1 or self.opts["final_tie"] == "joint"

    def settle(self, outcome: HandOutcome, cut: int | None) -> tuple[list[int], list[str]]:
        moon = outcome.moon
        if moon is None and outcome.revoke is None and outcome.hauls:  # the common hand: words repeat
            memo = self._scored
            notes = []
            for seat, (p, haul) in enumerate(zip(outcome.points, outcome.hauls)):
                words = memo.get((seat, haul, p))
                if words is None:
                    words = memo[seat, haul, p] = f"{self.names[seat]} took {describe_take(haul)}: {p}"
                notes.append(words)
            return [0] * self.n, notes
        notes = []
        for seat, p in enumerate(outcome.points):
            took = f"{self.names[seat]} took {describe_take(outcome.hauls[seat])}" if outcome.hauls else self.names[seat]
            if outcome.revoke is not None:
                why = "revoked" if outcome.revoke.seat == seat else "scores nothing for the revoked hand"
                notes.append(f"{self.names[seat]} {why}: {p}")
            elif moon is not None and moon.seat == seat:
                how = f", chose to {moon.choice}" if moon.choice else ""
                notes.append(f"{took}: shot the moon ({moon.rule}{how}): {p}")
            elif moon is not None and (moon.choice == "add" or moon.rule in ("greek", "black-maria-all")):
                notes.append(f"{took}: {p}, with {self.names[moon.seat]}'s moon added")
            else:
                notes.append(f"{took}: {p}")
        return [0] * self.n, notes


@method
class ComplexMagnitude(Cumulative):
    """7: Gaussian running scores; the game ends at a magnitude of 100; the lowest magnitude wins."""

    id = "complex-magnitude"
    label = "Running totals, by magnitude"
    summary = "The Gaussian scores add up; when a total's magnitude reaches the end, the smallest magnitude wins"
    option_specs = (
        OptionSpec("target", 100, (100, 50, 150, "none"), "7.5: the magnitude that ends the game",
                   "The end", "How long a score ends the game", {
                       100: ("100", "a score 100 long ends the game"), 50: ("50", "a score 50 long ends the game"),
                       150: ("150", "a score 150 long ends the game"),
                       "none": ("When the table stops", "no score ends the game")}),
        FINAL_TIE,
    )


@method
class LowestCollectsDifference(Method):
    """3.2: each hand is a game; the lowest collects from each other player the difference."""

    id = "lowest-collects-difference"
    label = "Each hand a game"
    summary = "After every hand the lowest collects from each other player the difference in points"

    def end_words(self, magnitude: bool = False) -> str:
        return "every hand is a game"
    revoke_by_points = True

    def settle(self, outcome: HandOutcome, cut: int | None) -> tuple[list[int], list[str]]:
        units = self.units(outcome)
        self.winner_seats = _lowest(units)  # tied lowest divide the winnings: joint winners (1.6)
        return _collect_differences(self, units, cut, Said("the hand's winnings"))

    def after_hand(self, totals: Sequence[Points], balance: Sequence[int], outcome: HandOutcome) -> None:
        self.finished = True


def _collect_differences(m: Method, units: Sequence[int], cut: int | None,
                         what: Said) -> tuple[list[int], list[str]]:
    """3.2 / 3.7: the lowest collect from each other player his excess; ties divide, odd by cut."""
    low = min(units)
    winners = [s for s, u in enumerate(units) if u == low]
    payments = [0] * m.n
    notes = [""] * m.n
    gathered = 0
    for seat, u in enumerate(units):
        if seat not in winners:
            payments[seat] = -(u - low)
            gathered += u - low
            notes[seat] = f"{m.took(seat, u)}: pays the difference {u} - {low} = {u - low}"
    shares = divide(gathered, winners, cut, m.names, what) if gathered else {s: 0 for s in winners}
    for seat in winners:
        payments[seat] = shares[seat]
        split = f", shared among {len(winners)}" if len(winners) > 1 else ""
        notes[seat] = f"{m.took(seat, units[seat])}, the fewest: collects {shares[seat]} of {gathered}{split}"
    return payments, notes


@method
class FiveHandMatch(Method):
    """3.3: five hands make a match; the lowest match total is credited the differences."""

    id = "five-hand-match"
    label = "Matches of five hands"
    summary = "Every five hands the lowest match total collects from each other player the difference"
    match_hands = 5

    def end_words(self, magnitude: bool = False) -> str:
        return "a match is five hands; the lowest match total collects the differences"
    revoke_by_points = True

    def __init__(self, ruleset: Ruleset, seating: Seating, options: Mapping[str, Any]) -> None:
        super().__init__(ruleset, seating, options)
        self.match = [0] * self.n
        self.match_winners: tuple[int, ...] = ()

    def settle(self, outcome: HandOutcome, cut: int | None) -> tuple[list[int], list[str]]:
        units = self.units(outcome)
        self.match = [m + u for m, u in zip(self.match, units)]
        self.hands_settled += 1
        if self.hands_settled % 5:
            left = 5 - self.hands_settled % 5
            return [0] * self.n, [
                f"{self.took(s, u)}: match total {self.match[s]}, {plural(left, 'hand')} to play" for s, u in enumerate(units)
            ]
        self.revoked = None  # the match totals are what settles now
        payments, notes = _collect_differences(self, self.match, cut, Said("the match"))
        notes = [f"match of five hands, total {self.match[s]}: " + note for s, note in enumerate(notes)]
        self.match_winners = _lowest(self.match)  # tied lowest divide the match: joint winners (AMB-42)
        self.match = [0] * self.n
        return payments, notes

    def after_hand(self, totals: Sequence[Points], balance: Sequence[int], outcome: HandOutcome) -> None:
        self.finished = self.hands_settled > 0 and self.hands_settled % 5 == 0
        self.winner_seats = self.match_winners if self.finished else _lowest(self.match)


# --- pool methods ----------------------------------------------------------------------------

LEFTOVER = OptionSpec("leftover", "split-equal", ("split-equal", "last-winner"),
                      "AMB-43: who gets a pool left when the table stops", "A pool left at the end",
                      "Who gets the chips left in the pool when the table stops", {
                          "split-equal": ("Shared by everyone", "everyone gets an equal share"),
                          "last-winner": ("The last winner", "whoever won the pool last takes it")})
_CLOSE = (
    yes_no("closed", False, "AMB-43: the table has stopped: share out what is left in the pool",
           "The table has stopped", "Share out what is left in the pool now"),
    LEFTOVER,
)


class PoolMethod(Method):
    """Pot and jackpot methods: players pay their units in; winners take the pool out."""

    keeps_pool = True
    last_winners: tuple[int, ...] = ()

    def close(self, cut: int | None) -> tuple[list[int], list[str]] | None:
        self.finished = self.closed  # the table stopped after the last recorded hand
        if not self.closed or not self.pool:
            return None
        pool = self.pool
        takers = list(self.last_winners) if self.opts["leftover"] == "last-winner" and self.last_winners else list(range(self.n))
        shares = divide(pool, takers, cut, self.names, Said("the %(count)s chips left in the pool", count=pool))
        self.pool = 0
        payments = [shares.get(s, 0) for s in range(self.n)]
        notes = [f"{self.names[s]} gets {payments[s]} of the {pool} chips left in the pool" for s in range(self.n)]
        return payments, notes

    def award(self, pool: int, winners: Sequence[int], payments: list[int]) -> tuple[int, int]:
        """Winners share the pool equally; the odd chips stay in it for the next hand (3.4, 3.5)."""
        share, odd = divmod(pool, len(winners))
        for seat in winners:
            payments[seat] += share
        self.pool = odd
        self.last_winners = tuple(winners)
        return share, odd

    def pay_in(self, units: Sequence[int], payments: list[int], notes: list[str], carried: int) -> int:
        """Everyone pays his units into the pool; returns the pool P."""
        memo = self._words if self.revoked is None else {}  # a revoke's words are not the usual ones
        for seat, u in enumerate(units):
            payments[seat] -= u
            words = memo.get(("pays", seat, u))
            if words is None:
                words = memo["pays", seat, u] = f"{self.took(seat, u)}: pays {u} into the pool"
            notes[seat] = words
        return carried + sum(units)


@method
class Pot(PoolMethod):
    """3.4: the fewest units win the pot (ties divide; odd chips carry)."""

    id = "pot"
    label = "Pot"
    summary = "Each player pays a chip per point into the pot; the fewest points take it"
    option_specs = (OptionSpec("starting_chips", 100, (50, 100), "3.4: chips each player starts with (bookkeeping)",
                               "Chips each", "The chips each player starts with (for the bookkeeping only)"), *_CLOSE)

    def settle(self, outcome: HandOutcome, cut: int | None) -> tuple[list[int], list[str]]:
        units = self.units(outcome)
        payments, notes = [0] * self.n, [""] * self.n
        carried = self.pool
        pool = self.pay_in(units, payments, notes, carried)
        winners = _lowest(units)
        share, odd = self.award(pool, winners, payments)
        for seat in winners:
            notes[seat] += f", the fewest: wins {share} of the pot of {pool}" + (f" ({carried} carried in)" if carried else "")
        if odd:
            notes[winners[0]] += f"; {plural(odd, 'odd chip')} carried to the next pot"
        return payments, notes


@method
class Sweepstakes(PoolMethod):
    """3.5: only a clear player (no units) wins the pool; otherwise it is a jack and carries."""

    id = "sweepstakes"
    label = "Sweepstakes"
    carries_jack = True
    summary = "Each player pays a chip per point into the pool; only a player with no points wins it, else it carries"
    option_specs = (
        CLEAR_WIN,
        yes_no("all_hearts_jack", False, "3.5: a player taking every heart makes it a jack",
               "Taking every heart carries the pool", "When one player takes every heart, nobody wins the pool"),
        *_CLOSE,
    )

    def settle(self, outcome: HandOutcome, cut: int | None) -> tuple[list[int], list[str]]:
        units = self.units(outcome)
        payments, notes = [0] * self.n, [""] * self.n
        carried = self.pool
        pool = self.pay_in(units, payments, notes, carried)
        clear = tuple(s for s, u in enumerate(units) if u == 0)
        total = sum(units)
        why = ""
        if self.opts["all_hearts_jack"] and total and any(u == total for u in units):
            why = "one player took them all"
        elif not clear:
            why = "nobody is clear"
        elif self.opts["win"] == "single-clear-only" and len(clear) > 1:
            why = "more than one player is clear"
        if why:
            self.pool = pool
            jack = f"; {why}: the pool of {pool} is a jack, carried"
            for seat in range(self.n):
                notes[seat] += jack
            return payments, notes
        share, odd = self.award(pool, clear, payments)
        for seat in clear:
            notes[seat] = f"{self.names[seat]} is clear: pays nothing, wins {share} of the pool of {pool}"
        if odd:
            notes[clear[0]] += f"; {plural(odd, 'odd chip')} carried"
        return payments, notes


@method
class Howell(Method):
    """3.6: pay (n-1) per unit, take back T - u; every pair settles its difference."""

    pays_pot = True
    id = "howell"
    label = "Howell's settlement"
    summary = "Every pair of players settles the difference of their hearts, in chips"

    def pot(self, outcome: HandOutcome) -> int | None:
        return (self.n - 1) * sum(self.units(outcome))  # 3.6: each pays (n - 1) per unit into the pot

    def settle(self, outcome: HandOutcome, cut: int | None) -> tuple[list[int], list[str]]:
        units = self.units(outcome)
        total = sum(units)  # AMB-08: T is the units actually taken
        payments, notes = [], []
        for seat, u in enumerate(units):
            paid, back = (self.n - 1) * u, total - u
            payments.append(back - paid)
            notes.append(f"{self.took(seat, u)}: paid {paid} into the pot, took back {back}, net {back - paid:+d}")
        return payments, notes


@method
class SpotDifferences(Method):
    """3.7: the lowest spot total collects each other's excess; ties divide, odd by cut."""

    id = "spot-differences"
    label = "Spot differences"
    summary = "The lowest spot total collects from each other player the difference"

    def settle(self, outcome: HandOutcome, cut: int | None) -> tuple[list[int], list[str]]:
        return _collect_differences(self, self.units(outcome), cut, Said("the spots collected"))

    def took(self, seat: int, u: int) -> str:
        return f"{self.names[seat]} took {plural(u, 'spot')}"


@method
class TwoHandedDifference(Method):
    """3.8: the player with more hearts pays the difference."""

    id = "two-handed-difference"
    label = "The difference"
    summary = "The player with more hearts pays the other the difference"
    players = (2, 2)

    def settle(self, outcome: HandOutcome, cut: int | None) -> tuple[list[int], list[str]]:
        a, b = self.units(outcome)
        owe = abs(a - b)
        loser = 0 if a > b else 1
        return self._two(loser, owe, (a, b), f"the difference {max(a, b)} - {min(a, b)}")

    def _two(self, loser: int, owe: int, units: Sequence[int], why: str) -> tuple[list[int], list[str]]:
        winner = 1 - loser
        payments = [0, 0]
        payments[loser], payments[winner] = -owe, owe
        notes = ["", ""]
        notes[loser] = f"{self.took(loser, units[loser])}: pays {owe} ({why})"
        notes[winner] = f"{self.took(winner, units[winner])}: receives {owe}"
        return payments, notes


@method
class TwoHandedFirstSixFree(TwoHandedDifference):
    """3.9: the loser's first six hearts are free; he pays for the rest."""

    id = "two-handed-first-six-free"
    label = "First six free"
    summary = "The player with more hearts pays for each one over six"

    def settle(self, outcome: HandOutcome, cut: int | None) -> tuple[list[int], list[str]]:
        a, b = self.units(outcome)
        loser = 0 if a > b else 1
        u = (a, b)[loser]
        return self._two(loser, max(0, u - 6), (a, b), f"{u} - 6 free")


@method
class ThreeHandedExcess(Method):
    """3.10: the most hearts pays each other his excess; two equal highest both pay the low man."""

    id = "three-handed-excess"
    label = "The most pays the excess"
    summary = "For three players: the most hearts pays each other player what he took more"
    players = (3, 3)

    def settle(self, outcome: HandOutcome, cut: int | None) -> tuple[list[int], list[str]]:
        units = self.units(outcome)
        high = max(units)
        payers = [s for s, u in enumerate(units) if u == high]
        payments, notes = [0] * 3, [""] * 3
        if len(payers) == 3:
            return payments, [f"{self.took(s, u)}: all equal, nothing to pay" for s, u in enumerate(units)]
        if len(payers) == 1:
            (p,) = payers
            for s, u in enumerate(units):
                if s != p:
                    payments[s] += high - u
                    payments[p] -= high - u
                    notes[s] = f"{self.took(s, u)}: receives {high - u} from {self.names[p]}"
            notes[p] = f"{self.took(p, high)}, the most: pays {-payments[p]}"
            return payments, notes
        low = next(s for s in range(3) if s not in payers)
        for p in payers:
            payments[p] = -(high - units[low])
            payments[low] += high - units[low]
            notes[p] = f"{self.took(p, high)}, tied for the most: pays {self.names[low]} {high - units[low]}"
        notes[low] = f"{self.took(low, units[low])}: receives {payments[low]}"
        return payments, notes


def revoke_chips(m: Method, offender: int) -> tuple[list[int], list[str]]:
    """4.1 revoke-003-chips: the reneger pays each other player 10; nothing else is settled."""
    each = REVOKE_CHIPS
    payments = [each] * m.n
    payments[offender] = -each * (m.n - 1)
    notes = [f"{m.names[s]} receives {each} from {m.names[offender]} for the revoke" for s in range(m.n)]
    notes[offender] = f"{m.names[offender]} revoked: pays each other player {each} ({each * (m.n - 1)}); no hearts are paid"
    return payments, notes


def make_method(settlement: str, ruleset: Ruleset, seating: Seating, options: Mapping[str, Any]) -> Method:
    """The settlement method for a session.

    :raises UnknownOption: an unknown settlement id, or one that does not fit the game.
    """
    cls = METHODS.get(settlement)
    if cls is None:
        known = ", ".join(sorted(METHODS))
        raise UnknownOption(Said("unknown settlement %(shown)s (known: %(known)s)",
                                 shown=str(shown(settlement)), known=str(known)))
    _check_fit(cls, ruleset)
    return cls(ruleset, seating, options)


def _check_fit(cls: type[Method], ruleset: Ruleset) -> None:
    """:raises UnknownOption: ``cls`` does not settle this game (its settlements, spots, Gaussian scores)."""
    settlement = cls.id
    if ruleset.settlements and settlement not in ruleset.settlements:
        raise UnknownOption(Said("%(game)s is settled by %(value)s, not %(settlement)s",
                                 game=ruleset.name, value=either(list(ruleset.settlements)), settlement=str(settlement)))
    if cls is SpotDifferences and not ruleset.spots:
        raise UnknownOption(Said("spot-differences settles Spot Hearts (spot totals); this game counts hearts"))
    if ruleset.complex and cls not in (Cumulative, ComplexMagnitude):
        raise UnknownOption(Said("Complex Hearts scores are Gaussian integers: settle with complex-magnitude, "
                                 "not %(settlement)s", settlement=str(settlement)))
    if cls is ComplexMagnitude and not ruleset.complex:
        raise UnknownOption(Said("complex-magnitude settles Complex Hearts only"))


def fits(cls: type[Method], ruleset: Ruleset) -> bool:
    """Whether ``cls`` can settle a game of ``ruleset`` (for some number of players): what
    ``make_method`` and the method itself would refuse, asked before any table is seated."""
    try:
        _check_fit(cls, ruleset)
    except UnknownOption:
        return False
    return cls.settles(ruleset) is None
