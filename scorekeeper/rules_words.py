"""The rules of a game in the reader's language: the lines a page or a printed sheet shows (``Penalty cards``,
``Moon``, ``End``...), as ``engine.hearts.words.rules_in_words`` writes them in English.

Each line's name is a word of the catalogues; its sentence is read back from the patterns marked here (their
places: a number, a card, who leads), whole, else clause by clause (``; ``), else item by item (``, ``), and
worded in the language spoken now. What no pattern knows stays in English; English is the engine's own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import language
from .engine.marks import N_
from .notes_words import matched

NAMES = (N_("Card points"), N_("Penalty cards"), N_("Passing"), N_("Auction"), N_("First lead"), N_("Stock"),
         N_("Trumps"), N_("Capot"), N_("Moon"), N_("End"), N_("Settlement"), N_("Exposed cards"), N_("Partners"))
PLACES = (N_("the player left of the dealer"), N_("the player right of the dealer"), N_("left"), N_("right"),
          N_("across"), N_("the player who named the suit"))
SENTENCES = (
    # Penalty cards (each item of the list)
    N_("each heart %(points)s"),
    N_("each trick won %(points)s"),
    N_("the first trick %(points)s"),
    N_("the last trick %(points)s"),
    N_("one player taking them all %(points)s"),
    N_("%(card)s multiplies the taker's score by 2i"),
    N_("hearts score their pips (%(faces)s)"),
    N_("each card of the suit bought at the auction %(points)s"),
    # Passing
    N_("%(count)s cards to the %(direction)s"),
    N_("%(count)s cards left, right, across, then keep, in turn"),
    # First lead
    N_("%(who)s leads any card"),
    N_("%(who)s leads"),
    N_("not a heart while holding another suit"),
    N_("not a spade or heart while holding a club or diamond"),
    N_("hearts may not be led until broken"),
    N_("whoever holds %(card)s leads, and must lead a club"),
    N_("whoever holds the lowest club in the hands leads it (2♣, or 3♣ with 2♣ out)"),
    N_("whoever holds %(card)s leads it"),
    # Trumps
    N_("the top undealt card is turned up: its suit is trumps, and the undealt cards score for nobody"),
    N_("the table names the trump suit for each deal"),
    N_("the first time a player cannot follow, the top card out of play is turned up: its suit is trumps for the "
       "rest of the hand (no card out of play, no trumps)"),
    # Gong Zhu's penalty list (games/gong_zhu.py), clause by clause: the hearts, the pig and the sheep, all the
    # hearts to one player (the option's line, split where it has a "; "), the transformer; its first lead
    N_("A\u2665 \u221250, K\u2665 \u221240, Q\u2665 \u221230, J\u2665 \u221220, 10\u2665 to 5\u2665 \u221210 each, "
       "4\u2665 3\u2665 2\u2665 nothing"),
    N_("A\u2665 \u221250, K\u2665 \u221240, Q\u2665 \u221230, J\u2665 \u221220, then minus the pips, 4\u2665 \u221210"),
    N_("the pig %(pig)s %(points)s, the sheep %(sheep)s +100"),
    N_("all the hearts to one player: the hearts +200 and the pig +100"),
    N_("all the hearts to one player: the hearts +200"),
    N_("all the hearts to one player: the hearts +200, the pig +100, the sheep \u2212100 (unless all sixteen "
       "scoring cards)"),
    N_("the sheep stays +100"),
    N_("the pig turns good only with all sixteen scoring cards"),
    N_("10\u2663 doubles its taker's score (+50 alone)"),
    N_("every later hand, whoever took the pig in the hand before, any card"),
)
MOON = (  # what follows the moon's needs (``every heart and Q♠: ``), read back with NEEDS in their place
    N_("%(needs)s: %(points)s (%(more)s with %(card)s), or %(others)s to every other player"),
    N_("%(needs)s: %(points)s, or %(others)s to every other player"),
    N_("%(needs)s: the shooter wins the game"),
    N_("%(needs)s: see the Complex Hearts rules (13+13i)"),
    N_("%(needs)s: the shooter scores nothing, every other player the hand's whole total"),
    N_("%(needs)s: the shooter scores %(points)s per opponent, each opponent %(each)s"),
    N_("%(needs)s: %(points)s (%(more)s with %(card)s)"),
    N_("%(needs)s: %(points)s"),
)
ENDS = (
    N_("when a total reaches %(target)s at the end of a hand"),
    N_("when a magnitude reaches %(target)s at the end of a hand"),
    N_("lowest total wins"),
    N_("lowest magnitude wins"),
    N_("by agreement"),
    N_("when the table stops"),
    N_("the best chip balance leads"),
    N_("a total of %(target)s ends the game, the lowest wins"),
    N_("a total of %(target)s ends the game, the fewest win"),
    N_("a single lowest at or under 0 wins"),
    N_("the last one in wins"),
    N_("the first to %(target)s wins (highest; equal highest play on)"),
    # Gong Zhu's (settlement/gong_zhu.py), clause by clause
    N_("when a total is at %(limit)s or lower at the end of a hand: those at %(again)s or lower are the pig"),
    N_("when a partnership's total is at %(limit)s or lower at the end of a hand: those at %(again)s or lower are "
       "the pig"),
    N_("when a total is at %(limit)s or lower, or %(high)s or more, at the end of a hand: those at %(again)s or "
       "lower are the pig"),
    N_("when a partnership's total is at %(limit)s or lower, or %(high)s or more, at the end of a hand: those at "
       "%(again)s or lower are the pig"),
    N_("the highest total wins"),
)
GAME_LINES = (  # a game's own lines (``GameDef.words``), each whole
    N_("a player who cannot follow draws from the stock until he draws the suit led, and plays it; only with the "
       "stock gone may he discard; a player whose hand is empty drops out; the last player with cards keeps them "
       "and takes the rest of the stock, and their hearts count against him"),
    N_("declared before the first lead: taking all four jacks scores −10 and +10 to each other player; failing, "
       "the reverse"),
    N_("one bid each from the left of the dealer, each above the last; the high bidder pays it into the pool and "
       "names the penalty suit (kept, free, while the pool is not won)"),
    # Gong Zhu's exposures and partners (games/gong_zhu.py)
    N_("before the first lead A\u2665, Q\u2660, J\u2666 or 10\u2663 may be shown: it counts double (10\u2663 four "
       "times) and may not go to the first trick of its suit while its holder has another card of that suit"),
    N_("first and third against second and fourth; each scores his own cards, the partners' scores add up"),
)
EVERY_HEART = (N_("every heart"), N_("every heart and %(cards)s"))
CAPITAL_AFTER_COLON = {"de"}  # a language that begins a sentence after a colon with a capital (Duden)

_COMMA = re.compile(r",\s(?![^()]*\))")  # a comma between items, not one inside parentheses


def rules_said(lines: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """The rules' lines in the language spoken now (the same lines, to the byte, in English)."""
    if language.current() == language.DEFAULT:
        return tuple(lines)
    return tuple((language.word(name), line(text)) for name, text in lines)


