"""The layout's nine spaces, the chips on them, and every chip move of a deal (catalogue 5.1, 1.5).

A deal's chip flow is a list of ``Transfer`` values between accounts: a player (his seat)
or a layout space. Players plus layout always hold the same number of chips; ``Ledger``
asserts it when it closes.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, Rank, Suit
from ..errors import Said, RecordSyntaxError, shown
from ..ledger import check_table_stakes


class Space(enum.Enum):
    """A layout space by the id the ledger uses (5.1)."""

    AH = "AH"
    KH = "KH"
    QH = "QH"
    JH = "JH"
    TH = "TH"
    KQ = "KQ"
    SEQ = "SEQ"
    KITTY = "KITTY"
    POT = "POT"

    def __str__(self) -> str:
        return self.value


SPACES: tuple[Space, ...] = tuple(Space)
_INDEX = {space: i for i, space in enumerate(SPACES)}
PAY_SPACES: dict[Space, Rank] = {
    Space.AH: Rank.ACE, Space.KH: Rank.KING, Space.QH: Rank.QUEEN, Space.JH: Rank.JACK, Space.TH: Rank.TEN,
}
"""The one-card spaces and the rank each pays for; the suit is the paying suit (hearts unless 5.8 changes it)."""


def pay_card(space: Space, suit: Suit) -> Card:
    """The card a one-card space pays for when ``suit`` is the paying suit."""
    return Card(PAY_SPACES[space], suit)


def spaces_for(has_poker: bool) -> tuple[Space, ...]:
    """The spaces that take antes: all nine, or eight without POT in Cosmo (AMB-39j)."""
    return SPACES if has_poker else SPACES[:-1]


@dataclass(frozen=True, slots=True)
class Layout:
    """Chips on each space, in the order of ``SPACES``.

    >>> lay = Layout.empty().plus(Space.JH, 4).plus(Space.SEQ, 4)
    >>> lay[Space.JH], lay.total, lay.to_json()["SEQ"]
    (4, 8, 4)
    >>> Layout.from_json(lay.to_json()) == lay
    True
    """

    chips: tuple[int, ...] = (0,) * len(SPACES)

    @staticmethod
    def empty() -> Layout:
        return Layout()

    def __getitem__(self, space: Space) -> int:
        return self.chips[_INDEX[space]]

    def plus(self, space: Space, chips: int) -> Layout:
        """The layout with ``chips`` more (or fewer, when negative) on ``space``."""
        values = list(self.chips)
        values[_INDEX[space]] += chips
        return Layout(tuple(values))

    @property
    def total(self) -> int:
        return sum(self.chips)

    def to_json(self) -> dict[str, int]:
        """Every space with its chips, in layout order."""
        return {space.value: chips for space, chips in zip(SPACES, self.chips)}

    def describe(self) -> str:
        """'JH 4, SEQ 4' (empty spaces left out), or 'empty'."""
        shown = [f"{space} {chips}" for space, chips in zip(SPACES, self.chips) if chips]
        return ", ".join(shown) if shown else "empty"

    @staticmethod
    def from_json(value: Any, what: str = "layout") -> Layout:
        """An object of space ids and chip counts; spaces left out hold nothing.

        :raises RecordSyntaxError: not an object, an unknown space, or a count that is not a whole number from 0.
        """
        if not isinstance(value, Mapping):
            raise RecordSyntaxError(Said('%(what)s must be an object of layout spaces and chips, such as {"JH": 4}',
                                         what=what))
        chips = [0] * len(SPACES)
        for key, count in value.items():
            space = parse_space(key, what)
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise RecordSyntaxError(Said("%(what)s: %(space)s holds a whole number of chips from 0, not "
                                             "%(count)s", what=what, space=space, count=shown(count)))
            chips[_INDEX[space]] = count
        return Layout(tuple(chips))


def parse_space(key: Any, what: str) -> Space:
    """A space id (AH KH QH JH TH KQ SEQ KITTY POT), case-insensitive.

    :raises RecordSyntaxError: anything else.
    """
    try:
        return Space(key.strip().upper() if isinstance(key, str) else key)
    except ValueError:
        raise RecordSyntaxError(
            Said("%(what)s: %(key)s is not a layout space (%(value)s)", what=what, key=shown(key),
                 value=' '.join((s.value for s in SPACES)))
        ) from None


Account = int | Space
"""Who holds chips: a player by seat, or a layout space."""


@dataclass(frozen=True, slots=True)
class Transfer:
    """Chips moved from one account to another, at one step of the deal."""

    giver: Account
    taker: Account
    chips: int
    step: str  # ante, spare, bid, claim, bet, pot, kitty, cards, block, final

    def describe(self, names: Sequence[str]) -> str:
        """'Ann -> AH: 1 (ante)'."""
        def who(a: Account) -> str:
            return a.value if isinstance(a, Space) else names[a]

        return f"{who(self.giver)} -> {who(self.taker)}: {self.chips} ({self.step})"


_PAYS = {"ante": Said("his antes"), "spare": Said("the spare hand"), "bid": Said("his bid"), "bet": Said("his bet"),
         "cards": Said("his cards left"), "block": Said("his cards left into the kitty")}


class Ledger:
    """The running chip flow of one deal: payments per seat and the layout, built transfer by transfer.

    ``stacks`` (table stakes, catalogue 1.5): the chips each player has before the deal; a move that
    would take one below zero is refused, what he won earlier in the deal counting."""

    def __init__(self, n: int, layout: Layout, stacks: Sequence[int] | None = None,
                 names: Sequence[str] = ()) -> None:
        self.start = layout
        self.payments = [0] * n
        self.chips = list(layout.chips)
        self.transfers: list[Transfer] = []
        self.stacks = None if stacks is None else tuple(stacks)
        self.names = tuple(names)

    def move(self, giver: Account, taker: Account, chips: int, step: str) -> None:
        """Move ``chips`` (nothing when 0); a space may not give more than it holds.

        :raises InconsistentRecord: code ``table-stakes``, a player paying more than he has left.
        """
        if chips == 0:
            return
        if chips < 0:  # pragma: no cover - a defect, not an input error
            raise AssertionError(f"negative transfer {chips} at {step}")
        if self.stacks is not None and not isinstance(giver, Space):
            name = self.names[giver] if self.names else f"seat {giver + 1}"
            check_table_stakes(name, self.stacks[giver] + self.payments[giver], chips, _PAYS.get(step, step))
        if isinstance(giver, Space):
            if self.chips[_INDEX[giver]] < chips:  # pragma: no cover - a defect
                raise AssertionError(f"{giver} holds {self.chips[_INDEX[giver]]}, cannot give {chips}")
            self.chips[_INDEX[giver]] -= chips
        else:
            self.payments[giver] -= chips
        if isinstance(taker, Space):
            self.chips[_INDEX[taker]] += chips
        else:
            self.payments[taker] += chips
        self.transfers.append(Transfer(giver, taker, chips, step))

    def holds(self, space: Space) -> int:
        return self.chips[_INDEX[space]]

    @property
    def layout(self) -> Layout:
        return Layout(tuple(self.chips))

    def close(self) -> tuple[tuple[int, ...], Layout, tuple[Transfer, ...]]:
        """Payments, the layout after, the transfers; asserts catalogue 1.5 (players plus layout constant)."""
        after = self.layout
        if sum(self.payments) + after.total - self.start.total != 0:  # pragma: no cover - a defect
            raise AssertionError(f"chips not conserved: {self.payments}, layout {self.start.total} -> {after.total}")
        return tuple(self.payments), after, tuple(self.transfers)
