"""Replay outcomes as the JSON values of the records contract (docs/command.md) (plain dicts; the caller serialises).

``outcome_line`` also writes that JSON text directly: an archive replay prints one line per
hand, and building the dict and running the generic encoder over it costs more than the
replay's checks. It gives exactly ``json.dumps(outcome_json(outcome), ensure_ascii=False)``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from json.encoder import encode_basestring
from typing import Any, Final

from .auction import SUITS
from ..cards import Card, Suit, card, cards_said
from ..errors import Said, ScorekeeperError, Text
from .games.conquimbert import Trade, describe
from .hand import Remainder, Trick
from .replay import HandOutcome
from .ruleset import Ruleset
from ..points import points_json as points_json
from .scoring import capot_outcomes


def points_text(value: Any) -> str:
    """Points from the JSON output as a person reads them: 16, or 3 + 2i in Complex Hearts."""
    if isinstance(value, dict):
        sign = "-" if value["im"] < 0 else "+"
        return f"{value['re']} {sign} {abs(value['im'])}i"
    return str(value)


def outcome_json(outcome: HandOutcome) -> dict[str, Any]:
    """The ``replay`` output of a legal hand."""
    names = outcome.players
    out: dict[str, Any] = {"ok": True, "game": outcome.ruleset.game}
    if outcome.tricks is not None:
        out["tricks"] = [
            {"leader": names[t.leader], "cards": [c.code for _, c in t.plays],
             "winner": names[t.winner] if t.winner >= 0 else None}  # None: a dead trick (Cancellation Hearts)
            for t in outcome.tricks
        ]
    out["taken"] = {
        name: (dict(entry) if isinstance(entry, Mapping) else [c.code for c in entry])
        for name, entry in zip(names, outcome.taken)
    }
    out["points"] = {name: points_json(p) for name, p in zip(names, outcome.points)}
    out.update(_tail_json(outcome))
    return out


def _tail_json(outcome: HandOutcome) -> dict[str, Any]:
    """The small fields after the points: moon, and revoke, void and warning when present."""
    names = outcome.players
    moon = outcome.moon
    out: dict[str, Any] = {"moon": None if moon is None else {
        "player": names[moon.seat], "rule": moon.rule, "choice": moon.choice, "instant_win": moon.instant_win,
    }}
    if outcome.revoke is not None:
        r = outcome.revoke
        out["revoke"] = {
            "player": names[r.seat], "trick": r.trick, "play": r.play, "card": r.card.code, "code": r.code,
            "rule": r.rule,
        }
    if outcome.void is not None:
        out["void"] = outcome.void
    if outcome.ruleset.warning:
        out["warning"] = outcome.ruleset.warning
    if _has_moves(outcome):
        out.update(_moves_json(outcome))
    return out


def _has_moves(outcome: HandOutcome) -> bool:
    """Whether the replay made moves beside the plays: Domino Hearts' draws and its last player's
    cards, Conquimbert's trades and its trumps turned up."""
    return bool(outcome.draws or outcome.trades) or outcome.remainder is not None or outcome.turned is not None


def _moves_json(outcome: HandOutcome) -> dict[str, Any]:
    """The moves beside the plays, as optional fields of the replay output (the records contract: fields are
    added, never changed): ``draws`` in order, ``kept`` (who kept the last cards and took the
    stock), ``trades`` in the order made (``reversed`` when the two cards were of one suit),
    ``turned_up`` (the card turned up for trumps, and who could not follow)."""
    names = outcome.players
    tricks = outcome.tricks or ()
    out: dict[str, Any] = {}
    if outcome.draws:
        out["draws"] = [{"player": names[d.seat], "cards": [c.code for c in d.cards], "play": d.play,
                         "trick": trick_of_play(tricks, d.play)} for d in outcome.draws]
    if outcome.remainder is not None:
        r = outcome.remainder
        out["kept"] = {"player": names[r.seat], "cards": [c.code for c in r.kept], "stock": [c.code for c in r.stock]}
    if outcome.trades:
        out["trades"] = [{"player": names[t.player], "card": t.card.code, "partner": names[t.partner],
                          "partner_card": t.partner_card.code, "reversed": t.reversed} for t in outcome.trades]
    if outcome.turned is not None:
        up = outcome.turned
        out["turned_up"] = {"card": up.card.code, "player": names[up.seat], "play": up.play,
                            "trick": trick_of_play(tricks, up.play)}
    return out


def trick_of_play(tricks: Sequence[Trick], play: int) -> int:
    """The number of the trick holding play ``play`` (0-based, in the order played): tricks are not all
    one size where players drop out (Domino Hearts)."""
    seen = 0
    for trick in tricks:
        seen += len(trick.plays)
        if play < seen:
            return trick.number
    return len(tricks) + 1


