"""Federal Register: the dates with documents published since ``since`` come from the FR API
(``/api/v1/documents.json``); each date's whole daily issue comes from GovInfo bulk data
(``/bulkdata/FR/{yyyy}/{mm}/FR-{date}.xml``), the XML the federal-register plan reads."""

from datetime import timedelta

from django.utils import timezone

from apps.sync.fetchers import FetchContext, Fetcher, Remote, register


def issue_changes(ctx: FetchContext):
    since = ctx.since or timezone.now().date() - timedelta(days=ctx.conf["FIRST_SYNC_DAYS"])
    params = {
        "conditions[publication_date][gte]": since.isoformat(),
        "fields[]": "publication_date",
        "order": "oldest",
        "per_page": 1000,
    }
    dates: set[str] = set()
    for page in ctx.pages(
        ctx.url("FEDERAL_REGISTER_URL", "/api/v1/documents.json"), params=params, next_key="next_page_url"
    ):
        dates.update(r["publication_date"] for r in page.get("results", []) if r.get("publication_date"))
    for day in sorted(dates):
        yield Remote(
            name=f"FR-{day}.xml", url=ctx.url("GOVINFO_BULK_URL", f"/FR/{day[:4]}/{day[5:7]}/FR-{day}.xml")
        )


register(
    Fetcher(
        slug="federal-register",
        upstream="federalregister.gov /api/v1/documents.json (dates) + GovInfo /bulkdata/FR (daily issues)",
        ingest=("federal-register",),
        changes=issue_changes,
    )
)
