"""The forms of a club's pages: start a club, add a player, rename one. Each carries its CSRF token."""

from __future__ import annotations

from flask_wtf import FlaskForm
from flask_babel import lazy_gettext as _l
from wtforms import SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length

from ...engine.fields import MAX_NAME
from .services import MAX_CLUB_NAME
from ..forms import choices
from ..lang import LANGUAGES


class ClubForm(FlaskForm):
    """A new club: its name and its first players."""

    name = StringField(_l("The club's name"), validators=[InputRequired(), Length(max=MAX_CLUB_NAME)])
    players = TextAreaField(_l("Its players, one a line (more can join later)"), validators=[Length(max=4000)])
    language = SelectField(_l("Language of the club's pages"), choices=choices(list(LANGUAGES.items())),
                           validate_choice=False)  # none sent (a page kept from before): each phone's own


class PersonForm(FlaskForm):
    """A player's name: a new player, or a new name for one."""

    name = StringField(_l("Name"), validators=[InputRequired(), Length(max=MAX_NAME)])
