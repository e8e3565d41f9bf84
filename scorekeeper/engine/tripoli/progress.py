"""A Tripoli, Rummoli or Cosmo deal in progress: what comes next, and the deal action by action (``engine.progress``).

The actions are every betting action of the poker (5.4) and every card of Michigan (5.6);
the deal, the spare hand, the paying-suit bid and the poker cards shown are the record's
fields, taken as the record gives them. The replay says where the deal stands: it refuses
an unfinished betting round (``bet-incomplete``) or Michigan play (``michigan-end``) only
for stopping early. The betting round (``Betting``) and the Michigan machine (``Michigan``)
are the replay's own state machines: they say whose turn it is and what he may do. The
chips moved so far (antes, the spare sold, the bid, claims, bets) are the replay's moves
on a ledger of the deal so far.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ..errors import RecordSyntaxError, ScorekeeperError
from ..progress import COMPLETE, Action, Progress, Walk, appended, played
from ..seating import Seating
from . import claims as claims_mod
from .actions import BetAction, MichiganRecord, PokerRecord
from .betting import Betting
from .bid import paying_suit, paying_suit_bid, sequence_of
from .deal import after_spare
from .layout import Ledger, Space, spaces_for
from .michigan import Michigan
from .outcome import transfer_json
from .pot import first_leader, play_poker
from .record import AnyRecord, FinalPokerRecord, TripoliRecord, from_json, to_json
from .replay import carried_layout, pay_claims
from .rules import make_rules, sequence_ranks
from .settlement import replay_json

CLAIMS = "the deal is not recorded: the table says who took which pay-card space (claims)"
UNKNOWN = "the deal is not recorded: the engine checks each card when it is tapped, and the end when it is declared"


def actions(value: Mapping[str, Any]) -> list[Action]:
    """The betting actions of the poker, then the cards of Michigan."""
    record = from_json(value)
    if isinstance(record, FinalPokerRecord):
        return [_bet_action(a) for a in record.poker.betting or ()]
    out = [_bet_action(a) for a in record.poker.betting or ()] if record.poker else []
    if record.michigan is not None:
        out += [Action("michigan", item.player, item.card.code) for item in record.michigan.play or ()]
        if record.deal is None and (record.michigan.out is not None or record.michigan.block):
            out.append(Action("michigan-end", None, _end_of(value)))
    return out


END = ("out", "block", "left")  # how a table declares the end of Michigan it played without the deal


def _end_of(value: Mapping[str, Any]) -> dict[str, Any]:
    michigan = value.get("michigan") or {}
    return {k: michigan[k] for k in END if michigan.get(k) not in (None, False)}


def _bet_action(a: BetAction) -> Action:
    return Action("bet", a.player, [a.kind] if a.amount is None else [a.kind, a.amount])


def cut(value: Mapping[str, Any], k: int) -> dict[str, Any]:
    """The deal with only its first ``k`` actions: an unfinished round or run declares no end."""
    record = from_json(value)
    if isinstance(record, FinalPokerRecord) or k >= len(actions(value)):
        return to_json(record)
    betting = record.poker.betting if record.poker is not None else None
    bets = len(betting or ())
    poker = record.poker
    if poker is not None and betting is not None:
        poker = dataclasses.replace(poker, betting=betting[:k], winners=poker.winners if k >= bets else None)
    michigan = record.michigan
    if michigan is not None and michigan.play is not None:
        michigan = None if k < bets else MichiganRecord(leader=michigan.leader, play=michigan.play[:k - bets])
    return to_json(dataclasses.replace(record, poker=poker, michigan=michigan))


def _waiting(record: AnyRecord, exc: ScorekeeperError) -> bool:
    """Whether the replay refuses the record only for stopping early."""
    if exc.code == "bet-incomplete":
        return True
    if exc.code == "poker-winner" and isinstance(record, TripoliRecord) and record.poker is not None:
        return record.poker.winners is None and record.poker.betting is not None
    michigan = record.michigan if isinstance(record, TripoliRecord) else None
    return (exc.code == "michigan-end" and michigan is not None and michigan.out is None and not michigan.block
            and michigan.play is not None)


def progress(value: Mapping[str, Any], offer: bool = True) -> Progress:
    """What comes next in a (partial) deal record.

    :raises ScorekeeperError: the replay's refusal of the record's first illegal action.
    """
    record = from_json(value)
    count = len(actions(value))
    if isinstance(record, TripoliRecord):
        rules = make_rules(record.game, record.options)
        if record.deal is None and record.claims is None and not rules.in_play:
            return Progress(record.game, record.players, "claims", unknown=CLAIMS, actions=count)
        if record.poker is None and rules.has_poker:
            record = dataclasses.replace(record, poker=PokerRecord(betting=()))
        if record.michigan is None:
            record = dataclasses.replace(record, michigan=MichiganRecord(play=()))
    try:
        answer = replay_json(to_json(record))
    except ScorekeeperError as exc:
        if not _waiting(record, exc):
            raise
    else:
        return Progress(record.game, record.players, COMPLETE, outcome=answer, actions=count,
                        paid=tuple(answer.get("transfers", ())),
                        state={k: answer[k] for k in ("layout", "michigan", "claims") if k in answer})
    assert isinstance(record, TripoliRecord)  # a final poker record is whole or refused
    return _partial(record, count)


def _partial(record: TripoliRecord, count: int) -> Progress:
    """The stages so far, through the replay's own steps; the next one from the machine where play stopped."""
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
    if record.deal is not None and record.spare_hand is not None:
        held, dead = after_spare(names, dealer, record.deal, record.spare_hand, record.spare)
    spare = record.spare
    if spare.sold and spare.buyer is not None and spare.price is not None:
        ledger.move(seating.seat(spare.buyer), dealer, spare.price, "spare")
    bid = paying_suit_bid(rules, record, seating, dealer, ledger)
    suit = paying_suit(rules, record, bid)
    seq = sequence_ranks(sequence_of(rules, record))
    if not rules.in_play and held is not None:
        pay_claims(ledger, claims_mod.stage1_claims(held, suit, seq))
    elif not rules.in_play and record.claims is not None:  # declared, as the replay takes them without the deal
        pay_claims(ledger, {space: tuple(map(seating.seat, who)) for space, who in record.claims})
    state: dict[str, Any] = {"paying_suit": suit.value}
    if held is not None:
        state["hands"] = {name: [c.code for c in sorted(h)] for name, h in zip(names, held)}
    poker = record.poker
    pot = None
    if rules.has_poker and poker is not None:
        if poker.betting is not None:
            opener = dealer if rules.poker_opener == "dealer" else seating.eldest(dealer)
            round_ = Betting(seating, opener=opener, limit=rules.bet_limit)
            puts = [(seating.seat(action.player), round_.act(action, i)) for i, action in enumerate(poker.betting)]
            state["bets"] = dict(zip(names, round_.contributions))
            if not round_.over:  # the chips bet so far, as the replay moves them; else play_poker moves them
                for seat, chips in puts:
                    ledger.move(seat, Space.POT, chips, "bet")
                choices = tuple({"kind": c.kind, **({"low": c.low, "high": c.high} if c.high else {})}
                                for c in round_.choices())
                return _answer(record, "bet", names[round_.turn], choices, ledger, state, count)
        try:
            pot = play_poker(rules, seating, dealer, poker, held, ledger, final=False)
        except ScorekeeperError as exc:  # a showdown the cards shown do not settle: the table names the winners
            if exc.code != "poker-winner" or poker.winners is not None:
                raise
            return _answer(record, "showdown", None, tuple(names[s] for s in round_.active), ledger, state, count)
    leader = first_leader(rules, seating, dealer, pot)
    michigan = record.michigan
    if held is None or dead is None or michigan is None or michigan.play is None:
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


