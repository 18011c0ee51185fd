"""Layers enforced: services and selectors know nothing of HTTP or MCP; raw SQL only in apps/search and
apps/core/db; the import contracts hold and break on a deliberate violation."""

import ast
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2] / "apps"
FRAMEWORKS = ("ninja", "rest_framework", "mcp", "starlette", "django.http")


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def _core_modules():
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).parts
        if any(p in ("selectors", "services") or p.startswith(("selectors", "services")) for p in parts):
            yield path


def test_services_and_selectors_import_no_framework():
    offenders = {
        str(path.relative_to(ROOT)): sorted(
            name for name in _imports(path) if any(name == f or name.startswith(f + ".") for f in FRAMEWORKS)
        )
        for path in _core_modules()
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_raw_cursors_only_in_apps_search_and_the_db_backend():
    offenders = []
    for path in ROOT.rglob("*.py"):
        rel = path.relative_to(ROOT)
        if rel.parts[0] == "search" or rel.parts[:2] == ("core", "db") or "migrations" in rel.parts:
            continue
        if "connection.cursor(" in path.read_text():
            offenders.append(str(rel))
    assert offenders == []


# The import contracts (pyproject.toml [tool.importlinter], run by `make lint` and `make test`): they hold on
# the tree, and they break on a deliberate upward import and on a deliberate cycle in a copy of it.
REPO = ROOT.parent
BIN = Path(sys.executable).parent


def _lint_imports(tree: Path) -> subprocess.CompletedProcess:
    config = str(REPO / "pyproject.toml")
    cmd = [str(BIN / "lint-imports"), "--config", config, "--no-cache"]
    return subprocess.run(cmd, cwd=tree, capture_output=True, text=True, timeout=120)


def _copy_tree(tmp_path: Path) -> Path:
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "static", "assets", "templates", "sql", "*.md")
    for package in ("apps", "josh"):
        shutil.copytree(REPO / package, tmp_path / package, ignore=skip)
    return tmp_path


def _append(path: Path, line: str) -> None:
    path.write_text(path.read_text() + f"\n{line}\n")


def test_import_contracts_hold():
    result = _lint_imports(REPO)
    assert result.returncode == 0, result.stdout
    assert "Contracts: 4 kept, 0 broken." in result.stdout


@pytest.fixture(scope="module")
def broken_tree_report(tmp_path_factory) -> subprocess.CompletedProcess:
    """lint-imports over a copy of the tree with three deliberate violations (one run: ~3 s)."""
    tree = _copy_tree(tmp_path_factory.mktemp("tree"))
    _append(tree / "apps/core/plans.py", "from apps.search import selectors  # deliberate: core -> search")
    _append(tree / "apps/registry/models.py", "from apps.registry import selectors  # deliberate: upward")
    _append(tree / "apps/search/conf.py", "from apps.search import ddl  # deliberate cycle: ddl imports conf")
    _append(tree / "apps/curation/services.py", "from apps.mcp_bridge import tools  # deliberate: upward")
    return _lint_imports(tree)


def test_import_contracts_break_on_an_upward_import_between_apps(broken_tree_report):
    assert broken_tree_report.returncode != 0
    assert "apps.core is not allowed to import apps.search" in broken_tree_report.stdout
    assert "apps.core.plans -> apps.search.selectors" in broken_tree_report.stdout


def test_import_contracts_break_on_a_model_importing_its_selectors(broken_tree_report):
    assert (
        "apps.registry.models is not allowed to import apps.registry.selectors" in broken_tree_report.stdout
    )


def test_import_contracts_break_on_curation_importing_an_adapter_app(broken_tree_report):
    assert "apps.curation is not allowed to import apps.mcp_bridge" in broken_tree_report.stdout


def _stack_apps() -> set[str]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]
    stack = next(c for c in config["contracts"] if c["type"] == "layers" and "containers" not in c)
    return {name.strip() for layer in stack["layers"] for name in re.split(r"[|:]", layer)}


def test_every_installed_app_is_in_the_apps_stack():
    """A new app under apps/ that no layer names could import anything (the curation -> mcp_bridge probe)."""
    installed = {name for name in settings.INSTALLED_APPS if name.startswith("apps.")}
    assert installed
    assert installed - _stack_apps() == set()


def test_import_contracts_break_on_a_cycle(broken_tree_report):
    assert "No cycles are allowed in apps.search." in broken_tree_report.stdout
    assert "Contracts: 1 kept, 3 broken." in broken_tree_report.stdout


def test_raw_sql_outside_search_and_the_db_package_is_refused_by_ruff():
    source = "from django.db import connection\n\n\ndef f():\n    return connection.cursor()\n"

    def ruff(filename: str) -> subprocess.CompletedProcess:
        cmd = [str(BIN / "ruff"), "check", "--select", "TID251", "--stdin-filename", filename, "-"]
        return subprocess.run(cmd, cwd=REPO, input=source, capture_output=True, text=True, timeout=60)

    refused = ruff("apps/bills/selectors/raw.py")
    assert refused.returncode == 1
    assert "`django.db.connection.cursor` is banned" in refused.stdout
    assert ruff("apps/search/raw.py").returncode == 0
    assert ruff("apps/core/db/raw.py").returncode == 0
