"""The forms of a Progressive Hearts evening: start it, a table's result, a prize cut.

They only shape what was typed into the JSON the engine reads (``engine.progressive.read_table``):
whether a count is possible, who goes up and who needs a cut are the engine's answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_wtf import FlaskForm
from flask_babel import gettext, lazy_gettext as _l
from wtforms import FieldList, HiddenField, RadioField, SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError

from ..forms import choices
from ..params import WholeField, count
from .services import MAX_NAME, MAX_ROUNDS

SEATING_CHOICES = [
    ("drawn", _l("Drawn at random by the app")),
    ("typed", _l("As typed: the first two ladies and the first two gentlemen at table 1 (the head table), "
                 "the next two at table 2, and so on")),
]


EVENING_READY = _l("The evening is ready: seat everyone as the plan says, and share the links below.")


def typed_names(text: str | None) -> list[str]:
    """One name a line, blank lines left out."""
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def _short_names(form: FlaskForm, field: Any) -> None:
    long = [n for n in typed_names(field.data) if len(n) > MAX_NAME]
    if long:
        raise ValidationError(f"A name has at most {MAX_NAME} characters: {long[0][:MAX_NAME]}...")


class EveningForm(FlaskForm):
    """The ladies and the gentlemen, the first seating, the rounds."""

    ladies = TextAreaField(_l("Ladies, one a line"), validators=[InputRequired(), Length(max=4000), _short_names])
    gentlemen = TextAreaField(_l("Gentlemen, one a line"), validators=[InputRequired(), Length(max=4000), _short_names])
    seating = RadioField(_l("The first seating"), choices=choices(SEATING_CHOICES), default="drawn")
    rounds = WholeField(_l("Rounds (leave empty: the host ends the evening)"),
                          validators=[Optional(), NumberRange(1, MAX_ROUNDS)])


class TableForm(FlaskForm):
    """One table's result: hearts per player (its ladies, then its gentlemen), the cuts, a revoke.

    Each field is in the table's order of ``TablePlan.order``: the values of the cut and revoke
    choices are those positions, never names, so a name is only ever shown, escaped.
    """

    hearts = FieldList(WholeField(validators=[Optional()]), min_entries=4, max_entries=4)
    cut_ladies = RadioField(_l("The ladies tied: who cut the lower card?"), choices=[], validate_choice=False)
    cut_gentlemen = RadioField(_l("The gentlemen tied: who cut the lower card?"), choices=[], validate_choice=False)
    cards = FieldList(StringField(validators=[Length(max=12)]), min_entries=4, max_entries=4)
    revoke = SelectField(_l("An established revoke (4.1): scored as taking all 13 hearts"), choices=[],
                         validate_choice=False)
    version = HiddenField()  # the version of the result the form was built on: 0 for none

    def seat(self, players: Sequence[str]) -> None:
        """The choices of the table's four players (ladies, then gentlemen)."""
        self.cut_ladies.choices = choices([("", gettext("No tie")), ("0", players[0]), ("1", players[1])])
        self.cut_gentlemen.choices = choices([("", gettext("No tie")), ("2", players[2]), ("3", players[3])])
        self.revoke.choices = choices([("", gettext("No revoke")), *((str(i), name) for i, name in enumerate(players))])

    def seen_version(self) -> int:
        return count(self.version.data) or 0


def table_form(players: Sequence[str], stored: dict[str, Any] | None, version: int, posted: bool) -> TableForm:
    """The form for a table of ``players``: as posted, or filled from its stored result."""
    form = TableForm() if posted else TableForm(data=_data(players, stored, version))
    form.seat(players)
    return form


def _data(players: Sequence[str], stored: dict[str, Any] | None, version: int) -> dict[str, Any]:
    record = stored or {}
    hearts = record.get("hearts") or {}
    cuts = record.get("cuts") or []
    cards = record.get("cut_cards") or {}
    return {
        "hearts": [hearts.get(name) for name in players],
        "cut_ladies": next((str(i) for i in (0, 1) if players[i] in cuts), ""),
        "cut_gentlemen": next((str(i) for i in (2, 3) if players[i] in cuts), ""),
        "cards": [cards.get(name, "") for name in players],
        "revoke": str(players.index(record["revoke"])) if record.get("revoke") in players else "",
        "version": str(version),
    }


def table_record(form: TableForm, players: Sequence[str]) -> dict[str, Any]:
    """The table's result as the JSON the engine reads: only what was typed or chosen."""
    hearts = {name: entry.data for name, entry in zip(players, form.hearts) if entry.data is not None}
    record: dict[str, Any] = {"hearts": hearts}
    cuts = [players[int(v)] for v in (form.cut_ladies.data, form.cut_gentlemen.data) if v in ("0", "1", "2", "3")]
    if cuts:
        record["cuts"] = cuts
    cards = {name: entry.data.strip() for name, entry in zip(players, form.cards) if (entry.data or "").strip()}
    if cards:
        record["cut_cards"] = cards
    if form.revoke.data in ("0", "1", "2", "3"):
        record["revoke"] = players[int(form.revoke.data)]
    return record


class PrizeCutForm(FlaskForm):
    """Who won the cut for a prize the tie-breaks leave tied."""

    winner = RadioField(_l("Who won the cut?"), choices=[], validate_choice=False, validators=[InputRequired()])
