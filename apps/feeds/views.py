"""The adapters: the Atom feed of a search page, "Save this search" for a signed-in reader, and that reader's
"My saved searches" page (list, rename, digest on/off, delete: their own searches only)."""

from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.http import require_POST, require_safe

from apps.core.adapters import josh_error_response
from apps.core.db.timelimit import is_interrupt, timeout_error
from apps.core.errors import InvalidParameter, JoshError
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


SIGN_IN = "/sign-in"  # a reader's sign-in (apps/feeds/urls.py): the admin's takes staff only


class SignIn(LoginView):
    """Any active account (the admin's sign-in takes staff only), axes-guarded as the admin's is. A reader
    already signed in goes on to ``next``; ``next`` naming the sign-in page itself goes to their searches
    (Django's view raises on that redirect loop: a 500 anyone could link a reader to)."""

    template_name = "explorer/sign_in.html"
    redirect_authenticated_user = True
    next_page = "/searches"

    def get_success_url(self):
        url = super().get_success_url()
        return self.next_page if url == self.request.path else url


@require_POST
@login_required(login_url=SIGN_IN)
def save_search(request):
    """Save the search page's query (posted by its "Save this search" button) for the signed-in reader."""
    try:
        form = parse_form(request.POST)  # the CSRF token is no search field: ignored
        services.save_search(request.user, form)
    except JoshError as exc:
        return josh_error_response(exc)
    return HttpResponseRedirect(form.url(page=None, saved="1"))


@require_safe
@login_required(login_url=SIGN_IN)
def my_searches(request):
    """The signed-in reader's saved searches, each with its feed and digest switch; ``done`` says what the
    last change was (the forms below redirect here)."""
    context = {
        "searches": selectors.saved_searches(request.user),
        "done": DONE.get(request.GET.get("done", "")),
    }
    return render(request, "explorer/saved_searches.html", context)


DONE = {"renamed": "Renamed.", "digest-on": "Digest on.", "digest-off": "Digest off.", "deleted": "Deleted."}
SWITCH = {"on": True, "off": False}


@require_POST
@login_required(login_url=SIGN_IN)
def rename_search(request, pk: int):
    return _change(
        lambda: services.rename_saved_search(request.user, pk, request.POST.get("name", "")), "renamed"
    )


@require_POST
@login_required(login_url=SIGN_IN)
def digest_search(request, pk: int):
    value = request.POST.get("digest", "")

    def change():
        if value not in SWITCH:
            raise InvalidParameter("digest", f"digest is {value!r}: 'on' or 'off'.")
        services.set_digest(request.user, pk, SWITCH[value])

    return _change(change, f"digest-{value}")


@require_POST
@login_required(login_url=SIGN_IN)
def delete_search(request, pk: int):
    return _change(lambda: services.delete_saved_search(request.user, pk), "deleted")


def _change(change, done: str):
    """Run a change; back to the list saying what was done, or the one error envelope (400/404)."""
    try:
        change()
    except JoshError as exc:
        return josh_error_response(exc)
    return HttpResponseRedirect(f"/searches?done={done}")
