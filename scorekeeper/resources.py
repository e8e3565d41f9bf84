"""Where the app's non-Python files are.

In a checkout (and an editable install) ``templates/``, ``static/`` and ``migrations/``
sit at the project's top level. A built wheel carries copies of them inside the
package, under ``scorekeeper/_bundled/`` (the build puts them there), because an
installed package has no project folder around it.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
BUNDLED = PACKAGE / "_bundled"
CHECKOUT = PACKAGE.parent


def installed() -> bool:
    """True in a built wheel's install, False in a checkout."""
    return BUNDLED.is_dir()


def resource(name: str) -> Path:
    """The folder ``name`` (``templates``, ``static``, ``migrations``, ``translations``) wherever this copy keeps it."""
    return (BUNDLED if installed() else CHECKOUT) / name