def line(text: str) -> str:
    """One line's sentence: whole, else clause by clause, else item by item; what no pattern knows as it is."""
    whole = _sentence(text)
    if whole is not None:
        return whole
    if "; " in text:
        return "; ".join(line(part) for part in text.split("; "))
    if _COMMA.search(text):
        return ", ".join(_sentence(item) or item for item in _COMMA.split(text))
    return text


def _sentence(text: str) -> str | None:
    if language.word(text) != text:
        return language.word(text)
    found = _needs(text)
    return found if found is not None else matched(text, SENTENCES + ENDS)


def _needs(text: str) -> str | None:
    """A moon's line, whose ``needs`` (``every heart and Q♠``) is worded first."""
    head, colon, rest = text.partition(": ")
    if not colon or not head.startswith("every heart"):
        return None
    cards = head[len("every heart and "):] if head != "every heart" else ""
    needs = language.gettext(EVERY_HEART[1]) % {"cards": cards.replace(" and ", ", ")} if cards \
        else language.word(EVERY_HEART[0])
    said = matched(f"NEEDS: {rest}", MOON)
    return said.replace("NEEDS", needs) if said is not None else None


def lead_said(text: str) -> str:
    """The table page's sentence of who leads the coming deal (``Ann (left of the dealer) leads any card.``)."""
    if language.current() == language.DEFAULT or not text.endswith("."):
        return text
    text = text[:-1]
    first = text.split("; ", 1)[0]
    if line(first) == first:  # a sentence the engine capitalised (``Whoever holds 2♣ leads it.``)
        text = text[:1].lower() + text[1:]
    said = line(text)
    return said[:1].upper() + said[1:] + "."


def settlement_said(label: str, summary: str) -> str:
    """A settlement's line, ``Running totals: each hand's points add up ...``, in the language spoken now."""
    label, summary = language.word(label), language.word(summary)
    if language.current() not in CAPITAL_AFTER_COLON:
        summary = summary[:1].lower() + summary[1:]
    return f"{label}: {summary}"
