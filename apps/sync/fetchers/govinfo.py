"""GovInfo: BILLSTATUS files listed per congress and bill type by the bulk-data JSON listing
(``/bulkdata/json/BILLSTATUS/{congress}/{type}``, each with its last-modified time); bill texts (BILLS),
slip laws (PLAW) and printed hearings (CHRG) named by the ``published`` service (``/published/{since}?collection=...``, paged by
``offsetMark``, an api.data.gov key) and fetched from ``/content/pkg/{packageId}/...``."""

import re
from datetime import date, timedelta

from django.utils import timezone

from apps.core.ids import BILL_TYPES
from apps.sync.fetchers import FetchContext, Fetcher, Remote, register


def _day(text: str) -> date | None:
    """The date in a listing's last-modified time (ISO, or US month/day/year); None when there is none,
    and then the file is not filtered out (its version still spares a second download)."""
    if m := re.search(r"(\d{4})-(\d{2})-(\d{2})", text):
        return date(*map(int, m.groups()))
    if m := re.search(r"(\d{1,2})/(\d{1,2})/(\d{4})", text):
        return date(int(m.group(3)), int(m.group(1)), int(m.group(2)))
    return None


def billstatus_changes(ctx: FetchContext):
    for congress in ctx.conf["CONGRESSES"]:
        for kind in BILL_TYPES:
            listing = ctx.client.get(
                ctx.url("GOVINFO_BULK_URL", f"/json/BILLSTATUS/{congress}/{kind}"), missing_ok=True
            )
            for item in listing.json().get("files", []) if listing is not None else []:
                name, modified = item.get("justFileName", ""), item.get("formattedLastModifiedTime", "")
                if item.get("folder") or not name.endswith(".xml"):
                    continue
                day = _day(modified)
                if ctx.since and day and day < ctx.since:
                    continue
                yield Remote(name=name, url=item["link"], version=modified or None)


register(
    Fetcher(
        slug="bills",
        upstream="GovInfo bulk data: /bulkdata/json/BILLSTATUS/{congress}/{type} and its files",
        ingest=("bills", "topic-taxonomy", "cbo-cost-estimates", "committee-reports"),
        changes=billstatus_changes,
    )
)


def _api_headers(ctx: FetchContext) -> dict:
    return {"X-Api-Key": ctx.conf["GOVINFO_API_KEY"]}  # a header: URLs get logged


def published_packages(ctx: FetchContext, collection: str):
    """The packages of ``collection`` published or changed since ``ctx.since`` (the ``published`` service)."""
    since = ctx.since or timezone.now().date() - timedelta(days=ctx.conf["FIRST_SYNC_DAYS"])
    url = ctx.url("GOVINFO_API_URL", f"/published/{since.isoformat()}")
    params = {"collection": collection, "offsetMark": "*", "pageSize": 1000}
    for page in ctx.pages(url, params=params, next_key="nextPage", headers=_api_headers(ctx)):
        yield from page.get("packages", [])


def published_changes(collection: str, content: str, ext: str = "xml"):
    """``content`` is the folder under ``/content/pkg/{id}/`` holding the file the plan reads, ``{id}.{ext}``:
    ``xml`` for BILLS and ``uslm`` for PLAW (USLM), ``html`` with ext ``htm`` for CHRG (the printed text)."""

    def changes(ctx: FetchContext):
        for package in published_packages(ctx, collection):
            pid = package["packageId"]
            yield Remote(
                name=f"{pid}.{ext}",
                url=ctx.url("GOVINFO_CONTENT_URL", f"/pkg/{pid}/{content}/{pid}.{ext}"),
                version=package.get("lastModified") or None,
            )

    return changes


def crec_changes(ctx: FetchContext):
    """Each daily Congressional Record changed since ``since``, granule by granule (``/packages/{id}/granules``,
    paged like the published service), each granule's HTML from ``/content/pkg/{id}/html/{granule}.htm``: the
    files the congressional-record plan reads. A granule's version is its package's last-modified time."""
    for package in published_packages(ctx, "CREC"):
        pid = package["packageId"]
        url = ctx.url("GOVINFO_API_URL", f"/packages/{pid}/granules")
        params = {"offsetMark": "*", "pageSize": 1000}
        for page in ctx.pages(url, params=params, next_key="nextPage", headers=_api_headers(ctx)):
            for granule in page.get("granules", []):
                gid = granule["granuleId"]
                yield Remote(
                    name=f"{gid}.htm",
                    url=ctx.url("GOVINFO_CONTENT_URL", f"/pkg/{pid}/html/{gid}.htm"),
                    version=package.get("lastModified") or None,
                )


register(
    Fetcher(
        slug="bill-text",
        upstream="GovInfo api /published?collection=BILLS + /content/pkg/{id}/xml",
        ingest=("bill-text",),
        changes=published_changes("BILLS", "xml"),
        needs_key="GOVINFO_API_KEY",
    )
)
register(
    Fetcher(
        slug="public-laws",
        upstream="GovInfo api /published?collection=PLAW + /content/pkg/{id}/uslm",
        ingest=("public-laws",),
        changes=published_changes("PLAW", "uslm"),
        needs_key="GOVINFO_API_KEY",
    )
)
register(
    Fetcher(
        slug="hearing-transcripts",
        upstream="GovInfo api /published?collection=CHRG + /content/pkg/{id}/html/{id}.htm",
        ingest=("hearing-transcripts",),
        changes=published_changes("CHRG", "html", ext="htm"),
        needs_key="GOVINFO_API_KEY",
    )
)
register(
    Fetcher(
        slug="congressional-record",
        upstream="GovInfo api /published?collection=CREC + /packages/{id}/granules + /content/pkg/{id}/html",
        ingest=("congressional-record",),
        changes=crec_changes,
        needs_key="GOVINFO_API_KEY",
    )
)
