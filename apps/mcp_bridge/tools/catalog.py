"""list_sources: the source catalogue, the same service as GET /v1/sources."""

from pydantic import BaseModel, Field

from apps.core.schemas import SourceOut
from apps.core.services.sources import sources_list
from apps.mcp_bridge.tools.base import call, register, structured


class SourceList(BaseModel):
    sources: list[SourceOut] = Field(description="Every source, as GET /v1/sources returns it.")


async def list_sources() -> SourceList:
    return structured(SourceList(sources=await call(sources_list)))


DESCRIPTION = """List every data source Josh holds: slug, title, publisher, record count, freshness (as_of),
shape and which search modes it supports.

Use it to learn which `source` values the search tools accept (shape 'body' → lexical + semantic;
'short-body' → lexical only; 'registry' → not searchable, use resolve_entity) and what ids look like
(`id_example`). Takes no arguments. Returns {sources: [...]}."""


def install(server) -> list[str]:
    register(server, list_sources, name="list_sources", title="List data sources", description=DESCRIPTION)
    return ["list_sources"]
