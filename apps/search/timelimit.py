"""Time limits on SQLite work: the progress handler aborts a statement past its deadline.

``deadline`` is the one mechanism: a budget for a block of raw SQL (the search engine's
``queries.time_limit``, name lookups, aggregates), with the caller's own recovery message. The rest of this
module guards everything else a request does through the ORM (lists, lookups, dossiers, the browsable API, MCP tools): while a
``public_queries()`` block is open, each statement on the thread's connection gets a fresh budget of
``JOSH["QUERY_TIME_LIMIT_MS"]`` and one past it fails with ``QueryTimeout`` (503, ``query_timeout``).
apps.core wires it around every Django request (request_started / request_finished) and the MCP tools
wrap their service call in it. Ingest and management commands never run under it.
"""

import time
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import connection

from apps.core.errors import QueryTimeout

_PROGRESS_STEPS = 50_000  # VM instructions between time checks (well under 1 ms)


def _budget_ms() -> int:
    return settings.JOSH["QUERY_TIME_LIMIT_MS"]


def is_interrupt(exc: BaseException) -> bool:
    """An SQLite statement stopped by the progress handler ("interrupted")."""
    return type(exc).__name__ == "OperationalError" and "interrupted" in str(exc)


def timeout_error(budget_ms: int | None = None) -> QueryTimeout:
    budget_ms = budget_ms or _budget_ms()
    return QueryTimeout(
        f"The query ran past its {budget_ms} ms budget. Narrow it (a filter, fewer words, a smaller limit) "
        "and retry.",
        hint={"time_limit_ms": budget_ms},
    )


_ARMED: dict[int, tuple[float, int]] = {}  # id(raw connection) -> (deadline, steps) while a budget is armed


def _arm(raw, budget_ms: float, steps: int | None = None) -> None:
    """Make ``raw`` (a DB-API connection) abort any statement still running ``budget_ms`` from now."""
    end = time.perf_counter() + budget_ms / 1000
    _ARMED[id(raw)] = (end, steps or _PROGRESS_STEPS)
    raw.set_progress_handler(lambda: 1 if time.perf_counter() > end else 0, steps or _PROGRESS_STEPS)


def _disarm(raw) -> None:
    _ARMED.pop(id(raw), None)
    raw.set_progress_handler(None, 0)


@contextmanager
def suspended() -> Iterator[None]:
    """Run a one-time build that serves every later request (loading a semantic index) outside the current
    budget: the budget is paused, then resumes with the time it had left."""
    connection.ensure_connection()
    raw = connection.connection
    armed = _ARMED.get(id(raw))
    if armed is None:
        yield
        return
    left_ms = max((armed[0] - time.perf_counter()) * 1000, 1.0)
    _disarm(raw)
    try:
        yield
    finally:
        _arm(raw, left_ms, armed[1])


@contextmanager
def deadline(ms: int | None, message: str, *, steps: int | None = None) -> Iterator[None]:
    """Abort the SQL run inside after ``ms`` milliseconds (default: the public budget) with ``QueryTimeout``
    carrying ``message`` (``{ms}`` is filled in) and ``hint.time_limit_ms``."""
    budget_ms = ms or _budget_ms()
    connection.ensure_connection()
    raw = connection.connection
    _arm(raw, budget_ms, steps)
    try:
        yield
    except Exception as exc:
        if is_interrupt(exc):
            raise QueryTimeout(message.format(ms=budget_ms), hint={"time_limit_ms": budget_ms}) from exc
        raise
    finally:
        _disarm(raw)


def _statement_limit(execute, sql, params, many, context):
    """A Django execute wrapper: a fresh deadline for this statement (its fetches included)."""
    budget_ms = _budget_ms()
    _arm(context["connection"].connection, budget_ms)
    try:
        return execute(sql, params, many, context)
    except Exception as exc:
        if is_interrupt(exc):
            raise timeout_error(budget_ms) from exc
        raise


def install() -> None:
    """Start limiting this thread's statements (idempotent)."""
    if _statement_limit not in connection.execute_wrappers:
        connection.execute_wrappers.append(_statement_limit)


def uninstall() -> None:
    """Stop limiting this thread's statements and drop any handler left on the connection."""
    while _statement_limit in connection.execute_wrappers:
        connection.execute_wrappers.remove(_statement_limit)
    if connection.connection is not None:
        _disarm(connection.connection)


@contextmanager
def public_queries() -> Iterator[None]:
    """Run the block's ORM statements under the per-statement time limit."""
    already = _statement_limit in connection.execute_wrappers
    install()
    try:
        yield
    except Exception as exc:
        if is_interrupt(exc):  # a row fetch interrupted after its statement started
            raise timeout_error() from exc
        raise
    finally:
        if not already:
            uninstall()


def on_request_started(**kwargs) -> None:
    install()


def on_request_finished(**kwargs) -> None:
    uninstall()
