"""What comes next in a hand, and the hand step by step: one shape for every family.

A card page asks ``progress`` after each tap: whose turn it is, what kind of action comes
next, the choices the engine would accept (when the deal is known), what the rules have
paid so far, and, once the hand is complete, its replay output. An audit asks ``steps``:
the record replayed action by action, each with the table as it stands after it, up to
the first illegal action, which is refused with the replay's own error.

Each family fills these from its own replay (``reversis.progress``, ``tripoli.progress``,
``hearts.progress``): the rules stay in the replay, and nothing here knows a rule. What a
family gives is a ``Walk``: the record's actions in order, a record cut after any number
of them, and the progress of a record. ``steps`` is built from that alone.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import RecordSyntaxError, ScorekeeperError, shown, Said, kind_word

COMPLETE = "complete"  # the kind of a hand with nothing left to record

ASKS: Mapping[str, str] = {"play": "card", "hand": "cards"}  # a card played; a player's cards as dealt
"""How a page asks for each kind of action, so one page serves every game: ``card`` (one card: a choice,
or any card of the pack when the choices are not known; ``null`` among the choices is "keep"/"none"),
``cards`` (``count`` cards at once), ``player``, ``players`` (``count`` of them, or any number when absent),
``option`` (one of the choices, shown by its words: a bet, a moon choice), ``number``, ``suit``, ``claims``
(who took which pay-card space), ``end`` (who went out, or nobody, and the cards each other player has
left: the end of Michigan the table declares). A kind not listed is asked as an ``option``. These are the
kinds every family shares; a family's own are its walk's ``asks`` (``Walk.asks``), merged over these."""


@dataclass(frozen=True)
class Progress:
    """The next step of a hand: who acts, how, with what; what is paid so far; the outcome once complete.

    ``choices`` are the values the engine would accept next (cards as codes, ``None`` for "keep" or
    "pass" where a choice may be declined), or ``None`` when they are not known: then ``unknown``
    says why (the deal is not recorded). ``state`` is the table as the family shows it (the trick
    so far, each hand where known, the talon, the layout, the pools).
    """

    game: str
    players: tuple[str, ...]
    kind: str  # "play", "discard", "exchange", "spare", "bid", "bet", "michigan", ... or "complete"
    player: str | None = None  # whose turn (None: the hand is complete, or anyone at the table)
    choices: tuple[Any, ...] | None = None
    unknown: str | None = None  # why the choices are not listed
    state: Mapping[str, Any] = field(default_factory=dict)
    paid: tuple[Mapping[str, Any], ...] = ()  # what the rules paid during play so far, in order
    outcome: Mapping[str, Any] | None = None  # the replay output of a complete hand
    actions: int = 0  # how many actions of the record were taken
    ask: str | None = None  # how a page asks for the action (``ASKS``); None: the kind's usual way
    count: int | None = None  # for ``ask`` "cards" or "players": how many are chosen at once
    declare: tuple[str, ...] = ()  # kinds the table may declare now instead, where only it can tell (the end
    # of Michigan, Domino Hearts' last cards without the deal); also once complete (a Reversis claim waived)
    offers: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)  # a declared kind's choices, if listed

    @property
    def complete(self) -> bool:
        return self.kind == COMPLETE

    def to_json(self, asks: Mapping[str, str] = ASKS) -> dict[str, Any]:
        """The progress as ``next`` prints it; ``asks``: how a page asks for each kind (the walk's)."""
        out: dict[str, Any] = {"ok": True, "game": self.game, "complete": self.complete, "actions": self.actions}
        nxt: dict[str, Any] = {"kind": self.kind}
        if self.player is not None:
            nxt["player"] = self.player
        if not self.complete:
            nxt["ask"] = self.ask or asks.get(self.kind, "option")
            if self.count is not None:
                nxt["count"] = self.count
            nxt["choices"] = None if self.choices is None else list(self.choices)
            if self.unknown is not None:
                nxt["unknown"] = self.unknown
        if self.declare:
            nxt["declare"] = [{"kind": k, "ask": asks.get(k, "option"),
                               **({"choices": list(self.offers[k])} if k in self.offers else {})}
                              for k in self.declare]
        out["next"] = nxt
        out["state"] = dict(self.state)
        out["paid"] = [dict(p) for p in self.paid]
        if self.outcome is not None:
            out["outcome"] = dict(self.outcome)
        return out


@dataclass(frozen=True)
class Step:
    """One action of the record and the table just after it."""

    index: int  # 0-based, in the order the rules take the actions
    kind: str
    player: str | None
    value: Any  # the action as the record writes it (a card code, a bet, ``None`` for a declined exchange)
    state: Mapping[str, Any]
    paid: tuple[Mapping[str, Any], ...]  # what this action paid (new payments only)

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "kind": self.kind, "player": self.player, "value": self.value,
                "state": dict(self.state), "paid": [dict(p) for p in self.paid]}


