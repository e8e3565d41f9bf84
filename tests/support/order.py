"""The order the run starts its modules in: the slowest first.

pytest-xdist (``--dist loadscope``) keeps each module on one worker and hands the next module to whichever
worker runs short. A long module handed out last is the run's tail: one worker busy for minutes while the
other has nothing left to do. So the modules that take longest go first, the longest first, and the many
short ones fill in after them (``--no-loadscope-reorder`` in pyproject's addopts: xdist's own order, by the
number of tests in a module, would send the compiled build, a few long tests, last). The figures are a
whole run's on two workers, each module's setup, calls and teardowns added up (docs/testing.md); a module
not named here keeps its place in the collection, after these."""

from __future__ import annotations

import pytest

SLOWEST = (  # seconds in a run on two workers under a heavy load from other work, so about four times a quiet one's
    "tests/project/test_compiled.py",  # 762: the C compiler
    "tests/sheets/test_sheets.py",  # 701: every blank sheet rendered
    "tests/cli/test_fuzz_cli.py",  # 236
    "tests/browser/test_evening_chips_phone.py",  # 234
    "tests/web/test_fuzz_api.py",  # 206
    "tests/web/test_fuzz_routes.py",  # 185
    "tests/engine/hearts/test_properties.py",  # 150
    "tests/browser/test_offline_phone.py",  # 150
    "tests/browser/test_every_page.py",  # 121
    "tests/browser/test_language_crawl.py",  # 82 alone under a load of 17: every page kind read in four languages
    "tests/browser/test_evening_hearts_phone.py",  # 116
    "tests/engine/test_advance.py",  # 103
    "tests/web/test_audit_pages.py",  # 102
    "tests/engine/hearts/test_core_steps.py",  # 82
    "tests/web/test_plain_words.py",  # 81
    "tests/web/test_card_page.py",  # 70
    "tests/browser/test_recording_loop.py",  # 67
    "tests/engine/test_progress.py",  # 61
    "tests/web/test_pages.py",  # 60
    "tests/races/test_races.py",  # 58
    "tests/browser/test_card_page_phone.py",  # 55
    "tests/browser/test_language_table_phone.py",  # 54 alone under a load of 17: a table in three languages
)


def slowest_first(items: list[pytest.Item]) -> None:
    """Sort ``items`` in place: the modules of SLOWEST in its order, then every other in its collected order."""
    rank = {path: place for place, path in enumerate(SLOWEST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
