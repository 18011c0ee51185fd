CITATION_KEYS = {"citation_string", "url", "published_at", "source", "retrieved_at", "in_corpus"}
PAGINATION_KEYS = {"limit", "total", "next_cursor"}
LEGISLATOR_SUMMARY_KEYS = {
    "id", "bioguide_id", "lis_id", "name", "party", "caucus", "state", "district", "chamber", "is_current",
    "is_stub",
}  # fmt: skip
COMMITTEE_SUMMARY_KEYS = {"id", "name", "chamber", "is_current", "parent_id"}
VOTE_SUMMARY_KEYS = {
    "id", "upstream_id", "chamber", "congress", "session_year", "number", "voted_at", "legislative_date",
    "category", "question", "result", "bill_id", "totals", "citation",
}  # fmt: skip


def assert_error(response, status: int, code: str, parameter: str | None = None) -> dict:
    """The one error envelope: {"error": {type, code, message, request_id[, hint]}}."""
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"}
    error = body["error"]
    assert (
        {"type", "code", "message", "request_id"}
        <= set(error)
        <= {"type", "code", "message", "request_id", "hint"}
    )
    assert error["code"] == code
    if parameter is not None:
        assert error["hint"]["parameter"] == parameter
    return error
