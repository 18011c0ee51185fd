"""The browsable API shows what REST serves: each vote's UTC ``voted_at`` with its ``legislative_date``, the
day Congress dates it (the vote file's own Eastern date, kept as the citation's ``published_at``)."""

from datetime import UTC

import pytest

from apps.registry.models import RollCallVote

pytestmark = pytest.mark.django_db


def test_vote_pages_carry_the_legislative_date(js, html, corpus_sample):
    late = [
        v
        for v in RollCallVote.objects.order_by("vote_id")
        if v.voted_at.astimezone(UTC).date() != v.published_at
    ]
    assert len(late) >= 20
    for vote in late[:10]:
        status, body = js(f"/browse/votes/{vote.vote_id}")
        assert status == 200
        assert (body["voted_at"][:10], body["legislative_date"]) == (
            vote.voted_at.astimezone(UTC).date().isoformat(),
            vote.published_at.isoformat(),
        )
        page = html(f"/browse/votes/{vote.vote_id}").content.decode()
        assert f"&quot;legislative_date&quot;: &quot;{vote.published_at}&quot;" in page
