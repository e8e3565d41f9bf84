"""The score sheet of Reversis: its own column groups, the same templates.

A Reversis sheet has one row per hand: who dealt, per player the fish the hand won (+) or cost
(-) and the running fish, the pools after the hand (the current pool, the supplemental piles,
their total), and what decided the end of the hand: where the Quinola moved the pool, a
Reversis made or broken, an Espagnolette, the Party. Every number and word comes from
``engine.reversis``, through the settled result every family gives (``engine.settled``): its
settle output and each hand's replay output; these functions only lay them out as ``model``'s
column groups, rows and footer (with what they share with Tripoli's sheet, ``own_sheet``), so
``templates/sheets/sheet.html`` prints it unchanged. A blank sheet has the same columns, to
fill in with a pen, and a row for each agreed hand (20 when the number is not agreed).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import reversis
from ..engine.cards import card
from ..engine.errors import UnknownOption
from ..engine.family import family_of, game_def
from ..engine.hearts.games import GameDef
from ..engine.reversis import rules as fish
from ..engine.reversis.table import reversis_seating
from ..engine.settled import settled_json
from ..engine.hearts.words import card_label, option_words
from . import own_sheet
from .. import language
from ..notes_words import note as said_note
from ..language import N_  # the columns' words, translated where printed (templates/sheets/sheet.html)
from .model import (
    BLANK_ROWS_WITHOUT_END, Cell, Column, ColumnGroup, FooterRow, Row, SettlementView, Sheet, StoredHand,
    short_names, signed,
)
from .own_sheet import DealView

QUINOLA = card_label(fish.QUINOLA)
POOL_MOVES = {"quinola-doubles": "doubles", "quinola-supplement": "starts {to}", "quinola-takes-pool": "takes {fish}"}


@dataclass(frozen=True)
class ReversisTable:
    """The table a Reversis sheet is for: the game, its rules, the players, the settlement's options."""

    game: GameDef[Any]
    rules: reversis.ReversisRules
    players: tuple[str, ...]  # names; empty strings on a blank sheet
    settlement_options: Mapping[str, Any]
    hands: int | None  # the agreed number of hands (6.10), None: until the table stops

    @property
    def short(self) -> tuple[str, ...]:
        return short_names(self.players)


def _table(game: str, players: Sequence[str], options: Mapping[str, Any] | None, settlement: str | None,
           settlement_options: Mapping[str, Any] | None) -> ReversisTable:
    """The table, checked by the package: four players, options, settlement.

    :raises ScorekeeperError: ``players``, ``unknown-option``.
    """
    definition = game_def(game)
    rules = reversis.make_rules(definition.id, dict(options or {}))
    seating = reversis_seating(players)
    if (settlement or reversis.SETTLEMENT_ID) != reversis.SETTLEMENT_ID:
        raise UnknownOption(f"Reversis is settled by {reversis.SETTLEMENT_ID}, not {settlement!r}")
    method = reversis.ReversisFish(seating, settlement_options or {})  # the settlement's options, checked
    return ReversisTable(definition, rules, tuple(players), dict(settlement_options or {}), method.hands)


# --- column groups ---------------------------------------------------------------------------------

def dealer_group(table: ReversisTable) -> tuple[ColumnGroup, ...]:
    """Who dealt."""
    return own_sheet.dealer_group(table.players, table.short)


def fish_groups(table: ReversisTable) -> tuple[ColumnGroup, ...]:
    """Per player: the fish the hand won (+) or cost (-), and the running fish."""
    return own_sheet.chip_groups(table.players, N_("Hand"), N_("Fish"))


