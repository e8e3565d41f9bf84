"""What every page of a table shares: the ``pages`` blueprint, its error pages, the template filters,
the engine's sentence, and storing a hand.

The routes live by area (``tables.pages``: a table and its hands; ``tables.start``: a new table;
``play``: card by card; ``audit``: a disputed hand), all on this one blueprint, so endpoints are
``pages.*``; a route of a table reaches it through its link with ``tables.access.table_route``.
Each family's own pages (``families``) build on the helpers here, never on a route.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from flask_wtf.csrf import CSRFError

from ...engine.errors import RecordSyntaxError, Said, ScorekeeperError, UnknownGame, said_of
from ...engine.family import family_of
from ...engine.hearts.words import option_words, plain_warning
from ...engine.jsontext import decode
from ...language import N_, say, word
from .. import changes, lang, params, services
from ..http import retry_after
from ..models import Hand as HandRow
from ..models import TableSession

bp = Blueprint("pages", __name__)

POLL_SECONDS = 4

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}

RANK_LABELS = {"T": "10"}


# --- errors and headers ---------------------------------------------------------------------------

@bp.errorhandler(services.AccessDenied)
def denied_page(exc: services.AccessDenied) -> tuple[str, int]:
    return render_template("pages/error.html", title=gettext("Not allowed"), message=lang.sentence_of(exc)), 403

@bp.errorhandler(services.NotFound)
def missing_page(exc: services.NotFound) -> tuple[str, int]:
    said = said_of(exc)  # in the reader's words, where its sentence is data
    message = say(said) if isinstance(said, Said) else said
    return render_template("pages/error.html", title=gettext("Not found"), message=message), 404

@bp.errorhandler(UnknownGame)
def _no_tricks(exc: UnknownGame) -> tuple[str, int]:
    """A trick-taking page (the audit, its PDF) asked of a table whose game the trick-taking core does not
    play: stored tables always have a known game, so this is a table of a game with its own engine package."""
    message = gettext("This page is for the hands of the Hearts family: a Tripoli, Rummoli, Cosmo or Reversis table "
                      "has pages of its own.")
    return render_template("pages/error.html", title=gettext("Not found"), message=message), 404

@bp.errorhandler(CSRFError)
def csrf_page(exc: CSRFError) -> tuple[str, int]:
    message = gettext("This form has expired or was sent from elsewhere. Go back, reload the page and send it again.")
    return render_template("pages/error.html", title=gettext("Please send the form again"), message=message), 400

BUSY_ATTEMPT = "busy_attempt"  # how many times the busy page has answered this form so far

BUSY_RESENDS = 2  # the busy page sends the form again by itself this many times, then leaves it to a tap

@bp.errorhandler(services.Busy)
def busy_page(exc: services.Busy) -> tuple[str, int, dict[str, str]]:
    """Other writes kept the table busy: nothing is stored. A 409 page with the sentence and the form
    exactly as posted (CSRF token and client id included), which app.js sends again after
    ``Retry-After``, ``BUSY_RESENDS`` times at most; without JavaScript a button sends it. Sending it
    again is safe: nothing went in, and a new hand carries its client id."""
    attempt = _count(request.form.get(BUSY_ATTEMPT)) + 1
    fields = [(name, value) for name, value in request.form.items(multi=True) if name != BUSY_ATTEMPT]
    page = render_template("pages/busy.html", message=lang.refusal(exc.refusal()), fields=fields, attempt_field=BUSY_ATTEMPT,
                           attempt=attempt, resends=BUSY_RESENDS, retry_after=exc.retry_after,
                           can_resend=request.method == "POST")
    return page, 409, retry_after(exc)

def _count(text: str | None) -> int:
    """A small count sent back by a page; anything else is 0."""
    found = params.count(text)
    return found if found is not None and found < 1000 else 0


# --- template filters ------------------------------------------------------------------------------

@bp.app_template_filter("pts")
def format_points(value: Any) -> str:
    """A score as the table reads it: 16, -10, or 3+13i in Complex Hearts."""
    if isinstance(value, Mapping):
        re, im = value.get("re", 0), value.get("im", 0)
        if not im:
            return str(re)
        if not re:
            return f"{im}i"
        return f"{re}{'+' if im > 0 else '-'}{abs(im)}i"
    return "" if value is None else str(value)

@bp.app_template_filter("utc")
def utc(value: datetime | None) -> datetime | None:
    """A stored time as an aware UTC time (SQLite hands back naive ones); the page shows it local."""
    if value is None:
        return None
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)

@bp.app_template_filter("cardlabel")
def card_label(code: str) -> str:
    """``QS`` -> ``Q♠``, ``TH`` -> ``10♥``."""
    if len(code) != 2:
        return code
    return RANK_LABELS.get(code[0], code[0]) + SUIT_SYMBOLS.get(code[1], code[1])

@bp.app_template_filter("plain_warning")
def warning_words(warning: str | None) -> str | None:
    """A game's warning in a player's words (``engine.words.plain_warning``)."""
    return plain_warning(warning)

@bp.app_template_global("table_rules")
def table_rules(config: Mapping[str, Any]) -> list[str]:
    """How a stored table plays, in a player's words, for its session page: the version, the house rules
    it changed, the settlement (the ids stay in the records)."""
    game_id = config.get("game")
    family = family_of(game_id)
    try:
        game = family.game_def(game_id)  # type: ignore[arg-type]  # a stored table's game is a string
        methods = family.methods(game.id)
    except ScorekeeperError:
        return []
    said = option_words(game.options, config.get("options") or {}, word)
    settlement = config.get("settlement") or family.default_settlement(game.id, (config.get("options") or {}).get("profile"))
    method = methods.get(settlement)
    said.append(gettext("Settlement: %(settlement)s", settlement=word(getattr(method, "label", "")) or settlement))
    said += option_words({s.name: s for s in getattr(method, "option_specs", ())}, config.get("settlement_options") or {},
                         word)
    if config.get("table_stakes") is not None:
        said.append(gettext("Table stakes: %(stakes)s each, no balance below zero", stakes=config["table_stakes"]))
    return said


# --- a hand by its place (a table by its link: ``access``) --------------------------------------------------------

def stored_row(table: TableSession, position: int) -> HandRow:
    for row in table.hands:
        if row.position == position:
            return row
    raise services.NotFound(Said("no hand %(number)s in this session", number=position))

def sentence(exc: ScorekeeperError, position: int | None = None) -> str:
    """The engine's sentence; naming the hand when the refusal is about another one (unless its sentence names
    it already, as another phone's change does: ``ChangedMeanwhile``)."""
    if exc.hand is not None and exc.hand != position and not isinstance(exc, services.ChangedMeanwhile):
        return str(gettext("Hand %(number)s: %(sentence)s", number=exc.hand, sentence=lang.refusal(exc)))
    return lang.refusal(exc)


