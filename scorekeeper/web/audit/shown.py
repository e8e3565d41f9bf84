"""An audit as the page shows it, in the reader's language: the headings of the table at each step, which are the
family's words (``Vocabulary.headings``, marked ``N_``), translated where shown (docs/languages.md). The steps'
sentences (``sheets/audit_steps.py``) are still the engine's English."""

from __future__ import annotations

from dataclasses import replace

from flask_babel import gettext

from ...sheets.audit_steps import StepsAudit


# "Hands" in the catalogues are a table's deals (*Spiele*, *Donnes*), not the cards each player holds: that heading
# stays the family's until it has a word of its own.
KEPT = frozenset({"hands"})


def in_language(found: StepsAudit) -> StepsAudit:
    """``found`` with each section's heading in the reader's language (one not in the catalogues as it is)."""
    frames = tuple(replace(f, sections=tuple(replace(s, title=gettext(s.title)) if s.title and s.key not in KEPT else s
                                             for s in f.sections))
                   for f in found.frames)
    return replace(found, frames=frames)
