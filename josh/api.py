"""REST v1: one NinjaAPI; each app contributes the routes of the resources it declares (apps.core.resources)
and the ``router`` in its ``api.py`` (found, not listed here)."""

from importlib import import_module

from django.apps import apps
from ninja import NinjaAPI

from apps.access.policy import auth_required
from apps.core.adapters import install_ninja_handlers
from apps.core.export import csv_on_request
from apps.core.openapi import complete
from apps.core.params import install_strict_params
from apps.core.resource_api import resource_router
from apps.core.resources import all_resources
from apps.core.version import josh_version


class JoshAPI(NinjaAPI):
    """The OpenAPI document is built once per path prefix: building it costs ~0.7 s of CPU with the GIL held,
    and the routes never change after startup (they are generated from the plan registry at import)."""

    def get_openapi_schema(self, *, path_prefix=None, path_params=None):
        if path_prefix is None:
            path_prefix = self.get_root_path(path_params or {})
        cache = self.__dict__.setdefault("_schema_cache", {})
        if path_prefix not in cache:
            schema = super().get_openapi_schema(path_prefix=path_prefix)
            cache[path_prefix] = complete(schema, auth_required=auth_required())
        return cache[path_prefix]


api = JoshAPI(
    title="Josh — US federal-policy data API",
    version=josh_version(),
    description=(
        "Bills, votes, legislators, committees, reports, rules and more, from public federal sources. "
        "Every record and search hit carries a citation. Errors use one envelope: "
        '`{"error": {"type", "code", "message", "request_id", "hint"}}`. '
        "Explore the same data in a browser at [/browse/](/browse/); agents connect to the MCP endpoint at "
        "[/mcp](/mcp)."
    ),
    urls_namespace="v1",
    docs_url="/docs",
    openapi_url="/openapi.json",
)
install_ninja_handlers(api)
install_strict_params(api)
# format=csv / Accept: text/csv on every list, search and aggregate
api.add_decorator(csv_on_request, mode="view")


def _app_router(name: str):
    try:
        module = import_module(f"{name}.api")
    except ModuleNotFoundError as exc:
        if exc.name != f"{name}.api":
            raise
        return None
    return getattr(module, "router", None)


for app_config in apps.get_app_configs():
    declared = [r for r in all_resources() if r.app == app_config.name]
    own = _app_router(app_config.name) if app_config.name.startswith("apps.") else None
    for router in (resource_router(declared), own):
        if router is not None:
            api.add_router("/", router)
