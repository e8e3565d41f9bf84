"""A guard: shared modules name no family's own kind of action and never ask which family a table is.

Read from the sources with ``ast``. A family-only kind is a kind of action one family's vocabulary words and
no other's (``Vocabulary.kinds``, ``nouns``, ``page["kinds"]``); the shared modules are every module of the
package outside the family folders (``engine/<id>/``, ``web/families/``, ``sheets/<id>.py``) and the words
every family shares (``engine/vocabulary.py``).
"""

from __future__ import annotations

import ast
from pathlib import Path

from scorekeeper.engine.family import families

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"

CORE = {"vocabulary.py"}  # the words every family shares (engine/vocabulary.py's COMMON)
CORE_FOLDERS = ("engine/hearts/",)  # the trick-taking core's folder

# A literal that is a family-only kind's word but means something else where it stands, with why.
NOT_A_KIND = {
    ("seats.py", "passed"): "a seat draft's field: the cards a player passes from his own phone",
    ("changes.py", "leader"): "a hand record's field, in the list of what changed",
    ("audit_steps.py", "leader"): "the state's key of who led the trick in progress (every trick-taking family's)",
}

# The families' settlement classes: no shared module asks which one a table's method is.
SETTLEMENT_CLASSES = {"Cumulative", "FiveHandMatch", "LowestCollectsDifference", "FamilyMethod", "PoolMethod",
                      "PoolFamilyMethod", "Howell"}


def family_only_kinds() -> set[str]:
    seen: dict[str, set[str]] = {}
    for family in families():
        words = family.vocabulary
        for kind in {*words.kinds, *words.nouns, *(words.page.get("kinds") or {}), *words.said}:
            seen.setdefault(kind, set()).add(family.id)
    headings = {key for family in families() for key in family.vocabulary.headings}
    return {kind for kind, families in seen.items() if len(families) == 1 and kind not in headings}


def shared_modules() -> list[Path]:
    ids = {f.id for f in families()}
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if any(rel.startswith(f"engine/{f}/") or rel == f"sheets/{f}.py" for f in ids):
            continue
        if rel.startswith(("web/families/", *CORE_FOLDERS)) or path.name in CORE:
            continue
        out.append(path)
    return out


def test_the_guard_reads_the_modules_it_must() -> None:
    names = {p.relative_to(PACKAGE).as_posix() for p in shared_modules()}
    assert {"sheets/audit_steps.py", "web/play/routes.py", "engine/progress.py", "cli.py", "sheets/command.py",
            "web/audit/routes.py"} <= names
    assert not any(n.startswith(("engine/tripoli/", "engine/reversis/", "web/families/")) for n in names)
    assert {"espagnolette", "spare-buyer", "moon-choice", "capot", "waive"} <= family_only_kinds()
    assert "play" not in family_only_kinds() and "bid" not in family_only_kinds()  # shared by two families


def test_no_shared_module_names_a_family_only_kind() -> None:
    kinds = family_only_kinds()
    found = []
    for path in shared_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in kinds:
                if (path.name, node.value) in NOT_A_KIND:
                    continue
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {node.value!r}")
    assert found == []


def test_no_shared_module_asks_which_family_or_which_settlement() -> None:
    found = []
    for path in shared_modules() + [PACKAGE / "sheets" / "hearts.py"]:
        if path.name == "family.py":
            continue  # the registry, where the families are made
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and any(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops):
                names = [n.id for n in (node.left, *node.comparators) if isinstance(n, ast.Name)]
                if "HEARTS" in names:
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: is HEARTS")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
                classes = ast.walk(node.args[1]) if len(node.args) > 1 else ()
                named = {n.id for n in classes if isinstance(n, ast.Name)} & SETTLEMENT_CLASSES
                if named:
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: isinstance {sorted(named)}")
    assert found == []
