from ninja import Router

from apps.core.schemas import SourceOut
from apps.core.services.sources import source_get, sources_list

router = Router(tags=["sources"])


@router.get("/sources", response=list[SourceOut], summary="Every source, its shape, count and freshness")
def list_sources(request):
    return sources_list()


@router.get("/sources/{slug}", response=SourceOut, summary="One source")
def get_source(request, slug: str):
    return source_get(slug=slug)
