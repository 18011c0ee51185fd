"""A search as a feed: the entries every surface of it (the Atom feed, the email digest) is built from."""

from datetime import UTC, date, datetime

from pydantic import BaseModel, Field

from apps.citations.schemas import Citation


class FeedEntry(BaseModel):
    id: str = Field(description="The record's public id.")
    source: str
    resource: str
    title: str
    summary: str = Field(description="The search's snippet: the passage that matched.")
    citation: Citation
    path: str | None = Field(description="The record's explorer page (site-relative); None when it has none.")

    @property
    def published(self) -> date | None:
        return self.citation.published_at

    @property
    def updated(self) -> datetime:
        """The publisher's date when the record has one (midnight UTC), else when Josh retrieved it."""
        if self.published is not None:
            return datetime(self.published.year, self.published.month, self.published.day, tzinfo=UTC)
        return self.citation.retrieved_at


class SearchFeed(BaseModel):
    q: str
    query: dict[str, str] = Field(description="The search page's parameters (page left out).")
    entries: list[FeedEntry] = Field(description="Newest first by published date; undated records last.")
    matched: int = Field(description="Records the search matched (its total).")
    size: int = Field(description="The most entries a feed carries.")


class SavedSearchOut(BaseModel):
    """A saved search as its owner's "My saved searches" page lists it."""

    id: int
    name: str
    query: str = Field(description="The search page's query string.")
    search_path: str = Field(description="The search page (site-relative).")
    feed_path: str = Field(
        description="Its Atom feed (site-relative): follows the search without an account."
    )
    digest: bool = Field(description="Whether send_digests emails its new matches.")
    created_at: datetime
    last_sent_at: datetime | None
