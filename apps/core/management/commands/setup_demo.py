"""manage.py setup_demo: migrate, ingest every plan's sample corpus, embed it, and make an admin login.

This is what README command 1 runs. It is safe to run again: ingest is idempotent and embedding is
incremental, so a second run only reports noops.
"""

import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from rich.console import Console

from apps.core.conf import env_str
from apps.core.plans import all_plans
from apps.core.services.ingest import run_ingest, sample_paths

from .ingest import print_result


class Command(BaseCommand):
    help = "Set up the demo: migrate, ingest the bundled sample corpus, embed it, create the admin user."

    def add_arguments(self, parser):
        parser.add_argument("--skip-embed", action="store_true", help="leave the semantic index empty")

    def handle(self, *args, skip_embed, **options):
        console = Console(file=self.stdout, highlight=False, soft_wrap=True)
        started = time.perf_counter()
        call_command("migrate", interactive=False, verbosity=0)
        console.print("[bold]migrated[/bold]")
        for plan in all_plans():
            if not plan.sample_paths or not any(p.exists() for p in sample_paths(plan)):
                console.print(
                    f"[dim]{plan.slug}: no sample in the corpus ({plan.sample_note or 'none shipped'})[/dim]"
                )
                continue
            print_result(console, run_ingest(slug=plan.slug))
        if not skip_embed:
            call_command("embed")
        self._ensure_admin(console)
        console.print(f"[bold green]demo ready[/bold green] in {time.perf_counter() - started:.1f}s")

    def _ensure_admin(self, console):
        username = env_str("JOSH_ADMIN_USER", "admin")
        password = env_str("JOSH_ADMIN_PASSWORD", "")
        if settings.PRODUCTION and not password:
            console.print(
                "JOSH_PRODUCTION=1: no admin user created without JOSH_ADMIN_PASSWORD (never 'admin')"
            )
            return
        password = password or "admin"
        user_model = get_user_model()
        if not user_model.objects.filter(username=username).exists():
            user_model.objects.create_superuser(username=username, email="", password=password)
            console.print(
                f"created admin user '{username}' (password from JOSH_ADMIN_PASSWORD, default 'admin')"
            )
