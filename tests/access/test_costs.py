"""Rate limits weighted by cost (apps.access.costs): a search takes JOSH["RATE_COSTS"]["search"] units of the
caller's budget on every surface, a lookup one; past the budget the search is refused before it runs."""

import pytest

from apps.access import costs
from apps.access.policy import Decision, Principal
from tests.access.conftest import envelope
from tests.mcp.conftest import RPC_HEADERS, http

pytestmark = pytest.mark.django_db(transaction=True)


def _rest_search(server, q="energy"):
    return http().get(server.url + "/v1/search", params={"q": q, "mode": "lexical"})


def _mcp_search(server, q="energy"):
    body = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "search", "arguments": {"query": q, "limit": 5}},
    }
    headers = {**RPC_HEADERS, "mcp-protocol-version": "2025-11-25"}
    return http().post(server.url + "/mcp", json=body, headers=headers)


def test_a_search_takes_its_cost_from_the_one_budget_on_rest_and_mcp(josh, settings):
    server = josh("disabled", "11/m")
    settings.JOSH = {**settings.JOSH, "RATE_COSTS": {"search": 5}}
    first = _rest_search(server)
    assert (first.status_code, first.headers["x-ratelimit-remaining"]) == (200, "6")
    lookup = http().get(server.url + "/v1/sources")
    assert (lookup.status_code, lookup.headers["x-ratelimit-remaining"]) == (200, "5")
    over_mcp = _mcp_search(server)  # 1 + 4 = 5 more: 11 of 11, still within
    assert over_mcp.status_code == 200 and not over_mcp.json()["result"].get("isError")
    assert over_mcp.headers["x-ratelimit-remaining"] == "0"
    refused = _rest_search(server)  # its own unit is the 12th: refused before the search is charged or run
    assert (refused.status_code, refused.headers["x-ratelimit-remaining"]) == (429, "0")
    assert envelope(refused)["code"] == "rate_limited"


def test_the_search_cost_is_charged_before_the_search_runs(josh, settings):
    server = josh("disabled", "4/m")
    settings.JOSH = {**settings.JOSH, "RATE_COSTS": {"search": 5}}
    refused = _rest_search(server)  # 1 on arrival, 4 more would make 5 of 4
    assert refused.status_code == 429
    assert refused.headers["retry-after"] == str(envelope(refused)["hint"]["retry_after"])
    assert envelope(refused)["hint"]["rate"] == "4/m"
    still = http().get(server.url + "/v1/sources")  # the refused search's units were spent
    assert still.status_code == 429


def test_charge_counts_only_inside_a_metered_request_with_limits_on(settings, tmp_path):
    settings.RATE_LIMIT_DIR = tmp_path
    settings.JOSH = {**settings.JOSH, "RATE_LIMIT": "10/m", "RATE_COSTS": {"search": 3}}
    costs.charge("search")  # no request: nothing to charge
    decision = Decision(Principal("anonymous", "192.0.2.8"))
    with costs.metered(decision):
        costs.charge("lookup")  # a kind without a cost: the request's own unit is all
        assert decision.headers == {}
        costs.charge("search")
    assert decision.headers["X-RateLimit-Remaining"] == "8"
    with costs.metered(Decision()):  # the policy let it through without a caller (limits and auth off)
        costs.charge("search")
    assert costs.cost("search") == 3 and costs.cost("lookup") == 1
