"""Gong Zhu's own columns on the core's sheet (catalogue 2.30): who took the pig, the sheep and the transformer,
and the cards exposed before the first lead; under the totals, the pig of the game and the partnerships' totals.
The hand's points are printed with their sign by the players' columns: Gong Zhu's scores may be positive."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.cards import card
from ..engine.settled import Settled
from ..engine.hearts.words import card_label, points_text
from ..language import N_  # the columns' words, translated where printed (templates/sheets/sheet.html)
from .model import Cell, Column, ColumnGroup

if TYPE_CHECKING:
    from .hearts import HandView, TableView

PIG, SHEEP, TRANSFORMER = card("QS"), card("JD"), card("TC")
COLUMNS = ((PIG, N_("Pig")), (SHEEP, N_("Sheep")), (TRANSFORMER, card_label(TRANSFORMER)))


def gong_zhu_group(table: TableView) -> tuple[ColumnGroup, ...]:
    """Pig, Sheep, 10♣: who took each; Exposed: the cards shown before the first lead, with who showed them."""
    if not table.shape.card_lists:
        return ()
    columns = tuple(Column(c.code, words, "name") for c, words in COLUMNS) + (Column("exposed", N_("Exposed"), "word"),)
    short = dict(zip(table.players, table.short))

    def fill(view: HandView) -> tuple[Cell, ...]:
        hauls = view.settled.hauls
        if view.void or not hauls:
            return (Cell(),) * len(columns)
        names = [short[name] for name in view.settled.players]
        cells = [Cell(", ".join(names[s] for s, haul in enumerate(hauls) if c in haul.specials), "name")
                 for c, _ in COLUMNS]
        facts = view.settled.facts
        shown = () if facts is None else facts.exposed
        cells.append(Cell(" ".join(card_label(c) for _, c in shown), "word",
                          ", ".join(f"{names[s]} {card_label(c)}" for s, c in shown)))
        return tuple(cells)

    return (ColumnGroup("gong-zhu", "Gong Zhu", "cards", columns, fill),)


def gong_zhu_lines(result: Settled) -> tuple[str, ...]:
    """The partnerships' totals and the pig of the game (the settle output's ``team_totals`` and ``losers``)."""
    lines = []
    teams = result.carried.get("team_totals")
    if teams:
        lines.append("Partnerships: " + ", ".join(f"{pair.replace('+', ' and ')} {points_text(total)}"
                                                  for pair, total in teams.items()))
    losers = result.carried.get("losers")
    if losers:
        lines.append(f"The pig: {', '.join(losers)}")
    return tuple(lines)
