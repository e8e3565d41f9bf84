"""Core statements run straight on the driver: the new hand's write, without per-statement overhead.

A phone's new hand is two writes and a commit. Through a SQLAlchemy ``Session`` each statement
costs its execution context, result object and the session's transaction bookkeeping: about
0.36 ms for the write against 0.13 ms through the driver (measured in one process on SQLite;
``bench/load.py`` shows the difference in hands a second). The SQL is still SQLAlchemy's: each
statement is compiled once per dialect, with its bind processors (SQLite's dates, booleans),
so it stays portable; only the execution is direct. Used for the hot path only: every other
write goes through the ORM and its unit of work.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement


@dataclass(frozen=True)
class _Compiled:
    """One statement's SQL in one dialect, its parameter order and its bind processors."""

    sql: str
    order: tuple[str, ...] | None  # names in order for positional paramstyles (SQLite's "?")
    processors: tuple[tuple[str, Callable[[Any], Any]], ...]

    def parameters(self, values: Mapping[str, Any]) -> Sequence[Any] | Mapping[str, Any]:
        if self.processors:
            values = dict(values)
            for name, process in self.processors:
                values[name] = process(values[name])
        if self.order is None:
            return values
        return tuple(values[name] for name in self.order)


class Statement:
    """A Core statement, compiled on first use in each dialect.

    ``keys``: the columns an INSERT or UPDATE gets as parameters (the rest take their defaults).
    """

    def __init__(self, statement: ClauseElement, keys: Sequence[str] | None = None) -> None:
        self.statement = statement
        self.keys = list(keys) if keys is not None else None
        self._compiled: dict[str, _Compiled] = {}

    def compiled(self, dialect: Dialect) -> _Compiled:
        known = self._compiled.get(dialect.name)
        if known is None:
            compiled = cast(SQLCompiler, self.statement.compile(dialect=dialect, column_keys=self.keys))  # a statement's
            processors = []
            for name, bind in compiled.binds.items():
                process = bind.type.dialect_impl(dialect).bind_processor(dialect)
                if process is not None:
                    processors.append((name, process))
            order = tuple(compiled.positiontup) if compiled.positiontup is not None else None
            known = self._compiled[dialect.name] = _Compiled(compiled.string, order, tuple(processors))
        return known


class Run:
    """Runs statements on one driver cursor, in the transaction ``transaction`` opened."""

    def __init__(self, cursor: Any, dialect: Dialect) -> None:
        self.cursor, self.dialect = cursor, dialect

    def __call__(self, statement: Statement, values: Mapping[str, Any]) -> Any:
        """Execute; the driver's cursor comes back (``rowcount``, ``fetchone``)."""
        compiled = statement.compiled(self.dialect)
        self.cursor.execute(compiled.sql, compiled.parameters(values))
        return self.cursor


@contextmanager
def transaction(engine: Engine) -> Iterator[Run]:
    """A pooled connection's transaction: committed at the end, rolled back on any exception.

    The driver's integrity errors come out as SQLAlchemy's ``IntegrityError``, as they would
    through a ``Session``; a connection the server dropped is not given back to the pool.
    """
    dialect = engine.dialect
    raw = engine.raw_connection()
    try:
        run = Run(raw.cursor(), dialect)
        try:
            yield run
            raw.commit()
        except BaseException:
            raw.rollback()
            raise
        finally:
            run.cursor.close()
    except dialect.loaded_dbapi.IntegrityError as exc:
        raise IntegrityError("a direct write", None, exc) from exc
    except dialect.loaded_dbapi.Error as exc:
        if dialect.is_disconnect(exc, raw.dbapi_connection, None):
            raw.invalidate(exc)
        raise
    finally:
        raw.close()  # back to the pool (an invalidated one is replaced there)
