"""The package's layers, and no import cycles, read from the source (nothing is imported).

The layers (docs/design.md#layers), for what a module imports when it is imported (its body,
inside a top-level ``try``, ``if`` or class body too, but not under ``if TYPE_CHECKING:`` and not
inside a function: that is a lazy import, which is how the command line reaches ``serve``):

- ``scorekeeper.engine``: itself only. It is pure everywhere, in its functions too: no web stack,
  no WeasyPrint, no Jinja2 (``tests/engine/test_purity.py`` checks the standard library at large).
- ``scorekeeper.sheets``: the engine, ``resources``, ``language``, and ``boundary`` and ``inputs``; never the web.
- ``scorekeeper.web``: the engine, the sheets, ``resources``, ``language`` and ``boundary`` (its last resort).
- the command line (``cli``, ``settle_cli``, ``inputs``, ``boundary``): the engine, the sheets,
  ``resources``, ``language`` and one another; the web only inside a function.
- ``language`` (the catalogues of the printed words, the engine's sentences worded; with ``notes_words``,
  ``rules_words`` and ``registry_words``): ``resources`` and the engine.
- ``resources``: nothing of the package.

A lazy import may cross the layers only where ``LAZY_EXCEPTIONS`` names it.

Inside the engine the walk counts imports inside functions too (not those under ``if TYPE_CHECKING:``,
which never run): no cycle even lazily, a family folder imports only the kernel and itself, and the
kernel names no family but in the registry.

And no cycle among the modules' import-time imports (a submodule importing a name from its own
package's ``__init__`` counts, even one the ``__init__`` only re-exports): the modules load in one
order, whichever is imported first.

A short ``ast`` walk rather than import-linter and its graph, grimp: grimp records an import
inside a function as an edge like any other, so the lazy imports this package relies on (the
command line's ``serve``, the engine's families loaded on demand, the web pages' own-game pages,
which close cycles only lazily) would need ignore rules, and those would hide the same import
moved to the top of its module; and
import-linter's cycle contract forbids cycles between sibling packages, not between modules and
their own package's ``__init__``. The walk also needs no dependency, and no installed package.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scorekeeper"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str  # absolute; a module of ours, or a third-party or standard one as written
    line: int

    def __str__(self) -> str:
        return f"{MODULES[self.importer].relative_to(ROOT)}:{self.line} imports {self.imported}"


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def import_nodes(node: ast.AST, lazy: bool, checking: bool | None = None) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements under ``node``: those run on import, or (``lazy``) all of them; ``checking``:
    with those under ``if TYPE_CHECKING:``, which never run (by default, only with ``lazy``)."""
    checking = lazy if checking is None else checking
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child
        elif isinstance(child, ast.If) and is_type_checking(child.test) and not checking:
            yield from import_nodes(ast.Module(body=child.orelse, type_ignores=[]), lazy, checking)
        elif lazy or not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield from import_nodes(child, lazy, checking)


def ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def imports_of(importer: str, lazy: bool = False, checking: bool | None = None) -> list[Import]:
    """What ``importer`` imports, relative imports resolved to absolute names, each once a line.

    ``from P import n`` imports ``P.n`` when that is a module, and ``P`` itself when a name comes
    from its ``__init__`` or when ``P`` is not one of the importer's own packages (then its
    ``__init__`` runs first). Importing a module runs the ``__init__`` of its packages too: those
    outside the importer's own packages are imports of it as well.
    """
    path = MODULES[importer]
    package = importer if path.name == "__init__.py" else importer.rpartition(".")[0]
    own = {*ancestors(importer), importer}
    found: list[Import] = []
    for node in import_nodes(ast.parse(path.read_text(encoding="utf-8"), str(path)), lazy, checking):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[: len(parts) - node.level + 1], *([base] if base else [])])
            names = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in MODULES]
            if len(names) < len(node.names) or base not in own:
                names.append(base)
        targets = [t for name in names for t in [*(a for a in ancestors(name) if a in MODULES), name]]
        found += [Import(importer, target, node.lineno) for target in dict.fromkeys(targets)
                  if target not in own or (target in names and target != importer)]
    return found


