"""server.json, the manifest for the official MCP registry: the fields and limits its schema enforces."""

import json
import re
from pathlib import Path

from apps.core.version import josh_version

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
