"""Time limits on SQLite work: the progress handler aborts a statement past its deadline.

This module is the one owner of SQLite's single progress handler. Three budgets nest, and the handler is
always armed with the earliest end among them:

* the request's wall-clock budget, ``JOSH["QUERY_TIME_LIMIT_MS"]`` from the start of a Django request or an
  MCP tool call (``public_queries``), over all its statements together; a statement that would start after
  it is spent fails before it starts;
* ``deadline`` blocks: a budget for a block of raw SQL (the search engine's ``queries.time_limit``, name
  lookups, aggregates) with the caller's own recovery message; nested blocks take the tighter end;
* each ORM statement's own budget (the same knob), cut to what the two above have left.

One past its end fails with ``QueryTimeout`` (503, ``query_timeout``). apps.core wires the request budget
around every Django request (request_started / request_finished) and the MCP tools wrap their service call
in ``public_queries``. Ingest and management commands never run under it. ``suspended`` pauses all of them
for one-time builds (a model or an index load) that serve every later request.

On PostgreSQL there is no progress handler: the same budgets are checked before every statement (a statement
that would start after its end fails with ``QueryTimeout`` as here), and the server's ``statement_timeout``
stops a statement that runs past its end: a ``deadline`` block sets it to what the block has left (and puts
the connection's own, ``JOSH_PG_STATEMENT_TIMEOUT_MS``, back after), so an aggregate or a search is cut at its
budget as on SQLite; outside a block the connection's own stops any single statement.
"""

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import connection

from apps.core.conf import knob
from apps.core.db.engine import current
from apps.core.errors import QueryTimeout

_PROGRESS_STEPS = 50_000  # VM instructions between time checks (well under 1 ms)
ADMIN_PREFIX = "/admin/"


def _budget_ms() -> int:
    """The budget of this thread's request: the admin's own for an /admin/ page, else the public one."""
    return getattr(_request, "budget_ms", None) or knob("QUERY_TIME_LIMIT_MS")


def admin_budget_ms() -> int:
    return knob("ADMIN_TIME_LIMIT_MS", 30_000)


def _answer_reserve_s(budget_s: float) -> float:
    """The end of the budget of the client's wait, not of the server's work: the work stops this much earlier
    (5 %, at most 50 ms), the time that building and sending the 503 takes when several requests give up at
    once on a busy machine. Without it four expensive searches cut at the same instant answered 7-30 %
    late at a 250 ms budget (bench/attack.py)."""
    return min(budget_s * 0.05, 0.05)


def is_interrupt(exc: BaseException) -> bool:
    """An SQLite statement stopped by the progress handler ("interrupted")."""
    name = type(exc).__name__
    if name == "QueryCanceled" or "canceling statement due to statement timeout" in str(exc):
        return True  # PostgreSQL's statement_timeout
    return name == "OperationalError" and "interrupted" in str(exc)


def timeout_error(budget_ms: int | None = None) -> QueryTimeout:
    budget_ms = budget_ms or _budget_ms()
    return QueryTimeout(
        f"The query ran past its {budget_ms} ms budget. Narrow it (a filter, fewer words, a smaller limit) "
        "and retry.",
        hint={"time_limit_ms": budget_ms},
    )


# One owner of SQLite's single progress handler. Budgets nest: the request's wall-clock budget (a thread-local
# end time, opened by ``public_queries`` or a Django request), the ``deadline`` blocks open on a connection
# (a stack, innermost last), and the per-statement budget. The handler is always armed with the earliest end
# of those, so an inner budget can tighten but never extend an outer one: a name lookup inside a request keeps
# its own (tighter) budget, and a statement-level budget can no longer replace a block's.
_ARMED: dict[int, tuple[float, int]] = {}  # id(raw connection) -> (end, steps) of the armed handler
_BLOCKS: dict[int, list[float]] = {}  # id(raw connection) -> ends of the open deadline blocks
_request = threading.local()  # .end: when this thread's request (or MCP tool call) must be done
# When the request reached the server (``time.perf_counter``), set by the outermost ASGI layer
# (apps.access.concurrency): its budget counts from then, so time spent waiting for a slot or a thread is
# inside it, not before it. Unset (a command, a test client, a lane worker): the budget starts when it opens.
arrived: ContextVar[float | None] = ContextVar("josh_request_arrived", default=None)


def _request_end() -> float:
    # Only a thread whose statements are limited has a request budget: a stale end left by a request whose
    # request_finished never ran (a test client, a crashed view) must not leak into ingest or commands.
    if _statement_limit not in connection.execute_wrappers:
        return float("inf")
    return getattr(_request, "end", None) or float("inf")


