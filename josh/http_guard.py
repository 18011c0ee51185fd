"""The HTTP/1.1 protocol ``python -m josh.serve`` runs: uvicorn's h11 protocol plus the guards a server that faces
clients needs and uvicorn lacks.

* **An exact cap on the request head** (JOSH_MAX_HEADER_BYTES): h11 checks its own cap only while a head is
  still incomplete, so a head that arrived whole in one socket read (up to 256 KiB) was parsed. Here the
  buffered bytes are checked before parsing; a head past the cap is answered 431 and the connection closed.
* **A deadline to read a request** (JOSH_REQUEST_READ_TIMEOUT_S, 10 s): from the connection's start, or from
  the first byte of a later request on a kept-alive connection, the head and body must arrive within it, or
  the client gets 408 (or, mid-body, the connection is closed and the app sees a disconnect). uvicorn times
  out only an idle kept-alive connection: a client that opened a connection and sent nothing, or sent a
  header a byte a second, held it forever.
* **A penalty box per peer address.** Each refused head (431, or 400 for a malformed one) and each read
  timeout is a strike against the peer that sent it. A peer with JOSH_ABUSE_STRIKES strikes within a minute
  is held for JOSH_ABUSE_PENALTY_S: its new connections are accepted and then neither read nor answered until
  the read deadline, when they get a 429 and are closed (up to JOSH_ABUSE_HOLD connections of one peer at a
  time; past that they are closed at once). Refusing an abusive client's heads quickly is not enough: it came
  straight back, ~1,000 connections a second, and accepting, parsing and refusing them took the event loop
  (and the process's GIL) from every other client's requests. Held, its connections cost a file descriptor
  each and no CPU. The addresses trusted as proxies (JOSH_FORWARDED_ALLOW_IPS) are never held: every client
  behind them would be. A proxy should apply the same limits itself (docs/DEPLOY.md, "Serving").
"""

import time

import h11
from uvicorn.middleware.proxy_headers import _TrustedHosts  # uvicorn's own parser of forwarded_allow_ips
from uvicorn.protocols.http.h11_impl import H11Protocol

from apps.core.conf import env_int, env_str

STRIKE_WINDOW_S = 60.0
MAX_PEERS = 10_000  # peers remembered at once; the oldest are forgotten first


def _raw_response(status: int, reason: str, extra: bytes = b"") -> bytes:
    body = f"{status} {reason}\n".encode()
    return (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain; charset=utf-8\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n".encode()
        + extra
        + b"\r\n"
        + body
    )


class PenaltyBox:
    """Strikes per peer address within a sliding minute, and which peers are held until when."""

    def __init__(self, strikes: int, penalty_s: float, hold: int, trusted: str, clock=time.monotonic):
        self.strikes, self.penalty_s, self.hold = strikes, penalty_s, hold
        self.trusted = _TrustedHosts(trusted) if trusted else None
        self.clock = clock
        self.recent: dict[str, list[float]] = {}  # peer -> times of its strikes in the window
        self.until: dict[str, float] = {}  # peer -> end of its penalty
        self.held: dict[str, int] = {}  # peer -> its connections held now

    def exempt(self, peer: str) -> bool:
        return not peer or self.strikes <= 0 or (self.trusted is not None and peer in self.trusted)

    def strike(self, peer: str) -> None:
        if self.exempt(peer):
            return
        now = self.clock()
        times = [t for t in self.recent.pop(peer, ()) if now - t < STRIKE_WINDOW_S] + [now]
        self.recent[peer] = times  # re-inserted: dict order is least recently struck first
        if len(times) >= self.strikes:
            self.until[peer] = now + self.penalty_s
        while len(self.recent) > MAX_PEERS:
            self.recent.pop(next(iter(self.recent)))
        while len(self.until) > MAX_PEERS:
            self.until.pop(next(iter(self.until)))

    def penalized(self, peer: str) -> bool:
        end = self.until.get(peer)
        if end is None:
            return False
        if self.clock() >= end:
            del self.until[peer]
            return False
        return True


