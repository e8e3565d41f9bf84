"""A hand of the trick-taking core in progress: what comes next, and the hand card by card (``engine.progress``).

The actions are the variant's steps before the first lead (the bids, the passes, the trumps, the
trades, Capot: ``core_steps``), who led where the table must say it (the two-of-clubs rule without
the deal: ``leader``), the cards played (a revoke the table let stand is declared in place of the
card it refused: ``revoke``, see ``stands``) and the shooter's choice where the rules ask it
(``moon-choice``); the deal is taken as the record gives it. The audit replay
(``replay(record, audit=True)``) checks every card and keeps the table after each; the
plain replay says whether the hand is complete. Whose turn it is and which cards may
come next are the replay's answers too: the trick machine the audit replay leaves says them
(``hearts_state``); where it alone cannot, a card is offered when the replay takes the record
one card longer, and the seat it gave that card to is the player on turn.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from . import state as hearts_state
from . import steps as core_steps
from .dealing import DEALING
from ..cards import Card, Suit, card
from ..errors import RecordSyntaxError, ScorekeeperError, Said
from .games import make_ruleset
from .hand import CLUB_LEADS, TWO_OF_CLUBS, Hand, Snapshot
from .output import outcome_json
from ..progress import (COMPLETE, TRAIL_FROM, Action, Progress, Walk, Walked, accepted, appended, played,
                        one_walk, revoke_played, stops_early)
from .records import HandRecord, PlayItem, to_json
from .records import from_json as _from_json
from .replay import REVOKE_CODES, HandOutcome, replay
from .vocabulary import VOCABULARY
from ..progress import ASKS as COMMON_ASKS
from ..state import HandState, parsed

from_json = parsed(_from_json)  # a walk reads one record many times: once each (engine.state.parsed)

UNKNOWN = "the deal is not recorded: any card not played yet may come next, and the engine checks it when it is tapped"
UNKNOWN_DROPPING = ("the deal is not recorded and players drop out as their hands run out, which only the table "
                    "sees: name who plays each card, and when one player is left, the cards he kept (\"kept\"); "
                    "the engine checks the hand then")


def actions(value: Mapping[str, Any]) -> list[Action]:
    """The record's actions in the order the rules take them (``_actions``), listed once per record's text (the
    audit asks them of the whole record at every step: ``engine.state.parsed``)."""
    return list(_actions_once(value))


def _actions(value: Mapping[str, Any]) -> list[Action]:
    """The variant's steps before the first lead (``core_steps``), who led where the table says it, the cards
    played in order (with the steps the play brings about where they come; the card a revoke the table let
    stand was declared with, as ``revoke``), and the shooter's choice."""
    record = from_json(value)
    before, during = core_steps.actions(record)
    out = list(before)
    if _says_leader(record):
        out.append(Action("leader", None, record.leader))
    stood = _stood(record)
    steps_at: dict[int, list[Action]] = {}  # the steps the play brings about, by the card they come before
    for at, step in during:
        steps_at.setdefault(at, []).append(step)
    for k, item in enumerate(record.play):
        out.extend(steps_at.get(k, ()))
        if stood is not None and k == stood[0]:
            event = stood[1]
            out.append(Action("revoke", event["player"], {"trick": event["trick"], "card": item.card.code}))
        else:
            out.append(Action("play", item.player, item.card.code))
    out.extend(step for at, step in during if at >= len(record.play))
    if record.moon_choice is not None and not record.is_result:
        out.append(Action("moon-choice", None, record.moon_choice))
    return out


_actions_once = parsed(_actions)
CARDS = ("play", "revoke")  # the actions that are cards of the play
OWN = (*CARDS, "leader", "moon-choice")  # the actions written here, not by ``core_steps``


