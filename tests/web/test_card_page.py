"""The card page of every game and its JSON endpoint (``web/play.py``), through the Flask client on SQLite and
PostgreSQL: a whole hand of the Hearts core, of Reversis and of Tripoli built one action at a time through
``/s/<sid>/<key>/next`` exactly as the page posts it, saved through the page's form, and compared with the
engine's replay of the same record; refusals with the engine's code; the body fuzzed (any JSON: 200, 400
or 422, never a 500). The browser runs are ``tests/browser/test_card_page_phone.py``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from scorekeeper.engine.family import family_of, family_of_record
from scorekeeper.web.extensions import db
from scorekeeper.web.models import Hand
from tests.support.examples import example
from tests.support.pages import Page, csrf_header, get, start_table, submit
from tests.support.cardpage import ABCD, start_chips
from tests.support.disputes import reversis_revoke


class Tapper:
    """The card page's side of the endpoint: the record kept here, each action posted with it."""

    def __init__(self, client: FlaskClient, edit: str) -> None:
        self.client, self.edit = client, edit
        self.page = get(client, edit + "/play")
        self.headers = csrf_header(self.page)
        self.answer = self.post(None, None)
        assert self.answer["ok"], self.answer
        self.record = self.answer["record"]

    def post(self, record: Any, action: Any, status: int = 200) -> dict[str, Any]:
        response = self.client.post(self.edit + "/next", json={"record": record, "action": action},
                                    headers=self.headers)
        assert response.status_code == status, response.get_json()
        body: dict[str, Any] = response.get_json()
        return body

    def tap(self, kind: str, value: Any, player: str | None = None) -> dict[str, Any]:
        self.answer = self.post(self.record, {"kind": kind, "player": player, "value": value})
        self.record = self.answer["record"]
        return self.answer

    def refused(self, kind: str, value: Any, player: str | None = None) -> dict[str, Any]:
        return self.post(self.record, {"kind": kind, "player": player, "value": value}, status=422)

    def save(self, **changes: Any) -> Any:
        return submit(self.client, self.page, "play-form", {"record": json.dumps(self.record), **changes})


def stored(app: Flask) -> list[dict[str, Any]]:
    with app.app_context():
        return [dict(row.record) for row in db.session.scalars(select(Hand).order_by(Hand.position))]


def totals(client: FlaskClient, edit: str) -> dict[str, str]:
    return get(client, edit).totals()


# --- the Hearts core ------------------------------------------------------------------------------------------

def test_a_black_lady_hand_under_the_two_of_clubs_rule(app: Flask, client: FlaskClient) -> None:
    value = example("black-lady-hand")
    edit, _ = start_table(client, players=ABCD, changes={"opt_first_lead": "two-of-clubs"})
    page = Tapper(client, edit)
    assert page.answer["next"] == {"kind": "leader", "ask": "player", "choices": ABCD}
    assert page.tap("leader", "Bob")["next"]["player"] == "Bob"
    refused = page.refused("play", "3C")  # Bob, the stated leader, is taken to hold 2C: he must lead it
    assert refused["error"]["code"] == "first-lead" and refused["error"]["message"] == (
        "Bob holds 2♣ and must lead it to the first trick, not 3♣")
    # a wrong first lead is a renege like any revoke: the table may let it stand as Bob's revoke
    assert refused["stands"] == {"kind": "revoke", "player": "Bob", "value": {"trick": 1, "card": "3C"}}
    for code in value["play"]:
        answer = page.tap("play", code)
    assert answer["complete"] and answer["outcome"]["points"] == {"Ann": 3, "Bob": 4, "Cat": 2, "Dan": 17}
    assert page.refused("play", "2C")["error"]["code"] == "complete"
    response = page.save()
    assert response.status_code == 302, Page(response).refusal()
    [hand] = stored(app)
    assert hand["play"] == value["play"] and hand["leader"] == "Bob" and "game" not in hand
    whole = {**value, "leader": "Bob"}
    points = family_of_record(whole).replay_json({k: v for k, v in whole.items() if k not in ("deal", "passes")})
    assert {p: int(v) for p, v in totals(client, edit).items()} == points["points"]
    assert page.save().status_code == 302 and len(stored(app)) == 1  # sent twice: stored once


