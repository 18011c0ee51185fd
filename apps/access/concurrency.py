"""A per-client cap on requests in flight, so one client cannot occupy every worker thread.

Every request of a process is served by a fixed pool of threads (JOSH_THREADS, 8 by default): nine slow
requests from one anonymous client used to queue every other client's 10 ms lookup behind them. This ASGI
middleware counts each client's requests in flight in the process's event loop (no lock needed: one loop) and
answers one past ``JOSH_CLIENT_CONCURRENCY`` at once with 429 ``too_many_concurrent_requests`` and
``Retry-After: 1``, before it reaches a thread. A client is its address as the server sees it (its IPv6 /64;
behind a proxy, the forwarded address when the proxy is trusted: JOSH_FORWARDED_ALLOW_IPS). Static files and
/healthz are not counted, nor is a loopback client: that is the operator, or a local proxy whose clients all
look alike until JOSH_FORWARDED_ALLOW_IPS names it (capping it would cap the whole site).
"""

import ipaddress
import json
from collections import Counter

from apps.access.policy import client_ip
from apps.core.errors import RateLimited, error_body
from apps.core.request_context import new_request_id

EXEMPT_PREFIXES = ("/static/", "/healthz")


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return not address  # no address at all: a unix socket, only reachable on this host


class ClientConcurrencyLimit:
    def __init__(self, app, limit: int):
        self.app = app
        self.limit = limit
        self.in_flight: Counter[str] = Counter()

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or self.limit <= 0 or scope["path"].startswith(EXEMPT_PREFIXES):
            return await self.app(scope, receive, send)
        address = (scope.get("client") or ("", 0))[0]
        if _loopback(address):
            return await self.app(scope, receive, send)
        client = client_ip(address)
        if self.in_flight[client] >= self.limit:
            return await self._refuse(send)
        self.in_flight[client] += 1
        try:
            return await self.app(scope, receive, send)
        finally:
            self.in_flight[client] -= 1
            if not self.in_flight[client]:
                del self.in_flight[client]

    async def _refuse(self, send) -> None:
        request_id = new_request_id(None)
        error = RateLimited(
            f"Too many requests in flight from this client (at most {self.limit} at once); wait for one to "
            "finish, then retry.",
            code="too_many_concurrent_requests",
            hint={"max_concurrent": self.limit, "retry_after": 1},
        )
        body = json.dumps(error_body(error, request_id=request_id)).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"retry-after", b"1"),
            (b"x-request-id", request_id.encode()),
        ]
        await send({"type": "http.response.start", "status": 429, "headers": headers})
        await send({"type": "http.response.body", "body": body})
