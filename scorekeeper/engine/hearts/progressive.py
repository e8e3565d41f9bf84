"""A Progressive Hearts evening (catalogue 2.20, 3.13): seating, table results and rounds.

``settlement.family`` settles one round (``progressive_stars``) and awards the prizes
(``progressive_prizes``). An evening of tables needs a little more around them, and it lives
here so that the app and the printed tally never decide a rule themselves:

* ``start_evening``: the first seating from the ladies and the gentlemen in seating order
  (``draw_seating`` draws that order at random);
* ``seating_plan``: where everyone sits in a round, head table first;
* ``read_table`` / ``table_json``: one table's result from and to its JSON object;
* ``check_table``: one table's result checked on its own, before the other tables are in;
* ``play_evening``: the complete rounds, one after another, through ``progressive_stars``;
* ``prize_tie``: the prize tie that still needs a cut, and who is in it.

Seats (HOUSE): ladies and gentlemen alternate clockwise (a table's first lady, its first
gentleman, its second lady, its second gentleman); a player who moves takes the seat of the
one he replaces (``progressive_stars`` keeps each pair's order).

>>> state = start_evening(("Ann", "Bea", "Cleo", "Di"), ("Ed", "Fred", "Gus", "Hal"))
>>> [plan.label for plan in seating_plan(state)]
['table 1 (head)', 'table 2 (booby)']
>>> [state.players[p] for p in seating_plan(state)[1].seats]
['Cleo', 'Gus', 'Di', 'Hal']
>>> result = read_table(state, 0, {"hearts": {"Ann": 3, "Bea": 5, "Ed": 2}})
>>> result.hearts, table_json(state, 0, result)["hearts"]["Fred"]
((3, 5, 2, 3), 3)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ..cards import Card, Rank
from ..errors import ImpossibleResult, InconsistentRecord, RecordSyntaxError, ScorekeeperError, shown, Said
from ..fields import MAX_NAME, read_label
from .settlement.family import (
    HandResult,
    ProgressiveRound,
    ProgressiveState,
    ProgressiveTable,
    _table_name,
    progressive_prizes,
    progressive_stars,
)

__all__ = [
    "HEARTS", "TablePlan", "TableResult", "PlayedRound", "PrizeTie",
    "start_evening", "draw_seating", "seating_plan", "table_label", "read_table", "table_json", "cut_value",
    "check_table", "settle_round", "play_evening", "prize_tie",
]

# Tables of an evening at most: 80 players, the most the printed tally has room for (and a bound on
# every evening's work: each round settles every table).
MAX_TABLES: Final = 20
HEARTS = 13  # hearts in a deal: every table's counts add up to this (2.20, 13 cards each)
_FIELDS = ("hearts", "cuts", "cut_cards", "revoke")
# Any other table's result while one table is checked alone: no tie, 13 hearts.
_PLACEHOLDER: tuple[int, int, int, int] = (0, 1, 2, 10)


def table_label(t: int, tables: int) -> str:
    """``table 1 (head)``, ``table 2``, ``table 3 (booby)``: the settlement's own words."""
    return _table_name(t, tables)


# --- seating -----------------------------------------------------------------------------------

def _names(values: Sequence[str], kind: str) -> tuple[str, ...]:
    names = []
    for value in values:
        if not isinstance(value, str) or not value.strip():
            raise RecordSyntaxError(Said("every %(kind)s needs a name", kind=str(kind)))
        names.append(read_label(value, "a player's name", MAX_NAME))
    return tuple(names)


