"""The phone pages: start a table, the session sheet, record a hand (by result or card by card),
corrections and confirmations.

Views stay thin: they parse a form, call ``services`` (which settle with the engine and
commit), turn a ``ScorekeeperError`` into a form error showing the engine's sentence, and
redirect. Forms are built from the engine's definitions (``forms``). The edit link carries
the session's token in its path (``/s/<id>/<token>``); the read-only link carries the read
key (``/v/<id>/<key>``) and has no write route at all.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from flask import (
    Blueprint,
    Response,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_wtf.csrf import CSRFError
from sqlalchemy import select
from werkzeug.datastructures import MultiDict

from ..engine.cards import Suit, card
from ..engine.errors import RecordSyntaxError, ScorekeeperError, UnknownGame
from ..engine.games import make_ruleset
from ..engine.hand import Hand
from ..engine.jsontext import decode
from ..engine.output import points_json
from ..engine.records import from_json
from ..engine.replay import REVOKE_CODES, replay
from ..engine.ruleset import DealLayout, Ruleset
from ..engine.seating import Direction, Seating
from ..engine.settlement import METHODS, session_from_json, settle
from ..engine.settlement.session import session_hands
from ..sheets import own_games
from . import forms, recent, services
from .extensions import db
from .http import retry_after
from .models import Hand as HandRow
from .models import TableSession

bp = Blueprint("pages", __name__)

DEFAULT_GAME = "hearts"
POLL_SECONDS = 4
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANK_LABELS = {"T": "10"}


# --- errors and headers ---------------------------------------------------------------------------

@bp.errorhandler(services.AccessDenied)
def _denied(exc: services.AccessDenied) -> tuple[str, int]:
    return render_template("pages/error.html", title="Not allowed", message=str(exc)), 403


@bp.errorhandler(services.NotFound)
def _missing(exc: services.NotFound) -> tuple[str, int]:
    return render_template("pages/error.html", title="Not found", message=str(exc)), 404


@bp.errorhandler(UnknownGame)
def _no_tricks(exc: UnknownGame) -> tuple[str, int]:
    """A trick-taking page (the audit, its PDF) asked of a table whose game the trick-taking core does not
    play: stored tables always have a known game, so this is a table of a game with its own engine package."""
    message = ("This page is for the hands of the Hearts family: a Tripoli, Rummoli, Cosmo or Reversis table has "
               "pages of its own.")
    return render_template("pages/error.html", title="Not found", message=message), 404


@bp.errorhandler(CSRFError)
def _csrf(exc: CSRFError) -> tuple[str, int]:
    message = "This form has expired or was sent from elsewhere. Go back, reload the page and send it again."
    return render_template("pages/error.html", title="Please send the form again", message=message), 400


BUSY_ATTEMPT = "busy_attempt"  # how many times the busy page has answered this form so far
BUSY_RESENDS = 2  # the busy page sends the form again by itself this many times, then leaves it to a tap


@bp.errorhandler(services.Busy)
def _busy(exc: services.Busy) -> tuple[str, int, dict[str, str]]:
    """Other writes kept the table busy: nothing is stored. A 409 page with the sentence and the form
    exactly as posted (CSRF token and client id included), which app.js sends again after
    ``Retry-After``, ``BUSY_RESENDS`` times at most; without JavaScript a button sends it. Sending it
    again is safe: nothing went in, and a new hand carries its client id."""
    attempt = _count(request.form.get(BUSY_ATTEMPT)) + 1
    fields = [(name, value) for name, value in request.form.items(multi=True) if name != BUSY_ATTEMPT]
    page = render_template("pages/busy.html", message=exc.message, fields=fields, attempt_field=BUSY_ATTEMPT,
                           attempt=attempt, resends=BUSY_RESENDS, retry_after=exc.retry_after,
                           can_resend=request.method == "POST")
    return page, 409, retry_after(exc)


def _count(text: str | None) -> int:
    """A small count sent back by a page; anything else is 0."""
    return int(text) if text and text.isdigit() and len(text) < 4 else 0


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


# --- the session's game as configured ----------------------------------------------------------------

@dataclass(frozen=True)
class Game:
    """What the pages need to know about a stored session's game."""

    ruleset: Ruleset
    layout: DealLayout
    players: tuple[str, ...]
    seating: Seating
    settlement: str
    chips: bool


def _game(table: TableSession) -> Game:
    """The trick-taking game of a table. :raises services.NotFound: a Tripoli or Reversis table (its pages are
    ``tripoli_pages``, ``reversis_pages``: there is no card-by-card page or trick audit for it)."""
    config = table.config
    if own_games.is_own(config.get("game")):
        raise services.NotFound(f"{own_games.game_def(config['game']).name} has no card-by-card page here: record "
                                "each hand by its quick result, or correct it with its whole record (JSON) on its page")
    ruleset = make_ruleset(config["game"], config.get("options") or {})
    players = tuple(config["players"])
    settlement = config.get("settlement") or ruleset.settlement
    method = METHODS.get(settlement)
    return Game(ruleset, ruleset.layout(len(players)), players, Seating(players, ruleset.clockwise), settlement,
                bool(method and method.chips))


@dataclass(frozen=True)
class NextDeal:
    """The hand about to be played: its deal number, dealer, passing and first lead, in words."""

    position: int
    number: int
    dealer: str
    dealer_seat: int
    direction: str
    pass_count: int
    lead: str
    players: tuple[str, ...]  # who it is dealt to: the session's players, or those still in (Conquimbert)


