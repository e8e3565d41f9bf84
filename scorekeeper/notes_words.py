"""The notes of why each score, in the reader's language.

A hand's note is the engine's English (the settle output the command and the JSON API print, which never
changes): clauses joined by "; ", such as ``Ann took 2 hearts and Q♠: 15; total 15``. Each clause the
pages show is one of the patterns marked here (``N_``: the catalogues hold their translations, with the same
named places); ``note`` finds the pattern a clause was written from, reads its places back (a name, a number,
the cards taken) and words the clause in the language spoken now. A clause no pattern knows stays in English,
so a note is never lost, only left untranslated.
"""

from __future__ import annotations

import re
from functools import lru_cache

from . import language
from .engine.marks import N_

# The clauses of the Hearts family's notes (engine/hearts/settlement), most particular first; the places are
# copied as they are, but for ``take`` (what a player took, worded by ``take``) and ``worth`` (a word).
CLAUSES = (
    # A Progressive Hearts evening (its tables by their names, each player's star and move).
    N_("%(name)s took %(take)s at %(table)s, fewer hearts than %(other)s (%(hearts)s)"),
    N_("%(name)s took %(take)s at %(table)s, tied with %(other)s and cut the lower card"),
    N_("%(name)s took %(take)s at %(table)s"),
    N_("gold star, stays at the head table"),
    N_("red star, goes up to %(table)s"),
    N_("green star (more hearts at the booby table), stays"),
    N_("moves to %(table)s"),
    N_("up to %(table)s"),
    N_("to %(table)s"),
    N_("stays"),
    N_("table %(number)s (head)"),
    N_("table %(number)s (booby)"),
    N_("table %(number)s"),
    # A hand of the Hearts family.
    # nothing taken, said whole: "took" and "no card" are one negation in French ("n'a pris aucune carte")
    N_("%(name)s took no scoring cards: %(points)s, with %(shooter)s's moon added"),
    N_("%(name)s took no scoring cards: %(points)s"),
    N_("%(name)s took no hearts: %(points)s, with %(shooter)s's moon added"),
    N_("%(name)s took no hearts: %(points)s"),
    N_("%(name)s took %(take)s: shot the moon and chose to take %(worth)s off their own score: %(points)s"),
    N_("%(name)s took %(take)s: shot the moon and chose to add %(worth)s to everyone else's score: %(points)s"),
    N_("%(name)s took %(take)s: shot the moon and wins the game at once: %(points)s"),
    N_("%(name)s took %(take)s: shot the moon: %(points)s"),
    N_("%(name)s took %(take)s: %(points)s, with %(shooter)s's moon added"),
    N_("%(name)s took %(take)s: pays %(chips)s into the pool"),
    N_("%(name)s took %(take)s: pays the difference %(units)s - %(low)s = %(difference)s"),
    N_("%(name)s took %(take)s: pays %(chips)s (the difference %(units)s - %(low)s)"),
    N_("%(name)s took %(take)s: receives %(chips)s"),
    N_("%(name)s took %(take)s, the fewest: collects %(share)s of %(gathered)s"),
    N_("%(name)s took %(take)s: paid %(paid)s into the pot, took back %(back)s, net %(net)s"),
    N_("%(name)s is clear: pays nothing, wins %(share)s of the pool of %(pool)s"),
    N_("%(name)s revoked: pays each other player %(each)s (%(chips)s)"),
    N_("%(name)s receives %(each)s from %(offender)s for the revoke"),
    N_("%(name)s revoked: %(points)s"),
    N_("%(name)s scores nothing for the revoked hand: %(points)s"),
    N_("misdeal (%(reason)s): the hand is void"),
    N_("%(name)s deals again"),
    N_("no hearts are paid"),
    N_("nobody is clear: the pool of %(pool)s is a jack, carried"),
    N_("one player took them all: the pool of %(pool)s is a jack, carried"),
    N_("more than one player is clear: the pool of %(pool)s is a jack, carried"),
    # Joker Hearts, Conquimbert, Hartenjagen, Auction Hearts (a clause after the first names nobody)
    N_("%(name)s took the Joker: pays 5 to %(other)s, who got rid of it"),
    N_("%(name)s got rid of the Joker: receives 5 from %(other)s"),
    N_("%(name)s was dealt the Joker and took it in: pays 5 into the pool"),
    N_("took %(take)s: pays %(chips)s into the pool"),
    N_("took no hearts"),
    N_("clear: wins %(share)s of the pool of %(pool)s"),
    N_("clear with %(other)s: wins %(share)s of the pool of %(pool)s"),
    N_("1 odd chip carried to the next pool"),  # a pool's odd chips (Joker Hearts)
    N_("%(count)s odd chips carried to the next pool"),
    N_("not clear: he took the Joker"),
    N_("%(name)s took every heart and the Joker: the pool of %(pool)s is a jack, carried"),
    N_("clear with %(other)s: takes %(share)s of the pool of %(pool)s, the odd chip stays in the pool"),  # Auction
    N_("clear with %(other)s: takes %(share)s of the pool of %(pool)s"),
    N_("the only clear player: takes the pool of %(pool)s"),
    N_("nobody is clear: nobody wins, the pool of %(pool)s carries"),
    N_("%(count)s players are clear: nobody wins, the pool of %(pool)s carries"),
    N_("%(name)s took all 13: nobody wins, the pool of %(pool)s carries"),
    N_("names the suit again next deal without bidding"),
    N_("%(name)s gets %(share)s of the %(pool)s chips left in the pool"),  # the pool shared when the table stops
    N_("%(name)s: the pool is empty, nothing to share"),
    N_("%(name)s won %(count)s card points"),
    N_("reached %(limit)s: loses one life"),
    N_("%(count)s lives left"),
    N_("1 life left"),
    N_("%(name)s took %(take)s: adds %(points)s (phase 1)"),
    N_("%(name)s took %(take)s: subtracts %(points)s (phase 2)"),
    N_("score %(score)s"),
    N_("%(name)s bid %(bid)s"),
    N_("%(name)s passed"),
    N_("total %(total)s"),
    N_("net %(net)s"),
    N_("%(name)s took %(take)s: %(points)s"),  # the plainest, last: its points would read any other clause's words
)
# What a player took (``describe_take``, ``units_word``): counted nouns, cards, and these.
TAKES = (N_("no scoring cards"), N_("no hearts"), N_("nothing"))
COUNTED = {
    "heart": (N_("1 heart"), N_("%(count)s hearts")),
    "penalty point": (N_("1 penalty point"), N_("%(count)s penalty points")),
    "point": (N_("1 point"), N_("%(count)s points")),
    "spot": (N_("1 spot"), N_("%(count)s spots")),
}
WHO = (N_("%(name)s (left of the dealer)"), N_("%(name)s (right of the dealer)"))  # who leads, on a table's page
AND = N_("%(some)s and %(last)s")
WORTH = (N_("the points"), N_("the moon's points"))

