import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("registry", "0002_name_fts")]

    operations = [
        migrations.AddField(
            model_name="committeemembership",
            name="citation_string",
            field=models.CharField(
                default="",
                help_text='Human citation, e.g. "H.R. 103, 119th Congress".',
                max_length=500,
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="committeemembership",
            name="published_at",
            field=models.DateField(
                blank=True,
                db_index=True,
                help_text="Date the record was issued/introduced/published.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="committeemembership",
            name="retrieved_at",
            field=models.DateTimeField(
                default=django.utils.timezone.now,
                help_text="When Josh last wrote this record from its source file.",
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="committeemembership",
            name="source_url",
            field=models.URLField(
                blank=True, help_text="Canonical public URL of the record.", max_length=500
            ),
        ),
        migrations.AddField(
            model_name="rollcallvote",
            name="vice_president_position",
            field=models.CharField(
                blank=True,
                help_text="The Vice President's tie-breaking vote (Senate), e.g. 'Yea'; blank when none.",
                max_length=100,
            ),
        ),
    ]
