"""The phone pages' forms, built from the engine's definitions, never one template per game.

The start form takes its option fields from the game's ``OptionSpec``s and the
settlement's ``option_specs``; the result form takes its fields from the ruleset
(hearts or the named suit, the special cards, spots, tricks, the first and last trick,
Capot, trumps, the auction, the Joker, the moon's choice, card points). These functions only
shape input into records: whether a record is legal is the engine's answer.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from flask_wtf import FlaskForm
from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import MultiDict
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    HiddenField,
    RadioField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ..engine import fields
from ..engine.auction import SUITS, auction_events
from ..engine.cards import Card, Suit
from ..engine.games import GAMES, GameDef, make_ruleset
from ..engine.options import OptionSpec
from ..engine.records import MISDEAL_REASONS
from ..engine.results import COUNT_KEYS, TRICK_KEYS, takes_card_points
from ..engine.ruleset import DealLayout, Ruleset
from ..engine.scoring import base_points
from ..engine.seating import Seating
from ..engine.result_shape import ResultShape, result_shape
from ..engine.settlement import METHODS
from .params import WholeField
from .lang import LANGUAGES

OPTION_PREFIX = "opt_"
SETTLEMENT_PREFIX = "setopt_"
MAX_NAME = fields.MAX_NAME  # the engine's bound on a name, checked here first to keep the form as typed


# --- option values in HTML ------------------------------------------------------------------------

def encode(value: Any) -> str:
    """An option value as a form value: ``true``/``false``, numbers as digits, strings as they are."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def decode(raw: str | None, spec: OptionSpec) -> Any:
    """The option value a form value stands for; KeyError when the option does not take it."""
    for choice in spec.choices:
        if encode(choice) == raw:
            return choice
    raise KeyError(raw)


def is_yes_no(spec: OptionSpec) -> bool:
    return tuple(spec.choices) == (False, True)


def label_of(name: str) -> str:
    """``first_lead`` -> ``First lead``."""
    return name.replace("_", " ").capitalize()


def sentence(line: str) -> str:
    """A line of words as a sentence: ``pass three`` -> ``Pass three.`` ("" stays "")."""
    if not line:
        return ""
    return line[0].upper() + line[1:] + ("" if line.endswith((".", "!", "?")) else ".")


def choices(pairs: Sequence[tuple[str, str]]) -> list[SelectChoice]:
    """(value, label) pairs as WTForms choices."""
    return [SelectChoice(value, label) for value, label in pairs]


def new_client_id() -> str:
    """A random id per form load: the same hand sent twice is stored once (services.add_hand)."""
    return secrets.token_urlsafe(12)


def _option_field(spec: OptionSpec, default: Any) -> Field:
    """An option's field in the player's words (``OptionSpec.title``, ``summary``, each value's name); the
    values sent are the ids the records keep."""
    if is_yes_no(spec):
        return BooleanField(spec.title, default=bool(default), description=spec.summary)
    return SelectField(
        spec.title, choices=choices([(encode(c), spec.value_name(c)) for c in spec.choices]),
        default=encode(default), description=spec.summary,
    )


# --- start a table -----------------------------------------------------------------------------

class OptionField:
    """An option on the start form: its spec, its field, and what the page says of it."""

    def __init__(self, spec: OptionSpec, field: Field) -> None:
        self.spec, self.field, self.yes_no = spec, field, is_yes_no(spec)

    def __iter__(self) -> Iterator[Any]:
        """(spec, field, is a yes/no checkbox), as the readers of the form unpack it."""
        return iter((self.spec, self.field, self.yes_no))

    @property
    def values(self) -> list[tuple[str, str, str]]:
        """(value sent, its name, its line as a sentence) for each value the option takes."""
        return [(encode(c), self.spec.value_name(c), sentence(self.spec.value_line(c))) for c in self.spec.choices]

    @property
    def line(self) -> str:
        """What the chosen value means, as a sentence."""
        return sentence(next((line for value, _, line in self.values if value == self.field.data), ""))

    @property
    def renamed(self) -> list[tuple[str, str]]:
        """(id, name) of the values whose name is not the id itself (for the source detail)."""
        return [(value, name) for value, name, _ in self.values if name != value]



