"""Browse pages derived from the declared resources (apps.core.resources): a list page, a detail page and a
page per child route, for each part the resource declares with a browse description."""

from apps.browse.views import BrowseChild, BrowseDetail, BrowseList, BrowseView, browse
from apps.core.resources import Resource, all_resources


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.replace("_", "-").split("-"))


def views_for(resource: Resource) -> list[type[BrowseView]]:
    singular, views = _camel(resource.singular), []
    if resource.list is not None and resource.list_doc:
        attrs = {"__doc__": resource.list_doc, "resource": resource.name, "selector": resource.list}
        attrs |= {"params": resource.params, "aggregate": resource.aggregate is not None}
        views.append(type(f"{singular}List", (BrowseList,), attrs))
    if resource.get is not None and resource.get_doc:
        attrs = {"__doc__": resource.get_doc, "resource": resource.name, "selector": resource.get}
        views.append(type(f"{singular}Detail", (BrowseDetail,), attrs))
    for child in resource.children:
        if child.browse_doc:
            attrs = {"__doc__": child.browse_doc, "resource": resource.name, "child": child.path}
            attrs |= {"selector": child.call, "params": child.params, "present": child.browse_present}
            views.append(type(f"{singular}{_camel(child.path)}", (BrowseChild,), attrs))
    return views


def register_resource_views() -> None:
    for resource in all_resources():
        for view in views_for(resource):
            browse(view)
