"""Both auth modes: disabled (no 401 ever, empty authorization_servers) and oauth (RFC 9728 + api keys)."""

import pytest
from django.core.asgi import get_asgi_application

from apps.access.models import ApiKey
from apps.access.services import api_key_issue, api_key_revoke, api_key_verify
from apps.mcp_bridge.asgi import build_mcp_asgi
from tests.mcp.conftest import LiveServer, http, mcp_client, rpc

pytestmark = pytest.mark.anyio
METADATA_PATH = "/.well-known/oauth-protected-resource/mcp"


@pytest.fixture
def oauth_live(transactional_db, settings):
    settings.JOSH = {**settings.JOSH, "AUTH": "oauth"}
    settings.JOSH_OAUTH_ISSUER = "https://auth.example.org"
    with LiveServer(build_mcp_asgi(get_asgi_application())) as server:
        yield server


@pytest.mark.parametrize(
    "path", ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"]
)
def test_disabled_mode_metadata_has_no_authorization_servers(live, path):
    response = http().get(live.url + path)
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == "*"
    assert response.json() == {
        "resource": f"{live.url}/mcp",
        "authorization_servers": [],
        "scopes_supported": ["josh.read"],
        "bearer_methods_supported": ["header"],
        "resource_name": "Josh",
        "resource_documentation": f"{live.url}/mcp",
    }


def test_disabled_mode_never_answers_401(live):
    response = rpc(live.url, "tools/list", headers={"authorization": "Bearer nonsense"})
    assert response.status_code == 200


@pytest.mark.parametrize("token", [None, "josh_not-a-key"])
def test_oauth_mode_without_a_valid_token_gets_401_with_the_metadata_url(oauth_live, token):
    headers = {"authorization": f"Bearer {token}"} if token else {}
    response = rpc(oauth_live.url, "tools/list", headers=headers)
    assert response.status_code == 401
    challenge = response.headers["www-authenticate"]
    assert challenge.startswith("Bearer ")
    assert f'resource_metadata="{oauth_live.url}{METADATA_PATH}"' in challenge
    assert 'scope="josh.read"' in challenge


def test_oauth_mode_landing_page_needs_no_token(oauth_live):
    page = http().get(oauth_live.url + "/mcp", headers={"accept": "text/html"})
    assert page.status_code == 200
    assert "Authorization: Bearer" in page.text


def test_oauth_mode_metadata_names_the_issuer(oauth_live):
    document = http().get(oauth_live.url + "/.well-known/oauth-protected-resource/mcp").json()
    assert document["authorization_servers"] == ["https://auth.example.org"]
    assert document["resource"] == f"{oauth_live.url}/mcp"


async def test_oauth_mode_accepts_an_issued_key_and_refuses_it_once_revoked(oauth_live):
    key, raw = await _issue("agent")
    async with mcp_client(oauth_live.url, token=raw) as client:
        tools = await client.list_tools()
        assert "fetch" in {t.name for t in tools.tools}
    assert rpc(oauth_live.url, "tools/list", headers={"x-api-key": raw}).status_code == 200
    await _revoke(key)
    assert rpc(oauth_live.url, "tools/list", headers={"authorization": f"Bearer {raw}"}).status_code == 401


async def _issue(name):
    from asgiref.sync import sync_to_async

    return await sync_to_async(api_key_issue)(name=name)


async def _revoke(key):
    from asgiref.sync import sync_to_async

    await sync_to_async(api_key_revoke)(key=key)


def test_keys_are_stored_hashed(db):
    key, raw = api_key_issue(name="ci")
    assert raw.startswith("josh_") and len(raw) > 40
    stored = ApiKey.objects.get(pk=key.pk)
    assert raw not in (stored.key_hash, stored.prefix) and len(stored.key_hash) == 64
    assert api_key_verify(raw) == key
    assert api_key_verify(raw + "x") is None
    api_key_revoke(key=key)
    assert api_key_verify(raw) is None
