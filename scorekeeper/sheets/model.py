"""What a printed score sheet says, computed from the engine: no HTML, no PDF here.

A sheet is a list of column groups (each with its header and how to fill its cells from one
settled hand), rows (one per hand, or empty ones to fill in at the table), a footer, the
settlement and a line for signatures. The values here are every family's; the columns are
each family's own, in the module named after it (``sheets.hearts`` for the trick-taking core,
``sheets.tripoli``, ``sheets.reversis``), which ``blank_sheet`` and ``filled_sheet`` find
through the engine's family registry: no family is named here.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from types import ModuleType
from typing import Any

from ..engine.errors import UnknownGame, UnknownOption
from ..engine.family import family_of, game_defs
from ..engine.hearts.games import GameDef
from ..engine.seating import Direction
from ..engine.hearts.words import minus
from ..language import N_

PAPERS = ("a4", "letter")
# The pass of a hand as printed, marked for the catalogues: the sheet's template says each in its language.
DIRECTION_WORDS = {Direction.LEFT: N_("left"), Direction.RIGHT: N_("right"), Direction.ACROSS: N_("across"),
                   Direction.NONE: N_("keep")}
MARK_WORDS = (N_("struck"), N_("waiting"), N_("corrected"), N_("misdeal"), N_("revoke"))  # a hand's marks, printed
BLANK_ROWS_WITHOUT_END = 20  # an evening of sweepstakes or Howell: no end condition to count towards
MIN_ROWS, MAX_ROWS = 12, 40
NARROW_COLUMNS = 22  # more columns than this across the paper: a number column is under 10 mm


# --- values ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Column:
    """One printed column: its key, its header, and how its cells look (``num``, ``name``, ``word``)."""

    key: str
    label: str
    kind: str = "num"


@dataclass(frozen=True)
class Cell:
    """One printed cell. ``span`` columns wide; ``kind`` adds a style (``total``, ``moon``, ``neg``...)."""

    text: str = ""
    kind: str = ""
    note: str = ""  # a small word under the number: "moon", "revoke"
    span: int = 1


Fill = Callable[[Any], tuple[Cell, ...]]  # from a HandView (trick-taking games) or a sheets.tripoli.DealView
BlankFill = Callable[[int], tuple[Cell, ...]]


def _no_cells(width: int) -> BlankFill:
    return lambda deal: (Cell(),) * width


@dataclass(frozen=True)
class ColumnGroup:
    """Columns printed together under one header: a player's points, the cards taken, the pool.

    ``fill`` gives the cells of a settled hand; ``blank`` those of an empty row on a blank
    sheet (its deal number in, e.g. the pass direction out); ``total`` the footer's cells.
    """

    key: str
    label: str
    kind: str  # css class of the group: hand, player, cards, pool
    columns: tuple[Column, ...]
    fill: Fill = field(compare=False, repr=False)
    blank: BlankFill | None = field(default=None, compare=False, repr=False)
    total: tuple[Cell, ...] = ()

    @property
    def width(self) -> int:
        return len(self.columns)

    def blank_cells(self, deal: int) -> tuple[Cell, ...]:
        return (self.blank or _no_cells(self.width))(deal)

    def footer(self) -> tuple[Cell, ...]:
        return self.total or (Cell(span=self.width),)


@dataclass(frozen=True)
class Row:
    """One hand on the sheet (or an empty line to fill in)."""

    number: int
    cells: tuple[Cell, ...]
    status: str = ""  # "", struck, waiting, void
    marks: tuple[str, ...] = ()  # words under the number: struck, corrected, waiting, misdeal, revoke
    notes: tuple[tuple[str, str], ...] = ()  # (player, the settlement's words for that player)
    dealer: str = ""
    direction: str = ""


@dataclass(frozen=True)
class FooterRow:
    """A row under the hands (the totals): its label spans the number and the hand's own columns."""

    label: str
    span: int
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class SettlementView:
    """The end of the sheet: totals, winners, chips, money and who pays whom."""

    finished: bool
    winners: tuple[str, ...]
    totals: tuple[tuple[str, str], ...]
    chips: tuple[tuple[str, str], ...] = ()  # chip balance per player (chip methods)
    pool: int | None = None  # chips left in the pool (pool methods)
    jack: bool = False  # the pool is a jack carried to the next hand
    closing: tuple[str, ...] = ()
    money: tuple[tuple[str, str], ...] = ()
    transfers: tuple[tuple[str, str, str], ...] = ()  # (from, to, amount)
    transfer_unit: str = ""  # "" for money, "chips" when chips change hands without a stake
    hands: int = 0
    totals_label: str = "Total"  # what the totals count: points, or lives left (Conquimbert)


@dataclass(frozen=True)
class Sheet:
    """A whole score sheet, ready for a template."""

    kind: str  # blank | filled
    title: str
    subtitle: str
    rules: tuple[tuple[str, str], ...]  # (what, in words): penalty cards, passing, moon, end, settlement
    players: tuple[str, ...]
    groups: tuple[ColumnGroup, ...]
    rows: tuple[Row, ...]
    footer: tuple[FooterRow, ...]  # the rows under the hands: totals or chips
    settlement: SettlementView | None
    signatures: tuple[str, ...]
    paper: str = "a4"
    landscape: bool = False
    session_id: str | None = None
    warning: str | None = None
    abbreviations: tuple[tuple[str, str], ...] = ()  # (short, full) for names cut short in narrow columns
    charts: tuple[Any, ...] = ()  # the session's charts (``charts.Chart``), drawn from its settle output

    @property
    def columns(self) -> tuple[Column, ...]:
        return tuple(c for g in self.groups for c in g.columns)

    @property
    def narrow(self) -> bool:
        """So many columns (eleven players of Cancellation Hearts: 26) that a three-digit total printed at the
        grid's size would run into the next column: its numbers print smaller (static/sheet.css)."""
        return len(self.columns) > NARROW_COLUMNS

    @property
    def has_notes(self) -> bool:
        return any(r.notes for r in self.rows)


