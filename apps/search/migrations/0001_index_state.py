from django.db import migrations

from apps.search.ddl import index_state_operations


class Migration(migrations.Migration):
    initial = True
    dependencies = []
    operations = [*index_state_operations()]
