"""Output schemas as tools/list advertises them: an outline of the full pydantic schema.

A full output schema repeats every nested model with its titles, constraints and descriptions (a dossier's
is ~20 kB) and a model choosing a tool reads all of them. The outline keeps what a caller needs to read a
result: the top-level fields with their types and descriptions, and for a nested object or a list of
objects the names of its fields (in the description; ``results[]: {id, name, party, ...}``). It only drops
constraints (bounds, patterns, ``required``), so anything valid against the full schema is valid against the outline: ``structuredContent``
still validates against the advertised ``outputSchema`` (the SDK validates results against the full model
server-side). The full shapes are in the OpenAPI document (/v1/openapi.json), named in the description.
"""

from typing import Any

SCALARS = {"string", "integer", "number", "boolean", "null"}


def _resolve(schema: dict, defs: dict) -> dict:
    while "$ref" in schema:
        schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def _field_names(schema: dict, defs: dict) -> list[str]:
    """The property names of an object schema (of every object option of a union)."""
    schema = _resolve(schema, defs)
    names: list[str] = list(schema.get("properties", {}))
    for option in schema.get("anyOf", []):
        names += [n for n in _field_names(option, defs) if n not in names]
    return names


def _type_of(schema: dict, defs: dict) -> dict:
    """A constraint-free type for one value: scalars keep their type (and enum), containers stay open."""
    schema = _resolve(schema, defs)
    if "anyOf" in schema:
        options: list[dict] = []
        for option in schema["anyOf"]:
            typed = _type_of(option, defs)
            if typed not in options:
                options.append(typed)
        if len(options) == 1:
            return options[0]
        if all(set(o) == {"type"} for o in options):  # nullable scalars and containers: one type list
            return {"type": [o["type"] for o in options]}
        return {"anyOf": options}
    kind = schema.get("type")
    if kind in SCALARS:
        return {"type": kind, **({"enum": schema["enum"]} if "enum" in schema else {})}
    if "const" in schema:
        return {"const": schema["const"]}
    if kind == "array":
        return {"type": "array"}
    if kind == "object" or "properties" in schema:
        return {"type": "object"}
    return {}


def _field(schema: dict, defs: dict) -> dict:
    """One top-level field: its open type, its description, and the names of the fields inside it."""
    resolved = _resolve(schema, defs)
    out = _type_of(schema, defs)
    description = schema.get("description") or ""  # the field's own words, not its model's docstring
    inner = _resolve(resolved.get("items", {}), defs) if resolved.get("type") == "array" else None
    options = [_resolve(o, defs) for o in resolved.get("anyOf", [])]
    if inner is None:
        inner = next((_resolve(o.get("items", {}), defs) for o in options if o.get("type") == "array"), None)
    target = inner if inner is not None else resolved
    names = _field_names(target, defs)
    if not names:
        for option in options:
            names = _field_names(option, defs)
            if names:
                break
    if names:
        shape = ("[]: " if inner is not None else "") + "{" + ", ".join(names) + "}"
        description = f"{description} {shape}".strip()
    if description:
        out["description"] = description
    return out


def outline(schema: dict[str, Any] | None) -> dict[str, Any] | None:
    """The outline of a tool's full output schema (an object at the root); None stays None."""
    if not schema:
        return schema
    defs = schema.get("$defs", {})
    root = _resolve(schema, defs)
    out: dict[str, Any] = {
        "type": "object",
        "properties": {name: _field(prop, defs) for name, prop in root.get("properties", {}).items()},
    }
    if root.get("description"):
        out["description"] = root["description"]
    return out


def without_titles(schema: Any) -> Any:
    """An input schema without pydantic's generated ``title`` keywords ("Query" for ``query``); property
    names, types, bounds and descriptions are untouched."""
    if isinstance(schema, list):
        return [without_titles(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {}
    for key, value in schema.items():
        if key == "properties" and isinstance(value, dict):  # keys here are field names, maybe "title"
            out[key] = {name: without_titles(prop) for name, prop in value.items()}
        elif key != "title" or not isinstance(value, str):
            out[key] = without_titles(value)
    return out


def nullable_compact(schema: Any) -> Any:
    """An input schema with each optional argument's ``anyOf: [X, {"type": "null"}], default: null`` written
    as X with ``type: [X's type, "null"]`` and no ``default`` (leaving it out already means null): the same
    values validate, in ~45 fewer bytes per argument, which keeps the catalog lean as filters are added
    (tests/mcp/test_one_call.py). An X without one plain ``type`` (an enum, a reference) is left as it is."""
    if not isinstance(schema, dict):
        return schema
    out = dict(schema)
    props = schema.get("properties")
    if isinstance(props, dict):
        out["properties"] = {name: _nullable(prop) for name, prop in props.items()}
    return out


def _nullable(prop: Any) -> Any:
    if not isinstance(prop, dict):
        return prop
    options = prop.get("anyOf")
    if not (isinstance(options, list) and len(options) == 2 and {"type": "null"} in options):
        return nullable_compact(prop)
    (kind,) = [o for o in options if o != {"type": "null"}]
    if not isinstance(kind, dict) or not isinstance(kind.get("type"), str) or "enum" in kind:
        return prop
    merged = {k: v for k, v in prop.items() if k != "anyOf" and not (k == "default" and v is None)}
    merged.update(nullable_compact(kind))
    merged["type"] = [kind["type"], "null"]
    return merged
