"""A player renamed in a record by his family (``Family.renamed``): every example hand and session of every
family replays and settles the same with the new name, and nothing but names changes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.family import family_of_record

EXAMPLES = sorted(p for p in (Path(__file__).resolve().parents[2] / "examples").glob("*.json"))
NEW = "Zed Newname"


def _output(record: dict[str, Any]) -> str:
    family = family_of_record(record)
    answer = family.settle_json(record) if "hands" in record else family.replay_json(record)
    return json.dumps(answer, ensure_ascii=False)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_player_renamed_reads_the_same(path: Path) -> None:
    record = json.loads(path.read_text())
    family = family_of_record(record)
    before = _output(record)
    for old in record["players"]:
        if "hands" in record:
            config = {k: v for k, v in record.items() if k != "hands"}
            moved = {**family.renamed(config, old, NEW), "hands": [family.renamed(h, old, NEW) for h in record["hands"]]}
        else:
            moved = family.renamed(record, old, NEW)
        # the same output, the name changed wherever it is shown (its fields and its sentences)
        assert _output(moved) == re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", NEW, before), (path.name, old)
        if "hands" in record:
            back = {**family.renamed({k: v for k, v in moved.items() if k != "hands"}, NEW, old),
                    "hands": [family.renamed(h, NEW, old) for h in moved["hands"]]}
        else:
            back = family.renamed(moved, NEW, old)
        assert back == record


def test_a_card_a_count_and_an_id_spelt_as_a_name_stay() -> None:
    record = {"game": "black-lady", "players": ["QS", "Bob", "Cat", "Dan"], "dealer": "Bob", "id": "QS",
              "taken": {"QS": {"hearts": 3}, "Bob": {"hearts": 2, "QS": 1}, "Cat": {"hearts": 0}, "Dan": {"hearts": 8}},
              "events": [{"type": "revoke", "player": "QS", "trick": 2, "note": "QS"}]}
    moved = family_of_record(record).renamed(record, "QS", "Queenie")
    assert moved["players"][0] == "Queenie" and moved["id"] == "QS"
    assert moved["taken"]["Queenie"] == {"hearts": 3} and moved["taken"]["Bob"] == {"hearts": 2, "QS": 1}
    assert moved["events"][0] == {"type": "revoke", "player": "Queenie", "trick": 2, "note": "QS"}
