"""Services and selectors know nothing of HTTP or MCP; raw SQL cursors live only in apps/search."""

import ast
from pathlib import Path

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
