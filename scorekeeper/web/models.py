"""Stored tables: sessions, their hands, and every version of every hand.

Models store the canonical records the engine reads, plus a few derived columns for
lookups; they never compute rules (the services call the engine).
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db


def now() -> datetime:
    return datetime.now(timezone.utc)


class TableSession(db.Model):  # type: ignore[name-defined,misc]
    """One evening at one table: the session record's configuration, and an edit key."""

    __tablename__ = "sessions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64))  # sha256 of the edit token; the token is never stored
    read_key: Mapped[str] = mapped_column(String(32), unique=True)
    game: Mapped[str] = mapped_column(String(40))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)  # the session record without its hands
    confirm_required: Mapped[bool] = mapped_column(Boolean, default=False)
    revision: Mapped[int] = mapped_column(Integer, default=0)  # bumped on every write: phones poll it
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, onupdate=now)

    hands: Mapped[list[Hand]] = relationship(
        back_populates="session", order_by="Hand.position", cascade="all, delete-orphan"
    )


class Hand(db.Model):  # type: ignore[name-defined,misc]
    """A hand's current version; struck-out hands stay, marked, for the record."""

    __tablename__ = "hands"
    __table_args__ = (
        UniqueConstraint("session_id", "position"),
        UniqueConstraint("session_id", "client_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)  # 1-based order in the session
    client_id: Mapped[str | None] = mapped_column(String(64))  # the phone's id: the same hand sent twice is stored once
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    struck: Mapped[bool] = mapped_column(Boolean, default=False)
    confirmed: Mapped[bool] = mapped_column(Boolean, default=True)
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    session: Mapped[TableSession] = relationship(back_populates="hands")
    versions: Mapped[list[HandVersion]] = relationship(
        back_populates="hand", order_by="HandVersion.version", cascade="all, delete-orphan"
    )


class HandVersion(db.Model):  # type: ignore[name-defined,misc]
    """Every version of a hand: when, what it said, and what changed."""

    __tablename__ = "hand_versions"
    __table_args__ = (UniqueConstraint("hand_id", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    struck: Mapped[bool] = mapped_column(Boolean, default=False)
    change: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    hand: Mapped[Hand] = relationship(back_populates="versions")
