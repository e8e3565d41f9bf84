"""A whole Reversis evening and a whole Tripoli evening on three phones (Debian's Chromium at 390x844,
``tests/support/phonekit.py``): the scorer's phone A, a second scorer's phone B on the edit link, a follower's phone C on the
read-only link. Each as a table lives it, scaled to what the family has: a hand card by card on A (a card the engine
refuses on the spot, with its sentence; the stored hand's audit), hands by result on B that A and C see appear;
A's result form first opened at hand 1, opened offline hands later at the hand the table is at, a hand kept there
going in once; a hand kept offline on A while B recorded the same hand, refused with the server's sentence and
dropped; the game over (Reversis' agreed number of hands; Tripoli's final poker), its standings line; and a new
game with the same players. Every step checks the stored records and the engine's settlement of them against
the chips the pages show, and each hand is stored exactly once.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorekeeper.engine.family import family_of

from tests.support.phonekit import another_phone, exported, settled_export, totals_shown, worker_controls
from tests.support.cardtaps import Taps, first_refusal
from tests.support.chipforms import REVERSIS_HAND, TRIPOLI_DEAL
from tests.support.offlinekit import kept_with, sheet_url

Phone = tuple[Any, list[str], list[str]]
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
ROOT = Path(__file__).resolve().parents[2]
Fill = Callable[[Any, int], None]  # fills the open result form of hand n


def save(page: Any, selector: str) -> None:
    with page.expect_navigation():
        page.locator(selector).tap()


def start(page: Any, game: str, options: dict[str, str]) -> str:
    page.goto(f"/?game={game}")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option("Ann")
    for field, value in options.items():
        page.locator(f"#{field}").evaluate("e => { const d = e.closest('details'); if (d) d.open = true; }")
        page.locator(f"#{field}").select_option(value)
    save(page, "#start")
    return sheet_url(page)


def pill(page: Any, name: str, value: str) -> None:
    page.locator("label.pill", has=page.locator(f'input[name="{name}"][value="{value}"]')).tap()


def stored_once(page: Any, session: str, count: int) -> dict[str, Any]:
    """The stored hands: ``count``, each with its own client id; the engine's settlement of them."""
    stored, settled = settled_export(page, session)
    ids = [h.get("id") for h in stored["hands"]]
    assert len(ids) == count and len(set(ids)) == count, ids
    return settled


def by_result(page: Any, fill: Fill, number: int) -> None:
    page.locator("#record-result").tap()
    page.wait_for_selector("#result-form, #deal-form")
    fill(page, number)
    save(page, "#save-hand")


