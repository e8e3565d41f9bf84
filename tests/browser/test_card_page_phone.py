"""The card page on a 390x844 phone (Debian's Chromium through Playwright, ``tests/support/phonekit.py``): one whole
deal entered tap by tap, as a table plays it without the deal, for Reversis, Tripoli and the Hearts core
(Black Lady under the two-of-clubs rule); the stored record and its settlement compared with the engine's
replay of the same record; each page refusing one illegal action with the engine's code; the hand in
progress surviving a reload; taps kept offline and checked when the connection returns. The taps of a
whole Reversis hand and a whole Tripoli deal are counted (docs/app.md keeps the figures).
"""

from __future__ import annotations

import json
import random

from scorekeeper.engine.family import family_of

from tests.support.phonekit import exported, stored_hand, totals_shown
from tests.support.cardtaps import (ABCD, Phone, ROOT, Taps, first_refusal, save, start, tripoli_betting,
                                    tripoli_showdown_and_michigan)

TAPS: dict[str, int] = {}  # the taps of a whole hand, per game (printed, kept in docs/app.md)


# --- Reversis ---------------------------------------------------------------------------------------------------

def test_a_whole_reversis_hand_card_by_card(phone: Phone) -> None:
    from playwright.sync_api import expect

    from scorekeeper.engine.reversis import simulate, to_json

    page, _, errors = phone
    value = next(v for seed in range(100) if not (v := to_json(simulate.random_record(
        tuple(ABCD), random.Random(seed), dealer=0))).get("events"))
    plays = [p if isinstance(p, str) else p[1] for p in value["play"]]
    session = start(page, "reversis")
    page.locator("#record-cards").tap()
    page.wait_for_selector("#ask")
    taps = Taps(page)
    taps.tap('#ask button[data-option="null"]')  # nobody declared Espagnolette before the first lead
    expect(page.locator("#turn")).to_have_text("Dan to play")  # counter-clockwise: the dealer's right leads
    expect(page.locator("#strip")).to_contain_text("Pools: Current pool 25 fish")
    assert page.locator("#grid button.card").count() == 48  # the tens are out
    fresh = {"game": "reversis", "players": ABCD, "dealer": "Ann", "hand": 1, "play": []}
    said = family_of("reversis").advance_json(fresh, {"kind": "espagnolette", "value": None})["record"]
    at, wrong, code = first_refusal(said, plays)
    for k, card in enumerate(plays):
        if k == at:
            assert taps.refused(f"#grid #card-{wrong}") == code
        taps.card(card)
    expect(page.locator("#complete")).to_be_visible()
    expect(page.locator("#strip")).to_contain_text("Paid so far")
    TAPS["reversis"] = taps.count + 2  # from the sheet: Card by card, the cards, Save
    # Ann led AS in trick 10; the table says Bob, the hand winner, did not demand its claim (two more taps).
    page.locator("#declare-waive").tap()
    taps.tap('#ask button[data-option="AS"]')
    expect(page.locator("#declare-waive")).to_have_count(0)
    save(page, "#save-play")
    hand, settled = stored_hand(page, session)
    assert [p if isinstance(p, str) else p[1] for p in hand["play"]] == plays
    assert hand["events"] == [{"type": "waive", "player": "Ann", "trick": 10}]
    whole = {**{k: v for k, v in value.items() if k not in ("deal", "face_down", "discard", "exchanges")},
             "play": hand["play"], "events": hand["events"]}
    assert family_of("reversis").replay_json(whole)["ok"]
    assert totals_shown(page, session, ABCD) == settled["totals"]
    print("taps for a whole Reversis hand:", TAPS["reversis"])
    assert not errors, errors


# --- Tripoli ----------------------------------------------------------------------------------------------------

