"""``{% curation_links record as links %}``: the curator's links on a record's admin page."""

from urllib.parse import urlencode

from django import template
from django.contrib.contenttypes.models import ContentType
from django.urls import reverse

from apps.citations.models import CitedRecord
from apps.curation import permissions
from apps.curation.admin import history_url
from apps.curation.models import Correction

register = template.Library()


@register.simple_tag
def curation_links(record, user=None) -> list[tuple[str, str]]:
    """The links ``user`` may follow (None: every link): an editor proposes through the correction form but
    does not flag or review, so "Flag for review" is not shown to one."""
    if not isinstance(record, CitedRecord):
        return []
    may = user.has_perm if user is not None else (lambda _perm: True)
    ct = ContentType.objects.get_for_model(record, for_concrete_model=False)
    query = urlencode({"content_type": ct.pk, "object_id": record.pk})
    links = []
    if may(permissions.CORRECT) or may(permissions.PROPOSE):
        links.append(("Correct a field", f"{reverse('admin:curation_correction_add')}?{query}"))
    if may("curation.add_reviewflag"):
        links.append(("Flag for review", f"{reverse('admin:curation_reviewflag_add')}?{query}"))
    if not may("curation.view_correction"):
        return links
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
