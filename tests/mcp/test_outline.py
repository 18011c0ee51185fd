"""The catalog's compact input schemas accept and refuse exactly what pydantic's own schema does."""

from datetime import date
from typing import Literal

import pytest
from jsonschema import Draft202012Validator
from pydantic import BaseModel, Field

from apps.mcp_bridge.outline import nullable_compact, without_titles


class Args(BaseModel):
    query: str = Field(min_length=1, max_length=10)
    congress: int | None = Field(None, ge=1, le=200, description="Congress number.")
    since: date | None = None
    position: Literal["yes", "no"] | None = None
    limit: int = Field(20, ge=1, le=250)


FULL = without_titles(Args.model_json_schema())
COMPACT = nullable_compact(FULL)


def test_an_optional_argument_is_one_schema_with_a_null_type():
    assert COMPACT["properties"]["congress"] == {
        "description": "Congress number.", "maximum": 200, "minimum": 1, "type": ["integer", "null"]
    }  # fmt: skip
    assert COMPACT["properties"]["since"] == {"format": "date", "type": ["string", "null"]}
    assert COMPACT["properties"]["position"] == FULL["properties"]["position"]  # an enum keeps its anyOf
    assert COMPACT["properties"]["limit"] == FULL["properties"]["limit"]
    assert len(str(COMPACT)) < len(str(FULL))


@pytest.mark.parametrize(
    "arguments",
    [
        {"query": "tax"},
        {"query": "tax", "congress": None},
        {"query": "tax", "congress": 119, "since": "2025-01-01"},
        {"query": "tax", "congress": 0},
        {"query": "tax", "congress": "119"},
        {"query": "tax", "since": None, "position": "yes"},
        {"query": "tax", "position": "maybe"},
        {"query": ""},
        {"query": "tax", "limit": 251},
    ],
)
def test_the_compact_schema_validates_as_the_full_one(arguments):
    full = [e.message for e in Draft202012Validator(FULL).iter_errors(arguments)]
    compact = [e.message for e in Draft202012Validator(COMPACT).iter_errors(arguments)]
    assert bool(full) == bool(compact), (full, compact)
