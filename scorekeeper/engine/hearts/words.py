"""The rules in words, from the ruleset: what the phone pages and the printed sheets say of a game.

Each rule is worded once, here, so the page that tells the table who leads the next hand and
the sheet that prints the rules cannot say two different things. The pages name the player
(``Ann (left of the dealer)``); the sheet says where he sits (``the player left of the dealer``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from ..cards import SUIT_SYMBOLS, Card, Suit, card, sorted_cards
from .games import GAMES
from ..gaussian import Gaussian
from ..marks import NP_
from ..options import OptionSpec
from .output import card_point_words
from .results import takes_card_points
from .ruleset import DealLayout, Ruleset
from .scoring import Points
from .settlement.methods import Method



# --- numbers and cards as a table writes them -------------------------------------------------------

def minus(text: str) -> str:
    """A real minus sign for a hyphen."""
    return text.replace("-", "\u2212")


def points_text(value: Points) -> str:
    """A score as the table writes it: 16, -10 (with a real minus sign), 3+13i in Complex Hearts.

    >>> points_text(-10), points_text(Gaussian(3, -13)), points_text(Gaussian(0, 2)), points_text(Gaussian(4, 0))
    ('\u221210', '3\u221213i', '2i', '4')
    """
    if isinstance(value, Gaussian):
        re, im = value.re, value.im
        if not im:
            return minus(str(re))
        if not re:
            return minus(f"{im}i")
        return minus(f"{re}{'+' if im > 0 else '-'}{abs(im)}i")
    return minus(str(value))


def card_label(c: Card) -> str:
    """``QS`` -> ``Q♠``, ``TH`` -> ``10♥``.

    >>> from scorekeeper.engine.cards import card
    >>> card_label(card("QS")), card_label(card("TC"))
    ('Q\u2660', '10\u2663')
    """
    return c.label


_TWO_OF_CLUBS = card("2C")
_EARLY_LEADS = {  # 2.2.3: the first lead of eldest hand, by the first_lead option
    "eldest-no-heart": "{who} leads; not a heart while holding another suit",
    "eldest-no-spade-heart": "{who} leads; not a spade or heart while holding a club or diamond",
}


def eldest_side(ruleset: Ruleset) -> str:
    """Where eldest hand sits from the dealer: the next seat in the direction of play."""
    return "left" if ruleset.clockwise else "right"


def first_lead(ruleset: Ruleset, layout: DealLayout | None, who: str, *, sentence: bool = False) -> str:
    """Who leads the first trick and what may be led (catalogue 2.2.3): ``who`` is eldest hand
    as the caller names him. Under the two-of-clubs rules with the two of clubs out of the pack
    (``layout``), the game's own eldest rule (AMB-44). ``sentence``: capitalised, with a full stop.
    """
    rule = ruleset.first_lead
    has_2c = layout is None or _TWO_OF_CLUBS in layout.copies
    if rule == "two-of-clubs" and has_2c:
        words = "whoever holds 2\u2663 leads it"
    elif rule == "any-club" and has_2c:
        words = "whoever holds 2\u2663 leads, and must lead a club"
    elif rule == "lowest-club":
        clubs = sorted((c for c in layout.copies if c.suit is Suit.CLUBS), key=lambda c: c.rank) if layout else []
        if layout is not None and clubs and not layout.widow_size:
            words = f"whoever holds {card_label(clubs[0])} leads it"
        else:
            words = "whoever holds the lowest club in the hands leads it (2\u2663, or 3\u2663 with 2\u2663 out)"
    else:
        if rule in ("two-of-clubs", "any-club"):
            rule = ruleset.fallback_lead
        words = _EARLY_LEADS.get(rule, "{who} leads any card").format(who=who)
    if ruleset.break_rule == "lead-restricted":
        words += "; hearts may not be led until broken"
    if sentence and not words.startswith(who):
        words = words[0].upper() + words[1:]
    return words + "." if sentence else words


# --- the rules of a game in words ---------------------------------------------------------------------

LINE_ORDER = ("Card points", "Penalty cards", "Passing", "Auction", "First lead", "Stock", "Trumps", "Capot", "Moon",
              "End", "Settlement")  # how the lines follow one another; a game's own line of another name goes before Moon


def rules_in_words(ruleset: Ruleset, players: int, settlement: str, method: Method) -> tuple[tuple[str, str], ...]:
    """The lines a table needs to check a sheet: penalty cards (or card points), passing, the first lead,
    trumps, the moon, the end and the settlement, then the game's own lines (``GameDef.words``: Auction
    Hearts' bidding, Domino Hearts' stock, Polignac's Capot), which replace a line of the same name.
    ``players``: 0 when the sheet is for no number of players yet."""
    if takes_card_points(ruleset):  # Conquimbert (2.24): the card points won, not penalty cards
        lines = {"Card points": f"{card_point_words(ruleset)} to the trick's winner "
                                f"({sum(ruleset.values.values())} a pack, less the cards out of play)"}
    else:
        lines = {"Penalty cards": penalties(ruleset)}
    if ruleset.passing != "none" and players:
        count = ruleset.pass_count(players)
        if ruleset.passing == "rotation-lrah" and players == 4:
            where = "left, right, across, then keep, in turn"
        else:
            where = f"to the {ruleset.pass_direction(1, players)}"
        lines["Passing"] = f"{count} cards {where}"
    layout = ruleset.layout(players) if players else None
    lines["First lead"] = first_lead(ruleset, layout, f"the player {eldest_side(ruleset)} of the dealer")
    if ruleset.trumps != "none":
        lines["Trumps"] = TRUMP_WORDS.get(ruleset.trumps, ruleset.trumps)
    if ruleset.moon is not None:
        lines["Moon"] = moon_words(ruleset)
    lines["End"] = end_words(ruleset, method)
    lines["Settlement"] = method_words(method, settlement)
    game = GAMES.get(ruleset.game)
    if game is not None and game.words is not None:
        lines.update(game.words(ruleset))
    moon_at = LINE_ORDER.index("Moon")
    return tuple(sorted(lines.items(), key=lambda line: LINE_ORDER.index(line[0]) if line[0] in LINE_ORDER
                        else moon_at - 0.5))


TRUMP_WORDS = {
    "turn-up": "the top undealt card is turned up: its suit is trumps, and the undealt cards score for nobody",
    "fixed-per-deal": "the table names the trump suit for each deal",
    "first-void": "the first time a player cannot follow, the top card out of play is turned up: its suit is "
                  "trumps for the rest of the hand (no card out of play, no trumps)",
}


def penalties(ruleset: Ruleset) -> str:
    hearts = [c for c in ruleset.values if c.suit is Suit.HEARTS]
    parts = []
    if ruleset.spots:
        faces = {c.code[0]: v for c, v in ruleset.values.items() if c.suit is Suit.HEARTS and c.code[0] in "JQKA"}
        parts.append("hearts score their pips (" + ", ".join(f"{rank} {faces.get(rank, pips)}" for rank, pips in (
            ("J", 11), ("Q", 12), ("K", 13), ("A", 14))) + ")")
    elif hearts and ruleset.heart_unit:
        parts.append("each heart 1")
    if ruleset.trick_value:
        parts.append(f"each trick won {minus(f'{ruleset.trick_value:+d}')}")
    for c in sorted_cards(c for c in ruleset.values if not ruleset.spots or c.suit is not Suit.HEARTS):
        value = ruleset.values[c]
        if (c.suit is Suit.HEARTS and value == 1 and ruleset.heart_unit) or not value:
            continue
        shown = f"{value}i" if ruleset.complex and c.code == "QS" else points_text(value)
        parts.append(f"{card_label(c)} {shown}")
    if ruleset.complex:
        parts.append("10\u2663 multiplies the taker's score by 2i")
    for key, value in (("first_trick", ruleset.first_trick_value), ("last_trick", ruleset.last_trick_value)):
        if value:
            parts.append(f"the {key.replace('_', ' ')} {value}")
    if ruleset.sweep_bonus:
        every = sum(ruleset.values.values()) + ruleset.first_trick_value + ruleset.last_trick_value
        parts.append(f"one player taking them all {every + ruleset.sweep_bonus}")
    return ", ".join(parts)


def moon_words(ruleset: Ruleset) -> str:
    moon = ruleset.moon
    assert moon is not None
    needs = "every heart" + "".join(f" and {card_label(c)}" for c in moon.requires)
    if moon.instant_win:
        return f"{needs}: the shooter wins the game"
    if moon.complex:
        return f"{needs}: see the Complex Hearts rules (13+13i)"
    if moon.whole:
        return f"{needs}: the shooter scores nothing, every other player the hand's whole total"
    if moon.greek:
        return f"{needs}: the shooter scores \u2212{moon.value} per opponent, each opponent +{moon.value}"
    said = f"{needs}: \u2212{moon.value}"
    if moon.bonus_card is not None and moon.bonus:
        said += f" (\u2212{moon.value + moon.bonus} with {card_label(moon.bonus_card)})"
    if "add" in moon.modes:
        said += f", or +{moon.value} to every other player"
        if ruleset.moon_choice != "ask":
            said += f" (this table always chooses to {ruleset.moon_choice})"
    return said


def end_words(ruleset: Ruleset, method: Method) -> str:
    """When the game ends and who wins, by the settlement method (``Method.end_words``)."""
    return method.end_words(ruleset.complex)


_MOON_NOTE = re.compile(r"shot the moon \((?P<rule>[a-z0-9-]+)(?:, chose to (?P<choice>subtract|add))?\)")


def plain_note(note: str, ruleset: Ruleset) -> str:
    """A settlement's note as a player reads it. The settle output (what the command and the JSON API
    print) names the moon's rule and choice by their ids, ``shot the moon (black-lady-26, chose to
    subtract)``; the pages and the printed sheets say ``shot the moon and chose to take 26 off their
    own score``."""
    return _MOON_NOTE.sub(lambda found: _moon_said(found, ruleset), note) if "shot the moon (" in note else note


def _moon_said(found: re.Match[str], ruleset: Ruleset) -> str:
    rule, choice = found.group("rule"), found.group("choice")
    if rule == "spot-instant-win":  # AMB-48: the hand scores nothing; the game is over
        return "shot the moon and wins the game at once"
    if choice is None and rule in ("subtract", "add"):  # Hartenjagen's moon names only the choice
        choice, worth = rule, "the points"
    else:
        moon = ruleset.moon
        worth = str(moon.value) if moon is not None and moon.bonus_card is None else "the moon's points"
    if choice == "subtract":
        return f"shot the moon and chose to take {worth} off their own score"
    if choice == "add":
        return f"shot the moon and chose to add {worth} to everyone else's score"
    return "shot the moon"


_REFERENCE = re.compile(r" \((?:AMB-\d+[a-z]?(?:, )?)+\)")


def plain_warning(warning: str | None) -> str | None:
    """A game's warning as the pages and sheets print it: without the rule decisions it cites
    (``... does not list them (AMB-26): ...``), which the command's output keeps."""
    return None if warning is None else _REFERENCE.sub("", warning)