# --- storing a hand ----------------------------------------------------------------------------------

SAVED = {  # what the sheet says of a hand just sent, by what the game calls it: whole sentences, each translated
    "hand": (N_("Hand %(number)s was already saved (this form was sent before): here it is, stored once."),
             N_("Hand %(number)s saved. It counts once another phone confirms it."), N_("Hand %(number)s saved.")),
    "deal": (N_("Deal %(number)s was already saved (this form was sent before): here it is, stored once."),
             N_("Deal %(number)s saved. It counts once another phone confirms it."), N_("Deal %(number)s saved.")),
}


def _saved(row: HandRow, created: bool, noun: str) -> str:
    """What the sheet says of the hand just sent: ``noun`` is what the game calls a hand (a Tripoli deal)."""
    again, waiting, saved = SAVED.get(noun, SAVED["hand"])  # a game calls its hands a hand or a deal
    said = again if not created else waiting if not row.confirmed else saved
    return str(gettext(said, number=row.position))

FOR_HAND = "for_hand"  # the field of a new hand's form: the number of the hand it was drawn for


def _drawn_for() -> int | None:
    """The hand a new hand's form was drawn for (``FOR_HAND``); None when the form does not say."""
    return params.count(request.form.get(FOR_HAND))


def save_new_hand(table: Any, hand: dict[str, Any], sid: str, key: str, noun: str = "hand") -> Any:
    """Store a new hand (the services check it first) and go back to the sheet at that hand. A form sent
    again (Back to it and Save, its client id already stored) stores nothing and shows the stored hand; a
    form drawn for a hand another phone recorded meanwhile is refused, inside the write
    (``services.record_hand``'s ``for_hand``), with what that phone stored.

    :raises ScorekeeperError: the engine refuses the hand, or the table moved on; nothing is stored.
    """
    row, created = services.add_hand(table, hand, for_hand=_drawn_for())
    flash(_saved(row, created, noun))
    if not created:
        return redirect(url_for(".hand_edit", sid=sid, key=key, position=row.position))
    return redirect(url_for(".session_edit", sid=sid, key=key) + f"#hand-{row.position}")

