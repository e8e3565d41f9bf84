"""The trick-taking core's score sheets: columns from the ruleset and the settlement method.

Column groups are the extension point: ``COLUMN_GROUPS`` lists the functions that turn a table
(ruleset, players, settlement) into groups; each group says its header and how to fill its
cells from one settled hand. Nothing is written per game: a new Hearts variant prints its own
penalty cards, moon and settlement because they are in its ruleset. (``model`` holds the
values every family's sheet is made of; ``sheets.tripoli`` and ``sheets.reversis`` are the
other families' layouts.)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property
from typing import Any

from ..engine.cards import sorted_cards
from ..engine.hearts import words
from ..engine.errors import ScorekeeperError
from ..engine.family import HEARTS, profile_options
from ..engine.hearts.games import find_game, make_ruleset
from ..engine.hearts.output import HandFacts, scored_tricks
from ..engine.hearts.result_shape import ResultShape, result_shape
from ..engine.hearts.results import takes_card_points
from ..engine.hearts.ruleset import Ruleset
from ..engine.hearts.scoring import Points
from ..engine.seating import Direction, Seating
from ..engine.settled import Settled, SettledHand, running, settled_json
from ..engine.hearts.settlement import session_from_json
from ..engine.hearts.settlement.games import PoolFamilyMethod
from ..engine.hearts.settlement.methods import Cumulative, FiveHandMatch, Howell, Method, PoolMethod, make_method
from ..engine.money import fewest_transfers
from ..engine.hearts.session import Session
from ..engine.cards import SUIT_SYMBOLS
from ..engine.hearts.words import card_label, points_text
from .. import language
from ..notes_words import note as said_note
from ..rules_words import rules_said, settlement_said
from .charts import session_charts
from ..language import N_  # the columns' words, translated where printed (templates/sheets/sheet.html)
from .model import (
    BLANK_ROWS_WITHOUT_END, DIRECTION_WORDS, MAX_ROWS, MIN_ROWS, Cell, Column, ColumnGroup, Fill, FooterRow, Row,
    SettlementView, Sheet, StoredHand, _amount, paper_key, short_names, signed, stored_marks, unsettled_row,
)

@dataclass(frozen=True)
class HandView:
    """What a row knows about one settled hand: the hand as the settled result gives it, and its place."""

    number: int  # the row's number on the sheet (the hand's position in the session)
    deal: int  # the deal number (misdeals are redealt: passes follow this)
    dealer: str
    direction: Direction
    settled: SettledHand
    chips: tuple[int, ...]  # running chip balance after the hand (chip methods)
    counts: bool = True  # False: struck out or waiting for confirmation, shown but not counted

    @property
    def void(self) -> bool:
        return self.settled.void is not None

    @property
    def facts(self) -> HandFacts:
        """Trumps, Capot, the auction and the Joker, as the record says (``engine.output.hand_facts``)."""
        facts: HandFacts | None = self.settled.facts
        assert facts is not None  # every hand of the core carries them
        return facts


@dataclass(frozen=True)
class TableView:
    """The table a sheet is for: the game as configured, the players, the settlement method."""

    ruleset: Ruleset
    players: tuple[str, ...]  # names; empty strings on a blank sheet
    settlement: str
    method: Method

    @cached_property
    def shape(self) -> ResultShape:
        """What a quick result of the game says (the auction, Capot, the Joker): the same as the result form's."""
        return result_shape(self.ruleset, self.ruleset.layout(self.n), self.settlement)

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def chips(self) -> bool:
        return self.method.chips

    @property
    def short(self) -> tuple[str, ...]:
        """Names as narrow columns print them (who dealt, who took QS): long ones cut short, still distinct."""
        return short_names(self.players)

    @property
    def running(self) -> str:
        """What the running column and the totals count: chips, lives (Conquimbert, 3.17), or points."""
        return N_("Chips") if self.chips else N_("Lives") if self.method.lives else N_("Total")