_encode = json.JSONEncoder(ensure_ascii=False).encode  # what json.dumps(..., ensure_ascii=False) does


def outcome_line(outcome: HandOutcome) -> str:
    """The ``replay`` output of a legal hand as one line of JSON text.

    Byte for byte ``json.dumps(outcome_json(outcome), ensure_ascii=False)``; the tricks,
    the cards taken and whole-number points are written here, the rest (Gaussian points,
    result counts, the small tail) goes through the encoder. Card codes never need escaping.
    """
    taken, points = outcome.taken, outcome.points
    if not all(type(p) is int for p in points) or not all(type(t) is tuple for t in taken) or (
        outcome.ruleset.cancellation  # dead tricks: a winner of null
    ):
        return _encode(outcome_json(outcome))
    names = [encode_basestring(name) for name in outcome.players]
    parts = ['{"ok": true, "game": ', encode_basestring(outcome.ruleset.game)]
    tricks = outcome.tricks
    if tricks is not None:
        parts.append(', "tricks": [')
        parts.append(", ".join([
            f'{{"leader": {names[leader]}, "cards": ["{_BETWEEN_CARDS.join([c.code for _, c in plays])}"], '
            f'"winner": {names[winner]}}}'
            for _, leader, plays, winner in tricks  # a trick has at least one card
        ]))
        parts.append("]")
    parts.append(', "taken": {')
    parts.append(", ".join([
        f'{name}: ["{_BETWEEN_CARDS.join([c.code for c in entry])}"]' if entry else f"{name}: []"
        for name, entry in zip(names, taken)
    ]))
    parts.append('}, "points": {')
    parts.append(", ".join([f"{name}: {p}" for name, p in zip(names, points)]))
    if (outcome.moon is None and outcome.revoke is None and outcome.void is None and not outcome.ruleset.warning
            and not _has_moves(outcome)):
        parts.append('}, "moon": null}')  # most hands: _tail_json would be {"moon": None}
    else:
        parts.append("}, ")
        parts.append(_encode(_tail_json(outcome))[1:])  # the tail object's members, after its opening brace
    return "".join(parts)


_BETWEEN_CARDS: Final = '", "'  # between two quoted card codes in a JSON list


# --- what happened beside the cards: trumps, Capot, the auction, the Joker, trades, draws ----------

@dataclass(frozen=True)
class HandFacts:
    """What a hand's record (and its replay) says beside the cards taken, for the texts and sheets a
    person reads: each field is None or empty where the game (or the hand) has no such thing."""

    trumps: Suit | None = None
    turned_up: Card | None = None  # the card turned up for trumps (Knaves' turn-up, Conquimbert's)
    capot: tuple[tuple[int, bool], ...] = ()  # (declarer, took all four jacks), in the order declared
    auction: bool = False  # an Auction Hearts deal: the three fields below say how it went
    bids: tuple[tuple[int, int | None], ...] | None = None  # (seat, chips or None: a pass) from eldest; None: kept
    namer: int | None = None  # who named the penalty suit (None: everybody passed)
    suit: Suit | None = None  # the penalty suit named
    joker_from: int | None = None  # who played (got rid of) the Joker, where the record says
    joker_widow: bool = False  # the record says the Joker lay in the widow
    turned_by: int | None = None  # Conquimbert: who could not follow when trumps were turned up ...
    turned_trick: int | None = None  # ... and in which trick
    trades: tuple[Trade, ...] = ()  # Conquimbert: the trades before trick 1, reversed ones included
    draws: tuple[tuple[int, int, tuple[Card, ...]], ...] = ()  # Domino Hearts: (trick, seat, cards drawn) in order
    kept: Remainder | None = None  # Domino Hearts: who kept the last cards and took what was left of the stock
    exposed: tuple[tuple[int, Card], ...] = ()  # Gong Zhu: (who, the card) shown before the first lead


def card_point_words(ruleset: Ruleset) -> str:
    """What each rank of card is worth, highest first (Conquimbert, 2.24): ``A 11, 10 10, K 3, Q 2, J 1``."""
    by_rank = {c.code[:-1]: value for c, value in ruleset.values.items() if value}
    ranked = sorted(by_rank.items(), key=lambda item: -item[1])
    return ", ".join(f"{'10' if rank == 'T' else rank} {value}" for rank, value in ranked)


def scored_tricks(ruleset: Ruleset) -> tuple[str, ...]:
    """The tricks whose winner scores, by their result keys: ``first_trick``, ``last_trick``
    (Polignac and Slobberhannes: both; a player who takes them with all the cards scores more)."""
    return tuple(key for key, value in (("first_trick", ruleset.first_trick_value),
                                        ("last_trick", ruleset.last_trick_value)) if value or ruleset.sweep_bonus)


