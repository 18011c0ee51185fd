"""server.json, the manifest for the official MCP registry: the fields and limits its schema enforces."""

import json
import re
from pathlib import Path

from apps.core.version import josh_version
from apps.mcp_bridge.management.commands.export_mcp_manifest import repository_manifest
from apps.mcp_bridge.manifest import PUBLISHER_META
from tests.mcp.conftest import TEST_ONLY_TOOLS, http, rpc

MANIFEST = Path(__file__).resolve().parents[2] / "server.json"


def test_server_json_is_a_valid_registry_manifest():
    doc = json.loads(MANIFEST.read_text())
    assert doc["$schema"] == "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"
    assert re.fullmatch(r"[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+", doc["name"]) and len(doc["name"]) <= 200
    assert 0 < len(doc["description"]) <= 100
    assert len(doc["title"]) <= 100
    assert doc["version"] == josh_version()
    assert doc["repository"]["source"] == "github"
    (remote,) = doc["remotes"]
    assert remote["type"] == "streamable-http"
    assert remote["url"].endswith("/mcp")
    placeholders = set(re.findall(r"{(\w+)}", remote["url"]))
    assert placeholders == set(remote["variables"])
    assert all(h["isSecret"] for h in remote["headers"] if h["name"].lower() == "authorization")


def test_server_json_is_generated_from_the_served_manifest(db):
    """The repository's file is the builder's output (``manage.py export_mcp_manifest``), its tools those the
    server registers (the test-only app's left out)."""
    assert MANIFEST.read_text() == repository_manifest(exclude=TEST_ONLY_TOOLS)
    listed = json.loads(MANIFEST.read_text())["_meta"][PUBLISHER_META]["tools"]
    assert len(json.dumps(listed)) < 4096  # the registry keeps publisher _meta up to 4 KB
    assert {"search", "resolve_entity", "count", "fetch"} <= {t["name"] for t in listed}


def test_the_deployment_serves_its_manifest_with_the_live_tool_list(live):
    response = http().get(live.url + "/.well-known/mcp/server.json")
    assert response.status_code == 200 and response.headers["access-control-allow-origin"] == "*"
    doc = response.json()
    tools = rpc(live.url, "tools/list").json()["result"]["tools"]
    served = doc["_meta"][PUBLISHER_META]["tools"]
    assert served == [{"name": t["name"], "title": t["title"]} for t in tools]
    (remote,) = doc["remotes"]
    assert remote == {
        "type": "streamable-http",
        "url": live.url + "/mcp",
        "headers": [
            {
                "name": "Authorization",
                "description": "Bearer <Josh API key>",
                "isRequired": False,
                "isSecret": True,
            }
        ],
    }
    static = json.loads(MANIFEST.read_text())
    assert {k: doc[k] for k in ("$schema", "name", "title", "description", "version", "repository")} == {
        k: static[k] for k in ("$schema", "name", "title", "description", "version", "repository")
    }
