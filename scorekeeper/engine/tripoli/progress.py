"""A Tripoli, Rummoli or Cosmo deal in progress: what comes next, and the deal action by action (``engine.progress``).

The actions, in the table's order: the dealer's spare-hand choice (5.2; when sold, the buyer
and the price), each call of the paying-suit auction and the suit its winner names (5.8),
the stage-1 claims when the deal is not recorded (5.3), every betting action of the poker
(5.4), the five cards each player in the showdown shows (``null``: not shown), the
showdown's winners when the cards shown do not settle it, and every card of Michigan (5.6),
its end declared when the deal is not recorded. A final-poker record (5.7) walks its
betting, the cards shown and the showdown the same way.

The replay says where the deal stands: it refuses an unfinished betting round
(``bet-incomplete``), showdown (``poker-winner``) or Michigan play (``michigan-end``) only for
stopping early. Whose turn it is and what he may do come from the replay's own machines:
the auction (``Auction``), the betting round (``Betting``), Michigan (``Michigan``). The chips
moved so far (antes, the spare sold, the bid, claims, bets) are the replay's moves on a
ledger of the deal so far. A record is cut by writing its first actions again on the
record without them (``extend``), so a cut and a record grown on a card page are the same.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

from ..errors import Said, RecordSyntaxError, ScorekeeperError
from ..progress import COMPLETE, TRAIL_FROM, Action, Progress, Walk, Walked, appended, one_walk, played
from ..seating import Seating
from ..state import HandState, parsed
from . import claims as claims_mod
from . import declared
from .actions import SPARE_ACTIONS, BetAction, MichiganRecord, PokerRecord
from .betting import Betting
from .bid import Auction, paying_suit, paying_suit_bid, sequence_of
from .deal import after_spare, check_spare
from .dealing import DEALING
from .layout import Ledger, Space, spaces_for
from .michigan import Michigan
from .outcome import transfer_json
from .pot import first_leader, play_poker
from .record import AnyRecord, FinalPokerRecord, TripoliRecord, to_json
from .record import from_json as _from_json
from .replay import carried_layout, pay_claims
from .rules import TripoliRules, make_rules, sequence_ranks
from .settlement import replay_json
from .words import VOCABULARY
from ..progress import ASKS as COMMON_ASKS

CLAIMS = "the deal is not recorded: the table says who took which pay-card space (claims)"
UNKNOWN = "the deal is not recorded: the engine checks each card when it is tapped, and the end when it is declared"
SHOWN = "the deal is not recorded: the five cards the player shows (null: not shown)"
PRICE = "the price the buyer pays the dealer: a whole number of chips from 1"
SPARE_CHOICES = tuple(a for a in SPARE_ACTIONS if a != "none")  # 5.2: keep, swap, sell (after a swap or not)
SUITS = ("S", "H", "D", "C")
_SOLD = ("auction", "swap-then-auction")
END = ("out", "block", "left")  # how a table declares the end of Michigan it played without the deal
from_json = parsed(_from_json)  # a walk reads one record many times: once each (engine.state.parsed)


# --- the actions of a record ------------------------------------------------------------------------

def actions(value: Mapping[str, Any]) -> list[Action]:
    """The record's actions in the order the table takes them (the module's docstring lists them)."""
    record = from_json(value)
    if isinstance(record, FinalPokerRecord):
        return _poker_actions(record, make_rules(record.game, record.options), value)
    if record.misdeal is not None:
        return []
    rules = make_rules(record.game, record.options)
    out: list[Action] = []
    if rules.spare != "none" and ("spare" in value or _later(value)):
        spare = record.spare
        out.append(Action("spare", record.dealer, spare.action))
        if spare.sold:
            out += [Action("spare-buyer", record.dealer, spare.buyer), Action("spare-price", spare.buyer, spare.price)]
    bid = record.bid
    if bid is not None and bid.bids is not None:
        out += [Action("bid", b.player, b.amount) for b in bid.bids]
        if bid.suit is not None:
            out.append(Action("bid-suit", None, bid.suit.value))
    if _claims_stepped(record, rules):
        out.append(Action("claims", None, to_json(record)["claims"]))
    out += _poker_actions(record, rules, value)
    michigan = record.michigan
    if michigan is not None and michigan.play is not None:
        out += [Action("michigan", item.player, item.card.code) for item in michigan.play]
        if record.deal is None and (michigan.out is not None or michigan.block):
            end = {k: v for k, v in to_json(record)["michigan"].items() if k in END}
            out.append(Action("michigan-end", None, end))
    return out


def _claims_stepped(record: TripoliRecord, rules: TripoliRules) -> bool:
    """Stage-1 claims the table declares (no deal to derive them from)."""
    return record.deal is None and not rules.in_play and record.claims is not None


def _poker_actions(record: AnyRecord, rules: TripoliRules, value: Mapping[str, Any]) -> list[Action]:
    """Every bet, the cards each player in the showdown shows (once the showdown is past, a hand not written
    down counts as not shown), the winners where the cards do not settle it."""
    poker = record.poker
    if poker is None or poker.betting is None:
        return []
    out = [_bet_action(a) for a in poker.betting]
    shown = _showdown(record, rules)
    if shown is None:
        return out
    names = record.players
    hands = poker.hands or (None,) * len(names)
    if not _hands_dealt(record):
        raw = _object(_object(value.get("poker")).get("hands"))
        m = record.michigan if isinstance(record, TripoliRecord) else None
        past = poker.winners is not None or (m is not None and bool(m.play or m.out or m.block))
        for s in shown:
            if not past and names[s] not in raw:
                return out
            out.append(Action("poker-cards", names[s], _codes(hands[s])))
    settled = all(hands[s] is not None for s in shown) or _hands_dealt(record)  # nobody left to show: one winner
    if poker.winners is not None and not settled:
        out.append(Action("showdown", None, list(poker.winners)))
    return out


def _codes(cards: tuple[Any, ...] | None) -> list[str] | None:
    return None if cards is None else [c.code for c in cards]


def _hands_dealt(record: AnyRecord) -> bool:
    """A final deal with its deal shows the five cards dealt (5.7): nobody is asked for them."""
    return isinstance(record, FinalPokerRecord) and record.deal is not None


def _showdown(record: AnyRecord, rules: TripoliRules) -> tuple[int, ...] | None:
    """The players in the showdown, in turn from the opener (none when all but one folded); None: the betting
    is unfinished or illegal (the replay refuses it where it stops)."""
    assert record.poker is not None and record.poker.betting is not None
    seating = Seating(record.players)
    opener = _opener(rules, seating, seating.seat(record.dealer))
    round_ = Betting(seating, opener=opener, limit=rules.bet_limit)
    try:
        for i, action in enumerate(record.poker.betting):
            round_.act(action, i)
    except ScorekeeperError:
        return None
    if not round_.over:
        return None
    active = set(round_.active)
    return tuple(s for s in seating.order_from(opener) if s in active) if len(active) > 1 else ()


def _opener(rules: TripoliRules, seating: Seating, dealer: int) -> int:
    return dealer if rules.poker_opener == "dealer" else seating.eldest(dealer)


def _bet_action(a: BetAction) -> Action:
    return Action("bet", a.player, [a.kind] if a.amount is None else [a.kind, a.amount])


# --- a record cut after k actions -------------------------------------------------------------------

def cut(value: Mapping[str, Any], k: int) -> dict[str, Any]:
    """The deal with only its first ``k`` actions: the record without its actions, written again one by one."""
    record = from_json(value)
    taken = actions(value)
    if k >= len(taken):
        return to_json(record)
    out = _without_actions(record, taken)
    for action in taken[:k]:
        out = extend(out, action)
    return out


def _without_actions(record: AnyRecord, taken: list[Action]) -> dict[str, Any]:
    """The record's JSON with what its actions write taken out (the deal, the layout, a declared result stay)."""
    out = to_json(record)
    kinds = {a.kind for a in taken}
    for kind, key in (("spare", "spare"), ("bid", "bid"), ("claims", "claims")):
        if kind in kinds:
            out.pop(key, None)
    if "bet" in kinds:
        poker = out["poker"]
        shown = {a.player for a in taken if a.kind == "poker-cards"}
        poker.pop("betting", None)
        poker.pop("winners", None)
        hands = {p: h for p, h in (poker.pop("hands", None) or {}).items() if p not in shown}
        if hands:
            poker["hands"] = hands
        if not poker and not isinstance(record, FinalPokerRecord):
            del out["poker"]
    if "michigan" in kinds:
        michigan = {k: v for k, v in out["michigan"].items() if k == "leader"}
        if michigan:
            out["michigan"] = michigan
        else:
            del out["michigan"]
    return out


