"""The migrations, on SQLite and on PostgreSQL: an empty database to head, the schema the
models describe, and back down to base; the tables' time zone added to tables already stored; the clubs
added beside tables already stored, and taken away again without them; the players' own hands (seat drafts)
added beside a table already stored, unique per seat and hand, and taken away again."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from tests.support.apps import dispose, make_app
from scorekeeper.web import MIGRATIONS
from scorekeeper.web.extensions import db
from scorekeeper.web.serve import upgrade_database

TABLES = {"sessions", "hands", "hand_versions", "evenings", "evening_players", "evening_results",
          "clubs", "club_people", "club_tables", "club_evenings", "table_tallies", "seat_drafts"}
CLUB_TABLES = {"clubs", "club_people", "club_tables", "club_evenings", "table_tallies"}


@pytest.fixture
def bare_app(database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """The app on an empty database, no migration run yet."""
    app = make_app(database_url, tmp_path / "instance", monkeypatch, migrate=False)
    yield app
    dispose(app)


def head() -> str:
    script = ScriptDirectory(str(MIGRATIONS))
    heads = script.get_heads()
    assert len(heads) == 1, f"the migrations must have one head, not {heads}"
    return heads[0]


def tables(app: Flask) -> set[str]:
    with app.app_context():
        return set(inspect(db.engine).get_table_names())


def test_one_linear_history() -> None:
    script = ScriptDirectory(str(MIGRATIONS))
    revisions = list(script.walk_revisions())
    assert revisions, "no migrations"
    assert [r for r in revisions if r.down_revision is None] == [revisions[-1]]
    assert script.get_heads() == [head()]


def test_upgrade_brings_an_empty_database_to_head(bare_app: Flask) -> None:
    assert tables(bare_app) == set()
    upgrade_database(bare_app)
    assert tables(bare_app) == TABLES | {"alembic_version"}
    with bare_app.app_context():
        assert db.session.scalar(text("SELECT version_num FROM alembic_version")) == head()
    upgrade_database(bare_app)  # serve runs it on every start: a database at head stays as it is
    assert tables(bare_app) == TABLES | {"alembic_version"}


def test_migrated_schema_is_what_the_models_say(bare_app: Flask) -> None:
    """No drift between migrations and models: autogenerate would find nothing to do."""
    upgrade_database(bare_app)
    with bare_app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, db.metadata) == []


def test_constraints_carry_the_naming_convention(bare_app: Flask) -> None:
    upgrade_database(bare_app)
    with bare_app.app_context():
        inspector = inspect(db.engine)
        hands_fks = {fk["name"] for fk in inspector.get_foreign_keys("hands")}
        hands_uniques = {uq["name"] for uq in inspector.get_unique_constraints("hands")}
        version_fks = {fk["name"] for fk in inspector.get_foreign_keys("hand_versions")}
        indexes = {ix["name"] for ix in inspector.get_indexes("hands")}
    assert hands_fks == {"fk_hands_session_id_sessions"}
    assert version_fks == {"fk_hand_versions_hand_id_hands"}
    assert hands_uniques == {"uq_hands_session_id_position", "uq_hands_session_id_client_id"}
    assert "ix_hands_session_id" in indexes


def test_downgrade_to_base_and_up_again(bare_app: Flask) -> None:
    upgrade_database(bare_app)
    client = bare_app.test_client()
    assert client.post("/api/sessions", json={"game": "black-lady", "players": ["A", "B", "C", "D"],
                                              "first_dealer": "D"}).status_code == 201
    with bare_app.app_context():
        downgrade(directory=str(MIGRATIONS), revision="base")
        assert db.session.scalar(text("SELECT count(*) FROM alembic_version")) == 0
        db.session.remove()
    assert tables(bare_app) == {"alembic_version"}
    upgrade_database(bare_app)
    assert tables(bare_app) == TABLES | {"alembic_version"}


TIME_ZONE_REVISION = "4ad43800eef5"  # the time zone of a table


def store_old_table(app: Flask, sid: str = "old") -> None:
    """A table as every revision stores it, written without the models (which describe only the newest
    schema): the columns the first migration made."""
    with app.app_context():
        db.session.execute(
            text("INSERT INTO sessions (id, token_hash, read_key, game, config, confirm_required, revision, "
                 "created_at, updated_at) VALUES (:sid, :hash, :key, 'black-lady', :config, :no, 0, :at, :at)"),
            {"sid": sid, "key": sid + "key", "hash": "0" * 64, "no": False,
             "at": datetime(2026, 11, 21, 5, 32, tzinfo=timezone.utc),
             "config": json.dumps({"game": "black-lady", "players": ["A", "B", "C", "D"], "first_dealer": "D"})})
        db.session.commit()
        db.session.remove()


def test_the_time_zone_of_a_table_up_and_down(bare_app: Flask) -> None:
    """A table stored before the column came keeps everything and has no time zone (its sheet prints in
    UTC and says so); going down drops the column and keeps the table."""
    before = ScriptDirectory(str(MIGRATIONS)).get_revision(TIME_ZONE_REVISION).down_revision
    with bare_app.app_context():
        upgrade(directory=str(MIGRATIONS), revision=str(before))
        assert "time_zone" not in {c["name"] for c in inspect(db.engine).get_columns("sessions")}
        db.session.remove()
    store_old_table(bare_app)
    upgrade_database(bare_app)
    with bare_app.app_context():
        column = {c["name"]: c for c in inspect(db.engine).get_columns("sessions")}["time_zone"]
        assert column["nullable"] and column["type"].length == 64
        assert db.session.scalar(text("SELECT time_zone FROM sessions WHERE id = 'old'")) is None
        db.session.remove()
    client = bare_app.test_client()
    created = client.post("/api/sessions", json={"game": "black-lady", "players": ["A", "B", "C", "D"],
                                                 "first_dealer": "D"})
    assert created.status_code == 201
    with bare_app.app_context():
        downgrade(directory=str(MIGRATIONS), revision=str(before))
        assert "time_zone" not in {c["name"] for c in inspect(db.engine).get_columns("sessions")}
        assert db.session.scalar(text("SELECT count(*) FROM sessions")) == 2
        db.session.remove()
    upgrade_database(bare_app)
    with bare_app.app_context():
        assert db.session.scalar(text("SELECT version_num FROM alembic_version")) == head()


CLUBS_REVISION = "08c4e1982967"  # clubs: their people, tables, evenings and the tables' tallies


def test_clubs_up_and_down(bare_app: Flask) -> None:
    """Up: the tables stored before stay, and can join nothing (they are on their own); a club's table and its
    tally go in. Down: the clubs' five tables go, every table stays, a club's table on its own."""
    before = ScriptDirectory(str(MIGRATIONS)).get_revision(CLUBS_REVISION).down_revision
    with bare_app.app_context():
        upgrade(directory=str(MIGRATIONS), revision=str(before))
        db.session.remove()
    assert tables(bare_app) == (TABLES - CLUB_TABLES - {"seat_drafts"}) | {"alembic_version"}
    store_old_table(bare_app)
    client = bare_app.test_client()
    upgrade_database(bare_app)
    assert tables(bare_app) == TABLES | {"alembic_version"}
    club = client.post("/api/clubs", json={"name": "Thursdays", "players": ["A", "B"]}).get_json()
    auth = {"Authorization": f"Bearer {club['token']}"}
    record = {"game": "black-lady", "players": ["A", "B", "C", "D"], "first_dealer": "D",
              "hands": [{"taken": {"A": {"hearts": 3, "QS": 1}, "B": {"hearts": 2}, "C": {"hearts": 0}, "D": {"hearts": 8}}}]}
    assert client.post(f"/api/clubs/{club['id']}/sessions", json=record, headers=auth).status_code == 201
    stats = client.get(f"/api/clubs/{club['id']}/stats", headers=auth).get_json()
    assert stats["tables"] == 1 and stats["games"]["black-lady"]["A"]["penalty"] == 1
    with bare_app.app_context():
        assert db.session.scalar(text("SELECT count(*) FROM table_tallies")) == 1
        db.session.remove()  # its read lock would hold the downgrade's DROP TABLE back on PostgreSQL
        downgrade(directory=str(MIGRATIONS), revision=str(before))
        assert db.session.scalar(text("SELECT count(*) FROM sessions")) == 2
        db.session.remove()
    assert tables(bare_app) == (TABLES - CLUB_TABLES - {"seat_drafts"}) | {"alembic_version"}
    upgrade_database(bare_app)
    with bare_app.app_context():
        assert db.session.scalar(text("SELECT version_num FROM alembic_version")) == head()
        assert db.session.scalar(text("SELECT count(*) FROM clubs")) == 0


SEAT_DRAFTS_REVISION = "84a81e45d331"  # seat drafts: each player's own hand, tapped on his phone


def test_seat_drafts_up_and_down(bare_app: Flask) -> None:
    """Up: a table stored before keeps everything and takes its players' own hands, one per seat and hand (the
    unique constraint refuses a second), gone with the table. Down: the drafts go, every table stays."""
    before = ScriptDirectory(str(MIGRATIONS)).get_revision(SEAT_DRAFTS_REVISION).down_revision
    with bare_app.app_context():
        upgrade(directory=str(MIGRATIONS), revision=str(before))
        db.session.remove()
    assert "seat_drafts" not in tables(bare_app)
    store_old_table(bare_app)
    created = {"id": "old"}
    client = bare_app.test_client()
    upgrade_database(bare_app)
    insert = text("INSERT INTO seat_drafts (session_id, position, player, cards, secret_hash, updated_at) "
                  "VALUES (:sid, 1, 'A', :cards, :hash, :at)")
    row = {"sid": created["id"], "cards": json.dumps({"hand": ["2C"], "passed": []}), "hash": "0" * 64,
           "at": datetime(2026, 12, 2, 20, 0, tzinfo=timezone.utc)}
    with bare_app.app_context():
        inspector = inspect(db.engine)
        assert {uq["name"] for uq in inspector.get_unique_constraints("seat_drafts")} == {
            "uq_seat_drafts_session_id_position_player"}
        assert {fk["name"] for fk in inspector.get_foreign_keys("seat_drafts")} == {"fk_seat_drafts_session_id_sessions"}
        db.session.execute(insert, row)
        db.session.commit()
        with pytest.raises(IntegrityError):  # one draft per seat and hand
            db.session.execute(insert, row)
            db.session.commit()
        db.session.rollback()
        db.session.execute(text("DELETE FROM sessions WHERE id = :sid"), {"sid": created["id"]})
        db.session.commit()
        assert db.session.scalar(text("SELECT count(*) FROM seat_drafts")) == 0  # gone with its table
        db.session.remove()
    again = client.post("/api/sessions", json={"game": "black-lady", "players": ["A", "B", "C", "D"],
                                               "first_dealer": "D"}).get_json()
    with bare_app.app_context():
        db.session.execute(insert, {**row, "sid": again["id"]})
        db.session.commit()
        db.session.remove()
        downgrade(directory=str(MIGRATIONS), revision=str(before))
        assert db.session.scalar(text("SELECT count(*) FROM sessions")) == 1
        db.session.remove()
    assert "seat_drafts" not in tables(bare_app)
    upgrade_database(bare_app)
    with bare_app.app_context():
        assert db.session.scalar(text("SELECT version_num FROM alembic_version")) == head()


LANGUAGE_REVISION = "5c0e7a1d2b3f"  # the language of a table and of a club


def test_the_language_of_a_table_and_a_club_up_and_down(bare_app: Flask) -> None:
    """A table stored before the column came keeps everything and has no language (each phone reads it in its
    own); a new table keeps the one it is started in; going down drops the columns and keeps the tables."""
    before = ScriptDirectory(str(MIGRATIONS)).get_revision(LANGUAGE_REVISION).down_revision
    with bare_app.app_context():
        upgrade(directory=str(MIGRATIONS), revision=str(before))
        db.session.remove()
    store_old_table(bare_app)
    upgrade_database(bare_app)
    with bare_app.app_context():
        for table in ("sessions", "clubs"):
            column = {c["name"]: c for c in inspect(db.engine).get_columns(table)}["language"]
            assert column["nullable"] and column["type"].length == 8
        assert db.session.scalar(text("SELECT language FROM sessions WHERE id = 'old'")) is None
        db.session.remove()
    client = bare_app.test_client()
    assert client.get("/s/old/whatever?lang=nl").status_code == 303  # an old table's page still answers
    with bare_app.app_context():
        downgrade(directory=str(MIGRATIONS), revision=str(before))
        assert "language" not in {c["name"] for c in inspect(db.engine).get_columns("sessions")}
        assert "language" not in {c["name"] for c in inspect(db.engine).get_columns("clubs")}
        assert db.session.scalar(text("SELECT count(*) FROM sessions")) == 1
        db.session.remove()
    upgrade_database(bare_app)
    with bare_app.app_context():
        assert db.session.scalar(text("SELECT version_num FROM alembic_version")) == head()
