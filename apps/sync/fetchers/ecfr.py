"""eCFR: which titles were amended since ``since`` comes from the eCFR versioner
(``/api/versioner/v1/titles.json``: ``latest_amended_on`` per title); each changed title's XML comes from
GovInfo bulk data (``/bulkdata/ECFR/title-{n}/ECFR-title{n}.xml``), the shape the ecfr plan reads."""

from apps.sync.fetchers import FetchContext, Fetcher, Remote, register


def title_changes(ctx: FetchContext):
    wanted = set(ctx.conf["ECFR_TITLES"])
    titles = ctx.client.get(ctx.url("ECFR_URL", "/api/versioner/v1/titles.json")).json().get("titles", [])
    for title in titles:
        number, amended = title.get("number"), title.get("latest_amended_on") or ""
        if title.get("reserved") or (wanted and number not in wanted):
            continue
        if ctx.since and amended and amended < ctx.since.isoformat():
            continue
        name = f"ECFR-title{number}.xml"
        yield Remote(
            name=name,
            url=ctx.url("GOVINFO_BULK_URL", f"/ECFR/title-{number}/{name}"),
            version=amended or None,
        )


register(
    Fetcher(
        slug="ecfr-and-cfr",
        upstream="ecfr.gov /api/versioner/v1/titles.json + GovInfo /bulkdata/ECFR titles",
        ingest=("ecfr-and-cfr",),
        changes=title_changes,
    )
)
