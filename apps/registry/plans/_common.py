"""Helpers shared by the registry plans: strict YAML/JSON reading and the Congress calendar."""

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml
from django.utils import timezone
from pydantic import ValidationError

from apps.core.errors import SourceFormatError
from apps.core.inputs import as_input
from apps.core.inputs_yaml import YAMLLimitError, load_yaml

UPSTREAM = "https://github.com/unitedstates/congress-legislators/blob/main/{}"
PUBLISHER = "unitedstates/congress-legislators (CC0)"
LICENSE = "CC0 1.0 (public domain dedication)"


def read_yaml(path: Path, *, expect: type) -> Any:
    """The parsed YAML document, or SourceFormatError naming the file (and the line, when YAML knows it).
    Through ``load_yaml``: a document nested too deep or expanded by aliases is refused, not built."""
    try:
        data = load_yaml(as_input(path).read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        kind = "refused YAML" if isinstance(exc, YAMLLimitError) else "malformed YAML"
        raise SourceFormatError(path, f"{kind}{where}: {problem}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceFormatError(path, f"unreadable: {exc}") from None
    if not isinstance(data, expect):
        raise SourceFormatError(path, f"expected a YAML {expect.__name__}, got {type(data).__name__}")
    return data


def read_json(path: Path) -> dict:
    try:
        with as_input(path).open(encoding="utf-8") as fh:
            data = json.load(fh)
    except json.JSONDecodeError as exc:
        raise SourceFormatError(
            path, f"malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceFormatError(path, f"unreadable: {exc}") from None
    if not isinstance(data, dict):
        raise SourceFormatError(path, f"expected a JSON object, got {type(data).__name__}")
    return data


def validation_field(exc: ValidationError) -> str:
    """The dotted path of the first invalid field, as a quarantined record names it."""
    return ".".join(str(p) for p in exc.errors()[0].get("loc", ())) if exc.errors() else ""


def validation_message(exc: ValidationError) -> str:
    first = exc.errors()[0]
    loc = ".".join(str(p) for p in first.get("loc", ()))
    more = f" (+{exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return f"invalid field '{loc}': {first.get('msg', 'invalid')}{more}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def run_stamp(ctx) -> datetime:
    """One ``retrieved_at`` per run, so every row a run writes carries the same stamp."""
    return ctx.cached("retrieved_at", timezone.now)