@dataclass(frozen=True)
class Stood:
    """An action the replay refused and the table let stand (an established revoke): the step where the table
    declared it, and the refusal it answered (the replay's error: its rule's code, its sentence with the
    proof, the trick, the player and the card that broke the rule)."""

    index: int  # the declared step's index
    error: ScorekeeperError

    def to_json(self, error_json: Callable[[ScorekeeperError], dict[str, Any]] | None = None) -> dict[str, Any]:
        return {"index": self.index, "error": (error_json or ScorekeeperError.to_json)(self.error)}


@dataclass(frozen=True)
class Steps:
    """A record replayed action by action: the table before any action, each step, and how it ended."""

    game: str
    players: tuple[str, ...]
    start: Progress  # the table before the first action
    steps: tuple[Step, ...]
    last: Progress | None  # the progress after the last legal step (None: refused before any action)
    error: ScorekeeperError | None  # the first illegal action (its ``play`` is the step's index where it applies)
    refused: int | None = None  # the index of the refused action
    stood: Stood | None = None  # a refused action the table let stand, declared at one of the steps
    asks: Mapping[str, str] = field(default_factory=lambda: ASKS)  # how a page asks for each kind (the walk's)

    def to_json(self, error_json: Callable[[ScorekeeperError], dict[str, Any]] | None = None) -> dict[str, Any]:
        """The answer of the records contract; ``error_json``: how a refusal's error object is written (its
        ``message`` in a reader's language), else ``ScorekeeperError.to_json``, the contract's English."""
        out: dict[str, Any] = {"ok": self.error is None, "game": self.game, "players": list(self.players),
                               "start": {"state": dict(self.start.state), "paid": [dict(p) for p in self.start.paid]},
                               "steps": [s.to_json() for s in self.steps]}
        if self.error is not None:
            out["refused"] = {"index": self.refused, "error": (error_json or ScorekeeperError.to_json)(self.error)}
        if self.stood is not None:
            out["stood"] = self.stood.to_json(error_json)
        if self.last is not None:
            out["next"] = self.last.to_json(self.asks)["next"]
            if self.last.outcome is not None:
                out["outcome"] = dict(self.last.outcome)
        return out


@dataclass(frozen=True)
class Action:
    """One action of a record, as ``Walk.actions`` lists them."""

    kind: str
    player: str | None
    value: Any


