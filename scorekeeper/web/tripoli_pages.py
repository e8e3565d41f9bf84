"""The phone pages of a Tripoli, Rummoli or Cosmo table (``engine.tripoli`` decides everything).

The routes are those of every table (``pages.py`` hands a Tripoli table to these functions):
the session page shows who deals, the layout between deals (the chips on each space, from
the settle output's ``layout``), the pot, each player's chips, the sheet with each deal's
notes, and the end of the game; a deal is recorded by its quick result (or, at the end, a
final poker deal); a hand's page shows why it moved the chips it did, its history, and the
corrections (the quick-result form, or the whole record as JSON). Views stay thin: records
are shaped by ``tripoli_forms``, checked and stored by ``services``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Response, jsonify, render_template, request, url_for

from ..engine.errors import ScorekeeperError
from ..engine.seating import Seating
from ..sheets import own_games
from . import forms, services, tripoli_forms
from .extensions import db
from .models import Hand as HandRow
from .models import TableSession
from .pages import POLL_SECONDS, _refusal, _save_correction, _save_new_hand, _versions, sheet_entries


@dataclass(frozen=True)
class TripoliGame:
    """What the pages need to know about a Tripoli table as configured."""

    id: str
    name: str
    players: tuple[str, ...]
    first_dealer: str
    settlement: str
    settlement_options: Mapping[str, Any]
    rules: Any  # engine.tripoli.TripoliRules
    labels: Mapping[str, str]
    spaces: tuple[str, ...]

    @property
    def seating(self) -> Seating:
        return Seating(self.players)


def game_of(table: TableSession) -> TripoliGame:
    config = table.config
    rules = own_games.rules_of(config)
    game = own_games.game_def(config["game"])
    return TripoliGame(
        id=game.id, name=game.name, players=tuple(config["players"]), first_dealer=config["first_dealer"],
        settlement=config.get("settlement") or own_games.DEFAULT_SETTLEMENT,
        settlement_options=config.get("settlement_options") or {}, rules=rules,
        labels=own_games.space_labels(rules), spaces=own_games.shown_spaces(rules),
    )


# --- the sheet ----------------------------------------------------------------------------------

@dataclass
class DealRow:
    """One stored deal as the sheet shows it."""

    position: int
    struck: bool
    confirmed: bool
    counts: bool
    versions: int
    kind: str  # "result", "cards" (a whole deal) or "final" (a final poker deal)
    dealer: str | None = None
    payments: Mapping[str, int] | None = None
    totals: Mapping[str, int] | None = None
    notes: Mapping[str, str] = field(default_factory=dict)
    layout: Mapping[str, int] | None = None
    pool: int | None = None


def _kind(record: Mapping[str, Any]) -> str:
    if tripoli_forms.is_final(record):
        return "final"
    return "cards" if record.get("deal") is not None else "result"


def rows(table: TableSession) -> tuple[list[DealRow], dict[str, Any] | None, str | None]:
    """Every stored deal in order, with the settle output of the deals that count."""
    entries, settled, error = sheet_entries(table)
    found = []
    for h, counts, entry in entries:
        row = DealRow(h.position, h.struck, h.confirmed, counts, len(h.versions), _kind(h.record))
        if entry:
            row.dealer, row.payments, row.notes = entry.get("dealer"), entry.get("payments"), entry.get("notes", {})
            if counts:
                row.totals, row.layout, row.pool = entry.get("totals"), entry.get("layout"), entry.get("pool")
        found.append(row)
    return found, settled, error


@dataclass(frozen=True)
class NextDeal:
    """The deal about to be played: its number, dealer, eldest, and the hands dealt."""

    number: int
    dealer: str
    eldest: str
    sizes: tuple[int, ...]  # n + 1 hands (the spare last)
    final: bool  # the final poker has begun: only final deals follow


def next_deal(table: TableSession, game: TripoliGame, settled: Mapping[str, Any] | None) -> NextDeal:
    """Who deals next: the deal passes clockwise after every deal, waiting ones included (they were dealt)."""
    from ..engine.tripoli.deal import hand_sizes

    number = sum(1 for h in table.hands if not h.struck) + 1
    dealer = own_games.dealer_of(game.players, game.first_dealer, number)
    seating = game.seating
    final = any(h.get("final") for h in (settled or {}).get("hands", []))
    return NextDeal(number, dealer, seating.name(seating.eldest(seating.seat(dealer))), hand_sizes(len(game.players)),
                    final)


def _context(table: TableSession, can_edit: bool, key: str) -> dict[str, Any]:
    game = game_of(table)
    found, settled, error = rows(table)
    return {
        "table": table, "game": game, "rows": found, "settled": settled, "sheet_error": error,
        "next": next_deal(table, game, settled), "can_edit": can_edit, "key": key,
        "confirm_form": forms.ActionForm() if can_edit else None,
        "live_url": url_for(".live_edit" if can_edit else ".live_read", sid=table.id, key=key),
        "base_url": url_for(".session_edit" if can_edit else ".session_read", sid=table.id, key=key),
        "poll_url": url_for("api.revision", session_id=table.id, key=table.read_key),
        "poll_seconds": POLL_SECONDS,
    }


def session_page(table: TableSession, can_edit: bool, key: str) -> str:
    context = _context(table, can_edit, key)
    links = {"read": url_for(".session_read", sid=table.id, key=table.read_key, _external=True)}
    if can_edit:
        links["edit"] = url_for(".session_edit", sid=table.id, key=key, _external=True)
    return render_template("pages/tripoli_session.html", links=links, **context)


def live(table: TableSession, can_edit: bool, key: str) -> str:
    return render_template("pages/_tripoli_live.html", **_context(table, can_edit, key))


def notes(table: TableSession) -> Response:
    """Why each deal's chips, per deal and player: the settle output's notes."""
    found, _, _ = rows(table)
    return jsonify({"revision": table.revision, "hands": {str(r.position): dict(r.notes) for r in found if r.notes}})


# --- record a deal -----------------------------------------------------------------------------------

def record(table: TableSession, sid: str, key: str) -> Any:
    """Record a deal by its quick result, or a final poker deal (``?final=1``, or once the final poker began)."""
    game = game_of(table)
    settled = services.current_settlement(table)
    upcoming = next_deal(table, game, settled)
    posted = request.method == "POST"
    final = (request.form.get("final") == "1") if posted else (upcoming.final or request.args.get("final") == "1")
    formdata = request.form if posted else None
    form: Any = (tripoli_forms.final_form(game.players, game.settlement_options, formdata=formdata) if final
                 else tripoli_forms.deal_form(game.rules, game.players, formdata=formdata))
    refusal = None
    if posted and form.validate():
        hand = tripoli_forms.final_record(form) if final else tripoli_forms.deal_record(form)
        try:
            return _save_new_hand(table, hand, sid, key)
        except ScorekeeperError as exc:
            db.session.rollback()
            refusal = _refusal(exc, len(table.hands) + 1)
    elif posted:
        refusal = "Please check the fields marked below."
    return render_template("pages/tripoli_result.html", table=table, game=game, form=form, final=final,
                           refusal=refusal, key=key, next=upcoming, layout=settled.get("layout") or {})


# --- one deal: why, corrections ---------------------------------------------------------------------------

def outcome_of(table: TableSession, row: HandRow) -> dict[str, Any] | None:
    """The engine's replay output of a stored deal (``replay`` of FORMAT.md): every claim, the pot, the
    Michigan end, each chip moved. None when the session does not settle with it counting."""
    from ..engine import tripoli
    from ..engine.tripoli import Layout

    found = services.settle_counting_json(table, row)
    if found is None:
        return None
    settled, index = found
    config = table.config
    carried = settled["hands"][index - 1]["layout"] if index else (config.get("layout") or {})
    value = {"game": config["game"], "options": config.get("options") or {}, "players": config["players"],
             **row.record, "dealer": settled["hands"][index]["dealer"]}
    try:
        out: dict[str, Any] = tripoli.replay_json(value, Layout.from_json(carried))
    except ScorekeeperError:
        return None
    return out


def _form_for(game: TripoliGame, row: HandRow, outcome: Mapping[str, Any] | None, formdata: Any = None) -> Any:
    if tripoli_forms.is_final(row.record):
        data = None if formdata else tripoli_forms.final_data(row.record, game.players, outcome)
        return tripoli_forms.final_form(game.players, game.settlement_options, formdata=formdata, data=data)
    data = None if formdata else tripoli_forms.deal_data(row.record, game.players, outcome)
    return tripoli_forms.deal_form(game.rules, game.players, formdata=formdata, data=data)


def hand_page(table: TableSession, row: HandRow, can_edit: bool, key: str, **extra: Any) -> str:
    game = game_of(table)
    found, _, _ = rows(table)
    sheet_row = next(r for r in found if r.position == row.position)
    outcome = outcome_of(table, row)
    context: dict[str, Any] = {
        "table": table, "game": game, "row": row, "sheet_row": sheet_row, "outcome": outcome, "can_edit": can_edit,
        "key": key, "versions": _versions(row, own=True),
        "record_json": json.dumps(row.record, indent=1, ensure_ascii=False),
    }
    if can_edit:
        if "form" not in extra:
            context["form"] = _form_for(game, row, outcome)
        context["json_form"] = forms.JsonForm(data={"record": context["record_json"]})
        context["action_form"] = forms.ActionForm()
    context.update(extra)
    return render_template("pages/tripoli_hand.html", **context)


def hand_edit(table: TableSession, row: HandRow, sid: str, key: str) -> Any:
    """The correction form of a deal (quick result or final poker); nothing is stored on a refusal."""
    if request.method != "POST":
        return hand_page(table, row, True, key)
    game = game_of(table)
    form = _form_for(game, row, None, request.form)
    refusal = None
    if form.validate():
        final = tripoli_forms.is_final(row.record)
        new = tripoli_forms.final_record(form, row.record) if final else tripoli_forms.deal_record(form, row.record)
        try:
            return _save_correction(table, row, new, "edited", sid, key)
        except ScorekeeperError as exc:
            db.session.rollback()
            refusal = _refusal(exc, row.position)
    else:
        refusal = "Please check the fields marked below."
    return hand_page(table, row, True, key, form=form, refusal=refusal)


def json_refused(table: TableSession, row: HandRow, key: str, json_form: forms.JsonForm, refusal: str | None) -> str:
    """The hand page again after a JSON correction the engine refused, the text kept as typed."""
    return hand_page(table, row, True, key, json_form=json_form, json_refusal=refusal)
