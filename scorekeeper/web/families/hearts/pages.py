"""The phone pages of a table of the trick-taking core (Hearts, Black Lady, Omnibus, ... every game of
``engine.games``): the session page with who deals and how the next hand is passed and led, the
sheet of points, a hand by its result, a stored hand's page and its corrections. Card by card is
``play``. Everything the pages say about the game comes from its ruleset.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from flask import Response, flash, jsonify, redirect, render_template, request, url_for

from ....engine.hearts import words
from ....engine.errors import Said, ScorekeeperError
from ....engine.family import family_of
from ....engine.fields import MAX_HANDS
from ....engine.hearts.games import GameDef, make_ruleset
from ....engine.hearts.ruleset import DealLayout, Ruleset
from ....engine.seating import Direction, Seating
from ....engine.hearts.settlement import METHODS, core_settled, session_from_json
from ....engine.hearts.settlement.methods import Method, make_method
from ....engine.hearts.session import session_hands
from ....sheets.charts import session_charts
from ....sheets.hearts import chart_target
from ... import forms, lang, services
from ...changes import versions
from ...models import Hand as HandRow
from ...models import TableSession
from ...tables.blueprint import POLL_SECONDS, save_correction, save_new_hand, sentence, sheet_entries
from ..base import CardTable, FamilyPages, Words, pack_rows
from ..links import table_links
from . import forms as result_forms
from ...submit import CHECK_FIELDS, checked, submit
from .... import language
from ....notes_words import note as said_note
from ....rules_words import lead_said

WORDS = Words(noun="hand", unit="points", carried="Total")


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
    lives: bool = False  # the totals are lives left, and players drop out (the settlement's ``Method.lives``)

    @property
    def id(self) -> str:
        return self.ruleset.game

    @property
    def name(self) -> str:
        return self.ruleset.name


def game_of(table: TableSession) -> Game:
    """The trick-taking game of a table, as configured."""
    config = table.config
    ruleset = make_ruleset(config["game"], config.get("options") or {})
    players = tuple(config["players"])
    settlement = config.get("settlement") or ruleset.settlement
    method = METHODS.get(settlement)
    return Game(ruleset, ruleset.layout(len(players)), players, Seating(players, ruleset.clockwise), settlement,
                bool(method and method.chips), bool(method and method.lives))


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

    @property
    def pass_words(self) -> str:
        """How the hand is passed, in words (the reader's language)."""
        if self.direction == "none":
            return language.gettext("No passing this hand.")
        if self.direction == "across":
            return language.ngettext("Pass %(num)d card across.", "Pass %(num)d cards across.", self.pass_count)
        if self.direction == "right":
            return language.ngettext("Pass %(num)d card to the right.", "Pass %(num)d cards to the right.",
                                     self.pass_count)
        return language.ngettext("Pass %(num)d card to the left.", "Pass %(num)d cards to the left.", self.pass_count)


def coming_deal(table: TableSession, game: Game) -> NextDeal | None:
    """The next deal by the engine's own rotation (a misdeal is redealt by the same dealer); None when
    the table is full (it holds ``MAX_HANDS``, the most a session holds: nothing more is dealt at it).

    Hands waiting for confirmation were dealt at the table, so they count for who deals now
    (the session record gives them to the engine as ``"counts": false``). Where players drop
    out of the session (Conquimbert, 3.17), who is still in and who deals are the settlement's.
    The rotation is read off the session with the next hand appended, so a full table is told
    apart first: that hand would be one more than a session holds.
    """
    deals = coming_deals(table, game, 0)
    return deals[0] if deals else None


def coming_deals(table: TableSession, game: Game, ahead: int) -> list[NextDeal]:
    """The next deal and the ``ahead`` deals after it (each played, none a misdeal), by the engine's own
    rotation: the session record with placeholders appended, of which only the place is read. Where
    players drop out (Conquimbert, 3.17) who is dealt in depends on the scores: the next deal only."""
    record = services.session_record(table)
    if len(record["hands"]) >= MAX_HANDS:
        return []
    ahead = min(ahead, MAX_HANDS - len(record["hands"]) - 1)  # no placeholder beyond what a session holds
    dropped = _dropped_out_deal(record) if game.lives else None
    if dropped is not None or game.lives:
        if dropped is None:
            record["hands"].append({"taken": {}})
            *_, last = session_hands(session_from_json(record))
            dropped = game.players, last.dealer, last.deal
        players, dealer_seat, number = dropped
        return [_deal(game, players, dealer_seat, number, len(table.hands) + 1)]
    stored = len(record["hands"])
    record["hands"].extend({"taken": {}} for _ in range(ahead + 1))  # placeholders: only their places are read
    placed = list(session_hands(session_from_json(record)))[stored:]
    return [_deal(game, game.players, hand.dealer, hand.deal, len(table.hands) + 1 + k) for k, hand in enumerate(placed)]


def _deal(game: Game, players: tuple[str, ...], dealer_seat: int, number: int, position: int) -> NextDeal:
    dealer = game.players[dealer_seat]
    hand_game = _dealt_to(game, players)
    ruleset, n = game.ruleset, len(players)
    direction = ruleset.pass_direction(number, n)
    return NextDeal(
        position=position, number=number, dealer=dealer, dealer_seat=dealer_seat,
        direction=direction.value, pass_count=ruleset.pass_count(n) if direction is not Direction.NONE else 0,
        lead=_lead_words(hand_game, players.index(dealer)), players=players,
    )

def _dropped_out_deal(record: dict[str, Any]) -> tuple[tuple[str, ...], int, int] | None:
    """Who the next hand is dealt to, its dealer (a seat of the session) and its deal number, where
    players drop out of the session: the engine settles the session with a void hand appended (only
    its table is read). None when it does not settle so: the game is over (or a stored hand is refused)."""
    placeholder = {"events": [{"type": "misdeal", "reason": "wrong-count"}]}
    try:
        last = core_settled({**record, "hands": [*record["hands"], placeholder]}).hands[-1]
    except ScorekeeperError:
        return None
    return last.players, list(record["players"]).index(last.dealer), last.deal

def _dealt_to(game: Game, players: Sequence[str]) -> Game:
    """The game as dealt to ``players``: the session's table, or the players still in (Conquimbert, 3.17)."""
    seated = tuple(players)
    if seated == game.players:
        return game
    ruleset = game.ruleset
    return replace(game, players=seated, layout=ruleset.layout(len(seated)), seating=Seating(seated, ruleset.clockwise))

def _lead_words(game: Game, dealer: int) -> str:
    """Who leads the first trick of the coming deal, in words (``engine.words``). Before an auction
    nobody knows who will: the page says how it is decided (2.19)."""
    ruleset = game.ruleset
    unknown = ruleset.variant.first_lead_words()
    if unknown is not None:
        return unknown
    eldest = game.players[game.seating.eldest(dealer)]
    return lead_said(words.first_lead(ruleset, game.layout, f"{eldest} ({words.eldest_side(ruleset)} of the dealer)",
                                      sentence=True))


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

def _sheet(table: TableSession) -> tuple[list[SheetRow], dict[str, Any] | None, str | None]:
    """Every stored hand in order, with the settle output of the hands that count."""
    entries, settled, error = sheet_entries(table)
    ruleset = game_of(table).ruleset
    rows = []
    for h, counts, entry in entries:
        row = SheetRow(h.position, h.struck, h.confirmed, counts, h.version_count, _kind(h.record))
        if entry:
            row.dealer, row.points = entry.get("dealer"), entry.get("points")
            row.notes = {p: said_note(words.plain_note(note, ruleset)) for p, note in (entry.get("notes") or {}).items()}
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
    game = game_of(table)
    rows, settled, error = _sheet(table)
    method = _method(table, game)
    with lang.speaking(None):  # the charts' words in the page's language
        charts = session_charts(settled, target=None if method is None else chart_target(method), lives=game.lives,
                                chips=game.chips, marks=() if method is None else method.marks())
    if game.lives and settled:  # the totals are lives left (Conquimbert, 3.17)
        settled = _shown_out(settled, rows, game.players)
    return {
        "table": table, "game": game, "words": WORDS, "rows": rows, "settled": settled, "sheet_error": error,
        "charts": charts,
        "next": coming_deal(table, game), "full": FULL, "can_edit": can_edit, "key": key,
        "confirm_form": forms.ActionForm() if can_edit else None,
        "live_url": url_for(".live_edit" if can_edit else ".live_read", sid=table.id, key=key),
        "base_url": url_for(".session_edit" if can_edit else ".session_read", sid=table.id, key=key),
        "poll_url": url_for("api.revision", session_id=table.id, key=table.read_key),
        "poll_seconds": POLL_SECONDS,
    }

def _method(table: TableSession, game: Game) -> Method | None:
    """The table's settlement, for what its charts draw (the target, the totals that change the game)."""
    try:
        return make_method(game.settlement, game.ruleset, game.seating, table.config.get("settlement_options") or {})
    except ScorekeeperError:
        return None

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


# --- one hand --------------------------------------------------------------------------------------

def _result_form(game: Game, dealer: int, **kwargs: Any) -> result_forms.ResultForm:
    """The result form of the table's game, its bids in turn from the left of ``dealer`` (a seat)."""
    return result_forms.result_form(game.ruleset, game.layout, game.players, chips=game.chips, settlement=game.settlement,
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
    found = services.settle_counting(table, row) if game.lives else None
    if found is None:
        return game, _dealer_of(table, row)
    result, index = found
    hand = result.hands[index]
    return _dealt_to(game, hand.players), hand.players.index(hand.dealer)

def _hauls(table: TableSession, row: HandRow) -> Sequence[Any] | None:
    """What each player took in this hand, by the engine's replay (for prefilling a correction)."""
    found = services.settle_counting(table, row)
    if found is None:
        return None
    result, index = found
    return result.hands[index].hauls

def _is_counts(record: Mapping[str, Any]) -> bool:
    taken = record.get("taken")
    return isinstance(taken, Mapping) and all(isinstance(e, Mapping) for e in taken.values())

def _correction_form(table: TableSession, row: HandRow, formdata: Any = None) -> result_forms.ResultForm:
    """The result form of a stored hand, as dealt: as posted, or prefilled from its record (and, for
    a hand recorded card by card, what the engine's replay says each player took)."""
    dealt, dealer = _stored_deal(table, row, game_of(table))
    if formdata is not None:
        return _result_form(dealt, dealer, formdata=formdata)
    hauls = None if _is_counts(row.record) else _hauls(table, row)
    return _result_form(dealt, dealer,
                        data=result_forms.result_data(row.record, dealt.players, dealt.ruleset, dealt.layout, hauls))


def _hand_context(table: TableSession, row: HandRow, can_edit: bool, key: str) -> dict[str, Any]:
    game = game_of(table)
    rows, settled, _ = _sheet(table)
    sheet_row = next(r for r in rows if r.position == row.position)
    return {"table": table, "game": game, "words": WORDS, "row": row, "sheet_row": sheet_row, "versions": versions(row),
            "can_edit": can_edit, "key": key, "record_json": json.dumps(row.record, indent=1, ensure_ascii=False)}


def _game_over(table: TableSession) -> str | None:
    """Who won, in a sentence, once the game is over (nothing more is recorded then); else None."""
    try:
        settled = services.current_settlement(table)
    except ScorekeeperError:  # pragma: no cover - every write settles first
        return None
    if not settled.get("finished"):
        return None
    winners = list(settled.get("winners") or [])
    if not winners:
        return language.gettext("The game is over: no hand is recorded after it.")
    said = language.say(Said("%(first)s and %(then)s", first=", ".join(winners[:-1]), then=winners[-1])) if len(
        winners) > 1 else winners[0]
    return language.gettext("The game is over: %(winners)s won. No hand is recorded after it.", winners=said)


FULL = Said("This table is full: it holds %(most)s hands, the most one table holds. Start a new table (the same "
            "players again) for the next hands.", most=MAX_HANDS)


def _sent_before(exc: ScorekeeperError) -> str:
    """The refusal of a form saved before (Back to it) and changed since: its client id holds another hand."""
    return language.gettext("This form was saved before, as hand %(number)s, with other counts: nothing is stored now. "
                            "To change hand %(number)s, correct it on its page; to record these counts as a new hand, "
                            "tap Save again.", number=exc.hand)


class HeartsPages(FamilyPages):
    """The pages of a trick-taking table (``FamilyPages``)."""

    def offers(self, game: GameDef[Any]) -> bool:
        return forms.result_form_covers(make_ruleset(game.id, {}))

    def session_page(self, table: TableSession, can_edit: bool, key: str) -> str:
        context = _live_context(table, can_edit, key)
        links = table_links(table, can_edit, key)
        misdeal_form = None
        if can_edit:
            misdeal_form = forms.MisdealForm(data={"client_id": forms.new_client_id()})
        return render_template("families/hearts/session.html", links=links, misdeal_form=misdeal_form, **context)

    def live(self, table: TableSession, can_edit: bool, key: str) -> str:
        return render_template("families/hearts/live.html", **_live_context(table, can_edit, key))

    def notes(self, table: TableSession) -> Response:
        rows, _, _ = _sheet(table)
        return jsonify({"revision": table.revision,
                        "hands": {str(r.position): dict(r.notes) for r in rows if r.notes}})

    def record(self, table: TableSession, sid: str, key: str) -> Any:
        game = game_of(table)
        if not forms.result_form_covers(game.ruleset):  # a game the form cannot say yet, started through the API
            message = language.gettext("%(game)s scores what this form cannot say yet: record its hands card by card, "
                                       "or as JSON records through the API.", game=language.word(game.ruleset.name))
            return render_template("pages/error.html", title=language.gettext("Record this hand another way"),
                                   message=message), 409
        if request.method == "GET" and (over := _game_over(table)):
            flash(over)
            return redirect(url_for(".session_edit", sid=sid, key=key))
        next_deal = coming_deal(table, game)
        if next_deal is None:
            flash(language.say(FULL), "error")
            return redirect(url_for(".session_edit", sid=sid, key=key))
        form = _result_form(_dealt_to(game, next_deal.players), next_deal.players.index(next_deal.dealer),
                            formdata=request.form if request.method == "POST" else None)
        refusal = None
        if request.method == "POST" and form.validate():
            try:
                return save_new_hand(table, result_forms.result_record(form), sid, key)
            except services.ClientIdConflict as exc:
                refusal = _sent_before(exc)
                form.client_id.data = forms.new_client_id()  # a Save now records it as a new hand
            except ScorekeeperError as exc:
                refusal = sentence(exc, len(table.hands) + 1)
        elif request.method == "POST":
            refusal = CHECK_FIELDS
        return render_template("families/hearts/result.html", table=table, game=game, words=WORDS, form=form,
                               refusal=refusal, key=key, next=next_deal)

    def hand_page(self, table: TableSession, row: HandRow, can_edit: bool, key: str) -> str:
        return render_template("families/hearts/hand.html", **_hand_context(table, row, can_edit, key))

    def hand_edit(self, table: TableSession, row: HandRow, sid: str, key: str) -> Any:
        posted = request.method == "POST"
        form = _correction_form(table, row, request.form if posted else None)
        sent = submit(checked(form), lambda: save_correction(
            table, row, result_forms.result_record(form, keep=row.record), "edited", sid, key), row.position)
        if sent.done:
            return sent.made
        refusal = sent.refusal
        json_form = forms.JsonForm(data={"record": json.dumps(row.record, indent=1, ensure_ascii=False)})
        return render_template("families/hearts/hand.html", form=form, refusal=refusal, json_form=json_form,
                               action_form=forms.ActionForm(), **_hand_context(table, row, True, key))

    def json_refused(self, table: TableSession, row: HandRow, key: str, json_form: forms.JsonForm,
                     refusal: str | None) -> str:
        form = _correction_form(table, row)
        return render_template("families/hearts/hand.html", form=form, json_refusal=refusal, json_form=json_form,
                               action_form=forms.ActionForm(), **_hand_context(table, row, True, key))

    def trick_game(self, table: TableSession) -> Game:
        return game_of(table)

    def card_table(self, table: TableSession) -> CardTable:
        game = game_of(table)
        deal = coming_deal(table, game)
        if deal is None:
            raise services.NotFound(FULL)
        return _card_table(table, game, deal)

    def coming(self, table: TableSession, ahead: int, turns: bool = False) -> list[dict[str, Any]]:
        game = game_of(table)
        found = []
        for deal in coming_deals(table, game, ahead):
            said: dict[str, Any] = {"position": deal.position, "number": deal.number, "dealer": deal.dealer,
                                    "pass": deal.pass_words, "lead": deal.lead, "context": _deals(deal)}
            if turns:  # the card page: who plays first, and the order of play
                start = _card_table(table, game, deal)
                opening = family_of(game.id).progress_json(start.record())
                said["turn"] = {k: v for k, v in (opening.get("next") or {}).items() if k in ("kind", "player", "ask", "count")}
                seating = _dealt_to(game, deal.players).seating
                said["order"] = [seating.name(seat) for seat in itertools.accumulate(
                    range(seating.size - 1), lambda seat, _: seating.next(seat), initial=0)]
            found.append(said)
        return found


def _deals(deal: NextDeal) -> str:
    """Who deals the coming hand and who leads it, in the reader's words (the card page's line)."""
    return f"{language.gettext('%(dealer)s deals.', dealer=deal.dealer)} {deal.lead}"


def _card_table(table: TableSession, game: Game, deal: NextDeal) -> CardTable:
    head = {"game": game.id, "options": table.config.get("options") or {}, "players": list(deal.players),
            "dealer": deal.dealer, "hand": deal.number}
    return CardTable(head, language.gettext("Hand %(number)s", number=deal.position), _deals(deal), start={"play": []},
                     pack=pack_rows(_dealt_to(game, deal.players).layout.copies), number=deal.position)


PAGES = HeartsPages()
