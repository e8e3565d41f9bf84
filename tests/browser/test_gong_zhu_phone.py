"""Gong Zhu and Black Maria on a phone (Chromium at 390x844, ``tests/support/phonekit.py``): a whole Gong Zhu hand
entered by its result with two exposed cards, one tap per card taken and per exposed card; and a Black Maria hand with
the passes to the right, card by card. The stored records and the sheet's totals are the engine's."""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.engine.family import family_of
from tests.support.cardtaps import ROOT, Taps, save as save_play
from tests.support.chipforms import PLAYERS, start
from tests.support.dealtaps import answer
from tests.support.phoneforms import save, totals
from tests.support.phonekit import stored_hand
from tests.support.varianttaps import start as variants_start

HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H".split()
# Ann the pig and the transformer with A♥ K♥, both exposed: (-200 - 90) x 4 = -1160; Bob the sheep; Cat and Dan the
# rest of the hearts.
TAKEN = {"Ann": ["QS", "TC", "AH", "KH"], "Bob": ["JD"], "Cat": HEARTS[2:7], "Dan": HEARTS[7:]}
EXPOSED = {"QS": "Ann", "TC": "Cat"}


def test_a_gong_zhu_hand_with_two_exposed_cards(phone: tuple[Any, list[str], list[str]]) -> None:
    page, _, errors = phone
    session_url = start(page, "gong-zhu")
    page.locator("#record-result").tap()
    page.wait_for_selector("#result-form")
    assert page.locator("#point-counts").count() == 0 and page.locator("#hearts-counts").count() == 0
    taps = 0
    for name, taken in TAKEN.items():
        seat = PLAYERS.index(name)
        for code in taken:
            page.locator(f"#take_{code}-{seat}").check()
            taps += 1
    for code, name in EXPOSED.items():
        page.locator(f"#expose_{code}-{PLAYERS.index(name)}").check()
        taps += 1
    assert taps == 16 + 2  # one tap per scoring card, one per exposed card
    save(page, "#save-hand")
    hand, settled = stored_hand(page, session_url)
    assert hand["taken"] == {name: sorted(cards, key=HEARTS_ORDER) for name, cards in TAKEN.items()}
    assert sorted((e["card"], e["player"]) for e in hand["events"]) == sorted(EXPOSED.items())
    assert settled["hands"][0]["points"] == {"Ann": -1160, "Bob": 100, "Cat": -80, "Dan": -30}
    assert totals(page, PLAYERS) == [-1160, 100, -80, -30]
    assert errors == []


def HEARTS_ORDER(code: str) -> tuple[int, int]:
    """The form's order of the named cards: the engine's display order (spades, hearts, diamonds, clubs)."""
    from scorekeeper.engine.cards import Card

    return Card.parse(code).sort_key


def test_a_black_maria_hand_with_the_passes_to_the_right(phone: tuple[Any, list[str], list[str]]) -> None:
    """The example hand (three players, Cat dealing): the deal given first, each player's three cards passed to
    the right, then every card; the stored hand holds the deal and the passes and replays to the example's points."""
    from playwright.sync_api import expect

    page, _, errors = phone
    value = json.loads((ROOT / "examples" / "black-maria-hand.json").read_text())
    session = variants_start(page, value)
    page.locator("#record-cards").tap()
    taps = Taps(page)
    expect(page.locator("#give-deal")).to_be_visible()
    taps.tap("#give-deal", answered=False)
    expect(page.locator("#turn")).to_have_text("Ann was dealt which cards?")  # eldest first
    answer(page, taps, value["deal"]["Ann"], "Bob was dealt which cards?")
    for code in value["deal"]["Bob"]:
        taps.tap(f"#grid #card-{code}", answered=False)
    taps.tap("#ask #done")  # Cat's hand is the 17 cards left
    for name in ("Ann", "Bob", "Cat"):  # three cards each, to the right
        expect(page.locator("#turn")).to_have_text(f"{name} to pass cards")
        for code in value["passes"][name]:
            taps.tap(f"#grid #card-{code}", answered=False)
        taps.tap("#ask #done")
    for code in value["play"]:
        taps.card(code)
    expect(page.locator("#complete")).to_be_visible()
    save_play(page, "#save-play")
    hand, settled = stored_hand(page, session)
    assert hand["passes"] == value["passes"]
    replayed = family_of("black-maria").replay_json({**hand, "game": "black-maria", "players": value["players"],
                                                      "dealer": value["dealer"], "hand": 1})
    assert replayed["points"] == family_of("black-maria").replay_json(value)["points"] == settled["totals"]
    # the passes went to the right: each player's three cards are in the hand of the player on his right
    right = {"Ann": "Cat", "Bob": "Ann", "Cat": "Bob"}
    held = {name: set(cards) - set(value["passes"][name]) for name, cards in value["deal"].items()}
    for name, to in right.items():
        held[to] |= set(value["passes"][name])
    played_by = {name: set() for name in value["players"]}  # type: dict[str, set[str]]
    for trick in replayed["tricks"]:
        seat = value["players"].index(trick["leader"])
        for code in trick["cards"]:
            played_by[value["players"][seat]].add(code)
            seat = (seat + 1) % 3
    assert played_by == held
    assert not errors, errors


def test_a_whole_gong_zhu_hand_card_by_card_with_two_exposed_cards(phone: tuple[Any, list[str], list[str]]) -> None:
    """The example hand (Ann exposes A♥, Cat J♦): the exposures asked before the first lead, one tap each, then
    who holds 2♠ and leads, then every card (without the deal: the engine judges the exposed cards as the cards
    played show the hands)."""
    from playwright.sync_api import expect

    page, _, errors = phone
    value = json.loads((ROOT / "examples" / "gong-zhu-hand.json").read_text())
    session = variants_start(page, value)
    page.locator("#record-cards").tap()
    page.wait_for_selector("#ask")
    taps = Taps(page)
    expect(page.locator("#turn")).to_contain_text("Cards exposed before the first lead?")
    for e in value["events"]:
        taps.tap(f'#ask button[data-option="{e["player"]} {e["card"]}"]')
    taps.tap('#ask button[data-option="null"]')
    leader = "Ann"
    taps.tap(f'#ask button[data-player="{leader}"]')
    for code in value["play"]:
        taps.card(code)
    expect(page.locator("#complete")).to_be_visible()
    save_play(page, "#save-play")
    hand, settled = stored_hand(page, session)
    assert sorted((e["player"], e["card"]) for e in hand["events"] if e["type"] == "expose") == sorted(
        (e["player"], e["card"]) for e in value["events"])
    points = family_of("gong-zhu").replay_json(value)["points"]
    assert settled["totals"] == points == {"Ann": -260, "Bob": 120, "Cat": 0, "Dan": -100}
    assert not errors, errors
