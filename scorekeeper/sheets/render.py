"""Sheets to HTML (Jinja2, templates under ``templates/sheets/``) and HTML to PDF (WeasyPrint).

The one module that imports WeasyPrint. The PDF is made from nothing but the app's own
files: the HTML comes from our templates with every value escaped (autoescape on), the
stylesheet from ``static/sheet.css``, and WeasyPrint's URL fetcher is ``AppFilesOnly``,
which refuses every URL that is not a file inside the app's ``static/`` folder, so a
name or note can never make the server or the command line fetch anything.
"""

from __future__ import annotations

import json
import mimetypes
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

import jinja2
import weasyprint
from weasyprint.urls import URLFetcher, URLFetcherResponse

from ..engine.hearts.records import HandRecord
from .. import language
from ..resources import resource
from .audit import Audit, hand_audit
from .audit_steps import StepsAudit, printed_frames
from .charts import player_key
from .clock import TableClock, printed
from .model import Sheet, StoredHand, blank_sheet, filled_sheet, paper_key

STYLESHEET = "sheet.css"
PAGE_SIZES = {"a4": "A4", "letter": "letter"}


class AppFilesOnly(URLFetcher):  # type: ignore[misc]  # WeasyPrint has no type hints
    """WeasyPrint's URL fetcher for sheets: the app's static files, and nothing else.

    Every refused URL is kept in ``refused`` (tests read it); WeasyPrint logs the refusal
    and renders without the resource.
    """

    def __init__(self, root: Path | None = None) -> None:
        super().__init__(timeout=1, allowed_protocols=("file",), allow_redirects=False)
        self.root = (root or resource("static")).resolve()
        self.fetched: list[str] = []
        self.refused: list[str] = []

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        path = self.local_path(url)
        if path is None:
            self.refused.append(url)
            raise ValueError(f"score sheets load nothing from outside the app: refused {url[:200]!r}")
        self.fetched.append(url)
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": kind})

    def local_path(self, url: str) -> Path | None:
        """The file a ``file:`` URL names, when it is inside the static folder; None otherwise."""
        parts = urlsplit(url)
        if parts.scheme.lower() != "file" or parts.netloc not in ("", "localhost"):
            return None
        path = Path(url2pathname(unquote(parts.path))).resolve()
        if not path.is_relative_to(self.root) or not path.is_file():
            return None
        return path


def environment() -> jinja2.Environment:
    """The sheets' Jinja2 environment in the language spoken now (``scorekeeper.language.speaking``)."""
    return _environment(language.current())


@lru_cache(maxsize=None)
def _environment(code: str) -> jinja2.Environment:
    """A plain Jinja2 environment (no Flask) over the top-level templates folder, autoescape on, its ``_()``
    and ``ngettext()`` speaking ``code`` (the catalogues of docs/languages.md)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(resource("templates"))),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_translations(language.translations(code), newstyle=True)  # type: ignore[attr-defined]
    env.globals["language"] = code  # the printed page's <html lang>
    env.globals["player_key"] = player_key  # each player's marker in the sheet's header, as in its charts
    env.globals["decimal"] = lambda value, places: decimal(value, places, code)
    # a word the code marked (``language.N_``: a column's name), in this language; as it is when not marked
    env.filters["said"] = lambda word: language.translations(code).ugettext(word) if word else word
    return env


def decimal(value: float, places: int, code: str | None = None) -> str:
    """``value`` with ``places`` decimals as ``code`` (the language spoken now) writes it: 3.80, 3,80 (Babel)."""
    from babel.numbers import format_decimal

    return str(format_decimal(value, format="0." + "0" * places, locale=code or language.current(),
                              decimal_quantization=True))


def _printed(clock: TableClock | None = None) -> str:
    """When the sheet is printed: in UTC, or in its table's time zone (``clock``)."""
    return printed(clock)


def sheet_html(sheet: Sheet, clock: TableClock | None = None) -> str:
    """The HTML of a blank or filled score sheet; ``clock``: its table's time zone, for the times it prints."""
    return environment().get_template("sheets/sheet.html").render(sheet=sheet, printed=_printed(clock))


def audit_html(audit: Audit, clock: TableClock | None = None) -> str:
    """The HTML of a hand's audit report."""
    return environment().get_template("sheets/audit.html").render(audit=audit, printed=_printed(clock))


