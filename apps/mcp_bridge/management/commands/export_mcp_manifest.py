"""manage.py export_mcp_manifest [--check]: write the repository's server.json (the registry manifest with a
templated host) from the builder that also serves /.well-known/mcp/server.json (apps.mcp_bridge.manifest);
--check exits 1 when the committed file differs. Run it after adding or renaming a tool."""

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from apps.mcp_bridge.manifest import manifest, tool_list

MANIFEST = Path(settings.BASE_DIR) / "server.json"


def repository_manifest(exclude: set[str] = frozenset()) -> str:
    return json.dumps(manifest(tools=tool_list(exclude)), indent=2) + "\n"


class Command(BaseCommand):
    help = "Write server.json (the MCP registry manifest); --check: exit 1 when the committed file is stale."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Compare only; write nothing.")

    def handle(self, *args, check=False, **options):
        text = repository_manifest()
        if not check:
            MANIFEST.write_text(text)
            self.stdout.write(f"wrote server.json ({len(text):,} bytes)")
        elif not MANIFEST.exists() or MANIFEST.read_text() != text:
            raise CommandError(
                "server.json differs from the manifest: run `python manage.py export_mcp_manifest`."
            )
        else:
            self.stdout.write("server.json: current")