def option_words(specs: Mapping[str, OptionSpec], options: Mapping[str, Any],
                 word: Callable[[str], str] = str) -> list[str]:
    """Options as a player reads them, each as ``name: value`` in the option's words (``OptionSpec``):
    ``Passing: No passing``. The ``profile`` option is the version's name alone. ``word``: how a words layer
    translates an option's and a value's name (``scorekeeper.language.word``); the engine's English by default."""
    said = []
    for key, value in options.items():
        spec = specs.get(key)
        if spec is None:
            said.append(f"{key.replace('_', ' ')}: {value}")
        elif key == "profile":
            said.append(word(spec.value_name(value)))
        else:
            said.append(f"{word(spec.title)}: {word(spec.value_name(value))}")
    return said


def method_words(method: object, settlement: str = "") -> str:
    """A settlement in a player's words: its name and what it does (``Method.label`` and ``summary``;
    for a method that has none, its id and the first sentence of its docstring)."""
    label, summary = getattr(method, "label", ""), getattr(method, "summary", "")
    if label and summary:
        return f"{label}: {summary[0].lower()}{summary[1:]}"
    doc = method_summary(method)
    return f"{label or settlement or getattr(method, 'id', '')}: {doc.split(': ', 1)[-1] if ': ' in doc[:6] else doc}"


def method_summary(method: object) -> str:
    """The first sentence of a settlement's docstring, however many lines it takes (``method``: the
    method or its class)."""
    lines = []
    cls = method if isinstance(method, type) else type(method)
    for line in (cls.__doc__ or "").strip().splitlines():
        if not line.strip():
            break
        lines.append(line.strip())
        if line.rstrip().endswith("."):
            break
    return " ".join(lines)


# The fields of the core's hand record as a hand's history names what changed (``web/changes.py``): marked for the
# catalogues under the history's context, worded there by ``web/history_words.py`` without naming any of them.
RECORD_FIELDS = (NP_("a hand's field", "hearts"), NP_("a hand's field", "play"), NP_("a hand's field", "leader"),
                 NP_("a hand's field", "events"), NP_("a hand's field", "moon choice"))
