"""A form's one write: what the service made, or the sentence that says why not, with nothing stored.

Every page that writes from a form goes the same way: a fresh form asks nothing; a posted form that
does not validate points at its fields; a refusal of the service (the engine's one exception family)
leaves the session rolled back (``unit.run``) and shows the engine's sentence, naming the hand when it is about another
one; a write that goes through gives what it made (a redirect, a stored row) to the view, which says
so to the table. The views keep only what is their own: the words, and where to go next.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..engine.errors import ScorekeeperError
from . import unit
from .tables.blueprint import sentence

T = TypeVar("T")

CHECK_FIELDS = "Please check the fields marked below."


@dataclass(frozen=True)
class Sent(Generic[T]):
    """What became of a form: ``done`` with what the write ``made``, or the ``refusal`` (and its ``code``)."""

    done: bool = False
    made: T | None = None
    refusal: str | None = None
    code: str | None = None  # the engine's code of a refusal by the service


def checked(form: Any) -> bool | None:
    """What ``submit`` asks of a form: None when nothing was posted (a fresh form), else whether it validated."""
    return form.validate() if form.is_submitted() else None


def submit(valid: bool | None, write: Callable[[], T], position: int | None = None) -> Sent[T]:
    """Run ``write`` for a form: ``valid`` is None for a fresh form (nothing posted), else whether it
    validated; ``position``, the hand the form is about (a refusal about another hand names it)."""
    if valid is None:
        return Sent()
    if not valid:
        return Sent(refusal=CHECK_FIELDS)
    try:
        return Sent(True, unit.run(write))
    except ScorekeeperError as exc:
        return Sent(refusal=sentence(exc, position), code=exc.code)
