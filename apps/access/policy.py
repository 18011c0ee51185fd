"""One access policy for REST (/v1), the browsable API (/browse/) and MCP (/mcp).

``access_check`` is the single decision: which credentials count, who the caller is, and whether the caller
is within its rate budget (apps.access.counters: atomic, one rate). Two thin adapters call it:
apps.access.middleware for Django's paths and apps.mcp_bridge.asgi for /mcp, which Django's middleware never
sees. Modes (knob("AUTH")): ``disabled`` (open), ``apikey`` and ``oauth`` (a key from the admin,
sent as ``X-Api-Key`` or ``Authorization: Bearer``; oauth adds the RFC 9728 challenge). See docs/ACCESS.md.
"""

import ipaddress
import logging
import sqlite3
from collections.abc import Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from django.db import close_old_connections

from apps.access import counters
from apps.access.services import api_key_verify
from apps.core.conf import knob
from apps.core.errors import JoshError, RateLimited, Unauthorized
from apps.core.public_url import public_base_url
from apps.core.threads import run_in_db_thread

# Django paths the policy covers; everything else (home, /admin, /static, /.well-known, GET /mcp) is open.
PROTECTED_PREFIXES = ("/v1/", "/browse/")
EXEMPT_PATHS = frozenset({"/v1/docs", "/v1/openapi.json"})
SCOPE = "josh.read"
RATE_GROUP = "josh.api"
logger = logging.getLogger("josh.access")


def auth_mode() -> str:
    return knob("AUTH", "disabled")


def auth_required() -> bool:
    return auth_mode() != "disabled"


def rate_limit() -> str | None:
    """The one budget, e.g. "600/m" (per key, or per client IP when anonymous); None = no limits."""
    return knob("RATE_LIMIT", None)


def policy_active() -> bool:
    """False when there is nothing to check (the self-host default): adapters skip all work."""
    return auth_required() or rate_limit() is not None


def is_protected(path: str, method: str) -> bool:
    if method == "OPTIONS":  # CORS preflights carry no credentials
        return False
    return path.startswith(PROTECTED_PREFIXES) and path not in EXEMPT_PATHS


@dataclass(frozen=True)
class Principal:
    """Who is calling: an API key, a logged-in admin user (session), or an anonymous client IP."""

    kind: str  # "key" | "user" | "anonymous"
    ident: str
    name: str = ""

    @property
    def rate_key(self) -> str:
        return f"{self.kind}:{self.ident}"


@dataclass
class Decision:
    """``error`` set → answer it instead of serving; ``headers`` go on the response either way."""

    principal: Principal | None = None
    error: JoshError | None = None
    headers: dict[str, str] = field(default_factory=dict)


ALLOW = Decision()

# (token, principal) the /mcp router verified for this request, so the MCP SDK's bearer check (run later in the
# same task, apps.mcp_bridge.auth) need not look the key up again.
verified_token: ContextVar[tuple[str, Principal] | None] = ContextVar("josh_verified_token", default=None)


def credential_from(headers: Mapping[str, str]) -> str | None:
    """The key from ``X-Api-Key`` or ``Authorization: Bearer <key>`` (header names case-insensitive)."""
    key = headers.get("x-api-key")
    if key:
        return key.strip()
    scheme, _, token = (headers.get("authorization") or "").strip().partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


def metadata_url(resource_path: str = "") -> str:
    """RFC 9728 metadata for ``resource_path`` ("" = the root document, "/mcp" = the path-suffixed one)."""
    parts = urlsplit(public_base_url())
    return f"{parts.scheme}://{parts.netloc}/.well-known/oauth-protected-resource{parts.path.rstrip('/')}{resource_path}"


def challenge(*, token_sent: bool, resource_path: str = "") -> str:
    """The ``WWW-Authenticate`` value for a 401 (RFC 6750; oauth adds RFC 9728 ``resource_metadata``)."""
    params = ['realm="josh"']
    if token_sent:
        params.append('error="invalid_token"')
    if auth_mode() == "oauth":
        params += [f'resource_metadata="{metadata_url(resource_path)}"', f'scope="{SCOPE}"']
    return "Bearer " + ", ".join(params)


