"""The explorer's pages: parse the request -> call the selectors -> render a template.

Record pages read the same selectors as ``GET /v1/<resource>/{id}`` and the dossiers; search is
apps.search.selectors.search. Reshaping for display lives in apps.explorer.services (pure functions).
"""

from functools import wraps
from urllib.parse import parse_qsl, urlencode

from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.http import require_safe

from apps.access.costs import metered
from apps.access.policy import access_check, policy_active
from apps.bills import selectors as bills
from apps.bills.ids import topic_id
from apps.bills.naming import bill_label, ordinal
from apps.citations.parse import parse_citation
from apps.core.adapters import josh_error_response
from apps.core.db.timelimit import is_interrupt, timeout_error
from apps.core.errors import JoshError, NotFound, error_body
from apps.core.services.sources import sources_list
from apps.core.vocabulary import PageParams
from apps.dossiers import selectors as dossiers
from apps.dossiers.selectors.entities import find_entities
from apps.explorer import lists, reader, records, services
from apps.explorer import search as explorer_search
from apps.explorer.activity import activity
from apps.explorer.links import link_for_id
from apps.registry import selectors as registry
from apps.registry.schemas import MembersParams
from apps.search.entities import citation_check

EXAMPLE_SEARCHES = (
    ("walk-in freezer efficiency", ""),
    ("child online safety", ""),
    ('"energy conservation"', "lexical"),
    ("tribal colleges", ""),
)
EXAMPLE_IDS = ("H.J.Res. 24", "S000033", "HSWM", "senate:119:2025:162", "crs:R48914", "fr:2024-02930")
ALL_ROWS = 250  # the selectors' largest page
MAX_ACTIONS = 2000
BODY_CHARS = 300_000  # longer texts are cut on the page; the JSON link has all of it


