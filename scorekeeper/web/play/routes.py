"""Card by card, for every game: one page and one JSON endpoint, both built on the family seam.

The page (``/s/<sid>/<key>/play``) keeps the hand's partial record in the browser; each tap posts
``{record, action}`` to ``/s/<sid>/<key>/next``, which answers the engine's progress of the record
one action longer (``family.advance_json``), or the refusal with its sentence. The server keeps
nothing of a hand in progress: the table gives the record's head (game, options, players, dealer,
hand, what is carried into it: ``FamilyPages.card_table``), written over what the phone sends. A
complete hand is saved by the page's form through the one write path (``tables.blueprint.save_new_hand``),
or kept in the phone's outbox while offline, the engine checking it on arrival.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from flask import Response, jsonify, render_template, request, url_for

from ...boundary import refusal
from ...engine.errors import RecordSyntaxError, Said, ScorekeeperError
from ...engine import seats
from ...engine.family import family_of
from ...engine.jsontext import decode
from ...sheets.audit_steps import said
from .. import forms, lang, script_words, services
from ..families import pages_of
from ..families.base import CardTable
from ..models import TableSession
from ..next_deal import next_deal
from ..tables.access import table_route
from ..tables.blueprint import save_new_hand, sentence

MAX_BODY = 200_000  # bytes: a whole hand with its deal is a few kilobytes


def words_for(game: Any) -> dict[str, Any]:
    """The card page's words for a table of ``game``: its family's (``Vocabulary.page``, the shared ones under
    them), only those of its own family, to keep the page light on a phone; in the reader's language."""
    return script_words.family(family_of(game).vocabulary.page)


def _said(answer: dict[str, Any], game: Any) -> dict[str, Any]:
    """A progress answer with what the page shows of it in the family's words (``audit_steps.said``), if any."""
    if answer.get("ok") and "state" in answer:
        words = said(answer, family_of(game).vocabulary)  # in the reader's language (the words layer follows the page)
        if words:
            answer["said"] = words
    return answer


@table_route("/play", methods=["GET", "POST"])
def play(table: TableSession, sid: str, key: str) -> Any:
    """The card page of the table's next hand (GET); its complete record saved (POST, the page's form)."""
    start, dealt = card_table(table)
    form = forms.CardForm()
    refusal = None
    if request.method == "POST" and form.validate():
        again = _sent_before(table, form.client_id.data)
        if again is not None:  # its answer was lost: the stored hand, as stored (the table has moved on since)
            return save_new_hand(table, again, sid, key, pages_of(table.config.get("game")).noun)
        try:
            sent = decode(form.record.data or "null", Said("the hand "))
            if sent is not None and not isinstance(sent, Mapping):
                raise RecordSyntaxError(Said("the hand is sent as its record, a JSON object"))
            hand = start.stored(_checked(start, sent, form.pending.data))
            if form.client_id.data:
                hand["id"] = form.client_id.data
            return save_new_hand(table, hand, sid, key, pages_of(table.config.get("game")).noun)
        except ScorekeeperError as exc:
            refusal = sentence(exc, len(table.hands) + 1)
    elif request.method == "POST":
        refusal = "The hand could not be read: tap Save again, or record it by its result."
    if not form.client_id.data:
        form.client_id.data = forms.new_client_id()
    opening = _opening(start)
    return render_template("pages/play.html", table=table, key=key, start=start, form=form, refusal=refusal,
                           opening=opening, players=list(start.head.get("players") or ()),
                           deal_url=url_for(".give_deal", sid=sid, key=key) if _takes_deal(start) else None,
                           seats_url=_seats_url(table, start, dealt), seats_sent=list(dealt.sent),
                           words=words_for(table.config.get("game")),
                           next_url=url_for(".next_action", sid=sid, key=key),
                           result_url=url_for(".record_result", sid=sid, key=key))


def _sent_before(table: Any, client_id: str | None) -> dict[str, Any] | None:
    """The hand a form sent again already stored, by its client id: its record was checked against the deal
    current then, which the table has moved on from (the taps kept offline are not checked twice)."""
    row = next((h for h in table.hands if client_id and h.client_id == client_id), None)
    return None if row is None else dict(row.record)


def _checked(start: CardTable, record: Mapping[str, Any] | None, pending: str | None) -> dict[str, Any]:
    """The record sent, under the table's head, with the actions tapped offline added one by one, each
    checked by the engine as a tap would be. :raises ScorekeeperError: one of them is refused."""
    value = start.record(record)
    actions = decode(pending) if pending else []
    if not isinstance(actions, list):
        raise RecordSyntaxError(Said("the actions tapped offline are a list"))
    family = family_of(value["game"])
    for action in actions:
        value = family.advance_json(value, action)["record"]
    return value


