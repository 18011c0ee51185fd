"""An admin login never waits on an ingest (docs/ACCESS.md "Web requests never wait on an ingest").

Django stamps ``user.last_login`` in the users' table, which is in the data database an ingest holds the
write lock of; its session and django-axes' attempt rows are web state (apps/core/db/routers.py). The stamp
is written with a short lock wait and skipped while an ingest writes: the login itself, its session and the
lockout counts never depend on it.
"""

import logging

from django.contrib.auth.models import update_last_login
from django.contrib.auth.signals import user_logged_in

from apps.core.db.routers import writing
from apps.core.db.shortwait import busy, short_lock_wait

logger = logging.getLogger("josh.access")


def stamp_last_login(sender, user, **kwargs) -> None:
    try:
        with writing(), short_lock_wait():
            update_last_login(sender, user, **kwargs)
    except Exception as exc:
        if not busy(exc):
            raise
        logger.info("last_login of %s not stamped: the data database is busy (an ingest writes)", user)


def connect() -> None:
    user_logged_in.disconnect(dispatch_uid="update_last_login")
    user_logged_in.connect(stamp_last_login, dispatch_uid="josh-stamp-last-login")