class StartForm(FlaskForm):
    """Players in seating order, the game and its options, the settlement, stake and first dealer."""

    players = FieldList(StringField(_l("Player"), validators=[Length(max=MAX_NAME)]), min_entries=4, max_entries=12)
    game = SelectField(_l("Game"), choices=[])
    profile = SelectField(_l("Version"), choices=[], validate_choice=False)
    settlement = SelectField(_l("Settlement"), choices=[], validate_choice=False)
    stake = StringField(_l("Stake (money per point or chip, optional)"), validators=[Length(max=16)])
    table_stakes = WholeField(_l("Chips each player brings (optional)"),
                                validators=[Optional(), NumberRange(1, 1_000_000, "a whole number from 1 to 1,000,000")])
    first_dealer = SelectField(_l("First dealer"), choices=[], validate_choice=False)
    confirm_required = BooleanField(_l("Hands count only once a second phone confirms them"))
    language = SelectField(_l("Language of the table and its score sheet"), choices=[], validate_choice=True)
    shown = HiddenField()  # game|profile|settlement the option fields were built for

    game_def: GameDef
    option_specs: tuple[OptionSpec, ...]
    settlement_specs: tuple[OptionSpec, ...]

    def option_fields(self) -> list[OptionField]:
        """Each of the game's options: its spec, its field, and its values in words."""
        return [OptionField(s, self[OPTION_PREFIX + s.name]) for s in self.option_specs]

    def settlement_fields(self) -> list[OptionField]:
        return [OptionField(s, self[SETTLEMENT_PREFIX + s.name]) for s in self.settlement_specs]

    def names(self) -> list[str]:
        """The players typed, blank rows left out, in seating order."""
        return [(entry.data or "").strip() for entry in self.players if (entry.data or "").strip()]


def result_form_covers(ruleset: Ruleset) -> bool:
    """Whether the result form has a field for all a quick result of this game says (see
    ``result_form``): heart-units, spots, special cards, tricks, the first and last trick, Capot,
    trumps (turned up or named), an auction, the Joker, cards out of play, or card points alone
    (Conquimbert: its trumps and trades decide no count). A game that ranks its cards another way
    or chooses trumps another way is not offered until the form learns it (the engine,
    ``scorekeeper settle`` and the JSON API play it)."""
    if takes_card_points(ruleset):
        return True
    return ruleset.trumps in ("none", "turn-up", "fixed-per-deal") and ruleset.rank_order == "natural"




def app_games() -> dict[str, GameDef]:
    """The trick-taking games the phone pages offer (``result_form_covers`` their rules)."""
    return {key: game for key, game in GAMES.items() if result_form_covers(make_ruleset(key, {}))}


def start_form(
    game: GameDef, profile: str | None, settlement: str, defaults: Mapping[str, Any], formdata: MultiDict[str, str] | None,
    methods: Mapping[str, Any] = METHODS, games: Sequence[GameDef] | None = None,
) -> StartForm:
    """A start form for ``game``: one field per option (``defaults`` are the profile's values).

    ``methods`` are the settlements the game can use (by id, each with ``option_specs``);
    ``games`` the games offered (the registry's by default).
    """
    specs = tuple(s for s in game.options.values() if s.name != "profile")
    method = methods.get(settlement)
    settlement_specs = tuple(method.option_specs) if method else ()
    attrs: dict[str, Any] = {}
    for spec in specs:
        attrs[OPTION_PREFIX + spec.name] = _option_field(spec, defaults.get(spec.name, spec.default))
    for spec in settlement_specs:
        attrs[SETTLEMENT_PREFIX + spec.name] = _option_field(spec, spec.default)
    cls = type("GameStartForm", (StartForm,), attrs)
    form: StartForm = cls(formdata=formdata)
    form.game_def = game
    form.option_specs = specs
    form.settlement_specs = settlement_specs
    form.game.choices = choices([(g.id, g.name) for g in (app_games().values() if games is None else games)])
    profile = game.options.get("profile")
    form.profile.choices = choices([(p, profile.value_name(p) if profile else p) for p in game.profiles])
    form.language.choices = choices(list(LANGUAGES.items()))
    return form


def start_formdata(
    posted: Mapping[str, str], shown: Sequence[str], game: GameDef, profile: str | None, settlement: str,
    default_settlement: str, defaults: Mapping[str, Any], methods: Mapping[str, Any] = METHODS,
) -> tuple[MultiDict[str, str], str, bool]:
    """What the start form shows after a POST: (form data, settlement, whether it is only a refresh).

    ``shown`` is the game, profile and settlement the posted fields were built for. Another game
    or profile gets its own option fields with its defaults (and its own settlement); another
    settlement with options gets its option fields; adding or removing a player row (without
    JavaScript) or the "update" button also only redraws the form.
    """
    formdata: MultiDict[str, str] = MultiDict(posted)
    action = posted.get("action", "")
    refresh = action in ("refresh", "add-player") or action.startswith("remove-")
    if shown[0] != game.id or shown[1] != (profile or ""):
        settlement = default_settlement
        _reset(formdata, (OPTION_PREFIX, SETTLEMENT_PREFIX), settlement, defaults, game, methods)
        refresh = True
    elif shown[2] != settlement and methods[settlement].option_specs:
        _reset(formdata, (SETTLEMENT_PREFIX,), settlement, defaults, game, methods)
        refresh = True
    if action == "add-player":
        count = len([k for k in formdata if k.startswith("players-")])
        formdata.setlist(f"players-{count + 100}", [""])  # FieldList renumbers the rows
    elif action.startswith("remove-"):
        formdata.poplist(f"players-{action[7:]}")
    return formdata, settlement, refresh