def extend(value: Mapping[str, Any], action: Action) -> dict[str, Any]:
    """The deal with one more action written where the record keeps it (unchecked: the replay judges it)."""
    kind, v = action.kind, action.value
    if kind == "spare":
        if v not in SPARE_ACTIONS:
            raise RecordSyntaxError(Said("the spare hand is kept, swapped or sold: one of %(spare_choices)s",
                                         spare_choices=', '.join(SPARE_CHOICES)))
        return {**value, "spare": {"action": v} if v in _SOLD else v}
    if kind in ("spare-buyer", "spare-price"):
        spare = value.get("spare")
        if not isinstance(spare, Mapping):
            raise RecordSyntaxError(Said('the spare hand is not sold: it has no buyer or price'))
        return {**value, "spare": {**spare, "buyer" if kind == "spare-buyer" else "price": v}}
    if kind == "bid":
        return appended(value, ("bid", "bids"), [_named(value, action), "pass" if v is None else v])
    if kind == "bid-suit":
        return {**value, "bid": {**(value.get("bid") or {}), "suit": v}}
    if kind == "claims":
        return {**value, "claims": v}
    if kind == "bet":
        bet = v if isinstance(v, list) else [v]
        return appended(value, ("poker", "betting"), [_named(value, action), *bet])
    if kind == "poker-cards":
        poker = value.get("poker") or {}
        return {**value, "poker": {**poker, "hands": {**(poker.get("hands") or {}), _named(value, action): v}}}
    if kind == "showdown":
        return {**value, "poker": {**(value.get("poker") or {}), "winners": v}}
    if kind == "michigan":
        return appended(value, ("michigan", "play"), played(action))
    if kind == "michigan-end":  # the end the table declares without the deal
        if not isinstance(v, Mapping):
            raise RecordSyntaxError(Said('the end of Michigan is {"out": P, "left": {...}} or {"block": true, '
                                         '"left": {...}}'))
        return {**value, "michigan": {**(value.get("michigan") or {}), **{k: x for k, x in v.items() if k in END}}}
    raise RecordSyntaxError(Said('a deal of %(get)s takes no %(kind)s', get=value.get('game', 'Tripoli'), kind=kind))


