"""Tripoli's deal given by the table (``engine.tripoli.dealing``), on random legal deals of Tripoli, Rummoli and
Cosmo (``simulate.random_record``), every spare choice among them: the hands as dealt, asked before Michigan,
make the deal (the spare hand the cards left); once Michigan has ended, only the cards of each held hand the
record does not show are asked, and the answers give back the deal as dealt (the dealer's swap or sale undone)
and the same payments.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from scorekeeper.engine.family import family_of
from scorekeeper.engine.tripoli import simulate, to_json
from scorekeeper.engine.tripoli.deal import after_spare

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]


def deals(game: str, n: int, seeds: range) -> list[dict[str, Any]]:
    out = []
    for seed in seeds:
        record = simulate.random_record(game, NAMES[:n], random.Random(seed), dealer=seed % n,
                                        options={"spare_position": "last"} if game != "cosmo" else None)
        if record.misdeal is None:
            out.append(to_json(record))
    return out


def played_without_the_deal(value: dict[str, Any]) -> dict[str, Any]:
    """The deal as a card page records it without the deal: who played each Michigan card, the end declared,
    the claims the table says."""
    out = family_of(value["game"]).replay_json(value)
    bare = {k: v for k, v in value.items() if k not in ("deal", "spare_hand")}
    michigan = out["michigan"]
    bare["michigan"] = {"play": [item for run in michigan["runs"] for item in run["cards"]],
                        **({"out": michigan["out"]} if michigan.get("out") else {"block": True}),
                        "left": {p: n for p, n in michigan["left"].items() if n}}
    claims = {space: t[0] if len(t) == 1 else t for space, c in out["claims"].items() if (t := c["takers"])}
    if claims:
        bare["claims"] = claims
    return bare


def sorted_deal(value: dict[str, Any]) -> tuple[dict[str, list[str]], list[str]]:
    return {p: sorted(c) for p, c in value["deal"].items()}, sorted(value["spare_hand"])


@pytest.mark.parametrize("game,n", [("tripoli", 4), ("tripoli", 2), ("tripoli", 7), ("rummoli", 5), ("cosmo", 3)])
def test_the_deal_given_after_michigan_is_the_deal_dealt(game: str, n: int) -> None:
    family = family_of(game)
    spares = Counter()
    for value in deals(game, n, range(12)):
        bare = played_without_the_deal(value)
        assert family.progress_json(bare)["complete"]
        spare = value.get("spare") or "keep"
        spares[spare if isinstance(spare, str) else spare["action"]] += 1
        sizes = {p: len(c) for p, c in value["deal"].items()}
        given: list[dict[str, Any]] = []
        asked = family.dealing_json(bare, given)
        while not asked["dealt"]:
            q = asked["next"]
            assert q["kind"] == "held" and 0 < q["count"] <= max(sizes.values())
            names = value["players"]
            held, _ = after_spare(names, names.index(value["dealer"]),
                                  [[_card(c) for c in value["deal"][p]] for p in names],
                                  [_card(c) for c in value["spare_hand"]], _spare(value))
            mine = [c.code for c in held[names.index(q["player"])]]
            given.append({"kind": "held", "player": q["player"], "value": [c for c in mine if c in q["choices"]]})
            asked = family.dealing_json(bare, given)
        assert sorted_deal(asked["record"]) == sorted_deal(value)
        assert asked["outcome"]["payments"] == family.replay_json(value)["payments"]
    assert sum(spares.values()) >= 10 and len(spares) >= 2, spares  # more than one choice of the spare hand


def _card(code: str) -> Any:
    from scorekeeper.engine.cards import Card

    return Card.parse(code)


def _spare(value: dict[str, Any]) -> Any:
    from scorekeeper.engine.tripoli.record import from_json

    return from_json(value).spare


@pytest.mark.parametrize("n", [2, 3, 4, 5, 9])
def test_the_hands_as_dealt_before_michigan_make_the_deal(n: int) -> None:
    family = family_of("tripoli")
    for value in deals("tripoli", n, range(3)):
        head = {k: value[k] for k in ("game", "players", "dealer", "hand", "options") if k in value}
        given: list[dict[str, Any]] = []
        asked = family.dealing_json(head, given)
        while not asked["dealt"]:
            q = asked["next"]
            assert q["kind"] == "hand" and q["count"] == len(value["deal"][q["player"]])
            given.append({"kind": "hand", "player": q["player"], "value": value["deal"][q["player"]]})
            asked = family.dealing_json(head, given)
        assert sorted_deal(asked["record"]) == sorted_deal(value)
        assert asked["next"]["kind"] == "spare"
