"""``{% curation_links record as links %}``: the curator's links on a record's admin page."""

from urllib.parse import urlencode

from django import template
from django.contrib.contenttypes.models import ContentType
from django.urls import reverse

from apps.citations.models import CitedRecord
from apps.curation.models import Correction

register = template.Library()


@register.simple_tag
def curation_links(record) -> list[tuple[str, str]]:
    if not isinstance(record, CitedRecord):
        return []
    ct = ContentType.objects.get_for_model(record, for_concrete_model=False)
    query = urlencode({"content_type": ct.pk, "object_id": record.pk})
    links = [
        ("Correct a field", f"{reverse('admin:curation_correction_add')}?{query}"),
        ("Flag for review", f"{reverse('admin:curation_reviewflag_add')}?{query}"),
    ]
    corrections = Correction.objects.filter(content_type=ct, object_id=str(record.pk)).count()
    if corrections:
        filters = urlencode({"content_type__id__exact": ct.pk, "q": record.pk})
        links.append(
            (f"Corrections ({corrections})", f"{reverse('admin:curation_correction_changelist')}?{filters}")
        )
    return links