def _next_deal(table: TableSession, game: Game) -> NextDeal:
    """The next deal by the engine's own rotation (a misdeal is redealt by the same dealer).

    Hands waiting for confirmation were dealt at the table, so they count for who deals now
    (the session record gives them to the engine as ``"counts": false``). Where players drop
    out of the session (Conquimbert, 3.17), who is still in and who deals are the settlement's.
    """
    record = services.session_record(table)
    dropped = _dropped_out_deal(record) if game.ruleset.lives else None
    if dropped is None:
        record["hands"].append({"taken": {}})  # a placeholder: only its place in the rotation is read
        *_, last = session_hands(session_from_json(record))
        dropped = game.players, last.dealer, last.deal
    players, dealer_seat, number = dropped
    dealer = game.players[dealer_seat]
    hand_game = _dealt_to(game, players)
    ruleset, n = game.ruleset, len(players)
    direction = ruleset.pass_direction(number, n)
    return NextDeal(
        position=len(table.hands) + 1, number=number, dealer=dealer, dealer_seat=dealer_seat,
        direction=direction.value, pass_count=ruleset.pass_count(n) if direction is not Direction.NONE else 0,
        lead=_lead_words(hand_game, players.index(dealer)), players=players,
    )


def _dropped_out_deal(record: dict[str, Any]) -> tuple[tuple[str, ...], int, int] | None:
    """Who the next hand is dealt to, its dealer (a seat of the session) and its deal number, where
    players drop out of the session: the engine settles the session with a void hand appended (only
    its table is read). None when it does not settle so: the game is over (or a stored hand is refused)."""
    placeholder = {"events": [{"type": "misdeal", "reason": "wrong-count"}]}
    try:
        result = settle(session_from_json({**record, "hands": [*record["hands"], placeholder]}))
    except ScorekeeperError:
        return None
    outcome = result.outcomes[-1]
    return outcome.players, result.dealers[-1], outcome.record.number


def _dealt_to(game: Game, players: Sequence[str]) -> Game:
    """The game as dealt to ``players``: the session's table, or the players still in (Conquimbert, 3.17)."""
    seated = tuple(players)
    if seated == game.players:
        return game
    ruleset = game.ruleset
    return replace(game, players=seated, layout=ruleset.layout(len(seated)), seating=Seating(seated, ruleset.clockwise))


def _lead_words(game: Game, dealer: int) -> str:
    """Who leads the first trick, in words (catalogue 2.2.3)."""
    ruleset = game.ruleset
    eldest = game.players[game.seating.eldest(dealer)]
    side = "left" if ruleset.clockwise else "right"
    rule = ruleset.first_lead
    has_2c = card("2C") in game.layout.copies
    if ruleset.auction:  # 2.19: whoever buys (or keeps) the choice leads, whatever his seat
        return "Whoever buys the choice (or keeps it) names the penalty suit and leads any card."
    if rule == "two-of-clubs" and has_2c:
        words = "Whoever holds 2C leads it."
    elif rule == "any-club" and has_2c:
        words = "Whoever holds 2C leads, and must lead a club."
    else:
        if rule in ("two-of-clubs", "any-club"):
            rule = ruleset.fallback_lead
        who = f"{eldest} ({side} of the dealer) leads"
        words = {
            "eldest-no-heart": f"{who}; not a heart while holding another suit.",
            "eldest-no-spade-heart": f"{who}; not a spade or heart while holding a club or diamond.",
        }.get(rule, f"{who} any card.")
    if ruleset.break_rule == "lead-restricted":
        words += " Hearts may not be led until broken."
    return words


# --- the sheet ---------------------------------------------------------------------------------

@dataclass
class SheetRow:
    """One stored hand as the sheet shows it."""

    position: int
    struck: bool
    confirmed: bool
    counts: bool
    versions: int
    kind: str  # "result", "cards" or "misdeal"
    dealer: str | None = None
    points: Mapping[str, Any] | None = None
    totals: Mapping[str, Any] | None = None
    payments: Mapping[str, int] | None = None
    notes: Mapping[str, str] = field(default_factory=dict)
    moon: str | None = None
    void: str | None = None
    revoke: str | None = None


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
        settled, error = None, exc.message
    out = iter(settled["hands"] if settled else [])
    entries: list[Entry] = []
    for h in table.hands:
        counts = h.confirmed and not h.struck
        entries.append((h, counts, next(out, None) if counts else _what_if(table, h)))
    return entries, settled, error


def _sheet(table: TableSession) -> tuple[list[SheetRow], dict[str, Any] | None, str | None]:
    """Every stored hand in order, with the settle output of the hands that count."""
    entries, settled, error = sheet_entries(table)
    rows = []
    for h, counts, entry in entries:
        row = SheetRow(h.position, h.struck, h.confirmed, counts, h.version_count, _kind(h.record))
        if entry:
            row.dealer, row.points, row.notes = entry.get("dealer"), entry.get("points"), entry.get("notes", {})
            row.totals = entry.get("totals") if counts else None
            row.payments = entry.get("payments") if counts else None
            row.moon, row.void, row.revoke = entry.get("moon"), entry.get("void"), entry.get("revoke")
        rows.append(row)
    return rows, settled, error


def _kind(record: Mapping[str, Any]) -> str:
    """How a hand was recorded: ``result``, ``cards``, or ``misdeal`` (a void deal, nothing played)."""
    if "taken" in record:
        return "result"
    if not record.get("play") and any(e.get("type") == "misdeal" for e in record.get("events") or []):
        return "misdeal"
    return "cards"


def _live_context(table: TableSession, can_edit: bool, key: str) -> dict[str, Any]:
    game = _game(table)
    rows, settled, error = _sheet(table)
    if game.ruleset.lives and settled:  # the totals are lives left (Conquimbert, 3.17)
        settled = _shown_out(settled, rows, game.players)
    return {
        "table": table, "game": game, "rows": rows, "settled": settled, "sheet_error": error,
        "next": _next_deal(table, game), "can_edit": can_edit, "key": key,
        "card_page": forms.card_page_covers(game.ruleset),
        "confirm_form": forms.ActionForm() if can_edit else None,
        "live_url": url_for(".live_edit" if can_edit else ".live_read", sid=table.id, key=key),
        "base_url": url_for(".session_edit" if can_edit else ".session_read", sid=table.id, key=key),
        "poll_url": url_for("api.revision", session_id=table.id, key=table.read_key),
        "poll_seconds": POLL_SECONDS,
    }


