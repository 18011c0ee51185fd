"""The one HTTP client every fetcher uses. Politeness: at most one request per host every
``SYNC["MIN_INTERVAL_S"]`` seconds, ``Retry-After`` honoured on 429 and 503 (seconds or an HTTP date, capped
at ``SYNC["MAX_WAIT_S"]``), retries with exponential backoff on 5xx answers and dropped connections. A host
that refuses or cannot be reached at all (DNS, refused, connect timeout) is not retried: offline, five
backoffs per request cost 39 s a source and 419 s for ``sync all``. It is marked unreachable for the run
(``unreachable``, which ``sync all`` and ``update`` share between sources), so every later request to it
fails at once with the first failure's reason.

Every answer is untrusted input, so the client also holds the line for the host (docs/DEPLOY.md, "Sync
and ingest limits"):
* a byte cap, streamed: an answer read into memory stops at ``MAX_RESPONSE_BYTES``, a file streamed to disk
  at ``MAX_FILE_BYTES``, counted both as sent (compressed) and as decoded, so neither a huge body nor a
  gzip bomb is ever held whole;
* a total deadline per request (``DEADLINE_S``, every redirect and every byte included): a watchdog shuts the
  socket down when it passes, so a slow drip cannot outlive it;
* redirects followed by hand, at most ``MAX_REDIRECTS``, each only to an allowed origin (``restrict``/``allow``:
  the sync allows the origins of the URLs its fetcher builds from settings, plus ``EXTRA_HOSTS``);
* credentials (``Authorization``, ``X-Api-Key``, cookies) go only to the origin of the URL they were given
  with, never along a redirect to another one.
Every refusal is an ``UpstreamError`` naming the URL and why."""

import hashlib
import logging
import socket
import threading
import time
import zlib
from email.utils import parsedate_to_datetime
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx
from django.conf import settings
from django.utils import timezone

from apps.sync.upstream import UpstreamError, origin, without_credentials

logger = logging.getLogger("josh.sync")
RETRY_STATUSES = {429, 500, 502, 503, 504}
REDIRECTS = {301, 302, 303, 307, 308}
# Headers that describe the bytes as sent; a body handed back already decoded must not carry them.
_TRANSFER_HEADERS = {"content-encoding", "content-length", "transfer-encoding"}


class _Refused(Exception):
    """An answer the client will not take (too big, too slow, another host): not worth a retry."""


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


class _Watchdog:
    """Shuts the request's socket down at the deadline, so a read blocked on a slow drip returns at once.
    The socket comes from httpcore's ``trace`` hook as the connection opens."""

    def __init__(self, seconds: float):
        self.fired = False
        self._sock: socket.socket | None = None
        self._timer = threading.Timer(max(seconds, 0.0), self._fire)
        self._timer.daemon = True

    def trace(self, name: str, info: dict) -> None:
        if name in ("connection.connect_tcp.complete", "connection.start_tls.complete"):
            stream = info.get("return_value")
            self._sock = stream.get_extra_info("socket") if stream is not None else None
            if self.fired:
                self._fire()

    def _fire(self) -> None:
        self.fired = True
        if self._sock is not None:
            try:
                self._sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def __enter__(self):
        self._timer.start()
        return self

    def __exit__(self, *exc):
        self._timer.cancel()