COMMAND_LINE = {"cli", "settle_cli", "inputs", "boundary"}
ALLOWED = {  # part -> the parts it may import when it is imported (besides itself)
    "engine": set(),
    "sheets": {"engine", "resources", "language", "boundary", "inputs"},
    "web": {"engine", "sheets", "resources", "language", "boundary"},
    **{name: {*COMMAND_LINE, "engine", "sheets", "resources", "language"} for name in COMMAND_LINE},
    "language": {"resources", "engine"},
    "resources": set(),
    "scorekeeper": set(),  # the package's own __init__
}
LAZY_EXCEPTIONS = {  # the imports across the layers inside a function, each one named
    ("scorekeeper.cli", "scorekeeper.web"): "scorekeeper serve",
    ("scorekeeper.cli", "scorekeeper.web.serve"): "scorekeeper serve",
}
NOT_IN_THE_ENGINE = ("flask", "sqlalchemy", "werkzeug", "wtforms", "flask_wtf", "flask_sqlalchemy",
                     "flask_migrate", "alembic", "weasyprint", "jinja2")


# The words layer's own modules, beside ``language``: one part with it (the engine's words worded, docs/languages.md).
LANGUAGE = {"language", "notes_words", "rules_words", "registry_words"}


def part(module: str) -> str:
    """The part of the package a module of ours belongs to: a subpackage, or a top-level module."""
    name = module.split(".")[1] if "." in module else module
    return "language" if name in LANGUAGE else name


EDGES = [found for module in MODULES for found in imports_of(module) if found.imported in MODULES]


def crossing(edges: list[Import]) -> list[Import]:
    """The imports from one part into another that its layer does not allow."""
    return [edge for edge in edges
            if part(edge.imported) != part(edge.importer) and part(edge.imported) not in ALLOWED[part(edge.importer)]]


def wording(edge: Import) -> str:
    return f"{edge} ({part(edge.importer)} may not import {part(edge.imported)})"


def cycles(edges: list[Import]) -> list[tuple[list[Import], set[str]]]:
    """Each group of modules that import one another: the shortest cycle through its first
    module (its imports in order), and the whole group."""
    graph: dict[str, list[Import]] = {}
    for edge in edges:
        graph.setdefault(edge.importer, []).append(edge)

    def ways(start: str) -> dict[str, list[Import]]:  # breadth first: the shortest way to each module
        came: dict[str, list[Import]] = {start: []}
        queue = [start]
        for module in queue:
            for edge in graph.get(module, []):
                if edge.imported not in came:
                    came[edge.imported] = [*came[module], edge]
                    queue.append(edge.imported)
        return came

    reach = {module: ways(module) for module in sorted(graph)}
    found: list[tuple[list[Import], set[str]]] = []
    seen: set[str] = set()
    for start in reach:
        back = [edge for edge in graph[start] if start in reach.get(edge.imported, {})]
        if start in seen or not back:
            continue
        cycle = min(([edge, *reach[edge.imported][start]] for edge in back), key=len)
        group = {module for module in reach[start] if start in reach.get(module, {})}
        found.append((cycle, group))
        seen |= group
    return found


def describe(cycle: list[Import], group: set[str]) -> str:
    text = " -> ".join([*(edge.importer for edge in cycle), cycle[0].importer])
    others = sorted(group - {edge.importer for edge in cycle})
    return "\n  ".join([text, *map(str, cycle), *(["and with them: " + ", ".join(others)] if others else [])])


def test_every_module_is_in_a_part_of_the_layers() -> None:
    assert {part(module) for module in MODULES} <= set(ALLOWED), "a new part: give it its layer in ALLOWED"


def test_the_walk_resolves_imports_as_python_runs_them() -> None:
    services = {edge.imported for edge in imports_of("scorekeeper.web.services")}
    assert "scorekeeper.web.direct" in services  # from . import direct: the sibling, not the package
    assert "scorekeeper.web" not in services
    assert {"scorekeeper.engine", "scorekeeper.engine.hearts.settlement", "scorekeeper.engine.hearts.session"} <= {
        edge.imported for edge in imports_of("scorekeeper.sheets.hearts")}  # the packages' __init__ run too
    assert "scorekeeper.web.serve" not in {edge.imported for edge in imports_of("scorekeeper.cli")}  # lazy
    assert "scorekeeper.web.serve" in {edge.imported for edge in imports_of("scorekeeper.cli", lazy=True)}
    assert cycles([Import("scorekeeper.cli", "scorekeeper.inputs", 1), Import("scorekeeper.inputs", "scorekeeper", 2),
                   Import("scorekeeper", "scorekeeper.cli", 3)])[0][1] == {
        "scorekeeper", "scorekeeper.cli", "scorekeeper.inputs"}


