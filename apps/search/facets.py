"""Facets: filters on a record's own columns that a source declares (``SearchSpec.facets``), each a multi-select
(a record passes with any value chosen), counted over the whole filtered result.

``agency`` takes the agency names the records carry (the Federal Register's printed AGENCY, a regulations.gov
docket's agency acronym), so its vocabulary is read from the database; ``document_type`` and ``chamber`` have a
fixed one. A value is matched without regard to case and becomes its canonical spelling; an unknown one is a
400 naming the values allowed. A source that does not declare a facet asked for is left out of the search
(apps/search/filters.py ``applicable``).
"""

from collections.abc import Iterable

from apps.core.db.quoting import quote_ident
from apps.core.errors import InvalidParameter
from apps.core.plans import all_plans, registered_plan
from apps.search import queries

NAMES = ("agency", "document_type", "chamber")

# canonical value -> the codes stored for it (the Federal Register's XML element names)
DOCUMENT_TYPES = {
    "rule": ("RULE",),
    "proposed_rule": ("PRORULE",),
    "notice": ("NOTICE",),
    "presidential_document": ("PRESDOCU",),
}
CHAMBERS = ("house", "senate")
LABELS = {
    "document_type": {
        "rule": "Rule",
        "proposed_rule": "Proposed rule",
        "notice": "Notice",
        "presidential_document": "Presidential document",
    },
    "chamber": {"house": "House", "senate": "Senate"},
}
DOC = {
    "agency": "Only records of these agencies (comma list, any of them), named as the agency facet lists them.",
    "document_type": "Only these Federal Register document types (comma list): "
    + ", ".join(DOCUMENT_TYPES)
    + ".",
    "chamber": "Only records of this chamber (comma list): house, senate.",
}


def column(spec, name: str) -> str | None:
    """The content-table column holding facet ``name`` for ``spec``'s source, or None if it has none."""
    return dict(getattr(spec, "facets", ())).get(name)


def agencies() -> list[str]:
    """Every agency name a searchable record carries, sorted."""
    found: set[str] = set()
    for plan in all_plans():
        spec = plan.search
        if spec is None or not (col := column(spec, "agency")):
            continue
        sql = queries.render("facet_values", idents={"content": spec.content_table, "col": col})
        found.update(value for (value,) in queries.fetchall(sql) if value)
    return sorted(found)


def _vocabulary(name: str) -> list[str]:
    if name == "document_type":
        return list(DOCUMENT_TYPES)
    if name == "chamber":
        return list(CHAMBERS)
    return agencies()


def _split(value) -> list[str]:
    items = value.split(",") if isinstance(value, str) else list(value)
    return [item.strip() for item in items if item and item.strip()]


def check(name: str, value) -> tuple[str, ...]:
    """The canonical values of facet ``name`` asked for (a comma list or a list), or a 400 naming the values
    allowed."""
    if name not in NAMES:
        raise InvalidParameter(
            name, f"Unknown filter '{name}'; facets are {', '.join(NAMES)}.", allowed=NAMES
        )
    allowed = _vocabulary(name)
    folded = {fold(v): v for v in allowed}
    folded.update({fold(label): v for v, label in LABELS.get(name, {}).items()})
    if name == "document_type":
        folded.update({fold(code): v for v, codes in DOCUMENT_TYPES.items() for code in codes})
    out: list[str] = []
    for item in _split(value):
        canonical = folded.get(fold(item))
        if canonical is None:
            shown = ", ".join(allowed[:40]) + (f" and {len(allowed) - 40} more" if len(allowed) > 40 else "")
            raise InvalidParameter(
                name, f"{name} must be one of {shown}; got '{item}'.", allowed=allowed or None
            )
        if canonical not in out:
            out.append(canonical)
    return tuple(out)


def fold(text: str) -> str:
    """A facet value as compared: case, spaces, "_" and "-" aside ("Proposed rule" is proposed_rule)."""
    return " ".join(text.replace("_", " ").replace("-", " ").split()).casefold()


def fragment(spec, name: str, values: tuple[str, ...]) -> tuple[str, dict]:
    """``c.<column> IN (...)`` over the content row ``c`` for facet ``name``, with its bound parameters."""
    col = f"c.{quote_ident(column(spec, name) or '')}"
    stored: list[str] = list(values)
    if name == "document_type":
        stored = [code for v in values for code in DOCUMENT_TYPES[v]]
    elif name == "chamber":
        col = f"lower({col})"  # bills say 'House', the Record and hearings 'house'
    params = {f"{name}_{i}": value for i, value in enumerate(stored)}
    return f"{col} IN ({', '.join(':' + key for key in params)})", params


def _canonical(name: str, stored: str | None) -> str | None:
    if not stored:
        return None
    if name == "document_type":
        return next((v for v, codes in DOCUMENT_TYPES.items() if stored in codes), None)
    if name == "chamber":
        return stored.lower() if stored.lower() in CHAMBERS else None
    return stored


def counts(keys: Iterable[tuple[str, int]]) -> dict[str, dict[str, int]]:
    """Facet name -> value -> how many of the records ``keys`` ((source, doc id), the whole result) have it,
    most first; a facet no record has is left out."""
    by_source: dict[str, list[int]] = {}
    for source, doc_id in keys:
        by_source.setdefault(source, []).append(doc_id)
    out: dict[str, dict[str, int]] = {}
    for source, ids in by_source.items():
        spec = registered_plan(source).searched
        for name, col in getattr(spec, "facets", ()):
            sql = queries.render("facet_counts", idents={"content": spec.content_table, "col": col})
            for stored, n in queries.fetchall(sql, {"ids": queries.ids_param(ids)}):
                value = _canonical(name, stored)
                if value is not None:
                    tally = out.setdefault(name, {})
                    tally[value] = tally.get(value, 0) + int(n)
    return {
        name: dict(sorted(out[name].items(), key=lambda kv: (-kv[1], kv[0]))) for name in NAMES if name in out
    }
