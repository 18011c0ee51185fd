"""Roll-call votes: the unitedstates/congress vote scraper's JSON as Hear-Ye/congress-data publishes it on
GitHub (``data/{congress}/votes/{year}/{h|s}{n}/data.json``), the layout the roll-call-votes plan reads.

The GitHub API names what is there: the contents of ``data/{congress}/votes`` give each session year's
folder and its tree id, and that tree (``/git/trees/{sha}``: one call for a whole year, where a contents
listing stops at 1,000 entries) gives each vote's folder with its tree id. A folder's tree id changes when
its files change, so it is the vote's version: an unchanged vote is neither fetched nor ingested again.
Git keeps no change dates here, so ``--since`` only skips the session years before it."""

from apps.sync.fetchers import FetchContext, Fetcher, Remote, register

GITHUB_JSON = {"Accept": "application/vnd.github+json"}


def vote_changes(ctx: FetchContext):
    for congress in ctx.conf["CONGRESSES"]:
        years = ctx.client.get(
            ctx.url("VOTES_API_URL", f"/contents/data/{congress}/votes"), headers=GITHUB_JSON, missing_ok=True
        )
        for year in years.json() if years is not None else []:
            if year.get("type") != "dir" or not year["name"].isdigit():
                continue
            if ctx.since and int(year["name"]) < ctx.since.year:
                continue
            tree = ctx.client.get(ctx.url("VOTES_API_URL", f"/git/trees/{year['sha']}"), headers=GITHUB_JSON)
            for vote in tree.json().get("tree", []):
                if vote.get("type") != "tree":
                    continue
                path = f"/data/{congress}/votes/{year['name']}/{vote['path']}/data.json"
                yield Remote(
                    name=f"{vote['path']}-{congress}.{year['name']}.json",  # the scraper's vote_id
                    url=ctx.url("VOTES_RAW_URL", path),
                    version=vote["sha"],
                )


register(
    Fetcher(
        slug="roll-call-votes",
        upstream="GitHub Hear-Ye/congress-data: data/{congress}/votes/{year}/*/data.json (API listing + raw)",
        ingest=("roll-call-votes",),
        changes=vote_changes,
    )
)
