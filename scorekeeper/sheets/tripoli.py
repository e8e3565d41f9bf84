"""The score sheet of Tripoli, Rummoli and Cosmo: its own column groups, the same templates.

A Tripoli sheet has no points and no tricks: per deal, who dealt, each player's chips won
or paid and running chips, and what the deal left on each space of the layout (the pot
and the kitty among them) with the layout's total. Every number is the settle output of
``engine.tripoli`` (through the family registry, ``engine.family``); these functions only lay it out as
``model``'s column groups, rows and footer (what it shares with Reversis' sheet is in
``own_sheet``), so ``templates/sheets/sheet.html`` prints it unchanged. Blank sheets have the
same columns and a row for each deal of an evening. The layout's labels are here too: the app's
Tripoli pages write them the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.hearts import words
from ..engine.errors import UnknownOption
from ..engine.family import family_of, game_def
from ..engine.hearts.games import GameDef
from ..engine.tripoli import LayoutState, make_rules
from ..engine.tripoli.deal import check_players
from ..engine.tripoli.layout import PAY_SPACES, SPACES, Space
from ..engine.tripoli.rules import TripoliRules
from . import own_sheet
from .. import language
from ..language import N_  # the columns' words, translated where printed (templates/sheets/sheet.html)
from .model import (
    BLANK_ROWS_WITHOUT_END, Cell, Column, ColumnGroup, FooterRow, Row, SettlementView, Sheet, StoredHand, short_names,
    signed,
)
from .own_sheet import DealView

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


# --- the layout as a table writes it (the app's pages use these too) ---------------------------------

def rules_of(config: Mapping[str, Any]) -> TripoliRules:
    """A table's rules (game and options of a session record): the package's value, presets applied."""
    game = config.get("game")
    rules: TripoliRules = make_rules(game_def(game).id, config.get("options") or {})
    return rules


def space_labels(rules: TripoliRules) -> dict[str, str]:
    """How the layout's spaces are written for this table: ``A\u2665`` ... ``8-9-10``, ``Kitty``, ``Pot``.

    Under another paying suit (a bid, Cosmo's board) the card spaces are that suit's, so they
    are written without a suit: ``A``, ``K``, ``K+Q``.
    """
    hearts = rules.paying_suit == "hearts"
    heart = SUIT_SYMBOLS["H"] if hearts else ""
    labels = {space.value: ("10" if str(rank) == "T" else str(rank)) + heart for space, rank in PAY_SPACES.items()}
    labels["KQ"] = f"K{heart}Q{heart}" if hearts else "K+Q"
    labels["SEQ"] = "Sequence" if rules.paying_suit == "board" else rules.sequence
    labels["KITTY"] = "Kitty"
    labels["POT"] = "Pot"
    return labels


def shown_spaces(rules: TripoliRules) -> tuple[str, ...]:
    """The spaces of this table's layout, in order: all nine, or eight without POT in Cosmo (AMB-39j)."""
    return tuple(s.value for s in SPACES if rules.has_poker or s is not Space.POT)


@dataclass(frozen=True)
class TripoliTable:
    """The table a Tripoli sheet is for: the game, its rules, the players, the settlement."""

    game: GameDef[Any]
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
        return space_labels(self.rules)

    @property
    def spaces(self) -> tuple[str, ...]:
        return shown_spaces(self.rules)


# --- column groups ---------------------------------------------------------------------------------

def deal_group(table: TripoliTable) -> tuple[ColumnGroup, ...]:
    """Who dealt (a final poker deal is marked "final" under its number)."""
    return own_sheet.dealer_group(table.players, table.short)


def chip_groups(table: TripoliTable) -> tuple[ColumnGroup, ...]:
    """Per player: the chips the deal won (+) or cost (-), and the running chips."""
    return own_sheet.chip_groups(table.players, N_("Deal"), N_("Chips"))


def layout_group(table: TripoliTable) -> tuple[ColumnGroup, ...]:
    """What each deal left on every space of the layout (the pot and the kitty among them), and their total."""
    spaces = table.spaces
    labels = table.labels
    columns = (*(Column(space, labels[space]) for space in spaces), Column("all", N_("All")))

    def fill(view: DealView) -> tuple[Cell, ...]:
        layout = view.entry.get("layout")
        if not view.counts or layout is None:
            return (Cell(),) * len(columns)
        cells = [Cell(str(layout.get(space, 0)) if layout.get(space) else "\u00b7", "pool") for space in spaces]
        return (*cells, Cell(str(view.entry.get("pool", 0)), "pool total"))

    return (ColumnGroup("layout", N_("On the layout after the deal"), "layout", columns, fill),)


# The Tripoli sheet's columns, left to right (model.COLUMN_GROUPS is the trick-taking games').
COLUMN_GROUPS: list[Callable[[TripoliTable], tuple[ColumnGroup, ...]]] = [deal_group, chip_groups, layout_group]


def column_groups(table: TripoliTable) -> tuple[ColumnGroup, ...]:
    return tuple(g for make in COLUMN_GROUPS for g in make(table))


# --- the rules in words ------------------------------------------------------------------------------

def rules_in_words(table: TripoliTable) -> tuple[tuple[str, str], ...]:
    """What the table needs to check the sheet: the layout, the options as played, the end, the settlement; in the
    language spoken now (the table's: ``web/printed``), the same lines to the byte in English."""
    labels = table.labels
    spaces = ", ".join(language.word(labels[s]) for s in table.spaces)
    suit = "" if table.rules.paying_suit == "hearts" else language.gettext(" (card spaces: the paying suit's)")
    options = "; ".join(words.option_words(table.game.options, table.rules.options(), language.word))
    lines = [
        (language.gettext("Layout"), language.gettext(
            "%(spaces)s%(suit)s; before each deal everyone puts one chip on each space, and what a deal does not win "
            "stays there", spaces=spaces, suit=suit)),
        (language.gettext("Rules"), options),
        (language.gettext("End"), language.gettext(
            "when the table stops: a final poker deal (five cards each, no antes) for every chip left on the layout; "
            "the most chips wins")),
        (language.gettext("Settlement"), own_sheet.settlement_line(family_of(table.game.id).methods(table.game.id)[table.settlement])),
    ]
    return tuple(lines)


def _subtitle(table: TripoliTable, options: Mapping[str, Any]) -> str:
    parts = [language.ngettext("%(num)d player", "%(num)d players", table.n)]
    if options:
        parts.append(", ".join(words.option_words(table.game.options, options, language.word)))
    method = family_of(table.game.id).methods(table.game.id)[table.settlement]
    parts.append(language.gettext("settled by %(settlement)s",
                                  settlement=language.word(method.label) or table.settlement))
    return " \u00b7 ".join(parts)


def _table(game: str, players: Sequence[str], options: Mapping[str, Any] | None, settlement: str | None,
           settlement_options: Mapping[str, Any] | None) -> TripoliTable:
    """The table, checked by the package: players (2 to 9), options, settlement.

    :raises ScorekeeperError: ``players``, ``unknown-option``.
    """
    family = family_of(game)
    definition = family.game_def(game)
    rules = make_rules(definition.id, dict(options or {}))
    check_players(list(players))
    settlement_id = settlement or family.default_settlement(definition.id)
    methods = family.methods(definition.id)
    if settlement_id not in methods:
        raise UnknownOption(f"{definition.name} is settled by {', '.join(methods)}, not {settlement_id!r}")
    LayoutState.start(tuple(players), settlement_options or {})  # the settlement's options, checked
    return TripoliTable(definition, rules, tuple(players), settlement_id, dict(settlement_options or {}))


def _footer(table: TripoliTable, groups: Sequence[ColumnGroup], settled: Mapping[str, Any] | None) -> FooterRow:
    """The chips row: each player's chips, then what is left on every space (blank on a blank sheet)."""
    def layout(g: ColumnGroup) -> list[Cell]:
        left = settled["layout"] if settled else {}
        cells = [Cell(str(left.get(space, 0)) if settled else "", "pool") for space in table.spaces]
        return [*cells, Cell(str(settled["pool"]) if settled else "", "pool total")]

    return own_sheet.footer(N_("Chips"), groups, table.players, settled, layout)


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
    empty = [Row(deal, tuple(cell for g in groups for cell in g.blank_cells(deal))) for deal in range(1, count + 1)]
    return own_sheet.sheet("blank", language.word(table.game.name), _subtitle(table, options or {}), rules_in_words(table), names,
                           groups, empty, (_footer(table, groups, None),), None, paper, table.short)


# --- filled sheets ---------------------------------------------------------------------------------

def _settle(record: Mapping[str, Any]) -> tuple[dict[str, Any], Sequence[Mapping[str, Any]]]:
    return family_of(record.get("game")).settle_json(record), ()


def filled_sheet(record: Mapping[str, Any], *, stored: Sequence[StoredHand] | None = None, paper: str = "a4") -> Sheet:
    """The sheet of a Tripoli session: every deal's chips and the layout it left, the chips at the end.

    ``stored`` (the web app) lists every deal kept, struck-out and waiting ones included, which are
    shown (as they would settle) but not counted; without it the record's hands are the sheet, a hand
    marked ``"counts": false`` shown as waiting.

    :raises ScorekeeperError: the session does not settle (the engine's error, with ``hand``).
    """
    table = _table(str(record.get("game")), list(record["players"]), record.get("options"), record.get("settlement"),
                   record.get("settlement_options"))
    groups = column_groups(table)
    settled, rows = own_sheet.filled(record, stored, _settle, groups, table.players, "deal", _marks)
    return own_sheet.sheet("filled", language.word(table.game.name), _subtitle(table, record.get("options") or {}),
                           rules_in_words(table), table.players, groups, rows, (_footer(table, groups, settled),),
                           settlement_view(table, settled), paper, table.short, record.get("id"),
                           settled=settled, spaces={space: table.labels[space] for space in table.spaces})


def _marks(view: DealView) -> tuple[str, ...]:
    """A final poker deal, or a misdeal (void: its antes stay on the layout, the same dealer deals again)."""
    return ("final",) if view.entry.get("final") else ("misdeal",) if view.entry.get("void") else ()


def settlement_view(table: TripoliTable, settled: Mapping[str, Any]) -> SettlementView:
    """Chips per player, the winners, what is left on the layout; who pays whom once the layout is empty."""
    names = table.players
    balance = settled["balance"]
    chips = tuple((name, signed(balance[name])) for name in names)
    closing: tuple[str, ...] = ()
    transfers: tuple[tuple[str, str, str], ...] = ()
    if settled["pool"]:
        left = ", ".join(f"{language.word(table.labels[s])} {settled['layout'][s]}"
                         for s in table.spaces if settled["layout"].get(s))
        closing = (language.ngettext("Left on the layout for the next deal or the final poker: %(left)s (%(num)s chip).",
                                     "Left on the layout for the next deal or the final poker: %(left)s (%(num)s chips).",
                                     settled["pool"], left=left, num=settled["pool"]),)
    elif settled["finished"] and any(balance.values()):
        transfers = own_sheet.chip_transfers(names, balance)
    return SettlementView(
        finished=settled["finished"], winners=tuple(settled["winners"]), totals=chips, pool=None,
        closing=closing, transfers=transfers, transfer_unit="chips", hands=len(settled["hands"]),
    )