def hand_facts(outcome: HandOutcome) -> HandFacts:
    """The trumps, Capot declarations, auction and Joker of a checked hand (``replay`` checked them);
    Conquimbert's trades and trumps turned up, Domino Hearts' draws and last cards, as its replay made them."""
    record, ruleset, seats = outcome.record, outcome.ruleset, outcome.seating
    events = record.events
    trumps: Suit | None = None
    turned_up: Card | None = None
    for e in events:
        if e["type"] == "trumps":
            turned_up = card(e["card"]) if "card" in e else None
            trumps = turned_up.suit if turned_up is not None else SUITS[e["suit"]]
    if trumps is None and ruleset.trumps == "turn-up" and record.widow:  # the top undealt card (AMB-30)
        turned_up = record.widow[0]
        trumps = turned_up.suit
    turned = outcome.turned
    tricks = outcome.tricks or ()
    if ruleset.trumps == "first-void" and outcome.tricks is not None:  # Conquimbert played: only if someone could not follow
        turned_up = None if turned is None else turned.card
        trumps = None if turned_up is None else turned_up.suit
    declared = [seats.seat(e["player"]) for e in events if e["type"] == "capot"]
    capot = tuple(capot_outcomes(ruleset, outcome.hauls, declared)) if declared and outcome.void is None else ()
    bids: tuple[tuple[int, int | None], ...] | None = None
    namer, suit = None, None
    if ruleset.variant.bids and outcome.void is None:  # Auction Hearts: what was said (replay checked it)
        opening = ruleset.variant.opening(record, ruleset, seats)
        bids, namer, suit = opening.bids, opening.leader, opening.suit
    joker = [e for e in events if e["type"] == "joker"]
    joker_from = seats.seat(joker[-1]["player"]) if joker and "player" in joker[-1] else None
    if not joker and ruleset.joker and outcome.tricks:  # played card by card: the tricks say who
        joker_from = next((seat for t in outcome.tricks for seat, c in t.plays if c.is_joker), None)
    return HandFacts(
        trumps, turned_up, capot, ruleset.variant.bids, bids, namer, suit, joker_from, bool(joker) and joker_from is None,
        None if turned is None else turned.seat, None if turned is None else trick_of_play(tricks, turned.play),
        outcome.trades, tuple((trick_of_play(tricks, d.play), d.seat, d.cards) for d in outcome.draws),
        outcome.remainder, tuple((seats.seat(e["player"]), card(e["card"])) for e in events if e["type"] == "expose"),
    )


def facts_lines(facts: HandFacts, names: tuple[str, ...], *, ending: bool = True) -> list[str]:
    """The facts in words, one line each: ``auction: Ann 2, Bob pass, ...; Dan names clubs``,
    ``trumps: hearts (3H turned up)``, ``Capot: Dan declared and took all four jacks``,
    ``trade: Bob traded JC for Ann's KD``, ``draws: trick 1: Bob 8S, Cat 2D 7S; ...``, and
    (``ending``: a trick table says it after the tricks) ``Cat keeps AH KH ... and takes the stock, ...``."""
    lines = []
    if facts.exposed:  # Gong Zhu: the cards shown before the first lead
        lines.append("exposed: " + ", ".join(f"{names[seat]} {c.label}" for seat, c in facts.exposed))
    if facts.auction:
        lines.append("auction: " + auction_words(facts, names))
    lines.extend(f"trade: {describe(trade, names)}" for trade in facts.trades)
    if facts.trumps is not None:
        how = f"{facts.turned_up.label} turned up" if facts.turned_up is not None else "named"
        if facts.turned_by is not None:
            how += f" when {names[facts.turned_by]} could not follow in trick {facts.turned_trick}"
        lines.append(f"trumps: {facts.trumps.noun} ({how})")
    if facts.draws:
        lines.append("draws: " + draw_words(facts.draws, names))
    if facts.kept is not None and ending:
        lines.append(kept_words(facts.kept, names))
    for seat, made in facts.capot:
        lines.append(f"Capot: {names[seat]} declared and " + ("took all four jacks" if made else "failed"))
    if facts.joker_from is not None:
        lines.append(f"the Joker: played by {names[facts.joker_from]}")
    elif facts.joker_widow:
        lines.append("the Joker: it lay in the widow")
    return lines