def cut(value: Mapping[str, Any], k: int) -> dict[str, Any]:
    """The record with only its first ``k`` actions; cut short, it loses the variant's word on how the hand
    ended (Domino Hearts' cards kept by the last player), a revoke's event until the card it was declared
    with, a corrected revoke's until its trick begins, and the shooter's choice."""
    record = from_json(value)
    steps = actions(value)
    if record.is_result or k >= len(steps):
        return to_json(record)
    taken = steps[:k]
    plays = sum(1 for a in taken if a.kind in CARDS)
    end = make_ruleset(record.game, record.options).variant.kept(record)
    n = len(record.players)
    stood = _stood(record)
    base = core_steps.stripped(record)  # without what the steps write: written again below, step by step
    events = tuple(e for e in base.events if e is not end and (
        e["type"] != "revoke" or stood is not None and e == stood[1] and plays > stood[0]) and (
        e["type"] != "revoke-corrected" or plays > (e["trick"] - 1) * n))  # once its trick has begun
    said = _says_leader(record) and not any(a.kind == "leader" for a in taken)
    out = to_json(dataclasses.replace(base, play=(), events=events, moon_choice=None,
                                      leader=None if said else record.leader))
    for step in taken:
        if step.kind not in OWN:
            out = core_steps.write(out, step)
    return to_json(dataclasses.replace(from_json(out), play=record.play[:plays]))


def _says_leader(record: HandRecord) -> bool:
    """Whether the record's ``leader`` is the table's word the cards need: the two-of-clubs rule without the deal."""
    return record.leader is not None and record.deal is None and _asks_leader(
        dataclasses.replace(record, leader=None, play=()))


def _club_unshown(record: HandRecord) -> bool:
    """Whether the table's word on who leads still stands for a club not played yet (the club rules without the
    deal: 2C, or any club under ``lowest-club``), so that the replay refuses that club to anyone else."""
    rule = make_ruleset(record.game, record.options).first_lead
    if rule not in CLUB_LEADS or not _says_leader(record):
        return False
    if rule == "lowest-club":
        return not any(item.card.suit is Suit.CLUBS for item in record.play)
    return all(item.card is not TWO_OF_CLUBS for item in record.play)


def _asks_leader(record: HandRecord) -> bool:
    """Whether the replay needs to be told who led before the first card (the holder of 2C, the deal unknown)."""
    if record.leader is not None or record.deal is not None or record.play:
        return False
    try:
        replay(dataclasses.replace(record, play=(PlayItem(card("2C")),)))
    except ScorekeeperError as exc:
        return exc.code == "leader"
    return False  # pragma: no cover - one card is never a whole hand


def _stood(record: HandRecord) -> tuple[int, Mapping[str, Any]] | None:
    """A revoke the table let stand: the index of the card it was declared with (the revoke itself with the
    deal; without it, the card that proved it) and its event. None without one, or when no card stands for it."""
    event = next((e for e in record.events if e["type"] == "revoke"), None)
    if event is None:
        return None
    k = hearts_state.stood_at(record)  # one walk, not a replay per card
    return None if k is None else (k, event)


