"""The search page's request: its parameters, and one run of the hybrid search for a page and its facets.

The HTML page and its CSV export both call ``run``, so they list the same hits in the same order; the page's
JSON link is the /v1/search request that returns that same page.
"""

from copy import copy
from dataclasses import dataclass, field
from datetime import date
from typing import Literal
from urllib.parse import urlencode

import pydantic
from pydantic import Field, create_model, field_validator

from apps.core.adapters import parameter_error_from_validation
from apps.core.errors import InvalidParameter
from apps.core.plans import all_plans
from apps.core.source_aliases import canonical_sources
from apps.explorer.services import Facet
from apps.search import eligibility, facets
from apps.search.conf import knob
from apps.search.ordering import years_of
from apps.search.schemas import SORTS, NoMatch, SearchPage, SearchParams
from apps.search.selectors import search, search_with_months

PAGE_SIZE = 20
MODES = ("hybrid", "lexical", "semantic")
SORT_LABELS = dict(zip(SORTS, ("Relevance", "Newest first", "Oldest first"), strict=True))
FACETS = facets.NAMES  # agency, document_type, chamber: multi-select, comma lists in the URL
FILTERS = ("source", "congress", "bill_id", "since", "until", *FACETS)


def _declared_fields() -> dict:
    """The search declaration's fields (apps.search.schemas.SearchParams, bounds included), less those the
    page sets itself (``limit``, ``offset``: it pages by ``page``); ``q`` may be empty here (the box before a
    search)."""
    fields = {}
    for name, info in SearchParams.model_fields.items():
        if name in ("limit", "offset"):
            continue
        info = copy(info)
        if name == "q":
            info.default = ""
        fields[name] = (info.annotation, info)
    return fields


class SearchForm(create_model("SearchFields", **_declared_fields())):  # type: ignore[misc]
    page: int = Field(1, ge=1)
    as_: Literal["words"] | None = Field(
        None, alias="as", description="words: search the text even if an id."
    )

    model_config = {"populate_by_name": True}

    @field_validator("source")
    @classmethod
    def _slugs(cls, value: str | None) -> str | None:
        return canonical_sources(value)  # "fr,bills" → "federal-register,bills": facets match their slugs

    @property
    def offset(self) -> int:
        return (self.page - 1) * PAGE_SIZE

    @property
    def filtered(self) -> bool:
        """Whether a filter of the Filters box is set (it opens then). Not for the source or the facets: their
        chips beside the hits show them chosen, and opening the box for them pushed the first hit off a
        phone's first screen."""
        return any(getattr(self, f) not in (None, "") for f in FILTERS if f not in (*FACETS, "source"))

    @property
    def filters(self) -> dict:
        """Every filter the page takes (``FILTERS``) as the search selector's keyword arguments."""
        return {name: getattr(self, name) for name in FILTERS}

    def query(self, **changes) -> dict[str, str]:
        """The page's parameters (empty ones left out), with ``changes`` applied (None drops one)."""
        values = {"q": self.q, "mode": self.mode if self.mode != "hybrid" else None, "page": self.page}
        values["sort"] = self.sort if self.sort != "relevance" else None
        values["as"] = self.as_
        values.update({f: getattr(self, f) for f in FILTERS})
        values.update(changes)
        if values.get("page") == 1:
            values["page"] = None
        return {k: str(v) for k, v in values.items() if v not in (None, "")}

    def url(self, path: str = "/search", **changes) -> str:
        query = self.query(**changes)
        return path + ("?" + urlencode(query) if query else "")

    @property
    def sources(self) -> list[str]:
        return [s for s in (self.source or "").split(",") if s]

    def toggled(self, slug: str) -> str:
        """This page with source ``slug`` added to the chosen sources, or taken out if chosen (page 1)."""
        chosen = self.sources
        chosen = [s for s in chosen if s != slug] if slug in chosen else [*chosen, slug]
        return self.url(source=",".join(chosen) or None, page=None)

    def chosen(self, name: str) -> list[str]:
        """The values of facet ``name`` in the URL (comma list), as written."""
        return [v.strip() for v in (getattr(self, name) or "").split(",") if v.strip()]

    @property
    def facet_params(self) -> list[tuple[str, str]]:
        """The facets chosen, as the form's hidden fields carry them through a new search."""
        return [(name, getattr(self, name)) for name in FACETS if getattr(self, name)]

    def facet_toggled(self, name: str, value: str) -> str:
        """This page with ``value`` added to facet ``name``'s chosen values, or taken out if chosen (page 1)."""
        chosen = self.chosen(name)
        kept = [v for v in chosen if facets.fold(v) != facets.fold(value)]  # "epa" in the URL is the EPA chip
        chosen = kept if len(kept) < len(chosen) else [*chosen, value]
        return self.url(**{name: ",".join(chosen) or None, "page": None})

    def year_url(self, year: int) -> str:
        """This page narrowed to the records published in ``year`` (page 1)."""
        return self.url(since=date(year, 1, 1), until=date(year, 12, 31), page=None)

    def api_url(self) -> str:
        """The /v1/search request answering with this page's hits."""
        query = {k: v for k, v in self.query(mode=self.mode).items() if k != "page"}
        query.update(limit=str(PAGE_SIZE), offset=str(self.offset))
        return "/v1/search?" + urlencode(query)


