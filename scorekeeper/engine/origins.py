"""Where a rule comes from, as the label that starts its doc says it (an option's ``doc``, a settlement's
docstring: ``2.2.3 HOUSE: ...``): the rules catalogue's section (``2.2.3``), a source's code (``004``), a
decision's number where the sources are unclear (``AMB-33``), the mark ``HOUSE`` for a rule none of them has.
A page says which in a player's words (``web/sources.py``), never the label itself."""

from __future__ import annotations

import re
from typing import Literal

Origin = Literal["rules", "books", "reading", "house", ""]

_CODE = re.compile(r"\b00\d\b")  # a source's code, in the label or in the words after it: (002), 004


def origin(doc: str) -> Origin:
    """``house`` (in no source), ``reading`` (the sources unclear: a decision), ``books`` (the sources differ: a
    value each), ``rules`` (a section of the rules), or ``""`` (a doc with no label)."""
    label = doc.split(":", 1)[0] if ":" in doc else ""
    if "HOUSE" in label:
        return "house"
    if "AMB-" in label:
        return "reading"
    if len(set(_CODE.findall(doc))) > 1:
        return "books"
    return "rules" if any(c.isdigit() for c in label) else ""
