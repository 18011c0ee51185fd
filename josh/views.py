"""Views that compose several apps, so they live in the composition root rather than in any one app."""

from django.http import JsonResponse

from apps.core.services.health import health
from apps.search.health import index_health
from apps.search.vector_coverage import coverage_by_source, coverage_problem


def healthz(request):
    """Liveness and per-source health for load balancers and operators: 200 unless the database is down.
    A body source's search index is not "ok" while some of its documents have no vectors: lexical search
    finds them and semantic search silently does not."""
    read = {}

    def vectors():
        return read.setdefault("coverage", coverage_by_source())

    def indexes():
        out = index_health()
        for slug, cov in vectors().items():
            if out.get(slug) == "ok" and (problem := coverage_problem(cov, slug)):
                out[slug] = problem
        return out

    body = health(indexes, lambda: {slug: cov.as_dict() for slug, cov in vectors().items()})
    return JsonResponse(body, status=503 if body["status"] == "down" else 200)
