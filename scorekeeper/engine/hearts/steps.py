"""The Hearts variants' actions beside the cards, as steps of the core's walk (``core_progress``).

Before the first lead: Auction Hearts' bids and the suit named (``bid``, ``penalty-suit``), the
passes when the deal is recorded (``pass``; without the deal the passes are not known, and are
taken as written), the trumps turned up or named (``trumps``), Conquimbert's trades (``trade``)
and Polignac's Capot (``capot``). During the play: Conquimbert's trumps, turned up the first time
a player cannot follow (``trumps`` again, when the record does not hold the out-of-play cards).

Each step is written where the record keeps it (events, ``passes``) and judged by the replay: a
step is open when the replay refuses the record only for lacking it (``bid-incomplete``, a pass
or the trumps missing), and a choice is offered when the replay takes the record with it. The
trades and Capot may be declined: ``null`` / ``[]`` writes a ``declined`` event, and the first
card played closes them too. A deal whose Auction choice is retained (the session knows, not the
hand) starts with its ``penalty-suit`` event already written: its walk starts at the play.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Card
from ..errors import RecordSyntaxError, ScorekeeperError, Said
from .games import make_ruleset
from .games.conquimbert import KINDS
from ..progress import Action, Progress, appended
from .records import SUIT_CODES, HandRecord
from .replay import HandOutcome, replay
from .ruleset import Ruleset
from ..seating import Direction, Seating

STEP_EVENTS = frozenset({"bid", "penalty-suit", "trumps", "trade", "capot", "declined", "expose"})
UNKNOWN_TRUMPS = "the deal is not recorded: any card not dealt may be the one turned up, and the engine checks it"
UNKNOWN_TRADES = "the deal is not recorded: the engine checks each trade against the cards played"


def _table(record: HandRecord) -> tuple[Ruleset, Seating]:
    ruleset = make_ruleset(record.game, record.options)
    return ruleset, Seating(record.players, ruleset.clockwise)


def _of(record: HandRecord, kind: str) -> list[Mapping[str, Any]]:
    return [e for e in record.events if e["type"] == kind]


def _declined(record: HandRecord, step: str) -> bool:
    return any(e["type"] == "declined" and e["step"] == step for e in record.events)


def _retained(record: HandRecord) -> bool:
    """Auction Hearts' choice kept from the last deal: no bids, the suit named by its holder (setup, not a step)."""
    return not _of(record, "bid") and any("player" in e for e in _of(record, "penalty-suit"))


def _bidding_order(record: HandRecord, seating: Seating) -> tuple[int, ...]:
    return seating.order_from(seating.eldest(seating.seat(record.dealer)))


def _walks_passes(record: HandRecord, ruleset: Ruleset) -> bool:
    """Whether the passes are steps: the deal is recorded and cards are passed this hand."""
    return record.deal is not None and ruleset.pass_direction(record.number, len(record.players)) is not Direction.NONE


def _trump_value(e: Mapping[str, Any]) -> str:
    return str(e["card"]) if "card" in e else str(e["suit"])


# --- the steps of a record, and the record cut after some of them --------------------------------

