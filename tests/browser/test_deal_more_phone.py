"""The deal of Reversis and Tripoli from the players' own phones, and Tripoli's deal given on its card page, in
Debian's Chromium at 390x844 (``tests/support/phonekit.py``), the taps counted (docs/app.md keeps them):

- Reversis: four phones, each its own browser; the dealer taps his 12 cards, each other player his 11 and,
  but for the last of the exchange order, the card dealt face down in front of him; the scorer's card page
  then asks the discard and the exchanges, and offers only the legal cards;
- Tripoli: four phones each tap the hand they were dealt; the spare hand is the cards left; the scorer's card
  page asks the dealer's choice, the bets and each Michigan card, nobody's name with it;
- Tripoli's deal given on the card page once Michigan has ended: only the cards nobody saw are asked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorekeeper.engine.family import family_of

from tests.support.cardtaps import ABCD, Taps, save, start, tripoli_betting, tripoli_showdown_and_michigan
from tests.support.examples import example
from tests.support.phonekit import stored_hand, totals_shown

Phone = tuple[Any, list[str], list[str]]
ROOT = Path(__file__).resolve().parents[2]
TAPS: dict[str, Any] = {}
TRIPOLI = dict(zip(["A", "B", "C", "D"], ["Bob", "Cat", "Dan", "Ann"]))  # the example's D deals: Ann here


def tripoli_example() -> dict[str, Any]:
    value = example("tripoli-deal")
    family = family_of("tripoli")
    for old, new in TRIPOLI.items():
        value = family.renamed(value, old, new)
    return value


def my_hand_link(page: Any) -> str:
    """From the table's page, the read-only link's page and its *Tap my own hand*."""
    page.goto(page.locator("#read-link").input_value())
    link = page.locator("#my-hand-link").get_attribute("href")
    assert link and link.endswith("/my-hand") and link.startswith("/v/")
    return str(link)


def tap_my_hand(page: Any, name: str, hand: list[str], more: list[str], said: str) -> int:
    """The player's seat, his hand, then (Next) the card dealt face down in front of him, Send: the taps."""
    from playwright.sync_api import expect

    page.locator(f'#seat-choice button[data-player="{name}"]').tap()
    expect(page.locator("#mine-turn")).to_have_text(f"{name}: tap the {len(hand)} cards you were dealt")
    assert page.locator("#mine-grid button.card.chosen").count() == 0  # nothing of anybody's shown
    for code in hand:
        page.locator(f"#mine-{code}").tap()
    taps = 1 + len(hand)
    if more:
        expect(page.locator("#send")).to_have_text(f"Next: {said}")
        page.locator("#send").tap()
        expect(page.locator("#mine-turn")).to_have_text(f"{name}: tap {said}")
        assert page.locator(f"#mine-{hand[0]}").is_disabled()  # not a card of his hand
        for code in more:
            page.locator(f"#mine-{code}").tap()
        taps += 1 + len(more)
    box = page.locator("#send").bounding_box()
    assert box and box["y"] + box["height"] <= 844  # Send pinned in thumb reach, no scroll
    page.locator("#send").tap()
    expect(page.locator("#mine-turn")).to_have_text(f"{name}: your hand is sent. Tap a card to change it.")
    return taps + 1


def test_reversis_four_phones_each_tap_their_own_hand_and_face_down_card(
        phone: Phone, phones: dict[str, tuple[Any, list[str]]]) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    value = example("reversis-hand")  # Ann deals, as at this table
    session = start(page, "reversis")
    link = my_hand_link(page)
    counts = {}
    for name in ("Dan", "Cat", "Bob", "Ann"):
        mine, _ = phones[name]
        mine.goto(link)
        face_down = [value["face_down"][name]] if name in ("Dan", "Cat") else []
        counts[name] = tap_my_hand(mine, name, value["deal"][name], face_down, "the card dealt face down")
    dan, _ = phones["Dan"]
    expect(dan.locator("#sent-line")).to_have_text("Every hand is in: the scorer's phone has the deal.")
    page.goto(session)
    page.locator("#record-cards").tap()
    taps = Taps(page)
    expect(page.locator("#seats-status")).to_have_text("Every player sent his own hand: the deal is in.")
    expect(page.locator("#turn")).to_contain_text("Ann")  # the dealer's discard, from his 12 cards
    assert page.locator("#give-deal").is_hidden()
    assert page.locator("#grid button.card:enabled").count() == 12
    taps.card(value["discard"])
    for name in ("Dan", "Cat", "Bob"):  # each exchanges a card for his face-down one, or keeps his hand
        expect(page.locator("#turn")).to_contain_text(name)
        gave = value["exchanges"][name]
        taps.tap(f"#grid #card-{gave}" if gave else '#ask button:has-text("Keep")')
    taps.tap('#ask button[data-option="Bob"]')  # Bob declared Espagnolette
    for code in value["play"]:
        taps.card(code if isinstance(code, str) else code[1])
    expect(page.locator("#complete")).to_be_visible()
    save(page, "#save-play")
    counts["scorer"] = taps.count + 2  # + Card by card, Save
    hand, settled = stored_hand(page, session)
    assert hand["deal"] == value["deal"] and hand["face_down"] == value["face_down"]
    assert settled["totals"] == totals_shown(page, session, ABCD)
    assert family_of("reversis").replay_json({**value, **hand})["net"] == family_of("reversis").replay_json(value)["net"]
    TAPS["reversis"] = counts
    print("Reversis, taps per player and the scorer's:", counts)
    assert not errors and not any(e for _, e in phones.values()), (errors, [e for _, e in phones.values()])


