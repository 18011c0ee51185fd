"""REST v1: one NinjaAPI; each app contributes the ``router`` in its ``api.py`` (found, not listed here)."""

from importlib import import_module
from importlib.metadata import PackageNotFoundError, version

from django.apps import apps
from ninja import NinjaAPI

from apps.core.adapters import install_ninja_handlers


def josh_version() -> str:
    try:
        return version("josh")
    except PackageNotFoundError:
        return "0.1.0"


api = NinjaAPI(
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

for app_config in apps.get_app_configs():
    if not app_config.name.startswith("apps."):
        continue
    try:
        module = import_module(f"{app_config.name}.api")
    except ModuleNotFoundError as exc:
        if exc.name != f"{app_config.name}.api":
            raise
        continue
    if router := getattr(module, "router", None):
        api.add_router("/", router)
