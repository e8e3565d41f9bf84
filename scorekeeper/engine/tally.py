"""What one table adds to a club's statistics, and the club's statistics over many tables.

A table's tally is read off its settle output (the family seam's ``tally``: the same settlement
the session page shows), never scored a second time: per player the hands played, the points the
hands gave (their sum), the moons shot, the game's main penalty card taken, the revokes, the
money, and whether the player won the table. A tally is plain JSON data, so the app can keep it
beside the table, keyed by the table's revision, and add tallies up later.

A table is won only once it is over: the settle output's ``finished`` (the one fact the session page
reads to say "Game over" rather than "Winning so far") and its ``winners``. Until then the table is in
progress for everyone at it, and whoever leads is only ``leading``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

TALLY_VERSION = 2  # bumped when a tally's shape changes: kept tallies of another version are made again
# 2: ``won`` only at a finished table; ``leading`` the winners so far of a table still in progress


def main_penalty_card(values: Mapping[Any, int], hearts: Any) -> str | None:
    """The game's main penalty card (Q♠ in most games): the one card outside hearts worth the most penalty
    points, when exactly one is; None for a game without one (plain Hearts, Conquimbert's many aces)."""
    scored = [(v, str(c)) for c, v in values.items() if v > 0 and getattr(c, "suit", None) is not hearts]
    if not scored:
        return None
    top = max(v for v, _ in scored)
    cards = [c for v, c in scored if v == top]
    return cards[0] if len(cards) == 1 else None


def _number(value: Any) -> int | float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value


def tally_json(
    settled: Mapping[str, Any], game: str, players: Sequence[str], *,
    penalty_card: str | None = None, penalty_takers: Sequence[str | None] = (),
    bonus_card: str | None = None, bonus_takers: Sequence[str | None] = (),
) -> dict[str, Any]:
    """A table's tally from its settle output. ``penalty_takers``: who took ``penalty_card`` in each
    hand of the output (None: nobody, or a void hand), as the family's replay found it."""
    hands: Sequence[Mapping[str, Any]] = settled.get("hands") or ()
    per: dict[str, dict[str, Any]] = {
        p: {"hands": 0, "points": 0, "moons": 0, "penalty": 0, "revokes": 0, "won": False, "leading": False,
            "money": None}
        for p in players}
    played = 0
    for i, hand in enumerate(hands):
        if hand.get("void") is not None:
            continue  # a misdeal is dealt again: no hand was played
        played += 1
        points = hand.get("points") or {}
        for p, row in per.items():
            if p not in points:
                continue  # out of this hand (Domino Hearts' players dropping out leave their totals)
            row["hands"] += 1
            value = _number(points[p])
            row["points"] = None if value is None or row["points"] is None else row["points"] + value
        for key, counter in (("moon", "moons"), ("revoke", "revokes")):
            who = hand.get(key)
            if isinstance(who, str) and who in per:
                per[who][counter] += 1
        taker = penalty_takers[i] if i < len(penalty_takers) else None
        if taker in per:
            per[taker]["penalty"] += 1
        bonus = bonus_takers[i] if i < len(bonus_takers) else None  # Gong Zhu: the sheep
        if bonus in per:
            per[bonus]["bonus"] = per[bonus].get("bonus", 0) + 1
    finished = bool(settled.get("finished"))
    for p in settled.get("winners") or ():
        if p in per and played:
            per[p]["won" if finished else "leading"] = True
    for p, amount in (settled.get("money") or {}).items():
        if p in per:
            per[p]["money"] = str(amount)
    out = {"version": TALLY_VERSION, "game": game, "hands": played, "finished": finished,
           "penalty_card": penalty_card, "players": per}
    if bonus_card is not None:
        out["bonus_card"] = bonus_card
    return out


# --- many tables -----------------------------------------------------------------------------------

@dataclass
class Line:
    """One player's figures over some tables (of one game, or of every game)."""

    tables: int = 0
    won: int = 0  # finished tables the player won
    in_progress: int = 0  # tables not over yet (won by nobody so far)
    hands: int = 0
    points: int | float | None = 0
    moons: int = 0
    penalty: int = 0
    revokes: int = 0
    money_won: Decimal = Decimal(0)
    money_lost: Decimal = Decimal(0)  # a positive amount: what the player paid
    penalty_cards: set[str] = field(default_factory=set)
    bonus: int = 0  # a bonus card taken (Gong Zhu: the sheep)
    bonus_cards: set[str] = field(default_factory=set)

    @property
    def per_hand(self) -> float | None:
        """Average points a hand; None without hands or for scores that are not plain numbers (Complex Hearts)."""
        if not self.hands or self.points is None:
            return None
        return self.points / self.hands

    @property
    def money(self) -> Decimal:
        return self.money_won - self.money_lost

    @property
    def finished(self) -> int:
        """The tables that are over."""
        return self.tables - self.in_progress

    def add(self, row: Mapping[str, Any], penalty_card: str | None, *, finished: bool = True,
            bonus_card: str | None = None) -> None:
        """Add one table's row of a tally (``tally_json``); ``finished``: the table is over."""
        self.tables += 1
        if not finished:
            self.in_progress += 1
        elif row.get("won"):
            self.won += 1
        self.hands += int(row.get("hands") or 0)
        points = _number(row.get("points"))
        self.points = None if points is None or self.points is None else self.points + points
        self.moons += int(row.get("moons") or 0)
        self.revokes += int(row.get("revokes") or 0)
        if penalty_card is not None:
            self.penalty += int(row.get("penalty") or 0)
            self.penalty_cards.add(penalty_card)
        if bonus_card is not None:
            self.bonus += int(row.get("bonus") or 0)
            self.bonus_cards.add(bonus_card)
        money = row.get("money")
        if money is not None:
            amount = _decimal(money)
            if amount > 0:
                self.money_won += amount
            else:
                self.money_lost -= amount

    def merge(self, other: Line) -> None:
        """Add another line's tables (one game's to a player's over every game)."""
        self.tables += other.tables
        self.won += other.won
        self.in_progress += other.in_progress
        self.hands += other.hands
        self.points = None if self.points is None or other.points is None else self.points + other.points
        self.moons += other.moons
        self.revokes += other.revokes
        self.penalty += other.penalty
        self.penalty_cards |= other.penalty_cards
        self.bonus += other.bonus
        self.bonus_cards |= other.bonus_cards
        self.money_won += other.money_won
        self.money_lost += other.money_lost

    def to_json(self) -> dict[str, Any]:
        per_hand = self.per_hand
        return {"tables": self.tables, "won": self.won, "in_progress": self.in_progress, "hands": self.hands, "points": self.points,
                "points_per_hand": None if per_hand is None else round(per_hand, 2), "moons": self.moons,
                "penalty_card": "/".join(sorted(self.penalty_cards)) or None, "penalty": self.penalty,
                "revokes": self.revokes, "money_won": f"{self.money_won:.2f}", "money_lost": f"{self.money_lost:.2f}",
                **({"bonus_card": "/".join(sorted(self.bonus_cards)), "bonus": self.bonus} if self.bonus_cards else {})}


def _decimal(value: Any) -> Decimal:
    if value is None:
        return Decimal(0)
    try:
        return Decimal(str(value))
    except InvalidOperation:
        return Decimal(0)


@dataclass
class ClubFigures:
    """A club's statistics over a set of tables: per player, per game and over all games."""

    by_game: dict[str, dict[str, Line]] = field(default_factory=dict)  # game -> player -> line
    tables: int = 0
    hands: int = 0
    _overall: dict[str, Line] | None = field(default=None, repr=False)

    @property
    def overall(self) -> dict[str, Line]:
        """Each player over every game (the game lines merged: made once, after the last ``add``)."""
        if self._overall is None:
            self._overall = {}
            for lines in self.by_game.values():
                for person, line in lines.items():
                    self._overall.setdefault(person, Line()).merge(line)
        return self._overall

    def add(self, tally: Mapping[str, Any], name_of: Mapping[str, str] | None = None) -> None:
        """Add one table's tally; ``name_of`` maps the names seated there to the people they are."""
        game = str(tally.get("game"))
        self.tables += 1
        self.hands += int(tally.get("hands") or 0)
        card = tally.get("penalty_card")
        lines = self.by_game.setdefault(game, {})
        self._overall = None
        for seated, row in (tally.get("players") or {}).items():
            person = (name_of or {}).get(seated, seated)
            line = lines.get(person)
            if line is None:
                line = lines[person] = Line()
            line.add(row, card, finished=bool(tally.get("finished")), bonus_card=tally.get("bonus_card"))

    def standings(self) -> list[tuple[str, Line]]:
        """Every player over all games: most tables won first (finished tables only), then the most money,
        then the lowest points a hand (lower is better in the Hearts family), then by name."""
        return sorted(self.overall.items(), key=lambda item: (
            -item[1].won, -item[1].money, item[1].per_hand if item[1].per_hand is not None else 0.0, item[0]))

    def to_json(self) -> dict[str, Any]:
        return {
            "tables": self.tables, "hands": self.hands,
            "standings": [{"player": p, **line.to_json()} for p, line in self.standings()],
            "games": {g: {p: line.to_json() for p, line in sorted(lines.items())} for g, lines in sorted(self.by_game.items())},
        }


def club_figures(tallies: Iterable[tuple[Mapping[str, Any], Mapping[str, str] | None]]) -> ClubFigures:
    figures = ClubFigures()
    for tally, names in tallies:
        figures.add(tally, names)
    return figures
