from django.db import models

from apps.citations.models import CitedRecord


class Notice(models.Model):
    """A public notice: the smallest record a resource can serve (an id, a title, a date, a body)."""

    notice_id = models.CharField(max_length=40, unique=True)
    title = models.CharField(max_length=200)
    agency = models.CharField(max_length=100, blank=True)
    published_on = models.DateField()
    text = models.TextField(blank=True)

    class Meta:
        ordering = ["-published_on", "notice_id"]


class Bulletin(CitedRecord):
    """A searchable record that cites bills: a title and a body (FTS, lexical search: short-body) and the bill
    it is about (the ``bill_id`` search filter reads ``bill_id``)."""

    bulletin_id = models.CharField(max_length=40, unique=True)
    title = models.CharField(max_length=200)
    body = models.TextField(blank=True)
    bill_id = models.CharField(max_length=40, blank=True, db_index=True)

    class Meta:
        ordering = ["-published_at", "bulletin_id"]
