"""Senate LDA REST API: filings posted since ``since`` (``/api/v1/filings/?filing_dt_posted_after=``, oldest
first), page by page through each page's ``next`` URL, each page saved as the API sent it for the
``lda-filings`` plan, which reads API pages as well as the SOPR form JSON.

Anonymous use is throttled to 15 requests a minute (a 429 with ``Retry-After``, which the client waits out);
with a key (``JOSH_LDA_API_KEY``, sent as ``Authorization: Token <key>``) the allowance is far higher."""

import hashlib
import json
from datetime import timedelta

from django.utils import timezone

from apps.sync.fetchers import FetchContext, Fetcher, Remote, register

PAGE_SIZE = 25  # the API's maximum


def filing_changes(ctx: FetchContext):
    since = ctx.since or timezone.now().date() - timedelta(days=ctx.conf["FIRST_SYNC_DAYS"])
    key, url = ctx.conf["LDA_API_KEY"], ctx.url("LDA_API_URL", "/filings/")
    if not key:
        ctx.client.at_most(url, ctx.conf["LDA_ANONYMOUS_PER_MINUTE"])
    pages = ctx.pages(
        url,
        params={"filing_dt_posted_after": since.isoformat(), "ordering": "dt_posted", "page_size": PAGE_SIZE},
        next_key="next",
        headers={"Authorization": f"Token {key}"} if key else None,  # a header: URLs get logged
    )
    for number, page in enumerate(pages, 1):
        if not page.get("results"):
            return
        # The version is the filings alone: a page's next/previous links name the host that served it.
        version = "sha256:" + hashlib.sha256(json.dumps(page["results"], sort_keys=True).encode()).hexdigest()
        yield Remote(
            name=f"lda_filings.{since.isoformat()}.{number:03d}.json",
            version=version,
            content=json.dumps(page).encode(),
        )


register(
    Fetcher(
        slug="lda-filings",
        upstream="lda.senate.gov /api/v1/filings/ (optional API key)",
        ingest=("lda-filings",),
        changes=filing_changes,
    )
)