def _named(value: Mapping[str, Any], action: Action) -> str:
    """Who makes an action the record names the player of: as sent, or else the player on turn (a tap kept
    offline does not know whose turn it was; the deal so far says it when it is checked)."""
    player = action.player if action.player is not None else progress(value, offer=False).player
    if player is None:
        raise RecordSyntaxError(Said('a %(kind)s names the player who makes it', kind=action.kind))
    return player


# --- what comes next ------------------------------------------------------------------------------

def _waiting(record: AnyRecord, exc: ScorekeeperError) -> bool:
    """Whether the replay refuses the record only for stopping early."""
    if exc.code == "bet-incomplete":
        return True
    if exc.code == "poker-winner" and record.poker is not None:
        return record.poker.winners is None and record.poker.betting is not None
    michigan = record.michigan if isinstance(record, TripoliRecord) else None
    return (exc.code == "michigan-end" and michigan is not None and michigan.out is None and not michigan.block
            and michigan.play is not None)


def progress(value: Mapping[str, Any], offer: bool = True) -> Progress:
    """What comes next in a (partial) deal record.

    :raises ScorekeeperError: the replay's refusal of the record's first illegal action.
    """
    spare = value.get("spare") if isinstance(value, Mapping) else None
    if isinstance(spare, Mapping) and spare.get("action") in _SOLD and (spare.get("buyer") is None
                                                                        or spare.get("price") is None):
        return _selling(value, spare)
    return _progress(value, from_json(value), len(actions(value)))


