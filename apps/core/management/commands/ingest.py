"""manage.py ingest <source> [PATH ...] [--dry-run]: run one source plan over files (default: its sample)."""

from django.core.management.base import BaseCommand, CommandError
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from apps.core.errors import JoshError
from apps.core.plans import all_plans
from apps.core.services.ingest import IngestResult, run_ingest


def print_result(console: Console, result: IngestResult) -> None:
    style = {"success": "green", "partial": "yellow", "failed": "red"}.get(result.status, "white")
    console.print(
        f"[bold]{result.source}[/bold] [{style}]{result.status}[/{style}]"
        f"{' (dry run: nothing written)' if result.dry_run else ''}: "
        f"{result.files_total} files, {result.records} records — {result.inserted} inserted, "
        f"{result.updated} updated, {result.noop} unchanged — {result.duration_ms / 1000:.2f}s"
    )
    for error in result.errors[:50]:
        where = f"{error['file']}" + (f" [record {error['record']}]" if error["record"] else "")
        # File names and messages come from the data: escape them so '[...]' in them is not read as markup.
        console.print(f"  [red]error[/red] {escape(where)}: {escape(error['message'])}", highlight=False)
    if len(result.errors) > 50:
        console.print(f"  … and {len(result.errors) - 50} more errors (see the ingest run in the admin)")
    if result.warnings:
        console.print(f"  {len(result.warnings)} warnings (see the ingest run in the admin)")


class Command(BaseCommand):
    help = "Ingest source files with a registered source plan. Sources: " + ", ".join(
        p.slug for p in all_plans()
    )

    def add_arguments(self, parser):
        parser.add_argument("source", help="plan slug, or 'all' for every plan's sample corpus")
        parser.add_argument(
            "paths", nargs="*", help="files or directories (default: the plan's sample corpus)"
        )
        parser.add_argument("--dry-run", action="store_true", help="parse, validate and count; write nothing")
        parser.add_argument("--no-progress", action="store_true")

    def handle(self, *args, source, paths, dry_run, no_progress, **options):
        console = Console(stderr=False, highlight=False)
        # 'all' means every plan that ships a sample; a plan without one has nothing to read.
        slugs = [p.slug for p in all_plans() if p.has_sample] if source == "all" else [source]
        if source == "all" and paths:
            raise CommandError("'ingest all' reads each plan's sample corpus; give no paths")
        failed = False
        for slug in slugs:
            try:
                result = self._run(slug, paths, dry_run, not no_progress and console.is_terminal)
            except JoshError as exc:
                raise CommandError(exc.message) from exc
            print_result(console, result)
            failed = failed or result.status == "failed"
        if failed:
            raise CommandError("some sources failed entirely; see the errors above")

    def _run(self, slug, paths, dry_run, show_progress):
        if not show_progress:
            return run_ingest(slug=slug, paths=paths or None, dry_run=dry_run)
        columns = (TextColumn(f"[bold]{slug}[/bold]"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, transient=True) as progress:
            task = progress.add_task(slug, total=None)
            return run_ingest(
                slug=slug,
                paths=paths or None,
                dry_run=dry_run,
                on_start=lambda n: progress.update(task, total=n),
                on_file=lambda _path: progress.advance(task),
            )
