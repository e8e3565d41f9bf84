"""The words of the trick-taking core (Hearts and its family): its actions, its refusals, its card page.

One module, read through ``HeartsFamily.vocabulary``; the shared words (a card played, a revoke, the
hands and tricks) are ``vocabulary.COMMON``.
"""

from __future__ import annotations

from ..vocabulary import COMMON, N_, Vocabulary

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
        "kinds": {"leader": N_("Who holds 2C and leads?"), "moon-choice": N_("shot the moon: which way?"),
                  "bid": N_("to bid"),
                  "penalty-suit": N_("to name the penalty suit"), "pass": N_("to pass cards"),
                  "trumps": N_("to turn up trumps"),
                  "trade": N_("Trades before the first trick?"), "capot": N_("Who declares Capot?"),
                  "expose": N_("Cards exposed before the first lead?"),
                  "kept": N_("The last player's cards"), "passed": N_("passed which cards?")},
        "options": {"subtract": N_("Subtract from the shooter"), "add": N_("Add to everyone else"),
                    "pass": N_("Pass")},
        "player": N_("Who gives?"), "partner": N_("To whom?"), "card": N_("Gives (QS)"),
        "partner_card": N_("Gets (2H)"),
        "trade": N_("Trade"), "noTrade": N_("No more trades"),
    },
).over(COMMON)
