"""One owner of each transaction: no view of the web app touches the database session.

Read from the source with ``ast`` (nothing is imported). The services own each write and end its
transaction (``web/services.py``, the clubs' and the evenings' services: the clubs' cached statistics
and every renewal of links among them); ``web/unit.py`` rolls back a write that was refused;
``web/http.py`` is the app's last resort (a database fault rolls back before the 503). Every other module of ``scorekeeper.web`` (the
routes of every area, the families' pages, the forms, ``submit``) neither names ``db`` nor calls
``commit``, ``rollback``, ``flush``, ``add`` or ``execute`` on a session.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "scorekeeper" / "web"

OWNERS = {  # the modules that may hold the session, each with what it owns
    "services.py": "the tables' writes",
    "clubs/services.py": "the clubs' writes, their new links and their cached tallies",
    "evenings/services.py": "the evenings' writes",
    "unit.py": "a refused write rolled back",
    "http.py": "the last resort's rollback before a 503",
    "models.py": "the tables themselves",
    "extensions.py": "the session's maker",
    "__init__.py": "the app factory binding the extensions",
}
SESSION_CALLS = {"commit", "rollback", "flush", "add", "execute", "scalar", "scalars", "get", "delete", "invalidate"}


def touches(path: Path) -> list[str]:
    """Where ``path`` names the ``db`` extension or calls the session."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom) and any(alias.name == "db" for alias in node.names):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} imports db")
        elif isinstance(node, ast.Name) and node.id == "db":
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} names db")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in SESSION_CALLS
              and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "session"):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} calls session.{node.func.attr}")
    return found


def test_no_view_touches_the_database_session() -> None:
    wrong = [where for path in sorted(WEB.rglob("*.py")) if path.relative_to(WEB).as_posix() not in OWNERS
             for where in touches(path)]
    assert not wrong, "only the services end a transaction (docs/architecture.md, the web map):\n" + "\n".join(wrong)


def test_the_owners_are_no_route_modules() -> None:
    """An owner registers no route: a view that commits would be one."""
    routes = [name for name in OWNERS if name != "__init__.py"
              and any(mark in (WEB / name).read_text(encoding="utf-8") for mark in ("@bp.route", "@bp.get", "@bp.post", "table_route(", "add_url_rule("))]
    assert not routes, routes


def test_the_scan_finds_a_view_that_commits(tmp_path: Path) -> None:
    view = tmp_path / "scorekeeper" / "web" / "view.py"
    view.parent.mkdir(parents=True)
    view.write_text("from ..extensions import db\n\ndef page():\n    db.session.commit()\n")
    global ROOT
    kept, ROOT = ROOT, tmp_path
    try:
        assert sorted(w.split(" ", 1)[1] for w in touches(view)) == ["calls session.commit", "imports db", "names db"]
    finally:
        ROOT = kept