def progress(value: Mapping[str, Any], offer: bool = True) -> Progress:
    """What comes next in a (partial) record of the core; ``offer``: find whose turn and the cards the replay takes.

    :raises ScorekeeperError: the replay's refusal of the record's first illegal action.
    """
    record = from_json(value)
    step = core_steps.pending(record, offer)  # a bid, a pass, the trumps... before the first lead
    if step is not None:
        return step
    names = record.players
    count = len(actions(value))
    if _asks_leader(record):
        return Progress(record.game, names, "leader", choices=names, ask="player", actions=count,
                        state={"tricks": [], "current": []})
    if not record.play and _says_leader(record):  # the table said who holds the lead club: what he may lead
        layout = make_ruleset(record.game, record.options).layout(len(names))
        choices = tuple(c.code for c in sorted(layout.copies) if _takes(record, c)) if offer else None
        return Progress(record.game, names, "play", record.leader, choices, actions=count,
                        state={"tricks": [], "current": []})
    try:
        audited = replay(record, audit=True, last=True)
    except ScorekeeperError as exc:
        if (turned := core_steps.turned_up(record, exc, offer)) is not None:  # Conquimbert's trumps in mid-hand
            return turned
        if exc.code == "moon-choice" and not _last_trick_to_tap(record):  # every card is in: the shooter's choice
            return _moon_choice(record, exc, count)
        if exc.code == "moon-choice":  # the moon is certain before the last trick: its cards first, then the choice
            audited = _with_a_choice(record)
        elif exc.code != "incomplete":
            raise
        else:
            # Domino Hearts without the deal: the hands are rebuilt from a finished record only, and only the
            # table sees players drop out: each card names its player, and the table says when one is left (kept)
            return Progress(record.game, names, "play", unknown=UNKNOWN_DROPPING, actions=count,
                            state=core_steps.facts(record), declare=("kept",))
    if audited.error is not None:
        raise audited.error
    try:
        whole = None if hearts_state.incomplete(record, audited) else replay(record)  # the machine may tell
    except ScorekeeperError as exc:
        if not _waiting(record)(exc):
            raise
    else:
        if whole is not None:
            answer = outcome_json(whole)
            return Progress(record.game, names, COMPLETE, state=_state(audited), outcome=answer, actions=count)
    state = _state(audited)
    if not offer:
        return Progress(record.game, names, "play", state=state, actions=count)
    told = None if record.deal is None and _club_unshown(record) else hearts_state.turn_and_choices(record, audited)
    if told is not None:
        seat, choices = told
        return Progress(record.game, names, "play", names[seat], choices, None if choices is not None else UNKNOWN,
                        state=state, actions=count)
    held = _held(audited)
    if held is None:
        played = {item.card for item in record.play}
        pack = [c for c in sorted(audited.layout.copies if audited.layout else ()) if c not in played]
        turn = _turn(record, pack)
        if turn is not None and _club_unshown(record):  # the stated leader's club still to come: not offered
            choices = tuple(c.code for c in pack if _takes(record, c))
            return Progress(record.game, names, "play", names[turn], choices, state=state, actions=count)
        return Progress(record.game, names, "play", None if turn is None else names[turn], None, UNKNOWN,
                        state=state, actions=count)
    turn = _turn(record, sorted({c for h in held for c in h}))
    if turn is None:  # pragma: no cover - a legal partial hand always has a card to play
        return Progress(record.game, names, "play", state=state, choices=(), actions=count)
    choices = tuple(c.code for c in sorted(set(held[turn])) if _takes(record, c))
    return Progress(record.game, names, "play", names[turn], choices, state=state, actions=count)


def _last_trick_to_tap(record: HandRecord) -> bool:
    """Whether cards of the hand are still to be tapped (the replay may score a hand whose last trick the
    cards held already decide: a moon certain before it)."""
    layout = make_ruleset(record.game, record.options).layout(len(record.players))
    return len(record.play) < layout.hand_size * len(record.players)


def _with_a_choice(record: HandRecord, last: bool = True) -> HandOutcome:
    """The audit replay of a hand whose moon is certain before its last trick, the choice taken as the first
    (it changes no card: only the scores, which the table sees once the choice is made)."""
    modes = _moon_modes(record)
    return replay(dataclasses.replace(record, moon_choice=modes[0] if modes else None), audit=True, last=last)


def _moon_modes(record: HandRecord) -> tuple[str, ...]:
    """The ways the game's moon may score (``subtract``, ``add``...), none for a game without one."""
    moon = make_ruleset(record.game, record.options).moon
    return tuple(moon.modes if moon else ())


def _moon_choice(record: HandRecord, exc: ScorekeeperError, count: int) -> Progress:
    """The shooter's choice, asked once every card is in (the table as it stands: the hand scored either way)."""
    modes = _moon_modes(record)
    state = _state(replay(dataclasses.replace(record, moon_choice=modes[0]), audit=True)) if modes else {}
    return Progress(record.game, record.players, "moon-choice", exc.player, modes, state=state, actions=count,
                    ask="option")


