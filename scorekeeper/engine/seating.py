"""Seats around the table (catalogue 1.2): the one place where seat arithmetic lives.

Players are listed in clockwise order, seat 0 to n-1. Left of a seat is the next
seat clockwise, right the previous one, across the seat two away (four players).
Play goes clockwise except where a game says otherwise (Reversis).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Direction(enum.Enum):
    """Where passed cards go."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    NONE = "none"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Seating:
    """The players in clockwise order and the direction of play.

    >>> s = Seating(("Ann", "Bob", "Cat", "Dan"))
    >>> s.name(s.left(s.seat("Dan"))), s.name(s.right(0)), s.name(s.across(1))
    ('Ann', 'Dan', 'Dan')
    """

    players: tuple[str, ...]
    clockwise: bool = True

    def __init__(self, players: tuple[str, ...], clockwise: bool = True) -> None:
        # The dataclass's __init__ written out: compiled, the fields are set directly (see
        # records.HandRecord.__init__).
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "clockwise", clockwise)

    @property
    def size(self) -> int:
        return len(self.players)

    def seat(self, player: str) -> int:
        """The seat of a player; ValueError when the name is not at the table."""
        return self.players.index(player)

    def name(self, seat: int) -> str:
        return self.players[seat]

    def left(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places clockwise (to the left)."""
        return (seat + steps) % len(self.players)

    def right(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places counter-clockwise (to the right)."""
        return (seat - steps) % len(self.players)

    def across(self, seat: int) -> int:
        """The seat opposite (meaningful with an even number of players)."""
        return (seat + len(self.players) // 2) % len(self.players)

    def next(self, seat: int) -> int:
        """The next seat in the direction of play."""
        return self.left(seat) if self.clockwise else self.right(seat)

    def previous(self, seat: int) -> int:
        """The seat before this one in the direction of play."""
        return self.right(seat) if self.clockwise else self.left(seat)

    def eldest(self, dealer: int) -> int:
        """Who plays first after the dealer: his left (clockwise games), his right otherwise."""
        return self.next(dealer)

    def order_from(self, seat: int) -> tuple[int, ...]:
        """Every seat once, in play order, starting with ``seat``."""
        seats = [seat]
        for _ in range(len(self.players) - 1):
            seats.append(self.next(seats[-1]))
        return tuple(seats)

    def receiver(self, seat: int, direction: Direction) -> int:
        """Who receives the cards ``seat`` passes in ``direction``."""
        if direction is Direction.LEFT:
            return self.left(seat)
        if direction is Direction.RIGHT:
            return self.right(seat)
        if direction is Direction.ACROSS:
            return self.across(seat)
        return seat