def the_evening_goes_on(a: Any, b: Any, c: Any, session: str, fill: Fill, first: int) -> None:
    """From hand ``first`` on: B records it by result, A and C see it; A, its result form first kept at hand 1,
    offline opens the next hand's, keeps it, and it goes in once back online; A keeps the hand after that
    offline while B records the same hand: A's copy is refused with the server's sentence and dropped."""
    from playwright.sync_api import expect

    a.goto(session)
    by_result(b, fill, first)
    for other in (a, c):
        expect(other.locator(f"tr#hand-{first}")).to_have_count(1, timeout=15_000)
    stored_once(a, session, first)

    a.goto(session)
    mine = first + 1
    dealer = a.locator("#dealer").inner_text().strip()
    kept_with(a, session + "/result", f'name="for_hand" value="{mine}"')
    a.context.set_offline(True)
    try:
        a.locator("#record-result").tap()
        a.wait_for_selector("#result-form, #deal-form")
        expect(a.locator("html")).to_have_attribute("data-offline-copy", re.compile(r"^\d{4}-"))
        expect(a.locator("h1")).to_contain_text(f" {mine}")
        expect(a.locator('.context [data-coming="dealer"]')).to_have_text(dealer)
        assert a.locator("input[name=for_hand]").input_value() == str(mine)
        fill(a, mine)
        save(a, "#save-hand")
        expect(a.locator("#sheet tr.outbox-row")).to_have_count(1)
        expect(a.locator("#dealer")).not_to_have_text(dealer)  # the next hand's, after the one kept
        expect(a.locator("#dealer")).not_to_have_text("?")  # the engine's rotation, known before it arrives
        after = a.locator("#dealer").inner_text().strip()
        assert after in PLAYERS, after
        a.locator("#record-result").tap()  # opened again: the hand after the one kept, not an older one
        a.wait_for_selector("#result-form, #deal-form")
        expect(a.locator("h1")).to_contain_text(f" {mine + 1}")
        expect(a.locator('.context [data-coming="dealer"]')).to_have_text(after)
        expect(a.locator("#coming-note")).not_to_contain_text("works that out")
        assert a.locator("input[name=for_hand]").input_value() == str(mine + 1)
        a.go_back()
        expect(a.locator("#sheet tr.outbox-row")).to_have_count(1)
    finally:
        a.context.set_offline(False)
    expect(a.locator(f"tr#hand-{mine}")).to_have_count(1, timeout=20_000)
    expect(a.locator("#outbox-sent .outbox-item.stored")).to_contain_text("saved.")
    a.locator("#outbox-seen").tap()
    expect(a.locator("#outbox")).to_be_hidden()
    stored_once(a, session, mine)
    a.goto(session)  # the dealer the phone showed offline is the one the server names once the hand is in
    expect(a.locator("#dealer")).to_have_text(after)

    a.goto(session)
    refused = mine + 1
    kept_with(a, session + "/result", f'name="for_hand" value="{refused}"')
    a.context.set_offline(True)
    try:
        a.locator("#record-result").tap()
        a.wait_for_selector("#result-form, #deal-form")
        fill(a, refused)
        save(a, "#save-hand")
        expect(a.locator("#sheet tr.outbox-row")).to_have_count(1)
        by_result(b, fill, refused)
        expect(b.locator(f"tr#hand-{refused}")).to_have_count(1)
    finally:
        a.context.set_offline(False)  # the online event: the page sends what it kept
    refusal = a.locator("#outbox .outbox-item.refused .refusal")
    expect(refusal).to_contain_text("was recorded on another phone after this form was opened: nothing is stored.",
                                    timeout=20_000)
    expect(refusal).to_contain_text(str(refused))
    a.locator("[data-outbox-drop]").tap()
    expect(a.locator("#outbox")).to_be_hidden()
    assert a.evaluate("window.scorekeeperOutbox.all().then(items => items.length)") == 0
    stored_once(a, session, refused)


def over_and_again(a: Any, b: Any, c: Any, session: str, read_only: str, count: int, unit: str) -> None:
    """The game over on every phone, the pages' chips the engine's settlement of the stored hands, the standings
    line to share; then a new game with the same players, seats and settings."""
    from playwright.sync_api import expect

    settled = stored_once(a, session, count)
    assert settled["finished"], settled
    winners = ", ".join(settled["winners"])
    line = ""
    for who, url in ((a, session), (b, session), (c, read_only)):
        who.goto(url)
        expect(who.locator("#winners")).to_have_text(winners)
        line = line or who.locator("#standings-text").inner_text()
        assert who.locator("#standings-text").inner_text() == line
        assert totals_shown(who, url, PLAYERS) == settled["balance"]
    balance = settled["balance"]
    best = max(balance.values())
    assert re.match(rf"^[A-Z]\w+, (\d{{1,2}} [A-Z][a-z]{{2}}|so far): 1\. ({winners.split(', ')[0]}) \+?{best} {unit}", line), line
    assert c.locator("#again").count() == 0

    a.goto(session)
    with a.expect_navigation():
        a.locator("#again").tap()
    fresh = sheet_url(a)
    assert fresh != session
    old, new = exported(a, session), exported(a, fresh)
    assert new["hands"] == [] and new["players"] == old["players"] == PLAYERS
    assert {k: new.get(k) for k in ("game", "options", "first_dealer", "settlement_options")} == \
        {k: old.get(k) for k in ("game", "options", "first_dealer", "settlement_options")}
    assert a.locator("td.chips, td.total").evaluate_all("cells => cells.map(c => c.dataset.player)")[:4] == PLAYERS


# --- Reversis ----------------------------------------------------------------------------------------------------

def rotated(value: Any, turn: int) -> Any:
    """A Reversis hand by result moved ``turn`` deals on: every name one seat to the right a deal (the deal and the
    lead pass to the right), so the hand stays the same hand for its new dealer."""
    names = {p: PLAYERS[(i - turn) % 4] for i, p in enumerate(PLAYERS)}
    if isinstance(value, dict):
        return {names.get(k, k): rotated(v, turn) for k, v in value.items()}
    if isinstance(value, str):
        return names.get(value, value)
    return value