def _answer(record: TripoliRecord, kind: str, player: str | None, choices: tuple[Any, ...] | None, ledger: Ledger,
            state: dict[str, Any], count: int, unknown: str | None = None, declare: tuple[str, ...] = ()) -> Progress:
    names = record.players
    state["layout"] = ledger.layout.to_json()
    _, _, transfers = ledger.close()
    paid = tuple(transfer_json(names, t) for t in transfers)
    return Progress(record.game, names, kind, player, choices, unknown, state=state, paid=paid, actions=count,
                    declare=declare)


def extend(value: Mapping[str, Any], action: Action) -> dict[str, Any]:
    """The deal with one more action: a bet (``[kind]`` or ``[kind, amount]``), the showdown's winners, the
    claims, a Michigan card."""
    if action.kind == "bet":
        bet = action.value if isinstance(action.value, list) else [action.value]
        return appended(value, ("poker", "betting"), [action.player, *bet])
    if action.kind == "showdown":
        return {**value, "poker": {**(value.get("poker") or {}), "winners": action.value}}
    if action.kind == "claims":
        return {**value, "claims": action.value}
    if action.kind == "michigan":
        return appended(value, ("michigan", "play"), played(action))
    if action.kind == "michigan-end" and isinstance(action.value, Mapping):
        return {**value, "michigan": {**(value.get("michigan") or {}),
                                      **{k: v for k, v in action.value.items() if k in END}}}
    raise RecordSyntaxError(f"a deal of {value.get('game', 'Tripoli')} takes no {action.kind}")


WALK = Walk(actions, cut, progress, extend, declared=frozenset({"michigan-end"}))
