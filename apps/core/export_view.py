"""The REST decorator of CSV export: ``csv_on_request`` re-renders a /v1 operation's tabular JSON answer as
the CSV of that page (apps.core.export) or, with ``export=all``, of the whole result (apps.core.export_all)."""

import json
from functools import wraps

from django.utils.cache import patch_vary_headers

from apps.core.adapters import josh_error_response
from apps.core.errors import InvalidParameter, JoshError
from apps.core.export import (
    EXPORT_PARAM,
    csv_response,
    explicit_csv,
    is_tabular,
    not_tabular_error,
    wants_csv,
    whole_result_wanted,
)
from apps.core.export_all import whole_csv_response


def csv_on_request(run):
    """Wraps a REST operation (ninja's ``add_decorator``): when the request asks for CSV, a tabular JSON
    answer is re-rendered as CSV; an error, or a single record reached through Accept only, stays JSON."""

    @wraps(run)
    def wrapper(request, *args, **kwargs):
        try:
            csv_wanted = wants_csv(request)
            if whole_result_wanted(request) and not csv_wanted:
                raise InvalidParameter(
                    EXPORT_PARAM,
                    "export=all streams the whole result as CSV: add format=csv.",
                    allowed=["all"],
                )
        except JoshError as exc:
            return josh_error_response(exc)
        response = run(request, *args, **kwargs)
        if response.status_code != 200 or response.streaming:
            return response
        if not response.get("Content-Type", "").startswith("application/json"):
            return response
        patch_vary_headers(response, ["Accept"])
        if not csv_wanted:
            return response
        body = json.loads(response.content)
        if isinstance(body, list) and all(isinstance(row, dict) for row in body):
            body = {"results": body}  # a route answering a bare list of records (/v1/sources): its rows
        if not is_tabular(body):
            return josh_error_response(not_tabular_error()) if explicit_csv(request) else response
        if whole_result_wanted(request):
            answer = whole_csv_response(request, body, lambda: run(request, *args, **kwargs))
        else:
            answer = csv_response(request, body)
        patch_vary_headers(answer, ["Accept"])
        return answer

    return wrapper
