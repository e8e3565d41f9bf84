"""Where a rule comes from, read from the label its doc starts with (``engine.origins``); every option and
settlement of the registry has one the start page can say (docs/app.md)."""

from __future__ import annotations

import pytest

from scorekeeper.engine.family import family_of, game_defs
from scorekeeper.engine.hearts.words import method_summary
from scorekeeper.engine.origins import origin


@pytest.mark.parametrize("doc, said", [
    ("2.2.1: how many cards each, widow, stripped or double pack", "rules"),
    ("001: QS is a 13-point penalty card", "rules"),
    ("2.2.3 HOUSE: playing QS breaks hearts too", "house"),
    ("AMB-30 HOUSE: 51 // n cards each (a card left to turn up), or 52 // n", "house"),
    ("AMB-39a: check only the hand sizes, or the spare dealt last", "reading"),
    ("6.8 step 5, AMB-38c: the talon's card points + 4 (Hoyle), or a fixed amount", "reading"),
    ("2.7: the ace of hearts scores 14 (002) or 1 (004)", "books"),
    ("2.16 (002): the Joker may be discarded under a heart higher than the ten", "rules"),
    ("which source's version of the game", ""),
    ("``tripoli-final-poker``: only final poker deals, from the layout the table left.", ""),
])
def test_a_docs_label_says_where_its_rule_comes_from(doc: str, said: str) -> None:
    assert origin(doc) == said


def test_every_option_and_every_numbered_settlement_has_an_origin() -> None:
    """Each option of each game and settlement (the versions aside: the page says what they are); a settlement
    whose docstring has no label is a game's own (the page says it is the game's rules) or says nothing."""
    for game in game_defs():
        family = family_of(game.id)
        for spec in game.options.values():
            assert spec.name == "profile" or origin(spec.doc), (game.id, spec.name, spec.doc)
        for key, method in family.methods(game.id).items():
            for spec in method.option_specs:
                assert origin(spec.doc), (game.id, key, spec.name, spec.doc)
            if not origin(method_summary(method)):
                assert key in ("reversis-fish", "tripoli-layout", "tripoli-final-poker"), (game.id, key)
