"""The rules in words, from the ruleset: what the phone pages and the printed sheets say of a game.

Each rule is worded once, here, so the page that tells the table who leads the next hand and
the sheet that prints the rules cannot say two different things. The pages name the player
(``Ann (left of the dealer)``); the sheet says where he sits (``the player left of the dealer``).
"""

from __future__ import annotations

from .cards import card
from .ruleset import DealLayout, Ruleset

_TWO_OF_CLUBS = card("2C")
_EARLY_LEADS = {  # 2.2.3: the first lead of eldest hand, by the first_lead option
    "eldest-no-heart": "{who} leads; not a heart while holding another suit",
    "eldest-no-spade-heart": "{who} leads; not a spade or heart while holding a club or diamond",
}


def eldest_side(ruleset: Ruleset) -> str:
    """Where eldest hand sits from the dealer: the next seat in the direction of play."""
    return "left" if ruleset.clockwise else "right"


def first_lead(ruleset: Ruleset, layout: DealLayout | None, who: str, *, sentence: bool = False) -> str:
    """Who leads the first trick and what may be led (catalogue 2.2.3, 2.19): ``who`` is eldest hand
    as the caller names him. Under the two-of-clubs rules with the two of clubs out of the pack
    (``layout``), the game's own eldest rule (AMB-44). ``sentence``: capitalised, with a full stop.
    """
    rule = ruleset.first_lead
    has_2c = layout is None or _TWO_OF_CLUBS in layout.copies
    if ruleset.auction:
        words = "the player who named the suit leads any card"
    elif rule == "two-of-clubs" and has_2c:
        words = "whoever holds 2\u2663 leads it"
    elif rule == "any-club" and has_2c:
        words = "whoever holds 2\u2663 leads, and must lead a club"
    else:
        if rule in ("two-of-clubs", "any-club"):
            rule = ruleset.fallback_lead
        words = _EARLY_LEADS.get(rule, "{who} leads any card").format(who=who)
    if ruleset.break_rule == "lead-restricted":
        words += "; hearts may not be led until broken"
    if sentence and not words.startswith(who):
        words = words[0].upper() + words[1:]
    return words + "." if sentence else words