def hand_group(table: TableView) -> tuple[ColumnGroup, ...]:
    """Who dealt, and where the cards were passed (only for games that pass)."""
    passes = table.ruleset.passing != "none"
    columns = [Column("dealer", N_("Dealer"), "name")]
    if passes:
        columns.append(Column("pass", N_("Pass"), "word"))

    short = dict(zip(table.players, table.short))

    def fill(view: HandView) -> tuple[Cell, ...]:
        cells = [Cell(short.get(view.dealer, view.dealer), "name")]
        if passes:
            cells.append(Cell(DIRECTION_WORDS[view.direction], "word pass"))
        return tuple(cells)

    def blank(deal: int) -> tuple[Cell, ...]:
        cells = [Cell()]
        if passes:
            cells.append(Cell(DIRECTION_WORDS[table.ruleset.pass_direction(deal, table.n)], "word pre pass"))
        return tuple(cells)

    return (ColumnGroup("hand", "", "hand", tuple(columns), fill, blank),)


def deal_group(table: TableView) -> tuple[ColumnGroup, ...]:
    """What the table settled before the play: the auction's high bid and the suit it bought
    (Auction Hearts), the trump suit (Knaves)."""
    ruleset, bids = table.ruleset, table.shape.bids
    columns = []
    if bids:
        columns += [Column("bid", N_("Bid"), "name"), Column("suit", N_("Suit"), "word")]
    if ruleset.trumps != "none":
        columns.append(Column("trumps", N_("Trumps"), "word"))
    if not columns:
        return ()
    names = table.short

    def fill(view: HandView) -> tuple[Cell, ...]:
        if view.void:
            return (Cell(),) * len(columns)
        facts = view.facts
        cells = []
        if bids:
            cells += [_bid_cell(facts, names), Cell(SUIT_SYMBOLS[facts.suit] if facts.suit else "", "word")]
        if ruleset.trumps != "none":
            up = card_label(facts.turned_up) + " up" if facts.turned_up is not None else ""
            cells.append(Cell(SUIT_SYMBOLS[facts.trumps] if facts.trumps else "", "word", up))
        return tuple(cells)

    return (ColumnGroup("deal", "", "hand", tuple(columns), fill),)


def _bid_cell(facts: HandFacts, names: Sequence[str]) -> Cell:
    """The high bidder and his bid; the player who kept the choice (no bidding); or everybody passed."""
    if facts.namer is None:
        return Cell("pass", "word", "all")
    if facts.bids is None:
        return Cell(names[facts.namer], "name", "kept")
    return Cell(f"{names[facts.namer]} {max(chips or 0 for _, chips in facts.bids)}", "name")


def player_groups(table: TableView) -> tuple[ColumnGroup, ...]:
    """Per player: the tricks won where every trick scores (Knaves), the hand's points, and the
    running total (or running chips under a chip method, or the lives left: Conquimbert)."""
    running = table.running
    tricks = (Column("tricks", N_("Tricks")),) if table.ruleset.trick_value else ()
    groups = []
    for seat, name in enumerate(table.players):
        groups.append(ColumnGroup(
            f"player-{seat}", name, "player", (*tricks, Column("points", N_("Hand")), Column("running", running)),
            _player_fill(table, seat, bool(tricks)),
        ))
    return tuple(groups)


def _player_fill(table: TableView, seat: int, tricks: bool = False) -> Fill:
    name = table.players[seat]

    def fill(view: HandView) -> tuple[Cell, ...]:
        settled = view.settled
        if name not in settled.players:  # out of the session (Conquimbert, 3.17): not dealt in
            return *((Cell(),) if tricks else ()), Cell("\u2013", "out"), Cell()
        hand_seat = settled.players.index(name)  # the hand's seats are those still in
        won: tuple[Cell, ...] = ()
        if tricks:
            won = (Cell(),) if view.void or not settled.hauls else (
                _number(str(settled.hauls[hand_seat].tricks), "tricks"),)
        if view.void:
            return *won, Cell("\u2013", "void"), Cell()
        note = ""
        if settled.moon == name:
            note = N_("moon: wins the game") if settled.moon_wins else N_("moon")
        elif settled.revoke == name:
            note = N_("revoke")
        points = _number(points_text(settled.points[seat]), "points", note)
        if not view.counts:
            return *won, points, Cell()
        if table.chips:
            return *won, points, _number(signed(view.chips[seat]), "running")
        return *won, points, _number(points_text(settled.totals[seat]), "running")

    return fill


def _number(text: str, kind: str, note: str = "") -> Cell:
    """A number's cell; a long one (Complex Hearts' 3+13i, a four-digit total) prints smaller to fit."""
    return Cell(text, f"{kind} long" if len(text) > 4 else kind, note)