def test_each_part_imports_only_the_layers_below_it() -> None:
    wrong = crossing(EDGES)
    assert not wrong, "imports across the layers (docs/design.md#layers):\n" + "\n".join(map(wording, wrong))


def test_lazy_imports_cross_the_layers_only_where_named() -> None:
    lazy = [found for module in MODULES for found in imports_of(module, lazy=True)
            if found.imported in MODULES and found not in EDGES]
    wrong = [edge for edge in crossing(lazy) if (edge.importer, edge.imported) not in LAZY_EXCEPTIONS]
    assert not wrong, "imports across the layers, inside functions:\n" + "\n".join(map(wording, wrong))


OUTSIDE_THE_ENGINE = ("scorekeeper.web", "scorekeeper.sheets")  # and the top-level modules (the command line)


def outside_the_engine(module: str) -> bool:
    return module.startswith(OUTSIDE_THE_ENGINE) or module.count(".") <= 1 and part(module) != "engine"


def test_no_import_cycles_in_the_web_the_sheets_and_the_command_even_inside_functions() -> None:
    """Above the engine, an import inside a function is no way around a cycle either: the modules of the
    web app, the sheets and the command line import one another in one order, lazily or not (the app
    factory importing its blueprints, ``cli`` reaching ``serve``: each only downwards). As in the engine, an
    import under ``if TYPE_CHECKING:`` is not counted: it never runs."""
    lazy = [found for module in MODULES if outside_the_engine(module)
            for found in imports_of(module, lazy=True, checking=False)
            if found.imported in MODULES and outside_the_engine(found.imported)]
    found = cycles(lazy)
    assert not found, "import cycles, counting the imports inside functions:\n" + "\n".join(
        describe(cycle, group) for cycle, group in found)


def test_the_engine_never_imports_the_web_stack_or_the_printing() -> None:
    wrong = [str(found) for module in MODULES if part(module) == "engine"
             for found in imports_of(module, lazy=True) if found.imported.split(".")[0] in NOT_IN_THE_ENGINE]
    assert not wrong, "the engine is a pure library, in its functions too:\n" + "\n".join(wrong)


def test_no_import_cycles() -> None:
    found = cycles(EDGES)
    assert not found, "import cycles (each module imports the next when it is imported):\n" + "\n".join(
        describe(cycle, group) for cycle, group in found)


FAMILY_IDS = ("hearts", "tripoli", "reversis")  # the engine's registry (test_family_seam.py holds them equal)
ROUTES = {"scorekeeper.web.tables.pages", "scorekeeper.web.tables.start", "scorekeeper.web.play.routes",
          "scorekeeper.web.play.my_hand", "scorekeeper.web.audit.routes",
          "scorekeeper.web.tables.blueprint", "scorekeeper.web.api.routes", "scorekeeper.web.printed.routes",
          "scorekeeper.web.evenings.pages", "scorekeeper.web.tables.again", "scorekeeper.web.tables.share",
          "scorekeeper.web.clubs.pages", "scorekeeper.web.clubs.api", "scorekeeper.web.offline.routes"}


def own_modules(family: str) -> tuple[str, ...]:
    """The modules that belong to one family: its folder of pages, its sheet layout, its engine package."""
    return (f"scorekeeper.web.families.{family}", f"scorekeeper.sheets.{family}", f"scorekeeper.engine.{family}")


