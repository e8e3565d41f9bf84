"""The phone pages of a Tripoli, Rummoli or Cosmo table (``engine.tripoli`` decides everything).

The routes are those of every table (``web.pages`` hands a Tripoli table to ``PAGES``, whose flows
are ``families.chips.ChipPages``'s):
the session page shows who deals, the layout between deals (the chips on each space, from
the settle output's ``layout``), the pot, each player's chips, the sheet with each deal's
notes, and the end of the game; a deal is recorded by its quick result (or, at the end, a
final poker deal); a hand's page shows why it moved the chips it did, its history, and the
corrections (the quick-result form, or the whole record as JSON). Views stay thin: records
are shaped by ``forms``, checked and stored by ``services``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import render_template, request
from flask_babel import gettext

from ....engine.errors import ScorekeeperError
from ....engine.seating import Seating
from ....engine.family import family_of, game_def
from ....sheets import tripoli as tripoli_sheet
from ....sheets.charts import layout_board
from ... import forms, lang, services
from .. import chips
from . import forms as tripoli_forms
from ...models import Hand as HandRow
from ...models import TableSession
from ..base import CardTable, Words, pack_rows
from ..links import table_links
from ....engine.cards import full_pack
from .... import language
from ....language import N_
from ..chips import ChipPages


@dataclass(frozen=True)
class TripoliGame:
    """What the pages need to know about a Tripoli table as configured."""

    id: str
    name: str
    players: tuple[str, ...]
    first_dealer: str
    settlement: str
    settlement_options: Mapping[str, Any]
    rules: Any  # engine.tripoli.TripoliRules
    labels: Mapping[str, str]
    spaces: tuple[str, ...]

    @property
    def seating(self) -> Seating:
        return Seating(self.players)


def game_of(table: TableSession) -> TripoliGame:
    config = table.config
    rules = tripoli_sheet.rules_of(config)
    game = game_def(config["game"])
    return TripoliGame(
        id=game.id, name=game.name, players=tuple(config["players"]), first_dealer=config["first_dealer"],
        settlement=config.get("settlement") or family_of(game.id).default_settlement(game.id),
        settlement_options=config.get("settlement_options") or {}, rules=rules,
        labels=tripoli_sheet.space_labels(rules), spaces=tripoli_sheet.shown_spaces(rules),
    )


@dataclass(frozen=True)
class NextDeal:
    """The deal about to be played: its number, dealer, eldest, and the hands dealt."""

    number: int
    dealer: str
    eldest: str
    sizes: tuple[int, ...]  # n + 1 hands (the spare last)
    final: bool  # the final poker has begun: only final deals follow
    antes_in: bool = False  # the last deal was a misdeal: its antes are on the layout for this one


def is_misdeal(record: Mapping[str, Any]) -> bool:
    return any(isinstance(e, Mapping) and e.get("type") == "misdeal" for e in record.get("events") or ())


def next_deal(table: TableSession, game: TripoliGame, settled: Mapping[str, Any] | None) -> NextDeal:
    """Who deals next, by the engine's own rotation (``TripoliFold``: the deal passes clockwise after every
    deal, waiting ones included, as they were dealt; a misdeal is dealt again by the same dealer)."""
    from ....engine.tripoli.deal import hand_sizes

    kept = [h for h in table.hands if not h.struck]
    seating = game.seating
    dealer: int = services.stored_fold(table).dealer
    final = any(h.get("final") for h in (settled or {}).get("hands", []))
    return NextDeal(len(kept) + 1, seating.name(dealer), seating.name(seating.eldest(dealer)),
                    hand_sizes(len(game.players)), final, bool((settled or {}).get("antes_in")))


def outcome_of(table: TableSession, row: HandRow) -> dict[str, Any] | None:
    """The engine's replay output of a stored deal (``replay`` of FORMAT.md): every claim, the pot, the
    Michigan end, each chip moved. None when the session does not settle with it counting."""
    from ....engine import tripoli
    from ....engine.tripoli import Layout

    found = services.settle_counting_json(table, row)
    if found is None:
        return None
    settled, index = found
    config = table.config
    carried = settled["hands"][index - 1]["layout"] if index else (config.get("layout") or {})
    antes_in = bool(index and settled["hands"][index - 1].get("void"))  # a misdeal's antes serve the redeal
    value = {"game": config["game"], "options": config.get("options") or {}, "players": config["players"],
             **row.record, "dealer": settled["hands"][index]["dealer"]}
    try:
        out: dict[str, Any] = tripoli.replay_json(value, Layout.from_json(carried), antes_in)
    except ScorekeeperError:
        return None
    return out


class TripoliPages(ChipPages):
    """A Tripoli, Rummoli or Cosmo table: the layout between deals, a deal's quick result or a final poker deal."""

    words = Words(noun="deal", unit="chips", carried=N_("Layout"))
    noun = words.noun
    templates = {"session": "families/tripoli/session.html", "live": "families/tripoli/live.html",
                 "hand": "families/tripoli/hand.html"}
    kind_words = {"cards": N_("Recorded with every card."), "final": N_("A final poker deal."),
                  "result": N_("Recorded by its quick result."),
                  "misdeal": N_("A misdeal: the deal was void, its antes stayed on the layout, and the same dealer "
                                "dealt again.")}  # translated where shown (families/chips/hand.html)

    first = "eldest"

    def game_of(self, table: TableSession) -> TripoliGame:
        return game_of(table)

    def seating(self, game: Any) -> Seating:
        seating: Seating = game.seating
        return seating

    def first_words(self, dealer: str, first: str) -> str:
        return language.gettext("%(dealer)s deals; %(first)s is first.", dealer=dealer, first=first)

    def kind(self, record: Mapping[str, Any]) -> str:
        if tripoli_forms.is_final(record):
            return "final"
        if is_misdeal(record):
            return "misdeal"
        return "cards" if record.get("deal") is not None else "result"

    def session_page(self, table: TableSession, can_edit: bool, key: str) -> str:
        """The chip games' session page, with the "Misdeal?" action (the route every table has) for the scorer."""
        misdeal_form = forms.MisdealForm(data={"client_id": forms.new_client_id()}) if can_edit else None
        return render_template(self.templates["session"], links=table_links(table, can_edit, key),
                               misdeal_form=misdeal_form, **self.context(table, can_edit, key))

    def live_extra(self, table: TableSession, game: Any, settled: dict[str, Any] | None) -> dict[str, Any]:
        labels = {space: gettext(game.labels[space]) for space in game.spaces}  # Kitty, Pot: tripoli_forms.SPACE_WORDS
        with lang.speaking(None):  # the board's words in the page's language
            board = layout_board((settled or {}).get("layout") or {}, labels)
        return {"next": next_deal(table, game, settled), "board": board}

    def outcome(self, table: TableSession, row: HandRow) -> dict[str, Any] | None:
        return outcome_of(table, row)

    def form_for(self, game: Any, row: HandRow, outcome: Any, formdata: Any = None) -> Any:
        if tripoli_forms.is_final(row.record):
            data = None if formdata else tripoli_forms.final_data(row.record, game.players, outcome)
            return tripoli_forms.final_form(game.players, game.settlement_options, formdata=formdata, data=data,
                                            has_pot=game.rules.has_poker)
        data = None if formdata else tripoli_forms.deal_data(row.record, game.players, outcome)
        return tripoli_forms.deal_form(game.rules, game.players, formdata=formdata, data=data)

    def corrected(self, form: Any, row: HandRow) -> dict[str, Any]:
        if tripoli_forms.is_final(row.record):
            return tripoli_forms.final_record(form, row.record)
        return tripoli_forms.deal_record(form, row.record)

    def record(self, table: TableSession, sid: str, key: str) -> Any:
        """Record a deal by its quick result, or a final poker deal (``?final=1``, or once the final poker began)."""
        game = game_of(table)
        settled = services.current_settlement(table)
        upcoming = next_deal(table, game, settled)
        posted = request.method == "POST"
        final = (request.form.get("final") == "1") if posted else (upcoming.final or request.args.get("final") == "1")
        formdata = request.form if posted else None
        form: Any = (tripoli_forms.final_form(game.players, game.settlement_options, formdata=formdata,
                                              has_pot=game.rules.has_poker) if final
                     else tripoli_forms.deal_form(game.rules, game.players, formdata=formdata))
        shape = tripoli_forms.final_record if final else tripoli_forms.deal_record
        saved, refusal = chips.save_new(table, form, shape, sid, key, self.words.noun)
        if saved is not None:
            return saved
        return render_template("families/tripoli/result.html", table=table, game=game, words=self.words, form=form, final=final,
                               refusal=refusal, key=key, next=upcoming, layout=settled.get("layout") or {})

    def card_table(self, table: TableSession) -> CardTable:
        game = game_of(table)
        settled = services.current_settlement(table)
        upcoming = next_deal(table, game, settled)
        layout = settled.get("layout") if settled.get("hands") else table.config.get("layout")
        head = {"game": game.id, "options": table.config.get("options") or {}, "players": list(game.players),
                "dealer": upcoming.dealer, "hand": upcoming.number, **({"layout": layout} if layout else {}),
                **({"antes_in": True} if upcoming.antes_in else {}), **({"final": True} if upcoming.final else {})}
        claimed = tuple((str(s), game.labels[s]) for s in game.spaces if str(s) not in ("KITTY", "POT"))
        return CardTable(head, language.gettext("Deal %(number)s", number=upcoming.number),
                         self.first_words(upcoming.dealer, upcoming.eldest), spaces=claimed, pack=pack_rows(full_pack()),
                         number=upcoming.number)


PAGES = TripoliPages()
