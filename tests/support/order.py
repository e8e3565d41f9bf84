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

SLOWEST = (
    "tests/project/test_compiled.py",
    "tests/cli/test_fuzz_cli.py",
    "tests/web/test_fuzz_api.py",
    "tests/browser/test_every_page.py",
    "tests/browser/test_offline_phone.py",
    "tests/sheets/test_sheets.py",
    "tests/browser/test_evening_hearts_phone.py",
    "tests/browser/test_evening_chips_phone.py",
    "tests/engine/hearts/test_properties.py",
    "tests/races/test_races.py",
    "tests/web/test_fuzz_routes.py",
    "tests/browser/test_recording_loop.py",
    "tests/engine/hearts/test_family_common.py",
    "tests/browser/test_evening_club_phone.py",
    "tests/browser/test_card_page_phone.py",
    "tests/browser/test_beyond_phone.py",
)


def slowest_first(items: list[pytest.Item]) -> None:
    """Sort ``items`` in place: the modules of SLOWEST in its order, then every other in its collected order."""
    rank = {path: place for place, path in enumerate(SLOWEST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
