"""The ASGI layers around every surface: a per-client cap on requests in flight (one client cannot take every
worker thread), and security headers on every response — REST, errors, HTML pages and /mcp."""

import asyncio
import json
import time

import httpx
import pytest
from django.core.asgi import get_asgi_application

from apps.access.concurrency import ClientConcurrencyLimit
from apps.core.db import timelimit
from apps.core.security_headers import CSP_DATA, CSP_HTML
from josh.asgi import compose
from tests.mcp.conftest import RPC_HEADERS, LiveServer


class Gate:
    """An ASGI app whose requests wait until released: each announces itself when it enters."""

    def __init__(self):
        self.entered = asyncio.Queue()
        self.release = asyncio.Event()

    async def __call__(self, scope, receive, send):
        await self.entered.put(scope["client"][0])
        await self.release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})


async def _request(app, address: str) -> tuple[int, dict, bytes]:
    sent = []

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.request", "body": b""}

    scope = {"type": "http", "method": "GET", "path": "/v1/search", "headers": [], "client": (address, 5000)}
    await app(scope, receive, send)
    headers = {k.decode(): v.decode() for k, v in sent[0].get("headers", [])}
    return sent[0]["status"], headers, sent[1]["body"]


def test_a_client_past_its_cap_waits_in_its_own_line_and_past_the_line_is_refused_at_once():
    async def scenario():
        gate = Gate()
        app = ClientConcurrencyLimit(gate, limit=2, queue=1, wait_s=60)
        held = [asyncio.create_task(_request(app, "203.0.113.5")) for _ in range(2)]
        assert [await gate.entered.get() for _ in held] == ["203.0.113.5"] * 2
        waiting = asyncio.create_task(_request(app, "203.0.113.5"))  # third: waits, holding no slot
        await asyncio.sleep(0)
        assert len(app.waiting["203.0.113.5"]) == 1 and gate.entered.empty()
        status, headers, body = await _request(app, "203.0.113.5")  # fourth: past the line, answered at once
        other = asyncio.create_task(_request(app, "198.51.100.9"))
        assert await gate.entered.get() == "198.51.100.9"
        local = asyncio.create_task(_request(app, "127.0.0.1"))  # loopback: the operator or a local proxy
        assert await gate.entered.get() == "127.0.0.1"
        assert app.in_flight == {"203.0.113.5": 2, "198.51.100.9": 1}
        gate.release.set()
        assert await gate.entered.get() == "203.0.113.5"  # the waiting one got a finished one's slot
        finished = [await t for t in (*held, waiting, other, local)]
        assert [s for s, _, _ in finished] == [200] * 5
        assert (app.in_flight, app.waiting) == ({}, {})
        return status, headers, json.loads(body)

    status, headers, body = asyncio.run(scenario())
    assert (status, headers["retry-after"]) == (429, "1")
    error = body["error"]
    assert error.pop("request_id") == headers["x-request-id"]
    assert error == {
        "type": "rate_limit_error",
        "code": "too_many_concurrent_requests",
        "message": "Too many requests in flight from this client (at most 2 at once, 1 more waiting); wait for "
        "one to finish, then retry.",
        "hint": {"max_concurrent": 2, "max_waiting": 1, "retry_after": 1},
    }


async def _one_in_flight(wait_s: float):
    """A cap of 1 (4 may wait) with one request of 203.0.113.5 in flight, held at the gate."""
    gate = Gate()
    app = ClientConcurrencyLimit(gate, limit=1, queue=4, wait_s=wait_s)
    held = asyncio.create_task(_request(app, "203.0.113.5"))
    assert await gate.entered.get() == "203.0.113.5"
    return gate, app, held


def test_a_waiting_requests_budget_counts_from_its_arrival_not_from_its_turn():
    async def scenario():
        gate, app, held = await _one_in_flight(wait_s=60)
        seen = []

        async def note_arrival(scope, receive, send):
            seen.append((timelimit.arrived.get(), time.perf_counter()))
            await gate(scope, receive, send)

        app.app = note_arrival
        waiting = asyncio.create_task(_request(app, "203.0.113.5"))
        await asyncio.sleep(0)  # it arrives and joins the line
        assert len(app.waiting["203.0.113.5"]) == 1
        released = time.perf_counter()
        gate.release.set()
        await held, await waiting
        return released, seen

    released, [(arrived, admitted)] = asyncio.run(scenario())
    assert arrived < released <= admitted  # its clock started before its turn came


def test_a_request_that_waits_past_its_time_is_refused_and_leaves_the_line():
    async def scenario():
        gate, app, held = await _one_in_flight(wait_s=0.01)
        status, _, body = await _request(app, "203.0.113.5")  # waits 10 ms, never gets the slot
        assert (app.in_flight, app.waiting) == ({"203.0.113.5": 1}, {})
        gate.release.set()
        assert (await held)[0] == 200 and app.in_flight == {}
        return status, json.loads(body)["error"]["code"]

    assert asyncio.run(scenario()) == (429, "too_many_concurrent_requests")


def test_a_waiting_request_cancelled_by_its_client_leaves_the_line():
    async def scenario():
        gate, app, held = await _one_in_flight(wait_s=60)
        waiting = asyncio.create_task(_request(app, "203.0.113.5"))
        await asyncio.sleep(0)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        gate.release.set()
        await held
        return app.in_flight, app.waiting

    assert asyncio.run(scenario()) == ({}, {})


@pytest.mark.django_db(transaction=True)
def test_every_surface_sends_nosniff_and_a_content_security_policy():
    with LiveServer(compose(get_asgi_application())) as server:
        responses = {
            "rest": httpx.get(server.url + "/v1/sources", timeout=30),
            "error": httpx.get(server.url + "/v1/bills/hr:119:99999", timeout=30),
            "page": httpx.get(server.url + "/", timeout=30),
            "mcp": httpx.post(
                server.url + "/mcp",
                json={"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}},
                headers={**RPC_HEADERS, "mcp-protocol-version": "2025-11-25"},
                timeout=30,
            ),
            "mcp_refused": httpx.post(server.url + "/mcp", content=b"{}", headers={"host": "evil.example"}),
        }
    statuses = {name: r.status_code for name, r in responses.items()}
    assert statuses == {"rest": 200, "error": 404, "page": 200, "mcp": 200, "mcp_refused": 421}
    for name, response in responses.items():
        assert response.headers["x-content-type-options"] == "nosniff", name
        expected = CSP_HTML if name == "page" else CSP_DATA
        assert response.headers["content-security-policy"] == expected.decode(), name