def actions(record: HandRecord) -> tuple[list[Action], list[tuple[int, Action]]]:
    """The steps the record took before the first lead, in the rules' order, and those taken during the
    play as (the number of cards played before it, the step)."""
    if record.is_result:
        return [], []
    ruleset, seating = _table(record)
    before: list[Action] = []
    during: list[tuple[int, Action]] = []
    bids = _of(record, "bid")
    if ruleset.variant.bids and bids:
        high = None
        for e in bids:
            before.append(Action("bid", e["player"], e.get("chips")))
            high = e["player"] if e.get("chips") else high
        for e in _of(record, "penalty-suit"):
            before.append(Action("penalty-suit", e.get("player", high), e["suit"]))
    if _walks_passes(record, ruleset) and record.passes:
        for seat in _bidding_order(record, seating):
            name = seating.name(seat)
            if name in record.passes:
                before.append(Action("pass", name, [c.code for c in record.passes[name]]))
    dealer = record.dealer
    trumps = _of(record, "trumps")
    if ruleset.trumps == "first-void":
        for e in trumps:
            during.append((_turned_at(record), Action("trumps", dealer, _trump_value(e))))
    elif ruleset.trumps != "none":
        before.extend(Action("trumps", dealer, _trump_value(e)) for e in trumps)
        if not trumps and ruleset.trumps == "turn-up" and record.widow:  # the top undealt card, as the replay reads it
            before.append(Action("trumps", dealer, record.widow[0].code))
    if ruleset.trades_per_player != 0:
        for e in _of(record, "trade"):
            before.append(Action("trade", e["player"], {k: e[k] for k in ("player", "card", "partner", "partner_card")}))
        if _declined(record, "trade") or record.play:
            before.append(Action("trade", None, None))
    if ruleset.capot:
        declared = [e["player"] for e in _of(record, "capot")]
        if declared or _declined(record, "capot") or record.play:
            before.append(Action("capot", None, declared))
    if ruleset.variant.exposable(ruleset):  # Gong Zhu: the cards shown before the first lead, one at a time
        for e in _of(record, "expose"):
            before.append(Action("expose", e["player"], {"player": e["player"], "card": e["card"]}))
        if _declined(record, "expose") or record.play:
            before.append(Action("expose", None, None))
    kept = ruleset.variant.kept(record)
    if kept is not None and record.deal is None:  # Domino Hearts without the deal: the table says how it ended
        during.append((len(record.play), Action("kept", kept["player"], list(kept["cards"]))))
    return before, during


def _turned_at(record: HandRecord) -> int:
    """How many cards were played when Conquimbert's trumps were turned up (the replay's answer; the end
    of the record when the replay cannot say)."""
    try:
        outcome = replay(record, audit=True)
    except ScorekeeperError:
        return len(record.play)
    return len(record.play) if outcome.turned is None else outcome.turned.play + 1


def stripped(record: HandRecord) -> HandRecord:
    """The record without what its steps write (their events, the passes when they are steps)."""
    ruleset, _ = _table(record)
    setup = _retained(record)
    events = tuple(e for e in record.events if e["type"] not in STEP_EVENTS or (setup and e["type"] == "penalty-suit"))
    passes = None if _walks_passes(record, ruleset) else record.passes
    return dataclasses.replace(record, events=events, passes=passes)


def write(value: Mapping[str, Any], action: Action) -> dict[str, Any]:
    """The record with one step more, written where the record keeps it (unchecked: the replay judges it).

    :raises RecordSyntaxError: a value of the wrong shape for its kind."""
    kind, player, v = action.kind, action.player, action.value
    if kind == "bid":
        said: dict[str, Any] = {"pass": True} if v is None else {"chips": v}
        return appended(value, ("events",), {"type": "bid", "player": player, **said})
    if kind == "penalty-suit":
        return appended(value, ("events",), {"type": "penalty-suit", "suit": v})
    if kind == "pass":
        out = dict(value)
        out["passes"] = {**(value.get("passes") or {}), str(player): v}
        return out
    if kind == "trumps":
        key = "suit" if isinstance(v, str) and v.upper() in SUIT_CODES else "card"
        return appended(value, ("events",), {"type": "trumps", key: v})
    if kind == "trade":
        if v is None:
            return appended(value, ("events",), {"type": "declined", "step": "trade"})
        if not isinstance(v, Mapping) or set(v) != {"player", "card", "partner", "partner_card"}:
            raise RecordSyntaxError(Said("a trade is {\"player\", \"card\", \"partner\", \"partner_card\"}, or "
                                         "null: no more trades"))
        return appended(value, ("events",), {"type": "trade", **v})
    if kind == "capot":
        if v is None or v == []:
            return appended(value, ("events",), {"type": "declined", "step": "capot"})
        if not isinstance(v, list):
            raise RecordSyntaxError(Said("a Capot answer is the list of the players who declare (empty: nobody)"))
        out = dict(value)
        for name in v:
            out = appended(out, ("events",), {"type": "capot", "player": name})
        return out
    if kind == "expose":
        if v is None:
            return appended(value, ("events",), {"type": "declined", "step": "expose"})
        if not isinstance(v, Mapping) or set(v) != {"player", "card"}:
            raise RecordSyntaxError(Said("an exposure is {\"player\", \"card\"}, or null: no more cards exposed"))
        return appended(value, ("events",), {"type": "expose", **v})
    if kind == "kept":
        if player is None:
            raise RecordSyntaxError(Said("say who was left holding the last cards (the action's player)"))
        return appended(value, ("events",), {"type": "kept", "player": player, "cards": v})
    raise RecordSyntaxError(Said("a hand of %(value)s takes no %(kind)s here",
                                 value=str(value.get('game', 'this game')), kind=str(kind)))


