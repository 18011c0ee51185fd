"""A search's matches newest first: the feed of a search page (``/search/feed.atom``) and its digests.

What the cap means: the search's own ``sort=newest`` orders every record it admits (the result ``total``
counts, past the relevance floors) by published date, undated last, ties in relevance order; the feed keeps
the first ``SIZE``. So a new record that answers the query is the feed's first entry whatever its rank.
"""

from apps.explorer.records import GETTERS, record_path
from apps.feeds.models import SavedSearch
from apps.feeds.schemas import FeedEntry, SavedSearchOut, SearchFeed
from apps.search.schemas import SearchHit
from apps.search.selectors import search

SIZE = 50


def search_feed(form) -> SearchFeed:
    """The newest ``SIZE`` of ``form``'s matches; raises the search's JoshErrors.
    ``form`` is the explorer's parsed search page (``apps.explorer.search.SearchForm``): the adapter parses
    the query string, since that parser speaks the request layer's error vocabulary."""
    # every filter the page takes (form.filters), so a filter added to the search narrows the feed as well
    page = search(q=form.q, mode=form.mode, **form.filters, sort="newest", limit=SIZE)
    return SearchFeed(
        q=form.q,
        query=form.query(page=None),
        entries=[_entry(hit) for hit in page.results],
        matched=page.total,
        size=SIZE,
    )


def _entry(hit: SearchHit) -> FeedEntry:
    return FeedEntry(
        id=hit.id,
        source=hit.source,
        resource=hit.resource,
        title=hit.title,
        summary=hit.snippet.text,
        citation=hit.citation,
        path=record_path(hit.resource, hit.id) if hit.resource in GETTERS else None,
    )


def saved_searches(user) -> list[SavedSearchOut]:
    """``user``'s own saved searches, by name."""
    return [
        SavedSearchOut(
            id=s.pk,
            name=s.name,
            query=s.query,
            search_path=f"/search?{s.query}",
            feed_path=f"/search/feed.atom?{s.query}",
            digest=s.digest,
            created_at=s.created_at,
            last_sent_at=s.last_sent_at,
        )
        for s in SavedSearch.objects.filter(user=user).order_by("name", "pk")
    ]
