from django.db import models

from apps.core.bill_mentions import MentionTable, register_mentions


class BillMention(models.Model):
    """A bill cited in a document's text ("H.R. 1234"), stored as canonical strings for joins.

    ``bill_id`` joins ``bills_bill.bill_id``; ``document_id`` is the citing record's public id
    (``crs:R48917``, ``gao:GAO-26-108653``, ``crec:CREC-...``). The congress is inferred from the
    document's date unless the text says otherwise, so treat older-congress mentions as approximate.
    """

    source = models.CharField(max_length=64, db_index=True, help_text="Plan slug of the citing document.")
    document_id = models.CharField(max_length=120, db_index=True, help_text="Public id of the citing record.")
    bill_id = models.CharField(max_length=32, db_index=True, help_text="Canonical bill id, e.g. hr:119:103.")
    mention = models.CharField(max_length=40, help_text='The bill as cited in the text, e.g. "H.R. 3058".')

    class Meta:
        ordering = ["document_id", "bill_id"]
        constraints = [
            models.UniqueConstraint(fields=["document_id", "bill_id"], name="uniq_doc_bill_mention")
        ]

    def __str__(self):
        return f"{self.document_id} -> {self.bill_id}"


register_mentions(
    *(
        MentionTable(resource, BillMention, "document_id", key=key, where=(("source", resource),))
        for resource, key in (
            ("crs-reports", "crs_id"),
            ("gao-reports", "gao_id"),
            ("congressional-record", "crec_id"),
        )
    )
)
