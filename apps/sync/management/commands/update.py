"""manage.py update [SOURCE ...]: bring sources up to date with their upstreams and searchable in every mode —
fetch, every plan that reads the files, embed, index (apps/sync/update.py). For cron or a systemd timer.

Exit status: 0 everything done; 1 some source or stage failed (an upstream unreachable, an ingest that
loaded nothing, the model failed); 3 partial (files rejected, records quarantined, documents still without
vectors); 2 a usage error. Run it again: finished work is not redone."""

from django.core.management.base import BaseCommand, CommandError
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from apps.core.errors import JoshError
from apps.sync.fetchers import all_fetchers
from apps.sync.management.commands.sync import _date
from apps.sync.services import resolve_fetchers
from apps.sync.update import STAGES, UpdateHooks, exit_status, local_sources, update_local, update_source

STYLE = {"ok": "green", "partial": "yellow", "failed": "red", "skipped": "dim"}


class Command(BaseCommand):
    help = (
        "Fetch, ingest (every plan that reads the files), embed and index. Sources with an upstream: "
        + ", ".join(f.slug for f in all_fetchers())
        + ". Body sources without one (embedded only): "
        + ", ".join(local_sources())
        + ". Default: all of them."
    )

    def add_arguments(self, parser):
        parser.add_argument("sources", nargs="*", metavar="SOURCE", help="a source (see above); default: all")
        parser.add_argument(
            "--since", type=_date, help="ask for changes since this date (default: each source's last sync)"
        )
        parser.add_argument("--no-progress", action="store_true", help="no progress bars (cron logs)")

    def handle(self, *args, sources, since, no_progress, **options):
        console = Console(file=self.stdout, highlight=False, soft_wrap=True)
        local = local_sources()
        named_local = [s for s in sources if s in local]
        try:
            fetchers = [f for s in sources if s not in local for f in resolve_fetchers(s)]
        except JoshError as exc:
            raise CommandError(f"{exc.message} Body sources without one: {', '.join(local)}.") from exc
        if not sources:
            fetchers, named_local = all_fetchers(), local
        unreachable: dict[str, str] = {}  # a host down for one source is not asked again for the next
        updates = []
        columns = (
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
            TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
        )  # fmt: skip
        show = not no_progress and console.is_terminal
        with Progress(*columns, console=console, transient=True, disable=not show) as bar:
            task = bar.add_task("", total=None)
            hooks = UpdateHooks(
                stage=lambda source, stage: bar.reset(task, description=f"{source}: {stage}", total=None),
                total=lambda n: bar.update(task, total=n),
                advance=lambda n: bar.advance(task, n),
                completed=lambda n: bar.update(task, completed=n),
            )
            for fetcher in fetchers:
                updates.append(update_source(fetcher, unreachable=unreachable, hooks=hooks, since=since))
                _done(console, updates[-1])
            for slug in named_local:
                updates.append(update_local(slug, hooks=hooks))
                _done(console, updates[-1])
        console.print(summary_table(updates))
        if unreachable:
            console.print(
                f"[red]unreachable[/red] (offline, or a URL setting is wrong): {', '.join(unreachable)}"
            )
        for update in updates:  # whole, one a line, for a cron log (the table's cells wrap)
            for stage, outcome in update.stages.items():
                if outcome.status in ("partial", "failed"):
                    console.print(f"{update.source} {stage} {outcome.status}: {escape(outcome.detail)}")
        status = exit_status(updates)
        if status:
            bad = [u.source for u in updates if u.status != "ok"]
            raise CommandError(
                f"update {'failed' if status == 1 else 'partial'}: {', '.join(bad)} (see the table above)",
                returncode=status,
            )


def _done(console: Console, update) -> None:
    console.print(f"[bold]{update.source}[/bold] [{STYLE[update.status]}]{update.status}[/]")


def summary_table(updates) -> Table:
    table = Table(title="update", show_lines=False)
    table.add_column("source")
    for stage in STAGES:
        table.add_column(stage)
    for update in updates:
        cells = []
        for stage in STAGES:
            outcome = update.stages.get(stage)
            if outcome is None:
                cells.append("")
                continue
            counts = ", ".join(f"{k} {v}" for k, v in outcome.counts.items())
            text = f"[{STYLE[outcome.status]}]{outcome.status}[/]"
            text += f" {escape(counts)}" if counts else ""
            text += f" ({outcome.seconds:g} s)" if outcome.seconds is not None else ""
            text += f"\n{escape(outcome.detail)}" if outcome.detail else ""
            cells.append(text)
        table.add_row(update.source, *cells)
    return table
