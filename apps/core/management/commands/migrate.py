"""manage.py migrate: Django's, run on the web-state database too when one is configured and no
``--database`` is given (apps/core/db/routers.py), so one command keeps both schemas current."""

from django.core.management.commands.migrate import Command as DjangoMigrate

from apps.core.db.routers import WEB, web_alias


class Command(DjangoMigrate):
    def handle(self, *args, **options):
        given = options.get("database") not in (None, "default") or self._database_given
        super().handle(*args, **options)
        if not given and web_alias() == WEB:
            super().handle(*args, **{**options, "database": WEB})

    def run_from_argv(self, argv):
        self._database_given = any(a == "--database" or a.startswith("--database=") for a in argv)
        super().run_from_argv(argv)

    _database_given = False
