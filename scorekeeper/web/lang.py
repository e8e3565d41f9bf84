"""Whose language a page speaks: the phone's own choice, else its table's, else what the phone asks for.

The languages shipped are ``scorekeeper.language.LANGUAGES``, each with a gettext catalogue in
``translations/`` (docs/languages.md: adding one is a catalogue plus a line there). A phone chooses with the footer's
links (any page's address with ``lang=<code>``), kept in the ``lang`` cookie for a year; a table and a club have a language
of their own (chosen when they are started, offered from the phone's ``Accept-Language``), which their
pages use for a phone that chose none and which their printed sheets always use.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlencode

from flask import Flask, g, has_request_context, redirect, request
from flask.typing import ResponseReturnValue
from flask_babel import Babel, force_locale, get_locale
from sqlalchemy import event

from .. import language
from ..engine.errors import Said, ScorekeeperError, said_of
from ..notes_words import said
from ..language import DEFAULT as DEFAULT, LANGUAGES as LANGUAGES, known as known  # the pages' names for them
from .models import Club, TableSession

COOKIE = PARAM = "lang"
YEAR = 365 * 24 * 3600

TRANSLATIONS = language.folder()

babel = Babel()


def offered() -> str:
    """The shipped language the phone's ``Accept-Language`` prefers, else English."""
    return request.accept_languages.best_match(list(LANGUAGES), default=DEFAULT) or DEFAULT


def use(code: str | None) -> None:
    """The language of the table or club this request shows (its pages follow it unless the phone chose)."""
    g.table_language = known(code)


def select() -> str:
    """Flask-Babel's locale: the phone's cookie, else the table's language, else ``Accept-Language``."""
    return known(request.cookies.get(COOKIE)) or known(g.get("table_language")) or offered()


@contextmanager
def speaking(code: str | None) -> Iterator[str]:
    """Render in ``code`` (a table's printed sheet in the table's language), else in the reader's: the pages'
    words (Flask-Babel) and the printed ones (``scorekeeper.language``) alike."""
    chosen = known(code) or current()
    with force_locale(chosen), language.speaking(chosen):
        yield chosen


def current() -> str:
    return str(get_locale() or DEFAULT)


def refusal(error: ScorekeeperError) -> str:
    """An engine's refusal in the reader's language (the page's, as ``select`` chose it): what every page, flash
    and JSON answer shows of a refusal (``language.refusal``); outside a request, the language spoken there."""
    if not has_request_context():
        return language.refusal(error)
    with language.speaking(current()):
        return language.refusal(error)


def sentence_of(error: BaseException) -> str:
    """What a web refusal that is not an engine's (``NotFound``, ``AccessDenied``) says, in the reader's language:
    its sentence worded when it was given as data (a ``Said``), else its text."""
    found = said_of(error)
    if not isinstance(found, Said):
        return found
    if not has_request_context():
        return language.say(found)
    with language.speaking(current()):
        return language.say(found)


def error_object(error: ScorekeeperError) -> dict[str, Any]:
    """The contract's error object, its ``message`` in the reader's language; its ``code`` and the rest unchanged."""
    if not has_request_context():
        return language.error_object(error)
    with language.speaking(current()):
        return language.error_object(error)


def link(code: str) -> str:
    """The footer's link to this page in ``code``: the same address with ``lang=<code>`` added, written as a
    query alone (``?lang=fr``: the browser keeps the page's path), so four links cost a page few bytes.

    A link, not a form, so a read-only page stays without forms and cookies until a language is chosen; the
    address carries no more than the page's own (whose keys the access logs mask)."""
    return "?" + urlencode([*_other_args(), (PARAM, code)])


def chosen() -> ResponseReturnValue | None:
    """A GET with ``lang=<code>``: keep the language in this phone's cookie, and show the page without it."""
    if request.method != "GET" or PARAM not in request.args or request.url_rule is None:
        return None  # an address no page answers is left to its 404 (never a redirect elsewhere)
    code = request.args.get(PARAM)
    args = _other_args()
    response = redirect(request.path + ("?" + urlencode(args) if args else ""), code=303)
    if known(code):
        response.set_cookie(COOKIE, str(code), max_age=YEAR, samesite="Lax", httponly=True, secure=request.is_secure)
    return response


def _page_language() -> str | None:
    """The language of the page being rendered (None outside a request): the engine's words follow it."""
    return current() if has_request_context() else None


def _other_args() -> list[tuple[str, str]]:
    """The page's query without ``lang``."""
    return [(name, value) for name, value in request.args.items(multi=True) if name != PARAM]


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    app.config.setdefault("BABEL_DOMAIN", "messages")
    babel.init_app(app, locale_selector=select)
    app.jinja_env.globals["languages"] = LANGUAGES
    app.jinja_env.globals["current_language"] = current
    app.jinja_env.globals["language_link"] = link
    app.jinja_env.filters["word"] = language.word  # an engine's word (a game's name, an option's) in the page's language
    app.jinja_env.filters["when_said"] = language.when_said  # a moment, its month in the page's language
    app.jinja_env.filters["said"] = said  # an engine's phrase (an evening's table name) in the page's language
    language.follow(_page_language)
    app.before_request(chosen)


def _loaded(target: TableSession | Club, context: object) -> None:
    """The first table or club a request loads gives the request its language (its pages, its sheet)."""
    if has_request_context() and "table_language" not in g:
        g.table_language = known(target.language)


event.listen(TableSession, "load", _loaded)
event.listen(Club, "load", _loaded)
