"""The quick-result form of a Reversis hand, built from what ``engine.reversis.quick`` reads.

Per player the tricks won and the card points in them (A 4, K 3, Q 2, J 1); for the Quinola
(J♥) and each ace, who played it, in which trick, how (led, followed to its own suit, or
discarded on another suit), who led that trick and who won it, or that it lay in the talon;
and what the counts cannot show: a Reversis attempted and broken, an Espagnolette (declared,
or committed by a revoke), an established revoke, a claim the hand winner did not demand,
the talon's card points as a check, or a misdeal. A made Reversis needs nothing: eleven
tricks say it. These functions only shape input into a record (FORMAT.md) and a stored
record back into fields; whether the hand is possible is the engine's answer.

The page asks only what the first answers call for (``asked``): the trick, how and who led
only for a card played in a trick, who led only when its player did not lead it, who won only
when the card does not say so (an ace led or followed to its own suit wins its trick). What
the page does not ask is not read either, so a box the page hid never changes the record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, RadioField, SelectField
from wtforms.validators import Optional

from ....engine.cards import card
from ....engine.reversis.actions import HOWS, MISDEAL_REASONS
from ....engine.reversis.rules import ACES, LAST_TRICKS, PAYING_CARDS, TRICKS
from ....engine.hearts.words import card_label
from ...forms import MISDEAL_WORDS, choices, new_client_id, seat_chosen
from ...params import WholeField, count
from ....language import N_

CARDS = tuple(c.code for c in PAYING_CARDS)  # JH AS AH AD AC, as the engine lists them
ACE_CODES = frozenset(c.code for c in ACES)
TALON = "talon"
HOW_WORDS = {"led": N_("led"), "followed": N_("followed"), "discarded": N_("discarded")}  # translated by hand_form
COMMONEST_HOW = "followed"  # what most plays of these cards are: the page starts there
KEPT_EVENTS = ("exposed-own", "revoke-corrected", "cut")  # notes a correction by this form keeps as they were
assert set(HOW_WORDS) == set(HOWS)


class ReversisHandForm(FlaskForm):
    """One hand's quick result; the per-player and per-card fields are added for the table."""

    client_id = HiddenField()
    talon_points = WholeField(_l("Card points in the talon (optional: the engine derives them)"), validators=[Optional()])
    broken_player = SelectField(_l("Attempted by"), choices=[], validate_choice=False)
    broken_by = SelectField(_l("and broken by"), choices=[], validate_choice=False)
    broken_trick = RadioField(_l("in trick"), choices=choices([(str(t), str(t)) for t in range(LAST_TRICKS, TRICKS + 1)]),
                              validators=[Optional()], validate_choice=False)
    esp_player = SelectField(_l("Espagnolette played by"), choices=[], validate_choice=False)
    esp_declared = RadioField("", choices=choices([("1", N_("declared before the first lead")),
                                                   ("0", N_("did not declare, but revoked (committed)"))]),
                              default="1", validators=[Optional()], validate_choice=False)
    revoke_player = SelectField(_l("Revoke by"), choices=[], validate_choice=False)
    revoke_trick = WholeField(_l("in trick"), validators=[Optional()])
    misdeal = RadioField(_l("What happened"), choices=choices([("", N_("No misdeal")), *MISDEAL_WORDS.items()]),
                         validators=[Optional()], validate_choice=False)

    players: tuple[str, ...]
    cards = CARDS

    def validate(self, extra_validators: Any = None) -> bool:
        """Besides the fields' own checks: every paying card is accounted for, unless the deal was void.
        (A card left out is not taken for the talon: the table says so with one tap.)"""
        valid: bool = super().validate(extra_validators)
        if self.misdeal.data in MISDEAL_REASONS:
            return valid
        for code in self.cards:
            field = self.card(code, "player")
            if not field.data:
                field.errors = [*field.errors, gettext("Say who played %(card)s, or that it lay in the talon.",
                                                       card=card_label(card(code)))]
                valid = False
        return valid

    @property
    def rare_given(self) -> bool:
        """Whether the folded part of the page (a broken Reversis, an Espagnolette, a revoke, a lead not
        claimed, the talon's points) holds an answer or an error: then it opens."""
        rare = [self.broken_player, self.broken_by, self.broken_trick, self.esp_player, self.revoke_player,
                self.revoke_trick, self.talon_points, *(self.card(code, "waived") for code in self.cards)]
        return any(f.errors or f.data not in (None, "", False) for f in rare)

    def tricks(self, seat: int) -> Field:
        return self[f"tricks_{seat}"]

    def points(self, seat: int) -> Field:
        return self[f"points_{seat}"]

    def card(self, code: str, part: str) -> Field:
        """``part``: player, trick, how, leader, winner or waived."""
        return self[f"{code}_{part}"]


