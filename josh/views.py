"""Views that compose several apps, so they live in the composition root rather than in any one app."""

import re

from django.http import JsonResponse

from apps.core import lane
from apps.core.services.health import health
from apps.curation.services import needing_review_count
from apps.search.health import index_health
from apps.search.vector_coverage import coverage_by_source, coverage_problem

# "(pid 4242 on web-3)": which process on which machine ran a run is the operator's business (the admin and
# `manage.py ingest --show-errors` show it), not an open endpoint's: it maps the deployment for an attacker.
_PROCESS = re.compile(r"\s*\(pid [^)]*\)")


def healthz(request):
    """Liveness and per-source health for load balancers and operators: 200 unless the database is down.
    Open to anyone, so it names no process id, host name or database error text. A body source's search
    index is not "ok" while some of its documents have no vectors: lexical search finds them and semantic
    search silently does not."""
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
    for entry in body["sources"].values():
        if "note" in entry:
            entry["note"] = _PROCESS.sub("", entry["note"])
    if body["status"] == "down":
        body["database"] = "down"  # the driver's message can name the file or the server's address
    else:
        # Corrections an ingest flagged (the source file moved under them) that no curator has settled yet.
        body["corrections_needing_review"] = needing_review_count()
        # "starting": no search worker has warmed up yet, so searches run in this process meanwhile (slower
        # for hybrid: the encoder loads here); "ready"; "off" (the lane is disabled). apps/core/lane.py
        body["search_lane"] = lane.state()
    return JsonResponse(body, status=503 if body["status"] == "down" else 200)