def card_group(table: TableView) -> tuple[ColumnGroup, ...]:
    """Who took each special card of the game (QS, JD when the option is on, 7C, the Joker...), who
    won the first and last trick where they score, who shot the moon, who declared Capot (made or
    failed), and who got rid of the Joker (joker-payments pays him)."""
    ruleset = table.ruleset
    specials = () if takes_card_points(ruleset) else tuple(sorted_cards(ruleset.specials))  # Conquimbert: points
    if table.shape.card_lists:  # Gong Zhu: its own columns (sheets.gong_zhu), not sixteen cards
        specials = ()
    columns = [Column(c.code, card_label(c), "name") for c in specials]
    tricks = scored_tricks(ruleset)
    columns += [Column(key, TRICK_WORDS[key], "name") for key in tricks]
    moon = ruleset.moon is not None
    if moon:
        columns.append(Column("moon", N_("Moon"), "name"))
    capot, joker_from = table.shape.capot, table.shape.joker_from
    if capot:
        columns.append(Column("capot", N_("Capot"), "name"))
    if joker_from:
        columns.append(Column("joker-from", N_("Joker from"), "name"))
    if not columns:
        return ()
    short = dict(zip(table.players, table.short))

    def fill(view: HandView) -> tuple[Cell, ...]:
        hauls = view.settled.hauls
        if view.void or not hauls:
            return (Cell(),) * len(columns)
        names = [short[name] for name in view.settled.players]  # the hand's seats: those dealt in
        cells = []
        for c in specials:
            takers = [names[s] for s, haul in enumerate(hauls) for _ in range(haul.specials.count(c))]
            cells.append(Cell(", ".join(takers), "name"))
        for key in tricks:
            cells.append(Cell(", ".join(names[s] for s, haul in enumerate(hauls) if getattr(haul, key)), "name"))
        if moon:
            m, choice = view.settled.moon, view.settled.moon_choice
            cells.append(Cell("" if m is None else short[m] + (f" ({choice})" if choice else ""), "name moon"))
        facts = view.facts if capot or joker_from else None
        if capot:
            assert facts is not None
            declared = facts.capot
            cells.append(Cell(", ".join(names[s] for s, _ in declared), "name",
                              ", ".join("made" if made else "failed" for _, made in declared)))
        if joker_from:
            assert facts is not None
            played = names[facts.joker_from] if facts.joker_from is not None else "widow" if facts.joker_widow else ""
            cells.append(Cell(played, "name"))
        return tuple(cells)

    return (ColumnGroup("cards", N_("Taken by"), "cards", tuple(columns), fill),)


TRICK_WORDS = {"first_trick": N_("1st trick"), "last_trick": N_("Last trick")}


def printed_audit(value: Mapping[str, Any], paper: str) -> tuple[bytes, ScorekeeperError | None]:
    """The core's own printed audit of a hand record (``sheets/audit.py``: the trick table, the refused play
    marked), read by ``scorekeeper sheet --audit``: the PDF, and the refusal it shows (None: legal).

    :raises RecordSyntaxError: the record cannot be read."""
    from .render import audit_pdf  # WeasyPrint loads with the first PDF

    pdf, audit = audit_pdf(value, paper=paper)
    error = audit.error
    if error is None:
        return pdf, None
    return pdf, ScorekeeperError(error.message, code=error.code, play=error.play, trick=error.trick,
                                 player=error.player, card=error.card)


def has_pool(method: Method) -> bool:
    """Whether chips are left in a pool between hands: pot and sweepstakes, the auction's and the Joker's pools."""
    return method.keeps_pool


def pool_group(table: TableView) -> tuple[ColumnGroup, ...]:
    """The pool (pot, sweepstakes: chips left after the hand, a jack when carried), or Howell's pot."""
    method = table.method
    if has_pool(method):
        def fill(view: HandView) -> tuple[Cell, ...]:
            pool = view.settled.pool
            if not view.counts:
                return (Cell(),)
            return (Cell(str(pool), "pool", "carried" if pool else ""),)

        return (ColumnGroup("pool", "", "pool", (Column("pool", N_("Pool")),), fill),)
    if method.pays_pot:
        def howell(view: HandView) -> tuple[Cell, ...]:
            pot = view.settled.pot  # 3.6: each pays (n - 1) per unit into the pot
            return (Cell(),) if pot is None else (Cell(str(pot), "pool"),)

        return (ColumnGroup("pool", "", "pool", (Column("pot", N_("Pot")),), howell),)
    return ()


