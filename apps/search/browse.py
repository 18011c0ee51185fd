"""The browsable search page: /browse/search?q=...&mode=lexical|semantic|hybrid (the REST search selector)."""

from apps.browse.views import BrowseView, browse, query_url
from apps.search.api import SearchParams
from apps.search.entities import one_box
from apps.search.selectors import search


@browse
class SearchPage(BrowseView):
    """Search every corpus: lexical (BM25), semantic (vectors) or hybrid; each hit links to its record.

    q takes "quoted phrases", term* (3+ chars), OR and NOT (upper case). Filters: source (comma list of
    source slugs), since/until (dates), congress, bill_id. sort=newest or oldest: the whole result by date.
    Pages with limit and offset.
    """

    resource, params = "search", SearchParams

    @classmethod
    def route(cls) -> str:
        return "search"

    def call(self, params):
        return search(**params.model_dump())

    def dump(self, out):
        return {**out.public(), **one_box(self.request.query_params.get("q", ""))}

    def extra_links(self, data, **kwargs):
        links, offset, shown = super().extra_links(data), self.offset(), len(data.get("results", []))
        if offset:
            limit = int(self.request.query_params.get("limit") or 20)
            links["previous"] = query_url(self.request, offset=max(0, offset - limit) or None)
        if offset + shown < data.get("total", 0):
            links["next"] = query_url(self.request, offset=offset + shown)
        return links

    def offset(self) -> int:
        return int(self.request.query_params.get("offset") or 0)