def reversis_result(page: Any, number: int) -> None:
    """The typical hand of ``test_chip_forms_phone`` for hand ``number`` (Ann dealt hand 1)."""
    hand = rotated(REVERSIS_HAND, number - 1)
    for seat, name in enumerate(PLAYERS[:-1]):
        page.locator(f"#tricks_{seat}").fill(str(hand["taken"][name]["tricks"]))
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#points_{seat}").fill(str(hand["taken"][name]["points"]))
    for code, entry in hand["quinola_aces"].items():
        pill(page, f"{code}_player", str(PLAYERS.index(entry["player"])))
        page.locator(f"#{code}_trick").fill(str(entry["trick"]))
        if entry["how"] != "followed":
            pill(page, f"{code}_how", entry["how"])
        if entry["how"] != "led":
            pill(page, f"{code}_leader", str(PLAYERS.index(entry["leader"])))
        if code == "JH" or entry["how"] == "discarded":
            pill(page, f"{code}_winner", str(PLAYERS.index(entry["winner"])))


def test_a_reversis_evening_on_three_phones(phone: Phone, browser: Any, live_server: str) -> None:
    from playwright.sync_api import expect

    from scorekeeper.engine.reversis import simulate, to_json

    a, _, errors = phone
    session = start(a, "reversis", {"setopt_hands": "4"})
    read_only = a.locator("#read-link").input_value()
    worker_controls(a)
    a.goto(session + "/result")  # A's result form, first kept at hand 1
    expect(a.locator("h1")).to_contain_text("Hand 1")
    a.goto(session)

    # Hand 1 on A, card by card: a card the engine refuses on the spot, with its sentence; Ann led A♠ in trick 10
    # and Bob, who won the hand, did not ask its price.
    value = next(v for seed in range(100) if not (v := to_json(simulate.random_record(
        tuple(PLAYERS), random.Random(seed), dealer=0))).get("events"))
    plays = [p if isinstance(p, str) else p[1] for p in value["play"]]
    a.locator("#record-cards").tap()
    a.wait_for_selector("#ask")
    taps = Taps(a)
    taps.tap('#ask button[data-option="null"]')  # no Espagnolette declared
    fresh = {"game": "reversis", "players": PLAYERS, "dealer": "Ann", "hand": 1, "play": []}
    said = family_of("reversis").advance_json(fresh, {"kind": "espagnolette", "value": None})["record"]
    at, wrong, code = first_refusal(said, plays)
    for k, card in enumerate(plays):
        if k == at:
            assert taps.refused(f"#grid #card-{wrong}") == code
        taps.card(card)
    expect(a.locator("#complete")).to_be_visible()
    a.locator("#declare-waive").tap()
    taps.tap('#ask button[data-option="AS"]')
    save(a, "#save-play")
    expect(a.locator("tr#hand-1")).to_have_count(1)
    stored_once(a, session, 1)
    hand = exported(a, session)["hands"][0]
    assert [p if isinstance(p, str) else p[1] for p in hand["play"]] == plays
    # Its audit: every play legal, the steps the engine's, the scores the sheet's.
    a.goto(session + "/hand/1/audit")
    expect(a.locator("#legal")).to_contain_text("is legal")
    steps = family_of("reversis").steps_json({**fresh, **{k: v for k, v in hand.items() if k != "id"}})["steps"]
    assert a.locator("#step-slider").get_attribute("max") == str(len(steps))

    with another_phone(browser, live_server) as (b, b_errors), another_phone(browser, live_server) as (c, c_errors):
        b.goto(session)
        c.goto(read_only)
        expect(c.locator("#read-only-note")).to_be_visible()
        the_evening_goes_on(a, b, c, session, reversis_result, 2)
        over_and_again(a, b, c, session, read_only, 4, "fish")
        assert not b_errors and not c_errors, (b_errors, c_errors)
    assert not errors, f"script errors: {errors}"


# --- Tripoli -----------------------------------------------------------------------------------------------------

