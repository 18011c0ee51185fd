"""Rate-limit counters that hold under concurrency: one small SQLite file shared by every worker process, and
one ``INSERT ... ON CONFLICT DO UPDATE ... RETURNING`` per request, so counting and reading the count are one
atomic step. (django-ratelimit's file cache read, added and wrote back: 60 simultaneous requests against 30/m
let 46 through.) The file is not the data's database, so a read of the API never writes to that one.

Windows are fixed per key, each key offset by a hash of itself (as django-ratelimit's are), so every client's
budget does not reset at the same second. Old windows are pruned as new ones open.
"""

import re
import sqlite3
import threading
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS hits (key TEXT NOT NULL, window INTEGER NOT NULL, count INTEGER NOT NULL, "
    "PRIMARY KEY (key, window)) WITHOUT ROWID"
)
HIT_SQL = (
    "INSERT INTO hits (key, window, count) VALUES (?, ?, ?) "
    "ON CONFLICT (key, window) DO UPDATE SET count = count + excluded.count RETURNING count"
)
PRUNE_SQL = "DELETE FROM hits WHERE window < ?"
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_RATE = re.compile(r"([1-9][0-9]*)/([0-9]*)([smhd])")
_local = threading.local()


@dataclass(frozen=True)
class Usage:
    count: int
    limit: int
    time_left: int  # seconds until this key's window resets

    @property
    def should_limit(self) -> bool:
        return self.count > self.limit


def parse_rate(rate: str) -> tuple[int, int]:
    """``"600/m"`` → (600, 60); ``"100/10s"`` → (100, 10)."""
    m = _RATE.fullmatch(rate)
    if not m:
        raise ValueError(f"not a rate: {rate!r}")
    return int(m.group(1)), int(m.group(2) or 1) * _UNITS[m.group(3)]


def counters_path() -> Path:
    return Path(settings.RATE_LIMIT_DIR) / "counters.sqlite3"


def _connection(path: Path) -> sqlite3.Connection:
    """This thread's connection to the counters file (opened once per thread and path)."""
    conns = _local.__dict__.setdefault("conns", {})
    conn = conns.get(path)
    if conn is None:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, timeout=5, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=OFF")  # counters, not records: a crash may lose the last few
        conn.execute(SCHEMA)
        conns[path] = conn
    return conn


def hit(key: str, rate: str, weight: int = 1) -> Usage:
    """Count ``weight`` against ``key``'s budget under ``rate``, atomically, and return the new usage."""
    limit, period = parse_rate(rate)
    shifted = time.time() + zlib.crc32(key.encode()) % period
    window = int(shifted // period)
    conn = _connection(counters_path())
    count = conn.execute(HIT_SQL, (key, window, weight)).fetchone()[0]
    if count == weight:  # this key's first request of a window: drop the windows that are over
        conn.execute(PRUNE_SQL, (window - 1,))
    return Usage(count=count, limit=limit, time_left=max(int(period - shifted % period), 1))
