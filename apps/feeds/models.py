from django.conf import settings
from django.db import models


class SavedSearch(models.Model):
    """A signed-in reader's search, emailed as a digest of its new matches (``manage.py send_digests``).

    ``query`` is the explorer search page's query string (``q=…&source=…&mode=…``), so the saved search, its
    page and its feed are the same request. It lives in the data database beside its user (users are not web
    state: apps/core/db/routers.py)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="saved_searches"
    )
    name = models.CharField(max_length=200)
    query = models.CharField(
        max_length=2000, help_text="The search page's query string, e.g. q=snap&mode=lexical."
    )
    digest = models.BooleanField(
        default=True, help_text="Email its new matches in the digest; off, the search keeps only its feed."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    last_sent_at = models.DateTimeField(
        null=True, blank=True, help_text="When its last digest went out; the next one has what is new since."
    )

    class Meta:
        ordering = ("user", "name")
        constraints = [
            models.UniqueConstraint(fields=("user", "query"), name="feeds_one_saved_search_per_query")
        ]

    def __str__(self) -> str:
        return self.name
