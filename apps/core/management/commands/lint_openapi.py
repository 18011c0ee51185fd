"""manage.py lint_openapi: /v1/openapi.json is valid OpenAPI 3.1 and keeps Josh's rules (apps/core/openapi_lint)."""

from django.core.management.base import BaseCommand, CommandError
from django.urls import resolve, reverse

from apps.core.openapi_lint import lint


class Command(BaseCommand):
    help = "Validate /v1/openapi.json (openapi-spec-validator) and check Josh's contract rules; exit 1 on any problem."

    def handle(self, *args, **options):
        # The API is found through the URLconf, as a request finds it: core never imports the composition
        # root (josh/). ninja binds its NinjaAPI to the spec view as a functools.partial.
        api = resolve(reverse("v1:openapi-json")).func.keywords["api"]
        problems = lint(api)
        for problem in problems:
            self.stderr.write(problem)
        if problems:
            raise CommandError(f"{len(problems)} OpenAPI problem(s)")
        self.stdout.write("openapi: clean")