OUT_WORD, NOT_DEALT = "out", "\u2013"


def _shown_out(settled: Mapping[str, Any], rows: list[SheetRow], players: Sequence[str]) -> dict[str, Any]:
    """Where the settle output's totals are the lives left (Conquimbert, 3.17), a player with none is
    out of the session: his total reads "out", and the hands dealt after he went out show a dash for
    him (he was not dealt in). Changes ``rows`` in place; the settle output (shared) is copied."""
    lives: Mapping[str, Any] = {}
    for row in rows:
        out = [p for p in players if lives.get(p) == 0]
        before = row.totals
        if out and row.points:
            row.points = {**row.points, **dict.fromkeys(out, NOT_DEALT)}
            row.totals = None if before is None else {**before, **dict.fromkeys(out)}
        if row.counts and before:
            lives = before
    totals = {p: OUT_WORD if value == 0 else value for p, value in settled["totals"].items()}
    return {**settled, "totals": totals}


# --- access ------------------------------------------------------------------------------------------

def _edit_table(sid: str, token: str) -> TableSession:
    table = services.get_session(sid)
    services.check_token(table, token)
    return table


def _read_table(sid: str, key: str) -> TableSession:
    table = services.get_session(sid)
    services.check_read(table, None, key)
    return table


def _refusal(exc: ScorekeeperError, position: int | None = None) -> str:
    """The engine's sentence; naming the hand when the refusal is about another one."""
    if exc.hand is not None and exc.hand != position:
        return f"Hand {exc.hand}: {exc.message}"
    return exc.message


# --- start a table -----------------------------------------------------------------------------

def _known_players(limit: int = 200) -> list[str]:
    """Names seated at the tables this browser opened, most recent first (offered in a datalist):
    never the players of other browsers' tables."""
    ids = recent.tables()
    if not ids:
        return []
    rows = db.session.execute(select(TableSession.id, TableSession.config).where(TableSession.id.in_(ids)))
    configs = {sid: config for sid, config in rows}
    names: list[str] = []
    for sid in ids:
        for name in (configs.get(sid) or {}).get("players", []):
            if isinstance(name, str) and name not in names:
                names.append(name)
    return names[:limit]


def _pick(value: str | None, choices: Sequence[str], default: str) -> str:
    return value if value is not None and value in choices else default


@bp.route("/", methods=["GET", "POST"])
def start() -> Any:
    """Start a table: players, game, options, settlement, stake, first dealer."""
    posted = request.method == "POST"
    source = request.form if posted else request.args
    offered = {**forms.app_games(), **{g.id: g for g in own_games.game_defs()}}
    game_id = _pick(source.get("game"), list(offered), DEFAULT_GAME)
    game = offered[game_id]
    own = own_games.is_own(game_id)
    shown = (request.form.get("shown") or "||").split("|") if posted else []
    shown += [""] * (3 - len(shown))
    profiles = list(game.profiles)
    profile = None
    if profiles:  # another game's version does not carry over to this one
        asked = source.get("profile") if not posted or shown[0] == game_id else None
        profile = _pick(asked, profiles, profiles[0])
    methods: Mapping[str, Any] = METHODS
    if own:  # Tripoli: the package's options (its presets as defaults); the final poker is played at the end
        defaults = own_games.defaults(game_id)
        default_settlement = own_games.default_settlement(game_id)
        methods = {default_settlement: own_games.methods(game_id)[default_settlement]}
    else:
        defaults = game.resolve({"profile": profile} if profile else {})
        default_settlement = make_ruleset(game.id, {"profile": profile} if profile else {}).settlement
    settlement = _pick(source.get("settlement"), list(methods), default_settlement)

    formdata: MultiDict[str, str] | None = None
    refresh = False
    if posted:
        formdata, settlement, refresh = forms.start_formdata(
            request.form, shown, game, profile, settlement, default_settlement, defaults, methods)
    form = forms.start_form(game, profile, settlement, defaults, formdata, methods, list(offered.values()))
    if not posted:
        form.game.data = game_id
    form.profile.data = profile or ""
    form.settlement.data = settlement
    form.shown.data = f"{game_id}|{profile or ''}|{settlement}"
    form.settlement.choices = forms.choices(
        [(m, f"{m} (the game's own)" if m == default_settlement else m) for m in methods])
    names = form.names()
    form.first_dealer.choices = forms.choices([(name, name) for name in names])
    refusal = None
    if posted and not refresh and form.validate():
        try:
            record, confirm = _start_record(form, defaults, names)
            created = services.create_session(record, confirm_required=confirm)
        except ScorekeeperError as exc:
            db.session.rollback()
            refusal = exc.message
        else:
            recent.remember(created.id)
            flash("The table is ready. Share the links below with the other phones.")
            return redirect(url_for(".session_edit", sid=created.id, key=created.token))
    elif posted and not refresh:
        refusal = "Please check the fields marked below."
    notice = None
    if posted and refresh and request.form.get("action") == "start":
        notice = f"These are the options of {game.name}. Check them, then start the table."
    custom: list[str] = []
    warning = None
    try:
        chosen = forms.chosen_options(form, defaults)
        custom = [name for name in chosen if name != "profile"]
        warning = None if own else make_ruleset(game.id, chosen).warning
    except (ScorekeeperError, KeyError):
        pass
    return render_template(
        "pages/start.html", form=form, refusal=refusal, known=_known_players(), game=game,
        default_settlement=default_settlement, warning=warning, custom_options=custom, notice=notice,
        stake=not own or own_games.takes_stake(game_id),
    )


