"""The forms of a Tripoli, Rummoli or Cosmo deal, built from the table's rules (``engine.tripoli``).

The quick result of FORMAT.md, field by field: the spare hand (action, buyer, price), the
paying-suit bid or Cosmo's board where the table has one, who took each pay-card space,
the poker (the chips each player put in, the winners), and how Michigan ended (who went
out, or a block, and the cards left in each hand). A final poker deal (5.7) has its own
small form. These functions only shape input into records and outputs back into fields:
whether a deal is possible is the engine's answer.

The page asks only what the first answers call for: the buyer and the price once the spare
hand was sold, the cards left of every player but the one who went out. What it does not ask
is not read either (a box the page hid never changes the record).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, RadioField, SelectField
from wtforms.validators import Optional

from ....engine.tripoli.layout import Space
from ....engine.tripoli.rules import SEQUENCES, TripoliRules
from ....sheets.tripoli import SUIT_SYMBOLS, rules_of, shown_spaces, space_labels
from ...forms import choices, new_client_id, seat_chosen
from ...params import WholeField
from ....language import N_

SUIT_WORDS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
CLAIM_SPACES = (Space.AH, Space.KH, Space.QH, Space.JH, Space.TH, Space.KQ)  # one taker each; SEQ may be shared
SPARE_WORDS = {  # the spare hand, by what the dealer did (the form's pills), translated by deal_form
    "keep": N_("kept"),
    "swap": N_("swapped"),
    "auction": N_("sold"),
    "swap-then-auction": N_("swapped, then sold"),
}
SPACE_WORDS = (N_("Kitty"), N_("Pot"), N_("Sequence"))  # sheets.tripoli.space_labels' words, translated where shown


# --- the deal by its quick result -------------------------------------------------------------------

class TripoliDealForm(FlaskForm):
    """One deal's quick result; the per-player and per-space fields are added for the table."""

    client_id = HiddenField()
    spare_action = RadioField(_l("The spare hand"), choices=choices(list(SPARE_WORDS.items())), default="keep",
                              validators=[Optional()], validate_choice=False)
    spare_buyer = SelectField(_l("Bought by"), choices=[], validate_choice=False)
    spare_price = WholeField(_l("For (chips)"), validators=[Optional()])
    bid_winner = SelectField(_l("Won the bid for the paying suit"), choices=[], validate_choice=False)
    bid_amount = WholeField(_l("Bid (chips, onto the kitty)"), validators=[Optional()])
    bid_suit = SelectField(_l("Paying suit chosen"), choices=[], validate_choice=False)
    board_suit = SelectField(_l("Paying suit on the board"), choices=[], validate_choice=False)
    board_sequence = SelectField(_l("Sequence on the board"), choices=[], validate_choice=False)
    end = RadioField(_l("Michigan ended"), choices=[], validators=[Optional()], validate_choice=False)

    players: tuple[str, ...]
    rules: TripoliRules
    labels: dict[str, str]
    claim_spaces: tuple[str, ...]

    @property
    def has_spare(self) -> bool:
        return self.rules.spare == "exchange"

    @property
    def has_bid(self) -> bool:
        return self.rules.paying_suit == "bid"

    @property
    def has_board(self) -> bool:
        return self.rules.paying_suit == "board"

    @property
    def has_poker(self) -> bool:
        return self.rules.has_poker

    def claim(self, space: str) -> Field:
        return self[f"claim_{space}"]

    def seq(self, seat: int) -> Field:
        return self[f"seq_{seat}"]

    def bet(self, seat: int) -> Field:
        return self[f"bet_{seat}"]

    def win(self, seat: int) -> Field:
        return self[f"win_{seat}"]

    def left(self, seat: int) -> Field:
        return self[f"left_{seat}"]

    @property
    def bet_fields(self) -> list[Field]:
        return [self.bet(seat) for seat in range(len(self.players))]

    @property
    def left_fields(self) -> list[Field]:
        return [self.left(seat) for seat in range(len(self.players))]


def _seats(players: Sequence[str]) -> list[tuple[str, str]]:
    return [(str(seat), name) for seat, name in enumerate(players)]


def _per_player_fields(players: Sequence[str], bets: bool) -> dict[str, Any]:
    attrs: dict[str, Any] = {}
    for seat, name in enumerate(players):
        if bets:
            attrs[f"bet_{seat}"] = WholeField(f"{name}'s chips in the pot", validators=[Optional()])
            attrs[f"win_{seat}"] = BooleanField(f"{name} won the pot")
    return attrs