# --- text -------------------------------------------------------------------------------------

def signed(value: int) -> str:
    """Chips gained or paid: +3, -2 (minus sign), 0."""
    return minus(f"{value:+d}") if value else "0"


SHORT_NAME = 7  # longer names are cut in the narrow name columns


def short_names(players: Sequence[str]) -> tuple[str, ...]:
    """Each name, or for a long one its shortest prefix (3 letters or more) no other name starts with;
    where that prefix too is long (names alike for many letters), the first letters and the seat.

    >>> short_names(["Ann", "Annabelle", "Frederick", "Freda", "Bob"])
    ('Ann', 'Anna', 'Frede', 'Freda', 'Bob')
    >>> short_names(["Marie-Christine Dupont", "Marie-Christine Durand", "Bob"])
    ('Marie1', 'Marie2', 'Bob')
    """
    out = []
    for seat, name in enumerate(players):
        others = [o for i, o in enumerate(players) if i != seat]
        short = name
        if len(name) > SHORT_NAME:
            short = next((name[:size] for size in range(3, SHORT_NAME + 1)
                          if not any(o.startswith(name[:size]) for o in others)), "")
            if not short:  # a row stays one line high, whatever the names: the sheet's size is bounded
                label = str(seat + 1)
                short = name[:SHORT_NAME - len(label) - 1].rstrip() + label
        out.append(short)
    return tuple(out)


def _amount(value: Decimal) -> str:
    return minus(format(value, "f"))


# --- the app's stored hands, and paper ---------------------------------------------------------

def paper_key(paper: str) -> str:
    """``a4`` or ``letter`` (any case). :raises UnknownOption: another paper."""
    key = (paper or "a4").strip().lower()
    if key not in PAPERS:
        raise UnknownOption(f"paper must be a4 or letter, not {paper!r}")
    return key


@dataclass(frozen=True)
class StoredHand:
    """A hand as the app keeps it: its record, and whether and how it counts.

    A plain session record has no corrections: every hand counts, as recorded.
    """

    position: int
    record: Mapping[str, Any]
    struck: bool = False
    confirmed: bool = True
    corrected: bool = False  # changed after it was first recorded (the history keeps every version)

    @property
    def counts(self) -> bool:
        return self.confirmed and not self.struck


def stored_marks(s: StoredHand) -> tuple[str, list[str]]:
    """A stored hand's status (struck, waiting or "") and its marks (that, and corrected)."""
    marks = ["struck"] if s.struck else ["waiting"] if not s.confirmed else []
    return (marks[0] if marks else ""), marks + (["corrected"] if s.corrected else [])


def unsettled_row(s: StoredHand, groups: Sequence[ColumnGroup], noun: str) -> Row:
    """The row of a stored hand that does not settle as the sheet shows it."""
    status, marks = stored_marks(s)
    width = sum(g.width for g in groups)
    return Row(s.position, (Cell(f"this {noun} does not settle here", "word", span=width),), status or "void",
               tuple(marks))




# --- every family's sheets, each laid out by its own module -------------------------------------

def layout_of(game: object) -> ModuleType:
    """The module that lays out the sheets of ``game``'s family: ``sheets.<family id>``.

    :raises UnknownGame: the family has no printed sheet yet (its games are still played and settled)."""
    family = family_of(game)
    if not has_layout(family.id):
        raise UnknownGame(f"{family.game_def(game).name} has no printed sheet yet")  # type: ignore[arg-type]
    return importlib.import_module(f"{__package__}.{family.id}")


def has_layout(family: str) -> bool:
    """Whether the family has a module here that lays out its sheets."""
    return importlib.util.find_spec(f"{__package__}.{family}") is not None


def blank_sheet(
    game: str,
    players: int | Sequence[str],
    *,
    options: Mapping[str, Any] | None = None,
    settlement: str | None = None,
    settlement_options: Mapping[str, Any] | None = None,
    paper: str = "a4",
    rows: int | None = None,
) -> Sheet:
    """An empty score sheet for ``game`` and ``players`` (a count, or the names to print).

    :raises ScorekeeperError: an unknown game, option or settlement (``unknown-*``), or a
        number of players the game does not seat (``players``).
    """
    sheet: Sheet = layout_of(game).blank_sheet(
        game, players, options=options, settlement=settlement, settlement_options=settlement_options, paper=paper,
        rows=rows)
    return sheet


def filled_sheet(record: Mapping[str, Any], *, stored: Sequence[StoredHand] | None = None, paper: str = "a4") -> Sheet:
    """The sheet of a session record: every hand, its figures and running totals, the settlement.

    ``stored`` (the web app) lists every hand kept, struck-out and unconfirmed ones included,
    which are shown but not counted; without it the record's hands are the sheet.

    :raises ScorekeeperError: the session does not settle (the engine's error, with ``hand``).
    """
    game = record.get("game") if isinstance(record, Mapping) else None
    sheet: Sheet = layout_of(game).filled_sheet(record, stored=stored, paper=paper)
    return sheet


def playable_games() -> tuple[GameDef[Any], ...]:
    """The games a sheet can be printed for, family after family (the registry's order)."""
    return tuple(g for g in game_defs() if has_layout(family_of(g.id).id))


def player_counts(game: GameDef[Any]) -> tuple[int, ...]:
    """Every number of players a session of the game starts with, over all its profiles."""
    return family_of(game.id).player_counts(game.id)
