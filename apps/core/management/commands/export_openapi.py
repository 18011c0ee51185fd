"""manage.py export_openapi [--check]: write the served /v1/openapi.json to docs/openapi.json (or, with
--check, exit 1 when the committed file differs from what the server would serve).

The document comes from the very view that serves it (found through the URLconf, as lint_openapi finds the
API), so the committed file is the served one, not a second rendering. Run it with the default settings
(JOSH_AUTH unset: the self-host default) after changing a route, a params model or a schema;
tests/core/test_openapi_document.py runs --check.
"""

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.test import RequestFactory
from django.urls import resolve, reverse

DOCUMENT = Path(settings.BASE_DIR) / "docs" / "openapi.json"


def served_document() -> dict:
    path = reverse("v1:openapi-json")
    request = RequestFactory().get(path)
    return json.loads(resolve(path).func(request).content)


def rendered(document: dict) -> str:
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


class Command(BaseCommand):
    help = "Write /v1/openapi.json to docs/openapi.json; --check: exit 1 when the committed file is stale."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Compare only; write nothing.")

    def handle(self, *args, check=False, **options):
        text = rendered(served_document())
        if not check:
            DOCUMENT.write_text(text)
            self.stdout.write(f"wrote {DOCUMENT.relative_to(settings.BASE_DIR)} ({len(text):,} bytes)")
            return
        if not DOCUMENT.exists() or DOCUMENT.read_text() != text:
            raise CommandError(
                f"{DOCUMENT.relative_to(settings.BASE_DIR)} differs from the served /v1/openapi.json: "
                "run `python manage.py export_openapi` and commit it."
            )
        self.stdout.write("openapi document: current")
