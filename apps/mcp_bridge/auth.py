"""Bearer tokens for /mcp, for the MCP SDK (its AccessToken): the shared keys table (apps.access.services).

The /mcp router has already applied the access policy (apps.access.policy) before the SDK sees a request;
this verifier gives the SDK the caller's identity and keeps its own bearer check as a second gate.
"""

from django.db import close_old_connections
from mcp.server.auth.provider import AccessToken

from apps.access.policy import verified_token
from apps.access.services import api_key_verify
from apps.core.threads import run_in_db_thread
from apps.mcp_bridge import conf


def _verify(token: str):
    close_old_connections()
    try:
        return api_key_verify(token)
    finally:
        close_old_connections()


class ApiKeyTokenVerifier:
    """The SDK's TokenVerifier protocol: an active key → an AccessToken for this resource."""

    async def verify_token(self, token: str) -> AccessToken | None:
        hit = verified_token.get()
        if hit is not None and hit[0] == token:  # the router checked this very token for this request
            key_id, name = hit[1].ident, hit[1].name
        else:
            key = await run_in_db_thread(_verify)(token)
            if key is None:
                return None
            key_id, name = str(key.pk), key.name
        return AccessToken(
            token=token,
            client_id=f"apikey:{key_id}",
            scopes=[conf.SCOPE],
            resource=conf.resource_url(),
            subject=name,
        )
