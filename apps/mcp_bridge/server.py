"""The MCP server: name ``josh``, the package version, tools from apps.mcp_bridge.tools, and live enums.

Source enums are not frozen into the tool schemas at import: ``tools/list`` reads the live schema
(apps.core.services.sources.plan_shape) each time, so a source that gains FTS or chunk tables shows up in
the search tools' enums without a code change.
"""

import copy
import logging

from django.db import close_old_connections
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver import MCPServer
from mcp.server.transport_security import TransportSecuritySettings

from apps.core.plans import all_plans
from apps.core.services.sources import plan_shape
from apps.core.threads import run_in_db_thread
from apps.core.version import josh_version
from apps.mcp_bridge import conf
from apps.mcp_bridge.auth import ApiKeyTokenVerifier
from apps.mcp_bridge.middleware import log_tool_calls, make_validation_middleware

INSTRUCTIONS = """Josh serves US federal-policy data (bills, bill text, public laws, votes, legislators,
committees, reports, rules) with a citation on every record.

Which tool:
- You know the id → a typed lookup (get_bill, get_legislator, get_committee, ...) or fetch(id).
- You have a person or committee name ("Sen. Markey", "Ways and Means") → resolve_entity.
- You have a topic or question → search (hybrid), then fetch(id) on the hits you need.
- Exact phrase or citation → lexical_search; paraphrase / concept → semantic_search.
- What is loaded → list_sources.
Ids are type-prefixed: bills hr:119:103 (H.R. 103 of the 119th Congress), legislators by bioguide id
(S000033), committees by thomas id (HSWM, HSWM01), votes house:119:2025:77. Narrowing arguments go flat
(congress=119) or in one `filters` object ({"congress": 119}); every tool takes both. Errors come back as
isError results with a stable `code` and a hint saying how to recover."""


def _shapes() -> dict[str, list[str]]:
    close_old_connections()
    try:
        shapes: dict[str, list[str]] = {"body": [], "short-body": [], "registry": []}
        for plan in all_plans():
            shapes.setdefault(plan_shape(plan), []).append(plan.slug)
        return shapes
    finally:
        close_old_connections()


def live_sources() -> dict[str, list[str]]:
    """Eligible slugs per use, from the live schema."""
    from apps.mcp_bridge.tools.resolve import RESOLVERS

    shapes = _shapes()
    return {
        "search": shapes["body"] + shapes["short-body"],
        "lexical": shapes["body"] + shapes["short-body"],
        "semantic": shapes["body"],
        "registry": shapes["registry"],
        "resolvable": [slug for slug in shapes["registry"] if slug in RESOLVERS],
    }


def _enum_schema(values: list[str], *, comma_list: bool) -> dict:
    if not values:
        return {"type": "string"}
    one = {"type": "string", "enum": values}
    if not comma_list:
        return one
    # a comma list, or one short name (apps.core.source_aliases: "fr"); the search names an unknown one
    return {"anyOf": [one, {"type": "string", "pattern": r"^[a-z0-9-]+(,[a-z0-9-]+)*$"}]}


def _patch(tool, enums: dict[str, str] | None, live: dict[str, list[str]]):
    """Put the live enum on each source-like argument (declared with ``register(..., enums=)``)."""
    if not enums:
        return tool
    schema = copy.deepcopy(tool.input_schema)
    for field, use in enums.items():
        prop = schema.get("properties", {}).get(field)
        if prop is None:
            continue
        values = live[use]
        live_schema = _enum_schema(values, comma_list=use in ("search", "lexical", "semantic"))
        if "anyOf" in prop and any(p.get("type") == "null" for p in prop["anyOf"]):
            prop["anyOf"] = [live_schema, {"type": "null"}]
        elif (
            isinstance(prop.get("type"), list) and "null" in prop["type"]
        ):  # compacted (outline.nullable_compact)
            for key in ("type", "maxLength", "minLength", "pattern"):
                prop.pop(key, None)
            prop["anyOf"] = [live_schema, {"type": "null"}]
        else:
            prop.pop("type", None)
            prop.update(live_schema)
        if not values:  # otherwise the enum beside it lists them: saying them twice costs the catalog ~0.7 kB
            prop["description"] = f"{prop.get('description', '')} Currently: none loaded yet.".strip()
    description = tool.description or ""
    for use, values in live.items():
        description = description.replace(f"{{sources:{use}}}", ", ".join(values) or "none loaded yet")
    return tool.model_copy(update={"input_schema": schema, "description": description})


class JoshServer(MCPServer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.live_enums: dict[str, dict[str, str]] = {}

    async def list_tools(self):
        tools = await super().list_tools()
        live = await run_in_db_thread(live_sources)()
        return [_patch(tool, self.live_enums.get(tool.name), live) for tool in tools]


def build_server() -> JoshServer:
    from apps.mcp_bridge.tools import install_all

    auth_kwargs = {}
    if conf.auth_required():
        issuers = conf.oauth_issuers()
        auth_kwargs = {
            "token_verifier": ApiKeyTokenVerifier(),
            "auth": AuthSettings(
                # Without JOSH_PUBLIC_BASE_URL these are fixed at startup, before any request names the host:
                # the SDK's own auth routes are never served (the router passes it /mcp only), and the audience
                # check is left to the router's access policy, since each request's resource is its own URL.
                issuer_url=issuers[0] if issuers else conf.public_base_url(),
                resource_server_url=conf.resource_url(),
                required_scopes=[conf.SCOPE],
                validate_token_resource=conf.configured_base_url() is not None,
            ),
        }
    server = JoshServer(
        "josh",
        title="Josh",
        description="US federal-policy data: bills, texts, laws, votes, legislators, committees, reports.",
        instructions=INSTRUCTIONS,
        # The SDK fixes serverInfo at construction: only a configured public URL can be named there.
        website_url=conf.configured_base_url(),
        version=josh_version(),
        log_level="WARNING",
        **auth_kwargs,
    )
    server.middleware.append(log_tool_calls)
    server.middleware.append(make_validation_middleware(server))
    install_all(server)
    # The SDK logs INFO per stateless request ("Terminating session: None"); keep it to warnings.
    logging.getLogger("mcp").setLevel(logging.WARNING)
    return server


def streamable_app(server: MCPServer):
    from django.conf import settings

    return server.streamable_http_app(
        streamable_http_path=conf.MCP_PATH,
        stateless_http=True,
        json_response=True,
        # The same cap as Django's request bodies (JOSH_MAX_BODY_BYTES): larger POSTs get 413 unread.
        max_request_body_size=settings.DATA_UPLOAD_MAX_MEMORY_SIZE,
        # The router (apps.mcp_bridge.asgi) checks Host and Origin against Django's settings.
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
    )