def _seat_taking(record: HandRecord, c: Card) -> int | None:
    """The seat the replay gives ``c`` to when it is played next, or None when the replay refuses it."""
    longer = dataclasses.replace(record, play=(*record.play, PlayItem(c)))
    try:
        outcome = replay(longer, audit=True)
    except ScorekeeperError as exc:
        if exc.code != "moon-choice" or not _last_trick_to_tap(longer):
            return None
        outcome = _with_a_choice(longer, last=False)  # the moon certain before the last cards: the card taken all the same
    if outcome.error is not None or len(outcome.snapshots) != len(longer.play):
        return None
    return outcome.snapshots[-1].seat


def _takes(record: HandRecord, c: Card) -> bool:
    """Whether the replay takes the record with ``c`` played next (by the player on turn)."""
    longer = dataclasses.replace(record, play=(*record.play, PlayItem(c)))
    return accepted(lambda: replay(longer), _waiting(longer))


def _waiting(record: HandRecord) -> Callable[[ScorekeeperError], bool]:
    early = stops_early(len(record.play), len(record.players))
    return lambda exc: early(exc) or core_steps.waits_for_trumps(record, exc)


def _turn(record: HandRecord, candidates: Sequence[Card]) -> int | None:
    """Whose turn it is: the seat the replay gives the first card it takes."""
    for c in candidates:
        seat = _seat_taking(record, c)
        if seat is not None:
            return seat
    return None


def _held(outcome: HandOutcome) -> tuple[tuple[Card, ...], ...] | None:
    """Each seat's cards left, when the deal is recorded."""
    if outcome.record.deal is None:
        return None
    last: Snapshot | None = outcome.snapshots[-1] if outcome.snapshots else None
    return last.holdings if last is not None else outcome.dealt


def _state(outcome: HandOutcome) -> dict[str, Any]:
    """The table after the last card: the tricks, the trick so far, the cards taken, each hand where known."""
    names = outcome.players
    tricks = outcome.tricks or ()
    state: dict[str, Any] = {
        "tricks": [{"leader": names[t.leader], "cards": [c.code for c in t.cards],
                    "winner": names[t.winner] if t.winner >= 0 else None} for t in tricks],
    }
    last = outcome.snapshots[-1] if outcome.snapshots else None
    state["current"] = [] if last is None or last.completed is not None else [[names[s], c.code] for s, c in last.current]
    if last is not None:
        state["taken"] = {name: [c.code for c in cs] for name, cs in zip(names, last.taken)}
    held = _held(outcome)
    if held is not None:
        state["hands"] = {name: [c.code for c in cs] for name, cs in zip(names, held)}
    return {**state, **core_steps.facts(outcome.record), **core_steps.played_facts(outcome)}