class PoliteClient:
    def __init__(
        self,
        *,
        min_interval_s: float | None = None,
        retries: int | None = None,
        unreachable: dict[str, str] | None = None,
    ):
        conf = settings.SYNC
        self.min_interval_s = conf["MIN_INTERVAL_S"] if min_interval_s is None else min_interval_s
        self.retries = conf["RETRIES"] if retries is None else retries
        self.max_wait_s = conf["MAX_WAIT_S"]
        self.timeout_s = conf["TIMEOUT_S"]
        self.deadline_s = conf["DEADLINE_S"]
        self.max_response_bytes = conf["MAX_RESPONSE_BYTES"]
        self.max_file_bytes = conf["MAX_FILE_BYTES"]
        self.max_redirects = conf["MAX_REDIRECTS"]
        self.allowed: set[str] | None = None  # origins a request may reach; None: any (set by restrict)
        self.waited: list[tuple[str, float]] = []  # (url, seconds) of every Retry-After / backoff wait
        self._last: dict[str, float] = {}
        # host -> why it could not be reached; shared between the clients of one run
        self.unreachable: dict[str, str] = {} if unreachable is None else unreachable
        self.attempts = 0  # requests sent (each retry and redirect counts): what a test of fail-fast counts
        self._host_interval: dict[str, float] = {}  # hosts that ask for more than min_interval_s
        self._lock = threading.Lock()
        # No kept-alive connections: each request's socket is its own, so the watchdog can cut exactly it.
        self._http = httpx.Client(
            follow_redirects=False,
            # Only the encodings _decoded undoes in bounded steps (httpx's own decoders inflate a whole
            # network chunk at once: 64 KB of gzip can be 64 MB).
            headers={"User-Agent": conf["USER_AGENT"], "Accept-Encoding": "gzip, deflate"},
            limits=httpx.Limits(max_keepalive_connections=0),
        )

    def close(self) -> None:
        self._http.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def restrict(self, urls=()) -> None:
        """From now on, reach only the origins of ``urls`` and those later ``allow``-ed."""
        self.allowed = {origin(u if "://" in u else f"https://{u}") for u in urls}

    def allow(self, url: str) -> None:
        if self.allowed is not None:
            self.allowed.add(origin(url))

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
        """GET ``url``, its body read whole (at most ``MAX_RESPONSE_BYTES``); a 304 is returned as is (the
        caller asked with a validator), a 404 is None when ``missing_ok``. Raises UpstreamError when the
        answer stays an error after the retries, or is refused."""
        return self._request("GET", url, params=params, headers=headers, missing_ok=missing_ok)

    def post(self, url: str, *, data: dict, headers=None) -> httpx.Response:
        """POST a form to ``url`` (docs.house.gov hands out a meeting's XML only to its page's form
        postback), with the same pacing, retries, limits and errors as ``get``."""
        return self._request("POST", url, data=data, headers=headers)

    def download(self, url: str, dest: Path, *, headers=None) -> tuple[httpx.Response, str]:
        """GET ``url`` streamed into ``dest`` (at most ``MAX_FILE_BYTES``): the answer (its body not kept) and
        ``sha256:<hex>`` of what was written. A 304 writes nothing. ``dest`` is removed when it fails."""
        try:
            response = self._request("GET", url, headers=headers, dest=dest)
        except BaseException:
            dest.unlink(missing_ok=True)
            raise
        return response, response.extensions.get("josh_digest", "")

    def _request(self, method, url, *, params=None, data=None, headers=None, missing_ok=False, dest=None):
        for attempt in range(self.retries + 1):
            if (why := self.unreachable.get(urlsplit(url).netloc)) is not None:
                raise UpstreamError(f"{url}: host unreachable earlier in this run ({why}); not asked again")
            self._pace(url)
            try:
                response = self._follow(method, url, params=params, data=data, headers=headers, dest=dest)
            except _Refused as exc:
                raise UpstreamError(f"{url}: {exc}") from None
            except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
                # No connection at all (offline, DNS, refused): a retry a few seconds later finds the same.
                failed = exc.request.url if _has_request(exc) else url
                why = f"{type(exc).__name__}: {exc}"
                self.unreachable[urlsplit(str(failed)).netloc] = why
                raise UpstreamError(
                    f"{url}: cannot connect ({why}); check the network or the URL setting"
                ) from exc
            except httpx.HTTPError as exc:
                if attempt == self.retries:
                    raise UpstreamError(f"{url}: {type(exc).__name__}: {exc}") from exc
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

    def _follow(self, method, url, *, params, data, headers, dest) -> httpx.Response:
        """One request and its redirects, under one deadline."""
        deadline = time.monotonic() + self.deadline_s
        current = url
        for _ in range(self.max_redirects + 1):
            if self.allowed is not None and origin(current) not in self.allowed:
                where = "it is on" if current == url else f"it redirects to {current}, on"
                raise _Refused(f"{where} a host this source may not reach (allowed: {sorted(self.allowed)})")
            sent = headers if origin(current) == origin(url) else without_credentials(headers)
            self.attempts += 1
            response = self._once(
                method, current, params=params, data=data, headers=sent, dest=dest, deadline=deadline
            )
            location = response.headers.get("Location")
            if response.status_code not in REDIRECTS or not location:
                return response
            current = urljoin(str(response.request.url), location)
            params = None  # the Location names its own query
            if response.status_code == 303 or (response.status_code in (301, 302) and method == "POST"):
                method, data = "GET", None
        raise _Refused(f"more than {self.max_redirects} redirects (a loop?)")

    def _once(self, method, url, *, params, data, headers, dest, deadline) -> httpx.Response:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise _Refused(f"no answer within the {self.deadline_s:g} s deadline (JOSH_SYNC_DEADLINE_S)")
        timeout = httpx.Timeout(min(self.timeout_s, remaining))
        with _Watchdog(remaining) as watchdog:
            try:
                with self._http.stream(
                    method,
                    url,
                    params=params,
                    data=data,
                    headers=headers,
                    timeout=timeout,
                    extensions={"trace": watchdog.trace},
                ) as response:
                    if response.status_code in REDIRECTS or response.status_code >= 400:
                        return _bounded(response, b"")  # the body of an error or a redirect is not read
                    return self._read(response, dest, deadline, watchdog)
            except httpx.HTTPError:
                if watchdog.fired:
                    raise _Refused(
                        f"no complete answer within the {self.deadline_s:g} s deadline (JOSH_SYNC_DEADLINE_S)"
                    ) from None
                raise

    def _read(self, response: httpx.Response, dest: Path | None, deadline: float, watchdog) -> httpx.Response:
        cap, setting = (
            (self.max_file_bytes, "JOSH_SYNC_MAX_FILE_BYTES")
            if dest is not None
            else (self.max_response_bytes, "JOSH_SYNC_MAX_RESPONSE_BYTES")
        )
        if response.status_code == 304:
            return _bounded(response, b"")
        too_big = f"answer over the {cap:,}-byte cap ({setting})"
        declared = response.headers.get("Content-Length", "")
        if declared.isdigit() and int(declared) > cap:
            raise _Refused(f"{too_big}: it declares {int(declared):,} bytes")
        digest, chunks, size = hashlib.sha256(), [], 0
        sink = dest.open("wb") if dest is not None else None
        try:
            for chunk in _decoded(response):
                size += len(chunk)
                # Decoded (a gzip bomb) and as sent (a body that says nothing of its size).
                if size > cap or response.num_bytes_downloaded > cap:
                    raise _Refused(
                        f"{too_big}: stopped reading at {max(size, response.num_bytes_downloaded):,}"
                    )
                if watchdog.fired or time.monotonic() > deadline:
                    raise _Refused(
                        f"no complete answer within the {self.deadline_s:g} s deadline (JOSH_SYNC_DEADLINE_S)"
                    )
                if sink is not None:
                    sink.write(chunk)
                    digest.update(chunk)
                else:
                    chunks.append(chunk)
            if watchdog.fired:  # the cut socket read as the end of a body that had no length
                raise _Refused(
                    f"no complete answer within the {self.deadline_s:g} s deadline (JOSH_SYNC_DEADLINE_S)"
                )
        finally:
            if sink is not None:
                sink.close()
        if dest is None:
            return _bounded(response, b"".join(chunks))
        answer = _bounded(response, b"")
        answer.extensions["josh_digest"] = "sha256:" + digest.hexdigest()
        return answer

    def _wait(self, url: str, seconds: float) -> None:
        seconds = min(seconds, self.max_wait_s)
        logger.info("sync: waiting %.1fs before retrying %s", seconds, url)
        self.waited.append((url, seconds))
        time.sleep(seconds)


