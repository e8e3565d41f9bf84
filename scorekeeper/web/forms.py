"""The phone pages' forms, built from the engine's definitions, never one template per game.

The start form takes its option fields from the game's ``OptionSpec``s and the
settlement's ``option_specs``; a family's own forms (the Hearts family's result form, Tripoli's and
Reversis' hands) live in its folder of ``families``. These functions only shape input into records:
whether a record is legal is the engine's answer.
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
from ..engine.hearts.games import GAMES, GameDef, make_ruleset
from ..engine.options import OptionSpec
from ..engine.fields import MISDEAL_REASONS
from ..language import N_
from ..engine.hearts.results import takes_card_points
from ..engine.hearts.ruleset import Ruleset
from ..engine.hearts.settlement import METHODS
from . import sources
from .params import WholeField
from .lang import LANGUAGES
from ..language import word

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
        return BooleanField(word(spec.title), default=bool(default), description=word(spec.summary))
    return SelectField(
        word(spec.title), choices=choices([(encode(c), word(spec.value_name(c))) for c in _distinct(spec)]),
        default=encode(default), description=word(spec.summary),
    )


def _distinct(spec: OptionSpec) -> list[Any]:
    """The option's values, one per form value: a value a record may also write as a string (Gong Zhu's pig
    -100 or "-100") is offered once."""
    seen: dict[str, Any] = {}
    for c in spec.choices:
        seen.setdefault(encode(c), c)
    return list(seen.values())


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
        return [(encode(c), word(self.spec.value_name(c)), sentence(word(self.spec.value_line(c))))
                for c in _distinct(self.spec)]

    @property
    def line(self) -> str:
        """What the chosen value means, as a sentence."""
        return sentence(next((line for value, _, line in self.values if value == self.field.data), ""))

    @property
    def source(self) -> str:
        """Where the option's rule comes from, in words (its folded source detail)."""
        return sources.of_option(self.spec.doc)



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
    # A page kept from before languages sends none: the table then has none (each phone reads its own).
    language = SelectField(_l("Language of the table and its score sheet"), choices=[], validate_choice=False)
    shown = HiddenField()  # game|profile|settlement the option fields were built for

    game_def: GameDef[Any]
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
    ``families.hearts.forms.result_form``): heart-units, spots, special cards, tricks, the first and last trick, Capot,
    trumps (turned up or named), an auction, the Joker, cards out of play, or card points alone
    (Conquimbert: its trumps and trades decide no count). A game that ranks its cards another way
    or chooses trumps another way is not offered until the form learns it (the engine,
    ``scorekeeper settle`` and the JSON API play it)."""
    if takes_card_points(ruleset):
        return True
    return ruleset.trumps in ("none", "turn-up", "fixed-per-deal") and ruleset.rank_order == "natural"




def app_games() -> dict[str, GameDef[Any]]:
    """The trick-taking games the phone pages offer (``result_form_covers`` their rules)."""
    return {key: game for key, game in GAMES.items() if result_form_covers(make_ruleset(key, {}))}


def start_form(
    game: GameDef[Any], profile: str | None, settlement: str, defaults: Mapping[str, Any], formdata: MultiDict[str, str] | None,
    methods: Mapping[str, Any] = METHODS, games: Sequence[GameDef[Any]] | None = None,
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
    form.game.choices = choices([(g.id, word(g.name)) for g in (app_games().values() if games is None else games)])
    profiles = game.options.get("profile")
    form.profile.choices = choices([(p, word(profiles.value_name(p)) if profiles else p) for p in game.profiles])
    form.language.choices = choices(list(LANGUAGES.items()))
    return form


def start_formdata(
    posted: Mapping[str, str], shown: Sequence[str], game: GameDef[Any], profile: str | None, settlement: str,
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
    game: GameDef[Any], methods: Mapping[str, Any] = METHODS,
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


# --- a player chosen in a form ------------------------------------------------------------------

def seat_chosen(raw: Any, players: Sequence[str]) -> int | None:
    """The seat a form's player choice names (its value is the seat number), or None."""
    try:
        seat = int(raw)
    except (TypeError, ValueError):
        return None
    return seat if 0 <= seat < len(players) else None


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
MISDEAL_WORDS = {  # marked for the catalogues (N_), translated where shown
    "exposed-other": N_("A card of another player was turned up during the deal"),
    "face-up-in-pack": N_("A card was found face up in the pack"),
    "wrong-count": N_("Someone has too few or too many cards (found before the first trick was complete)"),
}
assert set(MISDEAL_WORDS) == set(MISDEAL_REASONS)


class MisdealForm(FlaskForm):
    """A misdeal: the hand is void and the same dealer deals again."""

    client_id = HiddenField()
    reason = RadioField("What happened", choices=choices(list(MISDEAL_WORDS.items())), validators=[InputRequired()])
