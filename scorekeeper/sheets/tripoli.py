"""The score sheet of Tripoli, Rummoli and Cosmo: its own column groups, the same templates.

A Tripoli sheet has no points and no tricks: per deal, who dealt, each player's chips won
or paid and running chips, and what the deal left on each space of the layout (the pot
and the kitty among them) with the layout's total. Every number is the settle output of
``engine.tripoli`` (``own_games.settle_session_json``); these functions only lay it out as
``model``'s column groups, rows and footer, so ``templates/sheets/sheet.html`` prints it
unchanged. Blank sheets have the same columns and a row for each deal of an evening.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..engine.errors import ScorekeeperError, UnknownOption
from ..engine.games import GameDef
from ..engine.settlement.money import fewest_transfers
from ..engine.tripoli import LayoutState
from ..engine.tripoli.deal import check_players
from ..engine.tripoli.rules import TripoliRules
from . import own_games
from .model import (
    BLANK_ROWS_WITHOUT_END, Cell, Column, ColumnGroup, FooterRow, Row, SettlementView, Sheet, StoredHand, paper_key,
    short_names, signed,
)

SETTLEMENT_WORDS = {
    "tripoli-layout": "chips, deal by deal: what a deal leaves on a space stays there for the next deal",
    "tripoli-final-poker": "only final poker deals, for the chips left on the layout",
}


@dataclass(frozen=True)
class TripoliTable:
    """The table a Tripoli sheet is for: the game, its rules, the players, the settlement."""

    game: GameDef
    rules: TripoliRules
    players: tuple[str, ...]  # names; empty strings on a blank sheet
    settlement: str
    settlement_options: Mapping[str, Any]

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def short(self) -> tuple[str, ...]:
        return short_names(self.players)

    @property
    def labels(self) -> dict[str, str]:
        return own_games.space_labels(self.rules)

    @property
    def spaces(self) -> tuple[str, ...]:
        return own_games.shown_spaces(self.rules)


@dataclass(frozen=True)
class DealView:
    """One settled deal as a row knows it: its number, and its entry of the settle output."""

    number: int
    entry: Mapping[str, Any]  # payments, totals, layout, pool, dealer, notes, final
    counts: bool = True  # False: struck out or waiting for confirmation, shown but not counted


# --- column groups ---------------------------------------------------------------------------------

def deal_group(table: TripoliTable) -> tuple[ColumnGroup, ...]:
    """Who dealt (a final poker deal is marked "final" under its number)."""
    short = dict(zip(table.players, table.short))

    def fill(view: DealView) -> tuple[Cell, ...]:
        dealer = view.entry.get("dealer", "")
        return (Cell(short.get(dealer, dealer), "name"),)

    return (ColumnGroup("hand", "", "hand", (Column("dealer", "Dealer", "name"),), fill),)


def chip_groups(table: TripoliTable) -> tuple[ColumnGroup, ...]:
    """Per player: the chips the deal won (+) or cost (-), and the running chips."""
    groups = []
    for seat, name in enumerate(table.players):
        groups.append(ColumnGroup(
            f"player-{seat}", name, "player", (Column("points", "Deal"), Column("running", "Chips")),
            _chips_fill(table, seat),
        ))
    return tuple(groups)


def _chips_fill(table: TripoliTable, seat: int) -> Callable[[DealView], tuple[Cell, ...]]:
    name = table.players[seat]

    def fill(view: DealView) -> tuple[Cell, ...]:
        deal = Cell(signed(view.entry["payments"][name]), "points")
        if not view.counts:
            return deal, Cell()
        return deal, Cell(signed(view.entry["totals"][name]), "running")

    return fill


def layout_group(table: TripoliTable) -> tuple[ColumnGroup, ...]:
    """What each deal left on every space of the layout (the pot and the kitty among them), and their total."""
    spaces = table.spaces
    labels = table.labels
    columns = (*(Column(space, labels[space]) for space in spaces), Column("all", "All"))

    def fill(view: DealView) -> tuple[Cell, ...]:
        layout = view.entry.get("layout")
        if not view.counts or layout is None:
            return (Cell(),) * len(columns)
        cells = [Cell(str(layout.get(space, 0)) if layout.get(space) else "\u00b7", "pool") for space in spaces]
        return (*cells, Cell(str(view.entry.get("pool", 0)), "pool total"))

    return (ColumnGroup("layout", "On the layout after the deal", "layout", columns, fill),)


# The Tripoli sheet's columns, left to right (model.COLUMN_GROUPS is the trick-taking games').
COLUMN_GROUPS: list[Callable[[TripoliTable], tuple[ColumnGroup, ...]]] = [deal_group, chip_groups, layout_group]


def column_groups(table: TripoliTable) -> tuple[ColumnGroup, ...]:
    return tuple(g for make in COLUMN_GROUPS for g in make(table))


# --- the rules in words ------------------------------------------------------------------------------

def rules_in_words(table: TripoliTable) -> tuple[tuple[str, str], ...]:
    """What the table needs to check the sheet: the layout, the options as played, the end, the settlement."""
    labels = table.labels
    spaces = ", ".join(labels[s] for s in table.spaces)
    suit = "" if table.rules.paying_suit == "hearts" else " (card spaces: the paying suit's)"
    options = "; ".join(f"{name.replace('_', ' ')} {value}" for name, value in table.rules.options().items())
    lines = [
        ("Layout", f"{spaces}{suit}; before each deal everyone puts one chip on each space, and what a deal does "
                   "not win stays there"),
        ("Rules", options),
        ("End", "when the table stops: a final poker deal (five cards each, no antes) for every chip left on the "
                "layout; the most chips wins"),
        ("Settlement", f"{table.settlement}: {SETTLEMENT_WORDS.get(table.settlement, table.settlement)}"),
    ]
    return tuple(lines)


def _subtitle(table: TripoliTable, options: Mapping[str, Any]) -> str:
    parts = [f"{table.n} players"]
    if options:
        parts.append(", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in options.items()))
    parts.append(f"settled by {table.settlement}")
    return " \u00b7 ".join(parts)


def _table(game: str, players: Sequence[str], options: Mapping[str, Any] | None, settlement: str | None,
           settlement_options: Mapping[str, Any] | None) -> TripoliTable:
    """The table, checked by the package: players (2 to 9), options, settlement.

    :raises ScorekeeperError: ``players``, ``unknown-option``.
    """
    pkg = own_games.package(game)
    definition = own_games.game_def(game)
    rules = pkg.make_rules(definition.id, dict(options or {}))
    check_players(list(players))
    settlement_id = settlement or own_games.DEFAULT_SETTLEMENT
    if settlement_id not in own_games.methods(definition.id):
        raise UnknownOption(f"{definition.name} is settled by {', '.join(own_games.methods(definition.id))}, "
                            f"not {settlement_id!r}")
    LayoutState.start(tuple(players), settlement_options or {})  # the settlement's options, checked
    return TripoliTable(definition, rules, tuple(players), settlement_id, dict(settlement_options or {}))


def _landscape(groups: Sequence[ColumnGroup]) -> bool:
    return sum(g.width for g in groups) > 15


def _footer(table: TripoliTable, groups: Sequence[ColumnGroup], settled: Mapping[str, Any] | None) -> FooterRow:
    """The chips row: each player's chips, then what is left on every space (blank on a blank sheet)."""
    cells: list[Cell] = []
    winners = set(settled["winners"]) if settled else set()
    for g in groups:
        if g.kind == "hand":
            continue
        if g.kind == "player":
            name = table.players[int(g.key.split("-")[1])]
            text = signed(settled["balance"][name]) if settled else ""
            cells.append(Cell(text, "total win" if name in winners and settled and settled["finished"] else "total",
                              span=g.width))
        elif g.key == "layout":
            layout = settled["layout"] if settled else {}
            cells.extend(Cell(str(layout.get(space, 0)) if settled else "", "pool") for space in table.spaces)
            cells.append(Cell(str(settled["pool"]) if settled else "", "pool total"))
    span = 1 + sum(g.width for g in groups if g.kind == "hand")
    return FooterRow("Chips", span, tuple(cells))


