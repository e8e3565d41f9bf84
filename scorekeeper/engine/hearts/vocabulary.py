"""The words of the trick-taking core (Hearts and its family): its actions, its refusals, its card page.

One module, read through ``HeartsFamily.vocabulary``; the shared words (a card played, a revoke, the
hands and tricks) are ``vocabulary.COMMON``.
"""

from __future__ import annotations

from ..vocabulary import COMMON, N_, NP_, Vocabulary

VOCABULARY = Vocabulary(
    kinds={"bid": NP_("action", "bid"),
           "penalty-suit": NP_("action", "named the penalty suit"),
           "pass": NP_("action", "passed"),
           "trumps": NP_("action", "turned up for trumps"),
           "trade": NP_("action", "traded"),
           "capot": NP_("action", "declared Capot:"),
           "kept": NP_("action", "kept"),
           "leader": NP_("action", "leads:"),
           "moon-choice": NP_("action", "chose"),
           "expose": NP_("action", "exposed")},
    nouns={"bid": "bid", "penalty-suit": "penalty suit named", "pass": "pass", "trumps": "trump card or suit",
           "trade": "trade", "capot": "Capot declaration", "kept": "last player's cards", "passed": "cards passed",
           "expose": "exposed card"},
    declined={"trade": N_("No more trades"), "capot": N_("Nobody declared Capot"), "bid": N_("passed")},
    said={"leader": N_("{value} holds 2\u2663 and leads")},  # the table says who holds 2C (without the deal): he leads
    rules={
        "hearts-not-broken": N_("hearts may not be led before they are broken"),
        "first-lead": N_("the first lead is fixed by the rules"),
        "first-trick-points": N_("no penalty card may be discarded on the first trick"),
        "draw": N_("a player who cannot follow draws from the stock while it has cards"),
        "trade": N_("a trade follows the rules of trading"),
        "capot": N_("Capot is declared before the first lead"),
        "trumps": N_("the trumps are turned up as the rules say"),
        "joker": N_("the Joker's payment names who played it"),
        "bid": N_("each bid is in turn and above the last"),
        "expose": N_("only a card the rules let a player show is exposed, by the player who holds it, "
                     "before the first lead"),
        "exposed-card": N_("an exposed card is not played to the first trick of its suit while its holder has another"),
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
