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
    # The time zone of the phone that started the table (an IANA name; None: not known): the printed
    # sheet shows its times in it, as the phones do.
    time_zone: Mapped[str | None] = mapped_column(String(64))
    # The table's language (web/lang.py: a code of LANGUAGES; None: each phone's own): its printed sheet
    # and the pages of a phone that chose none speak it.
    language: Mapped[str | None] = mapped_column(String(8))
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
    # Loaded with the hands, in one query for all of them: the sheet counts every hand's versions.
    # Empty until the hand first changes (see ``history``).
    versions: Mapped[list[HandVersion]] = relationship(
        back_populates="hand", order_by="HandVersion.version", cascade="all, delete-orphan", lazy="selectin"
    )

    @property
    def history(self) -> list[HandVersion]:
        """Every version of the hand, the first one as recorded.

        A hand that never changed is its own first version: no row is written for it (a new
        hand is one insert on the phones' hot path); the first change writes version 1 from
        the hand as it stood, then the change as version 2 (``services._version``).
        """
        return list(self.versions) or [self.as_recorded()]

    @property
    def version_count(self) -> int:
        """``len(history)``, without making the first version of an unchanged hand."""
        return len(self.versions) or 1

    def as_recorded(self) -> HandVersion:
        """Version 1 of a hand not changed since it was recorded (not added to the session)."""
        return HandVersion(version=1, record=self.record, struck=False, change="recorded",
                           created_at=self.recorded_at)


class HandVersion(db.Model):  # type: ignore[name-defined,misc]
    """A version of a changed hand: when, what it said, and what changed (``Hand.history``)."""

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


# --- Progressive Hearts evenings (catalogue 2.20, 3.13) ---------------------------------------------

class Evening(db.Model):  # type: ignore[name-defined,misc]
    """An evening of Progressive Hearts tables: its keys, its planned rounds, and the prize cuts.

    The seating and the stars are never stored: the engine computes them from the players'
    first seating and the tables' results (``engine.progressive``).
    """

    __tablename__ = "evenings"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64))  # sha256 of the edit token, as for sessions
    read_key: Mapped[str] = mapped_column(String(32), unique=True)
    rounds: Mapped[int | None] = mapped_column(Integer)  # rounds planned; None: the host ends the evening
    seating: Mapped[str] = mapped_column(String(10))  # how the first seating was made: "typed" or "drawn"
    ended: Mapped[bool] = mapped_column(Boolean, default=False)  # the host ended it (open-ended or early)
    prize_cuts: Mapped[list[str]] = mapped_column(JSON, default=list)  # who won each prize cut, in the order asked
    revision: Mapped[int] = mapped_column(Integer, default=0)  # bumped on every write: phones poll it
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, onupdate=now)

    players: Mapped[list[EveningPlayer]] = relationship(
        back_populates="evening", order_by="EveningPlayer.seat_order", cascade="all, delete-orphan"
    )
    results: Mapped[list[EveningResult]] = relationship(
        back_populates="evening",
        order_by="(EveningResult.round_no, EveningResult.table_no, EveningResult.version)",
        cascade="all, delete-orphan",
    )


class EveningPlayer(db.Model):  # type: ignore[name-defined,misc]
    """A lady or a gentleman of an evening, and where the first seating put her or him."""

    __tablename__ = "evening_players"
    __table_args__ = (
        UniqueConstraint("evening_id", "name"),
        UniqueConstraint("evening_id", "kind", "seat_order"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    evening_id: Mapped[str] = mapped_column(ForeignKey("evenings.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(10))  # "lady" or "gentleman"
    seat_order: Mapped[int] = mapped_column(Integer)  # 0-based among his kind: round 1 at table seat_order // 2 + 1

    evening: Mapped[Evening] = relationship(back_populates="players")


class EveningResult(db.Model):  # type: ignore[name-defined,misc]
    """One version of one table's result in one round; the highest version counts, all are kept."""

    __tablename__ = "evening_results"
    __table_args__ = (UniqueConstraint("evening_id", "round_no", "table_no", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    evening_id: Mapped[str] = mapped_column(ForeignKey("evenings.id", ondelete="CASCADE"), index=True)
    round_no: Mapped[int] = mapped_column(Integer)  # 1-based
    table_no: Mapped[int] = mapped_column(Integer)  # 1 is the head table
    version: Mapped[int] = mapped_column(Integer)  # 1 when entered, then one more per correction
    record: Mapped[dict[str, Any]] = mapped_column(JSON)  # engine.progressive.table_json
    change: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    evening: Mapped[Evening] = relationship(back_populates="results")


# --- clubs: a weekly table's people, tables and evenings ---------------------------------------------

class Club(db.Model):  # type: ignore[name-defined,misc]
    """A group of tables that meets again and again: its keys, its people, its tables and evenings.

    A table of the club is an ordinary session; its edit token is made from the club's (``clubs``), so
    the club's edit link reaches every one of its tables and nothing more is kept secret.
    """

    __tablename__ = "clubs"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64))  # sha256 of the edit token, as for sessions
    read_key: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(60))
    revision: Mapped[int] = mapped_column(Integer, default=0)  # bumped on every change of the club itself
    language: Mapped[str | None] = mapped_column(String(8))  # its pages' and exports' language, as a table's
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    people: Mapped[list[ClubPerson]] = relationship(
        back_populates="club", order_by="ClubPerson.name", cascade="all, delete-orphan")


class ClubPerson(db.Model):  # type: ignore[name-defined,misc]
    """One of the club's players: one identity, one name, the same at every table of the club."""

    __tablename__ = "club_people"
    __table_args__ = (UniqueConstraint("club_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    club: Mapped[Club] = relationship(back_populates="people")


class ClubTable(db.Model):  # type: ignore[name-defined,misc]
    """A table started inside a club."""

    __tablename__ = "club_tables"

    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)


class ClubEvening(db.Model):  # type: ignore[name-defined,misc]
    """A Progressive Hearts evening started inside a club."""

    __tablename__ = "club_evenings"

    evening_id: Mapped[str] = mapped_column(ForeignKey("evenings.id", ondelete="CASCADE"), primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)


class TableTally(db.Model):  # type: ignore[name-defined,misc]
    """What a table adds to its club's statistics (``engine.tally``), kept at the table's revision.

    A cache, derived from the engine: every write to a table moves its revision, so a tally of an
    older revision is made again before it is read; dropping every row loses nothing.
    """

    __tablename__ = "table_tallies"

    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True)
    revision: Mapped[int] = mapped_column(Integer)
    tally: Mapped[dict[str, Any]] = mapped_column(JSON)


class SeatDraft(db.Model):  # type: ignore[name-defined,misc]
    """A player's hand as he tapped it on his own phone, for the table's next hand, until that hand is stored.

    Kept apart from the hands: nothing of it is read by a page but its player's own phone (the one that
    holds the secret whose hash is here) and, once every seat has sent, the card page's deal; storing the
    hand deletes its drafts (``services._insert_hand``).
    """

    __tablename__ = "seat_drafts"
    __table_args__ = (UniqueConstraint("session_id", "position", "player"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)  # the hand it is for: the table's next hand then
    player: Mapped[str] = mapped_column(String(40))
    cards: Mapped[dict[str, Any]] = mapped_column(JSON)  # engine.seats.Draft: {"hand": [...], "passed": [...]}
    secret_hash: Mapped[str] = mapped_column(String(64))  # sha256 of the secret the sending phone keeps
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, onupdate=now)
