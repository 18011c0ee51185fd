"""A per-client cap on requests in flight, so one client cannot occupy every worker thread.

Every request of a process is served by a fixed pool of threads (JOSH_THREADS, 8 by default): nine slow
requests from one anonymous client used to queue every other client's 10 ms lookup behind them. This ASGI
middleware counts each client's requests in flight in the process's event loop (no lock needed: one loop).
One past ``JOSH_CLIENT_CONCURRENCY`` waits in that client's own line (``JOSH_CLIENT_QUEUE`` long) for one of
the client's requests to finish, holding no thread, at most the request budget; one past the line, or one that
waited that long, is answered 429 ``too_many_concurrent_requests`` with ``Retry-After: 1``. The line is what
keeps a client that ignores Retry-After from spinning: refused at once, nine connections came back ~700 times a
second, and parsing and refusing them took the event loop (and the GIL) from everyone else's requests.

A client is its address as the server sees it (its IPv6 /64; behind a proxy, the forwarded address when the
proxy is trusted: JOSH_FORWARDED_ALLOW_IPS). Static files and /healthz are not counted, nor is a loopback
client: that is the operator, or a local proxy whose clients all look alike until JOSH_FORWARDED_ALLOW_IPS
names it (capping it would cap the whole site).
"""

import asyncio
import ipaddress
import json
import time
from collections import Counter, deque

from apps.access.policy import client_ip
from apps.core.db import timelimit
from apps.core.errors import RateLimited, error_body
from apps.core.request_context import new_request_id

EXEMPT_PREFIXES = ("/static/", "/healthz")


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return not address  # no address at all: a unix socket, only reachable on this host


class ClientConcurrencyLimit:
    def __init__(self, app, limit: int, queue: int = 0, wait_s: float = 0.0):
        self.app = app
        self.limit = limit
        self.queue = queue
        self.wait_s = wait_s
        self.in_flight: Counter[str] = Counter()
        self.waiting: dict[str, deque[asyncio.Future]] = {}  # per client: its requests waiting, oldest first

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            timelimit.arrived.set(time.perf_counter())  # the request's time budget counts from here
        if scope["type"] != "http" or self.limit <= 0 or scope["path"].startswith(EXEMPT_PREFIXES):
            return await self.app(scope, receive, send)
        address = (scope.get("client") or ("", 0))[0]
        if is_loopback(address):
            return await self.app(scope, receive, send)
        client = client_ip(address)
        if not await self._enter(client):
            return await self._refuse(send)
        try:
            return await self.app(scope, receive, send)
        finally:
            self._leave(client)

    async def _enter(self, client: str) -> bool:
        """Take one of ``client``'s slots, waiting in its line for one if there is room; False = refuse."""
        if self.in_flight[client] < self.limit:
            self.in_flight[client] += 1
            return True
        line = self.waiting.setdefault(client, deque())
        if len(line) >= self.queue:
            if not line:
                del self.waiting[client]
            return False
        turn = asyncio.get_running_loop().create_future()
        line.append(turn)
        timer = asyncio.get_running_loop().call_later(
            self.wait_s, lambda: turn.done() or turn.set_result(False)
        )
        try:
            admitted = await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled() and turn.result():
                self._leave(client)  # handed a slot just as it was cancelled: pass it on
            raise
        finally:
            timer.cancel()
            if turn in line:
                line.remove(turn)
            if not line and self.waiting.get(client) is line:
                del self.waiting[client]
        return admitted

    def _leave(self, client: str) -> None:
        """Hand the finished request's slot to the client's oldest waiting request, or free it."""
        for turn in self.waiting.get(client, ()):
            if not turn.done():
                turn.set_result(True)  # the slot passes on: in_flight is unchanged
                return
        self.in_flight[client] -= 1
        if not self.in_flight[client]:
            del self.in_flight[client]

    async def _refuse(self, send) -> None:
        request_id = new_request_id(None)
        error = RateLimited(
            f"Too many requests in flight from this client (at most {self.limit} at once, {self.queue} more "
            "waiting); wait for one to finish, then retry.",
            code="too_many_concurrent_requests",
            hint={"max_concurrent": self.limit, "max_waiting": self.queue, "retry_after": 1},
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