def test_only_a_family_s_own_modules_import_its_package() -> None:
    """Tripoli's engine package, pages and sheet are reached through the registry (``engine.family``, which
    imports its ``family`` module only; ``web.families.pages_of``, ``sheets.model.layout_of``), never named by a
    route, a service or another family."""
    wrong = []
    for edge in [found for module in MODULES for found in imports_of(module, lazy=True) if found.imported in MODULES]:
        for family in FAMILY_IDS[1:]:
            listed = edge.importer == REGISTRY and edge.imported in (own_modules(family)[2], f"{own_modules(family)[2]}.family")
            if edge.imported.startswith(own_modules(family)[2]) and not edge.importer.startswith(own_modules(family)) \
                    and not listed:
                wrong.append(str(edge))
        for family in FAMILY_IDS:
            if edge.imported.startswith(own_modules(family)[0]) and not edge.importer.startswith(own_modules(family)[0]):
                wrong.append(str(edge))
    assert not wrong, "a family's modules named outside it:\n" + "\n".join(wrong)


def test_services_import_no_page() -> None:
    services = {"scorekeeper.web.services", "scorekeeper.web.clubs.services", "scorekeeper.web.evenings.services"}
    wrong = [str(edge) for edge in EDGES if edge.importer in services and edge.imported in ROUTES]
    wrong += [str(edge) for edge in EDGES
              if edge.importer.startswith("scorekeeper.web.families") and edge.imported in ROUTES - {"scorekeeper.web.tables.blueprint"}]
    assert not wrong, "services and families build on no route module:\n" + "\n".join(wrong)


# --- the engine: a family-neutral kernel and one folder per family, no cycle even inside functions ---

ENGINE = "scorekeeper.engine"
REGISTRY = "scorekeeper.engine.family"  # the one kernel module that names the families: it lists them


def engine_family(module: str) -> str | None:
    """The family folder of an engine module (``hearts``, ``tripoli``, ...), or None for the kernel."""
    parts = module.split(".")
    if len(parts) < 3 or parts[:2] != ["scorekeeper", "engine"]:
        return None
    path = MODULES.get(".".join(parts[:3]))
    return parts[2] if path is not None and path.name == "__init__.py" else None


# Every import that can run, in the module's body or inside a function (not those under ``if
# TYPE_CHECKING:``, which never do): an import inside a function only puts a cycle off until it is called.
ENGINE_EDGES = [found for module in MODULES if module.startswith(ENGINE)
                for found in imports_of(module, lazy=True, checking=False) if found.imported in MODULES]


def test_the_engine_walk_counts_imports_inside_functions_but_not_type_checking() -> None:
    replay = {edge.imported for edge in ENGINE_EDGES if edge.importer == "scorekeeper.engine.hearts.family"}
    assert "scorekeeper.engine.hearts.replay" in replay  # inside HeartsFamily.replay_json
    assert "scorekeeper.engine.settled" not in replay  # under if TYPE_CHECKING: only
    assert engine_family("scorekeeper.engine.tripoli.settlement") == "tripoli"
    assert engine_family("scorekeeper.engine.hearts") == "hearts" and engine_family("scorekeeper.engine.cards") is None
    assert engine_family("scorekeeper.engine") is None


def test_no_import_cycles_in_the_engine_counting_imports_inside_functions() -> None:
    found = cycles(ENGINE_EDGES)
    assert not found, "import cycles in the engine (imports inside functions count):\n" + "\n".join(
        describe(cycle, group) for cycle, group in found)


def test_a_family_imports_only_the_kernel_and_itself() -> None:
    wrong = [str(edge) for edge in ENGINE_EDGES
             if (family := engine_family(edge.importer)) is not None
             and engine_family(edge.imported) not in (None, family)]
    assert not wrong, "a family imports another family (only the kernel):\n" + "\n".join(wrong)


def test_the_kernel_imports_no_family_but_the_registry_lists_them() -> None:
    wrong = [str(edge) for edge in ENGINE_EDGES
             if engine_family(edge.importer) is None and engine_family(edge.imported) is not None
             and not (edge.importer == REGISTRY and edge.imported.rpartition(".")[2] in ("family", *FAMILY_IDS))]
    assert not wrong, "the kernel names a family (only engine.family lists them):\n" + "\n".join(wrong)
    listed = {edge.imported for edge in ENGINE_EDGES if edge.importer == REGISTRY and engine_family(edge.imported)}
    assert {f"{ENGINE}.{family}.family" for family in FAMILY_IDS} <= listed  # each family's one class