def guarded(view):
    """The access policy of /v1 and /browse/ (JOSH_AUTH, JOSH_RATE_LIMIT) for pages that show records:
    a browser passes with an admin session (or an API key header); otherwise the page says how to."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if policy_active():
            decision = access_check(
                headers=request.headers,
                remote_addr=request.META.get("REMOTE_ADDR"),
                user=getattr(request, "user", None),
            )
            if decision.error:
                response = _error_page(request, decision.error, login=True)
            else:
                with metered(decision):
                    response = view(request, *args, **kwargs)
            for name, value in decision.headers.items():
                response[name] = value
            return response
        return view(request, *args, **kwargs)

    return wrapper


def _error_page(request, exc: JoshError, *, login: bool = False, q: str = ""):
    context = {"error": error_body(exc)["error"], "status": exc.status, "login": login, "q": q}
    template = "explorer/404.html" if exc.status == 404 else "explorer/error.html"
    return render(request, template, context, status=exc.status)


@require_safe
def home(request):
    """Search box, examples, and what is loaded: every source with its count and an example record."""
    try:
        sources = sources_list()
    except JoshError as exc:  # a query past its time limit: a 503 page that says so, not a 500
        return _error_page(request, exc)
    listable = lists.list_views()
    rows = [
        {
            "source": s,
            "example_url": records.url_for_id(s.id_example) if s.id_example and s.count else None,
            "search_url": f"/search?source={s.slug}" if s.searchable and s.count else None,
            "list_url": f"/{s.resource}" if s.resource in listable and s.count else None,
        }
        for s in sources
    ]
    context = {
        "rows": rows,
        "total": sum(s.count for s in sources),
        "examples": [
            {"q": q, "url": explorer_search.SearchForm(q=q, mode=mode or "hybrid").url()}
            for q, mode in EXAMPLE_SEARCHES
        ],
        "example_ids": [{"id": i, "url": f"/search?q={i}"} for i in EXAMPLE_IDS],
    }
    return render(request, "explorer/home.html", context)


def _search_context(form=None, **extra) -> dict:
    return {
        "form": form,
        "modes": explorer_search.MODES,
        "sorts": explorer_search.SORT_LABELS,
        "searchable": explorer_search.searchable_sources(),
        "titles": explorer_search.source_titles(),
        "examples": [q for q, _mode in EXAMPLE_SEARCHES],
        **extra,
    }


@require_safe
@guarded
def search_page(request):
    """Words -> ranked hits (hybrid by default) with facets; an id -> a redirect to its record's page. A search
    past its time budget is the friendly 503 page (REST's 503 ``query_timeout``), wherever it ran out."""
    try:
        return _search_page(request)
    except Exception as exc:
        if isinstance(exc, JoshError) and exc.status == 503:
            return _timeout_page(request, exc)
        if is_interrupt(exc):  # a statement stopped by the request's budget outside a search block
            return _timeout_page(request, timeout_error())
        raise


def _timeout_page(request, exc: JoshError):
    context = {"error": error_body(exc)["error"], "q": request.GET.get("q", "").strip()[:500]}
    return render(request, "explorer/503.html", context, status=503)


def _search_page(request):
    try:
        form = explorer_search.parse_form(request.GET)
    except JoshError as exc:  # keep what was typed in the box; show why the rest was refused
        form = explorer_search.SearchForm.model_construct(q=request.GET.get("q", "").strip())
        return render(
            request, "explorer/search.html", _search_context(form, error=_err(exc)), status=exc.status
        )
    if not form.q:
        return render(request, "explorer/search.html", _search_context(form))
    if form.as_ is None and (url := records.lookup(form.q)):
        return HttpResponseRedirect(url)
    entities, cited = _entity_cards(form.q)
    # A query that is exactly a citation of a record Josh holds opens it, as an id does: the reader typed
    # "89 FR 9838" to read that document. as=words keeps the word search (with the card above the hits).
    if form.as_ is None and entities and entities[0]["kind"] == "citation":
        return HttpResponseRedirect(entities[0]["url"])
    try:
        outcome = explorer_search.run(form)
    except JoshError as exc:
        if exc.status == 503 and not entities:
            raise
        # The records the query names are found before the document search: when that search runs out of
        # time (a cold first "Sen. Markey" on the demo took 8 s), the cards still lead to them.
        context = _search_context(form, error=_err(exc), entities=entities)
        return render(request, "explorer/search.html", context, status=exc.status)
    hits = [
        {"hit": hit, "rank": form.offset + i, "url": _hit_url(hit)}
        for i, hit in enumerate(outcome.page.results, start=1)
    ]
    titles = explorer_search.source_titles()
    facets = [
        {
            "title": titles.get(f.source, f.source),
            "count": f.count,
            "url": form.toggled(f.source),
            "current": f.source in form.sources,
        }
        for f in outcome.facets
    ]
    years = [
        {"year": y, "count": n, "url": form.year_url(y), "current": _is_year(form, y)}
        for y, n in outcome.years.items()
    ]
    context = _search_context(
        form,
        outcome=outcome,
        entities=entities,
        citation=citation_check(form.q, resolved=cited),  # "89 FR 99999": says no such record, above the hits
        hits=hits,
        facets=facets,
        years=years,
        activity=activity(form, outcome.months),
        facet_groups=_facet_groups(form, outcome.values),
        all_dates_url=form.url(since=None, until=None, page=None),
        all_sources_url=form.url(source=None, page=None),
        page_links=_page_links(form, outcome.pages),
        no_match_links=explorer_search.suggestion_links(form, outcome.page.no_match),
        csv_url=_whole_result_csv(form.api_url()),
        api_url=form.api_url(),
        # "crs:R00001" is worth a word about; "snap" (a well-formed committee code) is not.
        id_like=(any(c.isdigit() or c == ":" for c in form.q) and records.url_for_id(form.q) is not None)
        or (not entities and parse_citation(form.q) is not None),  # "89 FR 1": a citation of nothing held
    )
    return render(request, "explorer/search.html", context)


def _facet_groups(form, values: dict[str, dict[str, int]]) -> list[dict]:
    """Each facet with values in the result: its values, counts and the links that add or remove them."""
    groups = []
    for name in explorer_search.FACETS:
        chosen = {v.casefold() for v in form.chosen(name)}
        items = [
            {
                "label": explorer_search.facet_label(name, value),
                "count": n,
                "url": form.facet_toggled(name, value),
                "current": value.casefold() in chosen,
            }
            for value, n in values.get(name, {}).items()
        ]
        if items:
            title = explorer_search.FACET_TITLES[name]
            any_url = form.url(**{name: None, "page": None})
            group = {
                "name": name,
                "title": title,
                "items": items,
                "any_url": any_url,
                "any_current": not chosen,
            }
            groups.append(group)
    return groups


def _is_year(form, year: int) -> bool:
    return bool(form.since and form.until and form.since.year == form.until.year == year)


def _entity_cards(q: str) -> tuple[list[dict], bool]:
    """The members, committees and cited record the query names, each with its page (one box); and whether
    a citation card was among them (Josh holds the record the query cites)."""
    cards = find_entities(q)
    shown = [
        {**card.model_dump(), "url": records.record_path(card.resource, card.id)}
        for card in cards
        if card.resource in records.GETTERS
    ]
    return shown, any(card.kind == "citation" for card in cards)


def _err(exc: JoshError) -> dict:
    return error_body(exc)["error"]


def _hit_url(hit) -> str | None:
    """The hit's record page, scrolled to its passage (a text fragment) where the page shows the text."""
    if hit.resource not in records.GETTERS:
        return None
    return records.record_path(hit.resource, hit.id) + reader.text_fragment(hit.snippet.text)


def _page_links(form, pages: int) -> dict:
    current = form.page
    numbers = sorted({1, pages, *range(max(1, current - 2), min(pages, current + 2) + 1)})
    return {
        "previous": form.url(page=current - 1) if current > 1 else None,
        "next": form.url(page=current + 1) if current < pages else None,
        "numbers": [{"n": n, "url": form.url(page=n), "current": n == current} for n in numbers],
    }


@require_safe
@guarded
def search_csv(request):
    """The search page's hits as CSV: the page's JSON request on /v1 with format=csv (one CSV renderer,
    apps.core.export, for every list, search and aggregate)."""
    try:
        form = explorer_search.parse_form(request.GET)
    except JoshError as exc:
        return josh_error_response(exc)
    return HttpResponseRedirect(_whole_result_csv(form.api_url()))


def _whole_result_csv(api_url: str) -> str:
    """A search's /v1 request as the CSV of its whole result (apps.core.export_all): from the first hit, in
    the largest pages the route serves."""
    path, _, query = api_url.partition("?")
    params = [(k, v) for k, v in parse_qsl(query) if k not in ("offset", "limit")]
    return path + "?" + urlencode([*params, ("limit", "50"), ("format", "csv"), ("export", "all")])


@require_safe
@guarded
def list_page(request, resource: str):
    """A list with its filters, paging, export links and charts of its aggregates (apps.explorer.lists)."""
    try:
        page = lists.build(resource, request.GET)
    except JoshError as exc:
        return _error_page(request, exc)
    return render(request, "explorer/list.html", {"page": page, "resource": resource})


def list_view(resource: str):
    def view(request):
        return list_page(request, resource)

    view.__name__ = f"explorer_list_{resource.replace('-', '_')}"
    return view


# ---------------------------------------------------------------------------------------------------------
# Record pages
# ---------------------------------------------------------------------------------------------------------


def record_view(resource: str):
    """The page for ``/<resource>/<id>``: a non-canonical spelling of the id redirects to the canonical one;
    an unknown id is a 404 page with a search link."""

    @require_safe
    @guarded
    def view(request, id: str):
        try:
            context = RENDERERS.get(resource, _document)(resource, id)
        except JoshError as exc:
            if exc.status >= 500:
                return _error_page(request, exc)
            exc = exc if exc.status == 404 else NotFound(exc.message, code=exc.code)
            return _error_page(request, exc, q=id)
        canonical = context["record_id"]
        if canonical != id:
            return HttpResponseRedirect(records.record_path(resource, canonical))
        context.update(resource=resource, api_url=records.record_path(f"v1/{resource}", canonical))
        return render(request, context.pop("template"), context)

    view.__name__ = f"explorer_{resource.replace('-', '_')}"
    return view


def _all_pages(fetch, limit: int = MAX_ACTIONS) -> list:
    """Every row of a cursor-paged selector (``fetch(params) -> Page``), up to ``limit``."""
    rows, cursor = [], None
    while len(rows) < limit:
        page = fetch(PageParams(limit=ALL_ROWS, cursor=cursor))
        rows += page.results
        cursor = page.pagination.next_cursor
        if not cursor:
            break
    return rows


def _bill(resource: str, id: str) -> dict:
    dossier = dossiers.bill_dossier(id=id)
    bill = dossier.bill
    actions = _all_pages(lambda p: bills.bill_actions(id=bill.id, params=p))
    cosponsors = _all_pages(lambda p: bills.bill_cosponsors(id=bill.id, params=p))
    body = None
    if bill.body_version:
        body = bills.bill_body(id=bill.id)
    return {
        "template": "explorer/bill.html",
        "record_id": bill.id,
        "d": dossier,
        "bill": bill,
        "steps": services.status_steps(
            actions,
            bill_type=bill.type,
            origin_chamber=bill.origin_chamber,
            introduced=bill.introduced_date,
            laws=bill.laws,
        ),
        "actions": actions,
        "cosponsors": cosponsors,
        "party_split": services.party_counts(dossier.cosponsor_party_split),
        "subjects": [(s, records.record_path("topics", topic_id("subject", s))) for s in bill.subjects],
        "policy_area_url": records.record_path("topics", topic_id("policy-area", bill.policy_area))
        if bill.policy_area
        else None,
        "other_votes": [v for v in bill.recorded_votes if not v.ingested],
        "body": body,
        "body_reading": reader.read(
            body.text[:BODY_CHARS], pinpoint=reader.pinpoint_for({}, bill_label=_cited(bill))
        )
        if body
        else None,
        "body_cut": bool(body and len(body.text) > BODY_CHARS),
        "citation": bill.citation,
        "linked": [
            ("CRS reports", dossier.crs_reports),
            ("GAO reports", dossier.gao_reports),
            ("Congressional Record", dossier.congressional_record),
            ("Hearings", dossier.hearings),
            ("Lobbying filings", dossier.lobbying),
        ],
    }


def _cited(bill) -> str:
    """A bill as a pinpoint cites it: "H.R. 1, 118th Cong." (then "§ 3(b)")."""
    return f"{bill_label(bill.type, bill.number)}, {ordinal(bill.congress)} Cong."


def _vote(resource: str, id: str) -> dict:
    vote = registry.vote_get(id=id)
    return {
        "template": "explorer/vote.html",
        "record_id": vote.id,
        "vote": vote,
        "tally": services.party_tally(vote.positions),
        "groups": services.positions_by_vote(vote.positions),
        "citation": vote.citation,
    }


def _legislator(resource: str, id: str) -> dict:
    dossier = dossiers.legislator_dossier(id=id)
    member = dossier.legislator
    return {
        "template": "explorer/legislator.html",
        "record_id": member.id,
        "d": dossier,
        "member": member,
        "terms": sorted(member.terms, key=lambda t: t.start, reverse=True),
        "seats": sorted(member.committees, key=lambda s: (-s.congress, s.committee_name)),
        "positions": [(services.POSITION_LABELS.get(k, k), n) for k, n in dossier.votes.by_position.items()],
        "citation": member.citation,
    }


def _committee(resource: str, id: str) -> dict:
    dossier = dossiers.committee_dossier(id=id)
    committee = dossier.committee
    roster = registry.committee_members(id=committee.id, params=MembersParams(limit=ALL_ROWS))
    return {
        "template": "explorer/committee.html",
        "record_id": committee.id,
        "d": dossier,
        "committee": committee,
        "sides": services.roster_by_side(roster.results),
        "roster_total": roster.pagination.total,
        "citation": committee.citation,
    }


def _document(resource: str, id: str) -> dict:
    getter = records.GETTERS.get(resource)
    if getter is None:
        raise NotFound(f"The explorer has no page for {resource}.")
    record = getter(id=id)
    data = record.model_dump(mode="json")
    for key in services.TEXT_FIELDS:
        if isinstance(data.get(key), str) and len(data[key]) > BODY_CHARS:
            data[key] = data[key][:BODY_CHARS] + "\n\n[… cut here; the JSON has the full text]"
    return {
        "template": "explorer/document.html",
        "record_id": record.id,
        "record": record,
        "parts": services.document_parts(data, link=_id_target),
        "source_title": explorer_search.source_titles().get(data.get("citation", {}).get("source", "")),
        "citation": getattr(record, "citation", None),
    }


def _id_target(value: str) -> str | None:
    """An id on a document page leads to its record, else to its publisher (links.link_for_id)."""
    target = link_for_id(value)
    return target.url if target else None


RENDERERS = {"bills": _bill, "votes": _vote, "legislators": _legislator, "committees": _committee}