def _progress(value: Mapping[str, Any], record: AnyRecord, count: int, walked: bool = False) -> Progress:
    """``progress`` of ``value`` (read as ``record``, with ``count`` actions); ``walked``: a cut of a deal the
    replay took whole, in the middle of its Michigan (``trail``), which the replay refuses only as unfinished."""
    if isinstance(record, TripoliRecord) and record.misdeal is None:
        rules = make_rules(record.game, record.options)
        if rules.spare != "none" and "spare" not in value and not _later(value) and not _replays(record):
            return _partial(record, value, count, stop="spare")
        if _bidding(record, rules):
            return _partial(record, value, count)
        if record.deal is None and record.claims is None and not rules.in_play:
            return Progress(record.game, record.players, "claims", unknown=CLAIMS, actions=count)
        poker = record.poker
        if rules.has_poker and (poker is None or (poker.betting is None and poker.bets is None)):
            record = dataclasses.replace(record, poker=dataclasses.replace(poker or PokerRecord(), betting=()))
        michigan = record.michigan
        if michigan is None or (michigan.play is None and michigan.out is None and not michigan.block):
            leader = None if michigan is None else michigan.leader
            record = dataclasses.replace(record, michigan=MichiganRecord(leader=leader, play=()))
    elif isinstance(record, FinalPokerRecord) and record.poker.betting is None and record.poker.bets is None:
        record = dataclasses.replace(record, poker=dataclasses.replace(record.poker, betting=()))
    if not walked:  # a cut the trail walked is unfinished: the replay would only say so
        try:
            answer = replay_json(to_json(record))
        except ScorekeeperError as exc:
            if not _waiting(record, exc):
                raise
        else:
            return Progress(record.game, record.players, COMPLETE, outcome=answer, actions=count,
                            paid=tuple(answer.get("transfers", ())),
                            state={k: answer[k] for k in ("layout", "michigan", "claims") if k in answer})
    if isinstance(record, FinalPokerRecord):
        return _final_partial(record, value, count)
    return _partial(record, value, count)


def _later(value: Mapping[str, Any]) -> bool:
    """Whether the record holds an action that comes after the spare hand (then the spare hand was kept)."""
    bid, poker, michigan = (_object(value.get(key)) for key in ("bid", "poker", "michigan"))
    return bool(bid.get("bids") or (value.get("claims") and value.get("deal") is None) or poker.get("betting")
                or michigan.get("play"))


