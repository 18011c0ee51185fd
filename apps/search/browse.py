"""The browsable search page: /browse/search?q=...&mode=lexical|semantic|hybrid (the REST search selector)."""

from apps.browse.views import BrowseView, browse, query_url
from apps.core.resources import as_json
from apps.search.resources import SEARCH


@browse
class SearchPage(BrowseView):
    __doc__ = SEARCH.browse_doc
    resource, params = "search", SEARCH.params

    @classmethod
    def route(cls) -> str:
        return "search"

    def call(self, params):
        return SEARCH.answered(params)

    def dump(self, out):
        return as_json(out)  # encoded as the REST route's declared schema is (datetimes to the millisecond)

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
