"""A SearchFeed as Atom 1.0 (Django's ``Atom1Feed``): absolute links, a tag: id per record, the citation."""

from urllib.parse import urlencode

from django.utils.feedgenerator import Atom1Feed
from django.utils.html import escape

from apps.feeds.schemas import FeedEntry, SearchFeed

TAG = "tag:josh,2026:"  # stable entry ids: a record keeps its id whatever host serves the feed


class CitedAtomFeed(Atom1Feed):
    """Atom with each entry's citation as its text content (the summary stays the matched passage)."""

    def add_item_elements(self, handler, item):
        super().add_item_elements(handler, item)
        handler.addQuickElement("content", item["citation"], {"type": "text"})


def atom(feed: SearchFeed, *, base: str) -> CitedAtomFeed:
    query = urlencode(feed.query)
    out = CitedAtomFeed(
        title=f"Josh search: {feed.q}",
        link=base + "/search?" + query,
        feed_url=base + "/search/feed.atom?" + query,
        description="",
        subtitle=(
            f"The newest {feed.size} (by published date) of the {feed.matched} matching records; "
            "records without a date last."
        ),
        feed_guid=TAG + "search?" + query,
        language="en",
    )
    for entry in feed.entries:
        out.add_item(**_item(entry, base))
    return out


def _item(entry: FeedEntry, base: str) -> dict:
    return {
        "title": entry.title,
        "link": base + entry.path if entry.path else entry.citation.url,
        "description": escape(entry.summary),  # Atom1Feed writes the summary as type="html"
        "unique_id": f"{TAG}{entry.resource}/{entry.id}",
        "unique_id_is_permalink": False,
        "pubdate": entry.updated if entry.published else None,
        "updateddate": entry.updated,
        "categories": [entry.source],
        "citation": entry.citation.citation_string,
    }
