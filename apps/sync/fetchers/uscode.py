"""US Code: the Office of the Law Revision Counsel's release points. Its download page
(``/download/download.shtml``) links the current release point's zips, one per title
(``releasepoints/us/pl/{congress}/{law}/xml_usc{nn}@{release point}.zip``, USLM XML inside, the files the
us-code plan reads from a zip in place). The release point ("119-46", or "118-158not159" when a law is held
back) is each title's version: a title is fetched again when a new release point is published. The page
carries no dates, so ``--since`` does not apply."""

import re

from apps.sync.fetchers import FetchContext, Fetcher, Remote, register

_TITLE_ZIP = re.compile(
    r'href="(?P<href>[^"]*releasepoints/us/pl/\d+/[\w-]+/xml_usc(?P<title>\d+[a-zA-Z]?)@(?P<point>[\w-]+)\.zip)"'
)


def release_point_changes(ctx: FetchContext):
    wanted = set(ctx.conf["USCODE_TITLES"])
    page = ctx.client.get(ctx.url("USCODE_URL", "/download/download.shtml")).text
    seen = set()
    for m in _TITLE_ZIP.finditer(page):
        title = m["title"]
        if title in seen or (wanted and int(re.sub(r"\D", "", title)) not in wanted):
            continue
        seen.add(title)
        href = (
            m["href"] if "://" in m["href"] else ctx.url("USCODE_URL", "/download/" + m["href"].lstrip("/"))
        )
        yield Remote(name=f"xml_usc{title}.zip", url=href, version=m["point"])


register(
    Fetcher(
        slug="us-code",
        upstream="uscode.house.gov /download/download.shtml + releasepoints/us/pl/.../xml_usc{nn}@{point}.zip",
        ingest=("us-code",),
        changes=release_point_changes,
    )
)
