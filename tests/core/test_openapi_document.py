"""docs/openapi.json is the served /v1/openapi.json (regenerate: ``python manage.py export_openapi``)."""

import json
import os
import subprocess
import sys
from pathlib import Path

from apps.core.management.commands.export_openapi import DOCUMENT, served_document
from apps.core.resources import all_resources

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_document_is_the_one_served_with_default_settings(tmp_path):
    """The deployment's settings (no test-only app, JOSH_AUTH unset), in a process of their own."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOSH_")}
    env.update(DJANGO_SETTINGS_MODULE="josh.settings", JOSH_DATA_DIR=str(tmp_path))
    run = subprocess.run(
        [sys.executable, "manage.py", "export_openapi", "--check"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "openapi document: current"


def test_every_committed_path_is_served_as_committed(db):
    """In this process too (test settings): the same operations, plus only the test-only app's."""
    committed, served = json.loads(DOCUMENT.read_text()), served_document()
    test_only = {f"/v1/{r.name}" for r in all_resources() if not r.app.startswith("apps.")}
    extra = set(served["paths"]) - set(committed["paths"])
    assert extra and all(path.startswith(tuple(test_only)) for path in extra)
    assert {path: served["paths"][path] for path in committed["paths"]} == committed["paths"]
    assert served["info"] == committed["info"]
