"""Readers of the fields records share: the trick-taking core's (``records``, players) and
the packages of Tripoli and Reversis (game, players, dealer, options, hand number, id; card
lists; whole numbers), each read here once. Shapes only: what is legal is each replay's job.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import Card, parse_cards
from .errors import RecordSyntaxError, UnknownGame

Head = tuple[str, tuple[str, ...], str, dict[str, Any], int | None, str | None]


def whole(value: Any, low: int, high: int | None = None) -> bool:
    """An int (not a bool) in low ... high."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= low and (high is None or value <= high)


def read_head(data: Mapping[str, Any], fields: Sequence[str], kind: str, games: Sequence[str], named: str) -> Head:
    """Game, players, dealer, options, hand number and id: the fields every record (and a session) shares.

    ``games`` are the ids the package plays, ``named`` the same in words for the error.

    :raises UnknownGame: ``game`` is not one of ``games``.
    :raises RecordSyntaxError: a field outside ``fields``, or one of these missing or badly shaped.
    """
    unknown = [k for k in data if k not in fields]
    if unknown:
        raise RecordSyntaxError(f"unknown field {unknown[0]!r} in the {kind}")
    game = data.get("game")
    if not isinstance(game, str) or game.strip().lower() not in games:
        raise UnknownGame(f"the record needs \"game\": {named}, not {game!r}")
    players = read_players(data.get("players"))
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise RecordSyntaxError("options must be an object of option names and values")
    if "dealer" not in data:
        raise RecordSyntaxError("the record needs \"dealer\", one of the players")
    dealer = read_player(players, "dealer", data["dealer"])
    hand = data.get("hand")
    if hand is not None and not whole(hand, 1):
        raise RecordSyntaxError(f"hand must be a whole number from 1, not {hand!r}")
    record_id = data.get("id")
    if record_id is not None and not isinstance(record_id, str):
        raise RecordSyntaxError("id must be a string")
    return game.strip().lower(), players, dealer, dict(options), hand, record_id


def read_players(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise RecordSyntaxError("the record needs \"players\", the names in clockwise seating order")
    for name in value:
        if not isinstance(name, str) or not name.strip():
            raise RecordSyntaxError(f"player names must be non-empty strings, not {name!r}")
    if len(set(value)) != len(value):
        dup = next(n for n in value if value.count(n) > 1)
        raise RecordSyntaxError(f"{dup!r} is seated twice: every player needs a different name")
    return tuple(value)


def read_player(players: tuple[str, ...], what: str, value: Any) -> str:
    if not isinstance(value, str) or value not in players:
        raise RecordSyntaxError(f"{what}: {value!r} is not one of the players ({', '.join(players)})")
    return value


def read_cards(what: str, value: Any, game: str) -> tuple[Card, ...]:
    """A card list (an array, or one string) of a game played without the joker (``game``: its name)."""
    if not isinstance(value, (str, list)):
        raise RecordSyntaxError(f"{what}: a card list is an array of cards or one string of cards")
    try:
        found = parse_cards(value)
    except RecordSyntaxError as exc:
        raise RecordSyntaxError(f"{what}: {exc.message}") from None
    if any(c.is_joker for c in found):
        raise RecordSyntaxError(f"{what}: {game} is played without the joker")
    return found


def read_card(what: str, value: Any, game: str) -> Card:
    if not isinstance(value, str):
        raise RecordSyntaxError(f"{what}: {value!r} is not a card")
    return read_cards(what, [value], game)[0]
