"""One module per upstream. Each declares its ``Fetcher``s once: which plans the fetched files go to and a
``changes(ctx)`` generator naming the files that changed upstream since ``ctx.since``."""

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin

from apps.sync.upstream import UpstreamError, origin, without_credentials

if TYPE_CHECKING:  # the client's module imports httpx, which only a sync needs (apps/sync/upstream.py)
    from apps.sync.http import PoliteClient


@dataclass(frozen=True)
class Remote:
    """One upstream file: its local name, where to get it and its upstream version (None: the driver asks
    with the last ETag and compares content). ``content`` when the listing call already returned it."""

    name: str
    url: str = ""
    version: str | None = None
    content: bytes | None = None


@dataclass
class FetchContext:
    client: "PoliteClient"
    since: date | None
    conf: dict[str, Any]
    known: dict[str, str] = field(default_factory=dict)  # name -> version already ingested

    def url(self, setting: str, path: str = "") -> str:
        """A URL built from a setting: its origin is one this source may reach (apps/sync/http.py)."""
        url = self.conf[setting].rstrip("/") + path
        self.client.allow(url)
        return url

    def pages(self, url: str, *, params: dict, next_key: str, headers=None) -> Iterator[dict]:
        """Each JSON page of a listing whose pages name the next page's full URL in ``next_key`` (the FR
        API's ``next_page_url``, GovInfo's ``nextPage``, the LDA API's ``next``): the first request carries
        ``params``, every next URL carries the query itself. The next URL is upstream's word: it carries the
        credentials in ``headers`` only on ``url``'s own origin, and a page named twice ends the listing
        with an error (a loop), as does one past ``MAX_PAGES``."""
        next_url: str | None = url
        seen: set[str] = set()
        while next_url:
            if next_url in seen or len(seen) >= self.conf["MAX_PAGES"]:
                raise UpstreamError(f"{url}: the listing's pages loop or run past {self.conf['MAX_PAGES']}")
            seen.add(next_url)
            sent = headers if origin(next_url) == origin(url) else without_credentials(headers)
            page = self.client.get(next_url, params=params, headers=sent).json()
            if not isinstance(page, dict):
                raise UpstreamError(
                    f"{next_url}: a listing page must be a JSON object, got {type(page).__name__}"
                )
            yield page
            following = page.get(next_key)
            if following is not None and not isinstance(following, str):
                raise UpstreamError(f"{next_url}: '{next_key}' must be a URL, got {type(following).__name__}")
            next_url, params = (urljoin(next_url, following) if following else None), None


@dataclass(frozen=True)
class Fetcher:
    slug: str  # what `manage.py sync <slug>` names; the primary plan's slug
    upstream: str  # the endpoints, for the help text and the admin
    ingest: tuple[str, ...]  # plans the files go through, in order; a file goes to those whose glob matches
    changes: Callable[[FetchContext], Iterator[Remote]]
    needs_key: str = ""  # SYNC setting that must be set (an API key), or ""


_FETCHERS: dict[str, Fetcher] = {}


def register(fetcher: Fetcher) -> Fetcher:
    _FETCHERS[fetcher.slug] = fetcher
    return fetcher


def all_fetchers() -> list[Fetcher]:
    from apps.core.plans import all_plans
    from apps.sync.fetchers import (  # noqa: F401
        ecfr,
        executive_orders,
        federal_register,
        govinfo,
        house_hearings,
        lda,
        legislators,
        regulations_gov,
        uscode,
        votes,
    )

    # In the plans' dependency order, so 'sync all' brings legislators in before the bills that name them.
    order = {plan.slug: i for i, plan in enumerate(all_plans())}
    return sorted(_FETCHERS.values(), key=lambda f: order.get(f.ingest[0], len(order)))


def get_fetcher(slug: str) -> Fetcher | None:
    return {f.slug: f for f in all_fetchers()}.get(slug)
