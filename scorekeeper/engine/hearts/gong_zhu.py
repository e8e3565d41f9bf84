"""Gong Zhu, the Chinese Hearts (catalogue 2.30): its cards' values, exposures, the transformer, and the hand.

Sixteen cards score: the thirteen hearts, the pig (QS), the sheep (JD) and the transformer (TC). Before the
first lead a player may expose (show) the ace of hearts, the pig, the sheep or the transformer: the card's
effect then doubles for whoever takes it, and the card may not go to the first trick of its suit while its
holder has another card of that suit (``hand.GongZhuHand`` keeps that rule during play). A hand score may be
positive: the sheep is +100, all thirteen hearts +200, the transformer alone +50.

The facts live here once: the values (``heart_value``, ``hand_score``), which cards may be exposed
(``EXPOSABLE``), and the variant (``GongZhuVariant``) through which the replay, the quick result and the
simulator ask them. The game's options and its registry entry are in ``games/gong_zhu.py``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ..cards import ALL_CARDS, Card, Rank, Suit, card
from ..errors import InconsistentRecord, RecordSyntaxError, UnknownOption, Said
from .hand import GongZhuHand, Hand
from .variant import Opening, Variant

if TYPE_CHECKING:
    from .records import HandRecord
    from .ruleset import Ruleset
    from .scoring import Haul, Points
    from ..seating import Seating

AH, QS, JD, TC = card("AH"), card("QS"), card("JD"), card("TC")
HEARTS: Final = tuple(c for c in ALL_CARDS if c.suit is Suit.HEARTS)
SCORING: Final = frozenset((*HEARTS, QS, JD, TC))  # the sixteen cards that can score (2.30.1)
EXPOSABLE: Final = (AH, QS, JD, TC)  # the cards a player may expose before the first lead (2.30.3)
SHEEP: Final = 100  # JD (2.30.2)
ALL_RED: Final = 200  # all thirteen hearts to one player (2.30.4 step 1)
TRANSFORMER_ALONE: Final = 50  # TC taken with no other scoring card (step 5)
REVOKE: Final = -300  # HOUSE revoke-house-300 (2.30.6, AMB-59): the offender's hand score, the others 0
LEAD_CARDS: Final[Mapping[str, tuple[Card, bool]]] = {  # first_lead (AMB-51): whose card leads, and must he lead it
    "two-of-spades-any": (card("2S"), False), "two-of-spades": (card("2S"), True),
    "seven-of-spades-any": (card("7S"), False),
}
_GRADUATED: Final = {Rank.ACE: -50, Rank.KING: -40, Rank.QUEEN: -30, Rank.JACK: -20}


def heart_value(c: Card, heart_values: str) -> int:
    """A heart's value (2.30.2, AMB-53): ``graduated`` A −50, K −40, Q −30, J −20, T to 5 −10, 4 3 2 nothing;
    ``face`` the same honours, then minus the pips, with the 4 at −10. Thirteen hearts are −200 either way."""
    if c.rank in _GRADUATED:
        return _GRADUATED[c.rank]
    pips = int(c.rank)
    if heart_values == "graduated":
        return -10 if pips >= 5 else 0
    return -10 if pips == 4 else -pips


def card_values(options: Mapping[str, Any]) -> dict[Card, int]:
    """Each scoring card's plain value under the options (the transformer is worth nothing itself)."""
    values = {c: heart_value(c, options["heart_values"]) for c in HEARTS}
    values.update({QS: pig_value(options), JD: SHEEP, TC: 0})
    return values


def pig_value(options: Mapping[str, Any]) -> int:
    """The pig's value: −100, or −200 (AMB-54); a record may give it as a number or a string."""
    return int(options["pig_value"])


def hand_score(taken: Iterable[Card], options: Mapping[str, Any], exposed: Iterable[Card] = ()) -> int:
    """One player's hand score from the scoring cards he took (2.30.4), with the exposed cards (2.30.3).

    >>> from scorekeeper.engine.cards import cards
    >>> opts = {"heart_values": "graduated", "pig_value": -100, "all_red": "pagat"}
    >>> hand_score(cards("TC 3H"), opts), hand_score(cards("TC JD"), opts), hand_score(cards("TC"), opts, cards("TC"))
    (0, 200, 100)
    >>> hand_score(cards("QS TC AH KH"), opts, cards("QS TC"))
    -1160
    """
    mine = set(taken) & SCORING
    shown = set(exposed)
    hearts = [c for c in mine if c.suit is Suit.HEARTS]
    all_red = len(hearts) == len(HEARTS)
    sweep = len(mine) == len(SCORING)
    rule = options["all_red"]
    h = ALL_RED if all_red else sum(heart_value(c, options["heart_values"]) for c in hearts)
    if AH in shown:
        h *= 2
    q = 0
    if QS in mine:
        q = pig_value(options)
        if all_red and (rule in ("pagat", "swap") or sweep):  # the pig reversed (AMB-55)
            q = -q
        if QS in shown:
            q *= 2
    j = 0
    if JD in mine:
        j = -SHEEP if all_red and rule == "swap" and not sweep else SHEEP
        if JD in shown:
            j *= 2
    b = h + q + j
    if TC not in mine:
        return b
    if mine == {TC}:  # alone: no other scoring card at all, zero-valued hearts included (AMB-55)
        return TRANSFORMER_ALONE * (2 if TC in shown else 1)
    return b * (4 if TC in shown else 2)