# --- what comes next before the first lead ---------------------------------------------------------

def pending(record: HandRecord, offer: bool = True) -> Progress | None:
    """The step before the first lead the record still lacks, with its choices; None: the cards come next.

    :raises ScorekeeperError: the replay refuses a step already taken.
    """
    if record.is_result or record.play or any(e["type"] == "misdeal" for e in record.events):
        return None
    ruleset, seating = _table(record)
    for step in (_auction, _passes, _trumps, _trades, _capot, _exposures):
        answer = step(record, ruleset, seating, offer)
        if answer is not None:
            return answer
    return None


def _waiting_for(record: HandRecord, codes: Sequence[str]) -> HandOutcome | None:
    """The audit replay of the record, or None when it is refused only for a step not taken yet (``codes``).

    :raises ScorekeeperError: any other refusal."""
    try:
        outcome = replay(record, audit=True)
    except ScorekeeperError as exc:
        if exc.code in codes:
            return None
        raise
    if outcome.error is not None:  # pragma: no cover - no card is played before these steps
        raise outcome.error
    return outcome


def _progress(record: HandRecord, kind: str, player: str | None, choices: Sequence[Any] | None, ask: str,
              count: int | None = None, unknown: str | None = None,
              held: Sequence[Sequence[Card]] | None = None) -> Progress:
    """``held``: each hand as it stands (after the passes and trades), where the replay gave it; else as dealt."""
    state: dict[str, Any] = {"tricks": [], "current": []}
    if held is not None and record.deal is not None:
        state["hands"] = {name: [c.code for c in cards] for name, cards in zip(record.players, held)}
    elif record.deal is not None:
        state["hands"] = {name: [c.code for c in cards] for name, cards in record.deal.items()}
    return Progress(record.game, record.players, kind, player, None if choices is None else tuple(choices), unknown,
                    state={**state, **facts(record)}, actions=len(actions(record)[0]), ask=ask, count=count)


def _auction(record: HandRecord, ruleset: Ruleset, seating: Seating, offer: bool) -> Progress | None:
    if not ruleset.variant.bids or _waiting_for(record, ("bid-incomplete",)) is not None:
        return None
    bids = _of(record, "bid")
    order = _bidding_order(record, seating)
    if len(bids) < len(order):  # ``null`` passes; a bid names more chips than the high bid
        high = max((e.get("chips") or 0 for e in bids), default=0)
        return _progress(record, "bid", seating.name(order[len(bids)]), [None, {"low": high + 1}], "number")
    namer = [e["player"] for e in bids if e.get("chips")][-1]
    return _progress(record, "penalty-suit", namer, SUIT_CODES, "suit")


def _passes(record: HandRecord, ruleset: Ruleset, seating: Seating, offer: bool) -> Progress | None:
    """The next player's pass, in turn from eldest; the passes so far checked by the replay, the players still
    to pass standing in with their first cards."""
    if not _walks_passes(record, ruleset):
        return None
    assert record.deal is not None
    done = record.passes or {}
    missing = [seating.name(s) for s in _bidding_order(record, seating) if seating.name(s) not in done]
    if not missing:
        return None
    count = ruleset.pass_count(len(record.players))
    stand_in = {**done, **{name: tuple(record.deal.get(name, ()))[:count] for name in missing}}
    _waiting_for(dataclasses.replace(record, passes=stand_in), ("trumps",))
    player = missing[0]
    choices = [c.code for c in record.deal.get(player, ())] if offer else None
    return _progress(record, "pass", player, choices, "cards", count)


