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

# The start page's folded sources of each option and settlement: the engine's own notes, with its ids.
START_SOURCES: list[Entry] = [
    "which source's version of Hearts",
    'how many cards each, widow, stripped or double pack',
    "the widow's taker may look at it",
    'no effect on scoring',
    'passing before play',
    'who leads trick 1 and what',
    'hearts may not be led until broken',
    'queen_breaks_hearts',
    'playing QS breaks hearts too',
    'lead_heart_instead_of_queen',
    'a leader holding only hearts and QS may lead a heart',
    'first_trick_points',
    'false forbids discarding hearts or QS on trick 1',
    'shooting the moon',
    "who chooses the moon's effect",
    'jack_of_diamonds',
    'JD scores -10 for its taker',
    'established revoke penalty',
    'queen_of_spades',
    'QS is a 13-point penalty card',
    'hand scores add up',
    'the game ends when a total reaches the target',
    'the total that ends the game',
    'tied winners share, or play on',
]

# What each page kind still shows in English, in every language: a sentence as the page shows it (the
# failure message prints them so), or a pattern found in one. The test fails on English not named here, and
# on an entry no longer shown in English (delete it then).
STILL_ENGLISH: dict[str, list[Entry]] = {
    'start page': START_SOURCES,
    'Reversis start page': [  # the source of each option and settlement, folded away: the engine's own notes with its ids
        "the talon's card points + 4",
        'or a fixed amount',
        "the hand winner's own JH lead",
        'the others still pay their 5s, or it lapses',
        '``reversis-fish`` as a method object',
        '``settle`` one outcome at a time, ``pool`` the fish in the pools',
        'the set number of hands',
        'until the table stops',
        'pools_at_end',
        'the pools when the table stops',
        'the table has stopped',
        'apply pools_at_end',
    ],
    'Tripoli start page': [  # the source of each option and settlement, folded away: the engine's own notes with its ids
        'the dealer may swap or auction the spare hand',
        'check only the hand sizes, or the spare dealt last',
        'pay cards collected in stage 1, or when played',
        'or a bid buys the paying suit',
        'or the board shows it each deal',
        'the three ranks of the SEQ space',
        'who begins the betting',
        'who leads first in stage 3',
        'what the first stage-3 lead must be',
        'leads alternate black, red, black',
        'the largest bet, and the most a raise adds',
        '``tripoli-layout`` as a method object',
        '``settle`` one outcome at a time, ``pool`` the layout total',
        'the leftovers in one final poker pot, or in several',
        "a final split's odd chips",
        'one more deal, or cut for',
    ],
    'printed-sheet list': [  # the list of blank sheets: the games' names and summaries (their translation made the page too heavy)
        'Blank score sheets',
        'Print one before the game',
        "the columns are the game's own",
        'who took the queen of spades, the pool',
        'Hearts Take as few hearts as possible',
        'Black Lady Hearts with the queen of spades worth 13',
        'Greek Hearts Black Lady whose moon costs every opponent 26',
        'Omnibus Hearts Black Lady where the jack of diamonds is worth -10',
        'Spot Hearts Hearts score their pips',
        'Dirty Nasty Filthy Hearts Black Lady with house differences',
        'Hooligan Hearts Black Lady with 7C worth 7 and TD worth -10',
        'Pink Lady Black Lady where the queen of hearts is worth 13 too',
        'Complex Hearts Scores are Gaussian integers',
        "Heartsette Hearts with a widow for the first trick's winner",
        'Hartenjagen Hearts in two phases',
        'add up to 100, then subtract down to 0',
        'Three Player Hartenjagen Hartenjagen for three',
        'Joker Hearts Hearts with a Joker that takes the trick, unless a high heart is in it',
        'Discard Hearts Hearts with a compulsory pass of three and the queen',
        'of spades worth 13',
        'Cancellation Hearts Black Lady with two packs',
        'identical cards played to a trick cancel each other',
        'Three-Handed Hearts Hearts for three',
        'the two of spades out, seventeen cards each',
        'Two-Handed Hearts Hearts for two',
        'draw from the stock after each trick',
        'Domino Hearts Hearts with six cards each',
        'a player who cannot follow draws from the stock until he can',
        'Black Maria Three-handed Hearts with the spade honours',
        'the queen 13, the king 10, the ace 7',
        'Polignac Avoid the jacks',
        'the jack of spades is worth 2',
        'and the first and last tricks',
        'or declare Capot',
        'Slobberhannes Avoid the first trick, the last trick and the queen of clubs',
        'Knaves Win tricks',
        'but not the jacks',
        'hearts -4, diamonds -3, clubs -2, spades -1',
        'Auction Hearts Bid for the right to name the penalty suit',
        'the clear players win the pool',
        'Conquimbert Do not take 31 card points',
        'each time costs a life',
        'the pig −100, the sheep +100, the transformer doubles',
        'Tripoli Pay cards, one round of poker, then runs of cards, on a layout of nine spaces',
        'Rummoli Tripoli with the pay cards collected as they are played in the runs',
        'Cosmo Only the runs, leads alternating black and red, the board changed every deal',
        'Reversis Take as few tricks and card points as you can',
        'the Quinola and the aces pay, a pool grows',
        '48 cards, played to the right',
    ],
    'Black Lady table': [  # the misdeal's reasons (the engine's) and the pass's rule line
        'A card of another player was turned up during the deal',
        'A card was found face up in the pack',
        'Someone has too few or too many cards',
        'found before the first trick was complete',
        'Pass 3 cards to the left',
    ],
    'Black Lady read-only': [  # the pass's rule line
        'Pass 3 cards to the left',
    ],
    'Black Lady card page': [  # the rules in brief (the engine's rule lines no pattern knows yet)
        'Whoever holds 2♣ leads it',
        'hearts may not be led until broken',
    ],
    'Reversis hand page': [  # why these fish: the arithmetic line of each player (no pattern yet)
        "stake -5, dealer's 5 -5, in play -10, Party -20",
        'stake -5, in play -10, Quinola to the pool -25',
        'stake -5, in play +25',
        'stake -5, in play -5, Party +20',
    ],
    'Tripoli hand page': [  # why these chips: the arithmetic line of each player (no pattern yet)
        'antes -9, pay cards +4, bets -5, pot +16, cards left -3',
        'antes -9, spare hand -3, pay cards +4, bets -5, kitty +4, cards left +10',
        'antes -9, pay cards +12, cards left -5',
        'antes -9, spare hand +3, bets -2, cards left -2',
    ],
    'club table start page': START_SOURCES,  # the same start page, a club's
    'error page': [  # the web layer's own refusal of a table that does not exist
        "no session 'no-such-table",
    ],
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