# --- blank sheets -----------------------------------------------------------------------------------

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
    """An empty Tripoli sheet: the same columns, a row for each deal of an evening (the game ends when the table stops).

    :raises ScorekeeperError: an unknown option or settlement, or a number of players the game does not seat.
    """
    names = tuple(players) if not isinstance(players, int) else ("",) * players
    seats = tuple(name or f"Player {i + 1}" for i, name in enumerate(names))
    table = _table(game, seats, options, settlement, settlement_options)
    table = TripoliTable(table.game, table.rules, names, table.settlement, table.settlement_options)
    groups = column_groups(table)
    count = rows or BLANK_ROWS_WITHOUT_END
    empty = tuple(Row(deal, tuple(cell for g in groups for cell in g.blank_cells(deal)))
                  for deal in range(1, count + 1))
    return Sheet(
        kind="blank", title=table.game.name, subtitle=_subtitle(table, options or {}), rules=rules_in_words(table),
        players=names, groups=groups, rows=empty, footer=(_footer(table, groups, None),), settlement=None,
        signatures=names, paper=paper_key(paper), landscape=_landscape(groups),
        abbreviations=_abbreviations(table),
    )


def _abbreviations(table: TripoliTable) -> tuple[tuple[str, str], ...]:
    return tuple((short, name) for short, name in zip(table.short, table.players) if short != name)


# --- filled sheets ---------------------------------------------------------------------------------