def _trumps(record: HandRecord, ruleset: Ruleset, seating: Seating, offer: bool) -> Progress | None:
    if ruleset.trumps not in ("turn-up", "fixed-per-deal") or _of(record, "trumps"):
        return None
    _waiting_for(record, ("trumps",))
    layout = ruleset.layout(len(record.players))
    if ruleset.trumps == "turn-up" and layout.widow_size == 0:  # no card left to turn up: the replay says what to do
        replay(dataclasses.replace(record, events=(*record.events, {"type": "trumps", "card": layout.pack[0].code})))
    if ruleset.trumps == "fixed-per-deal":
        return _progress(record, "trumps", record.dealer, SUIT_CODES, "suit")
    if record.deal is None:
        return _progress(record, "trumps", record.dealer, None, "card", unknown=UNKNOWN_TRUMPS)
    choices = [c.code for c in undealt(record, ruleset)
               if _takes(record, {"type": "trumps", "card": c.code})] if offer else None
    return _progress(record, "trumps", record.dealer, choices, "card")


def undealt(record: HandRecord, ruleset: Ruleset) -> list[Card]:
    """The cards left over from a recorded deal: the widow as written, else the pack's cards nobody was dealt."""
    if record.widow is not None:
        return list(record.widow)
    dealt = [c for cards in (record.deal or {}).values() for c in cards]
    left = list(ruleset.layout(len(record.players)).pack)
    for c in dealt:
        if c in left:
            left.remove(c)
    return left


def _takes(record: HandRecord, event: Mapping[str, Any]) -> bool:
    """Whether the replay takes the record with one more event (before any card is played)."""
    try:
        outcome = replay(dataclasses.replace(record, events=(*record.events, event)), audit=True)
    except ScorekeeperError:
        return False
    return outcome.error is None


def _trades(record: HandRecord, ruleset: Ruleset, seating: Seating, offer: bool) -> Progress | None:
    """Anyone may ask for a trade; every trade the replay takes is offered, and ``null``: no more trades."""
    if ruleset.trades_per_player == 0 or _declined(record, "trade"):
        return None
    outcome = _waiting_for(record, ())
    if record.deal is None:
        return _progress(record, "trade", None, None, "option", unknown=UNKNOWN_TRADES)
    choices: list[Any] = [None]
    if offer and outcome is not None and outcome.dealt is not None:
        names, held = record.players, outcome.dealt
        for p, mine in enumerate(held):
            for c in sorted({c for c in mine if c.rank in KINDS}):
                for q, theirs in enumerate(held):
                    for d in sorted({d for d in theirs if d.rank in KINDS and KINDS[d.rank] == KINDS[c.rank]}):
                        trade = {"player": names[p], "card": c.code, "partner": names[q], "partner_card": d.code}
                        if q != p and _takes(record, {"type": "trade", **trade}):
                            choices.append(trade)
    return _progress(record, "trade", None, choices if offer else None, "option",
                     held=None if outcome is None else outcome.dealt)


def _capot(record: HandRecord, ruleset: Ruleset, seating: Seating, offer: bool) -> Progress | None:
    """Who declares Capot before the first lead: any of the players (none: ``[]``)."""
    if not ruleset.capot or _of(record, "capot") or _declined(record, "capot"):
        return None
    outcome = _waiting_for(record, ())
    return _progress(record, "capot", None, record.players, "players", held=None if outcome is None else outcome.dealt)


