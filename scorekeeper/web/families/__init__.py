"""Each game family's phone pages, found through the engine's family registry.

A family's pages are the folder named after it (``web/families/<family id>/``, its ``PAGES``), its
templates ``templates/families/<family id>/``. The routes (``pages``, ``play``, ``audits``) hand a
table to ``pages_of`` and never ask which family it is: a new family's pages are a new folder here,
found by the id the engine's registry gives it.
"""

from __future__ import annotations

import importlib

from ...engine.family import family_of
from .base import FamilyPages


def pages_of(game: object) -> FamilyPages:
    """The pages of the family that plays ``game`` (a game id, as a record or a table's config writes it)."""
    pages: FamilyPages = importlib.import_module(f"{__name__}.{family_of(game).id}").PAGES
    return pages
