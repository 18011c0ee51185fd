"""A live Django server thread for browser tests (tests/browse, tests/explorer).

It shares the test's SQLite connection, so a browser sees the package's ingested samples inside the test's
transaction.
"""

from contextlib import contextmanager


@contextmanager
def live_server():
    from pytest_django.live_server_helper import LiveServer

    live = LiveServer("localhost:0")
    live._live_server_modified_settings.enable()
    try:
        yield live
    finally:
        live._live_server_modified_settings.disable()
        live.stop()
