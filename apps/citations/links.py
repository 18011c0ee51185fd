"""Which URLs may become links: only absolute http(s) ones (a hostile upstream's ``javascript:`` or
``data:`` URL, or relative junk, is shown as text, never followed)."""

from urllib.parse import urlsplit


def is_http_url(value) -> bool:
    """True for an absolute http(s) URL with a host; False for anything else (scheme-relative, other
    schemes, control characters browsers strip before reading the scheme)."""
    if not isinstance(value, str) or not value or value != value.strip():
        return False
    if any(ord(c) < 0x21 or c in "\\\"'<>`" for c in value):
        return False
    try:
        parts = urlsplit(value)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def http_url_or(value, fallback: str = "") -> str:
    return value if is_http_url(value) else fallback


# Where an id leads when Josh does not hold its record: set once by the composition (apps.explorer, which
# sees every app) so the lower surfaces (browse) link the publisher instead of a 404. ``resolve(value)``
# returns ``(url, external)``: an explorer path when held, the publisher's URL when not, None for nowhere.
_resolver = None


def set_record_resolver(resolve) -> None:
    global _resolver
    _resolver = resolve


def resolve_record(value: str):
    return _resolver(value) if _resolver is not None else None


def resolver_set() -> bool:
    return _resolver is not None