def start_evening(ladies: Sequence[str], gentlemen: Sequence[str]) -> ProgressiveState:
    """The first seating: table t (0 = head) seats ladies 2t and 2t+1 and gentlemen 2t and 2t+1.

    The players of the state are the ladies, then the gentlemen, in the order given.

    :raises RecordSyntaxError: an empty name, or one no sheet can show (``fields.read_name``).
    :raises InconsistentRecord: (code ``players``) a name twice, not two ladies and two gentlemen
        at every table, fewer than two tables.
    """
    women, men = _names(ladies, "lady"), _names(gentlemen, "gentleman")
    names = (*women, *men)
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise InconsistentRecord(Said("%(value)s is named twice: every player needs a name of his own",
                                      value=str(', '.join(twice))),
                                 code="players")
    if len(women) != len(men) or len(women) % 2:
        raise InconsistentRecord(
            Said("every table seats two ladies and two gentlemen: %(count)s ladies and %(count2)s gentlemen do "
                 "not make full tables", count=str(len(women)), count2=str(len(men))), code="players")
    if len(women) > 2 * MAX_TABLES:
        raise InconsistentRecord(Said("an evening has at most %(MAX_TABLES)s tables: %(value)s ladies and "
                                      "%(value)s gentlemen, not %(count)s of each",
                                      MAX_TABLES=str(MAX_TABLES), value=str(2 * MAX_TABLES), count=str(len(women))), code="players")
    if len(women) < 4:
        raise InconsistentRecord(Said("an evening needs at least two tables (a head and a booby table): four "
                                      "ladies and four gentlemen"), code="players")
    n = len(women)
    tables = [ProgressiveTable((2 * t, 2 * t + 1), (n + 2 * t, n + 2 * t + 1)) for t in range(n // 2)]
    return ProgressiveState.start(names, tables)


def draw_seating(ladies: Sequence[str], gentlemen: Sequence[str],
                 rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The ladies and the gentlemen in a seating order drawn at random (for ``start_evening``)."""
    women, men = list(ladies), list(gentlemen)
    rng.shuffle(women)
    rng.shuffle(men)
    return tuple(women), tuple(men)


@dataclass(frozen=True)
class TablePlan:
    """Who sits at one table in a round."""

    number: int  # 1 is the head table
    label: str  # "table 1 (head)"
    seats: tuple[int, int, int, int]  # players clockwise: lady, gentleman, lady, gentleman
    order: tuple[int, int, int, int]  # its ladies, then its gentlemen: the order of TableResult.hearts


def seating_plan(state: ProgressiveState) -> tuple[TablePlan, ...]:
    """Where everyone sits for the round ``state`` is before, head table first."""
    m = len(state.tables)
    return tuple(
        TablePlan(t + 1, table_label(t, m), (table.ladies[0], table.gentlemen[0], table.ladies[1], table.gentlemen[1]),
                  (*table.ladies, *table.gentlemen))
        for t, table in enumerate(state.tables)
    )


# --- one table's result ----------------------------------------------------------------------------

@dataclass(frozen=True)
class TableResult:
    """What one table reports after its deal."""

    hearts: tuple[int, int, int, int]  # its ladies, then its gentlemen (ProgressiveTable order)
    cuts: tuple[int, ...] = ()  # players who cut the lower card in a tie: they go up (ace low)
    revoke: int | None = None  # an established revoke: scored as taking all 13 hearts (4.1)
    cut_cards: tuple[tuple[int, Card], ...] = ()  # the cards cut, when the table typed them


def cut_value(c: Card) -> int:
    """A cut card's value, ace low (catalogue 1.1: cutting in Progressive Hearts).

    >>> cut_value(Card.parse("AS")), cut_value(Card.parse("2H")), cut_value(Card.parse("KD"))
    (1, 2, 13)
    """
    if c.is_joker:
        raise RecordSyntaxError(Said("the Joker is not in the pack a table cuts"))
    return 1 if c.rank is Rank.ACE else int(c.rank)


def _player(state: ProgressiveState, seats: Sequence[int], where: str, name: object, what: str) -> int:
    for p in seats:
        if state.players[p] == name:
            return p
    at = ", ".join(state.players[p] for p in seats)
    raise RecordSyntaxError(Said("%(where)s: %(what)s %(shown)s does not sit at this table (%(at)s do)",
                                 where=str(where), what=str(what), shown=str(shown(name)), at=str(at)))


def _count(where: str, name: str, value: object) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordSyntaxError(Said("%(where)s: %(player)s's hearts must be a whole number, not %(shown)s",
                                     where=str(where), player=name, shown=str(shown(value))))
    return value


def read_table(state: ProgressiveState, t: int, record: object) -> TableResult:
    """Table ``t``'s result (0 = head) from JSON for the round ``state`` is before.

    ``{"hearts": {name: count}, "cuts": [name], "cut_cards": {name: card}, "revoke": name}``:
    one count may be missing (it is 13 minus the others; all of them after a revoke, which stops
    play); ``cuts`` names who cut the lower card in a tie, or ``cut_cards`` give both cards of the
    tied pair and the lower one (ace low) goes up.

    :raises RecordSyntaxError: another shape, a name not at the table, an unreadable card.
    :raises ImpossibleResult: the counts typed already add up to more than 13.
    :raises InconsistentRecord: (code ``cut``) one cut card of a pair, a cut of equal ranks, cards
        that contradict the named cut.
    """
    table = state.tables[t]
    order = (*table.ladies, *table.gentlemen)
    where = table_label(t, len(state.tables))
    if not isinstance(record, Mapping):
        raise RecordSyntaxError(Said("%(where)s: a table's result must be a JSON object", where=str(where)))
    extra = [k for k in record if k not in _FIELDS]
    if extra:
        raise RecordSyntaxError(Said("%(where)s: unknown field %(shown)s (a table's result has %(value)s)",
                                     where=str(where), shown=str(shown(extra[0])), value=str(', '.join(_FIELDS))))
    given = record.get("hearts") or {}
    if not isinstance(given, Mapping):
        raise RecordSyntaxError(Said("%(where)s: hearts must map each player's name to his count", where=str(where)))
    named = {_player(state, order, where, name, "player"): value for name, value in given.items()}
    counts = [_count(where, state.players[p], named.get(p)) for p in order]
    revoke = None if record.get("revoke") in (None, "") else _player(state, order, where, record["revoke"], "revoke")
    hearts = _filled(state, order, where, counts, revoke is not None)
    raw_cuts = record.get("cuts") or []
    if not isinstance(raw_cuts, list):
        raise RecordSyntaxError(Said("%(where)s: cuts must be a list of names", where=str(where)))
    cuts = [_player(state, order, where, name, "cut") for name in raw_cuts]
    cards = _cut_cards(state, order, where, record.get("cut_cards") or {})
    for pair in (table.ladies, table.gentlemen):
        _cut_by_cards(state, where, pair, cards, cuts)
    return TableResult(hearts, tuple(cuts), revoke, tuple((p, cards[p]) for p in order if p in cards))


def _filled(state: ProgressiveState, order: Sequence[int], where: str, counts: list[int | None],
            revoked: bool) -> tuple[int, int, int, int]:
    """The four counts, the one left out filled in (13 minus the others; 0 each after a revoke)."""
    missing = [i for i, c in enumerate(counts) if c is None]
    if missing and not revoked:
        if len(missing) > 1:
            raise RecordSyntaxError(Said("%(where)s: type the hearts of at least three players (the fourth is "
                                         "%(HEARTS)s minus the others)", where=str(where), HEARTS=str(HEARTS)))
        typed = sum(c for c in counts if c is not None)
        if typed > HEARTS:
            shown = ", ".join(f"{state.players[p]} {c}" for p, c in zip(order, counts) if c is not None)
            raise ImpossibleResult(Said("%(where)s: hearts %(shown)s already add up to %(typed)s, more than "
                                        "%(HEARTS)s",
                                        where=str(where), shown=str(shown), typed=str(typed), HEARTS=str(HEARTS)))
        counts[missing[0]] = HEARTS - typed
    a, b, c, d = (0 if v is None else v for v in counts)
    return a, b, c, d


def _cut_cards(state: ProgressiveState, order: Sequence[int], where: str, given: object) -> dict[int, Card]:
    if not isinstance(given, Mapping):
        raise RecordSyntaxError(Said("%(where)s: cut_cards must map each name to the card he cut", where=str(where)))
    cards = {}
    for name, text in given.items():
        p = _player(state, order, where, name, "cut card of")
        if not isinstance(text, str):
            raise RecordSyntaxError(Said("%(where)s: %(player)s's cut card must be written as a card, such as 7H",
                                         where=str(where), player=name))
        try:
            c = Card.parse(text.strip())
            cut_value(c)
        except RecordSyntaxError as exc:
            raise RecordSyntaxError(Said("%(where)s: %(player)s's cut card: %(message)s",
                                         where=str(where), player=name, message=exc.said or exc.message)) from None
        cards[p] = c
    return cards


def _cut_by_cards(state: ProgressiveState, where: str, pair: tuple[int, int], cards: Mapping[int, Card],
                  cuts: list[int]) -> None:
    """The lower of a pair's two cut cards goes up (ace low): add him to ``cuts``."""
    names = state.players
    a, b = pair
    if (a in cards) != (b in cards):
        missing = b if a in cards else a
        raise InconsistentRecord(Said("%(where)s: %(value)s's cut card is missing: type both cards, or say who "
                                      "cut the lower card", where=str(where), value=str(names[missing])), code="cut")
    if a not in cards:
        return
    va, vb = cut_value(cards[a]), cut_value(cards[b])
    if va == vb:
        raise InconsistentRecord(Said("%(where)s: %(value)s cut %(card)s and %(value2)s cut %(card2)s, the same "
                                      "rank: cut again",
                                      where=str(where), value=str(names[a]), card=cards[a], value2=str(names[b]), card2=cards[b]), code="cut")
    lower = a if va < vb else b
    said = [p for p in pair if p in cuts]
    if said and said != [lower]:
        raise InconsistentRecord(Said("%(where)s: the cut cards say %(value)s cut the lower card (%(card)s "
                                      "against %(card2)s, ace low), not %(value2)s",
                                      where=str(where), value=str(names[lower]), card=cards[a], card2=cards[b], value2=str(names[said[0]])), code="cut")
    if not said:
        cuts.append(lower)


def table_json(state: ProgressiveState, t: int, result: TableResult) -> dict[str, object]:
    """A table's result as its JSON object (``read_table`` reads it back to the same result)."""
    table = state.tables[t]
    order = (*table.ladies, *table.gentlemen)
    names = state.players
    out: dict[str, object] = {"hearts": {names[p]: h for p, h in zip(order, result.hearts)}}
    if result.cuts:
        out["cuts"] = [names[p] for p in result.cuts]
    if result.cut_cards:
        out["cut_cards"] = {names[p]: c.code for p, c in result.cut_cards}
    if result.revoke is not None:
        out["revoke"] = names[result.revoke]
    return out


# --- rounds ----------------------------------------------------------------------------------------

def _one_per_table(state: ProgressiveState, count: int) -> None:
    if count != len(state.tables):
        raise InconsistentRecord(Said("a round needs the result of each of the %(count)s tables, not %(count2)s",
                                      count=str(len(state.tables)), count2=str(count)))


def settle_round(state: ProgressiveState, results: Sequence[TableResult]) -> tuple[HandResult, ProgressiveState]:
    """One round from every table's result (head table first): stars and the next seating (3.13).

    :raises InconsistentRecord: not one result per table; a tie without its cut (code ``cut``).
    :raises ImpossibleResult: a table's hearts do not add up to 13.
    """
    _one_per_table(state, len(results))
    hearts = [0] * len(state.players)
    cuts: list[int] = []
    revokes: list[int] = []
    for table, result in zip(state.tables, results):
        for p, h in zip((*table.ladies, *table.gentlemen), result.hearts):
            hearts[p] = h
        cuts.extend(result.cuts)
        if result.revoke is not None:
            revokes.append(result.revoke)
    return progressive_stars(state, ProgressiveRound(tuple(hearts), tuple(cuts), tuple(revokes)))


def check_table(state: ProgressiveState, t: int, result: TableResult) -> tuple[str, str, str, str]:
    """Table ``t``'s result checked alone, before the other tables are in; its four players' notes.

    A table's stars and moves depend on its own four players only, so the round is settled with
    a placeholder result (no tie, 13 hearts) at every other table: the checks and the sentences
    are ``progressive_stars``' own.

    :raises ScorekeeperError: what ``settle_round`` raises for this table.
    """
    results = [result if i == t else TableResult(_PLACEHOLDER) for i in range(len(state.tables))]
    outcome, _ = settle_round(state, results)
    table = state.tables[t]
    a, b, c, d = (outcome.notes[p] for p in (*table.ladies, *table.gentlemen))
    return a, b, c, d


@dataclass(frozen=True)
class PlayedRound:
    """A complete round: the seating and stars before it, its tables' results, what it settled."""

    number: int  # 1-based
    before: ProgressiveState
    results: tuple[TableResult, ...]
    outcome: HandResult  # points: each player's hearts as scored; notes: the stars and the moves in words
    after: ProgressiveState


def play_evening(start: ProgressiveState, rounds: Sequence[Sequence[object]]) -> tuple[PlayedRound, ...]:
    """Every complete round in order, from its tables' JSON results (head table first), each read
    and settled against the seating the round before it left.

    :raises ScorekeeperError: as ``read_table`` and ``settle_round``, with ``hand`` set to the round's number.
    """
    played = []
    state = start
    for number, records in enumerate(rounds, 1):
        try:
            _one_per_table(state, len(records))
            results = tuple(read_table(state, t, record) for t, record in enumerate(records))
            outcome, after = settle_round(state, results)
        except ScorekeeperError as exc:
            exc.hand = number
            raise
        played.append(PlayedRound(number, state, results, outcome, after))
        state = after
    return tuple(played)


# --- prizes ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PrizeTie:
    """A prize tie the tie-breaks leave open: the players tied, the engine's sentence."""

    players: tuple[int, ...]
    message: str


def prize_tie(state: ProgressiveState, cuts: Sequence[int] = ()) -> PrizeTie | None:
    """The prize tie the tie-breaks leave open (awarded gold, red, green; AMB-20), or None.

    ``cuts`` are the winners of the ties cut so far, in the order they were asked. The tied
    players are found by asking ``progressive_prizes`` itself, so the tie-breaks stay written
    once: a player is in the open tie when naming him the winner of a cut settles it (the
    sentence changes). The players of the ties already cut are left out: naming one of them
    again would only unsettle his own tie.
    """
    settled: set[int] = set()
    for asked in range(len(cuts) + 1):
        tie = _open_tie(state, cuts[:asked], settled)
        if tie is None or asked == len(cuts):
            return tie
        settled.update(tie.players)
    return None  # pragma: no cover - the loop returns on its last pass


def _open_tie(state: ProgressiveState, cuts: Sequence[int], settled: set[int]) -> PrizeTie | None:
    try:
        progressive_prizes(state, cuts)
    except InconsistentRecord as exc:
        if exc.code != "cut":
            raise
        tied = []
        for p in range(len(state.players)):
            if p in cuts or p in settled:
                continue
            try:
                progressive_prizes(state, (*cuts, p))
            except InconsistentRecord as later:
                if later.message == exc.message:
                    continue
            tied.append(p)
        return PrizeTie(tuple(tied), exc.message)
    return None
