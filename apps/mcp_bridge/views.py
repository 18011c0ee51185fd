"""Django pages for the MCP endpoint: the browser landing page, RFC 9728 protected-resource metadata and the
registry manifest (server.json)."""

import json

from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from apps.mcp_bridge import conf
from apps.mcp_bridge.manifest import manifest, tool_list


def protected_resource_document() -> dict:
    return {
        "resource": conf.resource_url(),
        "authorization_servers": conf.oauth_issuers(),
        "scopes_supported": [conf.SCOPE],
        "bearer_methods_supported": ["header"],
        "resource_name": "Josh",
        "resource_documentation": conf.resource_url(),
    }


@require_GET
def protected_resource(request):
    response = JsonResponse(protected_resource_document())
    response["Access-Control-Allow-Origin"] = "*"
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_GET
def server_json(request):
    """GET /.well-known/mcp/server.json: this deployment's registry manifest with its live tool list."""
    document = manifest(tools=tool_list(), url=conf.resource_url(), key_required=conf.auth_required())
    response = JsonResponse(document)
    response["Access-Control-Allow-Origin"] = "*"
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_GET
def landing(request):
    """GET /mcp from a browser: what the endpoint is and how to add it to Claude and ChatGPT."""
    url = conf.resource_url()
    mcp_json = {"mcpServers": {"josh": {"type": "http", "url": url}}}
    if conf.auth_required():
        mcp_json["mcpServers"]["josh"]["headers"] = {"Authorization": "Bearer ${JOSH_API_KEY}"}
    context = {
        "url": url,
        "auth": conf.auth_mode(),
        "mcp_json": json.dumps(mcp_json, indent=2),
        "protocol": conf.PROTOCOL_VERSION,
    }
    return render(request, "mcp_bridge/landing.html", context)