def _start_record(form: forms.StartForm, defaults: Mapping[str, Any], names: list[str]) -> tuple[dict[str, Any], bool]:
    """The session record the start form says.

    :raises ScorekeeperError: the engine refuses the players, options or settlement.
    """
    game = form.game_def
    try:
        options = forms.chosen_options(form, defaults)
        settlement_options = forms.chosen_settlement_options(form)
    except KeyError as exc:
        raise RecordSyntaxError(f"an option value {exc.args[0]!r} is not one of its choices") from None
    if own_games.is_own(game.id):  # the package checks the players, options and settlement when it settles
        dealer = form.first_dealer.data if form.first_dealer.data in names else (names[0] if names else None)
        table: dict[str, Any] = {"game": game.id, "options": options, "players": names, "first_dealer": dealer}
        if form.settlement.data != own_games.default_settlement(game.id):
            table["settlement"] = form.settlement.data
        table["settlement_options"] = settlement_options
        stake = (form.stake.data or "").strip() if own_games.takes_stake(game.id) else ""
        if stake:
            table["stake"] = stake
        return table, bool(form.confirm_required.data)
    ruleset = make_ruleset(game.id, options)
    try:
        ruleset.layout(len(names))  # the engine's sentence: "Black Lady is for 3 to 7 players, not 2"
    except ValueError as exc:
        raise ScorekeeperError(str(exc), code="players") from None
    dealer = form.first_dealer.data if form.first_dealer.data in names else (names[0] if names else None)
    record: dict[str, Any] = {"game": game.id, "options": options, "players": names, "first_dealer": dealer}
    if form.settlement.data != ruleset.settlement:
        record["settlement"] = form.settlement.data
    record["settlement_options"] = settlement_options
    stake = (form.stake.data or "").strip()
    if stake:
        record["stake"] = stake
    return record, bool(form.confirm_required.data)


# --- the session page --------------------------------------------------------------------------

@bp.get("/s/<sid>/<key>")
def session_edit(sid: str, key: str) -> str:
    table = _edit_table(sid, key)
    return _session_page(table, True, key)


@bp.get("/v/<sid>/<key>")
def session_read(sid: str, key: str) -> str:
    table = _read_table(sid, key)
    return _session_page(table, False, key)


def _session_page(table: TableSession, can_edit: bool, key: str) -> str:
    """The table's page, once its key was checked: this browser now knows the table (``recent``)."""
    recent.remember(table.id)
    if services.is_own_game(table):
        return _own_pages(table).session_page(table, can_edit, key)
    context = _live_context(table, can_edit, key)
    links = {"read": url_for(".session_read", sid=table.id, key=table.read_key, _external=True)}
    misdeal_form = None
    if can_edit:
        links["edit"] = url_for(".session_edit", sid=table.id, key=key, _external=True)
        misdeal_form = forms.MisdealForm(data={"client_id": forms.new_client_id()})
    return render_template("pages/session.html", links=links, misdeal_form=misdeal_form, **context)


@bp.post("/s/<sid>/<key>/misdeal")
def misdeal(sid: str, key: str) -> Any:
    """A misdeal (catalogue 4.2): the hand is void, scores nothing, and the same dealer deals again."""
    table = _edit_table(sid, key)
    form = forms.MisdealForm()
    if not form.validate():
        flash("Choose what happened in the deal, then record the misdeal again.", "error")
        return redirect(url_for(".session_edit", sid=sid, key=key) + "#misdeal")
    hand: dict[str, Any] = {"events": [{"type": "misdeal", "reason": form.reason.data}]}
    if form.client_id.data:
        hand["id"] = form.client_id.data
    try:
        return _save_new_hand(table, hand, sid, key)
    except ScorekeeperError as exc:
        db.session.rollback()
        flash(_refusal(exc, len(table.hands) + 1), "error")
        return redirect(url_for(".session_edit", sid=sid, key=key))


@bp.get("/s/<sid>/<key>/live")
def live_edit(sid: str, key: str) -> str:
    return _live(_edit_table(sid, key), True, key)


@bp.get("/v/<sid>/<key>/live")
def live_read(sid: str, key: str) -> str:
    return _live(_read_table(sid, key), False, key)


def _live(table: TableSession, can_edit: bool, key: str) -> str:
    if services.is_own_game(table):
        return _own_pages(table).live(table, can_edit, key)
    return render_template("pages/_live.html", **_live_context(table, can_edit, key))


def _notes(table: TableSession) -> Response:
    """Why each score, per hand and player: the settle output's notes (fetched when a number is tapped)."""
    if services.is_own_game(table):
        return _own_pages(table).notes(table)
    rows, _, _ = _sheet(table)
    return jsonify({"revision": table.revision,
                    "hands": {str(r.position): dict(r.notes) for r in rows if r.notes}})


@bp.get("/s/<sid>/<key>/notes")
def notes_edit(sid: str, key: str) -> Response:
    return _notes(_edit_table(sid, key))


@bp.get("/v/<sid>/<key>/notes")
def notes_read(sid: str, key: str) -> Response:
    return _notes(_read_table(sid, key))


# --- record a hand by its result ------------------------------------------------------------------

@bp.route("/s/<sid>/<key>/result", methods=["GET", "POST"])
def record_result(sid: str, key: str) -> Any:
    table = _edit_table(sid, key)
    if services.is_own_game(table):
        return _own_pages(table).record(table, sid, key)
    game = _game(table)
    if not forms.result_form_covers(game.ruleset):  # a game the form cannot say yet, started through the API
        message = (f"{game.ruleset.name} scores what this form cannot say yet: record its hands card by card, "
                   "or as JSON records through the API.")
        return render_template("pages/error.html", title="Record this hand another way", message=message), 409
    next_deal = _next_deal(table, game)
    form = _result_form(_dealt_to(game, next_deal.players), next_deal.players.index(next_deal.dealer),
                        formdata=request.form if request.method == "POST" else None)
    refusal = None
    if request.method == "POST" and form.validate():
        try:
            return _save_new_hand(table, forms.result_record(form), sid, key)
        except ScorekeeperError as exc:
            db.session.rollback()
            refusal = _refusal(exc, len(table.hands) + 1)
    elif request.method == "POST":
        refusal = "Please check the fields marked below."
    return render_template("pages/result.html", table=table, game=game, form=form, refusal=refusal, key=key,
                           next=next_deal, card_page=forms.card_page_covers(game.ruleset))


