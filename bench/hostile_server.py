"""A hostile upstream on 127.0.0.1 (tests/sync/test_hostile_upstream.py, bench/attack_upstream.py): the
caller says what every path answers, and the server keeps every request it saw (path and headers), so a
test can tell what the sync client sent where.

A route answers ``(status, headers, body)``; ``body`` is bytes, or an iterable of byte chunks written one
by one (a slow drip, an endless stream: the writer stops when the client hangs up)."""

import threading
from collections.abc import Callable, Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

Answer = tuple[int, dict, bytes | Iterable[bytes]]


class Hostile:
    def __init__(self):
        self.routes: dict[str, Callable[[], Answer] | Answer] = {}
        self.seen: list[tuple[str, dict]] = []  # (path with query, headers) of every request
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self.base = f"http://127.0.0.1:{self._server.server_port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._server.shutdown()
        self._server.server_close()

    def paths(self) -> list[str]:
        return [path for path, _ in self.seen]

    def _answer(self, path: str) -> Answer:
        route = self.routes.get(path) or self.routes.get(urlsplit(path).path)
        if route is None:
            return 404, {}, b"not found"
        return route() if callable(route) else route

    def _handler(self):
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                server.seen.append((self.path, {k.lower(): v for k, v in self.headers.items()}))
                status, headers, body = server._answer(self.path)
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                if isinstance(body, bytes):
                    if "Content-Length" not in headers:
                        self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                self.send_header("Connection", "close")
                self.end_headers()
                try:
                    for chunk in body:
                        self.wfile.write(chunk)
                        self.wfile.flush()
                except OSError:  # the client hung up, as it should
                    pass
                self.close_connection = True

            def log_message(self, *args):
                pass

        return Handler