def test_a_revoke_the_table_lets_stand(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_table(client, players=ABCD)  # Dan deals, Ann leads
    page = Tapper(client, edit)
    for code in ["2C", "3C", "4H", "5C", "6C", "7C", "8C"]:  # Cat shows out of clubs in trick 1 ...
        page.tap("play", code)
    refused = page.refused("play", "9C")  # ... and plays 9C
    assert refused["error"]["code"] == "revoke" and refused["error"]["message"].startswith(
        "Cat played 4♥ on a club lead while holding 9♣")
    assert refused["stands"] == {"kind": "revoke", "player": "Cat", "value": {"trick": 1, "card": "9C"}}
    stood = page.tap(**{k: refused["stands"][k] for k in ("kind", "player", "value")})
    assert stood["complete"] and stood["outcome"]["points"]["Cat"] > 0
    assert page.save().status_code == 302
    [hand] = stored(app)
    assert hand["events"] == [{"type": "revoke", "player": "Cat", "trick": 1}] and len(hand["play"]) == 8
    assert "revoke" in get(client, edit + "/hand/1").html


def test_the_shooter_chooses_on_the_page(app: Flask, client: FlaskClient) -> None:
    from scorekeeper.engine.hearts import records
    from scorekeeper.engine.hearts.simulate import random_record
    import random

    value = next(v for seed in range(5000) if (v := records.to_json(
        random_record("black-lady", ABCD, random.Random(seed), dealer=3))).get("moon_choice"))
    edit, _ = start_table(client, players=ABCD)
    page = Tapper(client, edit)
    for code in value["play"]:
        answer = page.tap("play", code)
    assert answer["next"]["kind"] == "moon-choice" and answer["next"]["choices"] == ["subtract", "add"]
    assert page.refused("moon-choice", "both")["error"]["code"] in ("syntax", "moon-choice")
    assert page.tap("moon-choice", "add")["complete"]
    assert page.save().status_code == 302
    assert stored(app)[0]["moon_choice"] == "add"


def test_an_auction_hand_starts_with_its_bids(app: Flask, client: FlaskClient) -> None:
    """Auction Hearts on the card page: the bids in turn from eldest (a pass is null), the suit the high
    bidder names, then the cards; a bid no higher than the last is refused with the auction's code."""
    edit, _ = start_table(client, players=ABCD, game="auction-hearts")
    page = Tapper(client, edit)
    first = page.answer["next"]
    assert first["kind"] == "bid" and first["ask"] == "number"
    bidder = first["player"]
    page.tap("bid", 2, bidder)
    assert page.refused("bid", 1, page.answer["next"]["player"])["error"]["code"] == "bid"
    for _ in range(3):
        page.tap("bid", None, page.answer["next"]["player"])
    assert page.answer["next"]["kind"] == "penalty-suit" and page.answer["next"]["player"] == bidder
    page.tap("penalty-suit", "C", bidder)
    assert page.answer["next"]["kind"] == "play"
    events = page.record["events"]
    assert events[0] == {"type": "bid", "player": bidder, "chips": 2} and events[-1]["type"] == "penalty-suit"


# --- Reversis and Tripoli ---------------------------------------------------------------------------------------


def test_a_reversis_hand_as_the_table_plays_it(app: Flask, client: FlaskClient) -> None:
    import random

    from scorekeeper.engine.reversis import simulate, to_json

    value = next(v for seed in range(100) if not (v := to_json(simulate.random_record(
        tuple(ABCD), random.Random(seed), dealer=0))).get("events"))  # Ann deals, as the table's first dealer
    edit = start_chips(client, "reversis")
    page = Tapper(client, edit)
    first = page.answer["next"]  # before the first lead, the table says who declared Espagnolette (nobody here)
    assert first["kind"] == "espagnolette" and first["ask"] == "option" and None in first["choices"]
    page.tap("espagnolette", None)
    assert page.answer["next"]["player"] == "Dan" and page.answer["next"]["ask"] == "card"
    assert page.answer["state"]["pools"]["current"] == 25
    refused = page.refused("play", value["play"][0] if isinstance(value["play"][0], str) else value["play"][0][1],
                           player="Bob")
    assert refused["error"]["code"] == "not-next"
    plays = [p if isinstance(p, str) else p[1] for p in value["play"]]
    for code in plays:
        answer = page.tap("play", code)
    assert answer["complete"]
    assert page.save().status_code == 302
    [hand] = stored(app)
    assert [p if isinstance(p, str) else p[1] for p in hand["play"]] == plays
    mine = {"game": "reversis", "players": ABCD, "dealer": "Ann", "hand": 1, **hand}
    settled = family_of("reversis").settle_json({"game": "reversis", "players": ABCD, "first_dealer": "Ann",
                                                  "hands": [hand]})
    assert family_of("reversis").replay_json(mine) == answer["outcome"]
    assert {p: int(v) for p, v in totals(client, edit).items()} == settled["totals"]
    second = Tapper(client, edit)  # hand 2: Dan deals (to the right), from the pools hand 1 left
    assert second.answer["ok"] and second.answer["next"]["kind"] == "espagnolette"
    second.tap("espagnolette", None)
    assert second.answer["next"]["player"] == "Cat"
    assert second.page.html.count("Hand 2") and "pools" in second.answer["record"]


def test_a_reversis_revoke_the_table_establishes(app: Flask, client: FlaskClient) -> None:
    plays, k, wrong = reversis_revoke()  # the first card that proves an earlier failure to follow
    edit = start_chips(client, "reversis")
    page = Tapper(client, edit)
    page.tap("espagnolette", None)
    for code in plays[:k]:
        page.tap("play", code)
    refused = page.refused("play", wrong)
    assert refused["error"]["code"] == "revoke" and refused["stands"]["kind"] == "revoke"
    reneger, trick = refused["stands"]["player"], refused["stands"]["value"]["trick"]
    stood = page.tap(**{k: refused["stands"][k] for k in ("kind", "player", "value")})
    assert stood["complete"] and stood["outcome"]["revoke"] == {"player": reneger, "trick": trick}
    assert {p["to"]: p["fish"] for p in stood["paid"] if p["why"] == "revoke"} == {
        name: 10 for name in ABCD if name != reneger}  # 4.1: the reneger pays each other player 10
    assert page.save().status_code == 302
    [hand] = stored(app)
    assert hand["events"] == [{"type": "revoke", "player": reneger, "trick": trick}]
    settled = family_of("reversis").settle_json({"game": "reversis", "players": ABCD, "first_dealer": "Ann",
                                                  "hands": [hand]})
    assert {p: int(v) for p, v in totals(client, edit).items()} == settled["totals"]


def test_a_tripoli_deal_its_claims_betting_and_showdown(app: Flask, client: FlaskClient) -> None:
    edit = start_chips(client, "tripoli")
    page = Tapper(client, edit)
    assert page.answer["next"]["kind"] == "spare" and page.answer["next"]["player"] == "Ann"  # the dealer's choice
    page.tap("spare", "keep", "Ann")
    assert page.answer["next"]["kind"] == "claims" and page.answer["next"]["ask"] == "claims"
    assert "data-spaces='" in page.page.html
    page.tap("claims", {"AH": "Ann", "KH": "Cat", "QH": "Cat", "KQ": "Cat"})
    first = page.answer["next"]
    assert first["kind"] == "bet" and first["player"] == "Bob"  # Ann deals: Bob bets first
    assert {"kind": "check"} in first["choices"]
    assert page.refused("bet", ["check"], player="Cat")["error"]["code"] == "not-next"
    for player, bet in [("Bob", ["bet", 2]), ("Cat", ["fold"]), ("Dan", ["call"]), ("Ann", ["fold"])]:
        page.tap("bet", bet, player)
    for player in ("Bob", "Dan"):  # the cards each shows at the showdown: not written down
        assert page.answer["next"]["kind"] == "poker-cards" and page.answer["next"]["count"] == 5
        page.tap("poker-cards", None, player)
    assert page.answer["next"]["kind"] == "showdown" and page.answer["state"]["bets"]["Bob"] == 2
    assert page.answer["paid"]  # the antes and the bets
    page.tap("showdown", ["Dan"])
    assert page.answer["next"]["kind"] == "michigan" and "unknown" in page.answer["next"]


# --- the endpoint's body ----------------------------------------------------------------------------------------

def test_bad_bodies_are_refused_with_a_sentence(client: FlaskClient) -> None:
    edit, _ = start_table(client, players=ABCD)
    headers = csrf_header(get(client, edit + "/play"))
    for body, status in [(b"not json", 400), (b"[1, 2]", 400), (b'{"record": 5}', 400), (b"\xff", 400),
                         (b'{"action": "2C"}', 422), (b'{"action": {"kind": "bet"}}', 422),
                         (b'{"record": {"play": 5}, "action": null}', 422)]:
        response = client.post(edit + "/next", data=body, headers={**headers, "Content-Type": "application/json"})
        assert response.status_code == status, (body, response.get_json())
        answer = response.get_json()
        assert answer["ok"] is False and answer["error"]["message"]
    assert client.post(edit + "/next", json={}).status_code == 400  # without the page's CSRF token


def _nested(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=6), _nested, max_leaves=12)
ACTIONS = st.fixed_dictionaries({"kind": st.sampled_from(["play", "leader", "moon-choice", "revoke", "bet", "x"]),
                                 "player": st.sampled_from([None, "Ann", "Zed", 3]),
                                 "value": JSON | st.sampled_from(["2C", "QS", "AH", "add"])})


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(record=st.none() | st.dictionaries(st.sampled_from(["play", "leader", "events", "moon_choice", "x"]), JSON,
                                          max_size=3),
       action=st.none() | ACTIONS | JSON)
