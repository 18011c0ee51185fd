"""No dead ends: a crawl of the explorer over every sample, from the home page along every internal link.

Every page type is reached (home, search, each list page, each record page kind); the crawl is bounded per
first path segment so it stays a few hundred pages. Any internal link that answers 404 fails the test; a
link to a record Josh does not hold goes to the publisher instead (class external, rel="external noopener").
"""

import re
from collections import Counter, deque

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.slow]  # a few hundred pages

HREF = re.compile(r"<a\b([^>]*)>")
PER_SEGMENT = 25  # pages crawled per first path segment (/bills, /votes, /search, ...)
RECORD_LINKS = ("/bills/", "/votes/", "/public-laws/", "/crs-reports/", "/dockets/", "/committees/")
SURFACES = ("/v1", "/browse", "/admin", "/mcp", "/static")  # other surfaces, tested in their own packages


def _anchors(html: str) -> list[dict[str, str]]:
    return [dict(re.findall(r'(\w+)="([^"]*)"', attrs)) for attrs in HREF.findall(html)]


def _segment(url: str) -> str:
    return url.split("?")[0].split("/")[1]


def crawl(client, start="/"):
    seen: dict[str, int] = {}
    external: list[dict[str, str]] = []
    per_segment: Counter = Counter()
    queue = deque([start])
    while queue:
        url = queue.popleft()
        if url in seen:
            continue
        response = client.get(url)
        seen[url] = response.status_code
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        for a in _anchors(response.content.decode()):
            href = a.get("href", "").replace("&amp;", "&")
            if href.startswith(("http://", "https://")) and not url.startswith("/search"):
                external.append(a)  # (the search page's template is not this test's subject)
            if not href.startswith("/") or href.startswith(("//", *SURFACES)) or href in seen:
                continue
            if per_segment[_segment(href)] < PER_SEGMENT:
                per_segment[_segment(href)] += 1
                queue.append(href)
    return seen, external


def test_every_internal_link_of_the_explorer_resolves(client):
    seen, external = crawl(client)
    missing = sorted(url for url, status in seen.items() if status == 404)
    assert missing == []
    assert {status for status in seen.values()} <= {200, 302}
    segments = {_segment(url) for url in seen if url != "/"}
    for kind in ("search", "bills", "votes", "legislators", "committees", "crs-reports", "federal-register"):
        assert kind in segments, kind
    assert len(seen) > 300
    # every link out of Josh is marked as such (the publisher's page, not a Josh page)
    assert external and all(
        a.get("rel") == "external noopener" and a.get("class") == "external" for a in external
    )


@pytest.mark.parametrize(
    ("page", "internal_ok", "outside"),
    [
        # related bills and votes of H.R. 1 that are not loaded lead to congress.gov and the clerk
        ("/bills/hr:117:1", 20, "https://www.congress.gov/bill/117th-congress/senate-bill/2512"),
        # the bills and reports a CRS report names, none loaded: the publisher's pages
        ("/crs-reports/crs:R48914", 0, "https://www.congress.gov/crs-product/R47521"),
        # an FR document's docket, not loaded: regulations.gov
        ("/federal-register/fr:2024-02930", 0, "https://www.regulations.gov/docket/FAA-2024-0224"),
    ],
)
def test_a_record_not_loaded_links_to_its_publisher(client, page, internal_ok, outside):
    html = client.get(page).content.decode()
    anchors = _anchors(html)
    # the links to other records (the kinds that were 404s; a bill's hundreds of member links are crawled above)
    internal = {a["href"] for a in anchors if a.get("href", "").startswith(RECORD_LINKS)}
    statuses = Counter(client.get(href).status_code for href in internal)
    assert statuses[404] == 0
    assert statuses[200] >= internal_ok
    out = next(a for a in anchors if a.get("href") == outside)
    assert out["rel"] == "external noopener" and out["class"] == "external"
