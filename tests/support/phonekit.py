"""The phone of the browser tests, shared by every test module that drives one (``tests/conftest.py``
makes these fixtures everyone's, so one server and one browser serve the whole run): the app on a fresh
SQLite file, migrated as ``scorekeeper serve`` does, served by werkzeug in a background thread on
127.0.0.1; Debian's Chromium driven by Playwright; a 390x844 touch phone.

Without ``/usr/bin/chromium`` or the ``playwright`` package (``pip install -e .[test]``; never
``playwright install``: the system Chromium is used) the browser tests fail under ``CI=true`` and are
skipped elsewhere.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

import pytest

CHROMIUM = "/usr/bin/chromium"
HOST = "127.0.0.1"
TIMEOUT_MS = 20_000  # two workers share two cores: a busy moment must not fail a phone test
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _missing() -> str:
    problems = []
    if importlib.util.find_spec("playwright") is None:
        problems.append("the Python package playwright is not installed (pip install playwright)")
    if not os.access(CHROMIUM, os.X_OK):
        problems.append(f"{CHROMIUM} is not installed (apt-get install chromium)")
    return "; ".join(problems)


# --- the server and the browser ------------------------------------------------------------------

@contextmanager
def serving(app: Any, name: str) -> Iterator[str]:
    """``app`` served on a free loopback port by werkzeug in a background thread (``name``), a thread per
    request: its base URL, the server shut down after."""
    from werkzeug.serving import make_server

    server = make_server(HOST, 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name=name, daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()


@pytest.fixture(scope="session")
def browser_ready() -> None:
    missing = _missing()
    if missing:
        if in_ci():
            pytest.fail(f"CI=true but the browser test cannot run: {missing}", pytrace=False)
        pytest.skip(f"no browser for the browser test: {missing}")


@pytest.fixture(scope="session")
def live_server(browser_ready: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on a fresh migrated SQLite file, served on 127.0.0.1:<free port>."""
    from scorekeeper.web import create_app
    from scorekeeper.web.extensions import db
    from scorekeeper.web.serve import upgrade_database

    tmp = tmp_path_factory.mktemp("browser")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp / "instance"))
        mp.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / 'scorekeeper.db'}",
                          "SECRET_KEY": "browser-test-secret", "LIMITS_ON": False})  # one address, many tables
    upgrade_database(app)
    try:
        with serving(app, "browser-test-server") as url:
            yield url
    finally:
        with app.app_context():
            db.engine.dispose()


@pytest.fixture(scope="session")
def browser(browser_ready: None) -> Iterator[Any]:
    from playwright.sync_api import expect, sync_playwright

    # What a page must show, waited for as long as an action is (the suite runs two workers on two cores:
    # a busy moment must not fail a phone test; a page that never shows it still does).
    expect.set_options(timeout=TIMEOUT_MS)

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def phone(browser: Any, live_server: str) -> Iterator[tuple[Any, list[str], list[str]]]:
    """A 390x844 touch phone; every URL it requested and every script error it hit."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  base_url=live_server)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("dialog", lambda d: d.accept())
    try:
        yield page, requests, errors
    finally:
        context.close()


def exported(page: Any, session_url: str) -> dict[str, Any]:
    """The session as stored, by the read-only link's export (the session page shows the link)."""
    page.goto(session_url)
    read = urlsplit(page.locator("#read-link").input_value()).path.split("/")
    response = page.request.get(f"/api/sessions/{read[2]}/export?key={read[3]}")
    assert response.ok
    session: dict[str, Any] = response.json()
    return session


def stored_hand(page: Any, session_url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The one hand the table stored (without its client id) and the engine's settlement of the stored session."""
    from scorekeeper.engine.family import family_of

    session = exported(page, session_url)
    [hand] = session["hands"]
    own = {k: v for k, v in hand.items() if k != "id"}
    settled = family_of(session["game"]).settle_json({**{k: v for k, v in session.items() if k != "hands"},
                                                      "hands": [own]})
    return own, settled


def totals_shown(page: Any, session_url: str, players: list[str]) -> dict[str, int]:
    """The totals the session page shows, each player's chips where the game counts chips."""
    page.goto(session_url)
    return {name: int(page.locator(f'td.chips[data-player="{name}"], td.total[data-player="{name}"]').first
                      .inner_text()) for name in players}


@contextmanager
def another_phone(browser: Any, live_server: str) -> Iterator[tuple[Any, list[str]]]:
    """A second phone at the same table (its own browser context: its own storage and service worker), the
    script errors it hit; closed when the block ends."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  base_url=live_server)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("dialog", lambda d: d.accept())
    try:
        yield page, errors
    finally:
        context.close()


def settled_export(page: Any, session_url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The session as stored (the export, hands without their client ids) and the engine's settlement of it."""
    from scorekeeper.engine.family import family_of

    session = exported(page, session_url)
    hands = [{k: v for k, v in hand.items() if k != "id"} for hand in session["hands"]]
    return session, family_of(session["game"]).settle_json({**session, "hands": hands})


def wait_until(page: Any, expression: str, arg: Any = None, seconds: float = 15) -> None:
    """``page.wait_for_function`` without its polling function in the page (the pages' CSP forbids the eval it
    falls back on, now and then): ``expression`` (a function of ``arg``; a promise is awaited) asked from here
    until it is true."""
    import time

    deadline = time.monotonic() + seconds
    while not page.evaluate(expression, arg):
        assert time.monotonic() < deadline, f"never true: {expression}"
        page.wait_for_timeout(200)


def worker_controls(page: Any, seconds: float = 60) -> None:
    """Wait until the service worker controls the page, asking from here (no polling function in the page: the
    pages' CSP forbids the eval that ``wait_for_function`` falls back on). Up to a minute: on two busy cores the
    worker's install (it keeps the app's pages and files first) has taken over 30 s."""
    import time

    deadline = time.monotonic() + seconds
    while not page.evaluate("!!(navigator.serviceWorker && navigator.serviceWorker.controller)"):
        assert time.monotonic() < deadline, "the service worker never controlled the page"
        page.wait_for_timeout(200)
