from django.db import migrations, models

from apps.search.ddl import ensure_triggers_operation


def backfill_caucus(apps, schema_editor):
    """Caucus from each member's latest term (its caucus, else its party); stubs stay blank."""
    Legislator = apps.get_model("registry", "Legislator")
    Term = apps.get_model("registry", "Term")
    for member in Legislator.objects.filter(is_stub=False).only("id"):
        term = Term.objects.filter(legislator=member).order_by("-start").first()
        if term is not None:
            Legislator.objects.filter(pk=member.pk).update(caucus=term.caucus or term.party)


class Migration(migrations.Migration):
    dependencies = [
        ("registry", "0004_legislator_social"),
    ]

    operations = [
        migrations.AddField(
            model_name="legislator",
            name="caucus",
            field=models.CharField(
                blank=True,
                help_text="Party caucused with in the latest term: the term's caucus (an independent's, e.g. "
                "Democrat for Sanders), else its party; blank for stubs.",
                max_length=40,
            ),
        ),
        ensure_triggers_operation(),  # the ALTER remade registry_legislator and dropped legislators_fts' triggers
        migrations.RunPython(backfill_caucus, migrations.RunPython.noop),
    ]
