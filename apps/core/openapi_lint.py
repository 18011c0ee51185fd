"""The OpenAPI linter of ``make lint`` (``manage.py lint_openapi``): /v1/openapi.json must be valid OpenAPI 3.1
(openapi-spec-validator) and keep Josh's own rules, so a client generator is happy with it:

- every operation documents its errors (400, 401, 429, 503; 404 with a path id) with the one envelope;
- every parameter has an example of its type (in its enum, matching its pattern), as ``example`` where
  the request must carry it and ``x-example`` on an optional filter (apps.core.openapi);
- operation ids are unique, and so are the names of the models behind the components (ninja names a
  component by class name: two classes with one name would silently share one schema).
"""

import re
from collections.abc import Iterator

from pydantic import BaseModel

from apps.core.openapi import example_key

ERROR_REF = "#/components/schemas/ErrorEnvelope"
TYPES = {"integer": int, "string": str, "boolean": bool}


def operations(spec: dict) -> Iterator[tuple[str, str, dict]]:
    for path, item in spec["paths"].items():
        for method, op in item.items():
            yield path, method, op


def spec_problems(spec: dict) -> list[str]:
    from openapi_spec_validator import validate

    try:
        validate(spec)
    except Exception as exc:  # the validator's own error types; each is a lint finding
        return [f"not valid OpenAPI: {exc}"]
    return []


def error_response_problems(spec: dict) -> list[str]:
    problems = []
    for path, method, op in operations(spec):
        expected = {"200", "400", "401", "429", "503"} | ({"404"} if "{" in path else set())
        if set(op["responses"]) != expected:
            problems.append(f"{method} {path}: responses {sorted(op['responses'])}, want {sorted(expected)}")
            continue
        for status in sorted(expected - {"200"}):
            content = op["responses"][status].get("content", {}).get("application/json", {})
            if content.get("schema") != {"$ref": ERROR_REF} or "error" not in content.get("example", {}):
                problems.append(f"{method} {path} {status}: no envelope schema and example")
    return problems


def _example_problem(param: dict) -> str | None:
    key = example_key(param)
    if key not in param:
        return "no example"
    if key == "x-example" and "example" in param:  # Swagger UI would fill it into "Try it out"
        return "an optional filter carries example (Swagger UI pre-fills it): use x-example"
    example = param[key]
    options = param["schema"].get("anyOf", [param["schema"]])
    if example is None:  # only where no value is valid (sum_field on a resource with no sums)
        return None if "none on this resource" in param.get("description", "") else "example is null"
    kinds = {o.get("type") for o in options} - {"null", None}
    if kinds and kinds <= set(TYPES) and not isinstance(example, tuple(TYPES[k] for k in kinds)):
        return f"example {example!r} is not {sorted(kinds)}"
    enums = [v for o in options for v in o.get("enum", [])]
    if enums and example not in enums:
        return f"example {example!r} not in {enums}"
    for pattern in (o["pattern"] for o in options if "pattern" in o):
        if not re.search(pattern, str(example)):
            return f"example {example!r} does not match {pattern}"
    return None


def parameter_problems(spec: dict) -> list[str]:
    return [
        f"{method} {path} {param['name']}: {problem}"
        for path, method, op in operations(spec)
        for param in op.get("parameters", [])
        if (problem := _example_problem(param))
    ]


def operation_id_problems(spec: dict) -> list[str]:
    seen: dict[str, str] = {}
    problems = []
    for path, method, op in operations(spec):
        op_id = op.get("operationId") or ""
        if not op_id or op_id in seen:
            problems.append(f"{method} {path}: operationId {op_id!r} missing or also on {seen.get(op_id)}")
        seen[op_id] = path
    return problems


def _models(annotation, seen: set) -> set:
    for arg in getattr(annotation, "__args__", ()) or ():
        _models(arg, seen)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel) and annotation not in seen:
        seen.add(annotation)
        for field in annotation.model_fields.values():
            _models(field.annotation, seen)
    return seen


def component_name_problems(api) -> list[str]:
    """Two different response models (anywhere in a response's tree) with one class name."""
    seen: set = set()
    for _, router in api._routers:
        for path_view in router.path_operations.values():
            for op in path_view.operations:
                for model in op.response_models.values():
                    _models(model, seen)
    by_name: dict[str, set[str]] = {}
    for model in seen:
        by_name.setdefault(model.__name__, set()).add(f"{model.__module__}.{model.__qualname__}")
    return [f"component {name} is {sorted(paths)}" for name, paths in by_name.items() if len(paths) > 1]


def lint(api) -> list[str]:
    spec = api.get_openapi_schema()
    return [
        *spec_problems(spec),
        *error_response_problems(spec),
        *parameter_problems(spec),
        *operation_id_problems(spec),
        *component_name_problems(api),
    ]
