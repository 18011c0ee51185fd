"""GovInfo bulk data: BILLSTATUS files listed per congress and bill type by the bulk-data JSON listing
(``/bulkdata/json/BILLSTATUS/{congress}/{type}``), each with its last-modified time."""

from apps.core.ids import BILL_TYPES
from apps.sync.fetchers import FetchContext, Fetcher, Remote, register


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
                if ctx.since and modified[:10] < ctx.since.isoformat():
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
