"""What the printed sheets of Tripoli and Reversis share: the chips of each player, the stored
hands as the app keeps them, one row per hand, the footer of chips.

Both games are settled by their own engine package, hand by hand, with chips (Tripoli's) or
fish (Reversis') moving between the players and something on the table (the layout, the
pools). Their sheets differ only in that something: ``sheets.tripoli`` and ``sheets.reversis``
add its columns, footer cells and closing words; the rest is here, so both print alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .. import language
from ..engine.errors import ScorekeeperError
from ..engine.hearts.words import method_words
from ..engine.money import fewest_transfers
from .charts import session_charts
from ..language import N_  # the columns' words, translated where printed (templates/sheets/sheet.html)
from ..notes_words import note as said_note
from ..rules_words import settlement_said
from .model import (
    Cell, Column, ColumnGroup, FooterRow, Row, SettlementView, Sheet, StoredHand, paper_key, signed, stored_marks,
    unsettled_row,
)


@dataclass(frozen=True)
class DealView:
    """One settled hand as a row knows it: its number, its entry of the settle output, and what else
    the game's own columns read (Reversis: the hand's replay output)."""

    number: int
    entry: Mapping[str, Any]  # payments, totals, dealer, notes, pool, and the game's own (layout, pools, final, void)
    counts: bool = True  # False: struck out or waiting for confirmation, shown but not counted
    extra: Mapping[str, Any] | None = None


# The game's settlement of a session record: its settle output, and per settled hand what its
# own columns need besides (an empty sequence when the settle output says it all).
Settle = Callable[[Mapping[str, Any]], tuple[dict[str, Any], Sequence[Mapping[str, Any]]]]


def stored_of(record: Mapping[str, Any]) -> list[StoredHand]:
    """A plain session record's hands as the sheet shows them: a hand marked ``"counts": false`` waits."""
    return [StoredHand(i, {k: v for k, v in h.items() if k != "counts"} if isinstance(h, Mapping) else h,
                       confirmed=not (isinstance(h, Mapping) and h.get("counts") is False))
            for i, h in enumerate(record.get("hands") or [], 1)]


def app_session(config: Mapping[str, Any], stored: Sequence[StoredHand], counting: StoredHand | None = None,
                ) -> dict[str, Any]:
    """The session record as the app keeps it: struck hands left out, waiting ones as ``"counts": false``;
    ``counting`` is one hand to settle as if it counted."""
    hands = []
    for s in stored:
        if s is counting:
            hands.append(dict(s.record))
        elif not s.struck:
            hands.append(dict(s.record) if s.confirmed else {**s.record, "counts": False})
    return {**config, "hands": hands}


def views(config: Mapping[str, Any], stored: Sequence[StoredHand], settle: Settle,
          ) -> tuple[dict[str, Any], list[DealView | None]]:
    """The settle output of the hands that count, and a view of every stored hand: a struck or waiting
    one as it would settle where it stands (None when it would not).

    :raises ScorekeeperError: the session does not settle (the engine's error, with ``hand``).
    """
    settled, extras = settle(app_session(config, stored))
    counted = iter(zip(settled["hands"], _padded(extras, len(settled["hands"]))))
    out: list[DealView | None] = []
    for s in stored:
        if s.counts:
            entry, extra = next(counted)
            out.append(DealView(s.position, entry, True, extra))
        else:
            out.append(_what_if(config, stored, s, settle))
    return settled, out


def filled(record: Mapping[str, Any], stored: Sequence[StoredHand] | None, settle: Settle,
           groups: Sequence[ColumnGroup], players: Sequence[str], noun: str,
           marks: Callable[[DealView], Iterable[str]]) -> tuple[dict[str, Any], list[Row]]:
    """The settle output of a session and a row for each stored hand (``stored``: the app's; else the record's
    hands), marked with the game's own words (``marks``: "final", "misdeal").

    :raises ScorekeeperError: the session does not settle (the engine's error, with ``hand``).
    """
    stored = stored_of(record) if stored is None else stored
    settled, found = views({k: v for k, v in record.items() if k != "hands"}, stored, settle)
    return settled, [row(s, view, groups, players, noun, marks(view) if view else ()) for s, view in zip(stored, found)]


def sheet(kind: str, title: str, subtitle: str, rules: tuple[tuple[str, str], ...], players: tuple[str, ...],
          groups: tuple[ColumnGroup, ...], rows: Sequence[Row], footer: tuple[FooterRow, ...],
          settlement: SettlementView | None, paper: str, short: Sequence[str], session_id: str | None = None,
          settled: Mapping[str, Any] | None = None, spaces: Mapping[str, str] | None = None) -> Sheet:
    """The sheet, printed across the page when it is wide, with the names cut short in narrow columns explained,
    and (``settled``: the settle output of a filled sheet) the chips hand by hand and on the table in pictures
    (``spaces``: the layout's spaces and their labels, where the game has one)."""
    return Sheet(kind=kind, title=title, subtitle=subtitle, rules=rules, players=players, groups=groups,
                 rows=tuple(rows), footer=footer, settlement=settlement, signatures=players, paper=paper_key(paper),
                 landscape=sum(g.width for g in groups) > 15, session_id=session_id,
                 abbreviations=tuple((s, name) for s, name in zip(short, players) if s != name),
                 charts=session_charts(settled, chips=True, spaces=spaces))


