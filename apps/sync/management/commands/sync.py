"""manage.py sync <source>|all [--since DATE]: fetch what changed upstream and ingest it (apps/sync).

Exit status as ``ingest`` and ``update``: 0 done; 1 a source could not be synced or an ingest loaded nothing;
3 partial (files rejected, records quarantined, upstream names refused). ``update`` also embeds."""

import argparse
from datetime import date

from django.core.management.base import BaseCommand, CommandError
from rich.console import Console

from apps.core.errors import JoshError
from apps.core.management.commands.ingest import print_result
from apps.sync.fetchers import all_fetchers
from apps.sync.services import resolve_fetchers, sync_source


def _date(raw: str) -> date:
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{raw!r}: give a date as YYYY-MM-DD") from None


class Command(BaseCommand):
    help = "Fetch what changed upstream and ingest it. Sources: " + ", ".join(
        f"{f.slug} ({f.upstream})" for f in all_fetchers()
    )

    def add_arguments(self, parser):
        parser.add_argument("source", help="a source with an upstream endpoint, or 'all'")
        parser.add_argument(
            "--since", type=_date, help="ask for changes since this date (default: last sync)"
        )

    def handle(self, *args, source, since, **options):
        console = Console(file=self.stdout, highlight=False, soft_wrap=True)
        try:
            fetchers = resolve_fetchers(source)
        except JoshError as exc:
            raise CommandError(exc.message) from exc
        failed, partial = [], []
        unreachable: dict[str, str] = {}  # a host down for one source is not asked again for the next
        for fetcher in fetchers:
            try:  # one unreachable upstream must not stop 'sync all'; its state keeps the error
                result = sync_source(fetcher, since=since, unreachable=unreachable)
            except JoshError as exc:
                console.print(f"[bold]{fetcher.slug}[/bold] [red]failed[/red]: {exc.message}")
                failed.append(fetcher.slug)
                continue
            _print(console, fetcher.slug, result)
            statuses = {r.status for r in result.ingests}
            if "failed" in statuses:
                failed.append(fetcher.slug)
            elif "partial" in statuses or result.refused:
                partial.append(fetcher.slug)
        if failed:
            raise CommandError(f"could not sync: {', '.join(failed)} (see the errors above)", returncode=1)
        if partial:
            raise CommandError(f"partial sync: {', '.join(partial)} (see the errors above)", returncode=3)


def _print(console: Console, slug: str, result) -> None:
    if result.skipped:
        console.print(f"[bold]{slug}[/bold] skipped: {result.skipped}")
        return
    waited = sum(seconds for _, seconds in result.waited)
    console.print(
        f"[bold]{slug}[/bold] since {result.since or 'the beginning'}: {len(result.fetched)} files fetched, "
        f"{result.unchanged} unchanged" + (f", waited {waited:.1f}s when asked to" if result.waited else "")
    )
    if result.refused:
        console.print(f"[bold]{slug}[/bold] [red]{result.refusal_note()}[/red]")
    for ingest in result.ingests:
        print_result(console, ingest)