def _session(
    config: Mapping[str, Any], stored: Sequence[StoredHand], counting: StoredHand | None = None,
) -> dict[str, Any]:
    """The session record as the app keeps it: struck deals left out, waiting ones as ``"counts": false``;
    ``counting`` is one deal to settle as if it counted."""
    hands = []
    for s in stored:
        if s is counting:
            hands.append(dict(s.record))
        elif not s.struck:
            hands.append(dict(s.record) if s.confirmed else {**s.record, "counts": False})
    return {**config, "hands": hands}


def filled_sheet(record: Mapping[str, Any], *, stored: Sequence[StoredHand] | None = None, paper: str = "a4") -> Sheet:
    """The sheet of a Tripoli session: every deal's chips and the layout it left, the chips at the end.

    ``stored`` (the web app) lists every deal kept, struck-out and waiting ones included, which are
    shown (as they would settle) but not counted; without it the record's hands are the sheet, a hand
    marked ``"counts": false`` shown as waiting.

    :raises ScorekeeperError: the session does not settle (the engine's error, with ``hand``).
    """
    paper = paper_key(paper)
    config = {k: v for k, v in record.items() if k != "hands"}
    if stored is None:
        stored = [StoredHand(i, {k: v for k, v in h.items() if k != "counts"} if isinstance(h, Mapping) else h,
                             confirmed=not (isinstance(h, Mapping) and h.get("counts") is False))
                  for i, h in enumerate(record.get("hands") or [], 1)]
    settled = own_games.settle_session_json(_session(config, stored))
    table = _table(str(record.get("game")), list(record["players"]), record.get("options"), record.get("settlement"),
                   record.get("settlement_options"))
    groups = column_groups(table)
    entries = iter(settled["hands"])
    rows = []
    for s in stored:
        if s.counts:
            view: DealView | None = DealView(s.position, next(entries))
        else:
            view = _what_if(config, stored, s)
        rows.append(_row(s, view, groups, table.players))
    return Sheet(
        kind="filled", title=table.game.name, subtitle=_subtitle(table, record.get("options") or {}),
        rules=rules_in_words(table), players=table.players, groups=groups, rows=tuple(rows),
        footer=(_footer(table, groups, settled),), settlement=settlement_view(table, settled),
        signatures=table.players, paper=paper, landscape=_landscape(groups), session_id=record.get("id"),
        abbreviations=_abbreviations(table),
    )


def _what_if(config: Mapping[str, Any], stored: Sequence[StoredHand], s: StoredHand) -> DealView | None:
    """A struck or waiting deal as it would settle where it stands (shown, not counted)."""
    index = sum(1 for other in stored[: list(stored).index(s)] if other.counts)
    try:
        settled = own_games.settle_session_json(_session(config, stored, counting=s))
    except ScorekeeperError:
        return None
    if index >= len(settled["hands"]):
        return None
    return DealView(s.position, settled["hands"][index], counts=False)


def _row(s: StoredHand, view: DealView | None, groups: Sequence[ColumnGroup], names: Sequence[str]) -> Row:
    marks: list[str] = []
    status = ""
    if s.struck:
        marks.append("struck")
        status = "struck"
    elif not s.confirmed:
        marks.append("waiting")
        status = "waiting"
    if s.corrected:
        marks.append("corrected")
    if view is None:
        width = sum(g.width for g in groups)
        return Row(s.position, (Cell("this deal does not settle here", "word", span=width),), status or "void",
                   tuple(marks))
    if view.entry.get("final"):
        marks.append("final")
    cells = tuple(cell for g in groups for cell in g.fill(view))
    notes = view.entry.get("notes") or {}
    said = tuple((name, notes[name]) for name in names if notes.get(name))
    return Row(s.position, cells, status, tuple(marks), said, view.entry.get("dealer", ""), "")


def settlement_view(table: TripoliTable, settled: Mapping[str, Any]) -> SettlementView:
    """Chips per player, the winners, what is left on the layout; who pays whom once the layout is empty."""
    names = table.players
    balance = settled["balance"]
    chips = tuple((name, signed(balance[name])) for name in names)
    closing: tuple[str, ...] = ()
    transfers: tuple[tuple[str, str, str], ...] = ()
    if settled["pool"]:
        left = ", ".join(f"{table.labels[s]} {settled['layout'][s]}" for s in table.spaces if settled["layout"].get(s))
        closing = (f"Left on the layout for the next deal or the final poker: {left} ({settled['pool']} chips).",)
    elif settled["finished"] and any(balance.values()):
        moves = fewest_transfers({name: Decimal(balance[name]) for name in names})
        transfers = tuple((a, b, str(int(x))) for a, b, x in moves)
    return SettlementView(
        finished=settled["finished"], winners=tuple(settled["winners"]), totals=chips, pool=None,
        closing=closing, transfers=transfers, transfer_unit="chips", hands=len(settled["hands"]),
    )
