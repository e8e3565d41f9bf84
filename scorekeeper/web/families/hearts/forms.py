"""The Hearts family's result form: what each player took and what the table declared beside the cards.

Built from the game's ruleset (``engine.result_shape``: hearts or the named suit, the special cards, spots,
tricks, the first and last trick, Capot, trumps, the auction, the Joker, the moon's choice, card points),
never one template per game. It only shapes input into a ``taken`` record (the records contract) and a
stored record back into the form; whether a record is legal is the engine's answer. Which games it covers
is ``web.forms.result_form_covers`` (the start page offers those).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import BooleanField, Field, HiddenField, RadioField, SelectField
from wtforms.validators import Optional

from ....engine.hearts.auction import SUITS, auction_events
from ....engine.cards import Card, Suit
from ....engine.hearts.results import COUNT_KEYS, TRICK_KEYS
from ....engine.hearts.ruleset import DealLayout, Ruleset
from ....engine.hearts.scoring import base_points
from ....engine.seating import Seating
from ....engine.hearts.result_shape import ResultShape, result_shape
from ...forms import choices, new_client_id, seat_chosen
from ...params import WholeField


class ResultForm(FlaskForm):
    """What each player took, and what the table declared beside the cards; built by ``result_form``."""

    client_id = HiddenField()
    moon_choice = RadioField("If the moon was shot", choices=choices([("subtract", "Subtract from the shooter"),
                                                                        ("add", "Add to everyone else")]),
                             validators=[Optional()], validate_choice=False)
    cut = SelectField("Cut for odd chips won by", choices=[], validate_choice=False)

    players: Sequence[str]
    shape: ResultShape  # what the game's quick result says: the fields above are built from it
    bid_order: tuple[int, ...]  # seats from eldest to the dealer: the order of bidding
    show_cut: bool

    def of(self, kind: str, seat: int) -> Field:
        """A player's field of one kind: ``hearts``, ``spots``, ``tricks``, ``capot``, ``bid``, ``points``."""
        return self[f"{kind}_{seat}"]

    def hearts(self, seat: int) -> Field:
        return self.of("hearts", seat)

    def spot(self, seat: int) -> Field:
        return self.of("spots", seat)

    def special(self, c: Card, copy: int) -> Field:
        return self[special_name(c, copy)]

    def event_types(self) -> tuple[str, ...]:
        """The kinds of event this form says: a correction replaces these and keeps the others."""
        shape = self.shape
        return (("cut",) + (("bid", "penalty-suit") if shape.bids else ()) + (("capot",) if shape.capot else ())
                + (("trumps",) if shape.trumps else ()) + (("joker",) if shape.joker_from else ())
                + (("expose",) if shape.exposable else ()))


OUT_OF_PLAY = "out"  # a special card's choice: nobody took it
WIDOW = "widow"  # the Joker's choice: nobody played it, it lay in the widow
SUIT_CHOICES = [(s.value, s.noun) for s in Suit]


def special_name(c: Card, copy: int) -> str:
    return f"take_{c.code}" + (f"_{copy + 1}" if copy else "")


