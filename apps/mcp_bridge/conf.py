"""The MCP endpoint's knobs, read from Django settings at call time (so tests can override them)."""

from urllib.parse import urlsplit

from django.conf import settings

from apps.core import public_url
from apps.core.conf import knob

MCP_PATH = "/mcp"
PROTOCOL_VERSION = "2025-11-25"
# Handshake revisions the endpoint serves. A request announcing any other MCP-Protocol-Version gets 400
# (spec 2025-11-25 "basic/transports"); that also keeps the SDK's 2026-07-28 era off this endpoint.
SERVED_VERSIONS = frozenset({"2025-11-25", "2025-06-18", "2025-03-26"})
SCOPE = "josh.read"


def auth_mode() -> str:
    """'disabled' (anyone may call), or 'apikey' / 'oauth' (a bearer token from the api keys table)."""
    return knob("AUTH", "disabled")


def auth_required() -> bool:
    return auth_mode() != "disabled"


def public_base_url() -> str:
    """JOSH_PUBLIC_BASE_URL, else the base URL of the request being served (apps.core.public_url)."""
    return public_url.public_base_url()


def configured_base_url() -> str | None:
    return public_url.configured_base_url()


def resource_url() -> str:
    """The MCP endpoint's canonical URL: the RFC 9728 ``resource`` and the token audience."""
    return public_base_url() + MCP_PATH


def oauth_issuers() -> list[str]:
    """Authorization servers to advertise (JOSH_OAUTH_ISSUER, comma list); none when auth is off."""
    if not auth_required():
        return []
    return [item.strip() for item in settings.JOSH_OAUTH_ISSUER.split(",") if item.strip()]


def allowed_hosts() -> list[str]:
    host = urlsplit(public_url.configured_base_url() or "").hostname
    return [*settings.ALLOWED_HOSTS, *([host] if host else [])]


def allowed_origins() -> set[str]:
    """Browser origins allowed besides same-origin: JOSH_PUBLIC_BASE_URL's and JOSH_MCP_ALLOWED_ORIGINS."""
    origins = {o.rstrip("/") for o in settings.JOSH_MCP_ALLOWED_ORIGINS}
    configured = public_url.configured_base_url()
    if configured:
        parts = urlsplit(configured)
        origins.add(f"{parts.scheme}://{parts.netloc}")
    return origins
