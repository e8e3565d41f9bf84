"""The app on a database for the tests that make their own (``make_app``), and CI's switch."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from flask import Flask


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def make_app(url: str, instance: Path, monkeypatch: pytest.MonkeyPatch, *, migrate: bool = True) -> Flask:
    """The app on ``url``, its instance folder (secret key file) in ``instance``, not the checkout."""
    from scorekeeper.web import create_app
    from scorekeeper.web.serve import upgrade_database

    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(instance))
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "test-secret"})
    if migrate:
        upgrade_database(app)
    return app


def dispose(app: Flask) -> None:
    """Close the app's pooled connections (PostgreSQL cannot drop a schema others hold)."""
    from scorekeeper.web.extensions import db

    with app.app_context():
        db.engine.dispose()