def parse_form(params) -> SearchForm:
    """The query string as a SearchForm; raises InvalidParameter (the error envelope's message) when bad."""
    data = {k: v.strip() for k, v in params.items() if v.strip() != ""}
    if "q" in params:
        data["q"] = params["q"].strip()
    try:
        form = SearchForm.model_validate(data)
    except pydantic.ValidationError as exc:
        raise parameter_error_from_validation(exc.errors()) from None
    last = max_page()
    if form.page > last:
        raise InvalidParameter("page", f"page must be between 1 and {last}; got {form.page}.")
    return form


@dataclass(frozen=True)
class SourceChoice:
    slug: str
    title: str


def searchable_sources() -> list[SourceChoice]:
    """The sources search can run on (body and short-body shapes, read from the live schema)."""
    shapes = eligibility.shapes()
    return [
        SourceChoice(slug, plan.title)
        for slug, (plan, shape) in shapes.items()
        if shape in ("body", "short-body")
    ]


def source_titles() -> dict[str, str]:
    return {plan.slug: plan.title for plan in all_plans()}


def max_page() -> int:
    return knob("MAX_OFFSET") // PAGE_SIZE + 1


@dataclass
class Outcome:
    page: SearchPage
    facets: list[Facet] = field(default_factory=list)  # every matching record counted, per source
    # facet name -> value -> every matching record counted (without the facet's own choice, when it has one)
    values: dict[str, dict[str, int]] = field(default_factory=dict)
    years: dict[int, int] = field(default_factory=dict)  # every matching record counted, per year
    months: dict[str, int] = field(default_factory=dict)  # ... and per month ("YYYY-MM"): the chart

    @property
    def pages(self) -> int:
        reachable = min(self.page.total, knob("MAX_OFFSET") + PAGE_SIZE)
        return max(1, -(-reachable // PAGE_SIZE))


def run(form: SearchForm) -> Outcome:
    """One page of hits for ``form`` and, per source, how many records match (``source_counts``: the whole
    result with the page's filters, not its first ranked hits). With a source chosen, the counts of the
    other sources come from the same search without it, so a facet can switch to another source and the
    chosen one's count is the page's total."""
    # every filter of the page but the source, which the counts below search without
    common = {"q": form.q, "mode": form.mode, **{k: v for k, v in form.filters.items() if k != "source"}}
    page, months = search_with_months(
        **common, source=form.source, sort=form.sort, limit=PAGE_SIZE, offset=form.offset
    )
    counts = page.source_counts
    if form.source is not None:
        counts = {**search(**common, limit=1).source_counts, **page.source_counts}
    ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    values = dict(page.facets)
    for name in FACETS:  # a chosen facet lists its other values too, so a second one can be added
        if getattr(form, name):
            wider = search(**{**common, name: None}, source=form.source, limit=1).facets.get(name, {})
            values[name] = {**wider, **page.facets.get(name, {})}
    return Outcome(
        page=page,
        facets=[Facet(source=s, count=n) for s, n in ordered],
        years=years_of(months),
        months=months,
        values=values,
    )


FACET_TITLES = {"agency": "Agency", "document_type": "Document type", "chamber": "Chamber"}


def facet_label(name: str, value: str) -> str:
    """A facet value as a reader reads it: "Proposed rule", "House", "Environmental Protection Agency"."""
    label = facets.LABELS.get(name, {}).get(value, value)
    # the Federal Register prints agencies in capitals; a name of a few letters is an acronym (EPA)
    return (
        label.title().replace(" Of ", " of ").replace(" And ", " and ").replace(" The ", " the ")
        if (label.isupper() and len(label) > 6)
        else label
    )


def suggestion_links(form: SearchForm, no_match: NoMatch | None) -> list[dict]:
    """Each ``no_match`` suggestion with the search page that follows it (None when it is not a link)."""
    if no_match is None:
        return []
    out = []
    for s in no_match.suggestions:
        url = None
        if s.q:
            url = form.url(q=s.q, page=None)
        elif s.action == "drop_filter" and s.parameter in (*FILTERS,):
            url = form.url(**{s.parameter: None, "page": None})
        elif s.action == "try_mode" and s.value in MODES:
            url = form.url(mode=s.value, page=None)
        out.append({"message": s.message, "url": url})
    return out
