"""Citation completeness per record type: how many rows are dated and carry a URL in the publisher's scheme
(``apps.citations.rules``). Read by ``manage.py audit_citations`` and its test."""

import re
from dataclasses import dataclass, field

from django.apps import apps

from apps.citations.links import is_http_url
from apps.citations.models import CitedRecord
from apps.citations.rules import rule_for
from apps.core.plans import plan_for_model

EXAMPLES = 3  # failing ids shown per record type


@dataclass
class AuditRow:
    source: str
    model: str
    records: int = 0  # in the corpus (stubs apart)
    stubs: int = 0
    dated: int = 0
    url_valid: int = 0  # of every row, stubs included
    undated_reason: str = ""
    missing_rule: bool = False
    undated_examples: list[str] = field(default_factory=list)
    bad_url_examples: list[str] = field(default_factory=list)

    @property
    def failures(self) -> int:
        if self.missing_rule:
            return self.records + self.stubs
        undated = 0 if self.undated_reason else self.records - self.dated
        return undated + (self.records + self.stubs - self.url_valid)

    @property
    def ok(self) -> bool:
        return self.failures == 0


def _cited_models():
    return [m for m in apps.get_models() if issubclass(m, CitedRecord)]


def audit_model(model) -> AuditRow:
    plan = plan_for_model(model)
    rule = rule_for(model)
    row = AuditRow(source=plan.slug if plan else model._meta.model_name, model=model._meta.label)
    row.missing_rule = rule is None
    row.undated_reason = rule.undated if rule else ""
    pattern = re.compile(rf"(?:{rule.url})\Z") if rule else None
    has_stub = any(f.name == "is_stub" for f in model._meta.concrete_fields)
    columns = ["pk", "source_url", "published_at"] + (["is_stub"] if has_stub else [])
    for pk, url, published, *stub in model._base_manager.order_by("pk").values_list(*columns).iterator():
        is_stub = bool(stub and stub[0])
        row.stubs += is_stub
        row.records += not is_stub
        if not is_stub and published is not None:
            row.dated += 1
        elif not is_stub and not row.undated_reason and len(row.undated_examples) < EXAMPLES:
            row.undated_examples.append(str(pk))
        if pattern is not None and is_http_url(url) and pattern.match(url):
            row.url_valid += 1
        elif len(row.bad_url_examples) < EXAMPLES:
            row.bad_url_examples.append(f"{pk}: {url!r}")
    return row


def audit_citations(*, include_empty: bool = False) -> list[AuditRow]:
    """One row per record type; types with no rows are left out unless ``include_empty``."""
    rows = [audit_model(m) for m in _cited_models()]
    return [r for r in rows if include_empty or r.records or r.stubs]
