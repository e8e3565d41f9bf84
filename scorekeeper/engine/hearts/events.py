"""What a hand record may say beside its cards: each event's fields, the games that have it, and
the kind of record (the cards played, or a quick result) that can say it.

An event is read once (``records``: its fields and their shapes) and admitted once (``admit``:
this game, this kind of record, a trick this hand has) before the replay reads it, so that an
event the game does not know is refused with its code instead of being quietly ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ..errors import InconsistentRecord, Said
from ..fields import EVENT_COMMON, MAX_NOTE as MAX_NOTE, MISDEAL_OPTIONAL, MISDEAL_REQUIRED

if TYPE_CHECKING:
    from .records import HandRecord
    from .ruleset import DealLayout, Ruleset

MAX_EVENTS: Final = 200  # events a hand may carry: a real hand has a handful (an auction of 12 bids at most)


@dataclass(frozen=True)
class EventKind:
    """One event type: its fields, and where it belongs."""

    required: tuple[str, ...]
    optional: tuple[str, ...] = ()
    result: bool = True  # may stand in a quick result (every kind may stand with the cards played)
    game: Callable[[Ruleset], bool] | None = None  # the games that have it (None: every game)
    lacking: Said | None = None  # the refusal when the game does not (%(game)s: the game's name)
    code: str = "event"  # its code then


EVENTS: Final[Mapping[str, EventKind]] = {
    # an established revoke the table claims (catalogue 4.1); a corrected one is only a note
    "revoke": EventKind(("player", "trick"), result=False),
    "revoke-corrected": EventKind(("player", "trick"), result=False),
    "misdeal": EventKind(MISDEAL_REQUIRED, MISDEAL_OPTIONAL),  # the hand is void; the same dealer deals again (4.2)
    "exposed-own": EventKind(("player",), ("card",)),  # a player turned up his own card: the deal stands
    "out-of-turn": EventKind(("trick",), ("player",), result=False),  # a play out of turn that stood (4.3)
    "stopped": EventKind((), result=False),  # play stopped once no card left could score
    "cut": EventKind(("player",)),  # the table cut for odd chips or a tie, and this player won the cut (1.5)
    "capot": EventKind(("player",), ("play",), game=lambda r: bool(r.capot), code="capot",
                       lacking=Said("%(game)s has no Capot declarations")),
    "trumps": EventKind((), ("card", "suit"), game=lambda r: r.trumps != "none", code="trumps",
                        lacking=Said("%(game)s is played without trumps here, but the record names them")),
    "bid": EventKind(("player",), ("chips", "pass"), game=lambda r: "bid" in r.variant.events, code="bid",
                     lacking=Said("%(game)s has no auction: the record has bids or a penalty suit")),
    "penalty-suit": EventKind(("suit",), ("player",), game=lambda r: "penalty-suit" in r.variant.events, code="bid",
                              lacking=Said("%(game)s has no auction: the record has bids or a penalty suit")),
    "joker": EventKind((), ("player", "widow"), game=lambda r: r.joker, code="joker",
                       lacking=Said("%(game)s is played without the Joker, but the record says who played it")),
    "trade": EventKind(("player", "card", "partner", "partner_card"), result=False,
                       game=lambda r: r.trades_per_player != 0, code="trade", lacking=Said("%(game)s has no trades")),
    # nobody (else) takes a step that may be taken before the first lead: no more trades, no Capot (the card
    # page's answer "no", so that the hand goes on to the play)
    "declined": EventKind(("step",), game=lambda r: bool(r.capot) or r.trades_per_player != 0
                          or "expose" in r.variant.events, code="event",
                          lacking=Said("%(game)s has no trades, Capot or exposed cards to decline")),
    # Gong Zhu: a card shown to the table before the first lead (AH, QS, JD, TC), which doubles its effect
    "expose": EventKind(("player", "card"), ("trick",), game=lambda r: "expose" in r.variant.events, code="expose",
                        lacking=Said("%(game)s has no exposed cards")),
    # Domino Hearts: who was left holding which cards (maybe none) and took the stock
    "kept": EventKind(("player", "cards"), result=False, game=lambda r: "kept" in r.variant.events, code="kept",
                      lacking=Said("%(game)s has no stock: nobody keeps his cards and takes it")),
}
COMMON: Final = EVENT_COMMON


def fields_of(kind: str) -> frozenset[str]:
    """Every field an event of this type may have."""
    spec = EVENTS[kind]
    return frozenset((*COMMON, *spec.required, *spec.optional))


FIELDS: Final[Mapping[str, frozenset[str]]] = {kind: fields_of(kind) for kind in EVENTS}


def admit(record: HandRecord, ruleset: Ruleset, layout: DealLayout, players: int) -> None:
    """Refuse an event this game does not have, one this kind of record cannot say, or a trick past the hand's last.

    :raises InconsistentRecord: with the event's own code (``bid``, ``trade``, ``capot``...) where the
        game lacks it, else ``event``.
    """
    tricks = ruleset.tricks_per_hand(layout, players) or len(layout.pack)
    for i, event in enumerate(record.events):
        kind = event["type"]
        spec = EVENTS[kind]
        player = event.get("player")
        if spec.game is not None and not spec.game(ruleset):
            assert spec.lacking is not None  # every event a game may lack says why
            raise InconsistentRecord(Said(spec.lacking.words, game=ruleset.name), code=spec.code, player=player)
        if record.is_result and not spec.result:
            raise InconsistentRecord(Said("a %(kind)s event needs the cards played: a quick result cannot say it "
                                          "(events[%(i)s])", kind=str(kind), i=str(i)), code="event", player=player)
        trick: Any = event.get("trick")
        if trick is not None and trick > tricks:
            raise InconsistentRecord(Said("the %(kind)s event names trick %(trick)s, but a hand of %(game)s has "
                                          "%(tricks)s tricks",
                                          kind=str(kind), trick=str(trick), game=ruleset.name, tricks=str(tricks)), code="event", trick=trick, player=player)
