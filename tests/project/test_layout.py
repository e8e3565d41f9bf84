"""The tests' own layout, read from the sources (nothing is imported): each folder mirrors a part of the package,
every browser test is in tests/browser, and no test module imports another (what two modules share lives in
tests/support, a fixture in a conftest.py)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.order import SLOWEST

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
PACKAGE = ROOT / "scorekeeper"

# Folders that mirror no part of the package, and why.
OWN_FOLDERS = {
    "browser": "every test that drives Chromium (Playwright, the phone of tests/support/phonekit.py)",
    "races": "writes that meet other writes, and the throwaway PostgreSQL servers (tests/support/pgcluster.py)",
    "project": "the repository as a whole: docs, layers, set-up scripts, the compiled build, the benches",
    "support": "helpers the tests share (not tests)",
}
# The Hearts core's tests: its modules are the engine's own (engine/games, replay, settlement ...) until they
# move into a package of their own, engine/hearts, which this folder mirrors.
CORE = "engine/hearts"
DATA = {"golden", "artifacts", "__pycache__"}

WHERE = ("put it in the folder that mirrors what it checks: tests/engine/ (a family's own: tests/engine/hearts/, "
         "tests/engine/tripoli/, tests/engine/reversis/), tests/web/, tests/sheets/, tests/cli/; a test that drives "
         "Chromium in tests/browser/, a race or PostgreSQL-server test in tests/races/, a check of the repository "
         "as a whole in tests/project/ (docs/testing.md has the map); what tests share goes in tests/support/, a "
         "fixture in a conftest.py")

BROWSER_FIXTURES = {"phone", "another_phone", "browser", "live_server", "browser_ready"}


def python_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if not DATA & set(p.relative_to(TESTS).parts))


def test_no_test_file_sits_at_the_top_of_tests() -> None:
    top = sorted(p.name for p in TESTS.glob("*.py") if p.name not in ("conftest.py", "__init__.py"))
    assert not top, f"tests/{', tests/'.join(top)}: {WHERE}"


def test_every_folder_mirrors_a_part_of_the_package() -> None:
    for folder in sorted({p.parent for p in python_files()} - {TESTS}):
        rel = folder.relative_to(TESTS).as_posix()
        if rel.split("/")[0] in OWN_FOLDERS:
            continue
        mirrored = (PACKAGE / rel).is_dir() or (PACKAGE / rel).with_suffix(".py").is_file() or rel == CORE
        assert mirrored, f"tests/{rel}/ mirrors nothing in scorekeeper/: {WHERE}"
        assert (folder / "__init__.py").is_file(), f"tests/{rel}/ needs an empty __init__.py (tests/ is a package)"


def imported_modules(tree: ast.Module, module: str) -> set[str]:
    """The dotted names a module imports (relative imports resolved against ``module``)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = module.split(".")[:-node.level]
                base = ".".join(parent + ([base] if base else []))
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}  # from tests.web import test_pages
    return found


def test_no_test_module_imports_another() -> None:
    offenders = []
    for path in python_files():
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for name in sorted(imported_modules(ast.parse(path.read_text(encoding="utf-8")), module)):
            last = name.split(".")[-1]
            if (last.startswith("test_") or last == "conftest") and name.split(".")[0] in ("tests", last):
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not offenders, ("a test module imports another (move what they share to tests/support/, a fixture to "
                           "a conftest.py): " + "; ".join(offenders))


def drives_a_browser(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
            if BROWSER_FIXTURES & {arg.arg for arg in node.args.args}:
                return True
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "playwright" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "playwright":
            return True
    return False


def test_every_browser_test_is_in_tests_browser() -> None:
    outside = [path.relative_to(ROOT).as_posix() for path in python_files()
               if path.name.startswith("test_") and path.relative_to(TESTS).parts[0] != "browser"
               and drives_a_browser(ast.parse(path.read_text(encoding="utf-8")))]
    assert not outside, f"{', '.join(outside)} drive Chromium: move them to tests/browser/"


def test_the_layout_checks_can_fail() -> None:
    """The checks above see what they look for."""
    tree = ast.parse("from tests.web.test_pages import get\nfrom ..support import pages\nfrom . import test_x\n")
    names = imported_modules(tree, "tests.web.test_again")
    assert {"tests.web.test_pages", "tests.support", "tests.web.test_x"} <= names
    assert drives_a_browser(ast.parse("def test_it(phone):\n    pass\n"))
    assert not drives_a_browser(ast.parse("def test_it(client):\n    pass\n"))


def test_the_slowest_modules_named_are_there() -> None:
    """The run starts these first (tests/support/order.py): a module moved or renamed is named again there."""
    missing = [path for path in SLOWEST if not (ROOT / path).is_file()]
    assert not missing, f"tests/support/order.py names modules that are not there: {missing}"
    assert len(set(SLOWEST)) == len(SLOWEST)
