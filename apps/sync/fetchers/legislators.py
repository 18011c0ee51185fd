"""unitedstates/congress-legislators: the YAML files as GitHub serves them raw. They carry no change date,
so every sync asks with the last ETag (a 304 costs nothing) and ``--since`` does not apply."""

from apps.sync.fetchers import FetchContext, Fetcher, Remote, register

FILES = (
    "legislators-current.yaml",
    "committees-current.yaml",
    "committees-historical.yaml",
    "committee-membership-current.yaml",
    "legislators-social-media.yaml",
)


def yaml_changes(ctx: FetchContext):
    for name in FILES:
        yield Remote(name=name, url=ctx.url("LEGISLATORS_URL", f"/{name}"))


register(
    Fetcher(
        slug="legislators",
        upstream="raw.githubusercontent.com/unitedstates/congress-legislators/main/*.yaml",
        ingest=("legislators", "committees", "committee-memberships", "legislators-social-media"),
        changes=yaml_changes,
    )
)
