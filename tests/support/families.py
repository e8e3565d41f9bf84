"""Checks shared by the tests of the Hearts family's games under random play."""

from __future__ import annotations

import pytest

from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.cards import Card
from scorekeeper.engine.errors import IllegalPlay
from scorekeeper.engine.hearts.records import HandRecord


def assert_caught(corrupt: HandRecord, index: int, code: str, player: str, card: Card) -> None:
    with pytest.raises(IllegalPlay) as info:
        replay(corrupt)
    error = info.value
    assert (error.code, error.play, error.player, error.card) == (code, index, player, card.code)
    assert error.trick == index // len(corrupt.players) + 1
