"""The three error adapters (ninja, DRF, Django views): each maps a failure onto apps.core.errors.error_body.

No other module builds an error response.
"""

import logging

from django.http import Http404, JsonResponse

from apps.core.db.timelimit import is_interrupt, timeout_error
from apps.core.errors import InvalidParameter, JoshError, NotFound, error_body, server_error_body

logger = logging.getLogger("josh.errors")


def josh_error_response(exc: JoshError) -> JsonResponse:
    response = JsonResponse(error_body(exc), status=exc.status)
    retry_after = exc.hint.get("retry_after") if exc.hint else None
    if retry_after is not None:
        response["Retry-After"] = str(retry_after)
    return response


def parameter_error_from_validation(errors: list[dict]) -> InvalidParameter:
    """Turn a pydantic/ninja error list into one InvalidParameter naming the first bad parameter."""
    first = errors[0] if errors else {}
    loc = [str(part) for part in first.get("loc", ()) if part not in ("query", "path", "body", "form")]
    name = ".".join(loc) or "request"
    problem = first.get("msg", "invalid value")
    problems = [
        {
            "parameter": ".".join(str(p) for p in e.get("loc", ()) if p not in ("query", "path", "body")),
            "problem": e.get("msg", ""),
        }
        for e in errors
    ]
    return InvalidParameter(name, f"Parameter '{name}': {problem}. Fix it and retry.", problems=problems)


def install_ninja_handlers(api) -> None:
    from ninja.errors import HttpError, ValidationError

    @api.exception_handler(JoshError)
    def _josh(request, exc):
        return josh_error_response(exc)

    @api.exception_handler(ValidationError)
    def _validation(request, exc):
        return josh_error_response(parameter_error_from_validation(exc.errors))

    @api.exception_handler(Http404)
    def _not_found(request, exc):
        return josh_error_response(NotFound("No such endpoint or record. See /v1/docs for the routes."))

    @api.exception_handler(HttpError)
    def _http(request, exc):
        return josh_error_response(JoshError(str(exc), code="http_error", status=exc.status_code))

    @api.exception_handler(Exception)
    def _unexpected(request, exc):
        if is_interrupt(exc):  # a row fetch stopped by the public time limit
            return josh_error_response(timeout_error())
        logger.exception("unhandled error on %s", request.path)
        return JsonResponse(server_error_body(), status=500)


def drf_exception_handler(exc, context):
    """DRF EXCEPTION_HANDLER: the same envelope for the browsable API."""
    from rest_framework import exceptions
    from rest_framework.response import Response

    if isinstance(exc, exceptions.ValidationError):
        detail = exc.detail if isinstance(exc.detail, dict) else {"request": exc.detail}
        errors = [
            {"loc": [k], "msg": "; ".join(map(str, v if isinstance(v, list) else [v]))}
            for k, v in detail.items()
        ]
        exc = parameter_error_from_validation(errors)
    elif isinstance(exc, Http404 | exceptions.NotFound):
        exc = NotFound("No such record. Check the id format in /v1/docs.")
    elif isinstance(exc, exceptions.APIException) and not isinstance(exc, JoshError):
        exc = JoshError(str(exc.detail), code=exc.default_code, status=exc.status_code)
    if is_interrupt(exc):
        exc = timeout_error()
    if not isinstance(exc, JoshError):
        return None  # let Django's 500 handling (and logging) take it
    response = Response(error_body(exc), status=exc.status)
    if exc.hint.get("retry_after") is not None:
        response["Retry-After"] = str(exc.hint["retry_after"])
    return response
