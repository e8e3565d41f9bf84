"""``scorekeeper serve``: bring the schema up to date with the migrations, then serve."""

from __future__ import annotations

from flask import Flask
from flask_migrate import upgrade

from . import MIGRATIONS, create_app


def upgrade_database(app: Flask) -> None:
    """Run every migration not yet applied: a fresh database file needs no other step."""
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))


def serve(host: str = "127.0.0.1", port: int = 5000) -> int:
    app = create_app()
    upgrade_database(app)
    print(f"scorekeeper: serving on http://{host}:{port}/ (database {app.config['SQLALCHEMY_DATABASE_URI']})")
    app.run(host=host, port=port, threaded=True)
    return 0
