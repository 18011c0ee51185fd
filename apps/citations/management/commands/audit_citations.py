"""``manage.py audit_citations``: per source, dated and URL-valid shares; exit 1 when any record fails."""

from django.core.management.base import BaseCommand, CommandError

from apps.citations.audit import audit_citations


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


class Command(BaseCommand):
    help = "Audit every record's citation: dated and a URL in the publisher's scheme (docs/CITATIONS.md)."

    def add_arguments(self, parser):
        parser.add_argument("--all", action="store_true", help="Also list record types with no rows.")

    def handle(self, *args, **options):
        rows = audit_citations(include_empty=options["all"])
        head = f"{'source':<36} {'model':<30} {'records':>7} {'stubs':>6} {'dated':>7} {'url ok':>7}  status"
        self.stdout.write(head)
        self.stdout.write("-" * len(head))
        for r in rows:
            dated = "exempt" if r.undated_reason else _pct(r.dated, r.records)
            status = "ok" if r.ok else f"FAIL ({r.failures})"
            if r.missing_rule:
                status = "FAIL (no rule in apps/citations/rules.py)"
            self.stdout.write(
                f"{r.source:<36} {r.model:<30} {r.records:>7} {r.stubs:>6} {dated:>7} "
                f"{_pct(r.url_valid, r.records + r.stubs):>7}  {status}"
            )
        exceptions = [r for r in rows if r.undated_reason and r.records]
        if exceptions:
            self.stdout.write("\nUndated by the publisher (listed, not failed):")
            for r in exceptions:
                self.stdout.write(f"  {r.source}: {r.records - r.dated} of {r.records}: {r.undated_reason}")
        failed = [r for r in rows if not r.ok]
        for r in failed:
            if r.undated_examples:
                self.stdout.write(f"  {r.source} undated, e.g. pk {', '.join(r.undated_examples)}")
            if r.bad_url_examples:
                self.stdout.write(f"  {r.source} bad url, e.g. {'; '.join(r.bad_url_examples)}")
        if failed:
            raise CommandError(f"{len(failed)} of {len(rows)} record types have incomplete citations")
        self.stdout.write(f"\nall {len(rows)} record types with data: dated (or exempt) and URL-valid")
