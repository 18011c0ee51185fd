"""Josh's version, read from one place: the installed distribution's metadata, else ``pyproject.toml``.

REST's OpenAPI document, the MCP server's ``serverInfo`` and ``server.json`` (a test compares them) all
read it here, so a release bumps ``[project] version`` and nothing else.
"""

import tomllib
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


@cache
def josh_version() -> str:
    try:
        return version("josh")
    except PackageNotFoundError:  # a source checkout that was not `pip install`ed
        return tomllib.loads(PYPROJECT.read_text())["project"]["version"]