# The sheet's columns, left to right: each function gives zero or more groups for a table.
# A later game adds its own (or replaces this list for its family) without touching templates.
COLUMN_GROUPS: list[Callable[[TableView], tuple[ColumnGroup, ...]]] = [
    hand_group, deal_group, player_groups, card_group, pool_group,
]
from .gong_zhu import gong_zhu_group, gong_zhu_lines  # noqa: E402  (its columns read this module's TableView)

COLUMN_GROUPS.insert(COLUMN_GROUPS.index(card_group) + 1, gong_zhu_group)


def column_groups(table: TableView) -> tuple[ColumnGroup, ...]:
    """Every column group of a sheet for this table, in order."""
    return tuple(g for make in COLUMN_GROUPS for g in make(table))


# --- the rules in words ---------------------------------------------------------------------------

def rules_in_words(table: TableView) -> tuple[tuple[str, str], ...]:
    """The lines a table needs to check the sheet, as the engine words them (``engine.words``)."""
    lines = words.rules_in_words(table.ruleset, table.n, table.settlement, table.method)
    if language.current() == language.DEFAULT:
        return lines
    label, summary = getattr(table.method, "label", ""), getattr(table.method, "summary", "")
    return rules_said([(name, settlement_said(label, summary) if name == "Settlement" and label and summary else text)
                       for name, text in lines])


def typical_hands(table: TableView) -> int:
    """Rows a blank sheet needs to reach the game's end, as a typical game goes.

    Each hand hands out the game's penalty total; a game to ``target`` with n players
    lasts about ``target * n / total`` hands (the first to the target ends it sooner).
    """
    method = table.method
    if method.match_hands:
        return 2 * method.match_hands
    target = method.target()
    if target is None:
        return BLANK_ROWS_WITHOUT_END
    ruleset = table.ruleset
    per_hand = 26 if ruleset.complex else ruleset.penalty_total(ruleset.layout(table.n))
    return max(MIN_ROWS, min(MAX_ROWS, math.ceil(target * table.n / max(per_hand, 1))))


# --- blank sheets --------------------------------------------------------------------------------

