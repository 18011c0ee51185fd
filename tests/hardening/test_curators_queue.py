"""Curators' changes go through the queue (apps.curation.queue): applied at once when no writer holds the
data, pending while one does and applied by it as it releases the lock; orphaned admin runs; the admin's
own time budget; the data-quality report's permission."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from apps.core.db import timelimit
from apps.core.services.writer_lock import current_holder, writer_lock
from apps.curation import queue
from apps.curation.models import BackgroundRun, Correction, QueuedChange, ReviewFlag
from apps.curation.services import abort_orphans
from apps.registry.models import Legislator

pytestmark = pytest.mark.django_db


def _correct(member, value, user=None) -> QueuedChange:
    return queue.submit(
        action=QueuedChange.Action.CORRECT,
        user=user,
        record_type="registry.legislator",
        object_id=str(member.pk),
        field="nickname",
        value=value,
        text="the member's office spells it so",
    )


def test_a_change_is_applied_at_once_when_no_writer_holds_the_data(hardening_corpus, admin_user):
    member = Legislator.objects.order_by("pk").first()
    change = _correct(member, "Bobby", user=admin_user)
    assert (change.status, change.error, change.username) == ("applied", "", admin_user.username)
    member.refresh_from_db()
    assert member.nickname == "Bobby"
    correction = Correction.objects.get(object_id=str(member.pk), field="nickname")
    assert (correction.value, correction.created_by) == ("Bobby", admin_user)


def test_a_change_made_while_an_ingest_writes_is_pending_then_applied_as_it_finishes(hardening_corpus):
    member = Legislator.objects.order_by("pk").first()
    before = member.nickname
    with writer_lock(task="ingest", source="legislators") as me:
        assert current_holder()["pid"] == me["pid"]
        change = _correct(member, "Pending Pat")
        flagged = queue.submit(
            action=QueuedChange.Action.FLAG,
            record_type="registry.legislator",
            object_id=str(member.pk),
            text="party looks stale",
        )
        assert (change.status, flagged.status) == ("pending", "pending")
        assert queue.pending_count() == 2
        member.refresh_from_db()
        assert member.nickname == before
    assert current_holder() is None
    assert list(QueuedChange.objects.order_by("pk").values_list("status", flat=True)) == [
        "applied",
        "applied",
    ]
    member.refresh_from_db()
    assert member.nickname == "Pending Pat"
    assert ReviewFlag.objects.get(object_id=str(member.pk)).note == "party looks stale"


def test_a_change_that_can_no_longer_apply_is_failed_with_the_reason(hardening_corpus):
    gone = queue.submit(
        action=QueuedChange.Action.CORRECT,
        record_type="registry.legislator",
        object_id="999999999",
        field="nickname",
        value="x",
        text="y",
    )
    assert gone.status == "failed" and "999999999" in gone.error
    assert not Correction.objects.filter(object_id="999999999").exists()


def test_the_admin_saves_a_correction_through_the_queue(hardening_corpus, admin_client):
    member = Legislator.objects.order_by("pk").first()
    response = admin_client.post(
        "/admin/curation/correction/add/",
        {
            "record": member.bioguide_id,
            "field": "nickname",
            "value": "Admin Al",
            "reason": "from the admin",
        },
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.nickname == "Admin Al"
    assert QueuedChange.objects.get().status == "applied"
    listing = admin_client.get("/admin/curation/queuedchange/")
    assert listing.status_code == 200 and "Admin Al" in listing.content.decode()


def test_runs_of_a_server_process_that_is_gone_are_marked_aborted(hardening_corpus):
    import os

    dead = BackgroundRun.objects.create(
        kind="ingest", source="bills", status="running", pid=2**22 + 7, host=""
    )
    mine = BackgroundRun.objects.create(kind="ingest", source="bills", status="running", pid=os.getpid())
    assert abort_orphans() == 1
    dead.refresh_from_db()
    mine.refresh_from_db()
    assert (dead.status, mine.status) == ("aborted", "running")
    assert dead.finished_at is not None


def test_the_quality_report_needs_its_permission_not_only_staff(hardening_corpus, client):
    staff = get_user_model().objects.create_user("staff", password="pw-staff-1234", is_staff=True)
    client.force_login(staff)
    assert client.get("/admin/curation/backgroundrun/quality/").status_code == 403
    assert client.get("/admin/curation/backgroundrun/quality/bills/").status_code == 403
    staff.user_permissions.add(Permission.objects.get(codename="view_quality_report"))
    staff = get_user_model().objects.get(pk=staff.pk)  # a fresh permission cache
    client.force_login(staff)
    assert client.get("/admin/curation/backgroundrun/quality/").status_code == 200


def test_admin_pages_get_their_own_budget(settings):
    settings.JOSH = {**settings.JOSH, "QUERY_TIME_LIMIT_MS": 2000, "ADMIN_TIME_LIMIT_MS": 30_000}
    try:
        timelimit.on_request_started(environ={"PATH_INFO": "/admin/login/"})
        admin_left = timelimit.remaining_s()
        timelimit.on_request_started(environ={"PATH_INFO": "/v1/bills"})
        public_left = timelimit.remaining_s()
    finally:
        timelimit.on_request_finished()
    assert 2.0 < admin_left <= 30.0
    assert public_left <= 2.0


def test_the_router_keeps_web_state_and_records_apart():
    from django.contrib.sessions.models import Session

    from apps.access.models import ApiKey
    from apps.core.db.routers import WebStateRouter, is_web_state

    router = WebStateRouter()
    assert [is_web_state(m) for m in (Session, ApiKey, QueuedChange, Correction, Legislator)] == [
        True, True, True, False, False,
    ]  # fmt: skip
    assert router.db_for_write(Legislator) is None  # the next router, or default
    assert router.db_for_write(ApiKey) == "default"  # no web database here (the tests'): the data's
    assert router.allow_relation(ApiKey(), QueuedChange()) is True
    assert router.allow_relation(ApiKey(), Correction()) is False
    assert router.allow_relation(Correction(), Legislator()) is None
