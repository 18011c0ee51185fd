from django.db import models


class CitedRecord(models.Model):
    """Provenance columns every top-level record carries; ``citation_for`` reads them (no joins, no I/O).

    The plan fills them at load time from the source's citation template.
    """

    citation_string = models.CharField(
        max_length=500, help_text='Human citation, e.g. "H.R. 103, 119th Congress".'
    )
    source_url = models.URLField(max_length=500, blank=True, help_text="Canonical public URL of the record.")
    published_at = models.DateField(
        null=True, blank=True, db_index=True, help_text="Date the record was issued/introduced/published."
    )
    retrieved_at = models.DateTimeField(help_text="When Josh last wrote this record from its source file.")

    class Meta:
        abstract = True

    @property
    def in_corpus(self) -> bool:
        """False for a stub: a row made because another record names it, its own file never ingested."""
        return not getattr(self, "is_stub", False)
