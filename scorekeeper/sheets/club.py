"""A club's printed season summary: the standings, each game's figures and the season in a chart.

Filled from the club's statistics (``engine.tally.ClubFigures``) and the tables' tallies in the
order they were played; HTML from ``templates/sheets/club.html``, PDF from WeasyPrint (``render``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from ..engine.cards import card
from ..engine.errors import ScorekeeperError
from ..engine.tally import ClubFigures
from ..engine.hearts.words import card_label
from .. import language
from ..language import gettext as _
from .charts import Chart, running_totals

MOST_LINES = 8  # the chart's players: a line each, told apart by dash and marker (charts.MARKERS)


def season_chart(tallies: Sequence[Mapping[str, Any]], players: Sequence[str]) -> Chart | None:
    """The tables each of ``players`` (the first ``MOST_LINES``) had won after each table of the season (a table
    counts once its game is over: ``engine.tally``)."""
    shown = list(players)[:MOST_LINES]
    won = dict.fromkeys(shown, 0)
    hands = []
    for tally in tallies:
        for name, row in (tally.get("players") or {}).items():
            if name in won and row.get("won"):
                won[name] += 1
        hands.append({"totals": dict(won)})
    if not hands or not shown:
        return None
    return running_totals({"hands": hands, "totals": dict(won)}, title=_("Tables won over the season"), x_label="table")


def period_words(since: date | None, until: date | None) -> str:
    """The season's period as the printed summary says it, its dates as the language spoken now writes them."""
    from babel.dates import format_date

    def day(value: date) -> str:
        return value.isoformat() if language.current() == language.DEFAULT else str(
            format_date(value, "medium", locale=language.current()))

    if since and until:
        return _("%(since)s to %(until)s", since=day(since), until=day(until))
    if since:
        return _("from %(since)s", since=day(since))
    if until:
        return _("up to %(until)s", until=day(until))
    return _("every table")


def card_words(code: str) -> str:
    """A penalty card as printed on the card (``QS`` -> ``Q♠``)."""
    try:
        return card_label(card(code))
    except ScorekeeperError:  # pragma: no cover - a tally names a card of the game
        return code


def season_html(club: str, period: str, figures: ClubFigures, tallies: Sequence[Mapping[str, Any]],
                game_names: Mapping[str, str], printed: str | None = None) -> str:
    """The HTML of a club's season summary."""
    from . import render

    standings = figures.standings()
    return render.environment().get_template("sheets/club.html").render(
        club=club, period=period, figures=figures, standings=standings, game_names=game_names,
        chart=season_chart(tallies, [p for p, _ in standings]), printed=printed or render._printed(),
        card_words=card_words,
    )


def season_pdf(club: str, period: str, figures: ClubFigures, tallies: Sequence[Mapping[str, Any]],
               game_names: Mapping[str, str], *, paper: str = "a4") -> bytes:
    from . import render

    return render.html_to_pdf(season_html(club, period, figures, tallies, game_names), paper=paper)
