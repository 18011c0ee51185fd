"""What the fetchers' declarations and the HTTP client (apps/sync/http.py) share: the error an upstream
answer ends in, and which origin a URL is, so credentials go only where they were given. Kept apart from the
client so that reading the fetchers' declarations (every process does, for the sources' freshness) does not
import httpx, ~0.15 s of a process's start."""

from urllib.parse import urlsplit

from apps.core.errors import JoshError

CREDENTIALS = {"authorization", "proxy-authorization", "x-api-key", "api-key", "cookie"}


class UpstreamError(JoshError):
    status = 502
    type = "upstream_error"
    code = "upstream_error"


def origin(url: str) -> str:
    parts = urlsplit(str(url))
    return f"{parts.scheme.lower()}://{(parts.netloc or '').lower()}"


def without_credentials(headers: dict | None) -> dict | None:
    if not headers:
        return headers
    return {k: v for k, v in headers.items() if k.lower() not in CREDENTIALS}
