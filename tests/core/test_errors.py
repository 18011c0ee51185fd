"""The one envelope, on every path a client can hit: JoshError, parameter validation, unknown routes."""

import pytest

from apps.core.errors import InvalidParameter, NotFound, error_body

pytestmark = pytest.mark.django_db


def assert_canonical_error(response, status: int, code: str):
    assert response.status_code == status
    body = response.json()
    assert set(body) == {"error"}
    error = body["error"]
    assert (
        {"type", "code", "message", "request_id"}
        <= set(error)
        <= {"type", "code", "message", "request_id", "hint"}
    )
    assert error["code"] == code
    assert error["message"]
    assert error["request_id"] == response["X-Request-Id"]
    return error


def test_error_body_shape():
    body = error_body(NotFound("No bill hr:119:99999."), request_id="abc12345")
    assert body == {
        "error": {
            "type": "not_found",
            "code": "record_not_found",
            "message": "No bill hr:119:99999.",
            "request_id": "abc12345",
        }
    }
    hinted = error_body(InvalidParameter("limit", "bad"), request_id="r")
    assert hinted["error"]["hint"] == {"parameter": "limit"}


def test_unknown_source_is_a_404_envelope(client):
    error = assert_canonical_error(client.get("/v1/sources/nope"), 404, "record_not_found")
    assert "valid_sources" in error["hint"]


def test_unknown_route_under_v1_is_a_404_envelope(client):
    assert_canonical_error(client.get("/v1/no-such-thing"), 404, "record_not_found")


def test_request_id_is_echoed_when_safe(client):
    response = client.get("/v1/sources/nope", HTTP_X_REQUEST_ID="client-req-000123")
    assert response["X-Request-Id"] == "client-req-000123"
    assert response.json()["error"]["request_id"] == "client-req-000123"
    unsafe = client.get("/v1/sources/nope", HTTP_X_REQUEST_ID="<script>")
    assert unsafe["X-Request-Id"] != "<script>"


def test_wrong_method_on_an_api_route_is_a_405_envelope(client):
    response = client.post("/v1/sources", data={})
    error = assert_canonical_error(response, 405, "method_not_allowed")
    assert error["hint"]["allowed_methods"] == ["GET"]
    assert response["Allow"] == "GET"


def test_echoed_values_are_capped_in_the_envelope():
    huge = "x" * 1_000_000
    body = error_body(InvalidParameter("q", f"q={huge!r} is not a query.", value=huge, valid=["a", huge]))
    error = body["error"]
    assert error["message"] == "q='" + "x" * 196 + "… is not a query."  # the advice after it survives
    spaced = error_body(InvalidParameter("q", "q=" + "ab " * 10_000))["error"]["message"]
    assert len(spaced) == 1000 and spaced.endswith("…")
    assert error["hint"]["value"] == "x" * 199 + "…"
    assert error["hint"]["valid"] == ["a", "x" * 199 + "…"]
    assert error["hint"]["parameter"] == "q"


def test_clip_keeps_short_values_whole():
    from apps.core.errors import clip

    assert clip("hr:119:103") == "hr:119:103"
    assert clip("y" * 300, 10) == "y" * 9 + "…"


def test_a_huge_bad_value_is_not_echoed_back_over_rest(client):
    response = client.get("/v1/bills/" + "hr" + "9" * 5000)
    assert response.status_code in (400, 404)
    assert len(response.content) < 3000
    response = client.get("/v1/legislators", {"party": "Q" * 39})
    assert response.status_code == 400
    assert len(response.json()["error"]["message"]) < 400
