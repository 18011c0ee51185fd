"""One access policy over REST, the browsable API and MCP, in each JOSH_AUTH mode, with and without limits."""

import httpx
import pytest

from apps.access.models import ApiKey
from apps.access.services import api_key_issue, api_key_revoke
from tests.access.conftest import MCP_METADATA, ROOT_METADATA, SURFACES, assert_ok, call, envelope
from tests.mcp.conftest import http

RATE_HEADERS = ("x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset")


# --- disabled: open ------------------------------------------------------------------------------


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("headers", [{}, {"x-api-key": "josh_bogus"}, {"authorization": "Bearer nonsense"}])
def test_disabled_mode_is_open_and_carries_no_rate_headers(josh, surface, headers):
    server = josh("disabled")
    response = call(server, surface, headers)
    assert_ok(response, surface)
    assert not any(name in response.headers for name in RATE_HEADERS)


# --- apikey / oauth: 401 without a valid key -------------------------------------------------------


@pytest.mark.parametrize("mode", ["apikey", "oauth"])
@pytest.mark.parametrize("surface", SURFACES)
def test_missing_key_is_401_in_the_one_envelope(josh, mode, surface):
    server = josh(mode)
    response = call(server, surface)
    assert response.status_code == 401
    assert response.headers["content-type"].startswith("application/json")
    assert envelope(response) == {
        "type": "authentication_error",
        "code": "unauthorized",
        "message": "This endpoint needs an API key: send it as 'X-Api-Key: <key>' or 'Authorization: Bearer <key>'.",
        "hint": {"headers": ["X-Api-Key", "Authorization: Bearer"]},
    }
    if mode == "apikey":
        assert response.headers["www-authenticate"] == 'Bearer realm="josh"'
    else:
        metadata = server.url + (MCP_METADATA if surface == "mcp" else ROOT_METADATA)
        assert response.headers["www-authenticate"] == (
            f'Bearer realm="josh", resource_metadata="{metadata}", scope="josh.read"'
        )


@pytest.mark.parametrize("mode", ["apikey", "oauth"])
@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("header", ["x-api-key", "authorization"])
def test_unknown_key_is_401_invalid_token(josh, mode, surface, header):
    server = josh(mode)
    value = "josh_not-a-key" if header == "x-api-key" else "Bearer josh_not-a-key"
    response = call(server, surface, {header: value})
    assert response.status_code == 401
    error = envelope(response)
    assert error["code"] == "unauthorized"
    assert "not valid or has been revoked" in error["message"]
    assert 'error="invalid_token"' in response.headers["www-authenticate"]


@pytest.mark.parametrize("mode", ["apikey", "oauth"])
@pytest.mark.parametrize("surface", SURFACES)
def test_issued_key_works_in_either_header_until_revoked(josh, issue, mode, surface):
    server = josh(mode)
    key, raw = issue()
    assert_ok(call(server, surface, {"x-api-key": raw}), surface)
    assert_ok(call(server, surface, {"authorization": f"Bearer {raw}"}), surface)
    assert_ok(call(server, surface, {"authorization": f"bearer {raw}"}), surface)
    api_key_revoke(key=key)
    for headers in ({"x-api-key": raw}, {"authorization": f"Bearer {raw}"}):
        response = call(server, surface, headers)
        assert response.status_code == 401
        assert envelope(response)["code"] == "unauthorized"


def test_keys_are_stored_as_digests_only(issue):
    key, raw = issue("ci")
    assert raw.startswith("josh_") and len(raw) > 40
    for row in ApiKey.objects.values():
        assert not any(raw in str(value) for value in row.values())
        assert row["key_hash"] != raw and len(row["key_hash"]) == 64
    assert raw.startswith(key.prefix) and len(key.prefix) < len(raw) // 3


def test_an_admin_session_may_use_rest_and_the_browsable_api_without_a_key(josh, admin_user):
    server = josh("apikey")
    with httpx.Client(base_url=server.url, timeout=30) as browser:
        page = browser.get("/admin/login/")
        token = browser.cookies["csrftoken"]
        browser.post(
            "/admin/login/",
            data={"username": "admin", "password": "password", "csrfmiddlewaretoken": token},
            headers={"referer": server.url + "/admin/login/"},
        )
        assert page.status_code == 200 and "sessionid" in browser.cookies
        assert browser.get("/browse/", headers={"accept": "text/html"}).status_code == 200
        assert browser.get("/v1/sources").status_code == 200
    assert call(server, "browse").status_code == 401  # the same request without the session


# --- exempt paths --------------------------------------------------------------------------------

