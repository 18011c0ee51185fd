"""The server configuration `make serve` runs (josh/serve.py), tried over a real socket: a huge request head
is refused and the connection closed, X-Forwarded-For is not trusted unless configured, keep-alive is bounded."""

import socket
import threading
import time

import pytest
import uvicorn

from josh.serve import server_options


async def echo_client(scope, receive, send):
    """Answers with the client address the server believed."""
    if scope["type"] != "http":
        return
    body = (scope["client"] or ("-", 0))[0].encode()
    await send(
        {"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"%d" % len(body))]}
    )
    await send({"type": "http.response.body", "body": body})


@pytest.fixture
def serve(monkeypatch):
    servers = []

    def start(**env):
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = uvicorn.Server(
            uvicorn.Config(echo_client, host="127.0.0.1", port=port, log_level="warning", **server_options())
        )
        threading.Thread(target=server.run, daemon=True).start()
        deadline = time.monotonic() + 10
        while not server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.02)
        servers.append(server)
        return port

    yield start
    for server in servers:
        server.should_exit = True


def _exchange(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
        try:
            conn.sendall(request)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may close before the whole oversized head is sent
        chunks = []
        try:
            while chunk := conn.recv(65536):
                chunks.append(chunk)
        except (ConnectionResetError, TimeoutError):
            pass
    return b"".join(chunks)


def test_a_1mb_header_is_refused_and_the_connection_closed(serve):
    # h11 refuses a head once more than the cap of it is buffered incomplete; a head that arrives whole in
    # one socket read (up to 256 KiB on loopback) is parsed, so the effective cap is below that.
    port = serve()
    huge = b"GET / HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 1_048_576 + b"\r\nConnection: close\r\n\r\n"
    reply = _exchange(port, huge)
    assert reply.startswith((b"HTTP/1.1 400", b"HTTP/1.1 431")) or reply == b""
    ok = _exchange(port, b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert ok.startswith(b"HTTP/1.1 200")  # the server still serves normal requests


def test_forwarded_for_is_ignored_unless_the_proxy_is_configured(serve):
    request = b"GET / HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.9\r\nConnection: close\r\n\r\n"
    assert _exchange(serve(), request).endswith(b"\r\n\r\n127.0.0.1")
    trusted = serve(JOSH_FORWARDED_ALLOW_IPS="127.0.0.1")
    assert _exchange(trusted, request).endswith(b"\r\n\r\n203.0.113.9")


def test_the_limits_are_the_documented_ones(monkeypatch):
    monkeypatch.delenv("JOSH_FORWARDED_ALLOW_IPS", raising=False)
    options = server_options()
    assert (options["http"], options["h11_max_incomplete_event_size"]) == ("h11", 32_768)
    assert (options["limit_concurrency"], options["timeout_keep_alive"], options["proxy_headers"]) == (
        256,
        5,
        False,
    )