@dataclass(frozen=True)
class Walk:
    """A family's side of progress and steps, over decoded JSON records.

    ``actions(value)``: the record's actions in the order the rules take them; ``cut(value, k)``: the
    record holding only the first ``k`` of them; ``progress(value)``: the next step of a record
    (raising the replay's ``ScorekeeperError`` for an illegal action; ``offer=False``: without the choices,
    which cost a replay each); ``extend(value, action)``: the record with one more action written where
    the record keeps it (only written: ``advance`` has the replay check it).

    ``declared``: kinds the table may record in place of the one that comes next, because the rules
    leave them to the table (the core's revoke the table let stand, the end of Michigan without the deal,
    which progress lists in ``declare`` when it may come); ``stands(value, action, exc)``:
    for an action the replay refused, the declared action that records it as the table let it stand
    (None where the rules allow no such thing); ``plain(action)``: the other way, for such a declared
    action, the action the replay refused that it was declared in place of (None for any other).

    ``trail(value)``: the progress (``offer=False``) of the record cut after ``k`` actions, for the ``k`` the
    family can read off one walk through the whole record (its replay taken once, the table carried from
    each action to the next) instead of a replay of each cut; the same objects ``progress(cut(value, k),
    offer=False)`` gives, and any ``k`` it leaves out is asked that way. ``steps`` reads it once.
    """

    actions: Callable[[Mapping[str, Any]], Sequence[Action]]
    cut: Callable[[Mapping[str, Any], int], dict[str, Any]]
    progress: Callable[..., Progress]  # (value, offer=True): offer=False skips listing the choices
    extend: Callable[[Mapping[str, Any], Action], dict[str, Any]]  # the record one action longer (unchecked)
    declared: frozenset[str] = frozenset()
    stands: Callable[[Mapping[str, Any], Action, ScorekeeperError], Action | None] | None = None
    dealing: Dealing | None = None  # how the table gives the deal of a record without it (None: it cannot)
    plain: Callable[[Action], Action | None] | None = None
    nouns: Mapping[str, str] = field(default_factory=dict)  # how a sentence names each kind (``Vocabulary.nouns``)
    asks: Mapping[str, str] = field(default_factory=lambda: ASKS)  # how a page asks for each kind (``ASKS``, merged)
    trail: Callable[[Mapping[str, Any]], Mapping[int, Progress]] | None = None  # progress after k actions, one walk


TRAIL_FROM = 3  # the fewest cards in a row a trail reads off one walk; a shorter run is cut and replayed

Walked = tuple[int, Iterable[Progress]]  # the actions before a run of cards, and the table after each card but the last


def one_walk(read: Callable[[Mapping[str, Any]], Walked | None]) -> Callable[[Mapping[str, Any]], dict[int, Progress]]:
    """A family's ``Walk.trail`` from ``read(value)``: where one walk judges a run of the record's cards, the number
    ``first`` of actions before the run and the progress after each of its cards but the last, in order (the
    ``m``-th after ``first + m`` actions); None where it reads nothing off one walk. A record refused anywhere
    on that walk gives nothing read off: ``steps`` cuts and replays each action, and meets the refusal where
    it belongs."""
    @functools.wraps(read)
    def trailed(value: Mapping[str, Any]) -> dict[int, Progress]:
        try:
            walked = read(value)
            if walked is None:
                return {}
            first, tables = walked
            return {first + m: table for m, table in enumerate(tables, start=1)}
        except ScorekeeperError:
            return {}
    return trailed


def revoke_played(action: Action) -> Action | None:
    """``Walk.plain`` of a family whose table declares a revoke it let stand with the card the replay refused
    (``{"trick", "card"}``): that card, played plainly; None for any other action."""
    if action.kind != "revoke" or not isinstance(action.value, Mapping):
        return None
    return Action("play", None, action.value.get("card"))


@dataclass(frozen=True)
class Dealing:
    """A family's side of a deal the table gives on the card page, before the first card or once the hand
    is played: the questions it asks and the record they make.

    ``ask(value, given)``: the next question about the deal of ``value`` (a record without the deal), the
    answers ``given`` so far taken as right, as a ``Progress`` whose ``choices`` are the only answers
    (``ask`` "cards" with its ``count``, or "card"); None once the answers place every card.
    ``write(value, given)``: the record with the deal the answers make (only written: ``deal`` has the
    replay judge it). Before the first card the questions are each hand as dealt; once cards are played,
    they place each player's hand from the cards he played and ask only what the play cannot show.
    """

    ask: Callable[[Mapping[str, Any], Sequence[Action]], Progress | None]
    write: Callable[[Mapping[str, Any], Sequence[Action]], dict[str, Any]]


