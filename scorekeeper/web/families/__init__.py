"""Each game family's phone pages, found through the engine's family registry.

A family's pages are the folder named after it (``web/families/<family id>/``, its ``PAGES``), its
templates ``templates/families/<family id>/``. The routes (``tables``, ``play``, ``audit``) hand a
table to ``pages_of`` and never ask which family it is: a new family's pages are a new folder here,
found by the id the engine's registry gives it.
"""

from __future__ import annotations

import importlib
from typing import Any

from flask import Response

from ...engine.errors import Said
from ...engine.family import family_of, game_def
from ...engine.hearts.games import GameDef
from .. import services
from ..forms import JsonForm
from ..models import Hand as HandRow
from ..models import TableSession
from .base import FamilyPages


def pages_of(game: object) -> FamilyPages:
    """The pages of the family that plays ``game`` (a game id, as a record or a table's config writes it):
    its folder's ``PAGES``, or for a family that has no phone pages yet, pages that say so."""
    name = f"{__name__}.{family_of(game).id}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return NO_PAGES
    pages: FamilyPages = module.PAGES
    return pages


class NoPages(FamilyPages):
    """A family whose games the engine plays (the command line and the API take them) but the phone
    has no pages for yet: the start page does not offer them, and a table started through the API
    answers with a page that says where its hands go."""

    def offers(self, game: GameDef[Any]) -> bool:
        return False

    @staticmethod
    def _none(table: TableSession) -> services.NotFound:
        name = game_def(table.config["game"]).name
        return services.NotFound(Said("%(game)s has no pages on the phone yet: record its hands through the JSON "
                                      "API (docs/api.md), and settle them with scorekeeper settle", game=name))

    def session_page(self, table: TableSession, can_edit: bool, key: str) -> str:
        raise self._none(table)

    def live(self, table: TableSession, can_edit: bool, key: str) -> str:
        raise self._none(table)

    def notes(self, table: TableSession) -> Response:
        raise self._none(table)

    def record(self, table: TableSession, sid: str, key: str) -> Any:
        raise self._none(table)

    def hand_page(self, table: TableSession, row: HandRow, can_edit: bool, key: str) -> str:
        raise self._none(table)

    def hand_edit(self, table: TableSession, row: HandRow, sid: str, key: str) -> Any:
        raise self._none(table)

    def json_refused(self, table: TableSession, row: HandRow, key: str, json_form: JsonForm,
                     refusal: str | None) -> str:
        raise self._none(table)


NO_PAGES = NoPages()
