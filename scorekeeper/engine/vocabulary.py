"""The words a family gives for what its hands do, so that no shared module holds a table keyed by family.

Each family gives one ``Vocabulary`` (``Family.vocabulary``), written in its own module: the core's in
``engine/hearts/vocabulary.py``, a package's in ``engine/<id>/words.py``. The audit (``sheets/audit_steps.py``),
the card page (``web/play.py``), the sentences of ``engine/progress.py`` and the command read it; none of
them names a family or a kind of action only one family has. What every family shares (a card played, a
revoke, a hand as dealt) is ``COMMON``, which each family's words are merged over.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .marks import N_ as N_  # a word of the card page, translated where shown (web/script_words.py)
from .marks import NP_ as NP_  # a word with its context (marks.ACTION, marks.HEADING), translated where shown


WORDED = ("kinds", "nouns", "declined", "refrained", "nothing", "said", "options", "rules", "headings", "reasons",
          "places", "numbered")


def _merged(first: Mapping[str, str], then: Mapping[str, str]) -> dict[str, str]:
    return {**first, **{k: v for k, v in then.items() if k not in first}}


def _frozen(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(value))


@dataclass(frozen=True)
class Vocabulary:
    """What a family says of its actions, its refusals, its table and its payments, by their codes.

    Every mapping is read by code and falls back on the code itself, so a code without words still shows
    (and ``tests/web/test_family_words.py`` finds it). Every word a player reads is marked ``N_`` (``NP_`` with
    its context where the English means something else elsewhere: a kind's verb ``marks.ACTION``, a heading
    ``marks.HEADING``) and stays English here; the words layer translates it where it is shown (the audit:
    ``sheets/audit_steps.py``)."""

    kinds: Mapping[str, str] = field(default_factory=dict)  # the audit's verb after the player's name: "played"
    nouns: Mapping[str, str] = field(default_factory=dict)  # how a sentence names a kind: "card played"
    declined: Mapping[str, str] = field(default_factory=dict)  # a step the table declined: "No more trades"
    refrained: Mapping[str, str] = field(default_factory=dict)  # after a player's name, a step he did not take
    nothing: Mapping[str, str] = field(default_factory=dict)  # a kind's empty value in words: "keeps his hand"
    said: Mapping[str, str] = field(default_factory=dict)  # a whole line for a kind: "{value} holds 2♣ and leads"
    options: Mapping[str, str] = field(default_factory=dict)  # an option of an action in a line: "bets", "folds"
    rules: Mapping[str, str] = field(default_factory=dict)  # the rule of each refusal code, in plain words
    headings: Mapping[str, str] = field(default_factory=dict)  # the heading of each key of the family's state
    reasons: Mapping[str, str] = field(default_factory=dict)  # why a payment was made: "the pay card's claim"
    places: Mapping[str, str] = field(default_factory=dict)  # who pays or is paid besides the players: "the pot"
    numbered: Mapping[str, str] = field(default_factory=dict)  # places numbered by the table: "S" -> "supplement {}"
    page: Mapping[str, Any] = field(default_factory=dict)  # the card page's own words (its kinds, options, buttons)
    order: tuple[str, ...] = ()  # the state's keys in the order the audit shows them (any other after them)
    strip: tuple[str, ...] = ()  # the state's keys the card page shows a line of, under the trick
    plays: tuple[str, ...] = ()  # kinds whose value is a card played (the state says who, where the record does not)

    def __post_init__(self) -> None:
        for name in (*WORDED, "page"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))

    def over(self, base: Vocabulary) -> Vocabulary:
        """These words merged over ``base`` (a family's over ``COMMON``), in this vocabulary's order first (the
        audit shows the state's keys in the order of ``headings``); the card page's kinds and options are
        merged one level down."""
        page = {**base.page, **self.page}
        for key in ("kinds", "options"):
            page[key] = {**(base.page.get(key) or {}), **(self.page.get(key) or {})}
        return Vocabulary(**{name: _merged(getattr(self, name), getattr(base, name)) for name in WORDED}, page=page,
                          order=self.order or base.order, strip=self.strip or base.strip, plays=(*base.plays, *self.plays))

    def place(self, code: object, worded: Callable[[str], str] = str) -> str:
        """A payer or payee as a player says it: a place of the table in words, a player by his name;
        ``worded`` says a word of the family in the reader's language (a words layer's, ``language.word``)."""
        text = str(code)
        if text in self.places:
            return worded(self.places[text])
        found = re.fullmatch(r"([A-Za-z]+)(\d+)", text)
        if found and found.group(1) in self.numbered:
            return worded(self.numbered[found.group(1)]).format(found.group(2))
        return text

    def reason(self, code: object) -> str:
        return self.reasons.get(str(code), str(code))


COMMON = Vocabulary(
    kinds={"play": NP_("action", "played"), "revoke": NP_("action", "revoked:")},
    nouns={"play": "card played", "hand": "cards as dealt"},
    rules={
        "not-in-hand": N_("a player may play only a card he holds"),
        "duplicate-card": N_("no card is played twice"),
        "out-of-turn": N_("each player acts in turn"),
        "revoke": N_("a player must follow suit when he can"),
        "revoke-claim": N_("a revoke is claimed only where a play broke the rule"),
        "not-next": N_("the action that comes next, by the player on turn"),
        "complete": N_("nothing is added to a complete hand"),
    },
    headings={"hands": NP_("heading", "Hands"), "taken": N_("Cards taken"),
              "current": N_("This trick"), "tricks": N_("Tricks won")},
    order=("hands", "taken", "current", "tricks"),
    plays=("play",),
    page={"kinds": {"play": N_("to play"), "revoke": N_("revoke"), "hand": N_("was dealt which cards?")}, "options": {},
          "keep": N_("Keep"), "none": N_("None"), "rest": N_("All the rest")},
)
"""The words of what every family shares: a card played, a revoke, the hands, the tricks."""