def deal_form(
    rules: TripoliRules, players: Sequence[str], *, formdata: Any = None, data: Mapping[str, Any] | None = None,
) -> TripoliDealForm:
    """The quick-result form of this table (built from its rules, never per game)."""
    seats = _seats(players)
    attrs = _per_player_fields(players, rules.has_poker)
    claim_spaces = tuple(s.value for s in CLAIM_SPACES)
    for space in claim_spaces:
        attrs[f"claim_{space}"] = RadioField(f"Who took {space}", choices=choices([("", "nobody"), *seats]),
                                             validators=[Optional()], validate_choice=False)
    for seat, name in enumerate(players):
        attrs[f"seq_{seat}"] = BooleanField(f"{name} took the sequence")
        attrs[f"left_{seat}"] = WholeField(f"{name}'s cards left", validators=[Optional()])
    cls = type("TripoliDealForm_", (TripoliDealForm,), attrs)
    form: TripoliDealForm = cls(formdata=formdata, data=dict(data or {}))
    form.players = tuple(players)
    form.rules = rules
    form.labels = space_labels(rules)
    form.claim_spaces = claim_spaces
    nobody = [("", gettext("nobody"))]
    form.spare_action.choices = choices([(action, gettext(words)) for action, words in SPARE_WORDS.items()])
    form.spare_buyer.choices = choices([*nobody, *seats])
    form.bid_winner.choices = choices([("", gettext("nobody: everyone passed")), *seats])
    suits = [(code, f"{SUIT_SYMBOLS[code]} {gettext(SUIT_WORDS[code])}") for code in ("S", "H", "D", "C")]
    form.bid_suit.choices = choices([("", "\u2014"), *suits])
    form.board_suit.choices = choices([("", "\u2014"), *suits])
    form.board_sequence.choices = choices([("", "\u2014"), *[(s, s) for s in SEQUENCES]])
    form.end.choices = choices([*seats, ("block", gettext("blocked"))])
    if not form.client_id.data:
        form.client_id.data = new_client_id()
    return form


def _client(hand: dict[str, Any], form: Any, keep: Mapping[str, Any] | None) -> None:
    client_id = (keep or {}).get("id") or form.client_id.data
    if client_id:
        hand["id"] = client_id


def _poker(form: Any) -> dict[str, Any]:
    players = form.players
    bets = {name: form.bet(seat).data for seat, name in enumerate(players) if form.bet(seat).data is not None}
    poker: dict[str, Any] = {"bets": bets}
    winners = [name for seat, name in enumerate(players) if form.win(seat).data]
    if winners:
        poker["winners"] = winners
    return poker


