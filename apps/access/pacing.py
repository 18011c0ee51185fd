"""Pacing per client for the public documents answered from memory (apps.core.document_cache): /v1/openapi.json.

The document is open to everyone (no key, outside the rate budget: a client must be able to read the contract
before it has a key), and answered from memory it costs little, but not nothing: each answer still takes the
serving process's event loop, and the GIL with it, from the requests of everyone else. A client that loops on
it (four connections, ~250 answers a second) took 2-3x off another client's p95. So each client address has a
token bucket for these paths: ``BURST`` answers at once, then ``RATE_PER_S`` a second. A request past that
waits for its token, holding no thread (``asyncio.sleep``), as nginx's ``limit_req`` delays; one that would wait
more than ``MAX_WAIT_S`` is answered 429 with ``Retry-After``. A real client reads the document a few times an
hour; a looping one is slowed to the rate. A loopback client is not paced, as in apps.access.concurrency (the
operator, or a local proxy whose clients all share one address until JOSH_FORWARDED_ALLOW_IPS names it).
"""

import asyncio
import json
import math
import time

from apps.access.concurrency import is_loopback
from apps.access.policy import client_ip
from apps.core.document_cache import CACHED_PATHS
from apps.core.errors import RateLimited, error_body
from apps.core.request_context import new_request_id

RATE_PER_S = 1.0
BURST = 10
MAX_WAIT_S = 5.0
MAX_CLIENTS = 10_000  # buckets kept at once; a full bucket carries no state worth keeping


class DocumentPacing:
    def __init__(self, app, paths=CACHED_PATHS, rate=RATE_PER_S, burst=BURST, clock=time.monotonic):
        self.app, self.paths, self.rate, self.burst, self.clock = app, paths, rate, burst, clock
        self.buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, when counted)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["path"] not in self.paths:
            return await self.app(scope, receive, send)
        address = (scope.get("client") or ("", 0))[0]
        if is_loopback(address):
            return await self.app(scope, receive, send)
        wait = self._take(client_ip(address))
        if wait > MAX_WAIT_S:
            return await self._refuse(send, wait)
        if wait > 0:
            await asyncio.sleep(wait)
        return await self.app(scope, receive, send)

    def _take(self, client: str) -> float:
        """Take the client's next token (possibly one not yet earned): seconds until it is earned."""
        now = self.clock()
        tokens, then = self.buckets.pop(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        wait = max(0.0, (1.0 - tokens) / self.rate)
        if wait > MAX_WAIT_S:  # refused: the token is not taken
            self.buckets[client] = (tokens, now)
        else:
            self.buckets[client] = (tokens - 1.0, now)
        while len(self.buckets) > MAX_CLIENTS:
            self.buckets.pop(next(iter(self.buckets)))  # the least recently seen
        return wait

    async def _refuse(self, send, wait: float) -> None:
        retry = math.ceil(wait - MAX_WAIT_S)
        request_id = new_request_id(None)
        error = RateLimited(
            f"This document is served at most {self.rate:g} times a second per client (after {self.burst} at "
            "once); it changes only when the server is upgraded, so keep a copy and revalidate it with "
            "If-None-Match.",
            code="rate_limited",
            hint={"retry_after": retry},
        )
        body = json.dumps(error_body(error, request_id=request_id)).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"retry-after", str(retry).encode()),
            (b"x-request-id", request_id.encode()),
        ]
        await send({"type": "http.response.start", "status": 429, "headers": headers})
        await send({"type": "http.response.body", "body": body})