def test_any_json_body_is_answered_never_a_500(sqlite_app: Flask, record: Any, action: Any) -> None:
    client, edit, headers = _fuzz_table(sqlite_app)
    response = client.post(edit + "/next", json={"record": record, "action": action}, headers=headers)
    assert response.status_code in (200, 400, 422), response.get_data(as_text=True)[:300]
    assert isinstance(response.get_json(), dict)


_TABLES: dict[int, tuple[FlaskClient, str, dict[str, str]]] = {}


def _fuzz_table(app: Flask) -> tuple[FlaskClient, str, dict[str, str]]:
    """One table (and one phone) per app: hypothesis runs its examples on the same fixture."""
    if id(app) not in _TABLES:
        client = app.test_client()
        edit, _ = start_table(client, players=ABCD)
        _TABLES[id(app)] = (client, edit, csrf_header(get(client, edit + "/play")))
    return _TABLES[id(app)]


def test_taps_kept_offline_are_checked_when_the_hand_arrives(app: Flask, client: FlaskClient) -> None:
    """A hand saved offline carries the taps the engine has not seen yet: the server checks them in order."""
    value = example("black-lady-hand")
    edit, _ = start_table(client, players=ABCD, changes={"opt_first_lead": "two-of-clubs"})
    page = Tapper(client, edit)
    page.tap("leader", "Bob")
    for code in value["play"][:48]:
        page.tap("play", code)
    kept = [{"kind": "play", "player": None, "value": code} for code in value["play"][48:]]
    for pending in ("[", json.dumps([*kept[:3], {"kind": "play", "value": "2C"}])):  # unreadable; 2C again
        refused = page.save(pending=pending)
        assert refused.status_code == 200 and Page(refused).refusal() and stored(app) == []
    response = page.save(pending=json.dumps(kept))
    assert response.status_code == 302, Page(response).refusal()
    assert [p if isinstance(p, str) else p[1] for p in stored(app)[0]["play"]] == value["play"]
    again = page.save(pending=json.dumps(kept))  # its answer lost, sent again: the table has a new dealer now
    assert again.status_code == 302 and again.headers["Location"].endswith("/hand/1") and len(stored(app)) == 1


