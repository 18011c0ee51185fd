"""Issuing, verifying and revoking API keys (no HTTP or MCP here: the adapters call these)."""

import hashlib
import logging
import secrets

from django.db import OperationalError
from django.utils import timezone

from apps.access.models import ApiKey

KEY_PREFIX = "josh_"
logger = logging.getLogger("josh.access")


def hash_key(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def api_key_issue(*, name: str) -> tuple[ApiKey, str]:
    """Create a key for ``name``; return the row and the key, which is never retrievable again."""
    raw = KEY_PREFIX + secrets.token_urlsafe(32)
    key = ApiKey.objects.create(name=name, prefix=raw[:12], key_hash=hash_key(raw))
    return key, raw


def api_key_verify(raw: str) -> ApiKey | None:
    """The active key matching ``raw``, or None. Marks it used (at most once a minute).

    Keys live in the web-state database (apps/core/db/routers.py), never the data database an ingest holds
    the write lock of, so checking a key during an ingest neither waits nor fails. A ``last_used`` stamp
    that cannot be written at once (another web write holds that small file) is skipped, never an error."""
    if not raw or len(raw) > 200:
        return None
    key = ApiKey.objects.filter(key_hash=hash_key(raw), revoked__isnull=True).first()
    if key is not None:
        now = timezone.now()
        if key.last_used is None or (now - key.last_used).total_seconds() > 60:
            try:
                ApiKey.objects.filter(pk=key.pk).update(last_used=now)
            except OperationalError as exc:
                logger.warning("last_used of key %s not stamped: %s", key.prefix, exc)
    return key


def api_key_revoke(*, key: ApiKey) -> ApiKey:
    if key.revoked is None:
        key.revoked = timezone.now()
        key.save(update_fields=["revoked"])
    return key