def steps(walk: Walk, value: Mapping[str, Any]) -> Steps:
    """The record action by action; stops at the first action the replay refuses. A refused action the table
    let stand is ``stood``: the replay's refusal of the action it was declared in place of, at that step.

    :raises ScorekeeperError: the record is refused before its first action (its shape, its deal).
    """
    actions = walk.actions(value)
    start = walk.progress(walk.cut(value, 0), offer=False)
    game, players = start.game, start.players
    done: list[Step] = []
    before = start
    stood: Stood | None = None
    walked = walk.trail(value) if walk.trail is not None else {}  # the steps one walk reads off, the rest cut
    for index, action in enumerate(actions):
        try:
            after = walked.get(index + 1) or walk.progress(walk.cut(value, index + 1), offer=False)
        except ScorekeeperError as exc:
            return Steps(game, players, start, tuple(done), before, exc, index, stood, walk.asks)
        if stood is None:
            stood = _stood(walk, value, index, action)
        done.append(Step(index, action.kind, action.player, action.value, after.state,
                         _new_payments(before.paid, after.paid)))
        before = after
    return Steps(game, players, start, tuple(done), before, None, stood=stood, asks=walk.asks)


def _stood(walk: Walk, value: Mapping[str, Any], index: int, action: Action) -> Stood | None:
    """The refusal a declared action answered: the record cut before it, one plain action longer, as the
    replay judged it when the table declared it (None: not a declared action, or the replay takes it)."""
    plain = walk.plain(action) if walk.plain is not None and action.kind in walk.declared else None
    if plain is None:
        return None
    try:
        walk.progress(walk.extend(walk.cut(value, index), plain), offer=False)
    except ScorekeeperError as exc:
        return Stood(index, exc)
    return None


def _new_payments(before: Sequence[Mapping[str, Any]], after: Sequence[Mapping[str, Any]]) -> tuple[Mapping[str, Any], ...]:
    """What ``after`` paid that ``before`` had not: its tail, or (where a family lists its payments in
    another order once an action is taken) each payment of ``after`` not matched by one of ``before``."""
    if tuple(after[:len(before)]) == tuple(before):
        return tuple(after[len(before):])
    left, new = list(before), []
    for payment in after:
        if payment in left:
            left.remove(payment)
        else:
            new.append(payment)
    return tuple(new)


def _next_one(walk: Walk, value: Mapping[str, Any], action: Action) -> Action:
    """``action``, once it is the kind that comes next (or one the table may declare now), by the player on
    turn. :raises ScorekeeperError: not."""
    before = walk.progress(value, offer=False)
    if before.complete and action.kind not in before.declare:
        raise ScorekeeperError(Said("the hand is complete: nothing more can be recorded in it"), code="complete")
    if action.kind in walk.declared or action.kind in before.declare:
        return action
    if action.kind != before.kind:
        raise ScorekeeperError(Said("a %(value)s comes next, not a %(value2)s",
                                    value=kind_word(walk.nouns, before.kind), value2=kind_word(walk.nouns, action.kind)), code="not-next")
    if before.player is not None and action.player is not None and action.player != before.player:
        raise ScorekeeperError(Said("it is %(player)s's turn, not %(player2)s's",
                                    player=str(before.player), player2=str(action.player)), code="not-next",
                                player=action.player)
    return action