def _result_form(game: Game, dealer: int, **kwargs: Any) -> forms.ResultForm:
    """The result form of the table's game, its bids in turn from the left of ``dealer`` (a seat)."""
    return forms.result_form(game.ruleset, game.layout, game.players, chips=game.chips, settlement=game.settlement,
                             dealer=dealer, **kwargs)


def _dealer_of(table: TableSession, row: HandRow) -> int:
    """The seat that dealt a stored hand, by the engine's rotation (counting it even if struck out)."""
    record = services.session_record(table, row=row, struck=False)
    index = sum(1 for h in table.hands[: table.hands.index(row)] if not h.struck)
    return next(itertools.islice(session_hands(session_from_json(record)), index, None)).dealer


def _stored_deal(table: TableSession, row: HandRow, game: Game) -> tuple[Game, int]:
    """The game as a stored hand was dealt (its players) and the seat of its dealer among them: the
    session's table, or where players drop out of the session (Conquimbert, 3.17), the players then
    still in, by the engine's settlement of the session with that hand counting."""
    found = services.settle_counting(table, row) if game.ruleset.lives else None
    if found is None:
        return game, _dealer_of(table, row)
    result, index = found
    players = result.outcomes[index].players
    return _dealt_to(game, players), players.index(game.players[result.dealers[index]])


def _saved(row: HandRow, created: bool) -> str:
    if not created:
        return f"Hand {row.position} was already saved (sent twice): it is stored once."
    if not row.confirmed:
        return f"Hand {row.position} saved. It counts once another phone confirms it."
    return f"Hand {row.position} saved."


# --- one hand: details, corrections, strike out, confirm ----------------------------------------------

def _row(table: TableSession, position: int) -> HandRow:
    for row in table.hands:
        if row.position == position:
            return row
    raise services.NotFound(f"no hand {position} in this session")


def _hauls(table: TableSession, row: HandRow) -> Sequence[Any] | None:
    """What each player took in this hand, by the engine's replay (for prefilling a correction)."""
    found = services.settle_counting(table, row)
    if found is None:
        return None
    result, index = found
    return result.outcomes[index].hauls


def _versions(row: HandRow, own: bool = False) -> list[dict[str, Any]]:
    """Every version of a hand: when, what changed (``own``: a record of a game with its own package)."""
    describe = describe_own_change if own else describe_change
    out = []
    previous: Mapping[str, Any] | None = None
    for v in row.history:
        out.append({"version": v.version, "when": v.created_at, "change": v.change, "struck": v.struck,
                    "diff": describe(previous, v.record) if previous is not None else ""})
        previous = v.record
    return out


def describe_change(old: Mapping[str, Any], new: Mapping[str, Any]) -> str:
    """What changed between two versions of a hand, in short words: ``Ann hearts 3 → 4``.

    >>> describe_change({"taken": {"Ann": {"hearts": 3}}}, {"taken": {"Ann": {"hearts": 4, "QS": 1}}})
    'Ann hearts 3 → 4; Ann QS — → 1'
    """
    if ("taken" in old) != ("taken" in new):
        return "replaced by a result" if "taken" in new else "replaced by the cards played"
    if "play" in old or "play" in new:
        parts = [k for k in ("play", "leader", "events", "moon_choice") if old.get(k) != new.get(k)]
        return ("changed: " + ", ".join(parts)) if parts else ""
    changes = []
    old_taken, new_taken = old.get("taken") or {}, new.get("taken") or {}
    for name in list(dict.fromkeys([*old_taken, *new_taken])):
        a, b = old_taken.get(name), new_taken.get(name)
        if a == b:
            continue
        if not isinstance(a, Mapping) or not isinstance(b, Mapping):
            changes.append(f"{name} {a} → {b}")
            continue
        for k in dict.fromkeys([*a, *b]):
            if a.get(k) != b.get(k):
                changes.append(f"{name} {k} {_shown(a.get(k))} → {_shown(b.get(k))}")
    for k in ("moon_choice", "events"):
        if old.get(k) != new.get(k):
            changes.append(f"{k.replace('_', ' ')} {_shown(old.get(k))} → {_shown(new.get(k))}")
    return "; ".join(changes)


def describe_own_change(old: Mapping[str, Any], new: Mapping[str, Any]) -> str:
    """What changed between two versions of a Tripoli deal, field by field: ``claims AH A → B``.

    >>> describe_own_change({"claims": {"AH": "A"}, "spare": "swap"}, {"claims": {"AH": "B"}, "spare": "swap"})
    'claims AH A → B'
    """
    if ("deal" in old) != ("deal" in new):
        return "replaced by the whole deal" if "deal" in new else "replaced by a quick result"
    a, b = _flat(old), _flat(new)
    changes = [f"{path} {_shown(a.get(path))} → {_shown(b.get(path))}"
               for path in dict.fromkeys([*a, *b]) if path != "id" and a.get(path) != b.get(path)]
    return "; ".join(c if len(c) <= 60 else c[:57] + "..." for c in changes)


def _flat(value: Any, path: str = "") -> dict[str, Any]:
    """A record's leaves by path (``poker bets A``); lists are leaves."""
    if not isinstance(value, Mapping):
        return {path: value}
    out: dict[str, Any] = {}
    for k, v in value.items():
        out.update(_flat(v, f"{path} {k}".strip()))
    return out


