"""Corrections are an append-only history (docs/ACCESS.md "Corrections: an append-only history"): create,
revise, revert and reinstate are events with who, when, before, after, upstream and why; a revert is a state,
not a delete; a field's history is one click from the record's admin page; the admin deletes nothing."""

import pytest
from django.urls import reverse

from apps.curation import queue
from apps.curation.models import Correction, CorrectionEvent, QueuedChange
from apps.registry.models import Legislator
from tests.migrated import migrated

pytestmark = pytest.mark.django_db


def _submit(member, action, user, **fields) -> QueuedChange:
    change = queue.submit(
        action=action, user=user, record_type="registry.legislator", object_id=str(member.pk), **fields
    )
    assert (change.status, change.error) == ("applied", "")
    return change


def test_create_revise_revert_reinstate_are_four_events_and_every_value_stays(hardening_corpus, admin_user):
    member = Legislator.objects.order_by("pk").first()
    upstream = member.first_name
    correct = {"field": "first_name"}
    created = _submit(member, "correct", admin_user, value="Roberta", text="office spelling", **correct)
    revised = _submit(member, "correct", admin_user, value="Robertah", text="second source", **correct)
    correction = Correction.objects.get(object_id=str(member.pk), field="first_name")
    reverted = _submit(member, "revert", admin_user, target_id=correction.pk, text="source was wrong")
    member.refresh_from_db()
    assert member.first_name == upstream
    correction.refresh_from_db()
    # A revert is a state: value, reason and author are all still there.
    assert (correction.status, correction.value, correction.reason, correction.created_by) == (
        "reverted",
        "Robertah",
        "second source",
        admin_user,
    )
    reinstated = _submit(member, "reinstate", admin_user, target_id=correction.pk, text="confirmed by phone")
    member.refresh_from_db()
    assert member.first_name == "Robertah"

    events = list(
        CorrectionEvent.objects.filter(correction=correction)
        .order_by("pk")
        .values_list("action", "before", "after", "upstream_value", "reason", "username", "change_id")
    )
    who = admin_user.username
    assert events == [
        ("create", upstream, "Roberta", upstream, "office spelling", who, created.pk),
        ("revise", "Roberta", "Robertah", upstream, "second source", who, revised.pk),
        ("revert", "Robertah", upstream, upstream, "source was wrong", who, reverted.pk),
        ("reinstate", upstream, "Robertah", upstream, "confirmed by phone", who, reinstated.pk),
    ]
    assert all(e.at is not None for e in CorrectionEvent.objects.filter(correction=correction))
    assert Correction.objects.filter(object_id=str(member.pk)).count() == 1

    # Reverting twice is refused with the reason, and writes no event.
    twice = queue.submit(
        action="reinstate",
        record_type="registry.legislator",
        object_id=str(member.pk),
        target_id=correction.pk,
    )
    assert twice.status == "failed" and "not reverted" in twice.error
    assert CorrectionEvent.objects.filter(correction=correction).count() == 4


def test_a_fields_history_is_one_click_from_the_record_and_the_admin_deletes_nothing(
    hardening_corpus, admin_client
):
    member = Legislator.objects.order_by("pk")[1]
    _submit(member, "correct", None, field="nickname", value="Kit", text="press office")
    correction = Correction.objects.get(object_id=str(member.pk), field="nickname")
    record_page = admin_client.get(
        reverse("admin:registry_legislator_change", args=[member.pk])
    ).content.decode()
    history = f"{reverse('admin:curation_correctionevent_changelist')}?correction__id__exact={correction.pk}"
    assert f'href="{history.replace("&", "&amp;")}">History of nickname</a>' in record_page
    page = admin_client.get(history)
    assert page.status_code == 200
    html = page.content.decode()
    assert "press office" in html and "Kit" in html and "1 correction history" in html

    # Revert from the list: an action, not a delete; the correction stays, reverted, with its event.
    changelist = reverse("admin:curation_correction_changelist")
    assert "delete_selected" not in admin_client.get(changelist).content.decode()
    response = admin_client.post(
        changelist, {"action": "revert_selected", "_selected_action": [correction.pk]}
    )
    assert response.status_code == 302
    correction.refresh_from_db()
    assert (correction.status, correction.value) == ("reverted", "Kit")
    assert list(correction.events.values_list("action", flat=True)) == ["create", "revert"]
    delete = admin_client.post(
        reverse("admin:curation_correction_delete", args=[correction.pk]), {"post": "yes"}
    )
    assert delete.status_code == 403 and Correction.objects.filter(pk=correction.pk).exists()
    event = correction.events.first()
    assert (
        admin_client.post(
            reverse("admin:curation_correctionevent_delete", args=[event.pk]), {"post": "yes"}
        ).status_code
        == 403
    )


def test_the_upgrade_gives_every_earlier_correction_its_create_event(tmp_path, request):
    """curation 0003 on a database holding a correction made before the history: its ``create`` event,
    dated when it was made, and the two-file site's web-state database left alone. (From the cached migrated
    folder, tests/migrated.py, back to curation 0002, then forward again.)"""
    import os
    import sqlite3
    import subprocess
    import sys

    from django.conf import settings

    env = {k: v for k, v in os.environ.items() if not k.startswith("JOSH_")}
    env.update(DJANGO_SETTINGS_MODULE="josh.settings", JOSH_DATA_DIR=str(tmp_path), JOSH_LOG_LEVEL="ERROR")

    def manage(*args):
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=settings.BASE_DIR,
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert done.returncode == 0, done.stderr
        return done

    migrated(request.config, tmp_path, env)
    manage("migrate", "curation", "0002", "--verbosity", "0")
    db = tmp_path / "josh.sqlite3"
    conn = sqlite3.connect(db)
    with conn:
        ct = conn.execute(
            "SELECT id FROM django_content_type WHERE app_label='bills' AND model='bill'"
        ).fetchone()[0]
        conn.execute(
            "INSERT INTO curation_correction (content_type_id, object_id, field, value, ingested_value, reason,"
            " created_at, updated_at) VALUES (?, '7', 'title', 'New', 'Old', 'typo', '2026-01-02 03:04:05',"
            " '2026-01-02 03:04:05')",
            (ct,),
        )
    conn.close()
    manage("migrate", "--verbosity", "0")
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute(
            "SELECT e.action, e.before, e.after, e.upstream_value, e.reason, e.at, c.status"
            " FROM curation_correctionevent e JOIN curation_correction c ON c.id = e.correction_id"
        ).fetchall()
    finally:
        conn.close()
    assert rows == [("create", "Old", "New", "Old", "typo", "2026-01-02 03:04:05", "active")]
