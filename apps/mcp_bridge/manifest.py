"""server.json, the manifest for the official MCP registry, from one builder: the document this deployment
serves at /.well-known/mcp/server.json (its own /mcp URL, whether it wants a key, its live tool list) and the
repository's server.json (a templated host; ``manage.py export_mcp_manifest`` writes it, a test checks it).

The registry schema has no tools member; the tool list rides in the publisher-provided ``_meta`` block, which
the registry keeps (up to 4 KB: names and titles only). docs/MCP.md, "Operations".
"""

import functools

from apps.core.version import josh_version

SCHEMA = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"
NAME = "io.github.josh-policy/josh"
REPOSITORY = "https://github.com/josh-policy/josh"
DESCRIPTION = "US federal-policy data: bills, texts, laws, votes, members, committees, reports, rules."
PUBLISHER_META = "io.modelcontextprotocol.registry/publisher-provided"
TEMPLATE_URL = "https://{host}/mcp"


def manifest(
    *, tools: list[dict[str, str]], url: str | None = None, key_required: bool | None = None
) -> dict:
    """The manifest naming ``tools`` ([{name, title}]). ``url``: this deployment's MCP endpoint, with
    ``key_required`` saying whether it wants a bearer key; None: the repository's template (any host)."""
    remote: dict = {"type": "streamable-http", "url": url or TEMPLATE_URL}
    if url is None:
        remote["variables"] = {
            "host": {
                "description": "Host name of a Josh deployment (self-hosted: wherever you serve it)",
                "isRequired": True,
            }
        }
    remote["headers"] = [
        {
            "name": "Authorization",
            "description": "Bearer <Josh API key>; only when the deployment runs with JOSH_AUTH=apikey or oauth"
            if url is None
            else "Bearer <Josh API key>",
            "isRequired": bool(key_required),
            "isSecret": True,
        }
    ]
    return {
        "$schema": SCHEMA,
        "name": NAME,
        "title": "Josh",
        "description": DESCRIPTION,
        "version": josh_version(),
        "websiteUrl": REPOSITORY,
        "repository": {"url": REPOSITORY, "source": "github"},
        "remotes": [remote],
        "_meta": {PUBLISHER_META: {"tools": tools}},
    }


@functools.cache
def served_tools() -> tuple[tuple[str, str], ...]:
    """(name, title) of every tool the MCP server registers, in tools/list order. Tools are registered once at
    startup (only their source enums follow the live schema), so one build per process is the live list."""
    from apps.mcp_bridge.server import build_server

    return tuple((t.name, t.title or t.name) for t in build_server()._tool_manager.list_tools())


def tool_list(exclude: set[str] = frozenset()) -> list[dict[str, str]]:
    return [{"name": name, "title": title} for name, title in served_tools() if name not in exclude]
