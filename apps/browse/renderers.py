"""The browsable renderer: DRF's page plus a Josh filter form (from the view's params model) and the
page's ``_links`` (REST equivalent, next/previous, sub-pages) as buttons. Template: rest_framework/api.html."""

import json
import types
import typing
from typing import Any, Literal

from rest_framework.renderers import BaseRenderer, BrowsableAPIRenderer

from apps.core.export import csv_lines, filename_for, is_tabular

HIDDEN_FIELDS = ("cursor",)  # a new filter starts from the first page


def _choices(annotation) -> list[str] | None:
    """Choices for a select: the Literal values, or true/false for a bool; None means a text box."""
    if typing.get_origin(annotation) is Literal:
        return [str(v) for v in typing.get_args(annotation)]
    if annotation is bool:
        return ["true", "false"]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            if arg is not type(None) and (found := _choices(arg)) is not None:
                return found
    return None


def filter_fields(models, query) -> list[dict[str, Any]]:
    fields = []
    for model in models:
        for name, info in model.model_fields.items():
            if name in HIDDEN_FIELDS or any(f["name"] == name for f in fields):
                continue
            fields.append(
                {
                    "name": name,
                    "choices": _choices(info.annotation),
                    "value": query.get(name, ""),
                    "help": info.description or "",
                    "required": info.is_required(),
                }
            )
    return fields


class JoshBrowsableAPIRenderer(BrowsableAPIRenderer):
    def get_context(self, data, accepted_media_type, renderer_context):
        context = super().get_context(data, accepted_media_type, renderer_context)
        view, request = renderer_context["view"], renderer_context["request"]
        models = [m for m in (getattr(view, "params", None),) if m]
        if getattr(view, "aggregate", False):
            from apps.core.aggregates import AggregateParams

            models.append(AggregateParams)
        context["josh_filters"] = filter_fields(models, request.query_params)
        links = data.get("_links", {}) if isinstance(data, dict) else {}
        context["josh_resources"] = data.get("resources") if isinstance(data, dict) else None
        context["josh_links"] = [(k, v) for k, v in links.items() if isinstance(v, str) and k != "self"]
        return context


class CSVRenderer(BaseRenderer):
    """``?format=csv`` on a browse page: the rows of a list or aggregate as CSV (apps.core.export, as on
    REST); a single record is one flattened row."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        response = (renderer_context or {}).get("response")
        if (response is not None and response.status_code >= 400) or not isinstance(data, dict):
            if response is not None:
                response["Content-Type"] = "application/json"
            return json.dumps(data).encode()  # the error envelope, unchanged
        if response is not None:
            request = renderer_context["request"]
            response["Content-Disposition"] = f'attachment; filename="{filename_for(request.path)}"'
        body = data if is_tabular(data) else {"results": [data]}
        body = {k: v for k, v in body.items() if k != "_links"}
        return "".join(csv_lines(body)).encode()