def blank_options(game: str, players: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The options of a blank sheet: those given, or the first profile that seats ``players``."""
    if options:
        return dict(options)
    definition = find_game(game)
    for candidate in profile_options(definition):
        ruleset = make_ruleset(definition.id, candidate)
        if ruleset.min_players <= players <= ruleset.max_players:
            return {} if candidate == profile_options(definition)[0] else candidate
    return {}


def blank_sheet(
    game: str,
    players: int | Sequence[str],
    *,
    options: Mapping[str, Any] | None = None,
    settlement: str | None = None,
    settlement_options: Mapping[str, Any] | None = None,
    paper: str = "a4",
    rows: int | None = None,
) -> Sheet:
    """An empty score sheet for ``game`` and ``players`` (a count, or the names to print).

    :raises ScorekeeperError: an unknown game, option or settlement (``unknown-*``), or a
        number of players the game does not seat (``players``).
    """
    names = tuple(players) if not isinstance(players, int) else ("",) * players
    n = len(names)
    definition = find_game(game)
    chosen = blank_options(definition.id, n, options)
    ruleset = make_ruleset(definition.id, chosen)
    _check_players(ruleset, n)
    settlement_id = settlement or ruleset.settlement
    seats = tuple(name or f"Player {i + 1}" for i, name in enumerate(names))
    method = make_method(settlement_id, ruleset, Seating(seats, ruleset.clockwise), settlement_options or {})
    table = TableView(ruleset, names, settlement_id, method)
    groups = column_groups(table)
    count = rows or typical_hands(table)
    empty_rows = tuple(
        Row(deal, tuple(cell for g in groups for cell in g.blank_cells(deal))) for deal in range(1, count + 1)
    )
    footer = (_footer_row(table.running, groups, lambda g: (Cell("", "total", span=g.width),)),)
    return Sheet(
        kind="blank", title=language.word(ruleset.name), subtitle=_subtitle(table, chosen), rules=rules_in_words(table),
        players=names, groups=groups, rows=empty_rows, footer=footer, settlement=None,
        signatures=names, paper=paper_key(paper), landscape=_landscape(groups), warning=words.plain_warning(ruleset.warning),
        abbreviations=_abbreviations(table),
    )


def _footer_row(label: str, groups: Sequence[ColumnGroup], player: Callable[[ColumnGroup], tuple[Cell, ...]],
                pool: Callable[[ColumnGroup], tuple[Cell, ...]] | None = None) -> FooterRow:
    """A totals row: the label over the number and hand columns, then each group's footer cells."""
    span = 1 + sum(g.width for g in groups if g.kind == "hand")
    cells: list[Cell] = []
    for g in groups:
        if g.kind == "hand":
            continue
        if g.kind == "player":
            cells.extend(player(g))
        elif g.kind == "pool" and pool is not None:
            cells.extend(pool(g))
        else:
            cells.extend(g.footer())
    return FooterRow(label, span, tuple(cells))


def _abbreviations(table: TableView) -> tuple[tuple[str, str], ...]:
    return tuple((short, name) for short, name in zip(table.short, table.players) if short != name)


def _check_players(ruleset: Ruleset, n: int) -> None:
    try:
        ruleset.layout(n)
    except ValueError as exc:
        raise ScorekeeperError(str(exc), code="players") from None


def _landscape(groups: Sequence[ColumnGroup]) -> bool:
    """Wide tables (six players and more, or many special cards) print across the page."""
    return sum(g.width for g in groups) > 15


def _subtitle(table: TableView, options: Mapping[str, Any]) -> str:
    """Players, the version, the house rules the table changed and the settlement, in a player's words."""
    parts = [language.ngettext("%(num)d player", "%(num)d players", table.n)]
    specs = find_game(table.ruleset.game).options
    profile = options.get("profile") or table.ruleset.options.get("profile")
    if profile:
        parts += words.option_words(specs, {"profile": profile}, language.word)
    custom = {k: v for k, v in options.items() if k != "profile"}
    if custom:
        parts.append(", ".join(words.option_words(specs, custom, language.word)))
    parts.append(language.gettext("settled by %(settlement)s",
                                  settlement=language.word(table.method.label) or table.settlement))
    return " \u00b7 ".join(parts)


# --- filled sheets -------------------------------------------------------------------------------

def filled_sheet(
    record: Mapping[str, Any],
    *,
    stored: Sequence[StoredHand] | None = None,
    paper: str = "a4",
) -> Sheet:
    """The sheet of a session: every hand, its points and running totals, the settlement.

    ``record`` is a session record (docs/settlement.md). ``stored`` (the web app) lists every hand
    kept, struck-out and unconfirmed ones included, which are shown but not counted; without
    it the record's hands are the sheet.

    :raises ScorekeeperError: the session does not settle (the engine's error, with ``hand``).
    """
    paper = paper_key(paper)
    if stored is None:
        stored = [StoredHand(i, h) for i, h in enumerate(record.get("hands") or [], 1)]
    config = {k: v for k, v in record.items() if k != "hands"}
    counting = [dict(s.record) for s in stored if s.counts]
    session = session_from_json({**config, "hands": counting})
    result = HEARTS.settle({**config, "hands": counting})
    table = _table(session, result)
    groups = column_groups(table)
    views = _views(session, result)
    rows: list[Row] = []
    index = 0
    prefix: list[dict[str, Any]] = []
    for s in stored:
        view: HandView | None
        if s.counts:
            view = views[index]
            index += 1
            prefix.append(dict(s.record))
        else:
            view = _what_if(session, config, prefix, s)
        rows.append(_row(s, view, groups, result.players, session.ruleset))
    return Sheet(
        kind="filled", title=language.word(session.ruleset.name), subtitle=_subtitle(table, session.options),
        rules=rules_in_words(table), players=result.players, groups=groups, rows=tuple(rows),
        footer=_footer(table, result, groups), settlement=settlement_view(table, result),
        signatures=result.players, paper=paper, landscape=_landscape(groups), session_id=session.id,
        warning=words.plain_warning(session.ruleset.warning), abbreviations=_abbreviations(table),
        charts=session_charts(settled_json(result), target=chart_target(table.method), lives=result.lives,
                              chips=result.chips, marks=table.method.marks()),
    )


def chart_target(method: Method) -> int | None:
    """The total (Complex Hearts: the magnitude) that ends the game, for the charts' target line."""
    return method.target()


def _table(session: Session, result: Settled) -> TableView:
    ruleset = session.ruleset
    method = make_method(result.settlement, ruleset, Seating(result.players, ruleset.clockwise),
                         session.settlement_options)
    return TableView(ruleset, result.players, result.settlement, method)


def _views(session: Session, result: Settled, counts: bool = True) -> list[HandView]:
    """One view per settled hand, with the running chip balance."""
    n = len(result.players)
    ruleset = session.ruleset
    views = []
    for settled, chips in zip(result.hands, running([h.payments for h in result.hands], n)):
        views.append(HandView(
            settled.position, settled.deal, settled.dealer, ruleset.pass_direction(settled.deal, n), settled,
            chips, counts,
        ))
    return views


def _what_if(session: Session, config: Mapping[str, Any], prefix: list[dict[str, Any]], s: StoredHand) -> HandView | None:
    """A struck or unconfirmed hand as it would settle after the hands before it (shown, not counted)."""
    try:
        record = {**config, "hands": [*prefix, dict(s.record)]}
        trial, result = session_from_json(record), HEARTS.settle(record)
    except ScorekeeperError:
        return None
    if not result.hands:
        return None
    return _views(trial, result, counts=False)[-1]


def _row(s: StoredHand, view: HandView | None, groups: Sequence[ColumnGroup], names: Sequence[str],
         ruleset: Ruleset) -> Row:
    if view is None:
        return unsettled_row(s, groups, "hand")
    status, marks = stored_marks(s)
    if view.void:
        marks.append("misdeal")
        status = status or "void"
    if view.settled.revoke is not None:
        marks.append("revoke")
    cells = tuple(cell for g in groups for cell in g.fill(view))
    notes = tuple(dict.fromkeys((name, said_note(words.plain_note(note, ruleset)))
                                for name, note in zip(names, view.settled.notes) if note))
    if view.void:  # a misdeal says the same for everyone: once
        notes = notes[:1]
    return Row(s.position, cells, status, tuple(marks), notes, view.dealer, DIRECTION_WORDS[view.direction])


def _footer(table: TableView, result: Settled, groups: Sequence[ColumnGroup]) -> tuple[FooterRow, ...]:
    winners = set(result.winners)

    def player(g: ColumnGroup) -> tuple[Cell, ...]:
        seat = int(g.key.split("-")[1])
        value = signed(result.balance[seat]) if table.chips else _total_text(table, result.totals[seat])
        return (Cell(value, "total win" if result.players[seat] in winners else "total", span=g.width),)

    def pool(g: ColumnGroup) -> tuple[Cell, ...]:
        return (Cell(str(result.pool) if has_pool(table.method) else "", "pool", span=g.width),)

    return (_footer_row(table.running, groups, player, pool),)


def _total_text(table: TableView, total: Points) -> str:
    """A running total as printed; where the totals are lives left (Conquimbert, 3.17), none is "out"."""
    return "out" if table.method.lives and total == 0 else points_text(total)


def settlement_view(table: TableView, result: Settled) -> SettlementView:
    """Totals, winners, chips, pool, money and the fewest transfers, as the sheet prints them."""
    names = result.players
    totals = tuple((name, _total_text(table, t)) for name, t in zip(names, result.totals))
    chips: tuple[tuple[str, str], ...] = ()
    transfers: tuple[tuple[str, str, str], ...] = ()
    unit = ""
    if table.chips:
        chips = tuple((name, signed(b)) for name, b in zip(names, result.balance))
    money: tuple[tuple[str, str], ...] = ()
    if result.money is not None:
        money = tuple((name, _amount(m)) for name, m in zip(names, result.money))
        transfers = tuple((a, b, _amount(x)) for a, b, x in result.transfers)
    elif table.chips and any(result.balance):
        # No stake: the chips themselves change hands, in the fewest transfers (settlement.money).
        moves = fewest_transfers({name: Decimal(b) for name, b in zip(names, result.balance)})
        transfers = tuple((a, b, str(int(x))) for a, b, x in moves)
        unit = "chips"
    pool = result.pool if has_pool(table.method) else None
    closing = tuple(dict.fromkeys(map(said_note, result.closing.notes))) if result.closing is not None else ()
    closing += gong_zhu_lines(result)  # Gong Zhu: the pig of the game, the partnerships' totals
    return SettlementView(
        finished=result.finished, winners=result.winners, totals=totals, chips=chips,
        pool=pool, jack=bool(pool) and result.jack, closing=closing,
        money=money, transfers=transfers, transfer_unit=unit, hands=len(result.hands),
        totals_label=N_("Lives") if result.lives else N_("Total"),
    )