@one_walk
def trail(value: Mapping[str, Any]) -> Walked | None:
    """The progress after each card but the last, read off one audit replay of the whole record (``Walk.trail``):
    the table after card ``m`` is the replay's snapshot there and the tricks completed by then, as the replay of
    the record cut after that card finds them. Only where nothing but the cards changes from one cut to the
    next and the trick machine alone judges them: the deal recorded, a plain machine (no draws, no trumps
    turned up in mid-hand), no event but the steps before the first lead, no step during the play, and every
    card legal. Anything else (the first card, the last one, the steps before the lead) is cut and replayed."""
    record = from_json(value)
    if record.is_result or record.deal is None or len(record.play) < TRAIL_FROM:
        return None
    if any(e["type"] not in core_steps.STEP_EVENTS for e in record.events):  # only what the steps before the lead
        # write: carried unchanged from the first card to the last
        return None
    ruleset = make_ruleset(record.game, record.options)
    if ruleset.variant.players_drop_out or ruleset.trumps == "first-void" or ruleset.variant.kept(record) is not None:
        return None
    steps = actions(value)
    first = next((i for i, a in enumerate(steps) if a.kind in CARDS), None)
    if first is None or any(a.kind != "play" for a in steps[first:first + len(record.play)]):
        return None
    base = from_json(cut(value, first + 1))  # the record as cut after its first card: the rest only adds cards
    whole = dataclasses.replace(base, play=record.play)
    checked = replay(dataclasses.replace(base, play=record.play[:1]), audit=True, last=True)
    audited = replay(whole, audit=True)
    if (type(checked.machine) is not Hand or audited.error is not None or audited.revoke is not None
            or len(audited.snapshots) != len(record.play) or audited.tricks is None):
        return None
    names, tricks = record.players, audited.tricks

    def tables() -> Iterator[Progress]:
        done = 0  # the tricks completed by the card
        for m in range(1, len(record.play)):
            snap = audited.snapshots[m - 1]
            if snap.completed is not None:
                done += 1
            at = dataclasses.replace(audited, record=dataclasses.replace(base, play=record.play[:m]),
                                     tricks=tricks[:done], snapshots=(snap,))
            yield Progress(record.game, names, "play", state=_state(at), actions=first + m)
    return first, tables()


def extend(value: Mapping[str, Any], action: Action) -> dict[str, Any]:
    """The record with one more action: a card played, who led, the shooter's choice, a revoke let stand (its
    event and the card refused without it), or one more of the variant's steps (``core_steps.write``)."""
    if action.kind == "play":
        return appended(value, ("play",), played(action))
    if action.kind == "leader":
        return {**value, "leader": action.value}
    if action.kind == "moon-choice":
        return {**value, "moon_choice": action.value}
    if action.kind == "revoke":
        if not isinstance(action.value, Mapping):
            raise RecordSyntaxError(Said("a revoke let stand is {\"trick\": n, \"card\": the card played}"))
        event = {"type": "revoke", "player": action.player, "trick": action.value.get("trick")}
        return appended(appended(value, ("events",), event), ("play",), action.value.get("card"))
    if action.player is None:  # the player on turn, where a step has one
        action = dataclasses.replace(action, player=progress(value, offer=False).player)
    return core_steps.write(value, action)


def stands(value: Mapping[str, Any], action: Action, exc: ScorekeeperError) -> Action | None:
    """A card refused as a revoke (a renege of any kind) the table may let stand: the revoke declared with it."""
    if action.kind != "play" or exc.code not in REVOKE_CODES or not exc.player or not exc.trick:
        return None
    if any(e.get("type") == "revoke" for e in value.get("events") or ()):
        return None  # one established revoke ends the play
    return Action("revoke", exc.player, {"trick": exc.trick, "card": action.value})


ASKS = {**COMMON_ASKS, "bid": "number", "penalty-suit": "suit", "pass": "cards", "trumps": "card", "trade": "option",
        "capot": "players", "kept": "cards", "passed": "cards", "expose": "option"}
"""How a page asks for each kind of the core (``engine.progress.ASKS``): Auction Hearts' chips above the high bid
and the suit the high bidder names, a player's passed cards (count of them), the card turned up for trumps (a
``suit`` where the table names it), a Conquimbert trade the rules allow (or null: no more trades), who declares
Polignac's Capot before the first lead (none: []), the cards Domino Hearts' last player kept (any number), a
card Gong Zhu's players expose before the first lead ({"player", "card"}, or null: no more)."""

WALK = Walk(actions, cut, progress, extend, declared=frozenset({"revoke"}), stands=stands, plain=revoke_played,
            dealing=DEALING, nouns=VOCABULARY.nouns, asks=ASKS, trail=trail)


def state(value: Mapping[str, Any]) -> HandState:
    """The hand of the core that ``value`` records, as it stands (one replay).

    :raises ScorekeeperError: the replay's refusal of the record's first illegal action."""
    return HandState.of(WALK, value)
