"""Every file, folder and module named in a code comment, a docstring, docs/*.md or README.md must exist.

``python scripts/check_references.py`` prints each dead name as ``file:line: name`` and exits 1 (0 when there
is none); ``make lint`` and ``make test`` run it. What counts as a name:

* a path under one of the repository's top folders (``apps/core/services/ingest.py``, ``tests/sync/``); a
  placeholder or glob segment (``apps/<app>/plans/<slug>.py``, ``apps/*/selectors.py``) is checked up to the
  folder before it;
* a dotted module under ``apps``, ``josh`` or ``tests`` (``apps.core.services.ingest``), resolved to the
  longest module or package that exists; the next part, if any, must be a name that module defines at its
  top level (``apps.core.plans.register``); parts after that are not checked.

Comments and docstrings are read from the syntax tree (``tokenize`` and ``ast``), so a path built in code
(an f-string) is never taken for a reference.
"""

import ast
import io
import re
import sys
import tokenize
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE_DIRS = ("apps", "josh", "tests", "scripts", "bench")
TOPS = ("apps", "josh", "tests", "scripts", "bench", "docs", "corpus", "templates")
SKIP_PARTS = {"__pycache__", "node_modules", "static", ".venv"}

PATH = re.compile(rf"(?<![\w./$-])((?:{'|'.join(TOPS)})/[\w.-]*[\w/](?:[\w./-]*[\w/])?)([<*{{]?)")
MODULE = re.compile(r"(?<![\w./$-])((?:apps|josh|tests)(?:\.[A-Za-z_]\w*)+)")
# Dotted names that are not modules: the OAuth scope, a logger, the system-check ids (manage.py check).
NOT_MODULES = re.compile(r"josh\.(read|mcp|E\d{3})$")
# Folders git ignores that a run creates (bench and screenshot output).
GENERATED = ("bench/out",)
FILE_SUFFIXES = {
    "py",
    "md",
    "sql",
    "json",
    "html",
    "txt",
    "toml",
    "yaml",
    "yml",
    "css",
    "js",
    "xml",
    "sqlite3",
}


def texts() -> Iterator[tuple[Path, int, str]]:
    """(file, first line, text) for every comment, docstring and documentation page."""
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for number, line in enumerate(page.read_text().splitlines(), 1):
            yield page, number, line
    for top in CODE_DIRS:
        for path in sorted((ROOT / top).rglob("*.py")):
            if SKIP_PARTS.isdisjoint(path.parts) and "migrations" not in path.parts:
                yield from _python_texts(path)


def _python_texts(path: Path) -> Iterator[tuple[Path, int, str]]:
    source = path.read_text()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield path, token.start[0], token.string
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                if isinstance(body[0].value.value, str):
                    for offset, line in enumerate(body[0].value.value.splitlines()):
                        yield path, body[0].lineno + offset, line


def dead_names(text: str) -> list[str]:
    dead = []
    for match in PATH.finditer(text):
        name, wildcard = match.groups()
        checked = name.rsplit("/", 1)[0] if wildcard and not name.endswith("/") else name
        # A module may be named by its path without ".py" (apps/core/openapi_lint).
        found = (ROOT / checked).exists() or (ROOT / f"{checked}.py").exists()
        if not found and not checked.startswith(GENERATED):
            dead.append(name)
    for match in MODULE.finditer(text):
        name = match.group(1)
        if name.rsplit(".", 1)[-1] in FILE_SUFFIXES or NOT_MODULES.match(name) or _resolves(name):
            continue
        dead.append(name)
    return dead


def _resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:end])
        module = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
        if module.exists() or base.is_dir():
            rest = parts[end:]
            return not rest or (module.exists() and rest[0] in _top_level_names(module))
    return False


@cache
def _top_level_names(module: Path) -> frozenset[str]:
    names = set()
    for node in ast.parse(module.read_text()).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return frozenset(names)


def main() -> int:
    found = [(path, line, name) for path, line, text in texts() for name in dead_names(text)]
    for path, line, name in found:
        print(f"{path.relative_to(ROOT)}:{line}: {name}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
