"""QR codes of a table's links, drawn by segno: an SVG for the share section of a page, text for a terminal.

A phone's camera reads them off another phone's screen or the host's terminal: dark modules on a
light ground, the standard quiet zone of four modules, error correction M (a smudged or glaring
screen still reads), and five pixels a module on the page (about 250 pixels for a table's link).
"""

from __future__ import annotations

import io
from functools import lru_cache

import segno
from markupsafe import Markup

QUIET_ZONE = 4  # modules of light border: the standard's minimum, without which cameras hesitate
MODULE_PIXELS = 5


def code(link: str) -> segno.QRCode:
    return segno.make(link, error="m", micro=False)


@lru_cache(maxsize=256)
def svg(link: str, label: str) -> Markup:
    """The link's QR code as inline SVG, named for screen readers (``role="img"``, ``aria-label``, a title).

    Kept per process: a table's page is opened again and again, and choosing the code's best mask
    takes segno about 10 ms a code.
    """
    drawn = code(link).svg_inline(
        scale=MODULE_PIXELS, border=QUIET_ZONE, dark="#000", light="#fff", title=label, svgclass="qr",
        lineclass=None,
    )
    named = drawn.replace("<svg ", f'<svg role="img" aria-label="{Markup.escape(label)}" ', 1)
    return Markup(named)  # noqa: S704  (segno escapes the title; the label is escaped above)


def terminal(link: str) -> str:
    """The link's QR code as text for a terminal (two modules a line, in block characters)."""
    out = io.StringIO()
    code(link).terminal(out=out, compact=True, border=QUIET_ZONE)
    return out.getvalue()