def steps_html(audit: StepsAudit, *, title: str, subtitle: str = "", stand: tuple[str, str] | None = None,
               paper: str = "a4", clock: TableClock | None = None) -> str:
    """The HTML of the audit of any game's hand, step by step (``audit_steps``)."""
    return environment().get_template("sheets/audit_steps.html").render(
        audit=audit, printed=_printed(clock), printed_frames=printed_frames(audit), title=title, subtitle=subtitle,
        stand=stand, paper=paper_key(paper))


def html_document(
    html: str, *, paper: str = "a4", landscape: bool = False, fetcher: AppFilesOnly | None = None,
) -> weasyprint.Document:
    """Our HTML (and ``static/sheet.css``) laid out in pages of A4 or Letter, fetching only the app's own files."""
    fetcher = fetcher or AppFilesOnly()
    static = fetcher.root
    base = static.as_uri() + "/"
    page = (f"@page {{ size: {PAGE_SIZES[paper]} {'landscape' if landscape else 'portrait'}; "
            f"@bottom-right {{ content: {page_count()}; }} }}")
    stylesheets = [
        weasyprint.CSS(string=(static / STYLESHEET).read_text(encoding="utf-8"), base_url=base, url_fetcher=fetcher),
        weasyprint.CSS(string=page, url_fetcher=fetcher),
    ]
    return weasyprint.HTML(string=html, base_url=base, url_fetcher=fetcher).render(stylesheets=stylesheets)


def page_count() -> str:
    """The CSS ``content`` of the page's number at its foot in the language spoken now (``Page 1 of 2``)."""
    words = language.gettext("Page %(page)s of %(pages)s", page="\0page\0", pages="\0pages\0")
    parts = [f"counter({part})" if i % 2 else json.dumps(part, ensure_ascii=False) for i, part in enumerate(words.split("\0")) if part]
    return " ".join(parts)


def html_to_pdf(html: str, *, paper: str = "a4", landscape: bool = False, fetcher: AppFilesOnly | None = None) -> bytes:
    """``html_document`` written as PDF bytes."""
    pdf: bytes = html_document(html, paper=paper, landscape=landscape, fetcher=fetcher).write_pdf()
    return pdf


def sheet_pdf(sheet: Sheet, *, fetcher: AppFilesOnly | None = None, clock: TableClock | None = None) -> bytes:
    return html_to_pdf(sheet_html(sheet, clock), paper=sheet.paper, landscape=sheet.landscape, fetcher=fetcher)


def render_audit(audit: Audit, *, fetcher: AppFilesOnly | None = None, clock: TableClock | None = None) -> bytes:
    return html_to_pdf(audit_html(audit, clock), paper=audit.paper, landscape=audit.landscape, fetcher=fetcher)


# --- the public shortcuts (scorekeeper.sheets) -------------------------------------------------------

def steps_pdf(audit: StepsAudit, *, title: str, subtitle: str = "", stand: tuple[str, str] | None = None,
              paper: str = "a4", clock: TableClock | None = None) -> bytes:
    """The audit of any game's hand as PDF: every step with what it paid, the table after each trick or
    round, the refused action marked with its rule (``stand``: the rule and its cost, had it stood)."""
    html = steps_html(audit, title=title, subtitle=subtitle, stand=stand, paper=paper, clock=clock)
    return html_to_pdf(html, paper=paper_key(paper))


def blank_pdf(
    game: str,
    players: int | Sequence[str],
    *,
    options: Mapping[str, Any] | None = None,
    settlement: str | None = None,
    paper: str = "a4",
) -> bytes:
    """A blank score sheet as PDF.

    :raises ScorekeeperError: an unknown game, option, settlement or paper, or a number of
        players the game does not seat (``players``).
    """
    return sheet_pdf(blank_sheet(game, players, options=options, settlement=settlement, paper=paper))


def session_pdf(
    record: Mapping[str, Any], *, stored: Sequence[StoredHand] | None = None, paper: str = "a4",
    clock: TableClock | None = None,
) -> bytes:
    """The filled score sheet of a session record as PDF; ``clock``: the table's time zone and start
    (the app's tables), else the times are printed in UTC.

    :raises ScorekeeperError: the session does not settle (the engine's error, with ``hand``).
    """
    return sheet_pdf(filled_sheet(record, stored=stored, paper=paper), clock=clock)


def audit_pdf(
    hand: HandRecord | Mapping[str, Any], *, paper: str = "a4", clock: TableClock | None = None,
) -> tuple[bytes, Audit]:
    """A hand's audit report as PDF, and its data (``audit.error`` is set for an illegal hand).

    :raises RecordSyntaxError: the record cannot be read.
    """
    audit = hand_audit(hand, paper=paper)
    return render_audit(audit, clock=clock), audit
