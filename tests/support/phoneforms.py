"""A table on the phone (Chromium at 390x844): started, a hand by its result saved, the totals read."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.hearts.records import HandRecord, from_json
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.hearts.simulate import random_record


PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


GAME = "black-lady"


def result_points(hearts: list[int], queen: int) -> list[int]:
    """Black Lady by hand: a point a heart, 13 for QS."""
    return [h + (13 if seat == queen else 0) for seat, h in enumerate(hearts)]


def play_without_deal(plays: list[str], dealer: str, number: int) -> None:
    """What the card page's check does: the cards so far, no deal. Raises the engine's refusal."""
    base = {"dealer": dealer, "hand": number, "play": plays}
    replay(from_json(base, {"game": GAME, "options": {}, "players": PLAYERS}))


def card_hand(dealer: str, number: int) -> tuple[HandRecord, list[str], tuple[int, str]]:
    """A legal hand without a moon (no moon question to answer), its cards in order, and the first
    place where the engine, without the deal (as the page asks it), refuses a card of another
    suit than the one really played: (play index, that card).

    Without the deal a card the player still holds can never be refused on the spot (nothing yet
    proves he holds the suit led); what the engine does refuse is a card that contradicts what the
    cards so far show, e.g. a spade from a player who has already shown out of spades (a revoke).
    """
    for seed in range(2024, 2124):
        record = random_record(GAME, PLAYERS, random.Random(seed), dealer=PLAYERS.index(dealer), hand_number=number)
        outcome = replay(record)
        if outcome.moon is not None:
            continue
        plays = [item.card.code for item in record.play]
        for k, code in enumerate(plays):
            for candidate in sorted(set(plays[k + 1:])):
                if candidate[1] == code[1]:
                    continue
                try:
                    play_without_deal(plays[:k] + [candidate], dealer, number)
                except ScorekeeperError as exc:
                    if exc.code != "incomplete":
                        return record, plays, (k, candidate)
    raise AssertionError("no seed gave a hand with a refusable card")


def totals(page: Any, players: list[str] = PLAYERS) -> list[int]:
    return [int(page.locator(f'td.total[data-player="{p}"]').inner_text().strip()) for p in players]


def fill_result(page: Any, hearts: list[int], queen: int) -> None:
    """Type all but the last count (the page fills the last one in), tap who took QS."""
    for seat, count in enumerate(hearts[:-1]):
        page.locator(f"#hearts_{seat}").fill(str(count))
    last = page.locator(f"#hearts_{len(hearts) - 1}")
    assert last.input_value() == str(hearts[-1]), "the page fills in the last player's hearts"
    page.locator(f"#take_QS-{queen}").check()


def save(page: Any, button: str) -> None:
    with page.expect_navigation():
        page.locator(button).tap()


def start_table(page: Any) -> None:
    """A Black Lady table for Ann, Bob, Cat and Dan, Ann dealing first, started on the phone."""
    page.goto(f"/?game={GAME}")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option("Ann")
    save(page, "#start")
