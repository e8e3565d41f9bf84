"""What the routes ask of a family's pages (``FamilyPages``), with the answers of a family that lacks a page.

Each method is one page or one answer of a table of the family; the routes have already checked the
link (edit token or read key). A family without a card-by-card page or a trick audit answers those
with a page that says how its hands are recorded instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import Response, jsonify

from ...engine.family import family_of, game_def
from ...engine.games import GameDef
from .. import forms, services
from ..models import Hand as HandRow
from ..models import TableSession


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

    # --- a new table ---

    def offers(self, game: GameDef) -> bool:
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

    # --- card by card and the audit: where the family has them ---

    def trick_game(self, table: TableSession) -> Any:
        """The table's game as the card page and the audit read it. :raises services.NotFound: no such pages."""
        name = game_def(table.config["game"]).name
        raise services.NotFound(f"{name} has no card-by-card page here: record each hand by its quick result, or "
                                "correct it with its whole record (JSON) on its page")

    def card_page(self, table: TableSession, sid: str, key: str) -> Any:
        """The page that records a whole hand card by card."""
        return self.trick_game(table)

    def card_check(self, table: TableSession) -> tuple[Response, int]:
        """The engine's answer to the cards tapped so far on the card page."""
        self.trick_game(table)
        return jsonify({"ok": False, "error": {"code": "syntax", "message": "this game is not recorded card by card "
                                                                             "here: record it by its result"}}), 409