def _reset(
    formdata: MultiDict[str, str], prefixes: tuple[str, ...], settlement: str, defaults: Mapping[str, Any],
    game: GameDef, methods: Mapping[str, Any] = METHODS,
) -> None:
    """Drop typed option values, so the fields show the new game's (or settlement's) defaults."""
    for key in list(formdata):
        if key.startswith(prefixes):
            formdata.poplist(key)
    formdata["settlement"] = settlement
    if OPTION_PREFIX in prefixes:
        for spec in game.options.values():
            if spec.name != "profile":
                _default_into(formdata, OPTION_PREFIX + spec.name, spec, defaults.get(spec.name, spec.default))
    method = methods.get(settlement)
    for spec in method.option_specs if method else ():
        _default_into(formdata, SETTLEMENT_PREFIX + spec.name, spec, spec.default)


def _default_into(formdata: MultiDict[str, str], name: str, spec: OptionSpec, value: Any) -> None:
    """Post a default as a browser would: a checked box sends "y", an unchecked one nothing."""
    if is_yes_no(spec):
        if value:
            formdata[name] = "y"
    else:
        formdata[name] = encode(value)


def chosen_options(form: StartForm, defaults: Mapping[str, Any]) -> dict[str, Any]:
    """The options that differ from the game's (and profile's) defaults, plus the profile."""
    options: dict[str, Any] = {}
    if form.game_def.profiles and form.profile.data:
        options["profile"] = form.profile.data
    for spec, field, _ in form.option_fields():
        value = bool(field.data) if is_yes_no(spec) else decode(field.data, spec)
        if value != defaults.get(spec.name, spec.default) or type(value) is not type(defaults.get(spec.name, spec.default)):
            options[spec.name] = value
    return options


def chosen_settlement_options(form: StartForm) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for spec, field, _ in form.settlement_fields():
        value = bool(field.data) if is_yes_no(spec) else decode(field.data, spec)
        if value != spec.default or type(value) is not type(spec.default):
            options[spec.name] = value
    return options


# --- a hand by its result ------------------------------------------------------------------------

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
                + (("trumps",) if shape.trumps else ()) + (("joker",) if shape.joker_from else ()))


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


def seat_chosen(raw: Any, players: Sequence[str]) -> int | None:
    """The seat a form's player choice names (its value is the seat number), or None."""
    try:
        seat = int(raw)
    except (TypeError, ValueError):
        return None
    return seat if 0 <= seat < len(players) else None


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
        hand["taken"] = taken
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
        data["out_hearts"] = layout.hearts - sum(counted)
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
    return data


# --- corrections, actions, card by card ----------------------------------------------------------

class JsonForm(FlaskForm):
    """A corrected hand record as JSON (how a card-by-card record is corrected)."""

    record = TextAreaField(_l("The hand record (JSON)"), validators=[InputRequired(), Length(max=100_000)])


class ActionForm(FlaskForm):
    """A button that writes (confirm, strike out, restore): only the CSRF token."""


class CardForm(FlaskForm):
    """A hand recorded card by card, sent whole once the engine says it is complete: its record as JSON
    (the card page keeps it in the browser), and the client id that makes a resend store nothing twice."""

    client_id = HiddenField()
    record = HiddenField(validators=[InputRequired(), Length(max=200_000)])
    pending = HiddenField(validators=[Length(max=20_000)])  # actions tapped offline, checked when it arrives


class AuditForm(FlaskForm):
    """A hand to audit as typed (JSON, the text notation, or its plays), the step to show, the step tapped to
    change and the choice tapped instead (a what-if), and who applies the rule and why."""

    record = TextAreaField("The hand to audit", validators=[Optional(), Length(max=100_000)])
    step = WholeField(validators=[Optional(), NumberRange(min=0, max=10_000)])
    change = WholeField(validators=[Optional(), NumberRange(min=0, max=10_000)])
    whatif_step = WholeField(validators=[Optional(), NumberRange(min=0, max=10_000)])
    whatif_value = StringField(validators=[Optional(), Length(max=400)])
    whatif_amount = WholeField(validators=[Optional(), NumberRange(min=0, max=1_000_000)])
    who = StringField("Decided by", validators=[Optional(), Length(max=60)])
    why = StringField("Why", validators=[Optional(), Length(max=120)])


# Catalogue 4.2, cases 1, 3 and 4: the deal is void and the same dealer deals again.
MISDEAL_WORDS = {
    "exposed-other": "A card of another player was turned up during the deal",
    "face-up-in-pack": "A card was found face up in the pack",
    "wrong-count": "Someone has too few or too many cards (found before the first trick was complete)",
}
assert set(MISDEAL_WORDS) == set(MISDEAL_REASONS)


class MisdealForm(FlaskForm):
    """A misdeal: the hand is void and the same dealer deals again."""

    client_id = HiddenField()
    reason = RadioField("What happened", choices=choices(list(MISDEAL_WORDS.items())), validators=[InputRequired()])