def pools_group(table: ReversisTable) -> tuple[ColumnGroup, ...]:
    """The pools after each hand: the current pool, the supplemental piles (oldest first), all of them."""
    columns = (Column("pool", N_("Pool")), Column("supplements", N_("Suppl."), "word"), Column("all", N_("All")))

    def fill(view: DealView) -> tuple[Cell, ...]:
        pools = view.entry.get("pools")
        if not view.counts or pools is None:
            return (Cell(),) * len(columns)
        piles = " ".join(f"{s['id']} {s['fish']}" for s in pools["supplements"])
        return (Cell(str(pools["current"]), "pool"), Cell(piles or "\u00b7", "pool word"),
                Cell(str(view.entry["pool"]), "pool total"))

    return (ColumnGroup("pools", N_("The pools after the hand"), "pool", columns, fill),)


def hand_events_group(table: ReversisTable) -> tuple[ColumnGroup, ...]:
    """What settled the hand, from its replay: the Quinola's pool move, a Reversis, an Espagnolette, the Party."""
    columns = (Column("quinola", QUINOLA, "word"), Column("reversis", "Reversis", "word"),
               Column("espagnolette", "Espagn.", "word"), Column("party", N_("Party"), "word"))
    short = dict(zip(table.players, table.short))

    def name(who: Any) -> str:
        return short.get(who, str(who))

    def fill(view: DealView) -> tuple[Cell, ...]:
        o = view.extra
        if o is None or o.get("void"):
            return (Cell(),) * len(columns)
        moves = [p for p in o["payments"] if p["why"] in POOL_MOVES and p.get("card") == fish.QUINOLA.code]
        quinola = ", ".join(f"{name(p['to'] if p['why'] == 'quinola-takes-pool' else p['from'])} "
                            + POOL_MOVES[p["why"]].format(to=p["to"], fish=p["fish"]) for p in moves)
        r = o.get("reversis")
        made = "" if r is None else name(r["player"]) + (" made" if r["made"] else
                                                         f" broken by {name(r['broken_by'])}" if r["broken_by"] else "")
        esp = o.get("espagnolette") or {}
        attempts = [f"{name(esp['made'])} made"] if esp.get("made") else []
        attempts += [f"{name(p)} failed" for p in esp.get("failed") or []]
        party = o.get("party")
        paid = "" if party is None else f"{name(party['loser'])}\u2192{name(party['winner'])} {party['fish']}"
        return tuple(Cell(text, "word") for text in (quinola, made, ", ".join(attempts), paid))

    return (ColumnGroup("events", N_("The hand"), "cards", columns, fill),)


# The Reversis sheet's columns, left to right (model.COLUMN_GROUPS is the trick-taking games').
COLUMN_GROUPS: list[Callable[[ReversisTable], tuple[ColumnGroup, ...]]] = [
    dealer_group, fish_groups, pools_group, hand_events_group,
]


def column_groups(table: ReversisTable) -> tuple[ColumnGroup, ...]:
    return tuple(g for make in COLUMN_GROUPS for g in make(table))


# --- the rules in words ------------------------------------------------------------------------------

