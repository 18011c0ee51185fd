"""Hostile input on /v1/search and on every list and lookup route of the OpenAPI document.

Property: never a 500; every non-2xx is a 400/404/429/503 carrying the one error envelope
(``{"error": {type, code, message, request_id, hint?}}``). Example counts are bounded for CI;
JOSH_HOSTILE_SCALE=5 multiplies them for a deeper run.
"""

import os
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hardening.conftest import assert_envelope

pytestmark = pytest.mark.django_db

SCALE = float(os.environ.get("JOSH_HOSTILE_SCALE", "1"))  # e.g. 10 for a deeper run than CI's
HYPOTHESIS = settings(
    max_examples=int(80 * SCALE),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)

FTS_SYNTAX = [
    '"', '""', '"unbalanced', ":", "-", "*", "**", "NEAR(", "NEAR(water act, 2)", "^", "^water",
    "{title body}:", "title:", "body:water", "AND", "OR", "NOT", "water AND", "(water", ")", "+water",
    "hr:119:103", "H.R. 103", "O'Brien", "U.S.C.", "C++", "#tag", "water, act", "-water", "water-quality",
    "*ater", "a:b", "rank", "bm25(", "'; DROP TABLE bills_bill; --", "%", "_", "\\", "\x00", "NUL\x00byte",
    "café", "ÉCOLE", "日本語", "🙂", "\u202e", "\ufeff", "\t", "\n", " ", "",
]  # fmt: skip
WORDS = ["water", "act", "health", "veterans", "tax", "a", "of", "the", "clean", "child"]
pieces = st.one_of(
    st.sampled_from(FTS_SYNTAX),
    st.sampled_from(WORDS),
    st.text(min_size=1, max_size=12),
    st.from_regex(r"[a-z]{1,8}\*", fullmatch=True),
)
queries = st.one_of(
    st.lists(pieces, min_size=0, max_size=8).map(" ".join),
    st.lists(pieces, min_size=1, max_size=6).map("".join),
    st.text(max_size=200),
    st.builds(lambda w, n: (w + " ") * n, st.sampled_from(WORDS + FTS_SYNTAX[:20]), st.integers(100, 2500)),
)
dates = st.one_of(
    st.none(),
    st.dates().map(str),
    st.sampled_from(["2025-02-30", "0000-00-00", "9999-12-31", "2025-13-01", "yesterday", "", "2025-1-1"]),
    st.text(max_size=12),
)
ints = st.one_of(
    st.none(),
    st.integers(-(2**70), 2**70).map(str),
    st.sampled_from(["0", "-1", "1", "250", "251", "1e3", "NaN", "", "1.5", "0x10", " 5", "１２"]),
    st.text(max_size=6),
)
idish = st.one_of(
    st.none(),
    st.sampled_from(["hr:119:1", "hr:119:103", "H.R. 1", "s:0:0", "hr:999999999999999999999:1", "x:y:z", ""]),
    st.text(max_size=40),
)
sources = st.one_of(
    st.none(),
    st.sampled_from(
        ["bills", "saps", "gao-reports", "legislators", "bills,gao-reports", "nope", ",", "bills,,"]
    ),
    st.text(max_size=30),
)
MODES = st.sampled_from(["lexical", "semantic", "hybrid", "LEXICAL", "", "vector"])


def _get(client, path, params):
    query = urlencode({k: v for k, v in params.items() if v is not None})
    return client.get(f"{path}?{query}" if query else path)


@given(q=queries, mode=MODES, limit=ints, offset=ints)
@HYPOTHESIS
def test_search_query_text_never_500(client, hardening_corpus, q, mode, limit, offset):
    response = _get(client, "/v1/search", {"q": q, "mode": mode, "limit": limit, "offset": offset})
    assert_envelope(response)


@given(
    q=st.one_of(st.sampled_from(WORDS), queries),
    mode=MODES,
    source=sources,
    since=dates,
    until=dates,
    congress=ints,
    bill_id=idish,
    limit=ints,
    offset=ints,
)
@HYPOTHESIS
def test_search_filters_never_500(
    client, hardening_corpus, q, mode, source, since, until, congress, bill_id, limit, offset
):
    params = dict(
        q=q,
        mode=mode,
        source=source,
        since=since,
        until=until,
        congress=congress,
        bill_id=bill_id,
        limit=limit,
        offset=offset,
    )
    assert_envelope(_get(client, "/v1/search", params))


def test_search_10kb_and_nul_queries_answer_cleanly(client, hardening_corpus):
    for q in ("water " * 1800, "\x00", "water\x00act", '"' * 10_000, "NEAR(" * 2000, "a* " * 3000):
        for mode in ("lexical", "semantic", "hybrid"):
            assert_envelope(_get(client, "/v1/search", {"q": q, "mode": mode}))


def _routes():
    from josh.api import api

    schema = api.get_openapi_schema()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method == "get":
                yield path, operation.get("parameters", [])


ROUTES = list(_routes())
COLLECTIONS = [(p, params) for p, params in ROUTES if "{" not in p]
ITEMS = [(p, params) for p, params in ROUTES if "{" in p]


def _value_for(param):
    schema = param.get("schema", {})
    options = schema.get("anyOf", [schema])
    kinds = {o.get("type") for o in options}
    formats = {o.get("format") for o in options}
    if "date" in formats:
        return dates
    if "integer" in kinds:
        return ints
    if "boolean" in kinds:
        return st.one_of(st.none(), st.sampled_from(["true", "false", "1", "yes", "maybe", ""]))
    if param["name"] == "cursor":
        return st.one_of(
            st.none(),
            st.sampled_from(["bzoyMA", "bzotMQ", "eDo1", "o:5", "====", "bzo5OTk5OTk5OTk5OTk5OTk5OTk5OTk5"]),
            st.text(max_size=40),
        )
    enums = [v for o in options for v in o.get("enum", [])]
    if enums:
        return st.one_of(st.none(), st.sampled_from(enums), st.text(max_size=10))
    return st.one_of(st.none(), queries, idish)


def _params_strategy(parameters):
    query = [p for p in parameters if p["in"] == "query"]
    return st.fixed_dictionaries({p["name"]: _value_for(p) for p in query})


def _id_strategy():
    return st.one_of(
        st.sampled_from(
            [
                "hr:119:1", "hr:119:103", "H.R. 103", "hr103-119", "A000055", "a000055", "HSAG", "hsag15",
                "h:119:1:1", "vote:h2025-1", "sap:x", "gao-24-1", "0", "-1", "..", "%2e%2e", "%00", "a" * 500,
                "hr:119:99999999999999999999", "sources", "\u00e9", "🙂",
            ]
        ),
        st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40),
    )  # fmt: skip


@pytest.mark.parametrize("path,parameters", COLLECTIONS, ids=[p for p, _ in COLLECTIONS])
def test_list_routes_never_500(client, hardening_corpus, path, parameters):
    @given(params=_params_strategy(parameters))
    @settings(
        max_examples=int(25 * SCALE),
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    def run(params):
        assert_envelope(_get(client, path, params))

    run()


@pytest.mark.parametrize("path,parameters", ITEMS, ids=[p for p, _ in ITEMS])
def test_item_routes_never_500(client, hardening_corpus, path, parameters):
    from urllib.parse import quote

    @given(id=_id_strategy(), params=_params_strategy(parameters))
    @settings(
        max_examples=int(15 * SCALE),
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    def run(id, params):
        url = path.replace("{id}", quote(id, safe="")).replace("{slug}", quote(id, safe=""))
        assert_envelope(_get(client, url, params))

    run()
