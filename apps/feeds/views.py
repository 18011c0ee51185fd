"""The adapters: the Atom feed of a search page, and "Save this search" for a signed-in reader."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, HttpResponseRedirect
from django.views.decorators.http import require_POST, require_safe

from apps.core.adapters import josh_error_response
from apps.core.db.timelimit import is_interrupt, timeout_error
from apps.core.errors import JoshError
from apps.core.public_url import public_base_url
from apps.explorer.search import parse_form
from apps.explorer.views import guarded
from apps.feeds import selectors, services
from apps.feeds.feed import atom

CONTENT_TYPE = "application/atom+xml; charset=utf-8"


@require_safe
@guarded
def search_feed(request):
    """The search page's query as an Atom feed of its newest matches; a bad parameter is the 400 envelope."""
    try:
        feed = selectors.search_feed(parse_form(request.GET))
    except JoshError as exc:
        return josh_error_response(exc)
    except Exception as exc:
        if is_interrupt(exc):  # stopped by the request's budget outside a search block: 503, as the page
            return josh_error_response(timeout_error())
        raise
    return HttpResponse(
        atom(feed, base=public_base_url(request)).writeString("utf-8"), content_type=CONTENT_TYPE
    )


@require_POST
@login_required(login_url="/admin/login/")  # the one sign-in page Josh has
def save_search(request):
    """Save the search page's query (posted by its "Save this search" button) for the signed-in reader."""
    try:
        form = parse_form(request.POST)  # the CSRF token is no search field: ignored
        services.save_search(request.user, form)
    except JoshError as exc:
        return josh_error_response(exc)
    return HttpResponseRedirect(form.url(page=None, saved="1"))
