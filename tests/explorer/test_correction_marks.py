"""The explorer's mark on a corrected value, in a real headless Chromium (skipped where no chromium or no
playwright is installed): the word "corrected" beside the value (not a colour alone), reached by the Tab key,
its provenance shown on focus (a title shows to mouse users only) and named for screen readers; axe-core finds
nothing serious on the page. REST and MCP carry the same provenance block for the same record."""

import pytest
from asgiref.sync import async_to_sync
from django.contrib.contenttypes.models import ContentType

from apps.curation import services
from apps.mcp_bridge.server import build_server
from apps.registry.models import Committee, Legislator
from tests.browser import new_page
from tests.explorer.test_journeys import CHROMIUM, serious_violations, shot

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium (apt-get install chromium)"),
]
REASON = "The member's office spells the name so"
NAME = "Stephanie Irene Bice"


def _correct(model, pk, field: str, value: str) -> None:
    ct = ContentType.objects.get_for_model(model)
    services.correct(content_type=ct, object_id=str(pk), field=field, value=value, reason=REASON)


@pytest.fixture
def corrected(settings):
    """Corrections written before the live server's first request (the test thread touches the database no
    more while the server thread uses it), with what the source files say."""
    member = Legislator.objects.get(bioguide_id="B000740")
    committee = Committee.objects.get(thomas_id="HSWM")
    upstream = {"member": member.official_full, "committee": committee.name}
    _correct(Legislator, member.pk, "official_full", NAME)
    _correct(Committee, committee.pk, "name", "Committee on Ways and Means (curated name)")
    return upstream


@pytest.fixture
def browser(server, corrected, browser_loop):
    with new_page(browser_loop, viewport={"width": 1280, "height": 900}, bypass_csp=True) as page:
        yield page


def _tab_to_mark(page, limit: int = 80) -> bool:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('corrected-mark')"):
            return True
    return False


def test_a_corrected_name_is_marked_reachable_by_keyboard_with_its_provenance(server, corrected, browser):
    page = browser
    page.goto(server.url + "/legislators/B000740")
    heading = page.locator("h1 .corrected-mark")
    assert heading.count() == 1 and NAME in page.locator("h1").inner_text()
    tip = heading.locator(".corrected-tip")
    assert not tip.is_visible()
    assert _tab_to_mark(page)
    focused = page.locator(":focus")
    assert focused.inner_text().splitlines()[0].strip().lower() == "corrected"  # a word, not a colour
    assert focused.get_attribute("role") == "note"
    label = focused.get_attribute("aria-label")
    assert REASON in label and f"The source file says “{corrected['member']}”." in label
    assert page.locator(":focus .corrected-tip").is_visible()
    assert page.locator(":focus .corrected-tip").inner_text() == label
    shot(page, "40-corrected-legislator-focused")
    assert serious_violations(page) == []

    page.goto(server.url + "/committees/HSWM")
    assert page.locator("h1 .corrected-mark").count() == 1
    page.locator("h1 .corrected-mark").hover()
    assert corrected["committee"] in page.locator("h1 .corrected-tip").inner_text()
    assert (
        "Corrected by a curator: name differs from the source file." in page.locator(".citation").inner_text()
    )
    assert serious_violations(page) == []


def test_rest_and_mcp_carry_the_same_block_for_a_corrected_legislator(client, corrected):
    rest = client.get("/v1/legislators/B000740").json()
    block = rest["citation"]["corrections"]
    assert list(block) == ["official_full"] and block["official_full"]["reason"] == REASON
    assert block["official_full"]["upstream_value"] == corrected["member"]
    mcp = async_to_sync(build_server().call_tool)("get_legislator", {"id": "B000740"}).structured_content
    assert mcp["citation"]["corrections"] == block
