"""``GET /v1/sources`` and ``/v1/sources/{slug}`` and the MCP ``list_sources`` tool, declared once
(apps.core.operations). apps.core.apps registers them when the apps are ready: the autodiscovered
``resources`` module of this app is the declaration mechanism itself."""

from apps.core.operations import Operation, get_operation, register_operation
from apps.core.resources import Tool
from apps.core.schemas import SourceOut
from apps.core.services.sources import source_get, sources_list

DESCRIPTION = """List every data source Josh holds: slug, title, publisher, record count, freshness (as_of),
shape and which search modes it supports.

Use it to learn which `source` values the search tools accept (shape 'body' → lexical + semantic;
'short-body' → lexical only; 'registry' → not searchable, use resolve_entity) and what ids look like
(`id_example`). Takes no arguments. Returns {sources: [...]}."""


def register() -> None:
    """Declare the sources operations (called from CoreConfig.ready, after the plans are known); a second call
    (the app registry populated again) keeps the first declarations."""
    if get_operation("list_sources") is not None:
        return
    register_operation(
        Operation(
            name="list_sources",
            app="apps.core",
            tag="sources",
            path="/sources",
            selector=sources_list,
            response=list[SourceOut],
            summary="Every source, its shape, count and freshness",
            tools=(
                Tool(name="list_sources", title="List data sources", description=DESCRIPTION, wrap="sources"),
            ),
        )
    )
    register_operation(
        Operation(
            name="get_source",
            app="apps.core",
            tag="sources",
            path="/sources/{slug}",
            selector=source_get,
            response=SourceOut,
            summary="One source",
            example={"slug": "bills"},
        )
    )