# A chip game's note (Tripoli's, Reversis'): what each step of the hand moved, ``B: dealer's 5 -5, in play +4``;
# each step is a pattern its family marks (``NOTE_STEPS`` of its words), ``stake %(amount)s``.
STEPS = N_("%(name)s: %(steps)s")
_STEP = re.compile(r"(?P<word>\S.*?) (?P<amount>[+-]\d+)\Z")

_PLACE = re.compile(r"%\((\w+)\)s")


@lru_cache(maxsize=None)
def _pattern(words: str) -> re.Pattern[str]:
    parts = _PLACE.split(words)  # text, name, text, name, ..., text
    return re.compile("".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)) + r"\Z")


def clause(text: str) -> str:
    """One clause of a note in the language spoken now (itself when no pattern knows it)."""
    return steps(text) or matched(text, CLAUSES) or text


def steps(text: str) -> str | None:
    """A chip game's clause of what each step moved (``A: stake -5, in play -10``, ``A: no fish moved``) in the
    language spoken now, when every step is one the catalogues hold (``word %(amount)s``); else None."""
    name, colon, rest = text.partition(": ")
    if not colon or not name or not any(c.isalpha() for c in rest):  # "Ann took 1 heart: 1" is a points clause
        return None
    if language.has(rest):  # nothing moved
        return language.gettext(STEPS) % {"name": name, "steps": language.word(rest)}
    worded = []
    for item in rest.split(", "):
        found = _STEP.match(item)
        words = f"{found['word']} %(amount)s" if found else ""
        if not found or not language.has(words):
            return None
        worded.append(language.gettext(words) % {"amount": found["amount"]})
    return language.gettext(STEPS) % {"name": name, "steps": ", ".join(worded)}


def matched(text: str, patterns: tuple[str, ...]) -> str | None:
    """``text`` worded in the language spoken now by the first of ``patterns`` it was written from, its places
    read back and worded (``take``, ``table``, ``worth``, ``who``, ``direction``), or None."""
    for words in patterns:
        found = _pattern(words).match(text)
        if found:
            places = found.groupdict()
            if "take" in places:
                places["take"] = take(places["take"])
            if "table" in places:
                places["table"] = clause(places["table"])
            if "who" in places:
                places["who"] = matched(places["who"], WHO) or language.word(places["who"])
            for name in ("worth", "direction"):
                if name in places:
                    places[name] = language.word(places[name])
            return language.gettext(words) % places
    return None


def take(text: str) -> str:
    """What a player took (``2 hearts and Q♠``, ``no scoring cards``) in the language spoken now."""
    if text in TAKES:
        return language.word(text)
    some, _, last = text.rpartition(" and ")
    parts = [*(some.split(", ") if some else []), last]
    worded = [_counted(part) for part in parts]
    if len(worded) == 1:
        return worded[0]
    return language.gettext(AND) % {"some": ", ".join(worded[:-1]), "last": worded[-1]}


def _counted(part: str) -> str:
    count, _, noun = part.partition(" ")
    if count.isdigit():
        for singular, (one, many) in COUNTED.items():
            if noun in (singular, singular + "s"):
                return language.word(one) if noun == singular else language.gettext(many) % {"count": count}
    return part  # a card as printed (Q♠), the same in every language


def said(text: str) -> str:
    """One phrase of the engine (a clause, an evening's table name or move) in the language spoken now; in English
    the engine's own."""
    if language.current() == language.DEFAULT or not text:
        return text
    return clause(text)


def note(text: str) -> str:
    """A hand's note in the language spoken now, clause by clause; in English the engine's own, to the byte."""
    if language.current() == language.DEFAULT or not text:
        return text
    return "; ".join(clause(part) for part in text.split("; "))