def result_form(
    ruleset: Ruleset, layout: DealLayout, players: Sequence[str], *, chips: bool, settlement: str | None = None,
    dealer: int | None = None, formdata: MultiDict[str, str] | None = None, data: Mapping[str, Any] | None = None,
) -> ResultForm:
    """The result form of this game as configured: a field for each thing its quick result says
    (``engine.result_shape``, never per game), in the order a table reads them.

    Per player: card points, heart-units, spots, tricks, a Capot declaration, a bid; then who took
    each named card and who won the first and last trick where they score; hearts out of play,
    trumps, the auction's suit, who played the Joker, the moon's choice and the cut. ``dealer`` (a
    seat) orders the bids from eldest; without it they follow the seats.
    """
    shape = result_shape(ruleset, layout, settlement)
    seats = [(str(seat), name) for seat, name in enumerate(players)]
    attrs: dict[str, Any] = {}
    for seat, name in enumerate(players):
        if shape.card_points:
            attrs[f"points_{seat}"] = WholeField(f"{name}'s card points", validators=[Optional()])
        if shape.hearts:
            attrs[f"hearts_{seat}"] = WholeField(f"{name}'s hearts", validators=[Optional()])
        if shape.spots:
            attrs[f"spots_{seat}"] = WholeField(f"{name}'s spots", validators=[Optional()])
        if shape.tricks:
            attrs[f"tricks_{seat}"] = WholeField(f"{name}'s tricks", validators=[Optional()])
        if shape.capot:
            attrs[f"capot_{seat}"] = BooleanField(f"{name} declared Capot")
        if shape.bids:
            attrs[f"bid_{seat}"] = WholeField(f"{name}'s bid", validators=[Optional()])
    taker_choices = choices([*seats, (OUT_OF_PLAY, "out of play")] if shape.out_of_play else seats)
    for c, copy in shape.named:
        attrs[special_name(c, copy)] = RadioField(f"Who took {c}", choices=taker_choices, validators=[Optional()],
                                                  validate_choice=False)
    for c in shape.exposable:  # one tap per exposed card: who showed it (Gong Zhu)
        attrs[f"expose_{c.code}"] = RadioField(f"Who exposed {c}", choices=taker_choices, validators=[Optional()],
                                               validate_choice=False)
    for key in shape.trick_winners:
        attrs[key] = RadioField(f"Who won the {key.replace('_', ' ')}", choices=choices(seats),
                                validators=[Optional()], validate_choice=False)
    if shape.dead_hearts:
        attrs["out_hearts"] = WholeField("Out of play", validators=[Optional()])
    if shape.trumps:
        pack = sorted(set(layout.pack), key=lambda c: c.sort_key)
        offered = SUIT_CHOICES if shape.trumps == "fixed-per-deal" else [(c.code, c.code) for c in pack]
        attrs["trumps"] = SelectField("Trumps", choices=choices([("", "not recorded"), *offered]),
                                      validate_choice=False)
    if shape.bids:
        attrs["penalty_suit"] = RadioField("The penalty suit named", choices=choices(SUIT_CHOICES),
                                           validators=[Optional()], validate_choice=False)
        attrs["kept_by"] = SelectField("Who named the suit", choices=choices([("", "the high bidder"), *seats]),
                                       validate_choice=False)
    if shape.joker_from:
        widow = [(WIDOW, "nobody: it lay in the widow")] if shape.joker_widow else []
        attrs["joker_from"] = RadioField("Who played the Joker", choices=choices([*seats, *widow]),
                                         validators=[Optional()], validate_choice=False)
    cls = type("GameResultForm", (ResultForm,), attrs)
    form: ResultForm = cls(formdata=formdata, data=dict(data or {}))
    form.players = tuple(players)
    form.shape = shape
    seating = Seating(tuple(players), ruleset.clockwise)
    form.bid_order = seating.order_from(seating.eldest(dealer)) if dealer is not None else tuple(range(len(players)))
    form.show_cut = chips
    form.cut.choices = choices([("", "nobody (no odd chips)"), *seats])
    if not form.client_id.data:
        form.client_id.data = new_client_id()
    return form


