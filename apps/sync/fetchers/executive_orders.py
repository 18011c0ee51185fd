"""Executive orders: the index the Federal Register keeps in its own API's repository
(usnationalarchives/federalregister-api-core, ``data/executive_orders.csv``: number, FR citation, signing
date, FR document number, notes), the file the executive-orders plan reads, as GitHub serves it raw. It
carries no change date, so every sync asks with the last ETag (a 304 costs nothing) and ``--since`` does
not apply."""

from apps.sync.fetchers import FetchContext, Fetcher, Remote, register


def index_changes(ctx: FetchContext):
    yield Remote(
        name="executive_orders.csv", url=ctx.url("EXECUTIVE_ORDERS_URL", "/data/executive_orders.csv")
    )


register(
    Fetcher(
        slug="executive-orders",
        upstream="raw.githubusercontent.com/usnationalarchives/federalregister-api-core/main/data/executive_orders.csv",
        ingest=("executive-orders",),
        changes=index_changes,
    )
)
