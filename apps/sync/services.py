"""``sync``: fetch what changed upstream and hand it to the same ingest runner as ``manage.py ingest``.

A sync of one source: (1) ingest the files an interrupted sync left downloaded but not ingested; (2) ask
the fetcher which files changed upstream since the cursor (or ``since``); (3) download each one not already
ingested at that version, recording it as pending as soon as it is on disk (so an interruption loses no
download); (4) run each plan of the fetcher over the files its glob matches; (5) move the files from
pending to ingested and advance the cursor to the day the sync started. A file whose content is the same as
the version last ingested is not ingested again, so a second sync is all-noop.
"""

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from django.conf import settings
from django.utils import timezone

from apps.core.errors import InvalidParameter
from apps.core.inputs import is_zip, owns
from apps.core.plans import get_plan
from apps.core.services.ingest import IngestResult, run_ingest
from apps.sync.fetchers import FetchContext, Fetcher, Remote, all_fetchers, get_fetcher
from apps.sync.http import PoliteClient, UpstreamError
from apps.sync.models import SyncState
from apps.sync.names import confined

logger = logging.getLogger("josh.sync")


@dataclass
class SyncResult:
    source: str
    since: date | None
    fetched: list[str] = field(default_factory=list)  # files downloaded this time
    unchanged: int = 0  # files upstream named but that were already ingested at that version
    ingests: list[IngestResult] = field(default_factory=list)
    waited: list[tuple[str, float]] = field(default_factory=list)  # politeness waits (url, seconds)
    skipped: str = ""  # why nothing was asked (e.g. a missing API key)
    refused: list[tuple[str, str]] = field(default_factory=list)  # (upstream name, why): never written

    def refusal_note(self) -> str:
        shown = "; ".join(f"{name!r}: {why}" for name, why in self.refused[:5])
        more = f" (and {len(self.refused) - 5} more)" if len(self.refused) > 5 else ""
        return f"refused {len(self.refused)} upstream file name(s): {shown}{more}"


def resolve_fetchers(source: str) -> list[Fetcher]:
    if source == "all":
        return all_fetchers()
    fetcher = get_fetcher(source)
    if fetcher is None:
        valid = [f.slug for f in all_fetchers()]
        raise InvalidParameter(
            "source", f"No upstream to sync for '{source}'. Sources with one: {', '.join(valid)}, or 'all'."
        )
    return [fetcher]


def sync_dir(slug: str) -> Path:
    return Path(settings.DATA_DIR) / "sync" / slug


@dataclass
class SyncHooks:
    """Progress callbacks (``manage.py update`` draws its bars from them): each file downloaded, and each
    plan's ingest as it starts (its file count) and as each file is done."""

    fetched: Callable[[str], None] | None = None
    ingest_start: Callable[[str, int], None] | None = None
    ingest_file: Callable[[str], None] | None = None


def sync_source(
    fetcher: Fetcher,
    *,
    since: date | None = None,
    client: PoliteClient | None = None,
    unreachable: dict[str, str] | None = None,
    hooks: SyncHooks | None = None,
) -> SyncResult:
    """``unreachable`` (host -> why) is shared by the sources of one run, so a host that could not be
    reached for one is not asked again for the next (apps/sync/http.py)."""
    conf = settings.SYNC
    state, _ = SyncState.objects.get_or_create(source=fetcher.slug)
    since = since or (date.fromisoformat(state.cursor) if state.cursor else None)
    result = SyncResult(source=fetcher.slug, since=since)
    if fetcher.needs_key and not conf.get(fetcher.needs_key):
        result.skipped = f"set {fetcher.needs_key} (JOSH_{fetcher.needs_key}) to sync {fetcher.slug}"
        return result
    started = timezone.now()
    folder = sync_dir(fetcher.slug)
    folder.mkdir(parents=True, exist_ok=True)
    own_client = client is None
    client = client or PoliteClient(unreachable=unreachable)
    hooks = hooks or SyncHooks()
    # Only the origins of the URLs the fetcher builds from settings (and EXTRA_HOSTS for this source).
    client.restrict(
        host
        for entry in conf["EXTRA_HOSTS"]
        for slug, _, host in [entry.partition("=")]
        if slug == fetcher.slug
    )
    try:
        ctx = FetchContext(client=client, since=since, conf=conf, known=dict(state.versions))
        for remote in fetcher.changes(ctx):
            if _download(remote, ctx, state, folder, result) and hooks.fetched:
                hooks.fetched(remote.name)
    except Exception as exc:
        # An answer the fetcher could not read (HTML for JSON, an odd shape) is this source's failure,
        # recorded like an unreachable upstream; 'sync all' goes on with the others.
        error = exc if isinstance(exc, UpstreamError) else UpstreamError(f"{fetcher.slug}: {_describe(exc)}")
        state.last_error = error.message
        state.save(update_fields=["last_error"])
        if error is exc:
            raise
        raise error from exc
    finally:
        result.waited = list(client.waited)
        if own_client:
            client.close()
    result.ingests = _ingest(fetcher, _pending_files(state, folder), hooks)
    state.versions.update(state.pending)
    state.pending = {}
    state.cursor = started.date().isoformat()
    state.last_synced_at = timezone.now()
    state.last_error = result.refusal_note() if result.refused else ""
    state.files_fetched = len(result.fetched)
    state.save()
    return result


