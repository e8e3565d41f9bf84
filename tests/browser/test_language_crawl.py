"""No English left behind: every page kind read on a 390x844 phone in Chromium (``tests/support/phonekit.py``),
once in English and once in French, Dutch and German (the phone's ``lang`` cookie), and every sentence the
translated page shows word for word as the English page does is English left behind
(``tests/support/leftbehind.py`` says what a sentence is and what is taken out before its words are counted).

The pages are those of ``tests/browser/test_every_page.py``'s tour (the start pages, a table of each family with
its read-only page, result form and card page, a hand's page and its audit, a club's pages, an evening's, the
error and offline pages) and five more: a Reversis and a Tripoli hand's page, the page of one's own hand, and
the audit at a step of a Black Lady hand (a trick in progress) and of a Tripoli deal (a bet and what it paid), which
the audit's first page (the deal) does not show.
Each is read in one browser context per language, its page reused; in each language nothing is wider than
the phone, and a screenshot of each page is kept in the test's temporary folder for a look on failure.

What is still English, known and waiting for its translation, is ``STILL_ENGLISH`` below. A test fails when a
page shows English that is not there (a sentence left behind: translate it, or name it there with a
reason), and when an entry there is no longer shown in English in every language (translated: delete it), so
the list never outlives its words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.everypage import HEIGHT, WIDTH
from tests.support.leftbehind import left_behind, matches, read, sentences
from tests.support.phonekit import TIMEOUT_MS, wait_until

LANGUAGES = ["fr", "nl", "de"]
KINDS = ["start page", "Reversis start page", "Tripoli start page", "club start page", "evening start page",
         "printed-sheet list", "offline page",
         "Black Lady table", "Black Lady read-only", "Black Lady result form", "Black Lady card page",
         "hand page", "audit", "read-only audit", "audit at a step", "my hand",
         "Reversis table", "Reversis read-only", "Reversis result form", "Reversis card page", "Reversis hand page",
         "Tripoli table", "Tripoli read-only", "Tripoli result form", "Tripoli card page", "Tripoli hand page",
         "Tripoli audit at a step",
         "club page", "club read-only page", "club player page", "club table start page",
         "evening page", "evening read-only page", "evening round", "evening table form", "error page"]

Entry = str | re.Pattern[str]

# What each page kind still shows in English, in every language: a sentence as the page shows it (the
# failure message prints them so), or a pattern found in one. The test fails on English not named here, and
# on an entry no longer shown in English (delete it then).
STILL_ENGLISH: dict[str, list[Entry]] = {
}


def _pages(tour: dict[str, str]) -> dict[str, str]:
    return {**tour, "my hand": f"{tour['Black Lady read-only']}/my-hand",
            "Reversis hand page": f"{tour['Reversis table']}/hand/1",
            "Tripoli hand page": f"{tour['Tripoli table']}/hand/1",
            # the audit's steps, which its first page (the deal) does not show: a trick in progress, a bet paid
            "audit at a step": f"{tour['Black Lady table']}/hand/1/audit?step=23",
            "Tripoli audit at a step": f"{tour['Tripoli table']}/hand/1/audit?step=6"}


def _context(browser: Any, live_server: str, code: str) -> Any:
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True,
                                  base_url=live_server, service_workers="block")
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies([{"name": "lang", "value": code, "url": live_server}])  # the footer's choice
    return context


def _open(page: Any, url: str, kind: str) -> None:
    """The page, as a reader sees it once it has settled (the card page's first question asked)."""
    response = page.goto(url)
    assert response is not None and response.status == (404 if kind == "error page" else 200), (kind, url)
    if kind.endswith("card page"):
        page.wait_for_selector("#ask")
        wait_until(page, "() => document.querySelector('#turn').textContent.trim() !== '…'")
    if kind.endswith("card page") or kind == "my hand":
        page.wait_for_load_state("networkidle")


@pytest.fixture(scope="module")
def english(browser: Any, live_server: str, tour: dict[str, str]) -> Iterator[Callable[[str], list[str]]]:
    """A page kind's sentences in English, each page read once (when a language first asks for it)."""
    context = _context(browser, live_server, "en")
    page, pages, known = context.new_page(), _pages(tour), {}

    def sentences(kind: str) -> list[str]:
        if kind not in known:
            _open(page, pages[kind], kind)
            assert page.locator("html").get_attribute("lang") == "en"
            known[kind] = read(page)
        return known[kind]

    yield sentences
    context.close()


@pytest.fixture(scope="module", params=LANGUAGES)
def reader(request: pytest.FixtureRequest, browser: Any, live_server: str) -> Iterator[tuple[str, Any]]:
    """One phone per language, its page reused from one page kind to the next."""
    context = _context(browser, live_server, request.param)
    yield request.param, context.new_page()
    context.close()


def test_what_counts_as_english_left_behind() -> None:
    """Three words or more shown word for word in both, once the names, cards and numbers are out; a pattern
    entry is found in a sentence."""
    english = sentences("Save the hand. Ann took QS 3 times: Black Lady rules\n(tap a number for why)")
    french = sentences("Enregistrer la donne. Ann took QS 3 times: Black Lady rules\n(tap a number for why)")
    assert english[1:] == french[1:] == ["Ann took QS 3 times", "Black Lady rules", "tap a number for why"]
    assert left_behind(english, french, "fr") == ["tap a number for why"]  # "took times": two words
    assert left_behind(english, sentences("Dirty Nasty Filthy Hearts · Gong Zhu · Ann Bob Cat"), "de") == []
    assert matches(re.compile(r"^\w+ took \d+ hearts?"), "Ann took 3 hearts") and not matches("Ann", "Ann took")


def test_the_crawl_reaches_every_page_kind_of_the_tour(tour: dict[str, str]) -> None:
    assert set(_pages(tour)) == set(KINDS) and set(STILL_ENGLISH) <= set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_no_english_is_left_behind(kind: str, reader: tuple[str, Any], english: Callable[[str], list[str]],
                                   tour: dict[str, str], tmp_path: Path) -> None:
    code, page = reader
    said = english(kind)
    _open(page, _pages(tour)[kind], kind)
    assert page.locator("html").get_attribute("lang") == code, kind
    shot = tmp_path / f"{code}-{kind.replace(' ', '-')}.png"  # taken when the test fails, for a look
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > WIDTH:
        page.screenshot(path=str(shot), full_page=True)
    assert width <= WIDTH, (code, kind, width, str(shot))
    left = left_behind(said, read(page), code)
    known = STILL_ENGLISH.get(kind, [])
    new = [s for s in left if not any(matches(entry, s) for entry in known)]
    gone = [entry for entry in known if not any(matches(entry, s) for s in left)]
    if new or gone:
        page.screenshot(path=str(shot), full_page=True)  # every <details> open, as the sentences were read
    assert not new and not gone, (
        f"{code}, {kind} ({shot}):\n"
        + (f"  English left behind, not in STILL_ENGLISH[{kind!r}]:\n" + "".join(f"    {s!r},\n" for s in new)
           if new else "")
        + (f"  in STILL_ENGLISH[{kind!r}] but no longer shown in English (delete it):\n"
           + "".join(f"    {e!r},\n" for e in gone) if gone else ""))