def exposures(record: HandRecord, ruleset: Ruleset) -> dict[Card, str]:
    """The cards the record's ``expose`` events show, and who showed each (2.30.3), checked.

    :raises InconsistentRecord: code ``expose``: another card than AH, QS, JD or TC, a card the player was not
        dealt (when the deal is recorded), the same card twice, an exposure after the first play (its ``trick``),
        or any exposure under ``exposure: off``.
    """
    shown: dict[Card, str] = {}
    for event in record.events:
        if event["type"] != "expose":
            continue
        player, c = event["player"], Card.parse(event["card"])
        if ruleset.options.get("exposure") == "off":
            raise InconsistentRecord(Said("%(player)s exposed %(card)s, but this table plays without exposing "
                                          "cards", player=player, card=c),
                                     code="expose", player=player, card=c.code)
        if c not in EXPOSABLE:
            raise InconsistentRecord(Said("%(player)s exposed %(card)s: only A♥, Q♠, J♦ and 10♣ may be exposed",
                                          player=player, card=c), code="expose", player=player, card=c.code)
        if c in shown:
            raise InconsistentRecord(Said("%(card)s is exposed twice", card=c), code="expose", player=player, card=c.code)
        if event.get("trick", 1) != 1:
            raise InconsistentRecord(Said("%(player)s exposed %(card)s in trick %(trick)s: cards are exposed "
                                          "before the first lead", player=player, card=c, trick=str(event['trick'])), code="expose", player=player, card=c.code)
        if record.deal is not None and c not in record.deal.get(player, ()):
            raise InconsistentRecord(Said("%(player)s exposed %(card)s but was not dealt it", player=player, card=c), code="expose",
                                     player=player, card=c.code)
        shown[c] = player
    return shown


def check_table(ruleset: Ruleset, players: int) -> None:
    """:raises UnknownOption: the two of clubs' lead with five players, whose pack has no 2C (AMB-51)."""
    if players == 5 and ruleset.options.get("first_lead") == "two-of-clubs":
        raise UnknownOption(Said("gong-zhu option first_lead two-of-clubs is for four players: five play without "
                                 "2♣"))


def check_taken(record: HandRecord) -> None:
    """A quick result says per player the list of the scoring cards he took (2.30.6): counts cannot say which
    hearts. :raises RecordSyntaxError: counts."""
    for name, entry in (record.taken or {}).items():
        if isinstance(entry, Mapping):
            raise RecordSyntaxError(Said("taken by %(player)s: Gong Zhu scores each heart by its rank, so give "
                                         "the list of the scoring cards %(player)s took, such as [\"AH\", "
                                         "\"QS\"], not counts", player=name))


