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
