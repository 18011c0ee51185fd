"""manage.py embed [--source S] [--batch N] [--export-cache [PATH]]: chunk and embed every body-bearing source,
incrementally; vectors of unchanged text come from the database, then the bundled cache, then the model."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from apps.core.errors import JoshError
from apps.search import vector_cache
from apps.search.embedding import EmbedStats
from apps.search.embedding_run import embed_sources, resolve_embeddable


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

    def handle(self, *args, source, batch, max_chunks, export_cache, **options):
        console = Console(file=self.stdout, highlight=False, soft_wrap=True)
        # Bars count chunks sent to the model, the only slow part, so the ETA holds whatever the cache covers.
        with Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=console, transient=True,
        ) as bar:  # fmt: skip
            tasks, held = {}, {}

            def on_plan(encoder, works):
                held["encoder"] = encoder
                to_encode = sum(w.to_encode for w in works)
                console.print(
                    f"[bold]embed[/bold] with {encoder.model_id} on {getattr(encoder, 'device', 'cpu')}"
                    f" ({getattr(encoder, 'processes', 1)} process(es)): "
                    f"{len(works)} source(s), {to_encode} chunk(s) for the model"
                )
                tasks["all"] = bar.add_task("all sources", total=to_encode)
                for work in works:
                    tasks[work.plan.slug] = bar.add_task(work.plan.slug, total=work.to_encode)
                held["done"] = dict.fromkeys(tasks, 0)

            def on_progress(slug, done, _total):
                held["done"][slug] = done
                bar.update(tasks[slug], completed=done)
                bar.update(tasks["all"], completed=sum(v for k, v in held["done"].items() if k != "all"))

            def on_done(stats):
                bar.remove_task(tasks[stats.source])
                console.print(
                    f"  {stats.source}: {stats.documents} docs, {stats.chunks} chunks — embedded {stats.embedded} "
                    f"by the model, {stats.cached} from the bundled cache, "
                    f"{stats.reused - stats.cached} unchanged; dropped {stats.deleted_documents} vanished docs "
                    f"({stats.seconds}s)"
                )

            try:
                results = embed_sources(
                    source, batch=batch, max_chunks=max_chunks,
                    on_plan=on_plan, on_progress=on_progress, on_done=on_done,
                )  # fmt: skip
            except JoshError as exc:  # another writer holds the lock, or a source that has no vectors
                raise CommandError(exc.message) from exc
        console.print(summary(results))
        if export_cache is not None:
            plans = resolve_embeddable(source)
            path, count = vector_cache.export(
                held["encoder"].model_id,
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