def _seats(players: Sequence[str]) -> list[tuple[str, str]]:
    return [(str(seat), name) for seat, name in enumerate(players)]


def hand_form(players: Sequence[str], *, formdata: Any = None, data: Mapping[str, Any] | None = None) -> ReversisHandForm:
    """The quick-result form of this table."""
    seats = _seats(players)
    attrs: dict[str, Any] = {}
    for seat, name in enumerate(players):
        attrs[f"tricks_{seat}"] = WholeField(f"{name}'s tricks", validators=[Optional()])
        attrs[f"points_{seat}"] = WholeField(f"{name}'s card points", validators=[Optional()])
    for code in CARDS:
        attrs[f"{code}_player"] = RadioField(gettext("Who played %(card)s?", card=card_label(card(code))),
                                             choices=choices([*seats, (TALON, gettext("talon"))]),
                                             validators=[Optional()], validate_choice=False)
        attrs[f"{code}_trick"] = WholeField(gettext("In trick"), validators=[Optional()])
        attrs[f"{code}_how"] = RadioField(gettext("How"), choices=choices([(how, gettext(words)) for how, words in HOW_WORDS.items()]),
                                          default=COMMONEST_HOW,
                                          validators=[Optional()], validate_choice=False)
        attrs[f"{code}_leader"] = RadioField(gettext("Led by"), choices=choices(seats), validators=[Optional()],
                                             validate_choice=False)
        attrs[f"{code}_winner"] = RadioField(gettext("Won by"), choices=choices(seats), validators=[Optional()],
                                             validate_choice=False)
        attrs[f"{code}_waived"] = BooleanField(gettext("Led, and the hand winner did not claim it"))
    cls = type("ReversisHandForm_", (ReversisHandForm,), attrs)
    form: ReversisHandForm = cls(formdata=formdata, data=dict(data or {}))
    form.players = tuple(players)
    for field in (form.broken_player, form.broken_by, form.esp_player, form.revoke_player):
        field.choices = choices([("", gettext("nobody")), *seats])
    form.esp_declared.choices = choices([(c.value, gettext(c.label)) for c in form.esp_declared.choices])
    if not form.client_id.data:
        form.client_id.data = new_client_id()
    return form


def _number(raw: Any) -> int | str | None:
    """A trick number from a form field (a number box, or a choice of 10 and 11): the engine checks it."""
    text = "" if raw is None else str(raw)
    number = count(text)
    return number if number is not None else (text or None)


def asked(code: str, how: str | None) -> frozenset[str]:
    """The parts of a played card the page asks, besides who played it: the trick and how; who led the trick
    unless its player led it; who won it unless the card says (an ace led or followed wins its own trick).
    The page's style sheet shows the same rows (``.card-block`` in ``static/app.css``)."""
    parts = {"trick", "how"}
    if how != "led":
        parts.add("leader")
    if code not in ACE_CODES or how not in ("led", "followed"):
        parts.add("winner")
    return frozenset(parts)


def _card_entry(form: ReversisHandForm, code: str, player: int) -> dict[str, Any]:
    """One ``quinola_aces`` entry from the parts the page asks (``asked``): an ace led or followed wins its
    own trick, so its winner is its player; the leader of a card led is its player."""
    players = form.players
    how = form.card(code, "how").data or None
    parts = asked(code, how)
    entry: dict[str, Any] = {"player": players[player], "trick": _number(form.card(code, "trick").data), "how": how}
    if "leader" in parts:
        leader = seat_chosen(form.card(code, "leader").data, players)
        entry["leader"] = None if leader is None else players[leader]
    winner = seat_chosen(form.card(code, "winner").data, players) if "winner" in parts else player
    entry["winner"] = None if winner is None else players[winner]
    return entry