class GongZhuVariant(Variant):
    """Gong Zhu's hand: exposures before the first lead, the first leader of each hand, scores by the cards.

    The game's ruleset carries the plain one (the first hand's lead card from the options); ``opening`` hands
    the replay a ruleset whose variant also knows the hand's exposed cards and its leader."""

    name: ClassVar[str] = "gong-zhu"
    plain_play: ClassVar[bool] = False  # the exposed cards' rule (GongZhuHand.check_play)
    events: ClassVar[frozenset[str]] = frozenset({"expose"})
    taken_as_lists: ClassVar[bool] = True  # counts cannot say which hearts

    def __init__(self, lead_card: Card | None = None, must_lead: bool = False, exposed: frozenset[Card] = frozenset()) -> None:
        self.lead_card = lead_card
        self.must_lead = must_lead
        self.exposed = exposed

    def opening(self, record: HandRecord, ruleset: Ruleset, seating: Seating) -> Opening:
        """Check the exposures; the first hand's leader is the lead card's holder (AMB-51), a later hand's the
        previous hand's pig-taker, which the record says (``leader``; a session fills it in).

        :raises InconsistentRecord: a wrong exposure (``expose``); a later hand without its leader (``leader``);
            a stated first leader who was not dealt the lead card (``first-lead``).
        """
        check_table(ruleset, seating.size)
        shown = frozenset(exposures(record, ruleset))
        if record.is_result:
            return Opening(ruleset)
        if record.number >= 2:
            if record.leader is None:
                raise InconsistentRecord(
                    Said("from the second hand on, whoever took the pig (Q♠) in the hand before leads: say who "
                         "led hand %(number)s (\"leader\")", number=str(record.number)), code="leader")
            later = replace(ruleset, first_lead="eldest-any", variant=GongZhuVariant(exposed=shown))
            return Opening(later, leader=seating.seat(record.leader))
        lead_card = self.lead_card
        if lead_card is not None and record.deal is not None:
            holder = next((name for name, dealt in record.deal.items() if lead_card in dealt), None)
            if record.leader is not None and holder is not None and record.leader != holder:
                raise InconsistentRecord(
                    Said("%(holder)s holds %(card)s and leads the first trick, not %(leader)s",
                         holder=str(holder), card=lead_card, leader=str(record.leader)),
                    code="first-lead", player=record.leader)
        elif lead_card is not None and record.leader is None and record.play and record.play[0].player is None:
            raise InconsistentRecord(Said("the holder of %(card)s led the first trick: without the deal, say who "
                                          "(\"leader\")", card=lead_card), code="leader")
        return Opening(replace(ruleset, variant=GongZhuVariant(lead_card, self.must_lead, shown)))

    def random_opening(
        self, ruleset: Ruleset, seating: Seating, dealer: int, rng: random.Random, events: list[dict[str, Any]],
        retained: str | None, maybe_retained: bool, pass_out: bool,
    ) -> Opening:
        return Opening(ruleset)

    def random_before_play(
        self, ruleset: Ruleset, seating: Seating, held: Sequence[Sequence[Card]], hand_number: int,
        rng: random.Random, events: list[dict[str, Any]],
    ) -> tuple[Ruleset, int | None] | None:
        """Now and then a player exposes one of his exposable cards; a later hand is led by a player at random
        (in a session, the settlement checks him against the previous hand's pig-taker)."""
        shown: set[Card] = set()
        if ruleset.options.get("exposure") != "off":
            for seat in seating.order_from(0):
                for c in EXPOSABLE:
                    if c in held[seat] and rng.random() < 0.3:
                        events.append({"type": "expose", "player": seating.name(seat), "card": c.code})
                        shown.add(c)
        if hand_number >= 2:
            leader = rng.randrange(seating.size)
            return replace(ruleset, first_lead="eldest-any", variant=GongZhuVariant(exposed=frozenset(shown))), leader
        return replace(ruleset, variant=GongZhuVariant(self.lead_card, self.must_lead, frozenset(shown))), None

    def new_hand(
        self, ruleset: Ruleset, seating: Seating, dealer: int, hands: Sequence[Iterable[Card]], *,
        undealt: Sequence[Card], leader: int | None, out_of_turn_tricks: Iterable[int],
    ) -> Hand | None:
        mask = 0
        for c in self.exposed:
            mask |= c.bit
        return GongZhuHand(ruleset, seating, dealer, hands, exposed=mask, lead_card=self.lead_card,
                           must_lead=self.must_lead, leader=leader, out_of_turn_tricks=out_of_turn_tricks)

    def points(self, ruleset: Ruleset, hauls: Sequence[Haul], record: HandRecord) -> tuple[Points, ...] | None:
        """Every player's hand score from his own cards (2.30.4; partners too, AMB-57)."""
        check_table(ruleset, len(hauls))
        check_taken(record)
        shown = exposures(record, ruleset)
        return tuple(hand_score(h.specials, ruleset.options, shown) for h in hauls)

    def exposable(self, ruleset: Ruleset) -> tuple[Card, ...]:
        return () if ruleset.options.get("exposure") == "off" else EXPOSABLE

    def tallied_cards(self, ruleset: Ruleset) -> tuple[str, str] | None:
        return QS.code, JD.code  # the pig and the sheep taken

    def first_lead_words(self) -> str | None:
        """The first hand's lead (AMB-51), then the pig-taker's: the page says both, not knowing the hand."""
        lead = self.lead_card
        first = ("whoever holds 2\u2663 leads it" if lead is None else
                 f"whoever holds {lead.label} leads {'it' if self.must_lead else 'any card'}")
        return (f"{first[0].upper()}{first[1:]} in the first hand; in every later hand, whoever took the pig "
                f"(Q\u2660) in the hand before leads any card.")