@pytest.mark.parametrize("game", ["black-lady", "auction-hearts", "domino-hearts", "conquimbert", "knaves", "polignac"])
def test_the_card_page_is_linked_for_every_game(client: FlaskClient, game: str) -> None:
    """Bids, players dropping out, trades, trumps: every hand of the family walks action by action."""
    edit, _ = start_table(client, players=ABCD if game != "knaves" else ABCD[:3], game=game)
    assert 'id="record-cards"' in get(client, edit).html
    assert 'id="to-cards"' in get(client, edit + "/result").html
    assert get(client, edit + "/play").html.count('id="ask"') == 1


def test_knaves_asks_the_card_turned_up_for_trumps_first(client: FlaskClient) -> None:
    """Knaves: the dealer's card turned up comes before the first card; then the play follows trumps."""
    edit, _ = start_table(client, players=ABCD[:3], game="knaves")
    page = Tapper(client, edit)
    first = page.answer["next"]
    assert first["kind"] == "trumps" and first["ask"] == "card" and first["choices"] is None
    assert page.refused("play", "2C")["error"]["code"] == "not-next"
    page.tap("trumps", "7D", first["player"])
    assert page.answer["next"]["kind"] == "play"
    assert {"type": "trumps", "card": "7D"}.items() <= page.record["events"][0].items()


