"""ASGI middleware: documents that never change while the process runs (/v1/openapi.json) answered from memory.

The first GET of such a path goes through Django as usual; its 200 response is kept, per host and content
encoding, and later requests for it are answered on the event loop with those bytes: no pool thread, no
middleware pass, no GIL held for more than the write. A flood of /v1/openapi.json (~380 KB, public and
unmetered) went through Django at ~2 ms of CPU a request, 8 ms under contention, which four connections took
from every other client's requests. Each kept answer gets an ETag, so a client that revalidates
(``If-None-Match``) is answered 304 with no body. A response that sets a cookie is never kept.
"""

import hashlib

from apps.core.request_context import new_request_id

CACHED_PATHS = frozenset({"/v1/openapi.json"})
MAX_VARIANTS = 16  # (host, encoding) pairs kept per path: a bound, whatever Host headers clients send
SKIPPED_HEADERS = frozenset({b"x-request-id", b"date", b"content-length", b"etag", b"cache-control"})


def _header(scope, name: bytes) -> bytes:
    return next((v for k, v in scope.get("headers", ()) if k.lower() == name), b"")


class DocumentCache:
    def __init__(self, app, paths=CACHED_PATHS):
        self.app = app
        self.paths = paths
        self.kept: dict[tuple, tuple[int, list, bytes, bytes]] = {}  # key -> (status, headers, body, etag)

    async def __call__(self, scope, receive, send):
        if (
            scope["type"] != "http"
            or scope["path"] not in self.paths
            or scope["method"] not in ("GET", "HEAD")
        ):
            return await self.app(scope, receive, send)
        gzipped = b"gzip" in _header(scope, b"accept-encoding")
        key = (scope["path"], _header(scope, b"host"), gzipped, scope["query_string"])
        if key in self.kept:
            return await self._answer(scope, send, *self.kept[key])
        return await self.app(scope, receive, self._keeping(key, scope, send))

    def _keeping(self, key, scope, send):
        """Pass the response on, keeping it if it can be: its start waits for the whole body, so that the
        first answer carries the same ETag as the later ones."""
        response: dict = {}

        async def keep(message):
            if message["type"] == "http.response.start":
                response.update(message, body=b"")
                return None
            if message["type"] != "http.response.body" or not response:
                return await send(message)
            response["body"] += message.get("body", b"")
            if message.get("more_body"):
                return None
            if scope["method"] == "GET" and self._keepable(response):
                self._keep(key, response)
                return await self._answer(scope, send, *self.kept[key])
            await send({k: v for k, v in response.items() if k != "body"})
            await send({"type": "http.response.body", "body": response["body"]})

        return keep

    def _keepable(self, response: dict) -> bool:
        names = {k.lower() for k, _ in response.get("headers", ())}
        return response["status"] == 200 and b"set-cookie" not in names and len(self.kept) < MAX_VARIANTS

    def _keep(self, key, response: dict) -> None:
        body = response["body"]
        etag = b'"%s"' % hashlib.sha256(body).hexdigest()[:32].encode()
        headers = [(k, v) for k, v in response.get("headers", ()) if k.lower() not in SKIPPED_HEADERS]
        self.kept[key] = (response["status"], headers, body, etag)

    async def _answer(self, scope, send, status, headers, body, etag):
        fresh = etag in _header(scope, b"if-none-match")
        out = [
            *headers,
            (b"etag", etag),
            (b"cache-control", b"no-cache"),  # revalidate each time: the document changes with a deploy
            (b"x-request-id", new_request_id(None).encode()),
        ]
        if fresh:
            out = [(k, v) for k, v in out if k.lower() not in (b"content-encoding", b"content-type")]
            await send({"type": "http.response.start", "status": 304, "headers": out})
            return await send({"type": "http.response.body", "body": b""})
        out.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": status, "headers": out})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})