def tripoli_result(page: Any, number: int) -> None:
    """The typical deal of ``test_chip_forms_phone``, whoever deals: Cat takes the most, Ann wins the poker."""
    deal: dict[str, Any] = TRIPOLI_DEAL
    for space, who in deal["claims"].items():
        pill(page, f"claim_{space}", str(PLAYERS.index(who)))
    pill(page, "win_0", "y")
    for name, chips in deal["poker"]["bets"].items():
        page.locator(f"#bet_{PLAYERS.index(name)}").fill(str(chips))
    pill(page, "end", str(PLAYERS.index(deal["michigan"]["out"])))
    for name, cards in deal["michigan"]["left"].items():
        page.locator(f"#left_{PLAYERS.index(name)}").fill(str(cards))


def test_a_tripoli_evening_on_three_phones(phone: Phone, browser: Any, live_server: str) -> None:
    from playwright.sync_api import expect

    a, _, errors = phone
    session = start(a, "tripoli", {})
    read_only = a.locator("#read-link").input_value()
    worker_controls(a)
    a.goto(session + "/result")  # A's result form, first kept at deal 1
    expect(a.locator("h1")).to_contain_text("Deal 1")
    a.goto(session)

    # Deal 1 on A, card by card (the example deal, Ann dealing): a bet over the limit refused on the spot.
    example = json.loads((ROOT / "examples" / "tripoli-deal.json").read_text())
    rename = dict(zip(["A", "B", "C", "D"], ["Bob", "Cat", "Dan", "Ann"]))
    a.locator("#record-cards").tap()
    a.wait_for_selector("#ask")
    taps = Taps(a)
    taps.tap('#ask button[data-option="keep"]')
    for space, who in example["claims"].items():
        taps.tap(f'#ask .choices[data-space="{space}"] button[data-player="{rename[who]}"]', answered=False)
    taps.tap("#ask button.primary")
    expect(a.locator("#turn")).to_have_text("Bob to bet")
    a.locator("#amount-bet").fill("99")
    assert taps.refused('#ask button[data-option="bet"]') == "bet-limit"
    for player, *bet in example["poker"]["betting"]:
        expect(a.locator("#turn")).to_have_text(f"{rename[player]} to bet")
        if len(bet) == 2:
            a.locator(f"#amount-{bet[0]}").fill(str(bet[1]))
        taps.tap(f'#ask button[data-option="{bet[0]}"]')
    while "shows his five cards" in a.locator("#turn").inner_text():
        taps.tap("#ask #none")
    taps.tap('#ask button[data-player="Bob"]', answered=False)
    taps.tap("#ask button.primary")
    for player, code in example["michigan"]["play"]:
        taps.tap(f"#grid #card-{code}", answered=False)
        taps.tap(f'#ask button[data-player="{rename[player]}"]')
    taps.tap("#declare-michigan-end", answered=False)
    taps.tap(f'#ask button[data-player="{rename[example["michigan"]["out"]]}"]', answered=False)
    for who, left in example["michigan"]["left"].items():
        a.locator(f"#left-{rename[who]}").fill(str(left))
    taps.tap("#ask button.primary")
    expect(a.locator("#complete")).to_be_visible()
    save(a, "#save-play")
    expect(a.locator("tr#hand-1")).to_have_count(1)
    stored_once(a, session, 1)
    a.goto(session + "/hand/1/audit")
    expect(a.locator("#legal")).to_contain_text("is legal")

    with another_phone(browser, live_server) as (b, b_errors), another_phone(browser, live_server) as (c, c_errors):
        b.goto(session)
        c.goto(read_only)
        expect(c.locator("#read-only-note")).to_be_visible()
        the_evening_goes_on(a, b, c, session, tripoli_result, 2)
        # The session's end: the final poker for what is left on the layout, on A.
        a.goto(session)
        a.locator("#record-final").first.tap()
        a.wait_for_selector("#deal-form, #result-form")
        expect(a.locator("h1")).to_contain_text("Final poker")
        pill(a, "win_1", "y")
        a.locator("#bet_1").fill("3")
        a.locator("#bet_2").fill("3")
        save(a, "#save-hand")
        over_and_again(a, b, c, session, read_only, 5, "chips")
        assert not b_errors and not c_errors, (b_errors, c_errors)
    assert not errors, f"script errors: {errors}"
