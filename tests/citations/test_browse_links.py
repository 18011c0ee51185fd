"""The browsable API links every id it can: to its browse page when Josh holds the record, else to the
publisher's page for it; an internal link never answers 404."""

from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.django_db


def _links(data, out: list[str]) -> list[str]:
    if isinstance(data, list):
        for item in data:
            _links(item, out)
    elif isinstance(data, dict):
        for key, value in data.items():
            if key == "_links":
                for url in value.values():
                    out.extend(url if isinstance(url, list) else [url])
            else:
                _links(value, out)
    return out


@pytest.mark.parametrize("path", ["/browse/bills/hr:117:1", "/browse/federal-register/fr:2024-02930"])
def test_browse_links_resolve_or_go_to_the_publisher(client, path):
    urls = [u for u in _links(client.get(path, {"format": "json"}).json(), []) if u]
    internal = {urlsplit(u).path for u in urls if urlsplit(u).hostname == "testserver"}
    external = {u for u in urls if urlsplit(u).hostname != "testserver"}
    assert internal and external
    assert all(u.startswith("https://www.") for u in external), external
    statuses = {
        p: client.get(p, {"format": "json"}).status_code
        for p in internal
        if "/bills/" in p or "/dockets/" in p
    }
    assert [p for p, s in statuses.items() if s == 404] == []
