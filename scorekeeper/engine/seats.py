"""The deal given seat by seat: each player taps his own hand (and the cards he passes) on his own phone.

Built on the family seam alone (``Family.dealing_json`` and ``advance_json``), so no family is named here.
A seat's hand is checked on its own, before the other hands are known: the family's questions about the
deal are asked in their order, the other seats answered with stand-in cards that leave this seat's cards
free, and this seat's hand must answer its question (or, for the last hand of a deal without a widow,
be the cards left). The cards a seat passes are the pass the family asks of it after the deal, checked
the same way. Once every seat has sent, ``deal`` writes the record with the whole deal and the passes,
and refuses drafts that do not make one deal without naming a card (the sentence goes to every phone).

A question of the deal that asks a named seat for a card or cards besides his hand (Reversis' card dealt
face down in front of a player, which he takes up or may look at) is that seat's too: he taps it after his
hand (``Asks.more``, ``Draft.more``), from the cards not in his hand. A game whose deal asks anything else
(a card of nobody's seat) is not given this way: ``SeatsRefused`` (code ``no-seats``); its deal is given on
the card page.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from .errors import ScorekeeperError, Said, kind_word

if TYPE_CHECKING:
    from .vocabulary import Vocabulary

HAND = "hand"  # the question of the deal that asks a hand as dealt (engine.progress, the families' Dealing)
MAX_CARDS = 120  # a draft longer than any pack is refused before the engine reads it


class Dealt(Protocol):
    """What this module needs of a family (``engine.family.Family``)."""

    def dealing_json(self, value: Mapping[str, Any], given: object) -> dict[str, Any]: ...

    def advance_json(self, value: Mapping[str, Any], action: object) -> dict[str, Any]: ...

    @property
    def vocabulary(self) -> Vocabulary: ...


@dataclass(frozen=True)
class Asks:
    """What a seat taps: the cards of its hand, how many of them it passes (0: no pass this hand), and the other
    cards of the deal it is asked, by the family's kind of question (``more``: kind, how many)."""

    hand: int
    passed: int
    more: tuple[tuple[str, int], ...] = ()
    nouns: Mapping[str, str] = field(default_factory=dict, compare=False)  # the family's words for the kinds

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hand": self.hand, "passed": self.passed}
        if self.more:
            out["more"] = [{"kind": kind, "count": count, "word": self.nouns.get(kind, kind)}
                           for kind, count in self.more]
        return out


@dataclass(frozen=True)
class Draft:
    """A seat's hand as its player tapped it, the cards he passes (empty where nobody passes), and the other
    cards of the deal he was asked (``Asks.more``: kind, cards)."""

    hand: tuple[str, ...]
    passed: tuple[str, ...] = ()
    more: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @classmethod
    def from_json(cls, value: object) -> Draft:
        """:raises ScorekeeperError: not ``{"hand": [codes], "passed": [codes], "more": {kind: [codes]}}``."""
        if not isinstance(value, Mapping):
            raise ScorekeeperError(Said("a hand is sent as {\"hand\": [cards], \"passed\": [cards]}"), code="draft")
        more = value.get("more") or {}
        if not isinstance(more, Mapping) or len(more) > 4 or not all(isinstance(k, str) and len(k) <= 20 for k in more):
            raise ScorekeeperError(Said("the other cards of a hand are sent as {kind: [cards]}"), code="draft")
        return cls(_codes(value.get("hand"), "hand"), _codes(value.get("passed") or [], "passed"),
                   tuple((kind, _codes(cards, kind)) for kind, cards in more.items()))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hand": list(self.hand), "passed": list(self.passed)}
        if self.more:
            out["more"] = {kind: list(cards) for kind, cards in self.more}
        return out

    def cards(self) -> tuple[str, ...]:
        """Every card of the deal this seat tapped (its hand and the others it was asked)."""
        return (*self.hand, *(code for _, cards in self.more for code in cards))


