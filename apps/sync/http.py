"""The one HTTP client every fetcher uses, with politeness built in: at most one request per host every
``SYNC["MIN_INTERVAL_S"]`` seconds, ``Retry-After`` honoured on 429 and 503 (seconds or an HTTP date, capped
at ``SYNC["MAX_WAIT_S"]``), and retries with exponential backoff on connection errors and 5xx answers."""

import logging
import threading
import time
from email.utils import parsedate_to_datetime
from urllib.parse import urlsplit

import httpx
from django.conf import settings
from django.utils import timezone

from apps.core.errors import JoshError

logger = logging.getLogger("josh.sync")
RETRY_STATUSES = {429, 500, 502, 503, 504}


class UpstreamError(JoshError):
    status = 502
    type = "upstream_error"
    code = "upstream_error"


def retry_after_seconds(value: str | None) -> float | None:
    """``Retry-After`` as seconds: a number, or an HTTP date (RFC 9110 §10.2.3); None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        return max(0.0, (parsedate_to_datetime(value) - timezone.now()).total_seconds())
    except (TypeError, ValueError):
        return None


class PoliteClient:
    def __init__(self, *, min_interval_s: float | None = None, retries: int | None = None):
        conf = settings.SYNC
        self.min_interval_s = conf["MIN_INTERVAL_S"] if min_interval_s is None else min_interval_s
        self.retries = conf["RETRIES"] if retries is None else retries
        self.max_wait_s = conf["MAX_WAIT_S"]
        self.waited: list[tuple[str, float]] = []  # (url, seconds) of every Retry-After / backoff wait
        self._last: dict[str, float] = {}
        self._host_interval: dict[str, float] = {}  # hosts that ask for more than min_interval_s
        self._lock = threading.Lock()
        self._http = httpx.Client(
            timeout=conf["TIMEOUT_S"], follow_redirects=True, headers={"User-Agent": conf["USER_AGENT"]}
        )

    def close(self) -> None:
        self._http.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def at_most(self, url: str, per_minute: float) -> None:
        """Keep requests to ``url``'s host to ``per_minute`` (a published allowance, e.g. the LDA API's 15 a
        minute without a key), so its 429s are not provoked; never faster than ``min_interval_s``."""
        self._host_interval[urlsplit(url).netloc] = 60.0 / per_minute

    def _pace(self, url: str) -> None:
        host = urlsplit(url).netloc
        interval = max(self.min_interval_s, self._host_interval.get(host, 0.0))
        with self._lock:
            wait = self._last.get(host, 0.0) + interval - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            self._last[host] = time.monotonic()

    def get(self, url: str, *, params=None, headers=None, missing_ok: bool = False) -> httpx.Response | None:
        """GET ``url``; a 304 is returned as is (the caller asked with a validator), a 404 is None when
        ``missing_ok``. Raises UpstreamError when the answer stays an error after the retries."""
        return self._request("GET", url, params=params, headers=headers, missing_ok=missing_ok)

    def post(self, url: str, *, data: dict, headers=None) -> httpx.Response:
        """POST a form to ``url`` (docs.house.gov hands out a meeting's XML only to its page's form
        postback), with the same pacing, retries and errors as ``get``."""
        return self._request("POST", url, data=data, headers=headers)

    def _request(self, method: str, url: str, *, params=None, data=None, headers=None, missing_ok=False):
        for attempt in range(self.retries + 1):
            self._pace(url)
            try:
                response = self._http.request(method, url, params=params, data=data, headers=headers)
            except httpx.TransportError as exc:
                if attempt == self.retries:
                    raise UpstreamError(f"{url}: {exc}") from exc
                self._wait(url, 2.0**attempt)
                continue
            if response.status_code not in RETRY_STATUSES or attempt == self.retries:
                break
            told = retry_after_seconds(response.headers.get("Retry-After"))
            self._wait(url, told if told is not None else 2.0**attempt)
        if response.status_code == 404 and missing_ok:
            return None
        if response.status_code >= 400:
            raise UpstreamError(f"{url}: HTTP {response.status_code}")
        return response

    def _wait(self, url: str, seconds: float) -> None:
        seconds = min(seconds, self.max_wait_s)
        logger.info("sync: waiting %.1fs before retrying %s", seconds, url)
        self.waited.append((url, seconds))
        time.sleep(seconds)
