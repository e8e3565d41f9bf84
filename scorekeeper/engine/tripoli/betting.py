"""Stage 2's one round of betting (catalogue 5.4), as a state machine that checks every action.

Until someone bets, each player checks or bets 1..L. After a bet nobody may check: each
player in turn folds, calls (brings his total up to the highest) or raises (calls and
adds 1..L more). Players who checked act again when the turn comes back. The round ends
when all but one have folded, when everyone has checked, or when after a bet every other
active player has called or folded. Out-of-turn and over-limit actions are refused (AMB-39f).

>>> from scorekeeper.engine.seating import Seating
>>> b = Betting(Seating(("A", "B", "C", "D")), opener=0, limit=10)
>>> for a in [("A", "check"), ("B", "bet", 2), ("C", "fold"), ("D", "call"), ("A", "raise", 3), ("B", "call"), ("D", "fold")]:
...     _ = b.act(BetAction(*a))
>>> b.over, b.contributions, b.showdown()
(True, (5, 5, 0, 2), (0, 1))
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalPlay, Said, Word
from ..seating import Seating
from .record import BetAction


# What a player does in the betting, as a refusal says it ("Ann cannot fold before anyone has bet")
BET_VERBS = {"check": Word("check", "to bet"), "bet": Word("bet", "to bet"), "call": Word("call", "to bet"),
             "raise": Word("raise", "to bet"), "fold": Word("fold", "to bet")}


@dataclass(frozen=True, slots=True)
class Choice:
    """What the player on turn may do: an action and the chips it may name (lowest, highest; 0 for none)."""

    kind: str
    low: int = 0
    high: int = 0


class Betting:
    """One betting round: whose turn, who is still in, what each has put in."""

    def __init__(self, seating: Seating, *, opener: int, limit: int) -> None:
        self.seating = seating
        self.names = seating.players
        self.limit = limit
        self.turn = opener
        self.paid = [0] * seating.size
        self.folded = [False] * seating.size
        self.to_act = set(range(seating.size))  # who must still act before the round can end
        self.highest = 0  # the highest total put in by one player
        self.raiser: int | None = None  # who made the highest total
        self.count = 0  # actions taken

    # --- state ---------------------------------------------------------------------------------

    @property
    def contributions(self) -> tuple[int, ...]:
        return tuple(self.paid)

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seating.size) if not self.folded[s])

    @property
    def over(self) -> bool:
        """5.4 step 6: all but one folded, or nobody left who must act."""
        return len(self.active) == 1 or not self.to_act

    def showdown(self) -> tuple[int, ...]:
        """Who shows his cards: the active players (everyone when all checked); one when the others folded."""
        return self.active

    def why_over(self) -> Said:
        if len(self.active) == 1:
            return Said("everyone but %(player)s folded", player=self.names[self.active[0]])
        if self.highest == 0:
            return Said("everyone checked")
        return Said("every player still in has called")

    # --- the three layers: check, list, apply ---------------------------------------------------

    def check(self, action: BetAction, index: int | None = None) -> None:
        """Raise IllegalPlay (with a stable code) unless ``action`` is legal now."""
        where = Said("betting action %(number)s (%(action)s): ", number=index + 1, action=str(action)) \
            if index is not None else ""
        seat = self.names.index(action.player)

        def refuse(code: str, why: Said) -> IllegalPlay:
            return IllegalPlay(why, code=code, play=index, player=action.player)

        if self.over:
            raise refuse("bet-over", Said("%(where)sthe betting is already over (%(why_over)s)",
                                          why_over=self.why_over(), where=where))
        if self.folded[seat]:
            raise refuse("bet-out-of-turn", Said("%(where)s%(player)s folded earlier and takes no further part in "
                                                 "the betting", player=action.player, where=where))
        if seat != self.turn:
            raise refuse("bet-out-of-turn", Said("%(where)sit is %(player)s's turn to bet, not %(player2)s's",
                                                 player=self.names[self.turn], player2=action.player, where=where))
        need = self.highest - self.paid[seat]
        verb = BET_VERBS.get(action.kind, action.kind)
        if self.highest == 0 and action.kind not in ("check", "bet"):
            raise refuse("bet-action", Said("%(where)s%(player)s cannot %(kind)s before anyone has bet: check or bet "
                                            "1 to %(limit)s", player=action.player, kind=verb, limit=self.limit,
                                            where=where))
        if self.highest > 0 and action.kind in ("check", "bet"):
            by = self.names[self.raiser] if self.raiser is not None else Said("someone")
            raise refuse("bet-action", Said("%(where)s%(player)s cannot %(kind)s after %(by)s bet: fold, call "
                                            "%(need)s or raise 1 to %(limit)s", player=action.player, kind=verb,
                                            by=by, need=need, limit=self.limit, where=where))
        if action.kind in ("bet", "raise"):
            amount = action.amount if action.amount is not None else 0
            if not 1 <= amount <= self.limit:
                places = {"where": where, "limit": self.limit, "amount": amount}
                raise refuse("bet-limit", Said("%(where)sa bet is 1 to %(limit)s chips (the agreed limit), not "
                                               "%(amount)s", **places) if action.kind == "bet" else
                             Said("%(where)sa raise adds 1 to %(limit)s chips (the agreed limit), not %(amount)s",
                                  **places))
        if action.kind == "call" and action.amount is not None and action.amount != need:
            raise refuse("bet-amount", Said("%(where)s%(player)s calls %(amount)s, but calling takes %(need)s more "
                                            "(he has %(paid)s in, the highest is %(highest)s)", player=action.player,
                                            amount=action.amount, need=need, paid=self.paid[seat],
                                            highest=self.highest, where=where))

    def is_legal(self, action: BetAction) -> bool:
        try:
            self.check(action)
        except IllegalPlay:
            return False
        return True

    def choices(self) -> tuple[Choice, ...]:
        """What the player on turn may do (none once the round is over)."""
        if self.over:
            return ()
        if self.highest == 0:
            return (Choice("check"), Choice("bet", 1, self.limit))
        need = self.highest - self.paid[self.turn]
        return (Choice("fold"), Choice("call", need, need), Choice("raise", 1, self.limit))

    def act(self, action: BetAction, index: int | None = None) -> int:
        """Check, then apply ``action``; returns the chips it puts in the pot.

        :raises IllegalPlay: codes ``bet-over``, ``bet-out-of-turn``, ``bet-action``, ``bet-limit``, ``bet-amount``.
        """
        self.check(action, index)
        seat = self.turn
        put = 0
        if action.kind == "check":
            self.to_act.discard(seat)
        elif action.kind == "fold":
            self.folded[seat] = True
            self.to_act.discard(seat)
        elif action.kind == "call":
            put = self.highest - self.paid[seat]
            self.to_act.discard(seat)
        else:  # bet or raise: everyone else still in must answer it
            put = self.highest - self.paid[seat] + (action.amount or 0)
            self.highest = self.paid[seat] + put
            self.raiser = seat
            self.to_act = set(self.active) - {seat}
        self.paid[seat] += put
        self.count += 1
        if not self.over:
            self.turn = self._next_active(seat)
        return put

    def _next_active(self, seat: int) -> int:
        nxt = self.seating.next(seat)
        while self.folded[nxt]:
            nxt = self.seating.next(nxt)
        return nxt
