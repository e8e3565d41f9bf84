"""The record reader's canonical card codes read by their two characters (``records._code_index``): the same card
as the codes' table for every string of two characters, and nothing for anything else."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine.hearts import records


def by_chars(code: Any) -> Any:
    i = records._code_index(code)
    return records._FAST_BY_CHARS[i] if i >= 0 else None


def test_every_two_characters_read_as_the_codes_table_reads_them() -> None:
    chars = [chr(i) for i in range(300)] + ["\u2660", "\u2665", "\ud800", "\U0001f0a1"]
    for a in chars:
        for b in chars:
            assert by_chars(a + b) is records._FAST.get(a + b), a + b


@pytest.mark.parametrize("value", [None, 1, 2.0, "", "Q", "QSX", "qs", "10H", b"QS", ["QS"], {"QS": 1}])
def test_anything_else_is_no_canonical_card(value: Any) -> None:
    assert by_chars(value) is None


def test_a_hands_cards_and_plays_read_the_same_either_way() -> None:
    codes = [code for code in records._FAST]
    assert records._canonical_cards(codes) == tuple(records._FAST[c] for c in codes)
    assert records._canonical_cards(codes + ["qs"]) is None
    assert records._play(codes, ("A", "B"), {"A", "B"}) == tuple(records._PLAIN_PLAYS[c] for c in codes)