def _padded(extras: Sequence[Mapping[str, Any]], size: int) -> list[Mapping[str, Any] | None]:
    return [*extras, *[None] * (size - len(extras))]


def _what_if(config: Mapping[str, Any], stored: Sequence[StoredHand], s: StoredHand, settle: Settle) -> DealView | None:
    index = sum(1 for other in stored[: list(stored).index(s)] if other.counts)
    try:
        settled, extras = settle(app_session(config, stored, counting=s))
    except ScorekeeperError:
        return None
    if index >= len(settled["hands"]):
        return None
    return DealView(s.position, settled["hands"][index], False, _padded(extras, len(settled["hands"]))[index])


def dealer_group(players: Sequence[str], short: Sequence[str]) -> tuple[ColumnGroup, ...]:
    """Who dealt (his name cut short in the narrow column)."""
    shown = dict(zip(players, short))

    def fill(view: DealView) -> tuple[Cell, ...]:
        dealer = view.entry.get("dealer", "")
        return (Cell(shown.get(dealer, dealer), "name"),)

    return (ColumnGroup("hand", "", "hand", (Column("dealer", N_("Dealer"), "name"),), fill),)


def chip_groups(players: Sequence[str], hand: str, running: str) -> tuple[ColumnGroup, ...]:
    """Per player: what the hand won (+) or cost (-), and the running chips (shown, not counted: blank)."""
    def fill_for(name: str) -> Callable[[DealView], tuple[Cell, ...]]:
        def fill(view: DealView) -> tuple[Cell, ...]:
            won = Cell(signed(view.entry["payments"][name]), "points")
            return (won, Cell()) if not view.counts else (won, Cell(signed(view.entry["totals"][name]), "running"))

        return fill

    return tuple(ColumnGroup(f"player-{seat}", name, "player", (Column("points", hand), Column("running", running)),
                             fill_for(name)) for seat, name in enumerate(players))


def row(s: StoredHand, view: DealView | None, groups: Sequence[ColumnGroup], names: Sequence[str], noun: str,
        marks: Iterable[str] = ()) -> Row:
    """One stored hand's row: its cells, its marks (struck, waiting, corrected, and the game's own), its notes."""
    if view is None:
        return unsettled_row(s, groups, noun)
    status, found = stored_marks(s)
    cells = tuple(cell for g in groups for cell in g.fill(view))
    notes = view.entry.get("notes") or {}
    said = tuple((name, said_note(notes[name])) for name in names if notes.get(name))  # in the sheet's language
    return Row(s.position, cells, status, (*found, *marks), said, view.entry.get("dealer", ""), "")


def footer(label: str, groups: Sequence[ColumnGroup], players: Sequence[str], settled: Mapping[str, Any] | None,
           own: Callable[[ColumnGroup], Sequence[Cell]]) -> FooterRow:
    """The chips row: each player's balance (the winners marked once the game is over), then the game's
    own cells (``own``: what is left on the layout, in the pools); blank on a blank sheet."""
    cells: list[Cell] = []
    winners = set(settled["winners"]) if settled and settled["finished"] else set()
    for g in groups:
        if g.kind == "hand":
            continue
        if g.kind == "player":
            name = players[int(g.key.split("-")[1])]
            text = signed(settled["balance"][name]) if settled else ""
            cells.append(Cell(text, "total win" if name in winners else "total", span=g.width))
        else:
            cells.extend(own(g))
    span = 1 + sum(g.width for g in groups if g.kind == "hand")
    return FooterRow(label, span, tuple(cells))


def chip_transfers(players: Sequence[str], balance: Mapping[str, int]) -> tuple[tuple[str, str, str], ...]:
    """Who pays whom in chips (no stake), in the fewest transfers (``settlement.money``)."""
    moves = fewest_transfers({name: Decimal(balance[name]) for name in players})
    return tuple((a, b, str(int(x))) for a, b, x in moves)


def settlement_line(method: object) -> str:
    """A settlement as the rules of a sheet say it (``method_words``: its name and what it does), in the language
    spoken now (the same line to the byte in English)."""
    label, summary = getattr(method, "label", ""), getattr(method, "summary", "")
    if language.current() == language.DEFAULT or not (label and summary):
        return method_words(method)
    return settlement_said(label, summary)