def test_a_two_handed_hand_its_draws_unrecorded(app: Flask, client: FlaskClient) -> None:
    """Two-Handed Hearts: 52 cards tapped, the stock's draws never said; a renege refused only where the
    plays prove it (with the stock gone)."""
    value = example("two-handed-hearts-hand")
    edit, _ = start_table(client, players=value["players"], game="two-handed-hearts")
    page = Tapper(client, edit)
    wrong = list(value["play"])
    wrong[49], wrong[50] = wrong[50], wrong[49]  # trick 25: Ann's KD on a club lead, her 6C in trick 26
    for code in wrong[:51]:
        page.tap("play", code)
    refused = page.refused("play", wrong[51])  # 6C proves it
    assert refused["error"]["code"] == "revoke" and refused["error"]["trick"] == 25
    assert "with the stock gone, nothing was drawn in between" in refused["error"]["message"]
    page = Tapper(client, edit)
    for code in value["play"]:
        answer = page.tap("play", code)
    assert answer["complete"] and answer["outcome"]["points"] == {"Ann": 4, "Bob": 9}
    assert page.save().status_code == 302
    assert {p: int(v) for p, v in totals(client, edit).items()} == {"Ann": 4, "Bob": 9}
    assert stored(app)[0]["play"] == value["play"] and "deal" not in stored(app)[0]


def test_an_incomplete_hand_is_refused_and_nothing_stored(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_table(client, players=ABCD)
    response = submit(client, get(client, edit + "/play"), "play-form", {"record": json.dumps({"play": ["2C", "3C"]})})
    assert Page(response).status == 200 and Page(response).refusal().startswith("the hand stops after 2 of 52 cards")
    assert stored(app) == []


def test_a_bet_kept_offline_goes_to_the_player_on_turn(client: FlaskClient) -> None:
    """A tap kept offline does not know whose turn it was: a bet sent without its player, when it is checked,
    is the bet of the player on turn (the deal so far says who), and the next one's too."""
    edit = start_chips(client, "tripoli")
    page = Tapper(client, edit)
    page.tap("spare", "keep", "Ann")
    page.tap("claims", {"AH": "Ann", "KH": "Cat", "QH": "Cat", "KQ": "Cat"})
    page.tap("bet", ["bet", 2])  # Bob opens, Cat folds: neither named
    page.tap("bet", ["fold"])
    assert page.record["poker"]["betting"] == [["Bob", "bet", 2], ["Cat", "fold"]]
    assert page.answer["next"]["player"] == "Dan"
