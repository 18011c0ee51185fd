"""REST v1 operations derived from the declared resources (apps.core.resources) and operations
(apps.core.operations): parse -> call -> return.

Each app's resources become one ninja router, tagged with the app and mounted by ``josh/api.py`` before the
app's own ``api.py`` router. A view is named as a hand-written one in ``<app>/api.py`` would be, so the
operation ids (``apps_registry_api_get_committee``) do not depend on where the route is declared; strict
query parameters, CSV export and the OpenAPI completion apply to these views as to any other.
"""

import inspect
from collections.abc import Callable

from ninja import Query, Router

from apps.core.aggregate_query import aggregate_or_list
from apps.core.aggregates import AggregateParams, AggregateResult
from apps.core.operations import Operation
from apps.core.pagination import Page
from apps.core.resources import Child, Resource

# A view's parameter types are the resource's models, chosen at run time for ninja to read from the signature:
# mypy cannot take a type from an attribute, hence the narrow ignores below (name-defined only).


def _list_view(resource: Resource) -> Callable:
    selector, name = resource.list, resource.name
    if selector is None:
        raise ValueError(f"resource {name!r} declares no list selector")

    if resource.aggregate is None:

        def listed(request, params: Query[resource.params]):  # type: ignore[name-defined]
            return selector(params=params)

        return listed

    def aggregated(request, params: Query[resource.params], agg: Query[AggregateParams]):  # type: ignore[name-defined]
        return aggregate_or_list(name, params, agg, selector)

    return aggregated


def _get_view(resource: Resource) -> Callable:
    selector = resource.get
    if selector is None:
        raise ValueError(f"resource {resource.name!r} declares no get selector")

    def view(request, id: str):
        return selector(id=id)

    return view


def _child_view(child: Child) -> Callable:
    if child.params is None:

        def plain(request, id: str):
            return child.call(id=id)

        return plain

    def with_params(request, id: str, params: Query[child.params]):  # type: ignore[name-defined]
        return child.call(id=id, params=params)

    return with_params


def _named(view: Callable, resource: Resource, name: str) -> Callable:
    view.__name__ = view.__qualname__ = name
    view.__module__ = f"{resource.app}.api"
    return view


def add_routes(router: Router, resource: Resource) -> None:
    """The list, detail and child operations ``resource`` declares, in that order."""
    if resource.list is not None:
        page = Page[resource.hit]  # type: ignore[name-defined]
        response = page | AggregateResult if resource.aggregate else page
        view = _named(_list_view(resource), resource, resource.list_operation)
        router.get(f"/{resource.name}", response=response, summary=resource.list_summary)(view)
    if resource.get is not None:
        view = _named(_get_view(resource), resource, resource.get_operation)
        router.get(f"/{resource.name}/{{id}}", response=resource.out, summary=resource.get_summary)(view)
    for child in resource.children:
        view = _named(_child_view(child), resource, child.operation)
        path = f"/{resource.name}/{{id}}/{child.path}"
        router.get(path, response=child.response, summary=child.summary)(view)


def resource_router(resources: list[Resource]) -> Router | None:
    """One router for an app's declared resources (None when it declares none)."""
    if not resources:
        return None
    router = Router(tags=[resources[0].tag])
    for resource in resources:
        add_routes(router, resource)
    return router


def _operation_view(operation: Operation) -> Callable:
    """``view(request, [<key>,] [params])``: ninja reads the path parameter and the params model from the
    signature, which is built from the declaration (the key's name is the path's)."""

    def view(request, params=None, **path):
        return operation.answered(params, **path)

    keyword = inspect.Parameter.POSITIONAL_OR_KEYWORD
    signature = [inspect.Parameter("request", keyword)]
    if operation.key is not None:
        signature.append(inspect.Parameter(operation.key, keyword, annotation=str))
    if operation.params is not None:
        # Query[...] of a model chosen at run time (see the note at the top of this module)
        query = Query[operation.params]  # type: ignore[name-defined]
        signature.append(inspect.Parameter("params", keyword, annotation=query))
    view.__signature__ = inspect.Signature(signature)  # type: ignore[attr-defined]
    view.__name__ = view.__qualname__ = operation.name
    view.__module__ = f"{operation.app}.api"
    return view


def operation_router(operations: list[Operation]) -> Router | None:
    """One router for an app's declared operations (None when it declares none); each operation's tag."""
    if not operations:
        return None
    router = Router()
    for operation in operations:
        router.get(
            operation.path,
            response=operation.response,
            summary=operation.summary,
            tags=[operation.rest_tag],
            by_alias=operation.by_alias,
            operation_id=operation.operation_id or None,
        )(_operation_view(operation))
    return router
