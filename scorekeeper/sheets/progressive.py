"""The printed tally of a Progressive Hearts evening, and a blank one for pen and paper.

Every number and word comes from the engine (``engine.progressive``: the rounds played, their
notes, the stars, the prizes); these functions only lay them out, and the phone pages show the
same lines. HTML from ``templates/sheets/progressive.html``, PDF from WeasyPrint (``render``,
imported with the first PDF, never by the app at start).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.hearts.progressive import PlayedRound, PrizeTie, seating_plan
from ..notes_words import note, said
from ..engine.hearts.settlement.family import Prize, ProgressiveState
from ..language import N_, gettext as _

STARS = ("gold", "red", "green")
STAR_WORDS = {"gold": N_("gold"), "red": N_("red"), "green": N_("green")}  # a star as the printed tally says it


@dataclass(frozen=True)
class Seat:
    """A player at a table in a round: hearts, the star won, where he goes next."""

    name: str
    lady: bool
    hearts: int
    star: str  # "gold", "red", "green" or ""
    move: str  # "stays", "up to table 1 (head)", "to table 3 (booby)"


@dataclass(frozen=True)
class TableLine:
    """One table in one round: its players (ladies, then gentlemen) and the engine's notes."""

    number: int
    label: str
    seats: tuple[Seat, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True)
class Standing:
    name: str
    lady: bool
    gold: int
    red: int
    green: int


@dataclass(frozen=True)
class Tally:
    """What the printed tally shows: the rounds played and, at the end, the prizes or the tie to cut."""

    played: tuple[PlayedRound, ...]
    state: ProgressiveState  # the stars after the rounds played
    planned: int | None  # rounds planned; None: the host ends the evening
    finished: bool
    prizes: tuple[Prize, ...] = ()
    tie: PrizeTie | None = None


def standings(state: ProgressiveState) -> tuple[Standing, ...]:
    """Every player's stars, the ladies first, each kind in the order of the first seating."""
    ladies = set(state.ladies())
    order = (*state.ladies(), *state.gentlemen())
    return tuple(Standing(state.players[p], p in ladies, state.gold[p], state.red[p], state.green[p]) for p in order)


def round_lines(played: PlayedRound) -> tuple[TableLine, ...]:
    """A round's tables as the engine settled them: hearts as scored, the star won, the move."""
    before, after = played.before, played.after
    m = len(before.tables)
    where = {p: t for t, table in enumerate(after.tables) for p in (*table.ladies, *table.gentlemen)}
    ladies = set(before.ladies())
    lines = []
    for t, plan in enumerate(seating_plan(before)):
        seats = []
        for p in plan.order:
            star = next((c for c in STARS if before.stars(c)[p] != after.stars(c)[p]), "")
            seats.append(Seat(before.players[p], p in ladies, played.outcome.points[p], _(STAR_WORDS[star]) if star else "",
                              _move(where[p], t, m)))
        lines.append(TableLine(plan.number, said(plan.label), tuple(seats),
                               tuple(note(played.outcome.notes[p]) for p in plan.order)))
    return tuple(lines)


def _move(to: int, at: int, tables: int) -> str:
    """Where a player goes after a round, as the printed tally says it: stays, up to table 1 (head)..."""
    if to == at:
        return _("stays")
    if to == 0:
        return _("up to table %(number)s (head)", number=1)
    if to == tables - 1:
        return _("up to table %(number)s (booby)", number=to + 1) if to < at else _("to table %(number)s (booby)",
                                                                                  number=to + 1)
    return _("up to table %(number)s", number=to + 1) if to < at else _("to table %(number)s", number=to + 1)


def evening_html(tally: Tally) -> str:
    """The HTML of an evening's tally."""
    from . import render

    return render.environment().get_template("sheets/progressive.html").render(
        blank=False, tally=tally, rounds=[(r.number, round_lines(r)) for r in tally.played],
        standings=standings(tally.state), tables=len(tally.state.tables), printed=render._printed(),
    )


def blank_html(tables: int, rounds: int) -> str:
    """The HTML of a blank tally: every round's tables and a card of stars for each player."""
    from . import render

    return render.environment().get_template("sheets/progressive.html").render(
        blank=True, tally=None, rounds=[(r, ()) for r in range(1, rounds + 1)], standings=(), tables=tables,
        printed=render._printed(),
    )


def evening_pdf(tally: Tally, *, paper: str = "a4") -> bytes:
    from . import render

    return render.html_to_pdf(evening_html(tally), paper=paper)


def blank_pdf(tables: int, rounds: int, *, paper: str = "a4") -> bytes:
    from . import render

    return render.html_to_pdf(blank_html(tables, rounds), paper=paper)
