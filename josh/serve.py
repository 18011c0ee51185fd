"""python -m josh.serve [--host H] [--port P] [--workers N]: serve Josh with the limits a public server needs.

uvicorn's own defaults suit a server behind a proxy that already enforces them; ``make serve`` runs it facing
clients, so the limits live here, in one place, and the tests exercise this same configuration:

* request headers: the h11 parser with a cap on an incomplete request head (JOSH_MAX_HEADER_BYTES, 32 KiB),
  answered 400 and the connection closed, instead of buffering a 64 MB header (httptools has no cap). h11
  checks the cap while a head is still arriving, so a head that comes whole in one socket read (at most
  256 KiB) is still parsed: the effective bound is that read size, not the cap itself;
* connections: at most JOSH_MAX_CONNECTIONS per worker (then 503), idle keep-alive closed after 5 s;
* proxy headers: trusted only from the addresses in JOSH_FORWARDED_ALLOW_IPS (default: none), so a client
  cannot rotate its rate-limit identity with X-Forwarded-For through a naive local proxy.
"""

import argparse
import os

from apps.core.conf import env_int, env_str


def server_options() -> dict:
    """Keyword arguments for ``uvicorn.Config`` / ``uvicorn.run``: Josh's limits, read from the environment."""
    trusted = env_str("JOSH_FORWARDED_ALLOW_IPS", "")
    return {
        "http": "h11",
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
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    uvicorn.run(
        "josh.asgi:application", host=args.host, port=args.port, workers=args.workers, **server_options()
    )


if __name__ == "__main__":
    main()