def changed(walk: Walk, value: Mapping[str, Any], index: int, new: object) -> dict[str, Any]:
    """An audit's what-if: the record with its action ``index`` (0-based) given the value ``new`` instead.

    The new action is checked as ``advance`` checks it (the kind, the player on turn); the later
    actions are kept as recorded, unchecked, so ``steps`` of the answer says where they stop fitting.

    :raises ScorekeeperError: no such action, or the replay refuses the record before it.
    """
    actions = walk.actions(value)
    if not 0 <= index < len(actions):
        raise RecordSyntaxError(Said("the record has %(count)s actions: there is no action %(value)s",
                                     count=str(len(actions)), value=str(index + 1)))
    was = _undeclared(walk, actions[index])
    record = walk.cut(value, index)
    record = walk.extend(record, _next_one(walk, record, Action(was.kind, was.player, new)))
    for later in actions[index + 1:]:
        record = walk.extend(record, later)
    return record


def repaired(walk: Walk, value: Mapping[str, Any], index: int, new: object) -> tuple[dict[str, Any], list[int]] | None:
    """A what-if made to fit, the natural way, where the later actions as recorded no longer do: a later card
    of the value ``new`` trades places with the one it replaced (one card cannot be played twice), and a
    declared action the replay no longer refuses becomes the plain action it stood for (a revoke that is no
    longer one is a card played). The record, and the indexes of the later actions repaired; None where the
    record cannot be made to fit so (or needs no repair: ``changed`` fits already).

    :raises ScorekeeperError: as ``changed``.
    """
    actions = walk.actions(value)
    if not 0 <= index < len(actions):
        raise RecordSyntaxError(Said("the record has %(count)s actions: there is no action %(value)s",
                                     count=str(len(actions)), value=str(index + 1)))
    was = _undeclared(walk, actions[index])
    before = walk.cut(value, index)
    record = walk.extend(before, _next_one(walk, before, Action(was.kind, was.player, new)))
    mended: list[int] = []
    for at, later in enumerate(actions[index + 1:], start=index + 1):
        plain = walk.plain(later) if walk.plain is not None and later.kind in walk.declared else None
        tries = [later] if plain is None else [later, plain]
        if new is not None and was.value is not None:
            tries = [_traded(t, new, was.value) for t in tries]
            if plain is not None and tries[0] == later and tries[1] != plain:
                tries = tries[1:]  # the card it was declared with trades places: the declaration goes
        for attempt in tries:
            longer = walk.extend(record, attempt)
            try:
                walk.progress(longer, offer=False)
            except ScorekeeperError:
                continue
            break
        else:
            return None
        if attempt != later:
            mended.append(at)
        record = longer
    return (record, mended) if mended else None


def repaired_json(walk: Walk, value: Mapping[str, Any], index: int, new: object) -> dict[str, Any] | None:
    """``repaired`` as JSON: ``{"record": ..., "repaired": [...]}``, or None."""
    found = repaired(walk, value, index, new)
    return None if found is None else {"record": found[0], "repaired": found[1]}


def _undeclared(walk: Walk, action: Action) -> Action:
    """A declared action as the plain action it stood for (a what-if gives that action another value: a revoke
    let stand becomes the card played instead); any other as it is."""
    plain = walk.plain(action) if walk.plain is not None and action.kind in walk.declared else None
    return action if plain is None else plain


def _traded(action: Action, new: object, old: object) -> Action:
    """A card action of the value ``new`` given ``old`` instead (the two cards trade places)."""
    return dataclasses.replace(action, value=old) if action.value == new else action


def action_from_json(value: object) -> Action:
    """An action as a page sends it: ``{"kind": str, "player": name or null, "value": ...}``.

    :raises RecordSyntaxError: another shape."""
    if not isinstance(value, Mapping) or not isinstance(value.get("kind"), str):
        raise RecordSyntaxError(Said("an action is an object with its \"kind\" (and \"player\", \"value\")"))
    player = value.get("player")
    if player is not None and not isinstance(player, str):
        raise RecordSyntaxError(Said("an action's player is a name"))
    return Action(value["kind"], player, value.get("value"))


