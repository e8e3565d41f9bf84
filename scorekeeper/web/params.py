"""How the app reads what a request names outside a record: one reader for each kind of value.

A number in a query string or a form field, a day, an id or key in a link, the name of a club or a
player, and the file name a download is given: each is read here, once, and refused with a sentence
(``RecordSyntaxError``: a 400 with the error object or the error page) before it reaches a query, a
header or the engine. What the readers accept:

- a **number** is ASCII digits only (``４``, ``٤`` and ``²`` are not numbers here, although Python's
  ``int`` and ``str.isdigit`` take them), at most ``MAX_DIGITS`` of them, inside the range its caller
  gives; a form's number field (``WholeField``) reads the same way, with an optional leading minus;
- a **day** is ``2026-11-21`` in ASCII digits, from ``FIRST_DAY`` to ``LAST_DAY`` (so a day after
  it is still a day: ``to=9999-12-31`` is refused, not overflowed);
- an **id**, key or token in a link is 1 to ``MAX_ID`` characters of the URL-safe alphabet the app
  makes them from; anything else is not found (it is never sent to the database: a NUL would not
  even be a valid PostgreSQL string);
- a **name** (a club's, a player's, whoever names it) is the engine's rule for every name
  (``fields.read_label``): spaces around it dropped, 1 character at least, its own limit at most,
  and nothing a page or a sheet cannot show (control characters, bidirectional controls);
- a **file name** goes into ``Content-Disposition`` as RFC 6266 has it (``attachment_header``).
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Mapping
from datetime import date
from typing import Any, Final
from urllib.parse import quote

from werkzeug.datastructures import Headers
from werkzeug.routing import IntegerConverter
from werkzeug.utils import secure_filename
from wtforms import IntegerField

from ..engine.errors import RecordSyntaxError, Said
from ..engine.fields import MAX_NAME, read_label

MAX_DIGITS: Final = 9  # a count, a score, a step: never more than nine digits (and so never an overflow)
FIRST_DAY: Final = date(1900, 1, 1)  # the earliest day a period may name
LAST_DAY: Final = date(2999, 12, 31)  # the latest: a day after it is one no table was played on
MAX_ID: Final = 64  # characters of an id, key or token in a link (the app's are 12 to 32)
MAX_CLUB_NAME: Final = 60  # characters of a club's name
_DIGITS: Final = re.compile(r"-?[0-9]{1,%d}" % MAX_DIGITS, re.ASCII)
_DAY: Final = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})", re.ASCII)
_IDENT: Final = re.compile(r"[A-Za-z0-9_-]{1,%d}" % MAX_ID, re.ASCII)
_FORMULA_START: Final = "-_"  # what a new id never begins with (a spreadsheet reads "-..." as a formula)


# --- numbers ---------------------------------------------------------------------------------------

def number(text: Any, what: str | Said, low: int, high: int) -> int:
    """``text`` as a whole number from ``low`` to ``high``; ``what`` names it (a page's parameter by its
    ``Word``, ``Word("players", "a page's parameter")``: the refusal names it in the reader's language).

    :raises RecordSyntaxError: not ASCII digits (a leading minus allowed when ``low`` is negative), or
        outside the range; the sentence says what it must be.
    """
    value = _whole(text, allow_sign=low < 0)
    if value is None or not low <= value <= high:
        raise RecordSyntaxError(Said("%(what)s must be a whole number from %(low)s to %(high)s, not %(given)s",
                                     what=what, low=low, high=high, given=_quoted(text)))
    return value


def number_arg(args: Mapping[str, Any], key: str, what: str | Said, low: int, high: int, default: int) -> int:
    """The query string's ``key`` read by ``number``; ``default`` when it is missing or empty."""
    text = args.get(key)
    return default if text is None or text == "" else number(text, what, low, high)


def count(text: Any) -> int | None:
    """A count a page sends back by itself (a version seen, a step, a retry), or None when ``text`` is not one
    (``number``'s digits, never signed): the page then goes on as if it had sent none."""
    return _whole(text, allow_sign=False)


def _whole(text: Any, *, allow_sign: bool) -> int | None:
    if not isinstance(text, str) or _DIGITS.fullmatch(text) is None:
        return None
    if text.startswith("-") and not allow_sign:
        return None
    return int(text)


class WholeField(IntegerField):  # type: ignore[misc]  # wtforms has no type hints
    """A form's number field read as ``number`` reads: ASCII digits only, an optional leading minus,
    at most ``MAX_DIGITS`` digits. WTForms' own ``IntegerField`` takes whatever Python's ``int`` takes
    (``４``, ``1_000``, a number of 4,000 digits)."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        text = valuelist[0]
        if text is None or text == "":
            self.data = None
            return
        value = _whole(text.strip() if isinstance(text, str) else text, allow_sign=True)
        if value is None:
            self.data = None
            raise ValueError(self.gettext(f"Not a whole number written in digits 0 to 9 (at most {MAX_DIGITS})."))
        self.data = value


class WholeConverter(IntegerConverter):
    """``<int:...>`` in every route: ASCII digits only, at most ``MAX_DIGITS`` (werkzeug's own takes any
    Unicode digit and any length, which a database then fails to store in an integer); anything else is
    an unknown path, a 404."""

    regex = r"[0-9]{1,%d}" % MAX_DIGITS


# --- days ------------------------------------------------------------------------------------------

def day(text: Any, what: str) -> date:
    """``text`` as a day written ``2026-11-21``, from ``FIRST_DAY`` to ``LAST_DAY``.

    :raises RecordSyntaxError: anything else.
    """
    found = _DAY.fullmatch(text) if isinstance(text, str) else None
    try:
        value = date(*(int(part) for part in found.groups())) if found else None
    except ValueError:
        value = None
    if value is None or not FIRST_DAY <= value <= LAST_DAY:
        raise RecordSyntaxError(Said("%(what)s must be a day written as 2026-11-21, from %(first)s to %(last)s, "
                                     "not %(given)s", what=what, first=FIRST_DAY.isoformat(),
                                     last=LAST_DAY.isoformat(), given=_quoted(text)))
    return value


# --- ids, keys, tokens -------------------------------------------------------------------------------

def is_ident(text: Any) -> bool:
    """Whether ``text`` can be an id, key or token the app made (and so is worth asking the database)."""
    return isinstance(text, str) and _IDENT.fullmatch(text) is not None


def new_id(length: int = 9) -> str:
    """A new random id for a table, an evening or a club (``length`` bytes of randomness), which never
    begins with ``-`` or ``_``: an id is the same text in a link, the API and a spreadsheet's cell."""
    while True:
        made = secrets.token_urlsafe(length)
        if made[0] not in _FORMULA_START:
            return made


# --- names -------------------------------------------------------------------------------------------

def player_name(value: Any) -> str:
    """A player's name as a person types it (a club's people, an evening's players)."""
    return read_label(value, "a player's name", MAX_NAME)


def club_name(value: Any) -> str:
    """A club's name, by the same rule as a player's, up to ``MAX_CLUB_NAME`` characters."""
    return read_label(value, "a club's name", MAX_CLUB_NAME)


# --- headers -----------------------------------------------------------------------------------------

def attachment_header(filename: str, *, inline: bool = False) -> str:
    """The ``Content-Disposition`` value for a download named ``filename`` (RFC 6266): an ASCII
    ``filename`` any browser reads (``werkzeug.utils.secure_filename``: no quote, no path, no control
    character), and ``filename*`` with the name in UTF-8 when it is not plain ASCII."""
    simple = secure_filename(unicodedata.normalize("NFKD", filename)) or "download"
    headers = Headers()
    options: dict[str, str] = {"filename": simple}
    if simple != filename and filename.isprintable():
        options["filename*"] = "UTF-8''" + quote(filename, safe="")
    headers.set("Content-Disposition", "inline" if inline else "attachment", **options)
    return headers["Content-Disposition"]


def _quoted(text: Any) -> str:
    """What was sent, short and safe to show in a sentence."""
    if not isinstance(text, str):
        return "nothing" if text is None else type(text).__name__
    return repr(text[:20] + ("..." if len(text) > 20 else ""))