def _describe(exc: Exception) -> str:
    if isinstance(exc, ValueError) and "JSON" in type(exc).__name__ + str(exc):
        return f"upstream answered something that is not the JSON expected ({exc})"
    return f"upstream answered something the fetcher cannot read ({type(exc).__name__}: {exc})"


def _pending_files(state: SyncState, folder: Path) -> list[Path]:
    """The pending downloads' paths; a name that is not a safe one (a row written before names were checked)
    is dropped, never read."""
    files = []
    for name in state.pending:
        try:
            files.append(confined(folder, name))
        except ValueError as exc:
            logger.warning("sync: pending %r dropped: %s", name, exc)
    return files


def _download(remote: Remote, ctx: FetchContext, state: SyncState, folder: Path, result: SyncResult) -> bool:
    """Download ``remote`` unless it is at a version already held; True when it was."""
    try:
        target = confined(folder, remote.name)
    except ValueError as exc:  # a hostile or broken listing: nothing is fetched, nothing written
        logger.warning("sync: refused upstream file name %r: %s", remote.name, exc)
        result.refused.append((remote.name, str(exc)))
        return False
    had = state.versions.get(remote.name)
    if remote.version and remote.version in (had, state.pending.get(remote.name)):
        result.unchanged += 1
        return False
    partial, etag = target.with_name(target.name + ".part"), ""
    if remote.content is None:
        headers = (
            {"If-None-Match": had} if had and not remote.version and not had.startswith("sha256:") else None
        )
        # Streamed to disk under its cap, never held whole in memory.
        response, digest = ctx.client.download(remote.url, partial, headers=headers)
        if response.status_code == 304:
            result.unchanged += 1
            return False
        etag = response.headers.get("ETag", "")
    else:
        partial.write_bytes(remote.content)
        digest = "sha256:" + hashlib.sha256(remote.content).hexdigest()
    if had and had in (digest, etag):  # the same bytes as last time: nothing to ingest
        partial.unlink(missing_ok=True)
        result.unchanged += 1
        return False
    partial.replace(target)  # never a half-written file under the real name
    state.pending[remote.name] = remote.version or etag or digest
    state.save(update_fields=["pending"])  # from here an interruption keeps the download
    result.fetched.append(remote.name)
    return True


def _ingest(fetcher: Fetcher, files: list[Path], hooks: SyncHooks) -> list[IngestResult]:
    """Each plan of the fetcher over the files its glob matches, through the ingest runner. A zip goes to
    every plan of its fetcher: the runner reads its members in place and counts those not the plan's."""
    results = []
    for slug in fetcher.ingest:
        plan = get_plan(slug)
        mine = [f for f in files if plan is not None and (owns(plan.globs, f.name) or is_zip(f))]
        if mine:
            results.append(
                run_ingest(
                    slug=slug,
                    paths=mine,
                    on_start=(lambda n, slug=slug: hooks.ingest_start(slug, n))
                    if hooks.ingest_start
                    else None,
                    on_file=(lambda _p, slug=slug: hooks.ingest_file(slug)) if hooks.ingest_file else None,
                )
            )
    return results
