"""The card page on a 390x844 phone for the Hearts variants whose hands are more than their cards: Auction
Hearts (the bids and the suit named, then the cards), Conquimbert (the trades before the first trick, the
card turned up for trumps on the first void) and Domino Hearts (each card's player, the last player's cards:
without the deal the engine judges the cards once it knows who kept what).
Each is a worked example entered whole as a table plays it, without the deal; the stored record and its
settlement are compared with the engine's replay of the same record and with the example's own points, and
each page refuses one illegal action with the engine's code.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.family import family_of
from scorekeeper.engine.hearts.records import from_json
from scorekeeper.engine.hearts.replay import replay

from tests.support.examples import example
from tests.support.phonekit import stored_hand, totals_shown
from tests.support.cardtaps import ROOT, Phone, Taps, save
from tests.support.varianttaps import start

TAPS: dict[str, int] = {}  # the taps of a whole hand, per game (printed, kept in docs/app.md)


def checked(page: Any, session: str, value: dict[str, Any]) -> dict[str, Any]:
    """The stored hand: its replay agrees with the example's points, and the session page shows the
    settlement the engine gives the stored session."""
    hand, settled = stored_hand(page, session)
    family = family_of(value["game"])
    replayed = family.replay_json({"game": value["game"], "players": value["players"], "dealer": value["dealer"],
                                   "hand": 1, **hand})
    assert replayed["ok"] and replayed["points"] == family.replay_json(value)["points"]
    assert totals_shown(page, session, value["players"]) == settled["totals"]
    return hand


def saved(page: Any, session: str, value: dict[str, Any], taps: Taps, game: str, name: str) -> dict[str, Any]:
    """The complete hand saved and the stored hand ``checked``; its taps kept, from the sheet's Card by card
    to Save."""
    from playwright.sync_api import expect

    expect(page.locator("#complete")).to_be_visible()
    save(page, "#save-play")
    hand = checked(page, session, value)
    TAPS[game] = taps.count + 2
    print(f"taps for a whole {name}:", TAPS[game])
    return hand


def refused_code(record: dict[str, Any], action: dict[str, Any]) -> str:
    """The engine's code for an action, as the page's endpoint answers it."""
    try:
        family_of(record["game"]).advance_json(record, action)
    except ScorekeeperError as exc:
        return exc.code
    raise AssertionError(f"{action} is legal")


# --- Auction Hearts ---------------------------------------------------------------------------------------------

def test_a_whole_auction_hand_its_bids_and_its_suit(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    value = example("auction-hearts-hand")
    session = start(page, value)
    page.locator("#record-cards").tap()
    page.wait_for_selector("#ask")
    taps = Taps(page)
    bids = [e for e in value["events"] if e["type"] == "bid"]
    for k, bid in enumerate(bids):
        expect(page.locator("#turn")).to_have_text(f"{bid['player']} to bid")
        if bid.get("pass"):
            taps.tap("#pass")
            continue
        high = max((b["chips"] for b in bids[:k] if not b.get("pass")), default=None)
        if high is not None:  # a bid no higher than the last is refused on the spot, with the auction's code
            page.locator("#number").fill(str(high))
            assert taps.refused("#ask button.primary") == "bid"
        page.locator("#number").fill(str(bid["chips"]))
        taps.count += 1  # the chips typed
        taps.tap("#ask button.primary")
    suit = next(e["suit"] for e in value["events"] if e["type"] == "penalty-suit")
    high = max((b for b in bids if not b.get("pass")), key=lambda b: b["chips"])
    expect(page.locator("#turn")).to_have_text(f"{high['player']} to name the penalty suit")
    taps.tap(f'#ask button[data-option="{suit}"]')
    for code in value["play"]:
        taps.card(code)
    hand = saved(page, session, value, taps, "auction", "Auction Hearts hand")
    assert [e for e in hand["events"] if e["type"] == "bid"] == bids
    assert not errors, errors


# --- Conquimbert ---------------------------------------------------------------------------------------------------

def test_a_whole_conquimbert_hand_its_trades_and_its_trumps(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    value = example("conquimbert-hand")
    turned = replay(from_json(value), audit=True).turned
    assert turned is not None
    session = start(page, value)
    page.locator("#record-cards").tap()
    page.wait_for_selector("#ask")
    taps = Taps(page)
    trades = [e for e in value["events"] if e["type"] == "trade"]
    for trade in trades:
        expect(page.locator("#turn")).to_have_text("Trades before the first trick?")
        taps.tap(f'#ask button[data-player="{trade["player"]}"]', answered=False)
        taps.tap(f'#ask button[data-partner="{trade["partner"]}"]', answered=False)
        page.locator("#trade-card").fill(trade["card"])
        page.locator("#trade-partner_card").fill(trade["partner_card"])
        taps.count += 2  # the two cards typed
        taps.tap("#ask button.primary")
    taps.tap("#ask button.secondary")  # no more trades
    expect(page.locator("#turn")).to_contain_text("to play")
    for k, code in enumerate(value["play"]):
        if k == turned.play + 1:  # the first void: the top card of those out of play is turned up
            expect(page.locator("#turn")).to_have_text(f"{value['players'][turned.seat]} to turn up trumps")
            taps.card(turned.card.code)
        taps.card(code)
    hand = saved(page, session, value, taps, "conquimbert", "Conquimbert hand")
    assert {"type": "trumps", "card": turned.card.code}.items() <= next(
        e for e in hand["events"] if e["type"] == "trumps").items()
    assert not errors, errors


def test_conquimbert_refuses_a_second_trade_by_one_player(phone: Phone) -> None:
    """Each player trades once at most: the page shows the engine's refusal and keeps the first trade."""
    page, _, errors = phone
    value = example("conquimbert-hand")
    names = value["players"]
    start(page, value)
    page.locator("#record-cards").tap()
    page.wait_for_selector("#ask")
    taps = Taps(page)
    first = {"player": names[1], "card": "JC", "partner": names[0], "partner_card": "KD"}
    second = {"player": names[1], "card": "QC", "partner": names[2], "partner_card": "2H"}
    for trade in (first, second):
        taps.tap(f'#ask button[data-player="{trade["player"]}"]', answered=False)
        taps.tap(f'#ask button[data-partner="{trade["partner"]}"]', answered=False)
        page.locator("#trade-card").fill(trade["card"])
        page.locator("#trade-partner_card").fill(trade["partner_card"])
        if trade is first:
            taps.tap("#ask button.primary")
    record = {"game": "conquimbert", "players": names, "dealer": names[0], "hand": 1, "play": [],
              "events": [{"type": "trade", **first}]}
    expected = refused_code(record, {"kind": "trade", "player": second["player"], "value": second})
    assert taps.refused("#ask button.primary") == expected
    assert not errors, errors