def rules_in_words(table: ReversisTable) -> tuple[tuple[str, str], ...]:
    """What the table needs to check the sheet, the amounts taken from the engine's own constants; in the language
    spoken now (the table's: ``web/printed``), the same lines to the byte in English."""
    _ = language.gettext
    ace, diamond = fish.discard_value(card("AS")), fish.discard_value(fish.ACE_OF_DIAMONDS)
    party = table.rules.party_amount
    amount = _("the talon's card points + 4") if party == "talon+4" else party.split(":", 1)[1]
    options = "; ".join(option_words(fish.SPECS, table.rules.options(), language.word))
    end = _("after %(hands)s hands", hands=table.hands) if table.hands else _("when the table stops")
    pools = (_("they are shared equally") if table.settlement_options.get("pools_at_end") == "split-equal"
             else _("they stay"))
    return (
        (_("Table"), _("4 players, %(cards)s cards (no tens); the deal and the play go to the right: the dealer takes "
                       "12 and discards one to the talon, each other may exchange one; the dealer's right leads",
                       cards=len(fish.PACK))),
        (_("Pools"), _("each puts %(stake)s in at the start, the dealer %(ante)s every hand; %(quinola)s led or forced "
                       "doubles the pool (once a player until it is won; again: a supplemental pool), discarded takes "
                       "it (then the oldest supplement, or a new pool: dealer %(dealer)s, others %(others)s)",
                       stake=fish.STAKE, ante=fish.DEALER_ANTE, quinola=QUINOLA, dealer=fish.REFILL_DEALER,
                       others=fish.REFILL_OTHER)),
        (_("In play"), _("discarded on another suit, the trick's winner pays %(quinola)s %(discard)s, A\u2666 "
                         "%(diamond)s, another ace %(ace)s; an ace followed pays the leader; %(quinola)s forced pays "
                         "the leader %(forced)s and the others %(others)s; double to the player opposite, double in "
                         "tricks 10-11", quinola=QUINOLA, discard=fish.QUINOLA_DISCARD, diamond=diamond, ace=ace,
                         forced=fish.QUINOLA_FORCED, others=fish.QUINOLA_FORCED_OTHERS)),
        (_("End of hand"), _("Reversis (all 11 tricks): %(each)s from each, %(opposite)s from opposite; broken in "
                             "trick 10-11: %(flat)s to the breaker. Espagnolette (four aces, or three and %(quinola)s, "
                             "no trick) wins the Party. Party: the most card points (A 4, K 3, Q 2, J 1) pays the "
                             "fewest: %(amount)s, double opposite; the hand's winner claims the %(quinola)s and aces "
                             "led", each=fish.REVERSIS_EACH, opposite=2 * fish.REVERSIS_EACH, flat=fish.REVERSIS_FLAT,
                             quinola=QUINOLA, amount=amount)),
        (_("Rules"), options),
        (_("End"), _("%(end)s; the most fish wins; the fish left in the pools: %(pools)s", end=end, pools=pools)),
        (_("Settlement"), own_sheet.settlement_line(reversis.ReversisFish)),
    )


def _subtitle(options: Mapping[str, Any]) -> str:
    parts = [language.ngettext("%(num)d player", "%(num)d players", 4)]
    if options:
        parts.append(", ".join(option_words(fish.SPECS, options, language.word)))
    parts.append(language.gettext("settled by %(settlement)s", settlement=language.word(reversis.ReversisFish.label)))
    return " \u00b7 ".join(parts)


def _footer(table: ReversisTable, groups: Sequence[ColumnGroup], settled: Mapping[str, Any] | None,
            ) -> tuple[FooterRow, ...]:
    """The fish row (each player's balance, then the pools left) and the fish each player holds."""
    def pools(g: ColumnGroup) -> list[Cell]:
        if g.key != "pools" or settled is None:
            return [Cell(span=g.width)]
        left = settled["pools"]
        piles = " ".join(f"{s['id']} {s['fish']}" for s in left["supplements"])
        return [Cell(str(left["current"]), "pool"), Cell(piles or "\u00b7", "pool word"),
                Cell(str(settled["pool"]), "pool total")]

    balance = own_sheet.footer(N_("Fish"), groups, table.players, settled, pools)
    held = tuple(Cell(str(settled["chips"][name]) if settled else "", "total", span=2) for name in table.players)
    rest = sum(g.width for g in groups if g.kind not in ("hand", "player"))
    label = language.gettext("Held (of %(start)s)", start=fish.START_FISH)  # the fish each player holds now
    return balance, FooterRow(label, balance.span, (*held, Cell(span=rest)))


