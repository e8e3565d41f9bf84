"""What the routes ask of a family's pages (``FamilyPages``), with the answers of a family that lacks a page.

Each method is one page or one answer of a table of the family; the routes have already checked the
link (edit token or read key). A family without a card-by-card page or a trick audit answers those
with a page that says how its hands are recorded instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Response


from ...engine.cards import Card
from ...engine.errors import Said
from ...engine.family import family_of, game_def
from ...engine.hearts.games import GameDef
from .. import forms, services
from ..models import Hand as HandRow
from ..models import TableSession


@dataclass(frozen=True)
class CardTable:
    """Where the card page starts the table's next hand: the head of its record, as the table has it.

    ``head`` is written over whatever record a phone sends (the game, its options, the players dealt
    to, the dealer, the hand's number, what the table carries into it: Reversis' pools, Tripoli's
    layout), so a phone cannot change the table; ``own`` lists the keys of ``head`` the stored hand
    does not keep (the session says them). ``spaces``: the pay-card spaces a table may claim, for a
    ``claims`` ask."""

    head: Mapping[str, Any]
    title: str  # "Hand 3", "Deal 2", in the reader's language
    context: str  # who deals, in words
    start: Mapping[str, Any] = field(default_factory=dict)  # what a fresh record adds to the head: {"play": []}
    own: tuple[str, ...] = ("game", "options", "players", "dealer", "hand", "pools", "layout", "antes_in")
    spaces: tuple[tuple[str, str], ...] = ()  # (space id, its label)
    pack: tuple[tuple[str, int], ...] = ()  # the game's pack as the page shows it: (card code, copies)
    number: int = 0  # the number its title shows: a phone keeps the hand under it, whatever the page's language

    def record(self, sent: Any = None) -> dict[str, Any]:
        """The record a phone sent (or a fresh one) under the table's head."""
        body = dict(sent) if isinstance(sent, Mapping) else dict(self.start)
        return {**body, **self.head}

    def stored(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """The hand as the session stores it: the record without what the session says itself."""
        return {k: v for k, v in record.items() if k not in self.own}


def pack_rows(copies: Mapping[Card, int] | Iterable[Card]) -> tuple[tuple[str, int], ...]:
    """A pack as the card page lays it out: spades, hearts, diamonds, clubs, high to low, with each card's copies."""
    counted = copies if isinstance(copies, Mapping) else {c: 1 for c in copies}
    return tuple((c.code, counted[c]) for c in sorted(counted, key=lambda c: c.sort_key))


@dataclass(frozen=True)
class Words:
    """How a game's pages name its hands and its chips: ``deal``/``chips``, ``hand``/``fish``."""

    noun: str  # a hand of the game: "deal", "hand"
    unit: str  # what is won and paid: "chips", "fish"
    carried: str  # the sheet's last column: what the table holds after the hand ("Layout", "Pools")


class FamilyPages:
    """The pages of one family's tables: the session page and its live part, the "why" notes, a new
    hand by its result, a stored hand's page and its corrections; card by card and the audit where
    the family has them."""

    noun = "hand"  # what the game calls a hand, in its pages' sentences ("Deal 3 saved.")

    # --- a new table ---

    def offers(self, game: GameDef[Any]) -> bool:
        """Whether the start page offers the game (its result form can say all a hand of it can)."""
        return True

    def offered_methods(self, game: str, default: str) -> Mapping[str, Any]:
        """The settlements the start page offers for the game, by id (each with ``option_specs``): those
        that can settle it, ``default`` (its version's own) first."""
        methods = family_of(game).methods(game)
        return {key: methods[key] for key in sorted(methods, key=lambda key: key != default)}

    # --- a table's pages ---

    def session_page(self, table: TableSession, can_edit: bool, key: str) -> str:
        raise NotImplementedError

    def live(self, table: TableSession, can_edit: bool, key: str) -> str:
        """The part of the session page other phones follow (polled and swapped in place)."""
        raise NotImplementedError

    def notes(self, table: TableSession) -> Response:
        """Why each hand's figures, per hand and player (fetched when a number is tapped)."""
        raise NotImplementedError

    def record(self, table: TableSession, sid: str, key: str) -> Any:
        """The page that records a new hand by its result (GET shows it, POST stores the hand)."""
        raise NotImplementedError

    def hand_page(self, table: TableSession, row: HandRow, can_edit: bool, key: str) -> str:
        """A stored hand: why its figures, its history, and on the scorer's phone its corrections."""
        raise NotImplementedError

    def hand_edit(self, table: TableSession, row: HandRow, sid: str, key: str) -> Any:
        """A stored hand's correction form (GET shows it, POST stores the correction)."""
        raise NotImplementedError

    def json_refused(self, table: TableSession, row: HandRow, key: str, json_form: forms.JsonForm,
                     refusal: str | None) -> str:
        """The hand page again after a JSON correction the engine refused, the text kept as typed."""
        raise NotImplementedError

    def coming(self, table: TableSession, ahead: int, turns: bool = False) -> list[dict[str, Any]]:
        """The table's next hand and the ``ahead`` hands after it, as far as the family's rotation tells them
        before they are played (each played, not a misdeal): what a page opened without a connection shows
        after the hands waiting on the phone (``offline.table_known``). Each is a dict of the words the
        pages mark ``data-coming``: ``number``, ``dealer``, ``pass``, ``lead``, ``context``; ``turn``: what
        the card page asks first, and ``order``: the players in the order they play (only with ``turns``).
        None past what the rotation alone tells (by default: nothing)."""
        return []

    # --- card by card and the audit: where the family has them ---

    def trick_game(self, table: TableSession) -> Any:
        """The table's game as the card page and the audit read it. :raises services.NotFound: no such pages."""
        name = game_def(table.config["game"]).name
        raise services.NotFound(Said("%(game)s has no card-by-card page here: record each hand by its quick result, "
                                     "or correct it with its whole record (JSON) on its page", game=name))

    def card_table(self, table: TableSession) -> CardTable:
        """Where the card page starts the table's next hand. :raises services.NotFound: no card page."""
        name = game_def(table.config["game"]).name
        raise services.NotFound(Said("%(game)s has no card-by-card page here: record each hand by its quick result",
                                     game=name))
