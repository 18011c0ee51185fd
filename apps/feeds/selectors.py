"""A search's matches newest first: the feed of a search page (``/search/feed.atom``) and its digests.

What the cap means: the search ranks its matches by relevance; the feed takes the ``DEPTH`` best-ranked ones
(the largest page search serves), orders those by published date, newest first, and keeps the first ``SIZE``.
So a new record shows up in the feed when it is among the search's ``DEPTH`` best matches — a feed of a
broad query ("tax") follows its most relevant new records, not every record with the word.
"""

from datetime import date

from apps.core.pagination import page_size_max
from apps.explorer.records import GETTERS, record_path
from apps.feeds.schemas import FeedEntry, SearchFeed
from apps.search.schemas import SearchHit
from apps.search.selectors import search

SIZE = 50


def depth() -> int:
    return page_size_max()


def search_feed(form) -> SearchFeed:
    """The newest ``SIZE`` of ``form``'s ``depth()`` best-ranked matches; raises the search's JoshErrors.
    ``form`` is the explorer's parsed search page (``apps.explorer.search.SearchForm``): the adapter parses
    the query string, since that parser speaks the request layer's error vocabulary."""
    page = search(
        q=form.q,
        mode=form.mode,
        source=form.source,
        since=form.since,
        until=form.until,
        congress=form.congress,
        limit=depth(),
    )
    # sorted() is stable: records of the same day keep their relevance order
    hits = sorted(page.results, key=_newest_first)[:SIZE]
    return SearchFeed(
        q=form.q,
        query=form.query(page=None),
        entries=[_entry(hit) for hit in hits],
        matched=page.total,
        depth=depth(),
        size=SIZE,
    )


def _newest_first(hit: SearchHit) -> tuple[bool, int]:
    published: date | None = hit.citation.published_at
    return (published is None, -published.toordinal() if published else 0)


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