def result_record(form: ResultForm, keep: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The ``taken`` result record (the records contract, docs/command.md) the form says; ``keep`` is the record it corrects.

    An auction everybody passed, with no count typed, is a hand of bids only (nothing is played).
    """
    players = form.players
    taken: dict[str, dict[str, int]] = {name: {} for name in players}
    typed = False  # any count typed at all
    for seat, name in enumerate(players):
        entry = taken[name]
        if form.shape.hearts:
            hearts = form.hearts(seat).data
            typed = typed or hearts is not None
            if form.shape.spots:
                spots = form.spot(seat).data
                if spots is not None:
                    entry["spots"] = spots
                if hearts is not None:
                    entry["hearts"] = hearts
            else:
                entry["hearts"] = 0 if hearts is None else hearts
        if form.shape.tricks:
            tricks = form.of("tricks", seat).data
            entry["tricks"] = 0 if tricks is None else tricks
        if form.shape.card_points:
            points = form.of("points", seat).data
            entry["points"] = 0 if points is None else points
    for c, copy in form.shape.named:
        taker = seat_chosen(form.special(c, copy).data, players)
        if taker is not None:
            entry = taken[players[taker]]
            entry[c.code] = entry.get(c.code, 0) + 1
    for key in form.shape.trick_winners:
        winner = seat_chosen(form[key].data, players)
        if winner is not None:
            taken[players[winner]][key] = 1
    hand: dict[str, Any] = {}
    keep = keep or {}
    client_id = keep.get("id") or form.client_id.data
    if client_id:
        hand["id"] = client_id
    events = _declared(form)
    if not (form.shape.bids and not typed and _passed_out(events)):
        hand["taken"] = taken if not form.shape.card_lists else {  # Gong Zhu: lists, counts cannot say which hearts
            name: [code for code, count in entry.items() for _ in range(count)] for name, entry in taken.items()}
    if form.shape.ask_moon and form.moon_choice.data in ("subtract", "add"):
        hand["moon_choice"] = form.moon_choice.data
    if "taken" in keep:
        owned = form.event_types()
        events += [e for e in keep.get("events", []) if e.get("type") not in owned]
    cut = seat_chosen(form.cut.data, players) if form.show_cut else None
    if cut is not None:
        events.append({"type": "cut", "player": players[cut]})
    if events:
        hand["events"] = events
    return hand


def _declared(form: ResultForm) -> list[dict[str, Any]]:
    """The events the form says beside the counts: the auction, Capot declarations, trumps, the Joker."""
    players = form.players
    events: list[dict[str, Any]] = []
    if form.shape.bids:
        kept = seat_chosen(form["kept_by"].data, players)
        bids = [(players[seat], form.of("bid", seat).data or None) for seat in form.bid_order]  # blank or 0: a pass
        suit = SUITS.get(form["penalty_suit"].data or "")
        made = any(chips is not None for _, chips in bids)
        # A kept choice has no bidding (3.11 step 1); bids typed anyway go to the engine, which judges them.
        events += [dict(e) for e in auction_events(bids if kept is None or made else [], suit,
                                                   None if kept is None else players[kept])]
    if form.shape.capot:
        events += [{"type": "capot", "player": name} for seat, name in enumerate(players) if form.of("capot", seat).data]
    for c in form.shape.exposable:
        exposer = seat_chosen(form[f"expose_{c.code}"].data, players)
        if exposer is not None:
            events.append({"type": "expose", "player": players[exposer], "card": c.code})
    if form.shape.trumps and form["trumps"].data:
        events.append({"type": "trumps", "card" if form.shape.trumps == "turn-up" else "suit": form["trumps"].data})
    if form.shape.joker_from:
        played = form["joker_from"].data
        if played == WIDOW:
            events.append({"type": "joker", "widow": True})
        elif (seat := seat_chosen(played, players)) is not None:
            events.append({"type": "joker", "player": players[seat]})
    return events


def _passed_out(events: Sequence[Mapping[str, Any]]) -> bool:
    """Everybody passed and nobody named a suit: the deal is not played (2.19)."""
    return not any(e["type"] == "penalty-suit" or e.get("chips") for e in events)


def result_data(
    record: Mapping[str, Any], players: Sequence[str], ruleset: Ruleset, layout: DealLayout,
    hauls: Sequence[Any] | None = None,
) -> dict[str, Any]:
    """Form data prefilled from a stored hand: its ``taken`` counts, or what each player took
    (``hauls``, from the engine's replay) when the hand was recorded card by card or as card
    lists; and what its events declared (bids and suit, Capot, trumps, the Joker)."""
    data: dict[str, Any] = {}
    shape = result_shape(ruleset, layout)
    given: dict[str, list[int]] = {}  # card code -> seats, in order
    taken = record.get("taken")
    played = bool(record.get("play") or taken)  # an auction everybody passed has neither
    for seat, name in enumerate(players):
        entry = taken.get(name) if isinstance(taken, Mapping) else None
        if isinstance(entry, Mapping):
            for key in ("hearts", "spots", "tricks", "points"):
                if entry.get(key) is not None:
                    data[f"{key}_{seat}"] = entry[key]
            for key in TRICK_KEYS:
                if entry.get(key):
                    data[key] = str(seat)
            for key, count in entry.items():
                if key not in COUNT_KEYS and isinstance(count, int):
                    given.setdefault(key.upper(), []).extend([seat] * count)
        elif hauls is not None and seat < len(hauls) and played:
            haul = hauls[seat]
            data[f"hearts_{seat}"] = haul.hearts
            if shape.spots:
                data[f"spots_{seat}"] = haul.spots
            if shape.tricks:
                data[f"tricks_{seat}"] = haul.tricks
            if shape.card_points:
                data[f"points_{seat}"] = base_points(ruleset, haul)
            for key in TRICK_KEYS:
                if getattr(haul, key):
                    data[key] = str(seat)
            for c in haul.specials:
                given.setdefault(c.code, []).append(seat)
    for c, copy in shape.named:
        seats = given.get(c.code, [])
        if copy < len(seats):
            data[special_name(c, copy)] = str(seats[copy])
        elif shape.out_of_play:  # a stored hand: nobody took it
            data[special_name(c, copy)] = OUT_OF_PLAY
    counted = [data.get(f"hearts_{seat}") for seat in range(len(players))]
    if shape.dead_hearts and None not in counted:
        data["out_hearts"] = layout.hearts - sum(n for n in counted if n is not None)
    if record.get("moon_choice"):
        data["moon_choice"] = record["moon_choice"]
    data.update(_declared_data(record.get("events") or [], players))
    return data


def _declared_data(events: Sequence[Any], players: Sequence[str]) -> dict[str, Any]:
    """The form data of a stored hand's events (the cut, bids and suit, Capot, trumps, the Joker)."""
    data: dict[str, Any] = {}
    seat_of = {name: str(seat) for seat, name in enumerate(players)}
    bids = False
    for e in events:
        if not isinstance(e, Mapping):
            continue
        kind, player = e.get("type"), seat_of.get(e.get("player", ""))
        if kind == "cut" and player is not None:
            data["cut"] = player
        elif kind == "bid" and player is not None:
            bids = True
            data[f"bid_{player}"] = e.get("chips")
        elif kind == "penalty-suit":
            data["penalty_suit"] = e.get("suit")
            if player is not None and not bids:
                data["kept_by"] = player
        elif kind == "capot" and player is not None:
            data[f"capot_{player}"] = True
        elif kind == "trumps":
            data["trumps"] = e.get("card") or e.get("suit")
        elif kind == "joker":
            data["joker_from"] = WIDOW if e.get("widow") else player
        elif kind == "expose" and player is not None:
            data[f"expose_{str(e.get('card', '')).upper()}"] = player
    return data
