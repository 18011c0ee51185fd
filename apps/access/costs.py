"""Rate limits weighted by cost: an operation that costs more than a lookup takes more of the caller's budget.

Every request on a covered path counts 1 when it arrives (apps.access.policy). An expensive operation then
calls ``charge(kind)`` before its work starts, and the caller's budget is charged the rest of what that kind
costs (``JOSH["RATE_COSTS"]``: a search is 5 units by default, so 600/m is 600 lookups or 120 searches a
minute). Past the budget the operation is not run: 429 ``rate_limited``, as for any request. The surfaces do
not know about costs: the adapters that check access say whose request this is (``metered``), and the
operation says what it is (the search selectors call ``charge("search")``), on REST, the browsable API, the
explorer and MCP alike. See docs/ACCESS.md, "Costs".
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from apps.access.policy import Decision, rate_limit_hit
from apps.core.conf import knob

# The access decision of the request being served: whose budget a charge goes to, and the X-RateLimit headers
# the response will carry (updated by each charge, so they show what is left after it).
_current: ContextVar[Decision | None] = ContextVar("josh_access_decision", default=None)


def cost(kind: str) -> int:
    """Units one ``kind`` operation takes from a budget (at least 1: the request itself)."""
    return max(1, knob("RATE_COSTS", {}).get(kind, 1))


@contextmanager
def metered(decision: Decision) -> Iterator[None]:
    """Charges made inside the block go to ``decision``'s caller."""
    token = _current.set(decision)
    try:
        yield
    finally:
        _current.reset(token)


def charge(kind: str) -> None:
    """Charge the current caller the units a ``kind`` operation costs beyond the request's own 1; raise 429
    ``rate_limited`` past its budget. Nothing to charge without rate limits or outside a metered request."""
    decision = _current.get()
    extra = cost(kind) - 1
    if decision is None or decision.principal is None or extra <= 0:
        return
    headers, error = rate_limit_hit(decision.principal, units=extra)
    decision.headers.update(headers)
    if error is not None:
        raise error
