"""The words the pages' scripts show, in the reader's language: one JSON object a page writes once.

``base.html`` writes ``<script type="application/json" id="words">`` (data, never run: the pages' content
policy runs no inline script) with the offline words every page's scripts use (``offline.js``, ``outbox.js``)
and those of the page's parts, named by the template (``{% block words %}{{ script_words(["cards"]) }}``): the
outbox's lines by default, which the card page leaves out to stay within a first visit's 30 KB. A script
reads the object once (``app.js``: ``scorekeeperWords``). A word with places names them ``{name}``, filled by the script; a counted one is given
in both of its forms (``{"one": ..., "other": ...}``), which the script picks with ``Intl.PluralRules`` in the
page's ``lang`` (the CLDR's rule, which Babel's catalogues follow too). The family's words of the card page
(its kinds, options and buttons) come from its vocabulary, translated here too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import FunctionType
from typing import Any

from flask_babel import gettext, lazy_gettext as _l, ngettext
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

Words = Mapping[str, Any]

OFFLINE: Words = {
    "offline": _l("No connection."),
    "seenAt": _l("This page is as this phone last saw it ({time})."),
    "keptHere": _l("What you record is kept on this phone and sent when the connection returns."),
    "after": lambda n: ngettext("After the hand kept on this phone, this is hand {position}.",
                                "After the {n} hands kept on this phone, this is hand {position}.", n),
    "follow": _l("Who deals it and how it goes follow from them: the engine works that out when they arrive."),
    "cards": lambda n: ngettext("{what}: {n} card", "{what}: {n} cards", n),
    "stored": _l("Stored."),
    "notTaken": _l("The server did not take it ({status})."),
    "notStored": _l("Not stored: {what}"),
    "keptForm": _l("{what}: kept on this phone, waiting to be sent. It goes by itself when the connection returns."),
    # outbox.js: what a kept form is, from its address (the card page keeps only its own)
    "byCards": _l("A new hand, card by card"),
}

# The outbox as the table's sheet shows it (offline.js), and what the other forms kept are: on the pages that show
# them (every page's default).
OUTBOX: Words = {
    "restoring": _l("Restoring hand {hand}"),
    "striking": _l("Striking out hand {hand}"),
    "result": _l("A new hand, by its result"),
    "misdeal": _l("A misdeal"),
    "correction": _l("Correction of hand {hand}"),
    "confirmation": _l("Confirmation of hand {hand}"),
    "strike": _l("Strike or restore of hand {hand}"),
    "notStoredMark": _l("not stored"),
    "waitingMark": _l("waiting to be sent"),
    "correct": _l("Correct it"),
    "drop": _l("Drop it"),
    "dropSure": _l("Drop it? What was typed is lost."),
    "waiting": _l("Waiting to be sent: {what}"),
    "sentMark": _l("sent and stored"),
    "ok": _l("OK"),
    "keptTitle": _l("Kept on this phone"),
    "forms": lambda n: ngettext("{n} form is waiting to be sent: it goes by itself when the connection returns.",
                                "{n} forms are waiting to be sent: they go by themselves when the connection returns.",
                                n),
    "refusedBelow": _l("The server refused what is marked below: correct it or drop it; the forms after it wait "
                       "for it."),
    "sendNow": _l("Send now"),
}

CARDS: Words = {
    "stood": _l("It stood: record {player}’s {kind}"),
    "stoodIn": _l("It stood: record {player}’s {kind} in trick {trick}"),
    "trick": _l("Trick"),
    "trickDone": _l("{n}, complete"),
    "tricks": _l("Tricks"),
    "lastTrick": _l("Last trick"),
    "points": _l("Points"),
    "paidSoFar": _l("Paid so far"),
    "lastPayment": _l("Last payment"),
    "done": _l("Done"),
    "ok": _l("OK"),
    "back": _l("Back"),
    "chips": _l("{option}: chips"),
    "recorded": lambda n: ngettext("{n} recorded", "{n} recorded", n),
    "complete": _l("The hand is complete: tap Save."),
    "allIn": _l("Every action is in."),
    "allTapped": _l("Every card is tapped: save the hand."),
    "trickOver": _l("Trick {n} is complete: its winner leads the next."),
    "whose": _l("{player} {kind}"),
    "keptFirst": lambda n: ngettext(
        "The hands kept on this phone go in first: {n} tap kept here, checked after them.",
        "The hands kept on this phone go in first: {n} taps kept here, checked after them.", n),
    "keptOffline": lambda n: ngettext(
        "No connection: {n} tap kept on this phone, not checked yet: the engine checks it when the connection "
        "returns.",
        "No connection: {n} taps kept on this phone, not checked yet: the engine checks them when the connection "
        "returns.", n),
    "whoPlayed": _l("Who played {card}?"),
    "noAnswer": _l("The server did not answer ({status}). Reload the page."),
    "tapRefused": _l("A tap kept offline was refused: {message}. The hand is cut back to the last good action."),
}

# The card page's, where the table gives the deal on it (data-deal), and where the players' phones may (data-seats).
DEAL: Words = {"dealOnline": _l("The deal is given with a connection: try again when it returns.")}
SEATS: Words = {
    "seatsIn": _l("Every player sent his own hand: the deal is in."),
    "seatsSent": _l("Hands sent from the phones: {sent}. Waiting for {waiting}."),
}

MY_HAND = {
    "allIn": _l("Every hand is in: the scorer's phone has the deal."),
    "sentFrom": _l("Sent from the phones: {sent}."),
    "sentWaiting": _l("Sent from the phones: {sent}. Waiting for {waiting}."),
    "noneYet": _l("none yet"),
    "dropped": _l("The hand this phone sent is dropped: the scorer freed the seat. Send it again if the seat is "
                  "yours."),
    "tapHand": lambda n: ngettext("{seat}: tap the card you were dealt", "{seat}: tap the {n} cards you were dealt",
                                  n),
    "tapPassed": lambda n: ngettext("{seat}: tap the card you pass", "{seat}: tap the {n} cards you pass", n),
    "tapMore": lambda n: ngettext("{seat}: tap the {what}", "{seat}: tap the {n} {what}", n),
    "isSent": _l("{seat}: your hand is sent. Tap a card to change it."),
    "count": _l("{n} of {want}"),
    "nextHand": _l("Next: the cards you were dealt"),
    "nextPassed": _l("Next: the cards you pass"),
    "nextMore": _l("Next: the {what}"),
    "send": _l("Send my hand"),
    "notSent": _l("Not sent: no connection. Tap Send again when it returns."),
}

PARTS: dict[str, Words] = {"outbox": OUTBOX, "cards": CARDS, "deal": DEAL, "seats": SEATS, "my_hand": MY_HAND}


def worded(table: Words) -> dict[str, Any]:
    """A table of words in the reader's language: a counted word in both its forms (for one, for more)."""
    return {key: _counted(value(1), value(2)) if isinstance(value, FunctionType) else str(value)
            for key, value in table.items()}


def _counted(one: str, other: str) -> str | dict[str, str]:
    return one if one == other else {"one": one, "other": other}  # "{n} recorded": one word for every count


def family(words: Mapping[str, Any], say: Callable[[str], str] = gettext) -> dict[str, Any]:
    """A family's card page words (``Vocabulary.page``) in the reader's language, one level down as they are."""
    return {key: family(value, say) if isinstance(value, Mapping) else say(value) if value else value
            for key, value in words.items()}


def script_words(parts: Any = ("outbox",), **more: Any) -> Markup:
    """The page's ``<script type="application/json" id="words">`` body: the offline words and its parts' (by
    default the outbox's; the card page, one's own hand and the audit, which never show it, name their own)."""
    found: dict[str, Any] = worded(OFFLINE)
    for part in parts or ():
        found.update(worded(PARTS[part]))
    found.update(more)
    return htmlsafe_json_dumps(found, separators=(",", ":"), ensure_ascii=False)
