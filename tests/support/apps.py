"""The app on a database for the tests that make their own (``make_app``), a SQLite file at head in a
millisecond (``sqlite_at_head``), and CI's switch."""

from __future__ import annotations

import atexit
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from flask import Flask


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


_HEAD: list[Path] = []  # the file migrated once in this process


def sqlite_at_head(target: Path) -> None:
    """Put a SQLite database at head at ``target``: a copy of one file the migrations made in this process
    (``upgrade_database``, as ``scorekeeper serve`` runs it). Migrating takes a third of a second and the web tests
    want a fresh database a thousand times; a copy takes a millisecond. The migrations themselves are tested from
    an empty file (tests/web/test_migrations.py)."""
    if not _HEAD:
        from scorekeeper.web import create_app
        from scorekeeper.web.serve import upgrade_database

        folder = Path(tempfile.mkdtemp(prefix="scorekeeper-head-"))
        atexit.register(shutil.rmtree, folder, True)
        head = folder / "head.db"
        app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{head}", "SECRET_KEY": "head"})
        upgrade_database(app)
        dispose(app)
        with sqlite3.connect(head) as connection:  # everything in the file itself, no write-ahead log beside it
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.close()
        _HEAD.append(head)
    shutil.copyfile(_HEAD[0], target)


def make_app(url: str, instance: Path, monkeypatch: pytest.MonkeyPatch, *, migrate: bool = True) -> Flask:
    """The app on ``url``, its instance folder (secret key file) in ``instance``, not the checkout; ``migrate``:
    brought to head (a SQLite file that does not exist yet: a copy of one at head, ``sqlite_at_head``)."""
    from scorekeeper.web import create_app
    from scorekeeper.web.serve import upgrade_database

    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(instance))
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    fresh_file = url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).exists()
    if migrate and fresh_file:
        sqlite_at_head(Path(url.removeprefix("sqlite:///")))
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "test-secret"})
    if migrate and not fresh_file:
        upgrade_database(app)
    return app


def dispose(app: Flask) -> None:
    """Close the app's pooled connections (PostgreSQL cannot drop a schema others hold)."""
    from scorekeeper.web.extensions import db

    with app.app_context():
        db.engine.dispose()