# --- blank sheets -----------------------------------------------------------------------------------

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
    """An empty Reversis sheet: the same columns, a row for each agreed hand (20 when not agreed).

    :raises ScorekeeperError: an unknown option or settlement, or not four players.
    """
    names = tuple(players) if not isinstance(players, int) else ("",) * players
    seats = tuple(name or f"Player {i + 1}" for i, name in enumerate(names))
    checked = _table(game, seats, options, settlement, settlement_options)
    table = ReversisTable(checked.game, checked.rules, names, checked.settlement_options, checked.hands)
    groups = column_groups(table)
    count = rows or table.hands or BLANK_ROWS_WITHOUT_END
    empty = [Row(hand, tuple(cell for g in groups for cell in g.blank_cells(hand))) for hand in range(1, count + 1)]
    return own_sheet.sheet("blank", language.word(table.game.name), _subtitle(options or {}), rules_in_words(table), names, groups,
                           empty, _footer(table, groups, None), None, paper, table.short)


# --- filled sheets ---------------------------------------------------------------------------------

def _settle(record: Mapping[str, Any]) -> tuple[dict[str, Any], Sequence[Mapping[str, Any]]]:
    """The settle output, and each settled hand's replay output (its payments, Reversis, Party...)."""
    settled = family_of(record.get("game")).settle(record)
    return settled_json(settled), [h.replayed for h in settled.hands if h.replayed is not None]


def filled_sheet(record: Mapping[str, Any], *, stored: Sequence[StoredHand] | None = None, paper: str = "a4") -> Sheet:
    """The sheet of a Reversis session: every hand's fish, the pools it left and what settled it; the end.

    ``stored`` (the web app) lists every hand kept, struck-out and waiting ones included, which are
    shown (as they would settle) but not counted; without it the record's hands are the sheet, a hand
    marked ``"counts": false`` shown as waiting.

    :raises ScorekeeperError: the session does not settle (the engine's error, with ``hand``).
    """
    table = _table(str(record.get("game")), list(record["players"]), record.get("options"), record.get("settlement"),
                   record.get("settlement_options"))
    groups = column_groups(table)
    settled, rows = own_sheet.filled(record, stored, _settle, groups, table.players, "hand",
                                     lambda view: ("misdeal",) if view.entry.get("void") else ())
    return own_sheet.sheet("filled", language.word(table.game.name), _subtitle(record.get("options") or {}), rules_in_words(table),
                           table.players, groups, rows, _footer(table, groups, settled), settlement_view(table, settled),
                           paper, table.short, record.get("id"), settled=settled)


def settlement_view(table: ReversisTable, settled: Mapping[str, Any]) -> SettlementView:
    """Fish won or lost and held, the winners, the pools left, the money; who pays whom (in money with a
    stake, else in fish): the settle output's, or the fewest transfers of the fish."""
    names = table.players
    balance = settled["balance"]
    closing = [language.ngettext("Left in the pools: %(pools)s (%(num)s fish).", "Left in the pools: %(pools)s (%(num)s fish).",
                                 settled["pool"], pools=_pools_words(settled["pools"]))] if settled["pool"] else []
    if settled.get("closing"):
        closing += [said_note(settled["closing"]["notes"][name]) for name in names]
    money: tuple[tuple[str, str], ...] = ()
    unit = ""
    if settled.get("money") is not None:
        money = tuple((name, settled["money"][name].replace("-", "\u2212")) for name in names)
        transfers = tuple((t["from"], t["to"], t["amount"]) for t in settled["transfers"])
    else:
        transfers = own_sheet.chip_transfers(names, balance) if any(balance.values()) else ()
        unit = "fish"
    return SettlementView(
        finished=settled["finished"], winners=tuple(settled["winners"]),
        totals=tuple((name, signed(balance[name])) for name in names),
        chips=tuple((name, str(settled["chips"][name])) for name in names), pool=None, closing=tuple(closing),
        money=money, transfers=transfers, transfer_unit=unit, hands=len(settled["hands"]),
    )


def _pools_words(pools: Mapping[str, Any]) -> str:
    return ", ".join([language.gettext("pool %(fish)s", fish=pools["current"]),
                      *(f"{language.word(s['id'])} {s['fish']}" for s in pools["supplements"])])
