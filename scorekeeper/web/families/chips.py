"""What the phone pages of the chip games share (``families.tripoli``, ``families.reversis``): ``ChipPages``.

Both games are settled by their own engine package, hand by hand, chips (or fish) won and paid
with something carried on the table (the layout, the pools). Their pages differ in that something
and in the quick-result form; the sheet of hands, the live refresh, the "why this score" notes,
a hand's history, its corrections and the way a refusal keeps the form as typed are the same,
and are here. Templates: ``templates/families/chips/`` (the hand page, the live part, the sheet).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Response, jsonify, render_template, request, url_for

from ...engine.family import family_of
from ...engine.seating import Seating
from ...notes_words import note as said_note
from ...sheets.charts import session_charts
from .. import forms, lang, services
from ..changes import versions
from ..models import Hand as HandRow
from ..models import TableSession
from ..submit import checked, submit
from ..tables.blueprint import POLL_SECONDS, save_correction, save_new_hand, sheet_entries
from .base import FamilyPages, Words
from .links import table_links


@dataclass
class SheetRow:
    """One stored hand as the sheet shows it: the settle output's entry (as if it counted, for a struck
    or waiting one), and the running figures only when it counts."""

    position: int
    struck: bool
    confirmed: bool
    counts: bool
    versions: int
    kind: str  # "result", "cards" (the whole hand), or the game's own ("final", "misdeal")
    dealer: str | None = None
    payments: Mapping[str, int] | None = None
    totals: Mapping[str, int] | None = None
    notes: Mapping[str, str] = field(default_factory=dict)
    pool: int | None = None  # what the table holds after it (counted hands)
    counted: Mapping[str, Any] | None = None  # its settle output entry, when it counts (the layout, the pools)


def sheet_rows(table: TableSession, kind: Callable[[Mapping[str, Any]], str],
               ) -> tuple[list[SheetRow], dict[str, Any] | None, str | None]:
    """Every stored hand in order, with the settle output of the hands that count (``views.sheet_entries``)."""
    entries, settled, error = sheet_entries(table)
    found = []
    for h, counts, entry in entries:
        row = SheetRow(h.position, h.struck, h.confirmed, counts, h.version_count, kind(h.record))
        if entry:
            row.dealer, row.payments = entry.get("dealer"), entry.get("payments")
            row.notes = {p: said_note(note) for p, note in (entry.get("notes") or {}).items()}  # the reader's words
            if counts:
                row.totals, row.pool, row.counted = entry.get("totals"), entry.get("pool"), entry
        found.append(row)
    return found, settled, error


def posted() -> Any:
    """The posted form data, or None for a fresh form."""
    return request.form if request.method == "POST" else None


def save_new(table: TableSession, form: Any, shape: Callable[[Any], dict[str, Any]], sid: str, key: str,
             noun: str = "hand") -> tuple[Any, str | None]:
    """A posted quick-result form: the response once the hand it says is stored, or None and why not."""
    sent = submit(checked(form), lambda: save_new_hand(table, shape(form), sid, key, noun), len(table.hands) + 1)
    return sent.made, sent.refusal


class ChipPages(FamilyPages):
    """The pages of one chip game's family. A subclass says the family's own: the game as configured,
    how each stored hand was recorded, the live part's figures, a hand's replay and its correction
    form; the flows are the same for every such family and are here."""

    words: Words
    templates: Mapping[str, str]  # session, live, hand
    kind_words: Mapping[str, str]  # how a hand was recorded (``kind``), as its page says it

    def game_of(self, table: TableSession) -> Any:
        raise NotImplementedError

    def kind(self, record: Mapping[str, Any]) -> str:
        """How a stored hand was recorded: ``result``, ``cards``, or the game's own word."""
        raise NotImplementedError

    def live_extra(self, table: TableSession, game: Any, settled: dict[str, Any] | None) -> dict[str, Any]:
        """The live part's own figures: who deals next, ..."""
        raise NotImplementedError

    def outcome(self, table: TableSession, row: HandRow) -> Any:
        """The engine's replay of a stored hand where it stands; None when the session does not settle with it."""
        raise NotImplementedError

    def shown(self, outcome: Any) -> Any:
        """The replay as the hand page shows it."""
        return outcome

    def form_for(self, game: Any, row: HandRow, outcome: Any, formdata: Any = None) -> Any:
        """The correction form of a stored hand: prefilled from its record (or replay), or as posted."""
        raise NotImplementedError

    def corrected(self, form: Any, row: HandRow) -> dict[str, Any]:
        """The record a correction form says for a stored hand."""
        raise NotImplementedError

    def record(self, table: TableSession, sid: str, key: str) -> Any:
        """The page that records a new hand by its quick result (``save_new``), and its refusals."""
        raise NotImplementedError

    def seating(self, game: Any) -> Seating:
        """The table's seats, as its engine seats them (who is eldest of a dealer)."""
        raise NotImplementedError

    first: str  # what the pages call the player after the dealer ("leader", "eldest": their ``data-coming``)

    def first_words(self, dealer: str, first: str) -> str:
        """Who deals and who is first, as the card page's heading says it (``card_table``'s context)."""
        raise NotImplementedError

    def coming(self, table: TableSession, ahead: int, turns: bool = False) -> list[dict[str, Any]]:
        """The next hand and the ``ahead`` after it, each played (none a misdeal): their dealers by the
        engine's own rotation (the fold of the stored hands, waiting ones included: ``coming_dealers``),
        none once the game is over or past the agreed number of hands. Each says its dealer and the player
        after him as seats of the table (``seats``: the names are the table's, said once by
        ``offline.table_known``), so a nine-player table's page stays small; the card page adds its
        heading in words (``context``). What a hand puts on the table first (Reversis' ante, Tripoli's
        antes or the final poker) follows from the kind of the hands kept before it, so it is not said."""
        if services.current_settlement(table).get("finished"):
            return []
        seating = self.seating(self.game_of(table))
        found = []
        for dealer in services.stored_fold(table).coming_dealers(ahead):
            seat = seating.seat(dealer)
            first = seating.eldest(seat)
            said: dict[str, Any] = {"seats": {"dealer": seat, self.first: first}}
            if turns:
                said["context"] = self.first_words(dealer, seating.name(first))
            found.append(said)
        return found

    # --- the flows ---

    def rows(self, table: TableSession) -> tuple[list[SheetRow], dict[str, Any] | None, str | None]:
        """Every stored hand in order, with the settle output of the hands that count."""
        return sheet_rows(table, self.kind)

    def context(self, table: TableSession, can_edit: bool, key: str) -> dict[str, Any]:
        """What the live part of a session page shows: the sheet, the links it polls, the game's own figures."""
        game = self.game_of(table)
        rows, settled, error = self.rows(table)
        with lang.speaking(None):  # the charts' words in the page's language
            charts = session_charts(settled, chips=True)
        return {
            "table": table, "game": game, "words": self.words, "rows": rows, "settled": settled,
            "sheet_error": error, "can_edit": can_edit, "key": key,
            "charts": charts,  # the layout itself: the family's board (live_extra)
            "confirm_form": forms.ActionForm() if can_edit else None,
            "live_url": url_for(".live_edit" if can_edit else ".live_read", sid=table.id, key=key),
            "base_url": url_for(".session_edit" if can_edit else ".session_read", sid=table.id, key=key),
            "poll_url": url_for("api.revision", session_id=table.id, key=table.read_key),
            "poll_seconds": POLL_SECONDS, **self.live_extra(table, game, settled),
        }

    def session_page(self, table: TableSession, can_edit: bool, key: str) -> str:
        return render_template(self.templates["session"], links=table_links(table, can_edit, key),
                               **self.context(table, can_edit, key))

    def live(self, table: TableSession, can_edit: bool, key: str) -> str:
        return render_template(self.templates["live"], **self.context(table, can_edit, key))

    def notes(self, table: TableSession) -> Response:
        """Why each hand's chips, per hand and player: the settle output's notes."""
        rows = self.rows(table)[0]
        return jsonify({"revision": table.revision, "hands": {str(r.position): dict(r.notes) for r in rows if r.notes}})

    def hand_page(self, table: TableSession, row: HandRow, can_edit: bool, key: str, **extra: Any) -> str:
        """A hand's page: why its chips (notes and the replay), its history, the corrections."""
        game = self.game_of(table)
        outcome = self.outcome(table, row)
        rows = self.rows(table)[0]
        context: dict[str, Any] = {
            "table": table, "game": game, "words": self.words, "kind_words": self.kind_words, "row": row,
            "outcome": self.shown(outcome), "vocabulary": family_of(table.config.get("game")).vocabulary,
            "sheet_row": next(r for r in rows if r.position == row.position), "can_edit": can_edit, "key": key,
            "versions": versions(row, own=True), "record_json": json.dumps(row.record, indent=1, ensure_ascii=False),
        }
        if can_edit:
            context["json_form"] = forms.JsonForm(data={"record": context["record_json"]})
            context["action_form"] = forms.ActionForm()
            if "form" not in extra:
                context["form"] = self.form_for(game, row, outcome)
        context.update(extra)
        return render_template(self.templates["hand"], **context)

    def hand_edit(self, table: TableSession, row: HandRow, sid: str, key: str) -> Any:
        """The correction form of a hand; nothing is stored on a refusal, and the form stays as typed."""
        if request.method != "POST":
            return self.hand_page(table, row, True, key)
        form = self.form_for(self.game_of(table), row, None, request.form)
        sent = submit(form.validate(), lambda: save_correction(table, row, self.corrected(form, row), "edited", sid, key),
                      row.position)
        if sent.done:
            return sent.made
        return self.hand_page(table, row, True, key, form=form, refusal=sent.refusal)

    def json_refused(self, table: TableSession, row: HandRow, key: str, json_form: forms.JsonForm,
                     refusal: str | None) -> str:
        """The hand page again after a JSON correction the engine refused, the text kept as typed."""
        return self.hand_page(table, row, True, key, json_form=json_form, json_refusal=refusal)