def test_a_whole_tripoli_deal_card_by_card(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    example = json.loads((ROOT / "examples" / "tripoli-deal.json").read_text())
    rename = dict(zip(["A", "B", "C", "D"], ["Bob", "Cat", "Dan", "Ann"]))  # the example's D deals: Ann here
    session = start(page, "tripoli")
    page.locator("#record-cards").tap()
    page.wait_for_selector("#ask")
    taps = Taps(page)
    expect(page.locator("#turn")).to_have_text("Ann to keep, swap or sell the spare hand")
    taps.tap('#ask button[data-option="keep"]')
    expect(page.locator("#turn")).to_have_text("Who took the pay-card spaces?")
    for space, who in example["claims"].items():
        taps.tap(f'#ask .choices[data-space="{space}"] button[data-player="{rename[who]}"]', answered=False)
    taps.tap("#ask button.primary")  # Done
    expect(page.locator("#turn")).to_have_text("Bob to bet")
    page.locator("#amount-bet").fill("99")  # over the limit: the engine's refusal, on the spot
    assert taps.refused('#ask button[data-option="bet"]') == "bet-limit"
    tripoli_betting(page, taps, example, rename)
    expect(page.locator("#strip")).to_contain_text("the pot 16 chips")
    tripoli_showdown_and_michigan(page, taps, example, rename)
    save(page, "#save-play")
    TAPS["tripoli"] = taps.count + 2  # from the sheet: Card by card, ..., Save
    hand, settled = stored_hand(page, session)
    expected = family_of("tripoli").replay_json({"game": "tripoli", "players": ABCD, "dealer": "Ann", "hand": 1, **hand})
    assert expected["ok"] and hand["michigan"]["out"] == "Cat"
    assert totals_shown(page, session, ABCD) == settled["totals"]
    print("taps for a whole Tripoli deal:", TAPS["tripoli"])
    assert not errors, errors


# --- the Hearts core: Black Lady under the two-of-clubs rule, a reload, offline -------------------------------------

def test_a_whole_black_lady_hand_survives_a_reload_and_an_offline_spell(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    example = json.loads((ROOT / "examples" / "black-lady-hand.json").read_text())
    rename = dict(zip(["Ann", "Bob", "Cat", "Dan"], ["Bob", "Cat", "Dan", "Ann"]))  # the example's Dan deals: Ann here
    session = start(page, "black-lady", {"opt_first_lead": "two-of-clubs"})
    page.locator("#record-cards").tap()
    expect(page.locator("#turn")).to_have_text("Who holds 2C and leads?")
    taps = Taps(page)
    taps.tap(f'#ask button[data-player="{rename["Bob"]}"]')
    expect(page.locator("#turn")).to_have_text(f"{rename['Bob']} to play")
    # He said he holds 2C: the engine offers 2C alone for the first card, so no other card can be tapped.
    assert page.locator("#grid button.card:enabled").evaluate_all("bs => bs.map(b => b.dataset.card)") == ["2C"]
    plays = example["play"]
    for code in plays[:20]:
        taps.card(code)
    page.reload()  # the hand in progress is kept in the browser
    expect(page.locator("#count")).to_have_text("21 recorded")
    expect(page.locator("#grid #card-" + plays[0])).to_be_disabled()
    page.context.set_offline(True)
    for code in plays[20:25]:
        taps.tap(f"#grid #card-{code}", answered=False)
    expect(page.locator("#turn")).to_contain_text("5 taps kept on this phone, not checked yet")
    page.context.set_offline(False)  # checked in order: trick 7 goes on
    expect(page.locator("#turn")).to_have_text(__import__("re").compile(r"^\w+ to play$"))
    expect(page.locator("#count")).to_have_text("26 recorded")
    taps.tap("#undo")  # the last card undone, and tapped again
    taps.card(plays[24])
    for code in plays[25:]:
        taps.card(code)
    expect(page.locator("#complete")).to_be_visible()
    expect(page.locator("#strip")).to_contain_text("Points")
    save(page, "#save-play")
    hand = exported(page, session)["hands"][0]
    assert [p if isinstance(p, str) else p[1] for p in hand["play"]] == plays and hand["leader"] == rename["Bob"]
    page.goto(session)
    shown = {name: int(page.locator(f'td.total[data-player="{name}"]').inner_text()) for name in ABCD}
    expected = family_of("black-lady").replay_json({"game": "black-lady", "options": {"first_lead": "two-of-clubs"},
                                                     "players": ABCD, "dealer": "Ann", "hand": 1, **hand})
    assert shown == expected["points"]
    page.goto(session + "/play")  # saved: the next hand starts afresh
    expect(page.locator("#count")).to_have_text("0 recorded")
    assert not errors, errors


def test_a_tap_made_while_the_engine_is_still_answering_is_taken(phone: Phone) -> None:
    """On a slow connection the card page's first question is on screen before the engine has answered the
    page's own first request: a tap then waits its turn and is taken, never dropped."""
    from playwright.sync_api import expect

    page, _, errors = phone
    page.add_init_script("""(() => {  // every answer of the engine a second late, as on a pub's Wi-Fi
      const fetch = window.fetch.bind(window);
      window.fetch = (url, options) => String(url).endsWith("/next")
        ? new Promise(done => setTimeout(() => done(fetch(url, options)), 1000)) : fetch(url, options);
    })();""")
    start(page, "black-lady", {"opt_first_lead": "two-of-clubs"})
    page.locator("#record-cards").tap()
    page.locator('#ask button[data-player="Bob"]').tap()  # while the page's first request is on its way
    expect(page.locator("#count")).to_have_text("1 recorded")
    expect(page.locator("#turn")).to_have_text("Bob to play")
    assert not errors, errors


def test_the_figures_are_kept() -> None:
    """The tap counts measured above, as docs/app.md gives them (run after the two whole hands)."""
    text = (ROOT / "docs" / "app.md").read_text()
    for game, taps in TAPS.items():
        assert f"{taps} taps" in text, (game, taps)
