"""The phone pages' forms, built from the engine's definitions, never one template per game.

The start form takes its option fields from the game's ``OptionSpec``s and the
settlement's ``option_specs``; the result form takes its fields from the ruleset
(hearts in the pack, the special cards, spots, the moon's choice). These functions
only shape input into records: whether a record is legal is the engine's answer.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, Optional

from ..engine.cards import Card, Suit
from ..engine.games import GAMES, GameDef, make_ruleset
from ..engine.options import OptionSpec
from ..engine.records import MISDEAL_REASONS
from ..engine.ruleset import DealLayout, Ruleset
from ..engine.settlement import METHODS

OPTION_PREFIX = "opt_"
SETTLEMENT_PREFIX = "setopt_"
MAX_NAME = 40


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


def choices(pairs: Sequence[tuple[str, str]]) -> list[SelectChoice]:
    """(value, label) pairs as WTForms choices."""
    return [SelectChoice(value, label) for value, label in pairs]


def new_client_id() -> str:
    """A random id per form load: the same hand sent twice is stored once (services.add_hand)."""
    return secrets.token_urlsafe(12)


def _option_field(spec: OptionSpec, default: Any) -> Field:
    if is_yes_no(spec):
        return BooleanField(label_of(spec.name), default=bool(default), description=spec.doc)
    return SelectField(
        label_of(spec.name), choices=choices([(encode(c), encode(c)) for c in spec.choices]),
        default=encode(default), description=spec.doc,
    )


# --- start a table -----------------------------------------------------------------------------

class StartForm(FlaskForm):
    """Players in seating order, the game and its options, the settlement, stake and first dealer."""

    players = FieldList(StringField("Player", validators=[Length(max=MAX_NAME)]), min_entries=4, max_entries=12)
    game = SelectField("Game", choices=[])
    profile = SelectField("Version (profile)", choices=[], validate_choice=False)
    settlement = SelectField("Settlement", choices=[], validate_choice=False)
    stake = StringField("Stake (money per point or chip, optional)", validators=[Length(max=16)])
    first_dealer = SelectField("First dealer", choices=[], validate_choice=False)
    confirm_required = BooleanField("Hands count only once a second phone confirms them")
    shown = HiddenField()  # game|profile|settlement the option fields were built for

    game_def: GameDef
    option_specs: tuple[OptionSpec, ...]
    settlement_specs: tuple[OptionSpec, ...]

    def option_fields(self) -> list[tuple[OptionSpec, Field, bool]]:
        """(spec, field, is a yes/no checkbox) for each of the game's options."""
        return [(s, self[OPTION_PREFIX + s.name], is_yes_no(s)) for s in self.option_specs]

    def settlement_fields(self) -> list[tuple[OptionSpec, Field, bool]]:
        return [(s, self[SETTLEMENT_PREFIX + s.name], is_yes_no(s)) for s in self.settlement_specs]

    def names(self) -> list[str]:
        """The players typed, blank rows left out, in seating order."""
        return [(entry.data or "").strip() for entry in self.players if (entry.data or "").strip()]


def result_form_covers(ruleset: Ruleset) -> bool:
    """Whether the result form (hearts per player, who took each special card, spots, the moon)
    says all a quick result of this game needs. Games that score tricks, the first or last trick,
    trumps, a Capot, an auction's suit, the Joker or cancelled cards need fields it does not
    have yet: the app does not offer them (the engine, ``scorekeeper settle`` and the JSON
    records play them)."""
    return (ruleset.heart_unit and not (ruleset.trick_value or ruleset.first_trick_value or ruleset.last_trick_value)
            and ruleset.trumps == "none" and not (ruleset.capot or ruleset.auction or ruleset.joker or ruleset.cancellation))


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
    form.profile.choices = choices([(p, p) for p in game.profiles])
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
    """Per player the hearts (and spots) taken, who took each special card, the moon's choice."""

    client_id = HiddenField()
    moon_choice = RadioField("If the moon was shot", choices=choices([("subtract", "Subtract from the shooter"),
                                                                        ("add", "Add to everyone else")]),
                             validators=[Optional()], validate_choice=False)
    cut = SelectField("Cut for odd chips won by", choices=[], validate_choice=False)

    players: Sequence[str]
    specials: list[tuple[Card, int]]  # (card, copy number 0 or 1)
    spots: bool
    hearts_total: int
    spots_total: int
    ask_moon: bool
    show_cut: bool

    def hearts(self, seat: int) -> Field:
        return self[f"hearts_{seat}"]

    def spot(self, seat: int) -> Field:
        return self[f"spots_{seat}"]

    def special(self, c: Card, copy: int) -> Field:
        return self[special_name(c, copy)]


def special_name(c: Card, copy: int) -> str:
    return f"take_{c.code}" + (f"_{copy + 1}" if copy else "")


def special_cards_in_play(ruleset: Ruleset, layout: DealLayout) -> list[tuple[Card, int]]:
    """Each special card of the ruleset that is in the pack, once per copy (double pack: twice)."""
    out = []
    for c in sorted(ruleset.specials, key=lambda c: c.sort_key):
        for copy in range(layout.copies.get(c, 0)):
            out.append((c, copy))
    return out