def _shown(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, list):
        return ", ".join(f"{e.get('type')} {e.get('player', '')}".strip() if isinstance(e, Mapping) else str(e)
                         for e in value) or "—"
    return str(value)


def _hand_context(table: TableSession, row: HandRow, can_edit: bool, key: str) -> dict[str, Any]:
    game = _game(table)
    rows, settled, _ = _sheet(table)
    sheet_row = next(r for r in rows if r.position == row.position)
    return {"table": table, "game": game, "row": row, "sheet_row": sheet_row, "versions": _versions(row),
            "can_edit": can_edit, "key": key, "record_json": json.dumps(row.record, indent=1, ensure_ascii=False)}


@bp.get("/v/<sid>/<key>/hand/<int:position>")
def hand_read(sid: str, key: str, position: int) -> str:
    table = _read_table(sid, key)
    if services.is_own_game(table):
        return _own_pages(table).hand_page(table, _row(table, position), False, key)
    return render_template("pages/hand.html", **_hand_context(table, _row(table, position), False, key))


@bp.route("/s/<sid>/<key>/hand/<int:position>", methods=["GET", "POST"])
def hand_edit(sid: str, key: str, position: int) -> Any:
    """A hand's page: why each score, its history, and the correction form prefilled."""
    table = _edit_table(sid, key)
    row = _row(table, position)
    if services.is_own_game(table):
        return _own_pages(table).hand_edit(table, row, sid, key)
    dealt, dealer = _stored_deal(table, row, _game(table))
    hauls = None if _is_counts(row.record) else _hauls(table, row)
    data = forms.result_data(row.record, dealt.players, dealt.ruleset, dealt.layout, hauls)
    posted = request.method == "POST"
    form = _result_form(dealt, dealer, formdata=request.form if posted else None, data=None if posted else data)
    refusal = None
    if posted and form.validate():
        try:
            return _save_correction(table, row, forms.result_record(form, keep=row.record), "edited", sid, key)
        except ScorekeeperError as exc:
            db.session.rollback()
            refusal = _refusal(exc, position)
    elif posted:
        refusal = "Please check the fields marked below."
    json_form = forms.JsonForm(data={"record": json.dumps(row.record, indent=1, ensure_ascii=False)})
    return render_template("pages/hand.html", form=form, refusal=refusal, json_form=json_form,
                           action_form=forms.ActionForm(), **_hand_context(table, row, True, key))


def _save_new_hand(table: Any, hand: dict[str, Any], sid: str, key: str) -> Any:
    """Store a new hand (the services check it first) and go back to the sheet at that hand.

    :raises ScorekeeperError: the engine refuses the hand; nothing is stored.
    """
    row, created = services.add_hand(table, hand)
    flash(_saved(row, created))
    return redirect(url_for(".session_edit", sid=sid, key=key) + f"#hand-{row.position}")


def _save_correction(table: Any, row: Any, new: dict[str, Any], how: str, sid: str, key: str) -> Any:
    """Store a corrected hand (the services check it first) and go back to the sheet.

    :raises ScorekeeperError: the engine refuses the corrected hand; nothing is stored.
    """
    change = describe_change(row.record, new) or "saved unchanged"
    services.edit_hand(table, row.position, new, change=f"{how}: {change}"[:200])
    flash(f"Hand {row.position} corrected; the totals are recomputed.")
    return redirect(url_for(".session_edit", sid=sid, key=key) + f"#hand-{row.position}")


def _is_counts(record: Mapping[str, Any]) -> bool:
    taken = record.get("taken")
    return isinstance(taken, Mapping) and all(isinstance(e, Mapping) for e in taken.values())


@bp.post("/s/<sid>/<key>/hand/<int:position>/json")
def hand_json(sid: str, key: str, position: int) -> Any:
    """Replace a hand by a corrected record typed as JSON (how a card-by-card record is corrected)."""
    table = _edit_table(sid, key)
    row = _row(table, position)
    json_form = forms.JsonForm()
    refusal = None
    if json_form.validate():
        try:
            new = _parse_json_record(json_form.record.data or "")
            if row.record.get("id") and "id" not in new:
                new["id"] = row.record["id"]
            return _save_correction(table, row, new, "corrected as JSON", sid, key)
        except ScorekeeperError as exc:
            db.session.rollback()
            refusal = _refusal(exc, position)
    else:
        refusal = "Paste or type the corrected record."
    if services.is_own_game(table):
        return _own_pages(table).json_refused(table, row, key, json_form, refusal)
    dealt, dealer = _stored_deal(table, row, _game(table))
    hauls = None if _is_counts(row.record) else _hauls(table, row)
    form = _result_form(dealt, dealer,
                        data=forms.result_data(row.record, dealt.players, dealt.ruleset, dealt.layout, hauls))
    return render_template("pages/hand.html", form=form, json_refusal=refusal, json_form=json_form,
                           action_form=forms.ActionForm(), **_hand_context(table, row, True, key))


def _parse_json_record(text: str) -> dict[str, Any]:
    """:raises RecordSyntaxError: not JSON, or not an object."""
    value = decode(text)
    if not isinstance(value, dict):
        raise RecordSyntaxError("a hand record must be a JSON object")
    return value


@bp.post("/s/<sid>/<key>/hand/<int:position>/strike")
def hand_strike(sid: str, key: str, position: int) -> Any:
    """Strike a hand out (``struck=1``) or restore it (``struck=0``)."""
    table = _edit_table(sid, key)
    _row(table, position)
    struck = request.form.get("struck", "1") != "0"
    try:
        services.strike_hand(table, position, struck)
    except ScorekeeperError as exc:
        db.session.rollback()
        flash(_refusal(exc, position), "error")
        return redirect(url_for(".hand_edit", sid=sid, key=key, position=position))
    flash(f"Hand {position} {'struck out' if struck else 'restored'}; the totals are recomputed.")
    return redirect(url_for(".session_edit", sid=sid, key=key) + f"#hand-{position}")


