"""/v1/openapi.json answered from memory after its first request (apps.core.document_cache), and built once.

The unit tests drive the middleware over a small ASGI app that counts its calls; the last test asks the real
application (Django behind the cache) through an ASGI client.
"""

import threading

import httpx
import pytest

from apps.core.document_cache import DocumentCache

pytestmark = pytest.mark.anyio
DOC = b'{"openapi": "3.1.0"}' * 100


@pytest.fixture
def anyio_backend():
    return "asyncio"


class Downstream:
    """Answers every path with DOC (plus whatever headers it is given) and counts how often it ran."""

    def __init__(self, status=200, headers=()):
        self.calls, self.status, self.headers = 0, status, list(headers)

    async def __call__(self, scope, receive, send):
        self.calls += 1
        headers = [(b"content-type", b"application/json"), (b"x-request-id", b"abc"), *self.headers]
        await send({"type": "http.response.start", "status": self.status, "headers": headers})
        await send({"type": "http.response.body", "body": DOC[:1000], "more_body": True})
        await send({"type": "http.response.body", "body": DOC[1000:]})


def client(app) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver")


async def test_the_first_answer_is_kept_and_later_ones_come_from_memory():
    downstream = Downstream()
    async with client(DocumentCache(downstream)) as c:
        first = await c.get("/v1/openapi.json")
        second = await c.get("/v1/openapi.json")
        other = await c.get("/v1/sources")
    assert downstream.calls == 2  # the document once, /v1/sources every time
    assert first.content == second.content == DOC
    assert first.headers["etag"] == second.headers["etag"] and first.headers["etag"].startswith('"')
    assert second.headers["cache-control"] == "no-cache"
    assert second.headers["content-length"] == str(len(DOC))
    assert second.headers["x-request-id"] not in (
        "abc",
        first.headers["x-request-id"],
    )  # a fresh id each time
    assert "etag" not in other.headers


async def test_a_revalidation_with_the_etag_is_a_304_without_a_body():
    async with client(DocumentCache(Downstream())) as c:
        etag = (await c.get("/v1/openapi.json")).headers["etag"]
        fresh = await c.get("/v1/openapi.json", headers={"if-none-match": etag})
        stale = await c.get("/v1/openapi.json", headers={"if-none-match": '"other"'})
    assert (fresh.status_code, fresh.content, fresh.headers["etag"]) == (304, b"", etag)
    assert (stale.status_code, stale.content) == (200, DOC)


async def test_each_encoding_and_host_is_kept_apart_and_head_has_no_body():
    downstream = Downstream()
    async with client(DocumentCache(downstream)) as c:
        for _ in range(2):
            await c.get("/v1/openapi.json", headers={"accept-encoding": "gzip"})
            await c.get("/v1/openapi.json", headers={"accept-encoding": "identity"})
            await c.get(
                "/v1/openapi.json", headers={"host": "josh.example.org", "accept-encoding": "identity"}
            )
        head = await c.head("/v1/openapi.json", headers={"accept-encoding": "identity"})
    assert downstream.calls == 3
    assert (head.status_code, head.content, head.headers["content-length"]) == (200, b"", str(len(DOC)))


@pytest.mark.parametrize(
    "downstream",
    [Downstream(status=503), Downstream(headers=[(b"set-cookie", b"sessionid=1")])],
    ids=["an error", "a cookie"],
)
async def test_an_error_or_a_response_that_sets_a_cookie_is_never_kept(downstream):
    async with client(DocumentCache(downstream)) as c:
        first = await c.get("/v1/openapi.json")
        await c.get("/v1/openapi.json")
    assert downstream.calls == 2
    assert first.content == DOC and "etag" not in first.headers


async def test_the_real_document_through_django(db):
    from django.core.asgi import get_asgi_application

    async with client(DocumentCache(get_asgi_application())) as c:
        first = await c.get("/v1/openapi.json", headers={"accept-encoding": "gzip"})
        second = await c.get("/v1/openapi.json", headers={"accept-encoding": "gzip"})
    assert first.status_code == second.status_code == 200
    assert first.headers["content-encoding"] == second.headers["content-encoding"] == "gzip"
    assert first.json() == second.json() and "/v1/search" in second.json()["paths"]


def test_concurrent_first_requests_build_the_document_once(monkeypatch):
    from ninja import NinjaAPI

    from josh.api import JoshAPI

    fresh = JoshAPI(urls_namespace="test-openapi-once")
    builds = []
    real_build = NinjaAPI.get_openapi_schema

    def counting_build(self, **kwargs):
        builds.append(threading.get_ident())
        return real_build(self, **kwargs)

    monkeypatch.setattr(NinjaAPI, "get_openapi_schema", counting_build)
    results = []
    build = lambda: results.append(fresh.get_openapi_schema(path_prefix="/v1/"))  # noqa: E731
    threads = [threading.Thread(target=build) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert len(builds) == 1
    assert len(results) == 4 and all(r is results[0] for r in results)


def _scope(address: str, path: str = "/v1/openapi.json") -> dict:
    return {"type": "http", "method": "GET", "path": path, "client": (address, 5000), "headers": []}


async def _ask(pacing, address: str, path: str = "/v1/openapi.json") -> int:
    statuses = []

    async def send(message):
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    await pacing(_scope(address, path), None, send)
    return statuses[0]


async def test_a_client_looping_on_the_document_is_paced_then_refused(monkeypatch):
    from apps.access import pacing as module

    now, slept = [100.0], []

    async def fake_sleep(seconds):  # the clock moves by what the request waited
        slept.append(seconds)
        now[0] += seconds

    monkeypatch.setattr(module.asyncio, "sleep", fake_sleep)
    downstream = Downstream()
    pacing = module.DocumentPacing(downstream, rate=1.0, burst=3, clock=lambda: now[0])
    assert [await _ask(pacing, "203.0.113.9") for _ in range(3)] == [200, 200, 200]
    assert slept == []  # the burst is answered at once
    assert await _ask(pacing, "203.0.113.9") == 200
    assert slept == [1.0]  # then one a second: the request waited for its token
    assert await _ask(pacing, "198.51.100.1") == 200 and slept == [1.0]  # another client is not paced
    assert await _ask(pacing, "127.0.0.1") == 200 and slept == [1.0]  # nor the operator on loopback
    assert await _ask(pacing, "203.0.113.9", "/v1/sources") == 200 and slept == [1.0]  # nor other paths


async def test_a_request_that_would_wait_past_the_limit_is_a_429_with_retry_after():
    from apps.access.pacing import MAX_WAIT_S, DocumentPacing

    pacing = DocumentPacing(Downstream(), rate=1.0, burst=1, clock=lambda: 0.0)  # time stands still
    sent = []

    async def send(message):
        sent.append(message)

    await pacing(_scope("203.0.113.9"), None, send)  # the burst
    for _ in range(int(MAX_WAIT_S)):  # tokens taken ahead (waiting at most MAX_WAIT_S): not awaited here
        pacing._take("203.0.113.9")
    sent.clear()
    await pacing(_scope("203.0.113.9"), None, send)
    start, body = sent
    assert start["status"] == 429 and (b"retry-after", b"1") in start["headers"]
    assert b'"rate_limited"' in body["body"] and b"If-None-Match" in body["body"]
