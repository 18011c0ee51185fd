"""Saved searches and their email digests (``manage.py send_digests``, run from cron: docs/FEEDS.md)."""

import logging
from collections.abc import Callable
from datetime import datetime

from django.conf import settings
from django.core.mail import send_mail
from django.utils import timezone

from apps.core.errors import InvalidParameter, JoshError, NotFound
from apps.core.public_url import public_base_url
from apps.feeds.models import SavedSearch
from apps.feeds.schemas import FeedEntry
from apps.feeds.selectors import search_feed

log = logging.getLogger(__name__)


def save_search(user, form) -> SavedSearch:
    """``form`` (a parsed search page) saved for ``user``, once per query string: saving it again returns it."""
    if not form.q:
        raise InvalidParameter("q", "q is empty: a saved search needs the words to search for.")
    query = form.url(path="", page=None).lstrip("?")
    room = SavedSearch._meta.get_field("query").max_length
    if len(query) > room:  # PostgreSQL refuses a longer varchar (SQLite would store it): say so, not a 500
        raise InvalidParameter(
            "q",
            f"This search is too long to save ({len(query)} characters as a URL, at most {room}): shorten it.",
        )
    saved, _ = SavedSearch.objects.get_or_create(user=user, query=query, defaults={"name": form.q[:200]})
    return saved


def _own(user, pk: int) -> SavedSearch:
    """``user``'s saved search ``pk``; another user's is as missing as one that never was (no id probing)."""
    saved = SavedSearch.objects.filter(user=user, pk=pk).first()
    if saved is None:
        raise NotFound(f"You have no saved search {pk}. Your saved searches are listed at /searches.")
    return saved


NAME_MAX = SavedSearch._meta.get_field("name").max_length


def rename_saved_search(user, pk: int, name: str) -> SavedSearch:
    name = " ".join(name.split())
    if not name:
        raise InvalidParameter("name", "name is empty: give the saved search a name.")
    if len(name) > NAME_MAX:
        raise InvalidParameter("name", f"name is {len(name)} characters: at most {NAME_MAX}.")
    saved = _own(user, pk)
    saved.name = name
    saved.save(update_fields=["name"])
    return saved


def set_digest(user, pk: int, on: bool) -> SavedSearch:
    """Turn the search's email digest on or off; its feed is unaffected."""
    saved = _own(user, pk)
    saved.digest = on
    saved.save(update_fields=["digest"])
    return saved


def delete_saved_search(user, pk: int) -> None:
    _own(user, pk).delete()


# The search page's parser (apps.explorer.search.parse_form over a query string), passed in by the adapter.
Parse = Callable[[str], object]


def new_entries(saved: SavedSearch, parse: Parse) -> list[FeedEntry]:
    """The saved search's feed entries Josh retrieved (ingested new or changed) since its last digest."""
    feed = search_feed(parse(saved.query))
    since = saved.last_sent_at
    return [e for e in feed.entries if since is None or e.citation.retrieved_at > since]


def send_digests(parse: Parse, now: datetime | None = None) -> int:
    """Email each saved search's new entries to its user; return how many emails went out. A search whose
    digest its owner turned off, or with nothing new, sends nothing; one that can no longer run (a source since removed) is logged and skipped."""
    # Taken before the searches run: a record ingested meanwhile may come in two digests, never in none.
    now = now or timezone.now()
    sent = 0
    for saved in SavedSearch.objects.select_related("user").filter(digest=True).exclude(user__email=""):
        try:
            entries = new_entries(saved, parse)
        except JoshError as exc:
            log.warning("saved search %s (%s) skipped: %s", saved.pk, saved.query, exc)
            continue
        if entries:
            send_mail(
                f"Josh: {len(entries)} new for “{saved.name}”",
                _digest_text(saved, entries),
                settings.DEFAULT_FROM_EMAIL,
                [saved.user.email],
            )
            sent += 1
        saved.last_sent_at = now
        saved.save(update_fields=["last_sent_at"])
    return sent


def _digest_text(saved: SavedSearch, entries: list[FeedEntry]) -> str:
    base = public_base_url()
    lines = [f"New matches for your saved search “{saved.name}” ({base}/search?{saved.query}):", ""]
    for e in entries:
        lines += [
            e.title,
            f"  {base}{e.path}" if e.path else f"  {e.citation.url}",
            f"  {e.citation.citation_string}",
            "",
        ]
    lines.append(f"Feed of this search: {base}/search/feed.atom?{saved.query}")
    return "\n".join(lines)
