"""3.19 ``gong-zhu-points``: Gong Zhu's own settlement.

Hand scores (which may be positive) add up. By default the game ends at the end of a hand after which one or
more totals are at minus the limit (1000) or lower: those players are "the pig", the losers, and the highest
total wins (equal highest: joint winners). With partners (``partnerships = on``) the partnerships' totals decide,
and both partners win or lose together. The settlement also knows who took the pig, so it checks (or fills in)
who leads the next hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from ...cards import card, cards_said
from ...errors import InconsistentRecord, Said
from ...options import OptionSpec
from ..records import HandRecord
from ..replay import HandOutcome
from ..ruleset import Ruleset
from ..scoring import Points
from ...seating import Seating
from .methods import Method, method

QS = card("QS")
NOTHING: Mapping[str, Any] = MappingProxyType({})


@method
class GongZhuPoints(Method):
    """3.19: totals to minus 1000; those at or under it are the pig; the highest total wins."""

    id = "gong-zhu-points"
    label = "Gong Zhu's points"
    summary = "Each hand's score adds up; at \u22121000 or lower the game ends: that player is the pig, the highest wins"
    chips = False
    revoke_by_points = True
    option_specs = (
        OptionSpec("end", "minus-1000", ("minus-1000", "plus-minus-1000", "none"), "3.19, AMB-58: what ends the game",
                   "The end", "What ends the game", {
                       "minus-1000": ("\u22121000", "a total at \u22121000 or lower ends the game; that player is the pig"),
                       "plus-minus-1000": ("\u22121000 or +1000", "a total at \u22121000 or lower, or at +1000 or "
                                                                  "higher, ends the game"),
                       "none": ("When the table stops", "no total ends the game; the highest when you stop wins")}),
        OptionSpec("limit", 1000, (1000, 500, 2000), "3.19: the limit (1000 in every page read)",
                   "The limit", "How far the totals go before the game ends", {
                       1000: ("1000", "the game ends at \u22121000"), 500: ("500", "a shorter game, to \u2212500"),
                       2000: ("2000", "a longer game, to \u22122000")}),
    )

    @classmethod
    def settles(cls, ruleset: Ruleset) -> str | None:
        if ruleset.game != "gong-zhu":
            return f"the gong-zhu-points settlement is for gong-zhu, not {ruleset.game}"
        return None

    def __init__(self, ruleset: Ruleset, seating: Seating, options: Mapping[str, Any]) -> None:
        refused = self.settles(ruleset)
        if refused is not None:
            from ...errors import UnknownOption

            raise UnknownOption(refused)
        super().__init__(ruleset, seating, options)
        self.pig: int | None = None  # who took the pig in the last counted hand (he leads the next one)
        self.partners = ruleset.options.get("partnerships") == "on" and self.n == 4

    # --- the leader of the next hand (2.30.1, AMB-59) ----------------------------------------------------------

    def prepare(self, record: HandRecord, position: int) -> HandRecord:
        """The hand as it is replayed: from the second counted hand on, the previous pig-taker leads; a record
        without ``leader`` is given him, a record naming another is refused (``out-of-turn``)."""
        if record.is_result or any(e["type"] == "misdeal" for e in record.events) or record.number < 2:
            return record
        pig = self.pig
        if pig is None:  # nobody took the pig before (a revoke stopped play, or void deals only): the first rule
            return replace(record, hand=1) if record.leader is None else record
        name = self.names[pig]
        if record.leader is None:
            return replace(record, leader=name)
        if record.leader != name:
            raise InconsistentRecord(Said("%(player)s took the pig (Q♠) in the hand before and leads hand "
                                          "%(number)s, not %(leader)s",
                                          player=name, number=str(record.number), leader=str(record.leader)), code="out-of-turn", player=record.leader)
        return record

    # --- a hand ------------------------------------------------------------------------------------------------

    def settle(self, outcome: HandOutcome, cut: int | None) -> tuple[list[int], list[str]]:
        taker = next((seat for seat, haul in enumerate(outcome.hauls) if QS in haul.specials), None)
        if taker is not None or outcome.revoke is None:
            self.pig = taker
        notes = []
        for seat, p in enumerate(outcome.points):
            name = self.names[seat]
            if outcome.revoke is not None:
                why = "revoked" if outcome.revoke.seat == seat else "scores nothing for the revoked hand"
                notes.append(f"{name} {why}: {p}")
            else:
                mine = outcome.hauls[seat].specials if outcome.hauls else ()
                took = cards_said(mine) if mine else "no scoring cards"
                notes.append(f"{name} took {took}: {p:+d}" if isinstance(p, int) else f"{name}: {p}")
        return [0] * self.n, notes

    def teams(self) -> tuple[tuple[int, int], ...]:
        """The partnerships, partners opposite (seats 0 and 2 against 1 and 3)."""
        return ((0, 2), (1, 3)) if self.partners else ()

    def sides(self, totals: Sequence[Points]) -> list[tuple[tuple[int, ...], int]]:
        """Who the end is judged on: each partnership with its total, or each player with his."""
        keys = [int(t) for t in totals]  # type: ignore[arg-type]  # whole points
        if self.partners:
            return [((a, b), keys[a] + keys[b]) for a, b in self.teams()]
        return [((s,), k) for s, k in enumerate(keys)]

    def after_hand(self, totals: Sequence[Points], balance: Sequence[int], outcome: HandOutcome) -> None:
        sides = self.sides(totals)
        best = max(t for _, t in sides)
        self.winner_seats = tuple(sorted(s for seats, t in sides if t == best for s in seats))
        end, limit = self.opts["end"], int(self.opts["limit"])
        if end == "none":
            return
        if any(t <= -limit for _, t in sides) or end == "plus-minus-1000" and any(t >= limit for _, t in sides):
            self.finished = True

    def losers(self, totals: Sequence[Points]) -> tuple[int, ...]:
        """The pig: every player (both partners) at or under minus the limit."""
        if self.opts["end"] == "none":
            return ()
        limit = int(self.opts["limit"])
        return tuple(sorted(s for seats, t in self.sides(totals) if t <= -limit for s in seats))

    def carried(self, totals: Sequence[Points], finished: bool) -> Mapping[str, Any]:
        out: dict[str, Any] = {}
        if self.partners:
            out["team_totals"] = self.team_totals(totals)
        out["losers"] = [self.names[s] for s in self.losers(totals)]
        return out

    def hand_carried(self, totals: Sequence[Points]) -> Mapping[str, Any]:
        return {"team_totals": self.team_totals(totals)} if self.partners else NOTHING

    def team_totals(self, totals: Sequence[Points]) -> dict[str, int]:
        """Each partnership's total, keyed by the partners' names joined with + in seat order ("A+C")."""
        return {f"{self.names[seats[0]]}+{self.names[seats[1]]}": t for seats, t in self.sides(totals)}

    def end_words(self, magnitude: bool = False) -> str:
        limit, end = int(self.opts["limit"]), self.opts["end"]
        sides = "a partnership's total" if self.partners or self.ruleset.options.get("partnerships") == "on" else "a total"
        if end == "none":
            return "by agreement; the highest total wins"
        more = f", or +{limit} or more," if end == "plus-minus-1000" else ""
        return (f"when {sides} is at \u2212{limit} or lower{more} at the end of a hand: those at \u2212{limit} or "
                f"lower are the pig; the highest total wins")

    def marks(self) -> tuple[tuple[int, str], ...]:
        limit = int(self.opts["limit"])
        if self.opts["end"] == "none":
            return ()
        low = ((-limit, f"\u2212{limit}: the pig"),)
        return low + ((limit, f"+{limit}: the end"),) if self.opts["end"] == "plus-minus-1000" else low