def _set_handler(raw, end: float, steps: int | None = None) -> None:
    steps = steps or _PROGRESS_STEPS
    _ARMED[id(raw)] = (end, steps)
    if hasattr(raw, "set_progress_handler"):  # SQLite; PostgreSQL checks before each statement (above)
        raw.set_progress_handler(lambda: 1 if time.perf_counter() > end else 0, steps)


def remaining_s() -> float:
    """Seconds left of this thread's request budget (the public budget when no request is open)."""
    end = _request_end()
    if end == float("inf"):
        return _budget_ms() / 1000
    return max(end - time.perf_counter(), 0.0)


def overdue(raw) -> bool:
    """Whether the budget armed on this connection is already spent: a statement must not start then (the
    handler would only fire after its first few thousand steps, and a short statement never gets there)."""
    armed = _ARMED.get(id(raw))
    return armed is not None and time.perf_counter() > armed[0]


def interrupted_error() -> Exception:
    """The driver's own "interrupted" error, as the progress handler would have raised it."""
    return connection.Database.OperationalError("interrupted")


def _clear_handler(raw) -> None:
    _ARMED.pop(id(raw), None)
    if hasattr(raw, "set_progress_handler"):
        raw.set_progress_handler(None, 0)


def _outer_end(raw) -> float:
    """The earliest end of the budgets already open around this point: the request's and every block's."""
    blocks = _BLOCKS.get(id(raw))
    return min(_request_end(), blocks[-1] if blocks else float("inf"))


def current_end() -> float:
    """The earliest end among the budgets open on this thread (its request's and its connection's blocks):
    what a worker thread doing part of this thread's work must also finish by (``until``)."""
    raw = connection.connection
    return _outer_end(raw) if raw is not None else _request_end()


@contextmanager
def until(end: float, message: str) -> Iterator[None]:
    """In a worker thread (its own connection): the SQL run inside stops at ``end``, another thread's
    ``current_end``, with ``QueryTimeout`` carrying ``message``; work that would start after it never starts."""
    if end == float("inf"):
        yield
        return
    left_ms = (end - time.perf_counter()) * 1000
    if left_ms <= 0:
        raise QueryTimeout(message.format(ms=_budget_ms()), hint={"time_limit_ms": _budget_ms()})
    with deadline(max(int(left_ms), 1), message):
        yield


@contextmanager
def suspended() -> Iterator[None]:
    """Run a one-time build that serves every later request (loading a semantic index) outside the current
    budgets: they are paused, then resume with the time they had left."""
    raw = connection.connection  # None before this thread's first query: then no handler is armed either
    armed = _ARMED.get(id(raw)) if raw is not None else None
    paused_at = time.perf_counter()
    server_side = raw is not None and id(raw) in _BLOCKS and current().server_side_time_limits
    if armed is not None:
        _clear_handler(raw)
    if server_side:
        _server_timeout(raw, None)
    try:
        yield
    finally:
        spent = time.perf_counter() - paused_at
        if getattr(_request, "end", None):
            _request.end += spent
        if raw is not None and id(raw) in _BLOCKS:
            _BLOCKS[id(raw)] = [end + spent for end in _BLOCKS[id(raw)]]
        if armed is not None:
            _set_handler(raw, armed[0] + spent, armed[1])
        if server_side:
            _server_timeout(raw, _BLOCKS[id(raw)][-1])


@contextmanager
def unlimited() -> Iterator[None]:
    """Run a write job (whoever holds the writer lock: ingest, embed) free of any public budget this thread
    has open — a request that runs it inline, or one whose request_finished never came (a streamed response
    nobody read to the end) — and restore that budget after, with the time the job took added back."""
    limited = _statement_limit in connection.execute_wrappers
    if limited:
        connection.execute_wrappers.remove(_statement_limit)
    try:
        with suspended():
            yield
    finally:
        if limited:
            connection.execute_wrappers.append(_statement_limit)