@bp.post("/s/<sid>/<key>/hand/<int:position>/confirm")
def hand_confirm(sid: str, key: str, position: int) -> Any:
    table = _edit_table(sid, key)
    _row(table, position)
    try:
        services.confirm_hand(table, position)
    except ScorekeeperError as exc:
        db.session.rollback()
        flash(_refusal(exc, position), "error")
    else:
        flash(f"Hand {position} confirmed: it counts now.")
    return redirect(url_for(".session_edit", sid=sid, key=key) + f"#hand-{position}")


# --- a hand card by card -------------------------------------------------------------------------------

def _grid(layout: DealLayout) -> list[tuple[str, list[tuple[str, int]]]]:
    """The pack's cards by suit, high to low: (suit letter, [(card code, copies)])."""
    suits = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        cards = sorted((c for c in layout.copies if c.suit is suit), key=lambda c: c.sort_key)
        suits.append((suit.value, [(c.code, layout.copies[c]) for c in cards]))
    return suits


@bp.route("/s/<sid>/<key>/play", methods=["GET", "POST"])
def play(sid: str, key: str) -> Any:
    """Record a whole hand card by card; every card is checked by the engine as it is tapped."""
    table = _edit_table(sid, key)
    game = _game(table)
    if not forms.card_page_covers(game.ruleset):
        message = (f"In {game.ruleset.name} the cards alone do not say whose turn it is or who wins a trick (trumps, "
                   "bids, players dropping out or trades decide it): record the hand by its result, or the whole "
                   "hand as a JSON record on its page or through the API.")
        return render_template("pages/error.html", title="Record this hand by its result", message=message), 409
    next_deal = _next_deal(table, game)
    form = forms.PlayForm()
    refusal = None
    plays: list[str] = []
    if request.method == "POST" and form.validate():
        plays = [p for p in (form.plays.data or "").replace(",", " ").split() if p]
        hand = _play_record(game, next_deal, form, plays)
        try:
            return _save_new_hand(table, hand, sid, key)
        except ScorekeeperError as exc:
            db.session.rollback()
            refusal = _refusal(exc, len(table.hands) + 1)
    if not form.client_id.data:
        form.client_id.data = forms.new_client_id()
    two_clubs = _needs_leader(game)
    ruleset = game.ruleset
    return render_template(
        "pages/play.html", table=table, game=game, form=form, refusal=refusal, key=key, next=next_deal,
        grid=_grid(game.layout), plays=plays, two_clubs=two_clubs,
        trumps=ruleset.trumps if ruleset.trumps in forms.TRUMPS_ASKED else None,
        ask_moon=bool(ruleset.moon and ruleset.moon.has_choice and ruleset.moon_choice == "ask"),
        total=_cards_in_hand(game),
    )


def _play_record(game: Game, deal: NextDeal, form: forms.PlayForm, plays: list[str]) -> dict[str, Any]:
    """The full play record (RECORDS.md) the card page sends: the cards, who led, and choices.

    ``leader`` is always written: it is who the page saw lead, so the record checks itself
    against the deal rotation.
    """
    hand: dict[str, Any] = {}
    if form.client_id.data:
        hand["id"] = form.client_id.data
    leader = form.leader.data if form.leader.data in game.players else None
    if leader is None:
        leader = game.players[game.seating.eldest(deal.dealer_seat)] if not _needs_leader(game) else None
    if leader is not None:
        hand["leader"] = leader
    hand["play"] = plays
    events: list[dict[str, Any]] = []
    trumps = forms.trumps_event(game.ruleset, form.trumps.data)
    if trumps is not None:
        events.append(trumps)
    if form.revoke_player.data:
        events.append({"type": "revoke", "player": form.revoke_player.data, "trick": _trick_number(form.revoke_trick.data)})
    if form.stopped.data == "1":
        events.append({"type": "stopped"})
    if form.cut.data in game.players:
        events.append({"type": "cut", "player": form.cut.data})
    if events:
        hand["events"] = events
    if form.moon_choice.data in ("subtract", "add"):
        hand["moon_choice"] = form.moon_choice.data
    return hand


def _cards_in_hand(game: Game) -> int:
    """The cards a whole hand plays on the card page: one per player and trick (Two-Handed Hearts: the
    stock's too). The page serves no Domino hand, whose tricks shrink as players drop out."""
    tricks = game.ruleset.tricks_per_hand(game.layout, len(game.players))
    assert tricks is not None, "no card page for Domino Hearts (forms.card_page_covers)"
    return len(game.players) * tricks


def _trick_number(text: str | None) -> int | str | None:
    """A trick number from a form field; anything else goes to the engine as typed, to be refused there."""
    return int(text) if text and text.isdigit() else text


def _needs_leader(game: Game) -> bool:
    """Under the 2C rules without the deal, the record must say who led (the holder of 2C)."""
    return game.ruleset.first_lead in ("two-of-clubs", "any-club") and card("2C") in game.layout.copies