def _exposures(record: HandRecord, ruleset: Ruleset, seating: Seating, offer: bool) -> Progress | None:
    """Gong Zhu: a card shown before the first lead, one at a time ({"player", "card"}: its holder, where the deal
    says it), until the table says no more (null)."""
    exposable = ruleset.variant.exposable(ruleset)
    if not exposable or _declined(record, "expose"):
        return None
    outcome = _waiting_for(record, ())
    shown = {e["card"] for e in _of(record, "expose")}
    choices: list[Any] = []
    for c in exposable:
        if c.code in shown:
            continue
        for name in record.players:
            if record.deal is None or c in record.deal.get(name, ()):
                choices.append({"player": name, "card": c.code})
    return _progress(record, "expose", None, [*choices, None], "option",
                     held=None if outcome is None else outcome.dealt)


# --- during the play --------------------------------------------------------------------------------

def turned_up(record: HandRecord, exc: ScorekeeperError, offer: bool) -> Progress | None:
    """Conquimbert: the last card could not follow and the out-of-play cards are not recorded, so the card
    turned up for trumps comes next; None: the refusal is not that."""
    if not waits_for_trumps(record, exc):
        return None
    ruleset, _ = _table(record)
    choices = None
    if offer and record.deal is not None:
        choices = [c.code for c in undealt(record, ruleset) if _turns(record, c)]
    return Progress(record.game, record.players, "trumps", record.dealer, None if choices is None else tuple(choices),
                    None if record.deal is not None else UNKNOWN_TRUMPS, state=facts(record),
                    actions=len(record.play) + sum(1 for _ in actions(record)[0]), ask="card")


def waits_for_trumps(record: HandRecord, exc: ScorekeeperError) -> bool:
    """Whether the replay refuses the record only for the trumps its last card turned up (Conquimbert)."""
    return exc.code == "trumps" and exc.play is not None and exc.play == len(record.play) - 1 and not _of(record, "trumps")


def _turns(record: HandRecord, c: Card) -> bool:
    try:
        outcome = replay(dataclasses.replace(record, events=(*record.events, {"type": "trumps", "card": c.code})),
                         audit=True)
    except ScorekeeperError:
        return False
    return outcome.error is None


# --- the table as it stands ---------------------------------------------------------------------------

def facts(record: HandRecord) -> dict[str, Any]:
    """What was said beside the cards so far, for the page to show: the bids and the suit named, the trumps,
    the trades, the Capot declarations (only those the record has)."""
    out: dict[str, Any] = {}
    bids = [[e["player"], e.get("chips")] for e in _of(record, "bid")]
    if bids:
        out["bids"] = bids
    for e in _of(record, "penalty-suit"):
        out["penalty_suit"] = e["suit"]
    for e in _of(record, "trumps"):
        out["trumps"] = _trump_value(e)
    trades = [{k: e[k] for k in ("player", "card", "partner", "partner_card")} for e in _of(record, "trade")]
    if trades:
        out["trades"] = trades
    capot = [e["player"] for e in _of(record, "capot")]
    if capot:
        out["capot"] = capot
    return out


def played_facts(outcome: HandOutcome) -> dict[str, Any]:
    """What the cards played so far say beyond the tricks: who played the Joker (Joker Hearts: it is paid
    for, ``joker-payments``), Cancellation Hearts' dead tricks and the cards set aside for the next winner."""
    out: dict[str, Any] = {}
    names, tricks = outcome.players, outcome.tricks or ()
    last = outcome.snapshots[-1] if outcome.snapshots else None
    current = () if last is None or last.completed is not None else last.current
    if outcome.ruleset.joker:
        joker = next((seat for t in tricks for seat, c in t.plays if c.is_joker), None)
        joker = next((seat for seat, c in current if c.is_joker), joker)
        if joker is not None:
            out["joker"] = names[joker]
    if outcome.ruleset.cancellation:
        dead = [t for t in tricks if t.winner < 0]
        out["dead"] = [t.number for t in dead]
        waiting = [t for t in dead if all(w.number < t.number for w in tricks if w.winner >= 0)]
        out["set_aside"] = [c.code for t in waiting for c in t.cards]
    return out