def _opening(start: CardTable) -> dict[str, Any]:
    """What comes first in a fresh hand, or why this page cannot take the game's hands yet."""
    try:
        first = _said(family_of(start.head.get("game")).progress_json(start.record()), start.head.get("game"))
        (first.get("next") or {}).pop("unknown", None)  # the audit's sentence (why no choices): the page reads none
        return first
    except ScorekeeperError as exc:
        return {"ok": False, "error": lang.error_object(exc)}


def card_table(table: TableSession) -> tuple[CardTable, services.SeatDeal]:
    """Where the card page starts the table's next hand, and the deal the players sent from their own phones:
    once every seat has sent and the hands make one deal, it is in the record's head (with the passes they
    sent), written over what the page sends like the rest of the head, and stored with the hand."""
    start, position = next_deal(table)  # once per table revision
    fresh = start.record()
    dealt = services.drafts_for(table, fresh, position)
    if dealt.record is None:
        return start, dealt
    extra = {k: v for k, v in dealt.record.items() if k not in fresh}  # the deal, the passes
    return dataclasses.replace(start, head={**start.head, **extra}), dealt


def _seats_json(start: CardTable, dealt: services.SeatDeal) -> dict[str, Any]:
    """Who has sent his own hand, who is awaited, whether the deal is in (no card of anybody's)."""
    players = list(start.head.get("players") or ())
    return {"sent": list(dealt.sent), "waiting": [p for p in players if p not in dealt.sent],
            "dealt": dealt.record is not None, "problem": None if dealt.problem is None else lang.refusal(dealt.problem)}


def _seats_url(table: TableSession, start: CardTable, dealt: services.SeatDeal) -> str | None:
    """The players' own page, where the game's deal can come from the players' phones."""
    if dealt.record is None and not seats.takes_seats(family_of(start.head.get("game")), start.record()):
        return None
    return url_for(".my_hand", sid=table.id, key=table.read_key)


def _takes_deal(start: CardTable) -> bool:
    """Whether the table can give the deal of its hands on the card page (its family asks it)."""
    try:
        family_of(start.head.get("game")).dealing_json(start.record(), [])
    except ScorekeeperError:
        return False
    return True


@table_route("/deal", methods=["POST"])
def give_deal(table: TableSession, sid: str, key: str) -> tuple[Response, int]:
    """The deal the table gives, one answer at a time: ``{"record": {...}, "given": [action, ...]}``.

    200: the next question (``dealt`` false, ``next`` asked as a card page asks a tap), or the record with
    its deal under ``record`` and its progress (``dealt`` true). 422: an answer or the deal refused, with
    the engine's code and sentence. 400: the body is not such an object.
    """
    start, _ = card_table(table)
    try:
        body = _body()
    except ScorekeeperError as exc:
        return jsonify({"ok": False, "error": lang.error_object(exc)}), 400
    try:
        record = start.record(body.get("record"))
        return jsonify(_said(family_of(record["game"]).dealing_json(record, body.get("given") or []), record["game"])), 200
    except Exception as exc:  # noqa: BLE001 - the page reads JSON: even a fault of the engine's is an error object
        return jsonify({"ok": False, "error": lang.error_object(refusal(exc))}), 422


@table_route("/next", methods=["POST"])
def next_action(table: TableSession, sid: str, key: str) -> tuple[Response, int]:
    """The engine's answer to a tap: ``{"record": {...}, "action": {"kind", "player", "value"} | null}``.

    200: the progress of the record one action longer (of the record itself without an action), with
    the longer record under ``record``. 422: the action is refused, ``{"ok": false, "error": {...}}``
    with the engine's code and sentence (and ``stands``: the action that records it as the table let it
    stand, where the rules allow that). 400: the body is not such an object.
    """
    start, dealt = card_table(table)
    try:
        body = _body()
    except ScorekeeperError as exc:
        return jsonify({"ok": False, "error": lang.error_object(exc)}), 400
    try:
        record = start.record(body.get("record"))
        action = body.get("action")
        family = family_of(record["game"])
        answer: dict[str, Any] = {**family.progress_json(record), "record": record} if action is None else family.advance_json(
            record, action)
        _said(answer, record["game"])
        if dealt.sent:
            answer["seats"] = _seats_json(start, dealt)
        return jsonify(answer), 200
    except Exception as exc:  # noqa: BLE001 - the page reads JSON: even a fault of the engine's is an error object
        error = refusal(exc)
        answer = {"ok": False, "error": lang.error_object(error)}
        stands = error.stands
        if stands is not None:
            answer["stands"] = stands
        return jsonify(answer), 422


def _body() -> Mapping[str, Any]:
    """The request's JSON object, read by the engine's strict reader. :raises RecordSyntaxError: anything else."""
    data = request.get_data()
    if len(data) > MAX_BODY:
        raise RecordSyntaxError("the request body is too large for a hand")
    value = decode(data, Said("the request body "))
    if not isinstance(value, Mapping) or not (value.get("record") is None or isinstance(value.get("record"), Mapping)):
        raise RecordSyntaxError('the request body is an object: {"record": {...}, "action": {...} or null}')
    return value
