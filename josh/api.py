"""REST v1: one NinjaAPI; each app contributes the routes of the resources and operations it declares
(apps.core.resources, apps.core.operations) and the ``router`` in its ``api.py`` (found, not listed here)."""

import gzip
import json
import threading
from functools import partial

from django.apps import apps
from django.http import HttpResponse
from django.utils.cache import patch_vary_headers
from ninja import NinjaAPI
from ninja.openapi.views import openapi_json
from ninja.responses import NinjaJSONEncoder

from apps.access.policy import auth_required
from apps.core.adapters import install_ninja_handlers
from apps.core.discovery import optional_module
from apps.core.export_view import csv_on_request
from apps.core.openapi import complete
from apps.core.operations import all_operations
from apps.core.params import install_strict_params
from apps.core.resource_api import operation_router, resource_router
from apps.core.resources import all_resources
from apps.core.version import josh_version


class JoshAPI(NinjaAPI):
    """The OpenAPI document is built once per path prefix: building it costs ~0.7 s of CPU with the GIL held,
    and the routes never change after startup (they are generated from the plan registry at import). One
    thread builds it while any others asking at the same time wait for that build: four clients asking at once
    of a fresh server each built it, 3 s of CPU taken from every other request. The server builds it at start
    (``warm_openapi``), before any client can ask."""

    _build_lock = threading.Lock()

    def get_openapi_schema(self, *, path_prefix=None, path_params=None):
        if path_prefix is None:
            path_prefix = self.get_root_path(path_params or {})
        cache = self.__dict__.setdefault("_schema_cache", {})
        if path_prefix not in cache:
            with self._build_lock:
                if path_prefix not in cache:
                    schema = super().get_openapi_schema(path_prefix=path_prefix)
                    cache[path_prefix] = complete(schema, auth_required=auth_required())
        return cache[path_prefix]

    def warm_openapi(self) -> None:
        self.openapi_bytes({}, gzipped=True)

    def openapi_bytes(self, path_params: dict, *, gzipped: bool = False) -> bytes:
        """The document as served, encoded (and gzipped) once: encoding its ~380 KB again on every request held
        the GIL for ~20 ms each time, which a flood of /v1/openapi.json took from every other request; gzipped,
        each answer is also a tenth of the bytes for the event loop to write."""
        schema = self.get_openapi_schema(path_params=path_params)
        encoded = self.__dict__.setdefault("_schema_bytes", {})
        if id(schema) not in encoded:
            with self._build_lock:
                if id(schema) not in encoded:
                    plain = json.dumps(schema, cls=NinjaJSONEncoder).encode()
                    encoded[id(schema)] = (plain, gzip.compress(plain, mtime=0))
        return encoded[id(schema)][gzipped]


def _openapi_encoded(request, api: JoshAPI, **path_params):
    gzipped = "gzip" in request.headers.get("accept-encoding", "")
    response = HttpResponse(api.openapi_bytes(path_params, gzipped=gzipped), content_type="application/json")
    if gzipped:
        response["Content-Encoding"] = "gzip"
    patch_vary_headers(response, ("Accept-Encoding",))
    return response


def _openapi_encoded_once(view):
    """ninja's docs decorator: its /openapi.json view answers the bytes ``openapi_bytes`` keeps (still a
    partial bound to the API, as ninja's own view is: manage.py lint_openapi finds the API through it)."""
    if getattr(view, "func", None) is not openapi_json:
        return view
    return partial(_openapi_encoded, api=view.keywords["api"])


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
    docs_decorator=_openapi_encoded_once,
)
install_ninja_handlers(api)
install_strict_params(api)
# format=csv / Accept: text/csv on every list, search and aggregate
api.add_decorator(csv_on_request, mode="view")


def _app_router(name: str):
    module = optional_module(f"{name}.api") if name.startswith("apps.") else None
    return getattr(module, "router", None)


for app_config in apps.get_app_configs():
    declared = [r for r in all_resources() if r.app == app_config.name]
    operations = [o for o in all_operations() if o.app == app_config.name]
    own = _app_router(app_config.name)
    for router in (resource_router(declared), operation_router(operations), own):
        if router is not None:
            api.add_router("/", router)