def deal_json(walk: Walk, value: Mapping[str, Any], given: object) -> dict[str, Any]:
    """The deal the table gives, one answer at a time: the next question (``dealt`` false, ``next`` as a
    card page asks it), or, once every card is placed, the record with its deal (under ``record``,
    ``dealt`` true) and its progress, the replay judging the deal with the rest of the record.

    :raises ScorekeeperError: the family takes no deal here, an answer is not one of its question's
        choices, or the replay refuses the record with the deal.
    """
    if walk.dealing is None:
        raise ScorekeeperError(Said("the deal of this game cannot be given on the card page yet: record the "
                                    "cards as they are played"), code="no-deal")
    if not isinstance(given, list):
        raise RecordSyntaxError(Said("the answers about the deal are a list of actions"))
    answers = [action_from_json(a) for a in given]
    for k, answer in enumerate(answers):
        question = walk.dealing.ask(value, answers[:k])
        if question is None:
            raise ScorekeeperError(Said("every card of the deal is placed: nothing more to give"), code="dealt")
        _fits(question, answer, walk)
    question = walk.dealing.ask(value, answers)
    if question is not None:
        return {**question.to_json(walk.asks), "dealt": False}
    record = walk.dealing.write(value, answers)
    return {**walk.progress(record).to_json(walk.asks), "record": record, "dealt": True}


def _fits(question: Progress, answer: Action, walk: Walk) -> None:
    """:raises ScorekeeperError: ``answer`` is not one of the answers ``question`` takes (code ``deal``)."""
    word = kind_word(walk.nouns, question.kind)
    if answer.kind != question.kind or (question.player is not None and answer.player not in (None, question.player)):
        raise ScorekeeperError(Said("the %(word)s of %(value)s comes next",
                                    word=word, value=str(question.player) if question.player else Said("the table")), code="not-next")
    choices = list(question.choices or ())
    if question.ask == "cards" or walk.asks.get(question.kind) == "cards":
        cards = answer.value
        if not isinstance(cards, list) or len(cards) != question.count:
            raise ScorekeeperError(Said("%(player)s %(word)s: %(count)s cards",
                                        player=str(question.player), word=word, count=str(question.count)), code="deal",
                                   player=question.player)
        for code in cards:
            if code not in choices:
                raise ScorekeeperError(Said("%(shown)s cannot be among %(player)s's cards here",
                                            shown=str(shown(code)), player=str(question.player)), code="deal",
                                       player=question.player)
            choices.remove(code)
    elif answer.value not in choices:
        raise ScorekeeperError(Said("%(shown)s cannot be %(player)s's %(word)s here",
                                    shown=str(shown(answer.value)), player=str(question.player), word=word), code="deal",
                               player=question.player)


def appended(value: Mapping[str, Any], path: Sequence[str], item: Any) -> dict[str, Any]:
    """A copy of a JSON record with ``item`` added to the list at ``path`` (made where missing)."""
    out = dict(value)
    inner = out
    for key in path[:-1]:
        inner[key] = dict(inner.get(key) or {})
        inner = inner[key]
    inner[path[-1]] = [*(inner.get(path[-1]) or ()), item]
    return out


def played(action: Action) -> Any:
    """A card as a record's play list writes it: the code alone, or with the player who played it."""
    return action.value if action.player is None else [action.player, action.value]


def accepted(trial: Callable[[], object], waiting: Callable[[ScorekeeperError], bool]) -> bool:
    """Whether the replay takes a record one action longer: it replays, or only says the hand goes on."""
    try:
        trial()
    except ScorekeeperError as exc:
        return waiting(exc)
    return True


def stops_early(plays: int, per_trick: int) -> Callable[[ScorekeeperError], bool]:
    """Whether a trick-taking replay refuses a record of ``plays`` cards only for stopping early: it is
    ``incomplete``, or a revoke the table established in the trick being played is not played yet."""
    def waiting(exc: ScorekeeperError) -> bool:
        if exc.code == "revoke-claim" and exc.trick is not None:
            return (exc.trick - 1) * per_trick < plays < exc.trick * per_trick
        return exc.code == "incomplete"
    return waiting