def penalty_box_from_env() -> PenaltyBox:
    return PenaltyBox(
        strikes=env_int("JOSH_ABUSE_STRIKES", 5, minimum=0),
        penalty_s=env_int("JOSH_ABUSE_PENALTY_S", 60, minimum=1),
        hold=env_int("JOSH_ABUSE_HOLD", 32, minimum=0),
        trusted=env_str("JOSH_FORWARDED_ALLOW_IPS", ""),
    )


class GuardedH11Protocol(H11Protocol):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.max_head = env_int("JOSH_MAX_HEADER_BYTES", 32_768, minimum=4096)
        self.read_timeout = float(env_int("JOSH_REQUEST_READ_TIMEOUT_S", 10, minimum=1))
        self.read_deadline = None
        self.held_peer: str | None = None
        # One box per server (each uvicorn worker process runs its own), kept on the state its connections share.
        if not hasattr(self.server_state, "josh_penalty_box"):
            self.server_state.josh_penalty_box = penalty_box_from_env()
        self.box: PenaltyBox = self.server_state.josh_penalty_box

    @property
    def peer(self) -> str:
        return self.client[0] if self.client else ""

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        if self.box.penalized(self.peer):
            return self._hold(self.box)
        self._arm_read_deadline()  # the first request must arrive within it, even a connection that sends nothing

    def _hold(self, box: PenaltyBox) -> None:
        held = box.held.get(self.peer, 0)
        if held >= box.hold:
            self.transport.abort()
            return
        box.held[self.peer] = held + 1
        self.held_peer = self.peer
        # Not one of the server's connections: held ones must not use up JOSH_MAX_CONNECTIONS for the rest.
        self.connections.discard(self)
        self.transport.pause_reading()
        self.read_deadline = self.loop.call_later(self.read_timeout, self._release_held)

    def _release_held(self) -> None:
        self.read_deadline = None
        retry = b"retry-after: %d\r\n" % int(self.box.penalty_s)
        self.transport.write(_raw_response(429, "Too Many Requests", retry))
        self.transport.close()

    def connection_lost(self, exc) -> None:
        self._disarm_read_deadline()
        if self.held_peer is not None:
            self.box.held[self.held_peer] -= 1
            if not self.box.held[self.held_peer]:
                del self.box.held[self.held_peer]
            self.held_peer = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.held_peer is not None:
            return  # a held connection is not read (bytes already in flight may still arrive once)
        if self.conn.their_state is h11.IDLE and self._head_too_large(data):
            return
        super().data_received(data)
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing():
            self._arm_read_deadline()  # a request has begun: it must be read whole by the deadline
        else:
            self._disarm_read_deadline()  # read whole (the app has it), or the connection is ending

    def _head_too_large(self, data: bytes) -> bool:
        buffered, _closed = self.conn.trailing_data
        head = buffered + data
        if len(head) <= self.max_head or head.find(b"\r\n\r\n", 0, self.max_head + 4) != -1:
            return False
        self.box.strike(self.peer)
        self.transport.write(_raw_response(431, "Request Header Fields Too Large"))
        self.transport.close()
        return True

    def send_400_response(self, msg: str) -> None:
        self.box.strike(self.peer)  # a malformed head, or h11's own cap on an incomplete one
        super().send_400_response(msg)

    def _arm_read_deadline(self) -> None:
        if self.read_deadline is None:
            self.read_deadline = self.loop.call_later(self.read_timeout, self._read_timed_out)

    def _disarm_read_deadline(self) -> None:
        if self.read_deadline is not None:
            self.read_deadline.cancel()
            self.read_deadline = None

    def _read_timed_out(self) -> None:
        self.read_deadline = None
        if self.transport.is_closing():
            return
        self.box.strike(self.peer)
        if self.conn.their_state is h11.IDLE and self.conn.our_state is h11.IDLE:
            self.transport.write(_raw_response(408, "Request Timeout"))
        self.transport.close()  # mid-body: the app's receive() sees http.disconnect
