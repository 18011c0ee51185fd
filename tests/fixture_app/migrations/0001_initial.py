from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name="Notice",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("notice_id", models.CharField(max_length=40, unique=True)),
                ("title", models.CharField(max_length=200)),
                ("agency", models.CharField(blank=True, max_length=100)),
                ("published_on", models.DateField()),
                ("text", models.TextField(blank=True)),
            ],
            options={
                "ordering": ["-published_on", "notice_id"],
            },
        ),
    ]