def result_form(
    ruleset: Ruleset, layout: DealLayout, players: Sequence[str], *, chips: bool,
    formdata: MultiDict[str, str] | None = None, data: Mapping[str, Any] | None = None,
) -> ResultForm:
    """The result form of this game as configured (built from the ruleset, never per game)."""
    specials = special_cards_in_play(ruleset, layout)
    attrs: dict[str, Any] = {}
    seats = [(str(seat), name) for seat, name in enumerate(players)]
    for seat, name in enumerate(players):
        attrs[f"hearts_{seat}"] = IntegerField(f"{name}'s hearts", validators=[Optional()])
        if ruleset.spots:
            attrs[f"spots_{seat}"] = IntegerField(f"{name}'s spots", validators=[Optional()])
    for c, copy in specials:
        attrs[special_name(c, copy)] = RadioField(f"Who took {c}", choices=choices(seats), validators=[Optional()],
                                                  validate_choice=False)
    cls = type("GameResultForm", (ResultForm,), attrs)
    form: ResultForm = cls(formdata=formdata, data=dict(data or {}))
    form.players = tuple(players)
    form.specials = specials
    form.spots = ruleset.spots
    form.hearts_total = layout.hearts
    form.spots_total = sum(ruleset.values.get(c, 0) for c in layout.pack if c.suit is Suit.HEARTS)
    form.ask_moon = bool(ruleset.moon and ruleset.moon.has_choice and ruleset.moon_choice == "ask")
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
    """The ``taken`` result record (RECORDS.md) the form says; ``keep`` is the record it corrects."""
    players = form.players
    taken: dict[str, dict[str, int]] = {name: {} for name in players}
    for seat, name in enumerate(players):
        hearts = form.hearts(seat).data
        if form.spots:
            spots = form.spot(seat).data
            if spots is not None:
                taken[name]["spots"] = spots
            if hearts is not None:
                taken[name]["hearts"] = hearts
        else:
            taken[name]["hearts"] = 0 if hearts is None else hearts
    for c, copy in form.specials:
        taker = seat_chosen(form.special(c, copy).data, players)
        if taker is not None:
            entry = taken[players[taker]]
            entry[c.code] = entry.get(c.code, 0) + 1
    hand: dict[str, Any] = {}
    keep = keep or {}
    client_id = keep.get("id") or form.client_id.data
    if client_id:
        hand["id"] = client_id
    hand["taken"] = taken
    if form.ask_moon and form.moon_choice.data in ("subtract", "add"):
        hand["moon_choice"] = form.moon_choice.data
    events = [e for e in keep.get("events", []) if e.get("type") not in ("cut",)] if "taken" in keep else []
    cut = seat_chosen(form.cut.data, players) if form.show_cut else None
    if cut is not None:
        events.append({"type": "cut", "player": players[cut]})
    if events:
        hand["events"] = events
    return hand


def result_data(
    record: Mapping[str, Any], players: Sequence[str], ruleset: Ruleset, layout: DealLayout,
    hauls: Sequence[Any] | None = None,
) -> dict[str, Any]:
    """Form data prefilled from a stored hand: its ``taken`` counts, or what each player took
    (``hauls``, from the engine's replay) when the hand was recorded card by card or as card lists."""
    data: dict[str, Any] = {}
    specials = special_cards_in_play(ruleset, layout)
    given: dict[str, list[int]] = {}  # card code -> seats, in order
    taken = record.get("taken")
    for seat, name in enumerate(players):
        entry = taken.get(name) if isinstance(taken, Mapping) else None
        if isinstance(entry, Mapping):
            if entry.get("hearts") is not None:
                data[f"hearts_{seat}"] = entry["hearts"]
            if entry.get("spots") is not None:
                data[f"spots_{seat}"] = entry["spots"]
            for key, count in entry.items():
                if key not in ("hearts", "spots", "tricks", "points") and isinstance(count, int):
                    given.setdefault(key.upper(), []).extend([seat] * count)
        elif hauls is not None and seat < len(hauls):
            haul = hauls[seat]
            data[f"hearts_{seat}"] = haul.hearts
            if ruleset.spots:
                data[f"spots_{seat}"] = haul.spots
            for c in haul.specials:
                given.setdefault(c.code, []).append(seat)
    for c, copy in specials:
        seats = given.get(c.code, [])
        if copy < len(seats):
            data[special_name(c, copy)] = str(seats[copy])
    if record.get("moon_choice"):
        data["moon_choice"] = record["moon_choice"]
    cuts = [e.get("player") for e in record.get("events", []) if isinstance(e, Mapping) and e.get("type") == "cut"]
    if cuts and cuts[-1] in players:
        data["cut"] = str(players.index(cuts[-1]))
    return data


# --- corrections, actions, card by card ----------------------------------------------------------

class JsonForm(FlaskForm):
    """A corrected hand record as JSON (how a card-by-card record is corrected)."""

    record = TextAreaField("The hand record (JSON)", validators=[InputRequired(), Length(max=100_000)])


class ActionForm(FlaskForm):
    """A button that writes (confirm, strike out, restore): only the CSRF token."""


class PlayForm(FlaskForm):
    """The whole hand played card by card, sent when the hand is complete."""

    client_id = HiddenField()
    plays = HiddenField(validators=[Length(max=2000)])
    leader = HiddenField()
    moon_choice = HiddenField()
    cut = HiddenField()
    stopped = HiddenField()
    revoke_player = HiddenField()  # an established revoke the table let stand (catalogue 4.1)
    revoke_trick = HiddenField()


class AuditForm(FlaskForm):
    """A hand to audit as typed (JSON, the text notation, or trick lines), the trick to show, and a what-if."""

    record = TextAreaField("The hand to audit", validators=[Optional(), Length(max=100_000)])
    trick = IntegerField(validators=[Optional()])
    whatif_play = IntegerField("Play number", validators=[Optional()])
    whatif_card = StringField("Card instead", validators=[Optional(), Length(max=8)])


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
