"""The phone pages of a Reversis table (``engine.reversis`` decides everything).

The routes are those of every table (``web.pages`` hands a Reversis table to ``PAGES``):
the session page shows who deals and who leads (the deal and the play go to the right), the
pool and its supplemental piles with who has doubled it, each player's running fish, the sheet
with each hand's notes, and at the end the winners, the money and who pays whom; a hand is
recorded by its quick result (``forms``), or as a misdeal; a hand's page shows every
payment in the order it was made (the engine's replay), its history and the corrections (the
quick-result form, or the whole record as JSON, a hand with every card included). Views stay
thin: what the pages share with Tripoli's is ``families.chips``; records are checked and stored by
``services``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import render_template, request

from ....engine import reversis
from ....engine.errors import Said, ScorekeeperError
from ....engine.reversis.rules import DEALER_ANTE, PACK, STAKE, START_FISH
from ....engine.reversis.table import reversis_seating
from ....engine.family import game_def
from ....sheets import own_sheet
from ... import services
from .. import chips
from . import forms as reversis_forms
from ...models import Hand as HandRow
from ...models import TableSession
from ..base import CardTable, Words, pack_rows
from ..chips import ChipPages
from .... import language
from ....language import N_

# A hand at the end of the stored ones, only to read who deals next from the engine's own rotation.
NEXT_HAND_PROBE = {"events": [{"type": "misdeal", "reason": "wrong-count"}]}


@dataclass(frozen=True)
class ReversisGame:
    """What the pages need to know about a Reversis table as configured."""

    id: str
    name: str
    players: tuple[str, ...]


def game_of(table: TableSession) -> ReversisGame:
    game = game_def(table.config["game"])
    return ReversisGame(id=game.id, name=game.name, players=tuple(table.config["players"]))


@dataclass(frozen=True)
class NextHand:
    """The hand about to be played: its number, who deals, who leads, what goes into the pool first."""

    number: int
    dealer: str
    leader: str
    stakes: int  # fish each player puts in first: the game starts here (6.2), else 0
    ante: int  # fish the dealer adds (0 on a misdeal's redeal: already in)


def next_hand(table: TableSession, game: ReversisGame, settled: Mapping[str, Any] | None) -> NextHand | None:
    """Who deals next, by the engine's own rotation (to the right; a misdeal is redealt by the same dealer;
    hands waiting for confirmation were dealt, so they count): None once the game is over."""
    if settled is None or settled.get("finished"):
        return None
    record = services.session_record(table)
    record["hands"].append(NEXT_HAND_PROBE)
    try:
        probe = services.settle_record(record)
    except ScorekeeperError:
        return None
    dealer = probe["hands"][-1]["dealer"]
    seating = reversis_seating(game.players)
    return NextHand(
        number=sum(1 for h in table.hands if not h.struck) + 1, dealer=dealer,
        leader=seating.name(seating.eldest(seating.seat(dealer))),
        stakes=STAKE if not settled["hands"] and table.config.get("pools") is None else 0,
        ante=0 if (settled.get("pools") or {}).get("ante_in") else DEALER_ANTE,
    )


def transfers(game: ReversisGame, settled: Mapping[str, Any] | None) -> list[tuple[str, str, str]]:
    """Who pays whom: the money of the settle output with a stake, else the fish themselves (fewest transfers)."""
    if not settled or not any(settled["balance"].values()):
        return []
    if settled.get("transfers") is not None:
        return [(t["from"], t["to"], t["amount"]) for t in settled["transfers"]]
    return list(own_sheet.chip_transfers(game.players, settled["balance"]))


def replayed(table: TableSession, row: HandRow) -> Any:
    """The engine's replay of a stored hand from the pools the hands before it left (a ``ReversisOutcome``:
    every payment in order); None when the session does not settle with it counting."""
    found = services.settle_counting_json(table, row)
    if found is None:
        return None
    settled, index = found
    config = table.config
    players = config["players"]
    before = settled["hands"][index - 1]["pools"] if index else config.get("pools")
    value = {"game": config["game"], "options": config.get("options") or {}, "players": players,
             **row.record, "dealer": settled["hands"][index]["dealer"]}
    try:
        return reversis.replay(reversis.from_json(value),
                               None if before is None else reversis.Pools.from_json(players, before))
    except ScorekeeperError:
        return None


def quick_of(row: HandRow, outcome: Any) -> Mapping[str, Any]:
    """The quick result of a stored hand: as recorded, or the one the engine writes for a hand of the play."""
    if row.record.get("play") is not None and outcome is not None:
        quick: Mapping[str, Any] = reversis.to_json(reversis.quick_result_of(outcome))
        return quick
    return row.record


class ReversisPages(ChipPages):
    """A Reversis table: the pools between hands, a hand's quick result, every payment of a hand."""

    words = Words(noun="hand", unit="fish", carried=N_("Pools"))
    templates = {"session": "families/reversis/session.html", "live": "families/reversis/live.html",
                 "hand": "families/reversis/hand.html"}
    kind_words = {"result": N_("Recorded by its quick result."), "cards": N_("Recorded with every card."),
                  "misdeal": N_("A misdeal: the deal was void, and the same dealer dealt again.")}

    first = "leader"

    def game_of(self, table: TableSession) -> ReversisGame:
        return game_of(table)

    def seating(self, game: Any) -> Any:
        return reversis_seating(game.players)

    def first_words(self, dealer: str, first: str) -> str:
        return language.gettext("%(dealer)s deals; %(first)s leads.", dealer=dealer, first=first)

    def kind(self, record: Mapping[str, Any]) -> str:
        if record.get("play") is not None:
            return "cards"
        return "result" if record.get("taken") is not None else "misdeal"

    def live_extra(self, table: TableSession, game: Any, settled: dict[str, Any] | None) -> dict[str, Any]:
        return {"next": next_hand(table, game, settled), "transfers": transfers(game, settled),
                "start_fish": START_FISH}

    def outcome(self, table: TableSession, row: HandRow) -> Any:
        return replayed(table, row)

    def shown(self, outcome: Any) -> Any:
        return None if outcome is None else reversis.outcome_json(outcome)

    def form_for(self, game: Any, row: HandRow, outcome: Any, formdata: Any = None) -> Any:
        data = None if formdata else reversis_forms.hand_data(quick_of(row, outcome), game.players)
        return reversis_forms.hand_form(game.players, formdata=formdata, data=data)

    def corrected(self, form: Any, row: HandRow) -> dict[str, Any]:
        return reversis_forms.hand_record(form, row.record)

    def record(self, table: TableSession, sid: str, key: str) -> Any:
        """Record a hand by its quick result (or a misdeal); a refusal keeps the form as typed, nothing stored."""
        game = game_of(table)
        settled = services.current_settlement(table)
        form = reversis_forms.hand_form(game.players, formdata=chips.posted())
        saved, refusal = chips.save_new(table, form, reversis_forms.hand_record, sid, key)
        if saved is not None:
            return saved
        return render_template("families/reversis/result.html", table=table, game=game, words=self.words, form=form,
                               refusal=refusal, key=key, next=next_hand(table, game, settled),
                               pools=settled.get("pools") or {}, open_misdeal=request.args.get("misdeal") == "1")

    def card_table(self, table: TableSession) -> CardTable:
        game = game_of(table)
        settled = services.current_settlement(table)
        upcoming = next_hand(table, game, settled)
        if upcoming is None:
            raise services.NotFound(Said("This game of Reversis is over: no hand is left to record."))
        pools = settled.get("pools") if settled.get("hands") else table.config.get("pools")
        head = {"game": game.id, "options": table.config.get("options") or {}, "players": list(game.players),
                "dealer": upcoming.dealer, "hand": upcoming.number, **({"pools": pools} if pools else {})}
        return CardTable(head, language.gettext("Hand %(number)s", number=upcoming.number),
                         self.first_words(upcoming.dealer, upcoming.leader), start={"play": []}, pack=pack_rows(PACK),
                         number=upcoming.number)


PAGES = ReversisPages()
