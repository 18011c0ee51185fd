"""Embed every body-bearing source (or those named) under the writer lock: what ``manage.py embed`` and
``manage.py update`` run. Incremental by content hash (apps.search.embedding): a chunk whose text and model
are unchanged keeps its vector, so a second run encodes nothing and an interrupted one resumes."""

from collections.abc import Callable, Iterable
from contextlib import ExitStack

from apps.core.conf import knob
from apps.core.errors import InvalidParameter
from apps.core.services.writer_lock import writer_lock
from apps.search.embed_pool import pool_for
from apps.search.embedding import EmbedStats, Work, embed_source, embeddable_plans, plan_work
from apps.search.encoders import ENCODERS, Encoder, get_encoder


def resolve_embeddable(sources: Iterable[str] | None) -> list:
    """The body-bearing plans named (all of them when None); an unknown or non-body slug is a 400."""
    plans = embeddable_plans()
    if not sources:
        return plans
    by_slug = {p.slug: p for p in plans}
    if unknown := [s for s in sources if s not in by_slug]:
        raise InvalidParameter(
            "source", f"not a body-bearing source: {', '.join(unknown)}; have {', '.join(sorted(by_slug))}"
        )
    return [by_slug[s] for s in sources]


def embed_sources(
    sources: Iterable[str] | None = None,
    *,
    batch: int = 64,
    max_chunks: int | None = None,
    encoder: Encoder | None = None,
    on_plan: Callable[[Encoder, list[Work]], None] | None = None,
    on_progress: Callable[[str, int, int], None] | None = None,
    on_done: Callable[[EmbedStats], None] | None = None,
) -> list[EmbedStats]:
    """Bring the named sources' vectors up to date. ``on_plan(encoder, works)`` once the work is known (each
    ``Work.to_encode`` is what the model will encode: what a progress bar's ETA should count),
    ``on_progress(slug, done, total)`` as chunks are encoded, ``on_done(stats)`` after each source. Raises
    ``WriterBusy`` while an ingest holds the writer lock (an ingest would change documents under the run)."""
    plans = resolve_embeddable(sources)
    slugs = ",".join(p.slug for p in plans) if sources else "all"
    with writer_lock(task="embed", source=slugs), ExitStack() as stack:
        name = knob("ENCODER")
        # The work is planned by model id alone (a class attribute): no model is loaded for a run with
        # nothing to encode, and the worker processes start only when there is.
        model = encoder or ENCODERS.get(name) or get_encoder(name)  # an unknown name: the settings error
        works = [plan_work(plan, model, max_chunks) for plan in plans]
        if encoder is None and any(w.to_encode for w in works) and (pool := pool_for(name)) is not None:
            encoder = stack.enter_context(pool)
        encoder = encoder or get_encoder()
        if on_plan:
            on_plan(encoder, works)
        results = []
        for work in works:

            def report(_stage, done, total, slug=work.plan.slug):
                if on_progress:
                    on_progress(slug, done, total)

            stats = embed_source(work.plan, batch=batch, encoder=encoder, progress=report, work=work)
            results.append(stats)
            if on_done:
                on_done(stats)
        return results
