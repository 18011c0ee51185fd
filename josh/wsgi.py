import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "josh.settings")
application = get_wsgi_application()

from apps.core.checks import refuse_known_default_passwords  # noqa: E402

refuse_known_default_passwords()  # JOSH_PRODUCTION=1 with admin/admin: no server (docs/DEPLOY.md)

from apps.core import lane  # noqa: E402  (after the app registry is ready)

lane.start()  # searches run in worker processes (apps/core/lane.py): started now, not in the first search
