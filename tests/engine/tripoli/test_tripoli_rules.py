"""Tripoli's options (catalogue 5.8): presets for the three game ids, every variation an OptionSpec, contradictions refused."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.errors import UnknownGame, UnknownOption
from scorekeeper.engine.options import OptionSpec
from scorekeeper.engine.tripoli import OPTION_SPECS, SETTLEMENT_OPTIONS, make_rules
from scorekeeper.engine.tripoli.rules import SEQUENCES


def test_every_option_is_an_option_spec_with_its_rule() -> None:
    names = [s.name for s in OPTION_SPECS]
    assert names == ["spare", "spare_position", "pay_cards", "paying_suit", "sequence", "poker_opener",
                     "michigan_leader", "first_lead", "colour_leads", "bet_limit"]
    for spec in (*OPTION_SPECS, *SETTLEMENT_OPTIONS):
        assert isinstance(spec, OptionSpec) and spec.default in spec.choices and spec.doc


def test_sequences() -> None:
    assert SEQUENCES[0] == "2-3-4" and "8-9-10" in SEQUENCES and "6-7-8" in SEQUENCES and SEQUENCES[-1] == "Q-K-A"


@pytest.mark.parametrize(("game", "expected"), [
    ("tripoli", {"pay_cards": "stage1", "paying_suit": "hearts", "michigan_leader": "poker-winner", "colour_leads": "off"}),
    ("rummoli", {"pay_cards": "in-play", "paying_suit": "hearts", "michigan_leader": "poker-winner"}),
    ("cosmo", {"pay_cards": "in-play", "paying_suit": "board", "michigan_leader": "eldest", "colour_leads": "alternate"}),
])
def test_presets(game: str, expected: dict[str, Any]) -> None:
    rules = make_rules(game)
    assert {k: getattr(rules, k) for k in expected} == expected
    assert rules.has_poker == (game != "cosmo")
    assert rules.bet_limit == 10  # AMB-39m


def test_a_bid_collects_in_play() -> None:
    assert make_rules("tripoli", {"paying_suit": "bid"}).in_play


@pytest.mark.parametrize(("game", "options", "fragment"), [
    ("tripoli", {"paying_suit": "bid", "pay_cards": "stage1"}, "collects the pay cards in play"),
    ("cosmo", {"michigan_leader": "poker-winner"}, "no poker stage"),
    ("cosmo", {"paying_suit": "bid"}, "shows the paying suit on its board"),
    ("tripoli", {"colour_leads": "alternate", "first_lead": "lowest-in-hand"}, "contradicts"),
    ("tripoli", {"bet_limit": 101}, "from 1 to 100"),
    ("tripoli", {"bet_limit": True}, "from 1 to 100"),
    ("tripoli", {"sequence": "8-9-T"}, "takes 2-3-4"),
    ("tripoli", {"spare": "sometimes"}, "takes exchange, none"),
])
def test_contradictions_and_bad_values(game: str, options: dict[str, Any], fragment: str) -> None:
    with pytest.raises(UnknownOption) as caught:
        make_rules(game, options)
    assert fragment in caught.value.message


def test_unknown_game() -> None:
    with pytest.raises(UnknownGame):
        make_rules("poch")