def tripoli_spare(page: Any, taps: Taps) -> None:
    """The dealer sells the spare hand to Cat for 3 chips (the price typed counts one tap)."""
    from playwright.sync_api import expect

    expect(page.locator("#turn")).to_have_text("Ann to keep, swap or sell the spare hand")
    taps.tap('#ask button[data-option="auction"]')
    taps.tap('#ask button[data-player="Cat"]')
    page.locator("#ask #number").fill("3")
    taps.count += 1  # the price typed
    taps.tap('#ask button.primary')


def test_tripoli_four_phones_each_tap_the_hand_they_were_dealt(
        phone: Phone, phones: dict[str, tuple[Any, list[str]]]) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    value = tripoli_example()
    session = start(page, "tripoli")
    link = my_hand_link(page)
    counts = {}
    for name in ("Bob", "Cat", "Dan", "Ann"):
        mine, _ = phones[name]
        mine.goto(link)
        counts[name] = tap_my_hand(mine, name, value["deal"][name], [], "")
    page.goto(session)
    page.locator("#record-cards").tap()
    taps = Taps(page)
    expect(page.locator("#seats-status")).to_have_text("Every player sent his own hand: the deal is in.")
    assert page.locator("#give-deal").is_hidden()
    tripoli_spare(page, taps)
    tripoli_betting(page, taps, value)  # no claims asked: the deal says who holds the pay cards
    for name in ("Bob", "Cat"):  # the showdown: the five cards each shows, from his own
        expect(page.locator("#turn")).to_have_text(f"{name} shows his five cards")
        for code in value["poker"]["hands"][name]:
            taps.tap(f"#grid #card-{code}", answered=False)
        taps.tap("#ask #done")
    for _, code in value["michigan"]["play"]:  # nobody's name asked: the deal says who holds each card
        taps.card(code)
    expect(page.locator("#complete")).to_be_visible()  # the end too: Cat is out
    save(page, "#save-play")
    counts["scorer"] = taps.count + 2  # + Card by card, Save
    hand, settled = stored_hand(page, session)
    assert hand["deal"] == value["deal"] and sorted(hand["spare_hand"]) == sorted(value["spare_hand"])
    assert family_of("tripoli").replay_json({**value, **hand})["payments"] == {"Bob": 3, "Cat": 1, "Dan": -2, "Ann": -10}
    assert settled["totals"] == totals_shown(page, session, ABCD)
    TAPS["tripoli-phones"] = counts
    print("Tripoli, taps per player and the scorer's:", counts)
    assert not errors and not any(e for _, e in phones.values()), (errors, [e for _, e in phones.values()])