@contextmanager
def deadline(ms: int | None, message: str, *, steps: int | None = None) -> Iterator[None]:
    """Abort the SQL run inside after ``ms`` milliseconds (default: the public budget), or sooner if an
    enclosing budget ends first, with ``QueryTimeout`` carrying ``message`` (``{ms}`` is filled in) and
    ``hint.time_limit_ms``."""
    budget_ms = ms or _budget_ms()
    connection.ensure_connection()
    raw = connection.connection
    end = min(time.perf_counter() + budget_ms / 1000, _outer_end(raw))
    _BLOCKS.setdefault(id(raw), []).append(end)
    _set_handler(raw, end, steps)
    server_side = current().server_side_time_limits
    if server_side:
        _server_timeout(raw, end)
        checked = _block_check not in connection.execute_wrappers
        if checked:
            connection.execute_wrappers.append(_block_check)
    try:
        yield
    except Exception as exc:
        if is_interrupt(exc):
            raise QueryTimeout(message.format(ms=budget_ms), hint={"time_limit_ms": budget_ms}) from exc
        raise
    finally:
        blocks = _BLOCKS[id(raw)]
        blocks.pop()
        if blocks:
            _set_handler(raw, blocks[-1], steps)
        else:
            del _BLOCKS[id(raw)]
            _clear_handler(raw)
        if server_side:
            if checked:
                connection.execute_wrappers.remove(_block_check)
            _server_timeout(raw, blocks[-1] if blocks else None)


def _server_timeout(raw, end: float | None) -> None:
    """PostgreSQL: stop any statement past ``end`` on the server (``None``: the connection's own timeout
    again). Sent on the driver's connection, not Django's cursor: a setting of the connection, like SQLite's
    progress handler, not a query of the caller's (query counts stay the same on both engines)."""
    import psycopg

    if raw.info.transaction_status == psycopg.pq.TransactionStatus.INERROR:
        return  # the statement that failed aborted the transaction; its rollback undoes the SET as well
    if end is None:
        raw.execute("RESET statement_timeout")
    else:
        left_ms = max(int((end - time.perf_counter()) * 1000), 1)
        raw.execute("SELECT set_config('statement_timeout', %s, false)", (f"{left_ms}ms",))


def _block_check(execute, sql, params, many, context):
    """PostgreSQL, inside a ``deadline`` block: a statement that would start past the block's end fails
    before it starts (what SQLite's progress handler does at its first check)."""
    if overdue(context["connection"].connection):
        raise interrupted_error()
    return execute(sql, params, many, context)


def _statement_limit(execute, sql, params, many, context):
    """A Django execute wrapper: this statement (its fetches included) gets the public per-statement budget,
    cut to whatever the request and any open block have left. A request whose wall-clock budget is already
    spent (by earlier statements or Python work between them) stops here, before the statement starts."""
    budget_ms = _budget_ms()
    raw = context["connection"].connection
    now = time.perf_counter()
    if _request_end() <= now:
        raise timeout_error(budget_ms)
    _set_handler(raw, min(now + budget_ms / 1000, _outer_end(raw)))
    try:
        return execute(sql, params, many, context)
    except Exception as exc:
        if is_interrupt(exc) and id(raw) not in _BLOCKS:  # inside a block, the block names the timeout
            raise timeout_error(budget_ms) from exc
        raise


def install(budget_s: float | None = None) -> None:
    """Start limiting this thread's statements (idempotent) under a wall-clock budget of ``budget_s`` from
    now, or by default the public budget from the request's arrival (``arrived``)."""
    if _statement_limit not in connection.execute_wrappers:
        connection.execute_wrappers.append(_statement_limit)
        if budget_s is None:
            budget = _budget_ms() / 1000
            _request.end = (arrived.get() or time.perf_counter()) + budget - _answer_reserve_s(budget)
        else:
            _request.end = time.perf_counter() + budget_s


def uninstall() -> None:
    """Stop limiting this thread's statements and drop any handler left on the connection."""
    while _statement_limit in connection.execute_wrappers:
        connection.execute_wrappers.remove(_statement_limit)
    _request.end = None
    if connection.connection is not None:
        _clear_handler(connection.connection)


@contextmanager
def public_queries(budget_s: float | None = None) -> Iterator[None]:
    """Run the block's ORM statements under the per-statement time limit and one wall-clock budget for all:
    ``budget_s`` seconds (default: the public budget), or the one already open around the block."""
    already = _statement_limit in connection.execute_wrappers
    install(budget_s)
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
    uninstall()  # a new request gets a fresh budget even if the last one's request_finished never came
    # The admin's pages (a login's password hash, the data-quality report's counts) are a curator's, not
    # the public's: they get their own budget, so a login on a busy machine is not a 503 whose failed
    # attempt the lockout never counted.
    path = (kwargs.get("environ") or {}).get("PATH_INFO", "")
    _request.budget_ms = admin_budget_ms() if path.startswith(ADMIN_PREFIX) else None
    install()


def on_request_finished(**kwargs) -> None:
    uninstall()
    _request.budget_ms = None
