from django.db import models


class Notice(models.Model):
    """A public notice: the smallest record a resource can serve (an id, a title, a date, a body)."""

    notice_id = models.CharField(max_length=40, unique=True)
    title = models.CharField(max_length=200)
    agency = models.CharField(max_length=100, blank=True)
    published_on = models.DateField()
    text = models.TextField(blank=True)

    class Meta:
        ordering = ["-published_on", "notice_id"]
