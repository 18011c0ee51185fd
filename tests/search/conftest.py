"""A small named corpus for the search engine: bills (body-bearing) and SAPs, embedded with the test settings'
hashing encoder. SAPs are body-bearing in the real schema; here their plan is swapped for one without a chunk
table, which the live schema then reads as short-body (FTS only) — the shape the degradation rules are about,
and one no bundled source has any more. Where the bills/SAP plans are not registered yet, stand-ins with the
bill app's own SearchSpecs are registered for the test and removed after it."""

import dataclasses
from datetime import UTC, date, datetime
from importlib import import_module

import pytest
from django.conf import settings

from apps.core import plans as plan_registry
from apps.core.plans import Outcome, SourcePlan, all_plans

RETRIEVED = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)

# (bill_id, title, summary, body, published_at)
BILLS = [
    (
        "hr:119:101",
        "Kids Online Safety Act",
        "Requires social media platforms to protect minors from harmful content.",
        "SEC. 1. SHORT TITLE.\nThis Act may be cited as the Kids Online Safety Act.\n"
        "SEC. 2. DUTY OF CARE.\nA covered platform shall act in the best interests of a minor that uses "
        "the platform and shall prevent harms to minors, including bullying and harassment online.",
        date(2025, 2, 1),
    ),
    (
        "hr:119:102",
        "Clean Water Infrastructure Act",
        "Authorizes grants for drinking water treatment.",
        "SEC. 1. GRANTS.\nThe Administrator shall make grants to States for drinking water treatment "
        "plants and for the replacement of lead service lines.",
        date(2025, 3, 1),
    ),
    (
        "s:119:103",
        "Highway Formula Modernization Act",
        "Changes the apportionment of federal-aid highway funds.",
        "SEC. 1. APPORTIONMENT.\nFunds for federal-aid highways shall be apportioned among the States "
        "according to lane miles and vehicle miles traveled.",
        date(2025, 4, 1),
    ),
    (
        "hr:118:104",
        "Rural Broadband Deployment Act",
        "Funds broadband internet service in rural areas.",
        "SEC. 1. BROADBAND GRANTS.\nThe Secretary shall award grants to deploy broadband internet "
        "service to unserved rural households.",
        date(2023, 5, 1),
    ),
    (
        "hr:118:105",
        "Water Resources Development Act",
        "Authorizes Army Corps of Engineers water projects.",
        "SEC. 1. PROJECTS.\nThe Secretary of the Army may carry out projects for flood control, "
        "navigation and ecosystem restoration on water resources.",
        date(2023, 6, 1),
    ),
    (
        "s:118:106",
        "Protecting Children Online Act",
        "Limits data collection from children by websites.",
        "SEC. 1. CHILDREN'S DATA.\nAn operator of a website directed to children shall not collect "
        "personal information from a child without parental consent.",
        date(2023, 7, 1),
    ),
    (
        "hr:117:107",
        "Veterans Health Care Access Act",
        "Expands community care for veterans.",
        "SEC. 1. COMMUNITY CARE.\nThe Secretary of Veterans Affairs shall furnish hospital care through "
        "community providers when a veteran lives far from a facility.",
        date(2021, 8, 1),
    ),
    (
        "hr:117:108",
        "School Lunch Nutrition Act",
        "Updates nutrition standards for school meals.",
        "SEC. 1. NUTRITION STANDARDS.\nSchool lunches shall meet updated standards for whole grains, "
        "sodium and fresh fruit for children.",
        date(2021, 9, 1),
    ),
]

SAPS = [
    ("sap:2025-03-05_hr102", "Statement on H.R. 102 Clean Water Infrastructure Act", "The Administration supports "
     "grants for drinking water treatment.", date(2025, 3, 5), "hr:119:102"),
    ("sap:2025-04-05_s103", "Statement on S. 103 Highway Formula Modernization Act", "The Administration opposes "
     "the highway apportionment changes.", date(2025, 4, 5), "s:119:103"),
]  # fmt: skip


def _stand_in(slug: str, model: str, resource: str, spec) -> SourcePlan:
    return SourcePlan(
        slug=slug,
        title=slug,
        publisher="test",
        description="stand-in plan for search tests",
        model=model,
        resource=resource,
        parse=lambda path: [],
        load=lambda record, ctx: Outcome.NOOP,
        search=spec,
    )


@pytest.fixture
def search_plans(monkeypatch):
    from apps.bills.search import BILLS_SEARCH, SAPS_SEARCH

    # Routes are generated from the registry when the URLconf is first imported: do that before any swap.
    import_module(settings.ROOT_URLCONF)

    found = []
    for slug, model, resource, spec in (
        ("bills", "bills.Bill", "bills", BILLS_SEARCH),
        ("saps", "bills.Sap", "saps", SAPS_SEARCH),
    ):
        plan = plan_for_fts(spec.fts_table)
        if plan is None:
            plan = _stand_in(slug, model, resource, spec)
            monkeypatch.setitem(plan_registry._REGISTRY, slug, plan)
        if spec is SAPS_SEARCH:  # short-body for these tests: the same FTS table, no chunk table
            plan = dataclasses.replace(plan, search=dataclasses.replace(spec, chunk_table=None))
            monkeypatch.setitem(plan_registry._REGISTRY, plan.slug, plan)
        found.append(plan)
    return tuple(found)


def plan_for_fts(fts_table: str):
    return next((p for p in all_plans() if p.search and p.search.fts_table == fts_table), None)


def make_bill(bill_id, title, summary, body, published_at):
    from apps.bills.models import Bill

    bill_type, congress, number = bill_id.split(":")
    return Bill.objects.create(
        bill_id=bill_id,
        bill_type=bill_type,
        congress=int(congress),
        number=int(number),
        title=title,
        summary=summary,
        body=body,
        citation_string=f"{bill_type.upper()} {number}, {congress}th Congress",
        source_url=f"https://www.congress.gov/bill/{congress}th-congress/{bill_id}",
        published_at=published_at,
        retrieved_at=RETRIEVED,
    )


def make_sap(sap_id, title, body, published_at, bill_id):
    from apps.bills.models import Sap

    return Sap.objects.create(
        sap_id=sap_id,
        title=title,
        administration="47-Trump",
        congress=119,
        date_issued=published_at,
        bill_id=bill_id,
        body=body,
        citation_string=title,
        source_url="https://www.whitehouse.gov/omb/statements-of-administration-policy/",
        published_at=published_at,
        retrieved_at=RETRIEVED,
    )


@pytest.fixture
def corpus_db(db, search_plans):
    """The bills and SAPs above, with the bills embedded (hashing encoder)."""
    from apps.search.embedding import embed_source

    bills = [make_bill(*row) for row in BILLS]
    saps = [make_sap(*row) for row in SAPS]
    embed_source(search_plans[0])
    return {"bills": bills, "saps": saps}