def test_tripoli_deal_given_on_the_card_page_after_the_hand(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    value = tripoli_example()
    held = {**value["deal"], "Cat": value["spare_hand"]}  # Cat bought the spare hand
    session = start(page, "tripoli")
    page.locator("#record-cards").tap()
    page.wait_for_selector("#ask")
    taps = Taps(page)
    tripoli_spare(page, taps)
    expect(page.locator("#turn")).to_have_text("Who took the pay-card spaces?")
    for space, who in value["claims"].items():
        taps.tap(f'#ask .choices[data-space="{space}"] button[data-player="{who}"]', answered=False)
    taps.tap("#ask button.primary")  # Done
    tripoli_betting(page, taps, value)
    tripoli_showdown_and_michigan(page, taps, value)
    before = taps.count
    expect(page.locator("#give-deal")).to_be_visible()
    taps.tap("#give-deal", answered=False)
    for name in ("Bob", "Dan", "Ann"):  # the eldest first; Cat went out: every card of his was seen
        expect(page.locator("#turn")).to_have_text(f"{name} held which other cards?")
        enabled = page.locator("#grid button.card:enabled").evaluate_all("bs => bs.map(b => b.dataset.card)")
        rest = [c for c in held[name] if c in enabled]
        assert rest and value["michigan"]["play"][0][1] not in enabled  # what the play placed is not asked
        for code in rest:
            taps.tap(f"#grid #card-{code}", answered=False)
        taps.tap("#ask #done", answered=name == "Ann")
    expect(page.locator("#give-deal")).to_be_hidden()
    expect(page.locator("#complete")).to_be_visible()
    save(page, "#save-play")
    TAPS["tripoli-deal-after"] = {"whole": taps.count + 2, "deal": taps.count - before}
    hand, settled = stored_hand(page, session)
    assert {p: sorted(c) for p, c in hand["deal"].items()} == {p: sorted(c) for p, c in value["deal"].items()}
    assert sorted(hand["spare_hand"]) == sorted(value["spare_hand"])
    assert family_of("tripoli").replay_json({**value, **hand})["payments"] == {"Bob": 3, "Cat": 1, "Dan": -2, "Ann": -10}
    assert settled["totals"] == totals_shown(page, session, ABCD)
    print("Tripoli, the deal given after the hand:", TAPS["tripoli-deal-after"])
    assert not errors, errors


def test_tripoli_deal_given_on_the_card_page_before_the_first_action(phone: Phone) -> None:
    from playwright.sync_api import expect

    page, _, errors = phone
    value = tripoli_example()
    session = start(page, "tripoli")
    page.locator("#record-cards").tap()
    page.wait_for_selector("#ask")
    taps = Taps(page)
    expect(page.locator("#give-deal")).to_be_visible()
    taps.tap("#give-deal", answered=False)
    for name in ("Bob", "Cat", "Dan", "Ann"):  # the eldest first; the spare hand is the cards left
        expect(page.locator("#turn")).to_have_text(f"{name} was dealt which cards?")
        for code in value["deal"][name]:
            taps.tap(f"#grid #card-{code}", answered=False)
        taps.tap("#ask #done", answered=name == "Ann")
    deal = taps.count
    tripoli_spare(page, taps)
    tripoli_betting(page, taps, value)
    for name in ("Bob", "Cat"):
        expect(page.locator("#turn")).to_have_text(f"{name} shows his five cards")
        for code in value["poker"]["hands"][name]:
            taps.tap(f"#grid #card-{code}", answered=False)
        taps.tap("#ask #done")
    for _, code in value["michigan"]["play"]:
        taps.card(code)
    expect(page.locator("#complete")).to_be_visible()
    save(page, "#save-play")
    TAPS["tripoli-deal-before"] = {"whole": taps.count + 2, "deal": deal}
    hand, settled = stored_hand(page, session)
    assert hand["deal"] == value["deal"] and sorted(hand["spare_hand"]) == sorted(value["spare_hand"])
    assert family_of("tripoli").replay_json({**value, **hand})["payments"] == {"Bob": 3, "Cat": 1, "Dan": -2, "Ann": -10}
    assert settled["totals"] == totals_shown(page, session, ABCD)
    print("Tripoli, the deal given before the first action:", TAPS["tripoli-deal-before"])
    assert not errors, errors


def test_give_the_deal_tapped_while_the_page_waits_for_its_first_answer_waits_its_turn(phone: Phone) -> None:
    """The card page opens by asking the engine where the hand stands; a tap on *Give the deal* while that
    answer is on its way (a slow connection, a busy server) waits for it, then asks the deal: not lost."""
    from playwright.sync_api import expect

    page, _, errors = phone
    start(page, "tripoli")
    held: list[Any] = []
    page.route("**/next", lambda route: held.append(route))  # the page's first question, held on its way
    with page.expect_request(lambda r: r.url.endswith("/next") and r.method == "POST", timeout=15_000):
        page.locator("#record-cards").tap()
    expect(page.locator("#give-deal")).to_be_visible()
    page.locator("#give-deal").tap()  # while the first answer is on its way
    page.wait_for_timeout(300)
    assert len(held) == 1, "the page's first question only"
    held[0].continue_()
    page.unroute("**/next")
    expect(page.locator("#turn")).to_have_text("Bob was dealt which cards?")
    assert not errors, errors


def test_the_figures_are_kept() -> None:
    """The tap counts measured above, as docs/app.md gives them."""
    text = (ROOT / "docs" / "app.md").read_text()
    for counts in TAPS.values():
        for n in counts.values():
            assert f"{n} taps" in " ".join(text.split()), (n, TAPS)
