"""The correction form in the curator's language: the record by its public id (suggested as it is typed), the
field by its label with its help text, the value served now beside what the source file says. The record's
type and primary key are worked out here, never typed."""

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse

from apps.core.errors import JoshError
from apps.curation import records, services
from apps.curation.models import Correction

SUGGEST_LIST = "record-suggestions"


class CorrectionForm(forms.ModelForm):
    record = forms.CharField(
        label="Record",
        max_length=records.MAX_ID_CHARS,
        help_text="The record's public id, e.g. hres:114:99, a bioguide id (S000033), a committee code (HSWM) "
        "or a Federal Register document number (2024-02930). Suggestions appear as you type; then press "
        "“Show its fields”.",
    )
    # Checked in clean() against the record's offered fields (the choices shown are those of the record the
    # page was drawn for, so a ChoiceField would refuse a field of a record typed in since).
    field = forms.CharField(
        label="Field",
        widget=forms.Select(),
        help_text="The field to correct: the table below shows each one's served value and what the source "
        "file says.",
    )

    class Meta:
        model = Correction
        fields = ("record", "field", "value", "reason")

    class Media:
        js = ("curation/record-suggest.js",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.found = self._found()
        attrs = self.fields["record"].widget.attrs
        attrs.update({"list": SUGGEST_LIST, "autocomplete": "off", "spellcheck": "false"})
        attrs["data-suggest-url"] = reverse("admin:curation_correction_records")
        if self.instance.pk is not None:
            # A correction's record and field are its identity: revising changes the value and the reason.
            self.fields["record"].disabled = self.fields["field"].disabled = True
            self.initial.setdefault("record", self.found.public_id if self.found else self.instance.object_id)
        model = type(self.found.record) if self.found else None
        if model is None and self.instance.pk is not None:  # a child row with no public id
            model = self.instance.content_type.model_class()
        if model is None:
            self.fields["field"].widget.choices = [("", "— pick the record first —")]
            return
        choices = [(c.name, c.label) for c in records.offered_fields(model)]
        if self.instance.pk is not None and self.instance.field not in dict(choices):
            choices.append(
                (self.instance.field, self.instance.field)
            )  # corrected before the form offered less
        self.fields["field"].widget.choices = [("", "---------"), *choices]

    def _found(self) -> records.Found | None:
        if self.instance.pk is not None:
            return records.record_of(self.instance.content_type, self.instance.object_id)
        text = self.data.get(self.add_prefix("record")) if self.is_bound else self.initial.get("record")
        try:
            return records.find_record(text) if text else None
        except JoshError:
            return None

    def values(self) -> list[dict]:
        """The record's offered fields with the value served now and what the source file says."""
        return records.field_values(self.found) if self.found is not None else []

    def clean_record(self) -> str:
        if self.instance.pk is not None:
            return self.initial["record"]
        try:
            self.found = records.find_record(self.cleaned_data["record"])
        except JoshError as exc:
            raise ValidationError(exc.message) from None
        return self.found.public_id

    def clean(self):
        data = super().clean()
        if self.instance.pk is not None:
            name = self.instance.field
        else:
            name = data.get("field")
            if self.found is None or not name:
                return data
            offered = records.offered_fields(type(self.found.record))
            if name not in {c.name for c in offered}:
                labels = ", ".join(c.label for c in offered)
                self.add_error(
                    "field",
                    f"'{name}' is not a field a curator corrects on a "
                    f"{self.found.record._meta.verbose_name}. Choose one of: {labels}.",
                )
                return data
            data["field"] = name
            self.instance.content_type = self.found.content_type
            self.instance.object_id = str(self.found.record.pk)
            self.instance.field = name
        model = self.instance.content_type.model_class()
        try:
            services.to_python(model._meta.get_field(name), data.get("value"))
        except ValidationError as exc:
            self.add_error("value", exc.messages)
        return data
