"""Strict query parameters: a parameter an operation does not declare is a 400, never silently ignored.

``?congres=119`` used to return every bill. Each ninja operation's allowed names are read once from its
own signature (the query models ninja builds from ``Query[...]`` arguments), so no route lists them twice;
``install_strict_params`` applies the check to every /v1 operation as a ninja "view" decorator.
"""

from difflib import get_close_matches
from functools import wraps

from apps.core.errors import InvalidParameter

# Accepted on every route: the response format (CSV/JSON export) is chosen per request, not per route, and so
# is a CSV of the whole result (export=all, apps.core.export_all).
ALWAYS_ALLOWED = frozenset({"format", "export"})


class UnknownParameter(InvalidParameter):
    """A query parameter the route does not take; the hint lists the ones it does."""

    code = "unknown_parameter"


def declared_query_params(operation) -> frozenset[str]:
    """The query parameter names a ninja operation declares (flattened ``Query[Model]`` fields included)."""
    names: set[str] = set()
    for model in operation.signature.models:
        if model.__ninja_param_source__ == "query":
            names.update(model.__ninja_flatten_map__)
    return frozenset(names)


def check_query_params(given, allowed: frozenset[str]) -> None:
    """Raise ``UnknownParameter`` naming the first unknown parameter in ``given`` (sorted), if any."""
    allowed = allowed | ALWAYS_ALLOWED
    unknown = sorted(set(given) - allowed)
    if not unknown:
        return
    name = unknown[0]
    close = get_close_matches(name, allowed, n=1, cutoff=0.6)
    guess = f" — did you mean '{close[0]}'?" if close else "."
    listed = ", ".join(sorted(allowed))
    hint = {"unknown": unknown, "allowed": sorted(allowed)}
    if close:
        hint["did_you_mean"] = close[0]
    raise UnknownParameter(name, f"Unknown parameter '{name}'{guess} This route takes: {listed}.", **hint)


def strict_query_params(run):
    """ninja "view" decorator over ``Operation.run``: refuse undeclared query parameters before validation."""
    operation = run.__self__
    allowed = declared_query_params(operation)

    @wraps(run)
    def checked(request, *args, **kwargs):
        try:
            check_query_params(request.GET, allowed)
        except UnknownParameter as exc:
            return operation.api.on_exception(request, exc)
        return run(request, *args, **kwargs)

    return checked


def install_strict_params(api) -> None:
    api.add_decorator(strict_query_params, mode="view")
