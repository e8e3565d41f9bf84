"""A hand of the trick-taking core card by card: the card page, and the engine's answer to each card tapped.

Every card goes to the engine (``play_check``) as it is tapped; the page never decides a rule. The
routes are ``play``'s; a table of this family hands them here (``HeartsPages.card_page``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response, jsonify, render_template, request

from ....engine.cards import Suit, card
from ....engine.errors import ScorekeeperError
from ....engine.hand import Hand
from ....engine.output import points_json
from ....engine.records import from_json
from ....engine.replay import REVOKE_CODES, replay
from ....engine.ruleset import DealLayout
from ... import forms
from ...extensions import db
from ...models import TableSession
from ...views import format_points, save_new_hand, sentence
from .pages import Game, NextDeal, coming_deal, game_of


def _grid(layout: DealLayout) -> list[tuple[str, list[tuple[str, int]]]]:
    """The pack's cards by suit, high to low: (suit letter, [(card code, copies)])."""
    suits = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        cards = sorted((c for c in layout.copies if c.suit is suit), key=lambda c: c.sort_key)
        suits.append((suit.value, [(c.code, layout.copies[c]) for c in cards]))
    return suits


def card_page(table: TableSession, sid: str, key: str) -> Any:
    """Record a whole hand card by card; every card is checked by the engine as it is tapped."""
    game = game_of(table)
    if not forms.card_page_covers(game.ruleset):
        message = (f"In {game.ruleset.name} the cards alone do not say whose turn it is or who wins a trick (trumps, "
                   "bids, players dropping out or trades decide it): record the hand by its result, or the whole "
                   "hand as a JSON record on its page or through the API.")
        return render_template("pages/error.html", title="Record this hand by its result", message=message), 409
    next_deal = coming_deal(table, game)
    form = forms.PlayForm()
    refusal = None
    plays: list[str] = []
    if request.method == "POST" and form.validate():
        plays = [p for p in (form.plays.data or "").replace(",", " ").split() if p]
        hand = _as_sent_before(table, _play_record(game, next_deal, form, plays))
        try:
            return save_new_hand(table, hand, sid, key)
        except ScorekeeperError as exc:
            db.session.rollback()
            refusal = sentence(exc, len(table.hands) + 1)
    if not form.client_id.data:
        form.client_id.data = forms.new_client_id()
    two_clubs = _needs_leader(game)
    ruleset = game.ruleset
    return render_template(
        "families/hearts/play.html", table=table, game=game, form=form, refusal=refusal, key=key, next=next_deal,
        grid=_grid(game.layout), plays=plays, two_clubs=two_clubs,
        trumps=ruleset.trumps if ruleset.trumps in forms.TRUMPS_ASKED else None,
        ask_moon=bool(ruleset.moon and ruleset.moon.has_choice and ruleset.moon_choice == "ask"),
        total=_cards_in_hand(game),
    )


def _play_record(game: Game, deal: NextDeal, form: forms.PlayForm, plays: list[str]) -> dict[str, Any]:
    """The full play record (the records contract, docs/command.md) the card page sends: the cards, who led, and choices.

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

def _as_sent_before(table: TableSession, hand: dict[str, Any]) -> dict[str, Any]:
    """A form sent again after its hand was stored (its answer lost, or a phone's kept form sent twice): the
    hand as stored when its cards are the same. The record written now would name the leader of the next
    deal, and be taken for another hand under the same client id."""
    client_id = hand.get("id")
    for row in table.hands:
        if client_id and row.client_id == client_id and row.record.get("play") == hand.get("play"):
            return dict(row.record)
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


def card_check(table: TableSession) -> tuple[Response, int]:
    """Check the cards so far plus one more with the engine (without the deal).

    Body: ``{"plays": ["2C", ...], "card": "QS" | null, "leader": name | null, "moon_choice": ...,
    "revoke": {"player": name, "trick": n} | null}``. Answers the state after the accepted cards
    (whose turn, the trick so far, tricks won), or, for a refused card, ``ok: false`` with the
    engine's error object and the state before it. A refused revoke comes with ``claim``: the
    revoke event that records it as established, should the table have let it stand (4.1).
    """
    game = game_of(table)
    if not forms.card_page_covers(game.ruleset):
        return jsonify({"ok": False, "error": {"code": "syntax", "message": "this game is not recorded card by card "
                                                                             "here: record it by its result"}}), 409
    deal = coming_deal(table, game)
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
        if exc.code == "incomplete" or _trumps_not_chosen_yet(exc, cards, trumps_event):
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


def _trumps_not_chosen_yet(exc: ScorekeeperError, cards: list[str], trumps: Mapping[str, str] | None) -> bool:
    """The page's first check, before the table has said the trumps or tapped a card: the engine refuses a
    finished record without trumps, but nothing has been played to refuse yet (the page asks for them)."""
    return exc.code == "trumps" and trumps is None and not cards


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