@bp.post("/s/<sid>/<key>/play-check")
def play_check(sid: str, key: str) -> tuple[Response, int]:
    """Check the cards so far plus one more with the engine (without the deal).

    Body: ``{"plays": ["2C", ...], "card": "QS" | null, "leader": name | null, "moon_choice": ...,
    "revoke": {"player": name, "trick": n} | null}``. Answers the state after the accepted cards
    (whose turn, the trick so far, tricks won), or, for a refused card, ``ok: false`` with the
    engine's error object and the state before it. A refused revoke comes with ``claim``: the
    revoke event that records it as established, should the table have let it stand (4.1).
    """
    table = _edit_table(sid, key)
    game = _game(table)
    if not forms.card_page_covers(game.ruleset):
        return jsonify({"ok": False, "error": {"code": "syntax", "message": "this game is not recorded card by card "
                                                                             "here: record it by its result"}}), 409
    deal = _next_deal(table, game)
    body = request.get_json(silent=True)
    if not isinstance(body, Mapping):
        return jsonify({"ok": False, "error": {"code": "syntax", "message": "the request body must be a JSON object"}}), 400
    plays = body.get("plays") or []
    candidate = body.get("card")
    leader = body.get("leader") or None
    if not isinstance(plays, list) or not all(isinstance(p, str) for p in plays) or not (
        candidate is None or isinstance(candidate, str)
    ):
        return jsonify({"ok": False, "error": {"code": "syntax", "message": "plays must be a list of cards"}}), 400
    cards = [*plays, candidate] if candidate else list(plays)
    base: dict[str, Any] = {"dealer": deal.dealer, "hand": deal.number}
    if leader is not None:
        base["leader"] = leader
    if body.get("moon_choice") in ("subtract", "add"):
        base["moon_choice"] = body["moon_choice"]
    events: list[Any] = []
    trumps = body.get("trumps")
    if trumps is not None and not isinstance(trumps, str):
        return jsonify({"ok": False, "error": {"code": "syntax", "message": "trumps must be a card or a suit"}}), 400
    trumps_event = forms.trumps_event(game.ruleset, trumps)
    if trumps_event is not None:
        events.append(trumps_event)
    claimed = body.get("revoke")
    if claimed is not None:
        events.append({"type": "revoke", **claimed} if isinstance(claimed, Mapping) else claimed)
    if events:
        base["events"] = events
    defaults = {"game": table.config["game"], "options": table.config.get("options") or {},
                "players": list(game.players)}
    try:
        accepted = from_json({**base, "play": list(plays)}, defaults)
        record = from_json({**base, "play": cards}, defaults)
    except ScorekeeperError as exc:
        return jsonify({"ok": False, "error": exc.to_json()}), 400
    answer: dict[str, Any] = {"ok": True}
    try:
        outcome = replay(record)
    except ScorekeeperError as exc:
        if exc.code == "incomplete":
            outcome = None
        elif exc.code == "moon-choice":  # every card is legal; the shooter must say what he chose
            outcome = None
            answer.update(complete=True, needs="moon-choice", message=exc.message)
        else:
            state = _play_state(game, deal, accepted)
            refused: dict[str, Any] = {"ok": False, "error": exc.to_json(), **state}
            if exc.play is not None and exc.play < len(plays):
                refused["hint"] = (f"{candidate} shows that play {exc.play + 1} broke a rule: "
                                   f"undo back to it to correct it, or record the hand as a result.")
            if exc.code in REVOKE_CODES and claimed is None and exc.player and exc.trick:
                refused["claim"] = {"player": exc.player, "trick": exc.trick}
            return jsonify(refused), 422
    answer.update(_play_state(game, deal, record))
    if outcome is not None:
        answer["complete"] = True
        answer["points"] = {name: points_json(p) for name, p in zip(game.players, outcome.points)}
        answer["points_shown"] = {name: format_points(points_json(p)) for name, p in zip(game.players, outcome.points)}
        if outcome.revoke is not None:
            who, trick = game.players[outcome.revoke.seat], outcome.revoke.trick
            answer["revoke"] = {"player": who, "trick": trick, "play": outcome.revoke.play}
            shown = ", ".join(f"{n} {p}" for n, p in answer["points_shown"].items())
            answer["message"] = (f"{who}'s revoke in trick {trick} stands: the hand scores by the revoke rule "
                                 f"({shown}). Save now, or tap the rest of the cards.")
    answer.setdefault("complete", False)
    return jsonify(answer), 200


def _play_state(game: Game, deal: NextDeal, record: Any) -> dict[str, Any]:
    """Whose turn, the trick so far, the last trick, tricks and scoring cards won: the engine's
    trick-winner code following turns (as replay does without the deal)."""
    names = game.players
    seat_of = {name: i for i, name in enumerate(names)}
    leader = None if record.leader is None else seat_of[record.leader]
    trumps = next((e for e in record.events if e["type"] == "trumps"), None)
    trump = None if trumps is None else card(trumps["card"]).suit if "card" in trumps else Suit(trumps["suit"])
    hand = Hand(game.ruleset, game.seating, deal.dealer_seat, [() for _ in names], leader=leader, trump=trump)
    for item in record.play:
        hand.apply(item.card, hand.turn if item.player is None else seat_of[item.player])
    scoring = game.ruleset.scoring_cards
    last = hand.tricks[-1] if hand.tricks else None
    return {
        "plays": [item.card.code for item in record.play],
        "turn": names[hand.turn],
        "leader": names[hand.first_leader],
        "trick_number": hand.trick_number,
        "trick": [[names[s], c.code] for s, c in hand.current],
        "last_trick": None if last is None else {
            "cards": [[names[s], c.code] for s, c in last.plays], "winner": names[last.winner] if last.winner >= 0 else None},
        "tricks_won": {name: sum(1 for t in hand.tricks if t.winner == seat) for seat, name in enumerate(names)},
        "taken": {name: [c.code for c in hand.taken[seat] if c in scoring] for seat, name in enumerate(names)},
        "total": _cards_in_hand(game),
    }


def _own_pages(table: TableSession) -> own_pages.GamePages:
    """The pages of a table whose game has its own engine package (``services.is_own_game``).
    (Imported here: those modules build on this one's helpers.)"""
    from . import reversis_pages, tripoli_pages

    pages: dict[str, own_pages.GamePages] = {"tripoli": tripoli_pages.PAGES, "reversis": reversis_pages.PAGES}
    return pages[own_games.family(table.config["game"])]


if TYPE_CHECKING:
    from . import own_pages
