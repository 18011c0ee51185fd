"""``{% curation_links record as links %}``: the curator's links on a record's admin page."""

from urllib.parse import urlencode

from django import template
from django.contrib.contenttypes.models import ContentType
from django.urls import reverse

from apps.citations.models import CitedRecord
from apps.curation.admin import history_url
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
    corrected = list(
        Correction.objects.filter(content_type=ct, object_id=str(record.pk))
        .order_by("field")
        .values_list("pk", "field")
    )
    corrections = len(corrected)
    if corrections:
        filters = urlencode({"content_type__id__exact": ct.pk, "q": record.pk})
        links.append(
            (f"Corrections ({corrections})", f"{reverse('admin:curation_correction_changelist')}?{filters}")
        )
        # A field's full history, one click from the record.
        links += [(f"History of {name}", history_url(pk)) for pk, name in corrected]
    return links
