"""The words of the trick-taking core (Hearts and its family): its actions, its refusals, its card page.

One module, read through ``HeartsFamily.vocabulary``; the shared words (a card played, a revoke, the
hands and tricks) are ``vocabulary.COMMON``.
"""

from __future__ import annotations

from ..vocabulary import COMMON, Vocabulary

VOCABULARY = Vocabulary(
    kinds={"bid": "bid", "penalty-suit": "named the penalty suit", "pass": "passed", "trumps": "turned up for trumps",
           "trade": "traded", "capot": "declared Capot:", "kept": "kept", "leader": "leads:", "moon-choice": "chose",
           "expose": "exposed"},
    nouns={"bid": "bid", "penalty-suit": "penalty suit named", "pass": "pass", "trumps": "trump card or suit",
           "trade": "trade", "capot": "Capot declaration", "kept": "last player's cards", "passed": "cards passed",
           "expose": "exposed card"},
    declined={"trade": "No more trades", "capot": "Nobody declared Capot", "bid": "passed"},
    said={"leader": "{value} holds 2\u2663 and leads"},  # the table says who holds 2C (without the deal): he leads
    rules={
        "hearts-not-broken": "hearts may not be led before they are broken",
        "first-lead": "the first lead is fixed by the rules",
        "first-trick-points": "no penalty card may be discarded on the first trick",
        "draw": "a player who cannot follow draws from the stock while it has cards",
        "trade": "a trade follows the rules of trading",
        "capot": "Capot is declared before the first lead",
        "trumps": "the trumps are turned up as the rules say",
        "joker": "the Joker's payment names who played it",
        "bid": "each bid is in turn and above the last",
        "expose": "only a card the rules let a player show is exposed, by the player who holds it, before the first lead",
        "exposed-card": "an exposed card is not played to the first trick of its suit while its holder has another",
    },
    page={
        "kinds": {"leader": "Who holds 2C and leads?", "moon-choice": "shot the moon: which way?", "bid": "to bid",
                  "penalty-suit": "to name the penalty suit", "pass": "to pass cards", "trumps": "to turn up trumps",
                  "trade": "Trades before the first trick?", "capot": "Who declares Capot?",
                  "expose": "Cards exposed before the first lead?",
                  "kept": "The last player's cards", "passed": "passed which cards?"},
        "options": {"subtract": "Subtract from the shooter", "add": "Add to everyone else", "pass": "Pass"},
        "player": "Who gives?", "partner": "To whom?", "card": "Gives (QS)", "partner_card": "Gets (2H)",
        "trade": "Trade", "noTrade": "No more trades",
    },
).over(COMMON)