DRAWN_FROM = "drawn_from"  # the field of a correction form: the tag of the record it was drawn from


@bp.app_template_filter("record_tag")
def record_tag(record: Mapping[str, Any]) -> str:
    """The tag a correction form carries of the record it shows (``services.record_tag``)."""
    return services.record_tag(record)


def save_correction(table: Any, row: Any, new: dict[str, Any], how: str, sid: str, key: str) -> Any:
    """Store a corrected hand (the services check it first) and go back to the sheet. The same correction
    sent again (a form kept on the phone and sent twice) stores nothing more; one drawn from the hand as it
    was before another phone changed it is refused inside the write (``services.edit_hand``'s
    ``drawn_from``), with what that phone changed, so its change is not lost unseen. A correction form
    always says which version it was drawn from: one that does not is refused.

    :raises ScorekeeperError: the engine refuses the corrected hand, or it changed meanwhile; nothing is stored.
    """
    drawn = request.form.get(DRAWN_FROM)
    if not drawn:
        raise RecordSyntaxError(Said("this correction does not say which version of hand %(number)s it was drawn "
                                     "from: nothing is stored. Open the hand's page again and correct it there.",
                                     number=row.position), hand=row.position)
    change = changes.describe_change(row.record, new)
    services.edit_hand(table, row.position, new, change=f"{how}: {change or 'saved unchanged'}"[:200],
                       drawn_from=drawn)
    flash(gettext("Hand %(number)s corrected; the totals are recomputed.", number=row.position) if change else
          gettext("Hand %(number)s is already so: nothing changed.", number=row.position))
    return redirect(url_for(".session_edit", sid=sid, key=key) + f"#hand-{row.position}")

def parse_json_record(text: str) -> dict[str, Any]:
    """:raises RecordSyntaxError: not JSON, or not an object."""
    value = decode(text)
    if not isinstance(value, dict):
        raise RecordSyntaxError(Said("a hand record must be a JSON object"))
    return value


# --- the sheet's figures -----------------------------------------------------------------------------

def _what_if(table: TableSession, row: HandRow) -> dict[str, Any] | None:
    """The settle output of a struck or unconfirmed hand as if it counted (for the sheet)."""
    found = services.settle_counting_json(table, row)
    if found is None:
        return None
    settled, index = found
    entry: dict[str, Any] = settled["hands"][index]
    return entry

Entry = tuple[HandRow, bool, dict[str, Any] | None]  # a stored hand, whether it counts, its settle output

def sheet_entries(table: TableSession) -> tuple[list[Entry], dict[str, Any] | None, str | None]:
    """Every stored hand in order with its settle output: the session's own for the hands that
    count, as if it counted for a struck or waiting one; and the settle output, or why not."""
    try:
        settled: dict[str, Any] | None = services.current_settlement(table)
        error = None
    except ScorekeeperError as exc:  # pragma: no cover - every write settles first
        settled, error = None, lang.refusal(exc)
    out = iter(settled["hands"] if settled else [])
    entries: list[Entry] = []
    for h in table.hands:
        counts = h.confirmed and not h.struck
        entries.append((h, counts, next(out, None) if counts else _what_if(table, h)))
    return entries, settled, error