def _codes(value: object, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_CARDS or not all(isinstance(c, str) and len(c) <= 3
                                                                          for c in value):
        raise ScorekeeperError(Said("the %(what)s is sent as a list of cards", what=str(what)), code="draft")
    return tuple(value)


class SeatsRefused(ScorekeeperError):
    """The game's deal is not given seat by seat (its deal asks more than each hand)."""

    default_code = "no-seats"


def takes_seats(family: Dealt, head: Mapping[str, Any]) -> bool:
    """Whether the hand ``head`` starts can be dealt seat by seat (its family asks each hand, and only that)."""
    try:
        _walk(family, head, None, None)
    except ScorekeeperError:
        return False
    return True


def asks(family: Dealt, head: Mapping[str, Any], player: str) -> Asks:
    """What ``player`` taps for the hand ``head`` starts. :raises ScorekeeperError: no such seat, or the game's
    deal is not given seat by seat."""
    if player not in (head.get("players") or ()):
        raise ScorekeeperError(Said("%(player)s is not at this table", player=repr(player)), code="seat")
    return _walk(family, head, player, None)


def check(family: Dealt, head: Mapping[str, Any], player: str, draft: Draft) -> Asks:
    """:raises ScorekeeperError: ``draft`` is not a hand ``player`` can be dealt (the family's sentence), or
    its cards passed are not a pass he can make."""
    asks(family, head, player)
    return _walk(family, head, player, draft)


def deal(family: Dealt, head: Mapping[str, Any], drafts: Mapping[str, Draft]) -> dict[str, Any]:
    """The record ``head`` starts with the deal the seats sent, and their passes.

    :raises ScorekeeperError: a seat has not sent (code ``waiting``), or the hands do not make one deal
        (code ``seats``, no card named: the sentence is for every phone)."""
    missing = [p for p in head.get("players") or () if p not in drafts]
    if missing:
        raise ScorekeeperError(Said("waiting for the hands of %(value)s", value=str(', '.join(missing))), code="waiting")
    given: list[dict[str, Any]] = []
    try:
        while not (asked := family.dealing_json(head, given))["dealt"]:
            question = asked["next"]
            given.append(_answer(question, drafts[_seat_of(question)]))
    except SeatsRefused:
        raise
    except ScorekeeperError:
        raise _not_one_deal(drafts) from None
    record: dict[str, Any] = asked["record"]
    dealt = record.get("deal") or {}
    if any(Counter(dealt.get(p) or ()) != Counter(d.hand) for p, d in drafts.items()):
        raise _not_one_deal(drafts)
    record = {**record, "deal": {p: list(drafts[p].hand) for p in dealt}}  # each hand as its player tapped it
    return _passes(family, {**asked, "record": record}, {p: d.passed for p, d in drafts.items()}, None)[0]


def _seat_of(question: Mapping[str, Any]) -> str:
    """The seat a question of the deal is asked of. :raises SeatsRefused: a question of nobody's seat."""
    if question.get("kind") != HAND and (not question.get("player") or question.get("ask") not in ("card", "cards")):
        raise SeatsRefused("this game's deal asks more than each hand: give it on the card page")
    player: str = question["player"]
    return player


def _answer(question: Mapping[str, Any], draft: Draft) -> dict[str, Any]:
    """A seat's answer to a question of the deal, from its draft (an empty list: it did not tap that one)."""
    kind = question["kind"]
    cards = list(draft.hand) if kind == HAND else list(dict(draft.more).get(kind) or ())
    value: Any = cards[0] if question.get("ask") == "card" and len(cards) == 1 else cards
    return {"kind": kind, "player": question["player"], "value": value}


def _not_one_deal(drafts: Mapping[str, Draft]) -> ScorekeeperError:
    counts = Counter(code for d in drafts.values() for code in set(d.cards()))
    shared = sum(1 for n in counts.values() if n > 1)
    why = f"{shared} card{'s are' if shared != 1 else ' is'} in two hands" if shared else "a card is missing"
    return ScorekeeperError(Said("the hands sent do not make one deal (%(why)s): each player looks at his hand "
                                 "on his phone and sends it again", why=str(why)), code="seats")


def _stand_in(choices: Sequence[str], count: int, keep: Counter[str]) -> list[str]:
    """``count`` of ``choices`` that leave the cards of ``keep`` free (a code once per copy in ``choices``)."""
    free, out = Counter(keep), list[str]()
    for code in choices:
        if len(out) == count:
            break
        if free[code]:
            free[code] -= 1
            continue
        out.append(code)
    return out


def _walk(family: Dealt, head: Mapping[str, Any], player: str | None, draft: Draft | None) -> Asks:
    """The deal asked question by question, ``player`` answering with ``draft`` (or stand-in cards), the other
    seats with stand-in cards; what ``player`` is asked. :raises ScorekeeperError: as ``check``."""
    keep = Counter(draft.cards() if draft is not None else ())
    given: list[dict[str, Any]] = []
    size: int | None = None
    more: list[tuple[str, int]] = []
    while not (asked := family.dealing_json(head, given))["dealt"]:
        question = asked["next"]
        mine = _seat_of(question) == player
        count = question.get("count") or 1
        if mine and question["kind"] == HAND:
            size = count
        elif mine:
            more.append((question["kind"], count))
            if draft is not None and not dict(draft.more).get(question["kind"]):
                raise ScorekeeperError(Said("%(player)s taps %(_said)s this hand",
                                            player=player, _said=_said(more[-1:], family)), code="deal", player=player)
        if mine and draft is not None:
            answer = _answer(question, draft)
        else:
            cards = _stand_in(question["choices"], count, keep)
            answer = {"kind": question["kind"], "player": question["player"],
                      "value": cards[0] if question.get("ask") == "card" else cards}
        given.append(answer)
    if draft is not None and sorted(kind for kind, _ in draft.more) != sorted(kind for kind, _ in more):
        raise ScorekeeperError(Said("%(player)s taps %(_said)s this hand",
                                    player=player, _said=_said(more, family)), code="deal", player=player)
    if player is not None and size is None:  # the last hand, where no widow is dealt: the cards left
        left = list((asked["record"].get("deal") or {}).get(player) or ())
        size = len(left)
        if draft is not None and Counter(draft.hand) != Counter(left):
            raise ScorekeeperError(Said("%(player)s's hand is %(size)s cards of this game's pack, each card as "
                                        "often as the pack holds it", player=player, size=str(size)), code="deal", player=player)
    _, passed = _passes(family, asked, {player: draft.passed} if player and draft else {}, player)
    return Asks(size or 0, passed, tuple(more), family.vocabulary.nouns)


def _said(more: Sequence[tuple[str, int]], family: Dealt) -> Said:
    """The cards of the deal a seat taps besides its hand, as a place of a sentence ("the card dealt face
    down"), each kind in the family's words."""
    nouns = family.vocabulary.nouns
    items = [Said("the %(kind)s", kind=kind_word(nouns, kind)) if count == 1 else
             Said("%(count)s %(kind)s", count=count, kind=kind_word(nouns, kind)) for kind, count in more]
    if not items:
        return Said("his hand alone")
    out = items[0]
    for then in items[1:]:
        out = Said("%(first)s and %(then)s", first=out, then=then)
    return out


def _passes(family: Dealt, asked: dict[str, Any], passed: Mapping[str | None, Sequence[str]],
            player: str | None) -> tuple[dict[str, Any], int]:
    """The record after the passes the family asks before the first card (a ``cards`` ask of a named player),
    each seat's from ``passed`` (stand-in cards for the others), and how many ``player`` passes.

    :raises ScorekeeperError: a pass refused by the engine, or one sent where none is asked."""
    record: dict[str, Any] = asked["record"]
    count, asked_of = 0, set()
    while not asked.get("complete") and not record.get("play") and (question := asked.get("next") or {}).get(
            "ask") == "cards" and question.get("player") and question["player"] not in asked_of:
        who = question["player"]
        asked_of.add(who)
        if who == player:
            count = question["count"]
        if passed.get(who):
            value = list(passed[who])
        elif who == player and who in passed:
            raise ScorekeeperError(Said("%(who)s passes %(count)s cards this hand", who=who, count=str(count)), code="deal", player=who)
        elif player is None:
            break  # a seat that sent no pass: the card page asks it
        else:
            value = list(question.get("choices") or ())[:question["count"]]
        asked = family.advance_json(record, {"kind": question["kind"], "player": who, "value": value})
        record = asked["record"]
    extra = [who for who, cards in passed.items() if cards and who not in asked_of]
    if extra:
        raise ScorekeeperError(Said("%(value)s passes no cards this hand", value=str(extra[0])), code="deal", player=extra[0])
    return record, count
