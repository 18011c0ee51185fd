"""Names in comments, docstrings and docs point at things that exist (scripts/check_references.py, also run by
``make lint`` and ``make test``), and the README's layout lists every app."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))
import check_references  # noqa: E402 - a script, not a package: found through its folder


def test_the_tree_names_nothing_dead():
    result = subprocess.run(
        [sys.executable, str(REPO / "scripts/check_references.py")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (result.returncode, result.stdout) == (0, "")


@pytest.mark.parametrize(
    ("text", "dead"),
    [
        (
            "tested in tests/core/test_ingest_quarantine.py and tests/registry/test_ingest_runner.py",
            ["tests/core/test_ingest_quarantine.py"],
        ),
        ("read through apps.core.settings_access.josh_setting", ["apps.core.settings_access.josh_setting"]),
        ("the runner (apps.core.services.ingest.no_such_name)", ["apps.core.services.ingest.no_such_name"]),
        ("one module per source: apps/<app>/plans/<slug>.py, apps/*/selectors.py", []),
        ("apps/nowhere/<slug>.py", ["apps/nowhere/"]),
        ("apps.core.plans.register(plan) and apps.core.services.ingest, `apps/core/openapi_lint`", []),
        ("scope josh.read, check josh.E001, https://josh.example.org/apps/x", []),
    ],
)
def test_the_checker_finds_dead_paths_and_modules(text, dead):
    assert check_references.dead_names(text) == dead


def test_the_checker_reads_comments_and_docstrings_not_code(tmp_path):
    module = tmp_path / "m.py"
    module.write_text(
        '"""See apps/gone.py."""\n\nPATH = f"apps/{name}/plans"  # built, not named\nOTHER = "apps/x.py"\n'
        "# a comment naming tests/gone/test_x.py\n"
    )
    named = [(line, text) for _, line, text in check_references._python_texts(module)]
    assert [check_references.dead_names(text) for _, text in named if check_references.dead_names(text)] == [
        ["tests/gone/test_x.py"],
        ["apps/gone.py"],
    ]


def test_the_readme_layout_lists_every_app():
    layout = (REPO / "README.md").read_text().split("## Layout", 1)[1].split("```")[1]
    listed = set(re.findall(r"^apps/(\w+)/", layout, re.MULTILINE))
    apps = {path.parent.name for path in (REPO / "apps").glob("*/apps.py")}
    assert apps - listed == set()
