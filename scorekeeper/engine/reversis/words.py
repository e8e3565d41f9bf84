"""Reversis' words: its actions, refusals, pools and why fish move (FORMAT.md lists the reasons).

Read through the family's ``vocabulary`` (``engine.family.PackageFamily``); the shared words are
``engine.vocabulary.COMMON``.
"""

from __future__ import annotations

from ..marks import N_, NP_
from ..vocabulary import COMMON, Vocabulary


VOCABULARY = Vocabulary(
    kinds={"discard": NP_("action", "discarded to the talon"),
           "exchange": NP_("action", "exchanged")},
    nouns={"discard": "discard", "exchange": "exchange", "espagnolette": "Espagnolette declaration",
           "face-down": "card dealt face down", "exchanged": "card given for the face-down card"},
    declined={"espagnolette": N_("Nobody declared Espagnolette")},
    refrained={"exchange": N_("kept his hand"), "espagnolette": N_("did not declare Espagnolette")},
    nothing={"exchange": N_("keeps his hand")},
    said={"espagnolette": N_("{value} declared Espagnolette"),  # a declaration before the first lead
          # a claim the hand winner did not demand
          "waive": N_("No claim on {words}: the hand winner did not demand it")},
    rules={
        "discard": N_("the dealer discards one card he holds"),
        "exchange": N_("each player exchanges one card he holds, or keeps his hand"),
        "espagnolette": N_("an Espagnolette player plays as the rules let him"),
        "reversis": N_("the Reversis is broken only as the rules say"),
        "talon": N_("the talon holds the cards the rules give it"),
        "pools": N_("the pools hold what the hands before left"),
    },
    headings={"talon": N_("Talon"), "talon_so_far": N_("Talon so far"),
              "pools": N_("Pools"), "claims": N_("Claims")},
    strip=("pools",),
    order=("hands", "taken", "talon", "talon_so_far", "current", "tricks", "pools", "claims"),
    places={"pool": N_("the pool")},
    numbered={"S": N_("supplemental pool {}")},  # the pages word it themselves (families/reversis/hand.html)
    reasons={
        "stake": N_("the stake"), "dealer": N_("the dealer's 5"), "new-pool": N_("a new pool"),
        "ace-discarded": N_("an ace discarded"), "quinola-discarded": N_("the Quinola discarded"),
        "ace-followed": N_("an ace played to its suit"), "quinola-forced": N_("the Quinola forced"),
        "quinola-forced-others": N_("the Quinola forced, from the others"), "reversis-quinola": N_("the Quinola in a Reversis"),
        "quinola-doubles": N_("the Quinola doubles the pool"), "quinola-supplement": N_("the Quinola starts a supplemental pool"),
        "quinola-takes-pool": N_("the Quinola takes the pool"),
        "supplement-becomes-pool": N_("a supplemental pool becomes the pool"),
        "reversis": N_("Reversis"), "reversis-espagnolette": N_("Reversis against an Espagnolette"),
        "reversis-pool": N_("Reversis takes the pool"), "reversis-broken": N_("a broken Reversis"),
        "reversis-broken-supplement": N_("a broken Reversis, the Quinola played early"),
        "party": N_("the Party"), "espagnolette": N_("the Party, won with an Espagnolette"),
        "espagnolette-return": N_("a failed Espagnolette pays back"), "espagnolette-return-pool": N_("a failed Espagnolette gives back the pool"),
        "claim-quinola": N_("the Quinola claimed"), "claim-quinola-others": N_("the Quinola claimed, from the others"),
        "claim-ace": N_("an ace claimed"), "revoke": N_("a revoke"), "pools-shared": N_("the pools shared"),
    },
    page={
        "kinds": {"discard": N_("to discard"), "exchange": N_("to exchange a card"),
                  "espagnolette": N_("Who declared Espagnolette?"), "waive": N_("A claim not demanded"),
                  "face-down": N_("was dealt which card face down?"), "exchanged": N_("gave which card for it?")},
        "options": {"JH": N_("J\u2665, the Quinola led"), "AS": N_("A\u2660 led"), "AH": N_("A\u2665 led"),
                    "AD": N_("A\u2666 led"),
                    "AC": N_("A\u2663 led")},
    },
).over(COMMON)

# The steps of a hand's note (``settlement.hand_notes``: ``B: dealer's 5 -5, in play +4, Party +9; net +8``), each
# with the fish it moved, marked for the catalogues and worded where shown (``notes_words.steps``).
NOTE_STEPS = (
    N_("stake %(amount)s"), N_("dealer's 5 %(amount)s"), N_("new pool %(amount)s"), N_("in play %(amount)s"),
    N_("Quinola to the pool %(amount)s"), N_("pool won %(amount)s"), N_("Reversis %(amount)s"),
    N_("broken Reversis %(amount)s"), N_("Party %(amount)s"), N_("Espagnolette %(amount)s"),
    N_("failed Espagnolette %(amount)s"), N_("claims %(amount)s"), N_("revoke %(amount)s"),
    N_("pools shared %(amount)s"), N_("no fish moved"),
)
