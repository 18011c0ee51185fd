"""The browsable renderer: DRF's page plus a Josh filter form (from the view's params model) and the
page's ``_links`` (REST equivalent, next/previous, sub-pages) as buttons. Template: rest_framework/api.html."""

import types
import typing
from typing import Any, Literal

from rest_framework.renderers import BrowsableAPIRenderer

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
