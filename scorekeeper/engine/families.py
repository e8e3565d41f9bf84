"""Games with records and settlements of their own, outside the trick-taking core.

Most games of the catalogue are one ``Ruleset`` value played by ``Hand``; Tripoli and its
cousins (and Reversis, when it lands) have a package of their own. This table says which,
without importing those packages: a Hearts replay never pays for them.
"""

from __future__ import annotations

import importlib
from types import ModuleType

OWN_PACKAGE = {"tripoli": "tripoli", "rummoli": "tripoli", "cosmo": "tripoli", "reversis": "reversis"}


def own_package(game: object) -> ModuleType | None:
    """The engine package that plays ``game``, or None when the trick-taking core does."""
    name = OWN_PACKAGE.get(game) if isinstance(game, str) else None
    return None if name is None else importlib.import_module(f"{__package__}.{name}")
