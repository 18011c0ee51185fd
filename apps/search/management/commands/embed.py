"""manage.py embed [--source S] [--batch N] [--export-cache [PATH]]: chunk and embed every body-bearing source,
incrementally; vectors of unchanged text come from the database, then the bundled cache, then the model."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from apps.core.services.writer_lock import WriterBusy, writer_lock
from apps.search import vector_cache
from apps.search.embedding import EmbedStats, embed_source, embeddable_plans, plan_work
from apps.search.encoders import get_encoder


class Command(BaseCommand):
    help = "Chunk and embed body-bearing sources (only new or changed chunks; vanished documents dropped)."

    def add_arguments(self, parser):
        parser.add_argument("--source", action="append", help="source slug (repeatable); default: all")
        parser.add_argument("--batch", type=int, default=64, help="texts per encoder call (default 64)")
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

    def handle(self, *args, source, **options):
        # One writer at a time: an ingest running now would change documents under this run's feet.
        try:
            with writer_lock(task="embed", source=",".join(source or ["all"])):
                self._embed(source=source, **options)
        except WriterBusy as exc:
            raise CommandError(exc.message) from exc

    def _embed(self, *, source, batch, max_chunks, export_cache, **options):
        console = Console(file=self.stdout, highlight=False, soft_wrap=True)
        plans = embeddable_plans()
        if source:
            by_slug = {p.slug: p for p in plans}
            if unknown := [s for s in source if s not in by_slug]:
                raise CommandError(f"not a body-bearing source: {', '.join(unknown)}; have {sorted(by_slug)}")
            plans = [by_slug[s] for s in source]
        encoder = get_encoder()
        works = [plan_work(plan, encoder, max_chunks) for plan in plans]
        to_encode = sum(w.to_encode for w in works)
        console.print(
            f"[bold]embed[/bold] with {encoder.model_id} on {getattr(encoder, 'device', 'cpu')}: "
            f"{len(plans)} source(s), {to_encode} chunk(s) for the model"
        )
        results = []
        # Bars count chunks sent to the model, the only slow part, so the ETA holds whatever the cache covers.
        with Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=console, transient=True,
        ) as bar:  # fmt: skip
            overall = bar.add_task("all sources", total=to_encode)
            finished = 0
            for work in works:
                task = bar.add_task(work.plan.slug, total=work.to_encode)

                def report(_stage, done, _total, task=task, base=finished):
                    bar.update(task, completed=done)
                    bar.update(overall, completed=base + done)

                stats = embed_source(work.plan, batch=batch, encoder=encoder, progress=report, work=work)
                finished += work.to_encode
                bar.update(overall, completed=finished)
                bar.remove_task(task)
                results.append(stats)
                console.print(
                    f"  {stats.source}: {stats.documents} docs, {stats.chunks} chunks — embedded {stats.embedded} "
                    f"by the model, {stats.cached} from the bundled cache, "
                    f"{stats.reused - stats.cached} unchanged; dropped {stats.deleted_documents} vanished docs "
                    f"({stats.seconds}s)"
                )
        console.print(summary(results))
        if export_cache is not None:
            path, count = vector_cache.export(
                encoder.model_id,
                [p.search.chunk_table for p in plans],
                Path(export_cache) if export_cache else None,
            )
            console.print(f"wrote {count} vectors to {path}")


def summary(results: list[EmbedStats]) -> str:
    chunks = sum(s.chunks for s in results)
    embedded = sum(s.embedded for s in results)
    cached = sum(s.cached for s in results)
    unchanged = sum(s.reused - s.cached for s in results)
    seconds = sum(s.seconds for s in results)
    rate = f", {embedded / seconds:.1f} chunks/s" if embedded and seconds else ""
    return (
        f"vectors: {chunks} chunks — {cached} from the bundled cache, {unchanged} unchanged, "
        f"{embedded} computed by the model ({seconds:.1f}s{rate})"
    )
