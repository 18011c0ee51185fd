"""The generic read-only DRF views behind /browse/: parse the params model -> call the selector -> return.

A declared resource's pages are derived from its declaration (apps.browse.resources); any other page is
a subclass in an app's ``browse.py`` with a selector, a params model and a docstring (about 5 lines a view),
registered with ``@browse``; ``apps/browse/urls.py`` builds the URLs from the
registry, and the root page lists what is registered. The selectors and pydantic outputs are the ones the
REST routes use, so a page's JSON is the REST payload plus ``_links``.
"""

from typing import Any, ClassVar
from urllib.parse import urlencode

import pydantic
from pydantic import BaseModel
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.browse.links import linkify
from apps.browse.renderers import CSVRenderer, JoshBrowsableAPIRenderer
from apps.core.adapters import parameter_error_from_validation
from apps.core.aggregate_query import aggregate_or_list
from apps.core.aggregates import AggregateParams
from apps.core.pagination import decode_cursor, encode_cursor

REGISTRY: list[type["BrowseView"]] = []


def browse(cls: type["BrowseView"]) -> type["BrowseView"]:
    """Class decorator: mount the view under /browse/ (its URL comes from ``route()``)."""
    REGISTRY.append(cls)
    return cls


def registered(kind: type["BrowseView"]) -> list[type["BrowseView"]]:
    return [cls for cls in REGISTRY if issubclass(cls, kind)]


def detail_resources() -> set[str]:
    return {cls.resource for cls in registered(BrowseDetail)}


def parse_params(model: type[BaseModel], request) -> BaseModel:
    """``model.model_validate(query_params)``, minus empty form fields and keys the model does not know."""
    data = {k: v for k, v in request.query_params.items() if v != "" and k in model.model_fields}
    try:
        return model.model_validate(data)
    except pydantic.ValidationError as exc:
        raise parameter_error_from_validation(exc.errors()) from None


def query_url(request, **changes) -> str:
    """This page's URL with some query parameters replaced (None drops one)."""
    query = {k: v for k, v in request.query_params.items() if v != ""}
    query.update(changes)
    query = {k: v for k, v in query.items() if v is not None}
    return request.build_absolute_uri(request.path + (f"?{urlencode(query)}" if query else ""))


class BrowseView(APIView):
    """Base: GET only, JSON or the browsable HTML page, errors through the DRF exception handler."""

    renderer_classes = [JSONRenderer, JoshBrowsableAPIRenderer, CSVRenderer]
    permission_classes = [AllowAny]
    http_method_names = ["get", "head"]
    params: ClassVar[type[BaseModel] | None] = None
    aggregate: ClassVar[bool] = False  # the REST list also answers ?aggregate= (apps.core.aggregates)
    resource: ClassVar[str] = ""

    @classmethod
    def route(cls) -> str:
        raise NotImplementedError

    def call(self, params, **kwargs) -> Any:
        raise NotImplementedError

    def dump(self, out) -> Any:
        return out.model_dump(mode="json") if isinstance(out, BaseModel) else out

    def extra_links(self, data, **kwargs) -> dict[str, Any]:
        """The same request on REST (/v1/...), without the browse-only ?format=."""
        rest = query_url(self.request, format=None).replace("/browse/", "/v1/", 1)
        return {"rest": rest}

    def get(self, request, **kwargs):
        params = parse_params(self.params, request) if self.params else None
        data = self.dump(self.call(params, **kwargs))
        data = linkify(data, resources=detail_resources(), build=request.build_absolute_uri)
        if isinstance(data, dict):
            own = data.pop("_links", {})
            data = {"_links": {**own, **self.extra_links(data, **kwargs)}, **data}
        return Response(data)

    def get_view_name(self) -> str:
        return self.resource


class CursorPaged(BrowseView):
    """Adds next/previous links from the ``{results, pagination{limit, next_cursor}}`` envelope."""

    def extra_links(self, data, **kwargs):
        links = super().extra_links(data, **kwargs)
        pagination = data.get("pagination") or {}
        if offset := decode_cursor(self.request.query_params.get("cursor")):
            previous = max(0, offset - pagination.get("limit", offset))
            links["previous"] = query_url(self.request, cursor=encode_cursor(previous) if previous else None)
        if pagination.get("next_cursor"):
            links["next"] = query_url(self.request, cursor=pagination["next_cursor"])
        return links


