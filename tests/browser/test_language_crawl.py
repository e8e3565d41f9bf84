"""No English left behind: every page kind read on a 390x844 phone in Chromium (``tests/support/phonekit.py``),
once in English and once in French, Dutch and German (the phone's ``lang`` cookie), and every sentence the
translated page shows word for word as the English page does is English left behind
(``tests/support/leftbehind.py`` says what a sentence is and what is taken out before its words are counted).

The pages are those of ``tests/browser/test_every_page.py``'s tour (the start pages, a table of each family with
its read-only page, result form and card page, a hand's page and its audit, a club's pages, an evening's, the
error and offline pages) and three more: a Reversis and a Tripoli hand's page and the page of one's own hand.
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
         "hand page", "audit", "read-only audit", "my hand",
         "Reversis table", "Reversis read-only", "Reversis result form", "Reversis card page", "Reversis hand page",
         "Tripoli table", "Tripoli read-only", "Tripoli result form", "Tripoli card page", "Tripoli hand page",
         "club page", "club read-only page", "club player page", "club table start page",
         "evening page", "evening read-only page", "evening round", "evening table form", "error page"]

Entry = str | re.Pattern[str]

# English still shown, known, in every language, grouped by whose translation it waits for (the other parts
# of the app being translated now): an entry is a sentence as the page shows it (the failure message prints
# them so), or a pattern found in one.
# The start page of a Hearts game (and a club's): the games' summaries and their options' words, from the
# engine (the engine's names and options).
HEARTS_START: list[Entry] = [
    "Take as few hearts as possible",
    "Pass three, hearts broken before they are led, shoot the moon, game to 100",
    "which source's version of Hearts",
    "By the chart",
    "Evenly, with a widow",
    "Low cards taken out",
    "Two of spades out",
    "How many cards each, and what happens to the cards left over",
    "As many cards each as the chart gives for the table",
    "the rest are a widow",
    "how many cards each, widow, stripped or double pack",
    "The widow's taker may look at it",
    "Whoever wins the first trick and takes the widow may look at it",
    "the score is the same either way",
    "the widow's taker may look at it",
    "no effect on scoring",
    "Three to the left",
    "Left, right, across, keep",
    "Which cards change hands before play",
    "Three cards to the left-hand player",
    "two when six or more play",
    "passing before play",
    "Left of the dealer, any card",
    "Left of the dealer, no heart",
    "Left of the dealer, a club or diamond",
    "The two of clubs",
    "Any club, by the two's holder",
    "The lowest club",
    "Who leads the first trick, and what he may lead",
    "The player left of the dealer leads",
    "not a heart while he holds another suit",
    "who leads trick 1 and what",
    "Not led until broken",
    "Led at any time",
    "Whether hearts may be led before one has been played",
    "Nobody leads a heart before one has been thrown, unless he holds nothing else",
    "hearts may not be led until broken",
    "The queen of spades breaks hearts",
    "Once the queen of spades has been played, hearts may be led",
    "queen_breaks_hearts",
    "playing QS breaks hearts too",
    "A heart instead of the queen",
    "A leader holding only hearts and the queen of spades may lead a heart before hearts are broken",
    "lead_heart_instead_of_queen",
    "a leader holding only hearts and QS may lead a heart",
    "Points on the first trick",
    "A player who cannot follow to the first trick may throw a heart or the queen of spades on it",
    "first_trick_points",
    "false forbids discarding hearts or QS on trick 1",
    "Shooting the moon",
    "Every heart and Q♠",
    "The moon wins the game",
    "Both packs' hearts and queens",
    "What a player scores who takes every penalty card",
    "Take every heart and choose",
    "26 off your score, or 26 onto everyone else's",
    "shooting the moon",
    "The moon's choice",
    "The shooter chooses",
    "Always off the shooter's score",
    "Always onto the others' scores",
    "Whether the shooter chooses each time, or the table always plays it one way",
    "The form asks each time",
    "who chooses the moon's effect",
    "The jack of diamonds",
    "−10 for its taker",
    "Whether the jack of diamonds takes 10 off its taker's score",
    "The jack of diamonds is an ordinary card",
    "jack_of_diamonds",
    "JD scores -10 for its taker",
    "10 to each other player",
    "Every penalty point of the hand",
    "What a player pays who failed to follow suit when he could, once it stands",
    "the revoker pays 10 for each other player and the others score nothing",
    "established revoke penalty",
    "The queen of spades",
    "Whether the queen of spades costs 13 points",
    "The queen of spades is an ordinary card",
    "queen_of_spades",
    "QS is a 13-point penalty card",
    "Each hand a game",
    "Matches of five hands",
    "First six free",
    "The most pays the excess",
    "Each hand's points add up",
    "when a total reaches the end, the lowest total wins",
    "hand scores add up",
    "the game ends when a total reaches the target",
    "The game's own",
    "When the table stops",
    "The total that ends the game",
    "The total the game is played to",
    "the total that ends the game",
    "A tie at the end",
    "They share the win",
    "What happens when the lowest totals are equal at the end",
    "Tied players are joint winners",
    "tied winners share, or play on"]
# Reversis' start page: its summary and options (the engine's names and options; Tripoli/Reversis parts).
REVERSIS_START: list[Entry] = [
    "Take as few tricks and card points as you can",
    "the Quinola and the aces pay, a pool grows",
    "48 cards, played to the right",
    "The talon's points and 4",
    "What the Party loser pays the Party winner",
    "The card points of the four talon cards, plus 4",
    "the talon's card points + 4",
    "or a fixed amount",
    "The hand winner's own Quinola",
    "The others still pay",
    "When the hand winner led the Quinola himself",
    "Each other player still pays his 5",
    "the hand winner's own JH lead",
    "the others still pay their 5s, or it lapses",
    "Fish change hands hand by hand",
    "the pools carry to the next hand",
    "``reversis-fish`` as a method object",
    "``settle`` one outcome at a time, ``pool`` the fish in the pools",
    "Hands to play",
    "Until the table stops",
    "How many hands the table plays",
    "No number is set",
    "the set number of hands",
    "until the table stops",
    "The pools at the end",
    "Left in them",
    "What happens to the fish in the pools when the table stops",
    "Nobody gets them",
    "pools_at_end",
    "the pools when the table stops",
    "The table has stopped",
    "Settle the pools now as chosen above",
    "the table has stopped",
    "apply pools_at_end"]
# Tripoli's start page: its summary and options (the engine's names and options; Tripoli/Reversis parts).
TRIPOLI_START: list[Entry] = [
    "Pay cards, one round of poker, then runs of cards, on a layout of nine spaces",
    "The spare hand",
    "Swapped or sold",
    "Whether the dealer may take or sell the extra hand dealt",
    "The dealer may swap it for his own hand, or auction it",
    "the dealer may swap or auction the spare hand",
    "Where the spare hand is dealt",
    "Last, after the dealer",
    "Which hands may get the extra cards when the pack does not divide",
    "Only the sizes of the hands are checked",
    "check only the hand sizes, or the spare dealt last",
    "Shown at the start",
    "As they are played",
    "When the chips on the pay-card spaces are collected",
    "The holders show them and collect at once",
    "pay cards collected in stage 1, or when played",
    "The paying suit",
    "Bought by a bid",
    "Shown by the board",
    "Which suit's high cards collect the chips",
    "The hearts always pay",
    "or a bid buys the paying suit",
    "or the board shows it each deal",
    "The three cards in a row that win the sequence space",
    "the three ranks of the SEQ space",
    "Who bets first",
    "Left of the dealer",
    "Who opens the betting in the poker round",
    "The player left of the dealer",
    "who begins the betting",
    "Who leads the runs",
    "The poker winner",
    "Who leads first once the poker round is over",
    "Whoever won the poker round",
    "who leads first in stage 3",
    "The first card of the runs",
    "Lowest of a suit",
    "Lowest in the hand",
    "What the first lead of the runs must be",
    "The leader's lowest card of the suit he chooses",
    "what the first stage-3 lead must be",
    "Colours in turn",
    "Black, red, black",
    "Whether the leads go black, red, black",
    "Each stopper leads as he likes",
    "leads alternate black, red, black",
    "The largest bet, and the most a raise adds, in chips",
    "the largest bet, and the most a raise adds",
    "Chips on the layout",
    "Only the last poker deal",
    "Deal by deal in chips",
    "what a deal leaves on a space stays there for the next",
    "a last poker deal plays for the rest",
    "``tripoli-layout`` as a method object",
    "``settle`` one outcome at a time, ``pool`` the layout total",
    "The last deal",
    "How the chips left on the layout are played for at the end",
    "One last poker deal for everything left",
    "the leftovers in one final poker pot, or in several",
    "Odd chips at the end",
    "One more deal",
    "Cut for them",
    "Who gets the odd chips of a tied last pot",
    "They stay for one more last deal",
    "a final split's odd chips",
    "one more deal, or cut for"]
# The list of blank printed sheets: the games' summaries (printed papers; the engine's names).
SHEET_LIST: list[Entry] = [
    "Blank score sheets",
    "Print one before the game",
    "the columns are the game's own",
    "who took the queen of spades, the pool",
    "Hearts Take as few hearts as possible",
    "Black Lady Hearts with the queen of spades worth 13",
    "Greek Hearts Black Lady whose moon costs every opponent 26",
    "Omnibus Hearts Black Lady where the jack of diamonds is worth -10",
    "Spot Hearts Hearts score their pips",
    "Dirty Nasty Filthy Hearts Black Lady with house differences",
    "Hooligan Hearts Black Lady with 7C worth 7 and TD worth -10",
    "Pink Lady Black Lady where the queen of hearts is worth 13 too",
    "Complex Hearts Scores are Gaussian integers",
    "Heartsette Hearts with a widow for the first trick's winner",
    "Hartenjagen Hearts in two phases",
    "add up to 100, then subtract down to 0",
    "Three Player Hartenjagen Hartenjagen for three",
    "Joker Hearts Hearts with a Joker that takes the trick, unless a high heart is in it",
    "Discard Hearts Hearts with a compulsory pass of three and the queen",
    "of spades worth 13",
    "Cancellation Hearts Black Lady with two packs",
    "identical cards played to a trick cancel each other",
    "Three-Handed Hearts Hearts for three",
    "the two of spades out, seventeen cards each",
    "Two-Handed Hearts Hearts for two",
    "draw from the stock after each trick",
    "Domino Hearts Hearts with six cards each",
    "a player who cannot follow draws from the stock until he can",
    "Black Maria Three-handed Hearts with the spade honours",
    "the queen 13, the king 10, the ace 7",
    "Polignac Avoid the jacks",
    "the jack of spades is worth 2",
    "and the first and last tricks",
    "or declare Capot",
    "Slobberhannes Avoid the first trick, the last trick and the queen of clubs",
    "Knaves Win tricks",
    "but not the jacks",
    "hearts -4, diamonds -3, clubs -2, spades -1",
    "Auction Hearts Bid for the right to name the penalty suit",
    "the clear players win the pool",
    "Conquimbert Do not take 31 card points",
    "each time costs a life",
    "the pig −100, the sheep +100, the transformer doubles",
    "Tripoli Pay cards, one round of poker, then runs of cards, on a layout of nine spaces",
    "Rummoli Tripoli with the pay cards collected as they are played in the runs",
    "Cosmo Only the runs, leads alternating black and red, the board changed every deal",
    "Reversis Take as few tricks and card points as you can",
    "the Quinola and the aces pay, a pool grows",
    "48 cards, played to the right"]
# Why a deal is void, the misdeal's reasons (the engine's words).
VOID: list[Entry] = [
    "A card of another player was turned up during the deal",
    "A card was found face up in the pack",
    "Someone has too few or too many cards",
    "found before the first trick was complete"]
# Black Lady's rules in brief, as the table and the card page show them (the engine's rule sentences).
BLACK_LADY_RULES: list[Entry] = [
    "The two of clubs",
    "Pass 3 cards to the left",
    "Whoever holds 2♣ leads it",
    "hearts may not be led until broken"]
# The card page's own words, in every family (the card page).
CARD_PAGE: list[Entry] = [
    "At the table",
    "Each player can give his own hand from his phone",
    "Tap my own hand",
    "Give the deal",
    "Save the hand",
    "Back to the sheet"]
# A hand's audit, by the edit and the read-only link (the audit).
AUDIT: list[Entry] = [
    "Audit hand 1, Dan dealt",
    "Every action is legal",
    "The audit on paper",
    "Step by step 56 steps",
    "Audit another version",
    "The hand as the table remembers it",
    "JSON or text",
    "or only its plays where the game has a text notation",
    "2C 3C 4H 5C, one trick a line",
    "Game, players and dealer come from this hand",
    "Back to the hand"]
# Reversis' part of its table (the sheet, the pools, who pays whom) (Tripoli/Reversis parts).
REVERSIS_SHEET: list[Entry] = [
    "Hands to play",
    "Hand 3 C deals, to the right",
    "12 cards to the dealer, 11 to each other player",
    "C adds 5 fish to the pool",
    "right of the dealer",
    "play goes to the right",
    "Most fish so far",
    "The pools after the last hand",
    "Doubled by B, D since it was last won",
    "their next Quinola led or forced starts a supplemental pile",
    "In the pools",
    "running fish below",
    "tap a number for why",
    "each started with 228",
    "Who pays whom if you stopped now",
    "The 110 fish in the pools stay there"]
# Tripoli's part of its table (the layout, the chips) (Tripoli/Reversis parts).
TRIPOLI_SHEET: list[Entry] = [
    "Chips on the layout",
    "The last deal",
    "Everyone antes 1 chip on each of the 9 spaces",
    "5 hands are dealt",
    "the last one the spare hand",
    "left of the dealer",
    "Most chips so far",
    "The layout carried to the next deal, before its antes",
    "The layout as a list",
    "On the layout",
    "in the kitty",
    "in the pot",
    "running chips below",
    "tap a number for why"]
# An evening's table names and moves (the engine's words).
EVENING: list[Entry] = [
    "up to table 1"]
# Reversis' result form, also under a hand's correction (Tripoli/Reversis parts).
REVERSIS_FORM: list[Entry] = [
    "their next Quinola led or forced starts a supplemental pile",
    "Tricks and card points",
    "Who played the Quinola and each ace",
    "Espagnolette, revoke, more",
    "A Reversis attempted and broken",
    "all 11 tricks to one player is a Reversis made",
    "nothing to add",
    "and broken by",
    "Espagnolette played by",
    "declared before the first lead",
    "did not declare, but revoked",
    "Play stopped there",
    "the reneger pays each other player",
    "write the tricks and card points so far above",
    "Led, and the hand winner did not claim it",
    "The talon's card points",
    "The deal is void",
    "Then the rest of this form is left out",
    "the hand scores nothing, the dealer's fish stay in the pool, and the same dealer deals again"]
# Tripoli's result form, also under a deal's correction (Tripoli/Reversis parts).
TRIPOLI_FORM: list[Entry] = [
    "The spare hand",
    "swapped, then sold",
    "Who took each pay card",
    "A space nobody took keeps its chips for the next deal",
    "the sequence may be shared",
    "Chips each put in the pot",
    "a fold keeps what he put in there",
    "who went out",
    "Cards left in each other hand",
    "nobody could lead"]

# What each page kind still shows in English, in every language: a sentence as the page shows it, or a
# pattern found in one. Each part says whose translation it waits for; as each is merged, its entries go
# (the test then names those no longer shown in English).
STILL_ENGLISH: dict[str, list[Entry]] = {
    "start page": HEARTS_START,
    "Reversis start page": REVERSIS_START,
    "Tripoli start page": TRIPOLI_START,
    "printed-sheet list": SHEET_LIST,
    "Black Lady table": VOID + BLACK_LADY_RULES,
    "Black Lady read-only": BLACK_LADY_RULES,
    "Black Lady card page": CARD_PAGE + [  # the card page; the rules in brief (the engine)
        "Hand 2 card by card",
        "Whoever holds 2♣ leads it",
        "hearts may not be led until broken",
        "Who holds 2C and leads"],
    "hand page": [  # why these scores, the engine's note
        "17 Dan took 4 hearts and Q♠"],
    "audit": AUDIT,
    "read-only audit": AUDIT,
    "my hand": [  # the page of one's own hand (the card page's)
        "My own hand Hand 2",
        "Whoever holds 2♣ leads it",
        "hearts may not be led until broken",
        "Only this phone sees the hand you tap here, until the hand is over",
        "Which seat is yours",
        "Chosen once on this phone",
        "Sent from the phones",
        "The table's sheet"],
    "Reversis table": REVERSIS_SHEET + [  # Tripoli/Reversis parts
        "Card by card"],
    "Reversis read-only": REVERSIS_SHEET,
    "Reversis result form": VOID + REVERSIS_FORM + [  # Tripoli/Reversis parts
        "The pools before this hand",
        "Doubled by B, D since it was last won",
        "Save the hand"],
    "Reversis card page": CARD_PAGE + [  # the card page
        "Hand 3 card by card",
        "Who declared Espagnolette",
        "Current pool 115 fish",
        "Paid so far"],
    "Reversis hand page": VOID + REVERSIS_FORM + [  # Tripoli/Reversis parts: why these fish
        "Recorded by its quick result",
        "Why these fish",
        "stake -5, dealer's 5 -5, in play -10, Party -20",
        "stake -5, in play -10, Quinola to the pool -25",
        "stake -5, in play +25",
        "stake -5, in play -5, Party +20",
        "Every payment, in order",
        "A → the pool 5 the stake",
        "D → the pool 5 the stake",
        "C → the pool 5 the stake",
        "B → the pool 5 the stake",
        "A → the pool 5 the dealer's 5",
        "B → C 10 the Quinola forced J♥",
        "A → C 10 the Quinola forced, from the others J♥",
        "D → C 5 the Quinola forced, from the others J♥",
        "B → the pool 25 the Quinola doubles the pool J♥",
        "The pools after it",
        "Doubled by B since it was last won",
        "Save the correction"],
    "Tripoli table": VOID + TRIPOLI_SHEET + [  # Tripoli/Reversis parts
        "Card by card",
        "The deal is void",
        "the antes stay on the layout and nobody puts them up again",
        "Record the misdeal"],
    "Tripoli read-only": TRIPOLI_SHEET,
    "Tripoli result form": TRIPOLI_FORM + [  # Tripoli/Reversis parts
        "What did the table declare",
        "The layout before this deal's antes",
        "Save the deal"],
    "Tripoli card page": CARD_PAGE + [  # the card page
        "Deal 3 card by card",
        "B to keep, swap or sell the spare hand",
        re.compile(r"^(Ace|King|Queen|Jack|Ten) of hearts \d+( chips)?$"),  # the pay cards' chips
        "the kitty 16 chips",
        "Paid so far",
        "Swap, then sell",
        "the pot 5 chips"],
    "Tripoli hand page": TRIPOLI_FORM + [  # Tripoli/Reversis parts: why these chips
        "Recorded by its quick result",
        "Why these chips",
        "antes -9, pay cards +4, bets -5, pot +16, cards left -3",
        "antes -9, spare hand -3, pay cards +4, bets -5, kitty +4, cards left +10",
        "antes -9, pay cards +12, cards left -5",
        "antes -9, spare hand +3, bets -2, cards left -2",
        "auction, bought by B for 3",
        "B went out, took 4 from the kitty and a chip per card left",
        "The layout after it",
        "Save the correction"],
    "club table start page": HEARTS_START,
    "evening page": EVENING,
    "evening read-only page": EVENING,
    "evening round": EVENING + [  # the seats are drawn at random: the moves' names change from run to run
        re.compile(r"^\w+ took \d+ hearts? at table \d$"),
        re.compile(r"^fewer hearts than \w+$"),
        "gold star, stays at the head table",
        "moves to table 2",
        "red star, goes up to table 1",
        "more hearts at the booby table"],
    "error page": [  # the refusal the error page shows (refusals)
        "no session 'no-such-table"],
}


def _pages(tour: dict[str, str]) -> dict[str, str]:
    return {**tour, "my hand": f"{tour['Black Lady read-only']}/my-hand",
            "Reversis hand page": f"{tour['Reversis table']}/hand/1",
            "Tripoli hand page": f"{tour['Tripoli table']}/hand/1"}


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