def draw_words(draws: Sequence[tuple[int, int, tuple[Card, ...]]], names: Sequence[str]) -> str:
    """Domino Hearts' draws in order, trick by trick: ``trick 1: Bob 8S, Cat 2D 7S; trick 2: Bob 6S``."""
    by_trick: dict[int, list[str]] = {}
    for trick, seat, cards in draws:
        by_trick.setdefault(trick, []).append(f"{names[seat]} {cards_said(cards)}")
    return "; ".join(f"trick {trick}: {', '.join(said)}" for trick, said in by_trick.items())


def kept_words(kept: Remainder, names: Sequence[str]) -> str:
    """The end of a Domino Hearts hand: ``Cat keeps AH KH ... and takes the stock, 9C 7D`` (2.13, AMB-17)."""
    parts = ([f"keeps {cards_said(kept.kept)}"] if kept.kept else []) + (
        [f"takes the stock, {cards_said(kept.stock)}"] if kept.stock else [])
    return f"{names[kept.seat]} " + (" and ".join(parts) or "is the last player in, with no cards left")


def auction_words(facts: HandFacts, names: tuple[str, ...]) -> str:
    """``Ann 2, Bob pass, Cat 3, Dan 4; Dan names clubs``; ``Bob keeps the choice and names diamonds``;
    or ``everybody passed: no hand``."""
    said = "" if facts.bids is None else ", ".join(
        f"{names[s]} {'pass' if chips is None else chips}" for s, chips in facts.bids) + "; "
    if facts.namer is None or facts.suit is None:
        return said + "everybody passed: no hand"
    kept = " keeps the choice and" if facts.bids is None else ""
    return f"{said}{names[facts.namer]}{kept} names {facts.suit.noun}"


def error_json(error: ScorekeeperError) -> dict[str, Any]:
    """The output of a hand that is illegal or unreadable."""
    return {"ok": False, "error": error.to_json()}


def trick_table(outcome: HandOutcome, obj: Mapping[str, Any]) -> Text:
    """A legal hand as a person audits it (``scorekeeper replay --text``): the facts, one row per trick (the
    leader marked >, the winner *), what each took and the points; ``obj`` is its ``outcome_json``. Its words are
    data (``Text``, each sentence a ``Said``): ``str()`` is the English, a words layer words it in another
    language; the rows of cards, the names and the codes are the same in every language."""
    record = outcome.record
    names = outcome.players
    lines: list[Any] = [Said("%(game)s, hand %(number)s, dealer %(dealer)s", game=Said(outcome.ruleset.name),
                             number=record.number, dealer=record.dealer)]
    if outcome.ruleset.warning:
        lines.append(Said("note: %(warning)s", warning=outcome.ruleset.warning))
    if outcome.void:
        lines.append(Said("misdeal (%(why)s): the hand is void and the same dealer deals again", why=outcome.void))
    facts = hand_facts(outcome)
    lines.extend(facts_lines(facts, names, ending=False))  # trumps, Capot, the auction, the Joker, trades, draws
    width = max(4, *(len(n) for n in names))
    if outcome.tricks:
        lines.append([(Said("trick"), 5), "  " + "  ".join(n.ljust(width) for n in names) + "  ", Said("winner")])
        for t in outcome.tricks:
            cells = [""] * len(names)
            for seat, c in t.plays:
                cells[seat] = (">" if seat == t.leader else " ") + c.code + ("*" if seat == t.winner else "")
            won = names[t.winner] if t.winner >= 0 else Said("(dead)")  # Cancellation Hearts: nobody wins a dead trick
            lines.append([f"{t.number:>5}  " + "  ".join(cell.ljust(width) for cell in cells) + "  ", won])
    if facts.kept is not None:  # Domino Hearts: the last player in keeps his cards and takes the stock
        lines.append(kept_words(facts.kept, names))
    if outcome.revoke:
        r = outcome.revoke
        lines.append(Said("established revoke: %(player)s played %(card)s in trick %(trick)s (%(code)s); play stopped "
                          "and %(rule)s applies", player=names[r.seat], card=r.card.code, trick=r.trick, code=r.code,
                          rule=r.rule))
    lines.append(Said("taken:"))
    for name, entry in obj["taken"].items():
        shown = " ".join(entry) if isinstance(entry, list) else json.dumps(entry)
        lines.append(f"  {name.ljust(width)}  {shown or '-'}")
    if obj.get("moon"):
        m = obj["moon"]
        lines.append(Said("%(player)s shot the moon (%(rule)s, %(choice)s)", player=m["player"], rule=m["rule"],
                          choice=m["choice"]) if m["choice"] else
                     Said("%(player)s shot the moon (%(rule)s)", player=m["player"], rule=m["rule"]))
    lines.append([Said("points:"), " " + ", ".join(f"{n} {points_text(p)}" for n, p in obj["points"].items())])
    return Text(lines)