EXEMPT = [
    ("/", 200),
    ("/v1/docs", 200),
    ("/v1/openapi.json", 200),
    ("/.well-known/oauth-protected-resource", 200),
    ("/.well-known/oauth-protected-resource/mcp", 200),
    ("/admin/", 302),  # its own login
    ("/admin/login/", 200),
]


@pytest.mark.parametrize("mode", ["apikey", "oauth"])
def test_exempt_paths_stay_open_and_uncounted(josh, mode):
    server = josh(mode, rate="1/m")
    for path, status in EXEMPT:
        for _ in range(2):  # twice: past a budget of 1, were they counted
            response = http().get(server.url + path)
            assert response.status_code == status, path
            assert not any(name in response.headers for name in RATE_HEADERS), path
    landing = http().get(server.url + "/mcp", headers={"accept": "text/html"})
    assert landing.status_code == 200 and "Authorization: Bearer" in landing.text
    static = http().get(server.url + "/static/admin/css/base.css")
    assert static.status_code != 401
    preflight = http().options(server.url + "/v1/sources")
    assert preflight.status_code != 401


# --- rate limits ---------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["disabled", "apikey", "oauth"])
@pytest.mark.parametrize("surface", SURFACES)
def test_past_the_limit_is_429_with_retry_after(josh, issue, mode, surface):
    server = josh(mode, rate="3/m")
    headers = {} if mode == "disabled" else {"x-api-key": issue()[1]}
    for remaining in (2, 1, 0):
        response = call(server, surface, headers)
        assert_ok(response, surface)
        assert response.headers["x-ratelimit-limit"] == "3"
        assert response.headers["x-ratelimit-remaining"] == str(remaining)
        assert 1 <= int(response.headers["x-ratelimit-reset"]) <= 60
    response = call(server, surface, headers)
    assert response.status_code == 429
    error = envelope(response)
    retry_after = int(response.headers["retry-after"])
    assert 1 <= retry_after <= 60
    assert error["type"] == "rate_limit_error" and error["code"] == "rate_limited"
    assert error["hint"] == {"retry_after": retry_after, "limit": 3, "rate": "3/m"}
    assert response.headers["x-ratelimit-remaining"] == "0"


def test_one_budget_across_surfaces_and_one_per_key(josh, issue):
    server = josh("apikey", rate="3/m")
    raw_a, raw_b = issue("a")[1], issue("b")[1]
    for surface in SURFACES:
        assert call(server, surface, {"x-api-key": raw_a}).status_code == 200
    for surface in SURFACES:
        assert call(server, surface, {"x-api-key": raw_a}).status_code == 429
        assert call(server, surface, {"authorization": f"Bearer {raw_b}"}).status_code == 200
    # a refused 401 is not counted against anyone's budget, and never turns into 429
    for _ in range(5):
        assert call(server, "rest").status_code == 401


def test_disabled_mode_budgets_per_ip_and_per_valid_key(josh, issue):
    server = josh("disabled", rate="2/m")
    raw = issue()[1]
    assert [call(server, "rest").status_code for _ in range(3)] == [200, 200, 429]
    assert call(server, "rest", {"x-api-key": raw}).status_code == 200  # its own budget
    assert call(server, "rest", {"x-api-key": "josh_bogus"}).status_code == 429  # ignored: the IP's budget


@pytest.mark.parametrize("mode", ["apikey", "oauth"])
@pytest.mark.parametrize("surface", SURFACES)
def test_no_rate_headers_when_limits_are_off(josh, issue, mode, surface):
    server = josh(mode, rate=None)
    raw = issue()[1]
    for _ in range(3):
        response = call(server, surface, {"x-api-key": raw})
        assert_ok(response, surface)
        assert not any(name in response.headers for name in RATE_HEADERS)


def test_mcp_exposes_the_rate_headers_to_browser_clients(josh):
    server = josh("disabled", rate="5/m")
    response = call(server, "mcp", {"origin": server.url})
    assert response.status_code == 200
    exposed = response.headers["access-control-expose-headers"]
    assert all(name in exposed for name in (*RATE_HEADERS, "retry-after"))


@pytest.mark.anyio
async def test_the_mcp_sdk_reuses_the_routers_verification(transactional_db):
    from asgiref.sync import sync_to_async

    from apps.access.policy import Principal, verified_token
    from apps.mcp_bridge.auth import ApiKeyTokenVerifier

    key, raw = await sync_to_async(api_key_issue)(name="agent")
    verified_token.set((raw, Principal("key", str(key.pk), key.name)))
    token = await ApiKeyTokenVerifier().verify_token(raw)
    assert (token.client_id, token.subject) == (f"apikey:{key.pk}", "agent")
    verified_token.set(None)
    await sync_to_async(api_key_revoke)(key=key)
    assert await ApiKeyTokenVerifier().verify_token(raw) is None  # no shortcut: the table says revoked
