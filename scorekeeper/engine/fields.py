"""Readers of the fields records share: the trick-taking core's (``records``, players) and
the packages of Tripoli and Reversis (game, players, dealer, options, hand number, id; card
lists; whole numbers), each read here once. Shapes only: what is legal is each replay's job.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any, Final

from .cards import Card, parse_cards
from .errors import RecordSyntaxError, UnknownGame, shown, Said

Head = tuple[str, tuple[str, ...], str, dict[str, Any], int | None, str | None]

MAX_NAME: Final = 40  # characters of a player's name: the start form's field, a sheet's column
MAX_ID: Final = 64  # characters of a hand's client-made id
# Hands in a session, and so a hand's number: a long evening has 30 or 40. The printed sheet of the
# widest game at its most players takes about 4 s for 100 hands (bench/sheet.py --largest).
MAX_HANDS: Final = 100
MAX_NOTE: Final = 200  # characters of an event's optional "note", the table's own words
# A misdeal (catalogue 4.2), as every family's records say it: its reasons, and its fields beside the
# ``type`` and ``note`` every event has (the reason; the player, where one player did it).
MISDEAL_REASONS: Final = ("exposed-other", "face-up-in-pack", "wrong-count")
EVENT_COMMON: Final = ("type", "note")  # every event: its type, and the table's own words about it
MISDEAL_REQUIRED: Final = ("reason",)
MISDEAL_OPTIONAL: Final = ("player",)
# What a name or a note must not hold: control characters, lone surrogates, line and paragraph
# separators, the byte-order mark, and the bidirectional controls that would reorder what a
# sheet shows around them. Letters of every script, emoji and their joiners are welcome.
_UNSHOWABLE: Final = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff"
                                + chr(0xD800) + "-" + chr(0xDFFF) + "]")  # surrogates: mypyc takes no literal one
def showable(text: str) -> bool:
    """Whether ``text`` holds no character a page or sheet cannot show as it is (``read_text``)."""
    return _UNSHOWABLE.search(text) is None


def read_text(value: Any, what: str, limit: int) -> str:
    """Free text a record keeps (a name, a note): a string of at most ``limit`` characters that
    every page, sheet and export can show as it is.

    :raises RecordSyntaxError: not a string, too long, or holding a character no sheet can show.
    """
    if not isinstance(value, str):
        raise RecordSyntaxError(Said("%(what)s must be text, not %(shown)s",
                                     what=str(what), shown=str(shown(value))))
    if len(value) > limit:
        raise RecordSyntaxError(Said("%(what)s has at most %(limit)s characters, not %(count)s: %(shown)s",
                                     what=str(what), limit=str(limit), count=str(len(value)), shown=str(shown(value))))
    bad = _UNSHOWABLE.search(value)
    if bad is not None:
        char = bad.group()
        name = unicodedata.name(char, "a control character")
        raise RecordSyntaxError(f"{what} holds U+{ord(char):04X} ({name.lower()}), which no sheet can show: "
                                f"{shown(value)}")
    return value


def whole(value: Any, low: int, high: int | None = None) -> bool:
    """An int (not a bool) in low ... high."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= low and (high is None or value <= high)


def read_head(data: Mapping[str, Any], fields: Sequence[str], kind: str, games: Sequence[str],
              named: str | Said) -> Head:
    """Game, players, dealer, options, hand number and id: the fields every record (and a session) shares.

    ``games`` are the ids the package plays, ``named`` the same in words for the error.

    :raises UnknownGame: ``game`` is not one of ``games``.
    :raises RecordSyntaxError: a field outside ``fields``, or one of these missing or badly shaped.
    """
    unknown = [k for k in data if k not in fields]
    if unknown:
        raise RecordSyntaxError(Said("unknown field %(shown)s in the %(kind)s",
                                     shown=str(shown(unknown[0])), kind=str(kind)))
    game = data.get("game")
    if not isinstance(game, str) or game.strip().lower() not in games:
        raise UnknownGame(Said("the record needs \"game\": %(named)s, not %(shown)s",
                               named=named, shown=str(shown(game))))
    players = read_players(data.get("players"))
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise RecordSyntaxError(Said("options must be an object of option names and values"))
    if "dealer" not in data:
        raise RecordSyntaxError(Said("the record needs \"dealer\", one of the players"))
    dealer = read_player(players, "dealer", data["dealer"])
    hand = read_hand_number(data.get("hand"))
    record_id = read_id(data.get("id"))
    return game.strip().lower(), players, dealer, dict(options), hand, record_id