def deal_record(form: TripoliDealForm, keep: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The quick-result record (FORMAT.md) the form says; ``keep`` is the record it corrects (its id stays)."""
    players = form.players
    hand: dict[str, Any] = {}
    _client(hand, form, keep)
    if form.has_spare:
        action = form.spare_action.data or "keep"
        if action in ("auction", "swap-then-auction"):
            buyer = seat_chosen(form.spare_buyer.data, players)
            hand["spare"] = {"action": action, "buyer": None if buyer is None else players[buyer],
                             "price": form.spare_price.data}
        elif action != "keep":
            hand["spare"] = action
    if form.has_bid:
        winner = seat_chosen(form.bid_winner.data, players)
        if winner is None:
            hand["bid"] = {"winner": None}
        else:
            hand["bid"] = {"winner": players[winner], "amount": form.bid_amount.data}
            if form.bid_suit.data:
                hand["bid"]["suit"] = form.bid_suit.data
    if form.has_board:
        if form.board_suit.data:
            hand["paying_suit"] = form.board_suit.data
        if form.board_sequence.data:
            hand["sequence"] = form.board_sequence.data
    claims: dict[str, Any] = {}
    for space in form.claim_spaces:
        taker = seat_chosen(form.claim(space).data, players)
        if taker is not None:
            claims[space] = players[taker]
    sequence = [name for seat, name in enumerate(players) if form.seq(seat).data]
    if sequence:
        claims["SEQ"] = sequence
    hand["claims"] = claims
    if form.has_poker:
        hand["poker"] = _poker(form)
    michigan: dict[str, Any] = {}
    out = seat_chosen(form.end.data, players)
    if out is not None:
        michigan["out"] = players[out]
    elif form.end.data == "block":
        michigan["block"] = True
    left = {name: form.left(seat).data for seat, name in enumerate(players)  # none asked of who went out
            if form.left(seat).data is not None and seat != out}
    if left:
        michigan["left"] = left
    hand["michigan"] = michigan
    return hand


def deal_data(
    record: Mapping[str, Any], players: Sequence[str], outcome: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Form data prefilled from a stored deal: the engine's replay of it (``outcome``, which also
    turns a whole deal or its betting into the quick result), else the record's own fields."""
    data: dict[str, Any] = {}
    seat_of = {name: str(seat) for seat, name in enumerate(players)}
    source: Mapping[str, Any] = outcome or record
    spare = source.get("spare", record.get("spare"))
    if isinstance(spare, str):
        spare = {"action": spare}
    if isinstance(spare, Mapping) and spare.get("action") in SPARE_WORDS:
        data["spare_action"] = spare["action"]
        if spare.get("buyer") in seat_of:
            data["spare_buyer"] = seat_of[spare["buyer"]]
        if spare.get("price") is not None:
            data["spare_price"] = spare["price"]
    bid = source.get("bid") or record.get("bid")
    if isinstance(bid, Mapping):
        if bid.get("winner") in seat_of:
            data["bid_winner"] = seat_of[bid["winner"]]
            data["bid_amount"] = bid.get("amount")
            data["bid_suit"] = bid.get("suit") or ""
    if record.get("paying_suit"):
        data["board_suit"] = record["paying_suit"]
    if record.get("sequence"):
        data["board_sequence"] = record["sequence"]
    claims = source.get("claims")
    if isinstance(claims, Mapping):
        for space, who in claims.items():
            takers = who.get("takers", []) if isinstance(who, Mapping) else [who] if isinstance(who, str) else who or []
            if space == "SEQ":
                for name in takers:
                    if name in seat_of:
                        data[f"seq_{seat_of[name]}"] = True
            elif takers and takers[0] in seat_of:
                data[f"claim_{space}"] = seat_of[takers[0]]
    poker = source.get("poker")
    if isinstance(poker, Mapping):
        for name, chips in (poker.get("bets") or {}).items():
            if name in seat_of and (chips or outcome is None):
                data[f"bet_{seat_of[name]}"] = chips
        winners = poker.get("winners") or []
        for name in [winners] if isinstance(winners, str) else winners:
            if name in seat_of:
                data[f"win_{seat_of[name]}"] = True
    michigan = source.get("michigan")
    if isinstance(michigan, Mapping):
        if michigan.get("out") in seat_of:
            data["end"] = seat_of[michigan["out"]]
        elif michigan.get("block") or michigan.get("end") == "block":
            data["end"] = "block"
        for name, count in (michigan.get("left") or {}).items():
            if name in seat_of and name != michigan.get("out"):
                data[f"left_{seat_of[name]}"] = count
    return data


# --- the final poker (5.7) ---------------------------------------------------------------------------

class TripoliFinalForm(FlaskForm):
    """A final poker deal for the chips left on the layout: bets, winners, the pot, the cut."""

    client_id = HiddenField()
    final = HiddenField(default="1")
    pot = WholeField(_l("Chips played for in this pot"), validators=[Optional()])
    cut = SelectField(_l("The cut for the odd chips was won by"), choices=[], validate_choice=False)

    players: tuple[str, ...]
    several: bool
    ask_cut: bool

    def bet(self, seat: int) -> Field:
        return self[f"bet_{seat}"]

    def win(self, seat: int) -> Field:
        return self[f"win_{seat}"]

    @property
    def bet_fields(self) -> list[Field]:
        return [self.bet(seat) for seat in range(len(self.players))]


def final_form(
    players: Sequence[str], settlement_options: Mapping[str, Any], *, formdata: Any = None,
    data: Mapping[str, Any] | None = None, has_pot: bool = True,
) -> TripoliFinalForm:
    """The final poker form; ``settlement_options`` say whether the table plays several pots and cuts for ties
    (a table without a POT space, Cosmo, always cuts: AMB-50)."""
    cls = type("TripoliFinalForm_", (TripoliFinalForm,), _per_player_fields(players, True))
    form: TripoliFinalForm = cls(formdata=formdata, data=dict(data or {}))
    form.players = tuple(players)
    form.several = settlement_options.get("final_pots") == "several"
    form.ask_cut = settlement_options.get("final_tie") == "cut" or not has_pot
    form.cut.choices = choices([("", gettext("nobody (no odd chips)")), *_seats(players)])
    if not form.client_id.data:
        form.client_id.data = new_client_id()
    return form


def final_record(form: TripoliFinalForm, keep: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The final poker record (FORMAT.md, ``"final": true``) the form says."""
    hand: dict[str, Any] = {}
    _client(hand, form, keep)
    hand["final"] = True
    if form.several and form.pot.data is not None:
        hand["pot"] = form.pot.data
    hand["poker"] = _poker(form)
    cut = seat_chosen(form.cut.data, form.players) if form.ask_cut else None
    if cut is not None:
        hand["cut"] = form.players[cut]
    return hand


def final_data(
    record: Mapping[str, Any], players: Sequence[str], outcome: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Final poker form data: the bets and winners (the engine's replay when there is one), the pot, the cut."""
    data = deal_data({"poker": record.get("poker")}, players, {"poker": outcome["poker"]} if outcome else None)
    if record.get("pot") is not None:
        data["pot"] = record["pot"]
    if record.get("cut") in players:
        data["cut"] = str(list(players).index(record["cut"]))
    return data


def is_final(record: Mapping[str, Any]) -> bool:
    return record.get("final") is True


__all__ = [
    "TripoliDealForm", "TripoliFinalForm", "deal_form", "deal_record", "deal_data", "final_form",
    "final_record", "final_data", "rules_of", "space_labels", "shown_spaces", "is_final",
]