# --- Domino Hearts ---------------------------------------------------------------------------------------------------

def test_a_whole_domino_hand_each_cards_player_and_the_last_cards(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    value = example("domino-hearts-hand")
    audited = replay(from_json(value), audit=True)
    assert audited.remainder is not None
    seats = [value["players"][s.seat] for s in audited.snapshots]
    session = start(page, value)
    page.locator("#record-cards").tap()
    page.wait_for_selector("#grid")
    taps = Taps(page)
    plays = [p if isinstance(p, str) else p[1] for p in value["play"]]
    for k, card in enumerate(plays):
        taps.tap(f"#grid #card-{card}", answered=False)  # the cards alone do not say who played it
        taps.tap(f'#ask button[data-player="{seats[k]}"]')
    last = value["players"][audited.remainder.seat]
    kept = sorted(c.code for c in audited.remainder.kept)
    record = {**{k: value[k] for k in ("game", "players", "dealer", "hand")}, "play": [[p, c] for p, c in zip(seats, plays)]}
    for who in (value["players"][0], last):  # the first player did not keep them: the engine proves it
        tap = taps.tap if who == last else (lambda selector, answered: page.locator(selector).tap())  # uncounted
        tap("#declare-kept", answered=False)
        tap(f'#ask button[data-player="{who}"]', answered=False)
        tap("#rest", answered=False)  # every card nobody played
        if who != last:
            expected = refused_code(record, {"kind": "kept", "player": who, "value": kept})
            assert taps.refused("#done") == expected
    taps.tap("#done")
    saved(page, session, value, taps, "domino", "Domino Hearts hand")
    assert not errors, errors


def test_the_figures_are_kept() -> None:
    """The tap counts measured above, as docs/app.md gives them (run after the whole hands)."""
    text = " ".join((ROOT / "docs" / "app.md").read_text().split())
    said = {"auction": "Auction Hearts hand, {} taps", "conquimbert": "Conquimbert hand, {} (",
            "domino": "Domino Hearts hand without the deal, {} ("}
    for game, taps in TAPS.items():
        assert said[game].format(taps) in text, (game, taps)
