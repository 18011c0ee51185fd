"""manage.py embed [--source S] [--batch N] [--export-cache [PATH]]: chunk and embed every body-bearing source,
incrementally; vectors of unchanged text come from the database, then the bundled cache, then the model."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from apps.search import vector_cache
from apps.search.embedding import embed_source, embeddable_plans
from apps.search.encoders import get_encoder


class Command(BaseCommand):
    help = "Chunk and embed body-bearing sources (only new or changed chunks; vanished documents dropped)."

    def add_arguments(self, parser):
        parser.add_argument("--source", action="append", help="source slug (repeatable); default: all")
        parser.add_argument("--batch", type=int, default=32, help="texts per encoder call (default 32)")
        parser.add_argument(
            "--max-chunks", type=int, default=None, help="chunks per document to embed (default 0 = all)"
        )
        parser.add_argument(
            "--export-cache",
            nargs="?",
            const="",
            default=None,
            metavar="PATH",
            help="after embedding, write every vector to the bundled cache (default corpus/embeddings/<model>.npz)",
        )

    def handle(self, *args, source, batch, max_chunks, export_cache, **options):
        console = Console(highlight=False)
        plans = embeddable_plans()
        if source:
            by_slug = {p.slug: p for p in plans}
            if unknown := [s for s in source if s not in by_slug]:
                raise CommandError(f"not a body-bearing source: {', '.join(unknown)}; have {sorted(by_slug)}")
            plans = [by_slug[s] for s in source]
        encoder = get_encoder()
        console.print(f"[bold]embed[/bold] with {encoder.model_id} ({len(plans)} source(s))")
        with Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=console, transient=True,
        ) as bar:  # fmt: skip
            for plan in plans:
                task = bar.add_task(plan.slug, total=None)
                stats = embed_source(
                    plan, batch=batch, encoder=encoder, max_chunks=max_chunks,
                    progress=lambda _stage, done, total, t=task: bar.update(t, completed=done, total=total),
                )  # fmt: skip
                console.print(
                    f"  {stats.source}: {stats.documents} docs, {stats.chunks} chunks — embedded {stats.embedded} "
                    f"by the model, {stats.cached} from the bundled cache, "
                    f"{stats.reused - stats.cached} unchanged; dropped {stats.deleted_documents} vanished docs "
                    f"({stats.seconds}s)"
                )
        if export_cache is not None:
            path, count = vector_cache.export(
                encoder.model_id,
                [p.search.chunk_table for p in plans],
                Path(export_cache) if export_cache else None,
            )
            console.print(f"wrote {count} vectors to {path}")