def client_ip(remote_addr: str | None) -> str:
    """The rate key of an anonymous caller: its IPv4 address, or its IPv6 /64 (as django-ratelimit does)."""
    try:
        address = ipaddress.ip_address((remote_addr or "").strip())
    except ValueError:
        return remote_addr or "unknown"
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/64", strict=False).network_address)
    return str(address)


def _rate_headers(usage: counters.Usage) -> dict[str, str]:
    return {
        "X-RateLimit-Limit": str(usage.limit),
        "X-RateLimit-Remaining": str(max(usage.limit - usage.count, 0)),
        "X-RateLimit-Reset": str(usage.time_left),
    }


def rate_limit_hit(principal: Principal, units: int = 1) -> tuple[dict[str, str], RateLimited | None]:
    """Count ``units`` against ``principal``'s budget: the X-RateLimit headers, and the error past it."""
    rate = rate_limit()
    if rate is None:
        return {}, None
    try:
        usage = counters.hit(f"{RATE_GROUP}:{principal.rate_key}", rate, weight=units)
    except (sqlite3.Error, OSError):  # a counters hiccup must not turn into 429s for everyone: fail open
        logger.exception("rate-limit counters unavailable; request let through")
        return {}, None
    headers = _rate_headers(usage)
    if not usage.should_limit:
        return headers, None
    retry_after = int(headers["X-RateLimit-Reset"])
    who = "API key" if principal.kind == "key" else "user" if principal.kind == "user" else "client address"
    error = RateLimited(
        f"Rate limit of {rate} requests exceeded for this {who}; retry after {retry_after} s.",
        hint={"retry_after": retry_after, "limit": usage.limit, "rate": rate},
    )
    return headers, error


def access_check(
    *, headers: Mapping[str, str], remote_addr: str | None, user=None, resource_path: str = ""
) -> Decision:
    """Authenticate and rate-limit one request to a protected path (see ``is_protected``).

    ``user`` is Django's ``request.user`` where there is one: an admin logged in through /admin may use the
    browsable API and REST from the browser without a key. An invalid key in ``disabled`` mode is ignored
    (authless servers never answer 401), but a valid one gets its own budget.
    """
    if not policy_active():
        return ALLOW
    token = credential_from(headers)
    principal = None
    if token is not None:
        key = api_key_verify(token)
        if key is not None:
            principal = Principal("key", str(key.pk), key.name)
    if principal is None and user is not None and user.is_authenticated and user.is_active:
        principal = Principal("user", str(user.pk), user.get_username())
    if principal is None and auth_required():
        if token is None:
            message = "This endpoint needs an API key: send it as 'X-Api-Key: <key>' or 'Authorization: Bearer <key>'."
        else:
            message = (
                "The API key is not valid or has been revoked; ask the operator of this Josh for a new one."
            )
        error = Unauthorized(message, hint={"headers": ["X-Api-Key", "Authorization: Bearer"]})
        return Decision(
            None,
            error,
            {"WWW-Authenticate": challenge(token_sent=token is not None, resource_path=resource_path)},
        )
    if principal is None:
        principal = Principal("anonymous", client_ip(remote_addr))
    rate_headers, error = rate_limit_hit(principal)
    return Decision(principal, error, rate_headers)


def _access_check_in_thread(**kwargs) -> Decision:
    close_old_connections()
    try:
        return access_check(**kwargs)
    finally:
        close_old_connections()


async def access_check_async(
    *, headers: Mapping[str, str], remote_addr: str | None, resource_path: str
) -> Decision:
    """``access_check`` from an ASGI app (the /mcp router): the ORM and the cache run on Django's sync thread."""
    if not policy_active():
        return ALLOW
    decision = await run_in_db_thread(_access_check_in_thread)(
        headers=headers, remote_addr=remote_addr, resource_path=resource_path
    )
    principal = decision.principal
    verified_token.set(
        (credential_from(headers), principal) if principal and principal.kind == "key" else None
    )
    return decision
