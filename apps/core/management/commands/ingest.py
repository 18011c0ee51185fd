"""manage.py ingest <source> [PATH ...] [--dry-run] [--show-errors] [--no-dependents]: run one source plan over
files (default: its sample), then the plans that read the same files (``ingest bills`` also fills topics,
CBO estimates and committee reports). Rejected files and quarantined records print as file / record / field /
message.

Exit status, for a scheduler: 0 every run succeeded; 1 a run failed entirely (or the command could not
start: an unknown source, another writer holding the lock); 3 partial: some files were rejected or records
quarantined while the rest loaded; 2 a usage error (argparse)."""

from django.core.management.base import BaseCommand, CommandError
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from apps.core.errors import JoshError
from apps.core.plans import all_plans, get_plan
from apps.core.services.ingest import IngestResult, run_ingest

EXIT_FAILED, EXIT_PARTIAL = 1, 3
SHOWN = 50  # problems printed per kind without --show-errors; the admin's run page has them all


def _line(kind: str, style: str, problem: dict) -> str:
    """One problem: file / record / field / message. File names, keys and messages come from the data:
    escape them so '[...]' in them is not read as markup."""
    parts = [problem["file"], problem.get("record") or "-", problem.get("field") or "-", problem["message"]]
    return f"  [{style}]{kind}[/{style}] " + " / ".join(escape(str(p)) for p in parts)


def print_result(console: Console, result: IngestResult, *, show_errors: bool = False) -> None:
    style = {"success": "green", "partial": "yellow", "failed": "red"}.get(result.status, "white")
    quarantined = f", {result.quarantined_count} quarantined" if result.quarantined else ""
    skipped = f" ({result.skipped} other files skipped)" if result.skipped else ""
    console.print(
        f"[bold]{result.source}[/bold] [{style}]{result.status}[/{style}]"
        f"{' (dry run: nothing written)' if result.dry_run else ''}: "
        f"{result.files_total} files{skipped}, {result.records} records — {result.inserted} inserted, "
        f"{result.updated} updated, {result.noop} unchanged{quarantined} — {result.duration_ms / 1000:.2f}s"
    )
    for kind, color, problems in (
        ("error", "red", result.errors),
        ("quarantined", "yellow", result.quarantined),
    ):
        shown = problems if show_errors else problems[:SHOWN]
        for problem in shown:
            console.print(_line(kind, color, problem), highlight=False, soft_wrap=True)
        if len(problems) > len(shown):
            console.print(
                f"  … and {len(problems) - len(shown)} more {kind} (list them all with --show-errors, "
                "or see the ingest run in the admin)"
            )
    if result.corrections_needing_review and result.dry_run:
        # Rolled back with the rest: no flag, event or run was stored, so say what a real run would do.
        console.print(
            f"  [yellow]would flag {result.corrections_needing_review} corrections for review[/yellow]: the "
            "source file changes a corrected value (dry run: nothing flagged or written)"
        )
    elif result.corrections_needing_review:
        console.print(
            f"  [yellow]{result.corrections_needing_review} corrections need review[/yellow]: the source "
            "file changed a corrected value (admin: Corrections to review)"
        )
    if result.warnings:
        console.print(f"  {len(result.warnings)} warnings (see the ingest run in the admin)")


def same_file_readers(slug: str) -> list[str]:
    """Plans that read the files ``slug`` reads and need it first (CBO estimates, committee reports and topics
    read BILLSTATUS after ``bills``): ingesting the files for ``slug`` alone would leave them empty."""
    plan = get_plan(slug)
    if plan is None:
        return []
    return [p.slug for p in all_plans() if slug in p.depends_on and set(p.globs) == set(plan.globs)]


def exit_status(results: list[IngestResult]) -> int:
    statuses = {r.status for r in results}
    return EXIT_FAILED if "failed" in statuses else EXIT_PARTIAL if "partial" in statuses else 0


class Command(BaseCommand):
    help = "Ingest source files with a registered source plan. Sources: " + ", ".join(
        p.slug for p in all_plans()
    )

    def add_arguments(self, parser):
        parser.add_argument("source", help="plan slug, or 'all' for every plan's sample corpus")
        parser.add_argument(
            "paths",
            nargs="*",
            help="files, folders (walked recursively) or zip archives (read in place); default: the plan's sample corpus",
        )
        parser.add_argument("--dry-run", action="store_true", help="parse, validate and count; write nothing")
        parser.add_argument("--no-progress", action="store_true")
        parser.add_argument(
            "--no-dependents",
            action="store_true",
            help="do not also run the plans that read the same files (e.g. topics, CBO estimates and "
            "committee reports after bills)",
        )
        parser.add_argument(
            "--show-errors",
            action="store_true",
            help="list every rejected file and quarantined record: file / record / field / message",
        )

    def handle(self, *args, source, paths, dry_run, no_progress, show_errors, no_dependents, **options):
        console = Console(file=self.stdout, highlight=False, soft_wrap=True)
        # 'all' means every plan that ships a sample; a plan without one has nothing to read.
        slugs = [p.slug for p in all_plans() if p.has_sample] if source == "all" else [source]
        if source == "all" and paths:
            raise CommandError("'ingest all' reads each plan's sample corpus; give no paths")
        dependents = [] if source == "all" else same_file_readers(source)
        if dependents and not no_dependents:
            slugs += dependents
            console.print(f"[dim]then {', '.join(dependents)}: they read the same files[/dim]")
        results = []
        for slug in slugs:
            try:
                result = self._run(slug, paths, dry_run, not no_progress and console.is_terminal)
            except JoshError as exc:
                raise CommandError(exc.message) from exc
            print_result(console, result, show_errors=show_errors)
            results.append(result)
        if dependents and no_dependents:
            console.print(
                f"[yellow]not run[/yellow] (--no-dependents): {', '.join(dependents)} read these files too"
            )
        status = exit_status(results)
        if status == EXIT_FAILED:
            raise CommandError("some sources failed entirely; see the errors above", returncode=status)
        if status == EXIT_PARTIAL:
            raise CommandError(
                "partial ingest: some files were rejected or records quarantined (listed above)",
                returncode=status,
            )

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