class BrowseList(CursorPaged):
    """A list page: ``selector(params=...)``, or the declared aggregate when ?aggregate= params are given."""

    @classmethod
    def route(cls) -> str:
        return cls.resource

    def call(self, params, **kwargs):
        if self.aggregate:
            agg = parse_params(AggregateParams, self.request)
            return aggregate_or_list(self.resource, params, agg, type(self).selector)
        return type(self).selector(params=params)


class BrowseDetail(BrowseView):
    """One record: ``selector(id=...)``; links to the record's sub-pages."""

    @classmethod
    def route(cls) -> str:
        return f"{cls.resource}/<str:id>"

    def call(self, params, *, id):
        return type(self).selector(id=id)

    def extra_links(self, data, *, id):
        links = super().extra_links(data, id=id)
        for child in registered(BrowseChild):
            if child.resource == self.resource and (not child.present or data.get(child.present)):
                links[child.child] = self.request.build_absolute_uri(
                    f"/browse/{self.resource}/{id}/{child.child}"
                )
        return links

    def get_view_name(self) -> str:
        return getattr(self, "kwargs", {}).get("id") or "record"


class BrowseChild(CursorPaged):
    """A record's sub-list (``/browse/<resource>/<id>/<child>``): ``selector(id=..., params=...)``."""

    child: ClassVar[str] = ""
    present: ClassVar[str] = (
        ""  # a field of the parent record that must be truthy for the link (body_version)
    )

    @classmethod
    def route(cls) -> str:
        return f"{cls.resource}/<str:id>/{cls.child}"

    def call(self, params, *, id):
        return type(self).selector(id=id, params=params)

    def extra_links(self, data, *, id):
        up = {"up": self.request.build_absolute_uri(f"/browse/{self.resource}/{id}")}
        return {**up, **super().extra_links(data, id=id)}

    def get_view_name(self) -> str:
        return self.child


def first_id(view: type[BrowseList]) -> str | None:
    """An id that exists (the list's first row), for the root page's example link."""
    page = view.selector(params=view.params(limit=1))
    return page.results[0].id if page.results else None


class BrowseRoot(BrowseView):
    """Every resource Josh serves, with its list page, an example record and the sources behind it.

    Built from the registered browse views and the source plans: a new source shows up here by itself.
    Search every corpus at /browse/search. The same data as JSON: add ?format=json to any page.
    """

    @classmethod
    def route(cls) -> str:
        return ""

    def call(self, params, **kwargs):
        from apps.core.services.sources import sources_list

        url = self.request.build_absolute_uri
        details, lists = detail_resources(), {cls.resource: cls for cls in registered(BrowseList)}
        children = {}
        for cls in registered(BrowseChild):
            children.setdefault(cls.resource, []).append(cls.child)
        by_resource: dict[str, list] = {}
        for source in sources_list():
            by_resource.setdefault(source.resource, []).append(source)
        rows = []
        for resource in sorted(set(lists) | set(by_resource)):
            sources = by_resource.get(resource, [])
            example = first_id(lists[resource]) if resource in lists else None
            rows.append(
                {
                    "resource": resource,
                    "description": (lists[resource].__doc__ or "").strip().split("\n")[0]
                    if resource in lists
                    else "",
                    "list": url(f"/browse/{resource}") if resource in lists else None,
                    "example": url(f"/browse/{resource}/{example}")
                    if example and resource in details
                    else None,
                    "sub_pages": children.get(resource, []),
                    "records": sum(s.count for s in sources),
                    "sources": [s.slug for s in sources],
                    "rest": url(f"/v1/{resource}"),
                }
            )
        return {
            "resources": rows,
            "search": url("/browse/search?q=energy&mode=lexical"),
            "rest_docs": url("/v1/docs"),
            "admin": url("/admin/"),
        }

    def extra_links(self, data, **kwargs):
        return {"home": self.request.build_absolute_uri("/")}

    def get_view_name(self) -> str:
        return "Josh browsable API"
