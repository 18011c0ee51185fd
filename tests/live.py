"""A live Django server thread for browser tests (tests/browse, tests/explorer).

It shares the test's connection, so a browser sees the package's ingested samples inside the test's
transaction. pytest-django shares an in-memory SQLite connection only (whose ``close`` is a no-op); a
PostgreSQL connection is shared the same way here, its ``close`` held off while the server runs: the server
closes every connection after each request, and closing this one would end the test's transaction.
"""

from contextlib import contextmanager

from django.core.servers.basehttp import ThreadedWSGIServer


class _JoinedServer(ThreadedWSGIServer):
    """Stopping waits for the requests still being answered. With Django's daemon threads, a request a page
    had in flight when its browser context closed (a context closes at once; a whole Chromium used to take
    long enough to hide this) was still running when the server gave the shared connection back, and its
    closing the connection then raised in that thread."""

    daemon_threads = False

    def serve_forever(self, poll_interval=0.02):
        """socketserver looks for a stop request between waits of ``poll_interval`` (0.5 s by default), so
        stopping a server took half a second of every browser test; a short wait is a few idle wake-ups."""
        super().serve_forever(poll_interval)


@contextmanager
def live_server():
    from django.db import DEFAULT_DB_ALIAS, connections
    from pytest_django.live_server_helper import LiveServer

    shared = connections[DEFAULT_DB_ALIAS]
    live = LiveServer("localhost:0", start=False)
    live.thread.server_class = _JoinedServer
    held = shared.vendor != "sqlite"
    if held:
        live.thread.connections_override[DEFAULT_DB_ALIAS] = shared
        shared.close = lambda: None
    live.start()
    live._live_server_modified_settings.enable()
    try:
        yield live
    finally:
        live._live_server_modified_settings.disable()
        live.stop()
        if held:
            del shared.close
