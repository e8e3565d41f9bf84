"""The end of a write: the one place besides the services that ends the database session's transaction.

The services own each write (they commit it, inside the checks that guard it); a view never touches the
session. What a view cannot know is whether a refused write left something half-made in the session:
``writes`` marks a service whose refusal rolls the session back before the view hears of it, and ``run``
does the same for a form's one write (``submit``), so the page drawn after a refusal reads the database as
it is.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

from .extensions import db

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])


def run(write: Callable[[], T]) -> T:
    """``write()``; whatever it raises leaves the session rolled back."""
    try:
        return write()
    except BaseException:
        db.session.rollback()
        raise


def writes(service: F) -> F:
    """A service that writes: whatever it raises (a refusal of the engine, a seat taken, a busy table)
    leaves the session rolled back, nothing of the refused write kept in it."""
    @functools.wraps(service)
    def written(*args: Any, **kwargs: Any) -> Any:
        return run(lambda: service(*args, **kwargs))
    return cast(F, written)
