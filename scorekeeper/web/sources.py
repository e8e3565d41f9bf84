"""The start page's folded *source* of an option, a version and a settlement: where the rule comes from, in
the reader's words (``engine.origins``: the published rules, a reading of them, a house rule), never the
engine's notes, ids or catalogue numbers (docs/app.md)."""

from __future__ import annotations

from ..engine.hearts.words import method_summary
from ..engine.origins import Origin, origin
from ..language import gettext


def said(kind: Origin) -> str:
    """Where a rule comes from, as a sentence ("" when the engine does not say)."""
    if kind == "rules":
        return gettext("From the game's published rules.")
    if kind == "books":
        return gettext("The published rules differ here: each choice is one source's.")
    if kind == "reading":
        return gettext("The published rules are unclear here: the default is one reading of them.")
    if kind == "house":
        return gettext("A house rule some tables add, not in the published rules: agree on it before you play.")
    return ""


def of_option(doc: str) -> str:
    """An option's source (its ``doc``'s label)."""
    return said(origin(doc))


def of_versions() -> str:
    """The source of a game's versions."""
    return gettext("Each version is the game as one published source gives it; the house rules below start from it.")


def of_settlement(method: object, own: bool) -> str:
    """A settlement's source (its docstring's label); the game's own settlement is its rules' even when its
    docstring names no section."""
    kind = origin(method_summary(method))
    return said(kind or ("rules" if own else ""))
