from urllib.parse import parse_qsl

from django.core.management.base import BaseCommand

from apps.explorer.search import parse_form
from apps.feeds.services import send_digests


def parse_query_string(query: str):
    return parse_form(dict(parse_qsl(query)))


class Command(BaseCommand):
    help = "Email each saved search's matches new since its last digest to its user (run it from cron)."

    def handle(self, *args, **options):
        self.stdout.write(f"{send_digests(parse_query_string)} digest(s) sent.")
