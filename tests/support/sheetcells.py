"""The cells and columns of a printed sheet, read back."""

from __future__ import annotations

from scorekeeper.sheets.model import Sheet


def columns(sheet: Sheet, kind: str) -> list[str]:
    return [c.key for g in sheet.groups if g.kind == kind for c in g.columns]


def cells(sheet: Sheet, number: int) -> dict[str, str]:
    """A row's cells by column key (the player columns by ``key@player``), each with its note."""
    row = next(r for r in sheet.rows if r.number == number)
    keys = [f"{c.key}@{g.label}" if g.kind == "player" else c.key for g in sheet.groups for c in g.columns]
    return {k: (cell.text + (f" ({cell.note})" if cell.note else "")) for k, cell in zip(keys, row.cells)}