def _object(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _replays(record: TripoliRecord) -> bool:
    """Whether the replay takes the record as it is (a result the table declared, the spare hand kept)."""
    try:
        replay_json(to_json(record))
    except ScorekeeperError:
        return False
    return True


def _bidding(record: TripoliRecord, rules: TripoliRules) -> bool:
    """Whether the paying-suit auction is still going, or its winner has not named the suit (5.8)."""
    if rules.paying_suit != "bid":
        return False
    bid = record.bid
    if bid is None:
        return True
    if bid.bids is None:
        return False
    seating = Seating(record.players)
    auction = Auction(seating, seating.seat(record.dealer))
    for i, call in enumerate(bid.bids):
        auction.call(call, i)
    return not auction.over or (auction.winner is not None and bid.suit is None)


def _selling(value: Mapping[str, Any], spare: Mapping[str, Any]) -> Progress:
    """The spare hand is being sold: the buyer (anyone but the dealer), then the price."""
    before = progress({k: v for k, v in value.items() if k != "spare"}, offer=False)  # the table before the choice
    dealer = value.get("dealer")
    if spare.get("buyer") is not None:  # the buyer as the replay checks him: a player, not the dealer
        record = from_json({**value, "spare": {**spare, "price": 1}})
        assert isinstance(record, TripoliRecord)
        seating = Seating(record.players)
        check_spare(make_rules(record.game, record.options), record.players, seating.seat(record.dealer), record.spare)
    count = before.actions + 1 + (spare.get("buyer") is not None)
    if spare.get("buyer") is None:
        return dataclasses.replace(before, kind="spare-buyer", player=dealer, actions=count,
                                   choices=tuple(p for p in before.players if p != dealer))
    return dataclasses.replace(before, kind="spare-price", player=spare["buyer"], choices=None, unknown=PRICE,
                               actions=count)


def _partial(record: TripoliRecord, value: Mapping[str, Any], count: int, stop: str | None = None) -> Progress:
    """The stages so far, through the replay's own steps; the next one from the machine where play stopped
    (``stop="spare"``: the table before the spare hand's choice)."""
    rules = make_rules(record.game, record.options)
    names = record.players
    seating = Seating(names)
    n = seating.size
    dealer = seating.seat(record.dealer)
    ledger = Ledger(n, carried_layout(record.layout, None, rules.has_poker))
    for seat in range(n):  # 5.1: one chip on every space
        for space in spaces_for(rules.has_poker):
            ledger.move(seat, space, 1, "ante")
    held = dead = None
    if stop == "spare":
        state: dict[str, Any] = {}
        if record.deal is not None:
            state["hands"] = {name: [c.code for c in sorted(h)] for name, h in zip(names, record.deal)}
        return _answer(record, "spare", record.dealer, SPARE_CHOICES, ledger, state, count)
    spare = record.spare
    check_spare(rules, names, dealer, spare)
    if record.deal is not None and record.spare_hand is not None:
        held, dead = after_spare(names, dealer, record.deal, record.spare_hand, spare)
    if spare.sold and spare.buyer is not None and spare.price is not None:
        ledger.move(seating.seat(spare.buyer), dealer, spare.price, "spare")
    state = {}
    if held is not None:
        state["hands"] = {name: [c.code for c in sorted(h)] for name, h in zip(names, held)}
    if _bidding(record, rules):
        auction = Auction(seating, dealer)
        for i, call in enumerate(record.bid.bids if record.bid is not None and record.bid.bids else ()):
            auction.call(call, i)
        state["bids"] = [[b.player, b.amount] for b in (record.bid.bids or ())] if record.bid else []
        if not auction.over:
            return _answer(record, "bid", names[auction.turn], (None, {"low": auction.low}), ledger, state, count)
        assert auction.winner is not None
        return _answer(record, "bid-suit", names[auction.winner], SUITS, ledger, state, count)
    bid = paying_suit_bid(rules, record, seating, dealer, ledger)
    suit = paying_suit(rules, record, bid)
    seq = sequence_ranks(sequence_of(rules, record))
    if not rules.in_play and held is not None:
        pay_claims(ledger, claims_mod.stage1_claims(held, suit, seq))
    elif not rules.in_play and record.claims is not None:  # declared, as the replay takes them without the deal
        pay_claims(ledger, {space: tuple(map(seating.seat, who)) for space, who in record.claims})
    state["paying_suit"] = suit.value
    poker = record.poker
    pot = None
    if rules.has_poker and poker is not None:
        if poker.betting is not None:
            asked = _betting(record, rules, value, ledger, state, count, held)
            if asked is not None:
                return asked
        pot = play_poker(rules, seating, dealer, poker, held, ledger, final=False)
    leader = first_leader(rules, seating, dealer, pot)
    michigan = record.michigan
    if held is None or dead is None or michigan is None or michigan.play is None:
        if michigan is not None and michigan.play:
            state["played"] = [[names[p.seat], p.card.code] for p in declared.runs_of(names, michigan.play)]
            state["runs"] = max(p.run for p in declared.runs_of(names, michigan.play))
        return _answer(record, "michigan", None, None, ledger, state, count, unknown=UNKNOWN,
                       declare=("michigan-end",) if michigan is not None and michigan.play else ())
    game = Michigan(rules, seating, held, dead, leader=leader, paying_suit=suit, sequence=seq)
    for i, item in enumerate(michigan.play):
        game.play(item.card, None if item.player is None else seating.seat(item.player), i)
    if rules.in_play:
        taken, _ = claims_mod.in_play_claims(game.plays, suit, seq)
        pay_claims(ledger, taken)
    state["hands"] = {name: [c.code for c in sorted(h)] for name, h in zip(names, game.hands)}
    state["played"] = [[names[p.seat], p.card.code] for p in game.plays]
    state["next_card"] = None if game.next_card is None else game.next_card.code
    return _answer(record, "michigan", names[game.turn], tuple(c.code for c in game.legal_plays()), ledger, state, count)


def _betting(record: AnyRecord, rules: TripoliRules, value: Mapping[str, Any], ledger: Ledger, state: dict[str, Any],
             count: int, held: Any) -> Progress | None:
    """The betting round so far, then the cards shown and the showdown: what comes next in them, or None when
    the poker is settled (``play_poker`` then moves its chips)."""
    assert record.poker is not None and record.poker.betting is not None
    names = record.players
    seating = Seating(names)
    opener = _opener(rules, seating, seating.seat(record.dealer))
    round_ = Betting(seating, opener=opener, limit=rules.bet_limit)
    puts = [(seating.seat(action.player), round_.act(action, i)) for i, action in enumerate(record.poker.betting)]
    state["bets"] = dict(zip(names, round_.contributions))
    if round_.over and record.poker.winners is not None:
        return None
    asked = _next_in_poker(record, rules, value, round_, held)
    if asked is None:
        return None
    for seat, chips in puts:  # the chips bet so far, as the replay moves them; else play_poker moves them
        ledger.move(seat, Space.POT, chips, "bet")
    kind, player, choices, unknown = asked
    if kind == "poker-cards":
        raw = (value.get("poker") or {}).get("hands") or {}
        state["shown"] = {p: raw[p] for p in names if p in raw}
    answer = _answer(record, kind, player, choices, ledger, state, count, unknown)
    return dataclasses.replace(answer, count=5) if kind == "poker-cards" else answer


def _next_in_poker(record: AnyRecord, rules: TripoliRules, value: Mapping[str, Any], round_: Betting,
                   held: Any) -> tuple[str, str | None, tuple[Any, ...] | None, str | None] | None:
    """The next bet, the next player in the showdown to show his cards, or the showdown's winners; None: the
    poker is settled by what is recorded."""
    names = record.players
    if not round_.over:
        choices = tuple({"kind": c.kind, **({"low": c.low, "high": c.high} if c.high else {})} for c in round_.choices())
        return "bet", names[round_.turn], choices, None
    if _hands_dealt(record):
        return None
    shown = _showdown(record, rules) or ()
    raw = (value.get("poker") or {}).get("hands") or {}
    for seat in shown:
        if names[seat] not in raw:
            cards = None if held is None else tuple(c.code for c in sorted(held[seat]))
            return "poker-cards", names[seat], cards, None if cards is not None else SHOWN
    hands = record.poker.hands if record.poker is not None and record.poker.hands else (None,) * len(names)
    if shown and any(hands[s] is None for s in shown):
        return "showdown", None, tuple(names[s] for s in shown), None
    return None


def _final_partial(record: FinalPokerRecord, value: Mapping[str, Any], count: int) -> Progress:
    """A final poker deal so far (5.7): its betting, the cards shown, the showdown."""
    rules = make_rules(record.game, record.options)
    seating = Seating(record.players)
    ledger = Ledger(seating.size, carried_layout(record.layout, None, rules.has_poker))
    state: dict[str, Any] = {}
    if record.deal is not None:
        state["hands"] = {name: [c.code for c in h] for name, h in zip(record.players, record.deal)}
    asked = _betting(record, rules, value, ledger, state, count, record.deal)
    if asked is None:  # settled by the cards, yet refused: the replay says why
        replay_json(to_json(record))
        raise AssertionError("a final deal the replay takes is complete")  # pragma: no cover - a defect
    return asked


def _answer(record: AnyRecord, kind: str, player: str | None, choices: tuple[Any, ...] | None, ledger: Ledger,
            state: dict[str, Any], count: int, unknown: str | None = None, declare: tuple[str, ...] = ()) -> Progress:
    names = record.players
    state["layout"] = ledger.layout.to_json()
    _, _, transfers = ledger.close()
    paid = tuple(transfer_json(names, t) for t in transfers)
    return Progress(record.game, names, kind, player, choices, unknown, state=state, paid=paid, actions=count,
                    declare=declare)


ASKS = {**COMMON_ASKS, "michigan": "card", "showdown": "players", "claims": "claims", "bet": "option",
        "michigan-end": "end", "bid": "number", "spare": "option", "spare-buyer": "player", "spare-price": "number",
        "bid-suit": "suit", "poker-cards": "cards"}
"""How a page asks for each kind of Tripoli (``engine.progress.ASKS``): 5.8's bid for the paying suit (null: pass)
and the suit its winner names, 5.2's spare hand (keep, swap or sell), its buyer and what he pays the dealer, the
five cards a player shows at the showdown (null: not shown), who took which pay-card space, the end of Michigan."""


@one_walk
def trail(value: Mapping[str, Any]) -> Walked | None:
    """The progress after each card of Michigan but the last (``Walk.trail``): the whole deal replayed once
    (legal, its Michigan finished), each cut is the one before one card longer, and the replay of a cut in the
    middle of Michigan would refuse it only as unfinished, so it is not asked again: the table of each cut
    comes from the progress's own machines (``_partial``).
    Only with the deal recorded and nothing after the cards; anything else is cut and replayed."""
    record = from_json(value)
    if not isinstance(record, TripoliRecord) or record.misdeal is not None or record.deal is None:
        return None
    michigan = record.michigan
    if michigan is None or not michigan.play or len(michigan.play) < TRAIL_FROM:
        return None
    cards = len(michigan.play)
    steps = actions(value)
    first = len(steps) - cards
    if first < 0 or any(a.kind != "michigan" for a in steps[first:]):
        return None
    replay_json(to_json(record))  # the whole deal legal: its cuts stop only for cards still to come

    def tables() -> Iterator[Progress]:
        grown = cut(value, first)
        for m in range(1, cards):
            grown = extend(grown, steps[first + m - 1])
            yield _progress(grown, from_json(grown), first + m, walked=True)
    return first, tables()


WALK = Walk(actions, cut, progress, extend, declared=frozenset({"michigan-end"}), nouns=VOCABULARY.nouns,
            asks=ASKS, dealing=DEALING, trail=trail)


def state(value: Mapping[str, Any]) -> HandState:
    """The Tripoli deal that ``value`` records, as it stands.

    :raises ScorekeeperError: the replay's refusal of the record's first illegal action."""
    return HandState.of(WALK, value)
