"""Links resolve (a bill page's every link, and the bill -> sponsor -> committee -> member -> votes walk)
and errors use the one envelope. That the browse JSON is the REST payload plus _links: test_parity.py."""

import pytest

pytestmark = pytest.mark.django_db

HOST = "http://testserver"


def _links(data):
    """Every URL under a _links key, anywhere in the payload."""
    if isinstance(data, list):
        for item in data:
            yield from _links(item)
    elif isinstance(data, dict):
        for key, value in data.items():
            if key == "_links":
                for url in value.values():
                    yield from url if isinstance(url, list) else [url]
            else:
                yield from _links(value)


def _get(client, url):
    response = client.get(url.removeprefix(HOST), {"format": "json"})
    return response.status_code, response.json()


def test_every_link_on_a_bill_page_resolves(client):
    status, bill = _get(client, "/browse/bills/hjres:119:24")
    urls = set(_links(bill))
    assert {
        f"{HOST}/browse/bills/hjres:119:24",
        f"{HOST}/browse/legislators/B000740",  # sponsor (Bice)
        f"{HOST}/browse/committees/HSIF",  # referred to Energy and Commerce
        f"{HOST}/browse/public-laws/pl:119:7",  # became Public Law 119-7
        f"{HOST}/browse/votes/house:119:2025:77",  # recorded vote
        f"{HOST}/browse/bills/hjres:119:24/cosponsors",
        f"{HOST}/v1/bills/hjres:119:24",
    } <= urls
    # a related bill outside the sample links its publisher's page (no dead end), every other link answers
    assert "https://www.congress.gov/bill/119th-congress/house-resolution/242" in urls
    for url in urls:
        if not url.startswith(HOST):
            assert url.startswith("https://www.congress.gov/bill/"), url
            continue
        status, body = _get(client, url)
        assert status == 200, url


def test_walk_bill_sponsor_committee_members_votes(client):
    status, bill = _get(client, "/browse/bills/hjres:119:24")
    status, sponsor = _get(client, bill["sponsor"]["_links"]["self"])
    assert sponsor["name"] == "Stephanie I. Bice"
    seat = next(s for s in sponsor["committees"] if "_links" in s)
    status, committee = _get(client, seat["_links"]["committee"])
    assert status == 200 and committee["id"] == seat["committee_id"]
    status, roster = _get(client, f"{HOST}/browse/committees/HSWM/members")
    chair = roster["results"][0]
    assert (chair["member"]["name"], chair["title"]) == ("Jason Smith", "Chair")
    status, member = _get(client, chair["member"]["_links"]["self"])
    status, votes = _get(client, member["_links"]["votes"])
    assert status == 200
    status, vote = _get(client, f"{HOST}/browse/votes/house:119:2025:77")
    position = vote["positions"][0]
    assert _get(client, position["_links"]["member"])[0] == 200


@pytest.mark.parametrize(
    ("url", "status", "code"),
    [
        ("/browse/bills/hr:119:99999", 404, "record_not_found"),
        ("/browse/bills/hjres:119:24/body", 404, "record_not_found"),
        ("/browse/legislators/Q9", 400, "unrecognized_id_format"),
        ("/browse/bills?congress=abc", 400, "invalid_parameter"),
        ("/browse/votes?cursor=nonsense", 400, "invalid_parameter"),
        ("/browse/search?mode=lexical", 400, "invalid_parameter"),
        ("/browse/bills?group_by=nope", 400, "invalid_parameter"),
    ],
)
def test_errors_use_the_envelope(client, url, status, code):
    response = client.get(url + ("&" if "?" in url else "?") + "format=json")
    assert response.status_code == status
    error = response.json()["error"]
    assert error["code"] == code and error["message"] and error["request_id"]
    rest = client.get(url.replace("/browse/", "/v1/"))
    assert rest.status_code == status and rest.json()["error"]["code"] == code
    page = client.get(url, HTTP_ACCEPT="text/html")
    assert page.status_code == status and f"&quot;{code}&quot;".encode() in page.content


def test_writes_are_refused(client):
    response = client.post("/browse/bills", {})
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"
