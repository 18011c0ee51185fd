"""python -m josh.serve [--host H] [--port P] [--workers N]: serve Josh with the limits a public server needs.

uvicorn's own defaults suit a server behind a proxy that already enforces them; ``make serve`` runs it facing
clients, so the limits live here, in one place, and the tests exercise this same configuration:

* request heads: at most JOSH_MAX_HEADER_BYTES (32 KiB), else 431 and the connection closed, instead of
  buffering a 64 MB header (httptools has no cap; h11's own applies only to a head still incomplete);
* a request must be read whole within JOSH_REQUEST_READ_TIMEOUT_S (10 s) of its start, else 408: a client
  that sends nothing, or a header a byte at a time, no longer holds a connection forever;
* a peer that keeps sending refused heads or timing out is held for a while instead of served
  (JOSH_ABUSE_STRIKES, JOSH_ABUSE_PENALTY_S): these three live in josh.http_guard, uvicorn's h11 protocol
  with the guards it lacks;
* connections: at most JOSH_MAX_CONNECTIONS per worker (then 503), idle keep-alive closed after 5 s;
* proxy headers: trusted only from the addresses in JOSH_FORWARDED_ALLOW_IPS (default: none), so a client
  cannot rotate its rate-limit identity with X-Forwarded-For through a naive local proxy.
"""

import argparse

from apps.core.conf import env_int, env_str
from josh.http_guard import GuardedH11Protocol


def server_options() -> dict:
    """Keyword arguments for ``uvicorn.Config`` / ``uvicorn.run``: Josh's limits, read from the environment."""
    trusted = env_str("JOSH_FORWARDED_ALLOW_IPS", "")
    return {
        "http": GuardedH11Protocol,
        "h11_max_incomplete_event_size": env_int("JOSH_MAX_HEADER_BYTES", 32_768, minimum=4096),
        "limit_concurrency": env_int("JOSH_MAX_CONNECTIONS", 256, minimum=8),
        "timeout_keep_alive": 5,
        "timeout_graceful_shutdown": 10,
        "proxy_headers": bool(trusted),
        "forwarded_allow_ips": trusted or None,
        "server_header": False,
        "access_log": False,
    }


def main(argv=None) -> None:
    import sys

    import uvicorn

    # A thread that wants the GIL waits up to the switch interval for the one holding it: with a CPU-heavy
    # search running, a 10 ms lookup paid that wait at every release point (5 ms each by default).
    sys.setswitchinterval(env_int("JOSH_GIL_SWITCH_US", 1000, minimum=100) / 1_000_000)

    parser = argparse.ArgumentParser(prog="python -m josh.serve", description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default=env_str("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=env_int("PORT", 8000, minimum=1))
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    uvicorn.run(
        "josh.asgi:application", host=args.host, port=args.port, workers=args.workers, **server_options()
    )


if __name__ == "__main__":
    main()