def _has_request(exc: httpx.HTTPError) -> bool:
    try:
        return exc.request is not None
    except RuntimeError:  # httpx raises when an error was made without one
        return False


def _bounded(response: httpx.Response, body: bytes) -> httpx.Response:
    """A complete, closed answer holding ``body`` (already decoded): what the fetchers read."""
    headers = [(k, v) for k, v in response.headers.multi_items() if k.lower() not in _TRANSFER_HEADERS]
    return httpx.Response(
        response.status_code, headers=headers, content=body, request=response.request, extensions={}
    )


def _decoded(response: httpx.Response):
    """The body as decoded, in pieces of at most 1 MiB however much one network chunk inflates to."""
    encoding = response.headers.get("Content-Encoding", "").strip().lower()
    if encoding in ("", "identity"):
        yield from response.iter_raw()
        return
    if encoding not in ("gzip", "x-gzip", "deflate"):
        raise _Refused(f"an answer in an encoding not asked for ({encoding!r})")
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS if "gzip" in encoding else zlib.MAX_WBITS)
    try:
        for raw in response.iter_raw():
            while raw:
                yield inflate.decompress(raw, 2**20)
                raw = inflate.unconsumed_tail
        yield inflate.flush()
    except zlib.error as exc:
        raise _Refused(f"a body that does not decode as {encoding} ({exc})") from None