def hand_record(form: ReversisHandForm, keep: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The quick-result record (FORMAT.md) the form says; ``keep`` is the record it corrects (its id and notes stay)."""
    players = form.players
    keep = keep or {}
    hand: dict[str, Any] = {}
    client_id = keep.get("id") or form.client_id.data
    if client_id:
        hand["id"] = client_id
    if form.misdeal.data in MISDEAL_REASONS:  # the deal is void: nothing else about it counts
        hand["events"] = [{"type": "misdeal", "reason": form.misdeal.data}]
        return hand
    events: list[dict[str, Any]] = []
    esp = seat_chosen(form.esp_player.data, players)
    if esp is not None:
        events.append({"type": "espagnolette", "player": players[esp]})
        if form.esp_declared.data == "0":
            events[-1]["declared"] = False
    revoker = seat_chosen(form.revoke_player.data, players)
    if revoker is not None:
        events.append({"type": "revoke", "player": players[revoker], "trick": _number(form.revoke_trick.data)})
    hand["taken"] = {name: {"tricks": form.tricks(seat).data or 0, "points": form.points(seat).data or 0}
                     for seat, name in enumerate(players)}
    cards: dict[str, Any] = {}
    for code in CARDS:
        player = seat_chosen(form.card(code, "player").data, players)
        cards[code] = None if player is None else _card_entry(form, code, player)
        if player is not None and form.card(code, "waived").data:
            events.append({"type": "waive", "player": players[player], "trick": cards[code]["trick"]})
    hand["quinola_aces"] = cards
    if form.talon_points.data is not None:
        hand["talon_points"] = form.talon_points.data
    attempter, breaker = seat_chosen(form.broken_player.data, players), seat_chosen(form.broken_by.data, players)
    if attempter is not None:
        hand["reversis"] = {"player": players[attempter], "broken_by": None if breaker is None else players[breaker],
                            "trick": _number(form.broken_trick.data)}
    events += [dict(e) for e in keep.get("events") or [] if isinstance(e, Mapping) and e.get("type") in KEPT_EVENTS]
    if events:
        hand["events"] = events
    return hand


def hand_data(quick: Mapping[str, Any], players: Sequence[str]) -> dict[str, Any]:
    """Form data prefilled from a quick-result record (a stored one, or the one the engine writes for a
    hand recorded with every card, ``quick_result_of``)."""
    seat_of: dict[Any, str] = {name: str(seat) for seat, name in enumerate(players)}
    data: dict[str, Any] = {}
    events = [e for e in quick.get("events") or [] if isinstance(e, Mapping)]
    misdeal = next((e for e in events if e.get("type") == "misdeal"), None)
    if misdeal is not None:
        data["misdeal"] = misdeal.get("reason")
        return data
    for name, taken in (quick.get("taken") or {}).items():
        if name in seat_of and isinstance(taken, Mapping):
            data[f"tricks_{seat_of[name]}"] = taken.get("tricks")
            data[f"points_{seat_of[name]}"] = taken.get("points")
    waived = {(e.get("player"), e.get("trick")) for e in events if e.get("type") == "waive"}
    for code, entry in (quick.get("quinola_aces") or {}).items():
        if code not in CARDS:
            continue
        if not isinstance(entry, Mapping):
            data[f"{code}_player"] = TALON
            continue
        data[f"{code}_player"] = seat_of.get(entry.get("player"), "")
        data[f"{code}_trick"] = entry.get("trick")
        data[f"{code}_how"] = entry.get("how")
        data[f"{code}_leader"] = seat_of.get(entry.get("leader"), "")
        data[f"{code}_winner"] = seat_of.get(entry.get("winner"), "")
        data[f"{code}_waived"] = (entry.get("player"), entry.get("trick")) in waived
    if quick.get("talon_points") is not None:
        data["talon_points"] = quick["talon_points"]
    reversis = quick.get("reversis")
    if isinstance(reversis, Mapping) and reversis.get("broken_by") in seat_of:
        data["broken_player"] = seat_of.get(reversis.get("player"), "")
        data["broken_by"] = seat_of[reversis["broken_by"]]
        data["broken_trick"] = str(reversis.get("trick") or "")
    for e in events:
        if e.get("type") == "espagnolette" and e.get("player") in seat_of:
            data["esp_player"] = seat_of[e["player"]]
            data["esp_declared"] = "0" if e.get("declared") is False else "1"
        elif e.get("type") == "revoke" and e.get("player") in seat_of:
            data["revoke_player"] = seat_of[e["player"]]
            data["revoke_trick"] = e.get("trick")
    return data


__all__ = ["ReversisHandForm", "hand_form", "hand_record", "hand_data", "asked", "CARDS", "TALON"]
