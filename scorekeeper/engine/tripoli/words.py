"""Tripoli's words (Rummoli and Cosmo too): its actions, refusals, the layout's spaces, why chips move.

Read through the family's ``vocabulary`` (``engine.family.PackageFamily``); the shared words are
``engine.vocabulary.COMMON``.
"""

from __future__ import annotations

from ..vocabulary import COMMON, N_, NP_, Vocabulary

VOCABULARY = Vocabulary(
    kinds={"bet": NP_("action", "bet"),
           "michigan": NP_("action", "played in Michigan"),
           "claims": NP_("action", "claims"),
           "showdown": NP_("action", "showdown"),
           "bid": NP_("action", "bid"),
           "michigan-end": NP_("action", "ended Michigan:")},
    nouns={"michigan": "Michigan card", "bet": "bet", "claims": "claim", "showdown": "showdown", "bid": "bid",
           "spare": "choice of the spare hand", "spare-buyer": "buyer of the spare hand",
           "spare-price": "price of the spare hand", "bid-suit": "paying suit named", "poker-cards": "poker hand shown",
           "held": "cards held that nobody saw"},
    declined={"bid": N_("passed")},
    options={"check": N_("checks"), "bet": N_("bets"), "call": N_("calls"), "raise": N_("raises"), "fold": N_("folds")},
    rules={
        "bet-out-of-turn": N_("each player bets in turn"),
        "bet-action": N_("a bet is one of check, bet, call, raise or fold, when it may be made"),
        "bet-limit": N_("no bet goes over the limit"),
        "bet-amount": N_("a bet names the chips it may"),
        "bet-over": N_("no bet follows the end of the betting"),
        "michigan-turn": N_("the player holding the card that follows plays it"),
        "michigan-lead": N_("a new run is led as the rules say"),
        "michigan-stop": N_("a stop passes the lead as the rules say"),
        "michigan-over": N_("nothing is played once someone is out"),
        "go-out": N_("a player goes out only with his last card"),
        "claim": N_("a pay card is claimed by the player who played it"),
        "bid": N_("each bid is in turn and above the last"),
    },
    headings={"layout": N_("Layout"), "bets": N_("Bets"), "paying_suit": N_("Paying suit"),
              "played": N_("Michigan so far"),
              "next_card": N_("Next card in Michigan"), "michigan": N_("Michigan"), "claims": N_("Claims"),
              "shown": N_("Shown")},  # the poker hands shown
    plays=("michigan",),
    strip=("bets", "layout", "next_card"),
    order=("hands", "layout", "bets", "paying_suit", "played", "next_card", "michigan", "claims"),
    # the layout's nine spaces (catalogue 5.1), as the board names them whatever the paying suit
    places={"AH": N_("Ace of hearts"), "KH": N_("King of hearts"), "QH": N_("Queen of hearts"),
            "JH": N_("Jack of hearts"), "TH": N_("Ten of hearts"), "KQ": N_("King-Queen"), "SEQ": N_("Sequence"),
            "KITTY": N_("the kitty"), "POT": N_("the pot")},
    reasons={"ante": N_("ante"), "spare": N_("the spare hand"), "bid": N_("bid for the paying suit"),
             "claim": N_("the pay card's claim"), "bet": N_("bet"), "pot": N_("the pot won"),
             "kitty": N_("the kitty, for going out"), "cards": N_("cards left"),
             "block": N_("cards left, into the kitty: blocked"), "final": N_("a final deal's pot"),
             "cut": N_("the cut for the odd chips")},
    page={
        "kinds": {"michigan": N_("to play to Michigan"), "bet": N_("to bet"), "showdown": N_("Who won the showdown?"),
                  "claims": N_("Who took the pay-card spaces?"), "michigan-end": N_("The end of Michigan"),
                  "spare": N_("to keep, swap or sell the spare hand"), "spare-buyer": N_("sells the spare hand to"),
                  "spare-price": N_("pays for the spare hand"), "bid": N_("to bid for the paying suit"),
                  "bid-suit": N_("to name the paying suit"), "poker-cards": N_("shows his five cards"),
                  "held": N_("held which other cards?")},
        "options": {"check": N_("Check"), "bet": N_("Bet"), "call": N_("Call"), "raise": N_("Raise"),
                    "fold": N_("Fold"), "pass": N_("Pass"),
                    "keep": N_("Keep it"), "swap": N_("Swap"), "auction": N_("Sell it"),
                    "swap-then-auction": N_("Swap, then sell")},
        "blocked": N_("Nobody: blocked"), "out": N_("Who went out?"), "left": N_("Cards left in each hand:"),
        "none": N_("Not shown"),
    },
).over(COMMON)

# The steps of a deal's note (``settlement.deal_notes``: ``Ann: antes -9, pay cards +4, pot +16; net +11``), each
# with the chips it moved, marked for the catalogues and worded where shown (``notes_words.steps``); the spaces'
# names above (``places``) are the card page's headings of the layout and the bets, translated where shown.
NOTE_STEPS = (
    N_("antes %(amount)s"), N_("spare hand %(amount)s"), N_("paying-suit bid %(amount)s"),
    N_("pay cards %(amount)s"), N_("bets %(amount)s"), N_("pot %(amount)s"), N_("kitty %(amount)s"),
    N_("cards left %(amount)s"), N_("block %(amount)s"), N_("final pot %(amount)s"), N_("cut %(amount)s"),
    N_("no chips moved"),
)