def read_hand_number(value: Any) -> int | None:
    """A record's ``hand``: its number in the session, 1 to ``MAX_HANDS`` (None when not given)."""
    if value is not None and not whole(value, 1, MAX_HANDS):
        raise RecordSyntaxError(Said("hand must be a whole number from 1 to %(MAX_HANDS)s, not %(shown)s",
                                     MAX_HANDS=str(MAX_HANDS), shown=str(shown(value))))
    return value  # type: ignore[no-any-return]


def read_id(value: Any) -> str | None:
    """A hand's client-made ``id`` (None when not given): 1 to ``MAX_ID`` characters a sheet can show."""
    if value is None:
        return None
    if value == "":
        raise RecordSyntaxError(Said("id must not be empty: leave it out instead"))
    return read_text(value, "id", MAX_ID)


def read_players(value: Any) -> tuple[str, ...]:
    """The seats in clockwise order: distinct names (``read_name``); each game says how many it seats."""
    if not isinstance(value, list) or not value:
        raise RecordSyntaxError(Said("the record needs \"players\", the names in clockwise seating order"))
    for name in value:
        read_name(name)
    if len(set(value)) != len(value):
        dup = next(n for n in value if value.count(n) > 1)
        raise RecordSyntaxError(Said("%(shown)s is seated twice: every player needs a different name",
                                     shown=str(shown(dup))))
    return tuple(value)


def read_name(value: Any) -> str:
    """A player's name: text of 1 to ``MAX_NAME`` characters, not only spaces, that a sheet can show.

    :raises RecordSyntaxError: anything else.
    """
    if not isinstance(value, str) or not value.strip():
        raise RecordSyntaxError(Said("player names must be non-empty strings, not %(shown)s",
                                     shown=str(shown(value))))
    return read_text(value, "a player's name", MAX_NAME)


def read_label(value: Any, what: str, limit: int) -> str:
    """A name a person types (a player's, a club's): the spaces around it dropped, then 1 to ``limit``
    characters that every page and sheet can show (``read_text``), the one rule of every name.

    :raises RecordSyntaxError: not text, only spaces, too long, or holding a character no sheet can show.
    """
    if not isinstance(value, str) or not value.strip():
        raise RecordSyntaxError(Said("%(what)s must be non-empty text, not %(shown)s",
                                     what=str(what), shown=str(shown(value))))
    return read_text(value.strip(), what, limit)


def read_player(players: tuple[str, ...], what: str, value: Any) -> str:
    if not isinstance(value, str) or value not in players:
        raise RecordSyntaxError(Said("%(what)s: %(shown)s is not one of the players (%(value)s)",
                                     what=str(what), shown=str(shown(value)), value=str(', '.join(players))))
    return value


def read_cards(what: str, value: Any, game: str) -> tuple[Card, ...]:
    """A card list (an array, or one string) of a game played without the joker (``game``: its name)."""
    if not isinstance(value, (str, list)):
        raise RecordSyntaxError(Said("%(what)s: a card list is an array of cards or one string of cards",
                                     what=str(what)))
    try:
        found = parse_cards(value)
    except RecordSyntaxError as exc:
        raise RecordSyntaxError(Said("%(what)s: %(message)s", what=str(what), message=exc.said or exc.message)) from None
    if any(c.is_joker for c in found):
        raise RecordSyntaxError(Said("%(what)s: %(game)s is played without the joker",
                                     what=str(what), game=str(game)))
    return found


def read_card(what: str, value: Any, game: str) -> Card:
    if not isinstance(value, str):
        raise RecordSyntaxError(Said("%(what)s: %(shown)s is not a card", what=str(what), shown=str(shown(value))))
    return read_cards(what, [value], game)[0]
