"""The Tripoli and Reversis result forms on a phone: a deal and a hand by their result, fingers counted."""

from __future__ import annotations

from typing import Any

from tests.support.phoneforms import save


PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


# A typical Tripoli deal (catalogue 5.9's first deal, the spare hand kept): A♥ to Ann, 10♥ to Bob, K♥ Q♥ and
# K♥Q♥ to Cat, J♥ and the sequence to nobody; Ann wins the poker (Ann 5, Bob 5, Dan 2 in the pot); Bob goes
# out, Ann holding 3 cards, Cat 5, Dan 2.
TRIPOLI_DEAL = {
    "claims": {"AH": "Ann", "KH": "Cat", "QH": "Cat", "TH": "Bob", "KQ": "Cat"},
    "poker": {"bets": {"Ann": 5, "Bob": 5, "Dan": 2}, "winners": ["Ann"]},
    "michigan": {"out": "Bob", "left": {"Ann": 3, "Cat": 5, "Dan": 2}},
}


# A typical Reversis hand (Ann deals, Dan leads): every card played, as most hands are; the Quinola followed
# and lost, an ace led, two followed (winning their tricks), one discarded on another suit.
REVERSIS_HAND = {
    "taken": {"Ann": {"tricks": 3, "points": 3}, "Bob": {"tricks": 3, "points": 14},
              "Cat": {"tricks": 3, "points": 13}, "Dan": {"tricks": 2, "points": 9}},
    "quinola_aces": {
        "JH": {"player": "Ann", "trick": 7, "how": "followed", "leader": "Dan", "winner": "Ann"},
        "AS": {"player": "Bob", "trick": 2, "how": "led", "winner": "Bob"},
        "AH": {"player": "Dan", "trick": 5, "how": "followed", "leader": "Ann", "winner": "Dan"},
        "AD": {"player": "Ann", "trick": 9, "how": "discarded", "leader": "Cat", "winner": "Cat"},
        "AC": {"player": "Bob", "trick": 1, "how": "followed", "leader": "Dan", "winner": "Bob"},
    },
}


class Fingers:
    """A player's hand on the phone: taps a pill, a box or a button, types digits; counts both."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0
        self.keys = 0

    def tap(self, locator: Any) -> None:
        locator.tap()
        self.taps += 1

    def pill(self, name: str, value: str) -> None:
        """The pill of a radio or check input (the input itself is out of sight: the pill is what is tapped)."""
        self.tap(self.page.locator("label.pill", has=self.page.locator(f'input[name="{name}"][value="{value}"]')))

    def check(self, name: str) -> None:
        self.pill(name, "y")

    def type(self, selector: str, text: str) -> None:
        """Tap a number box, then type: one tap, a key a digit."""
        self.tap(self.page.locator(selector))
        self.page.keyboard.type(text)
        self.keys += len(text)


def start(page: Any, game: str) -> str:
    """A table of ``game`` for Ann, Bob, Cat and Dan, Ann dealing first: its session page's URL."""
    page.goto(f"/?game={game}")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#first_dealer").select_option("Ann")
    save(page, "#start")
    assert "/s/" in page.url
    return str(page.url).split("#")[0]
