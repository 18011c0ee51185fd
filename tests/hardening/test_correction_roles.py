"""Roles (docs/ACCESS.md "Corrections: roles"): the permission matrix of anonymous, an API key, an editor, a
curator and an admin over every admin page and action of the curation models, the user, group and API-key
admins, and every correction service (the admin's only way to change a correction; REST and MCP offer
none). The editor and curator groups are the ones migration curation 0004 creates."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, Group
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import reverse

from apps.access.services import api_key_issue
from apps.bills.models import Bill
from apps.curation import permissions, proposals, queue, services
from apps.curation.models import Correction, CorrectionEvent, QueuedChange

pytestmark = pytest.mark.django_db

BILL = "hjres:119:24"
ROLES = ("anonymous", "api_key", "editor", "curator", "admin")
LOGIN = "login"  # redirected to the admin's login page


def _user(name: str, group: str | None = None, **extra):
    user = get_user_model().objects.create_user(name, f"{name}@example.org", "a-long-pass-phrase", **extra)
    if group:
        user.groups.add(Group.objects.get(name=group))
    return user


@pytest.fixture
def people():
    return {
        "anonymous": AnonymousUser(),
        "editor": _user("eddie", "editor", is_staff=True),
        "curator": _user("cora", "curator", is_staff=True),
        "admin": _user("ada", is_staff=True, is_superuser=True),
    }


@pytest.fixture
def clients(people):
    out = {"anonymous": Client()}
    _key, raw = api_key_issue(name="research agent")
    out["api_key"] = Client(headers={"X-Api-Key": raw})
    for role in ("editor", "curator", "admin"):
        out[role] = Client()
        out[role].force_login(people[role])
    return out


def _bill():
    return Bill.objects.get(bill_id=BILL), ContentType.objects.get_for_model(Bill)


def _in_state(state: str) -> Correction:
    """The bill's title correction in ``state``, set up by the system (user None)."""
    bill, ct = _bill()
    where = {"content_type": ct, "object_id": str(bill.pk), "field": "title"}
    if state == "none":
        return None
    if state == "proposed":
        return proposals.propose(**where, value="Proposed title", reason="editor's reading")
    correction = services.correct(**where, value="Corrected title", reason="readable")
    if state == "reverted":
        services.revert(correction)
    if state == "drifted":
        services.PROVIDER.ingested(Bill, bill.pk, {"title": "Renamed upstream"})
    correction.refresh_from_db()
    return correction


def test_the_groups_hold_exactly_their_roles_permissions():
    perms = {
        g.name: sorted(f"{p.content_type.app_label}.{p.codename}" for p in g.permissions.all())
        for g in Group.objects.filter(name__in=["editor", "curator"])
    }
    # Besides viewing the records they correct (curation 0005; tests/hardening/test_curation_access.py).
    editor = [p for p in perms["editor"] if p.split(".")[0] == "curation"]
    assert editor == [
        "curation.propose_correction",
        "curation.view_correction",
        "curation.view_correctionevent",
    ]
    assert all(".view_" in p for p in perms["editor"] if p.split(".")[0] != "curation")
    curator = perms["curator"]
    assert {"curation.add_correction", "curation.change_correction", "curation.approve_correction"} <= set(
        curator
    )
    # Nothing over users, groups, API keys, or deleting history.
    assert not [p for p in curator if p.split(".")[0] in ("auth", "access") or ".delete_" in p]


# (page, expected per role in ROLES order); {c} is the correction's pk, {e} its first event's.
PAGES = [
    ("admin:curation_correction_changelist", (LOGIN, LOGIN, 200, 200, 200)),
    ("admin:curation_correction_add", (LOGIN, LOGIN, 200, 200, 200)),
    ("admin:curation_correction_change {c}", (LOGIN, LOGIN, 200, 200, 200)),
    ("admin:curation_correction_delete {c}", (LOGIN, LOGIN, 403, 403, 403)),
    ("admin:curation_correctionevent_changelist", (LOGIN, LOGIN, 200, 200, 200)),
    ("admin:curation_correctionevent_change {e}", (LOGIN, LOGIN, 200, 200, 200)),
    ("admin:curation_correctionevent_delete {e}", (LOGIN, LOGIN, 403, 403, 403)),
    ("admin:curation_correctiontoreview_changelist", (LOGIN, LOGIN, 403, 200, 200)),
    ("admin:curation_reviewflag_changelist", (LOGIN, LOGIN, 403, 200, 200)),
    ("admin:curation_reviewflag_add", (LOGIN, LOGIN, 403, 200, 200)),
    ("admin:curation_queuedchange_changelist", (LOGIN, LOGIN, 403, 200, 200)),
    ("admin:curation_backgroundrun_changelist", (LOGIN, LOGIN, 403, 200, 200)),
    ("admin:curation_backgroundrun_add", (LOGIN, LOGIN, 403, 403, 200)),
    ("admin:curation_quality", (LOGIN, LOGIN, 403, 200, 200)),
    ("admin:core_ingestrun_changelist", (LOGIN, LOGIN, 403, 200, 200)),
    ("admin:auth_user_changelist", (LOGIN, LOGIN, 403, 403, 200)),
    ("admin:auth_user_add", (LOGIN, LOGIN, 403, 403, 200)),
    ("admin:auth_group_changelist", (LOGIN, LOGIN, 403, 403, 200)),
    ("admin:auth_group_add", (LOGIN, LOGIN, 403, 403, 200)),
    ("admin:access_apikey_changelist", (LOGIN, LOGIN, 403, 403, 200)),
    ("admin:access_apikey_add", (LOGIN, LOGIN, 403, 403, 200)),
]


def test_every_admin_page_answers_each_role_as_its_permissions_say(hardening_corpus, clients):
    correction = _in_state("active")
    event = correction.events.first()
    seen = {}
    for page, _expected in PAGES:
        name, _, arg = page.partition(" ")
        url = reverse(name, args=[arg.format(c=correction.pk, e=event.pk)] if arg else [])
        for role in ROLES:
            response = clients[role].get(url)
            got = response.status_code
            if got == 302 and "/admin/login/" in response["Location"]:
                got = LOGIN
            seen[(page, role)] = got
    assert seen == {
        (page, role): want for page, expected in PAGES for role, want in zip(ROLES, expected, strict=True)
    }
    # The admin index lists the review queue to those who may act on it.
    assert "Corrections to review" in clients["curator"].get(reverse("admin:index")).content.decode()
    assert "Corrections to review" not in clients["editor"].get(reverse("admin:index")).content.decode()


# action -> (the state it acts on, the event it writes, the roles that may run it)
ACTIONS = {
    "revert_selected": ("active", "revert", {"curator", "admin"}),
    "reinstate_selected": ("reverted", "reinstate", {"curator", "admin"}),
    "confirm_selected": ("drifted", "confirm", {"curator", "admin"}),
    "approve_selected": ("proposed", "approve", {"curator", "admin"}),
    "reject_selected": ("proposed", "reject", {"curator", "admin"}),
}


# Every action of the corrections' list, and of the review queue (which lists flagged and proposed ones, so
# offers no reinstate).
ACTION_PAGES = [("correction", a) for a in sorted(ACTIONS)] + [
    ("correctiontoreview", a) for a in sorted(ACTIONS) if a != "reinstate_selected"
]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("changelist", "action"), ACTION_PAGES)
def test_every_admin_action_runs_only_for_the_roles_allowed(
    hardening_corpus, clients, role, action, changelist
):
    state, event, allowed = ACTIONS[action]
    if changelist == "correctiontoreview" and action == "revert_selected":
        state = "drifted"  # a flagged correction reverted from the queue
    correction = _in_state(state)
    before = correction.events.count()
    response = clients[role].post(
        reverse(f"admin:curation_{changelist}_changelist"),
        {"action": action, "_selected_action": [correction.pk]},
    )
    written = list(correction.events.order_by("pk").values_list("action", flat=True)[before:])
    if role in allowed:
        assert response.status_code == 302 and written == [event], (response.status_code, written)
    else:
        assert written == []
        if role in ("anonymous", "api_key"):
            assert response.status_code == 302 and "/admin/login/" in response["Location"]
        else:  # refused (403), or the list again without the action, which it does not offer this role
            assert response.status_code in (200, 403)
            listing = clients[role].get(reverse(f"admin:curation_{changelist}_changelist"))
            assert listing.status_code == 403 or f'value="{action}"' not in listing.content.decode()


def _prepare(step: str):
    """Set the correction up for ``step`` (as the system); return the call that takes the step as a user."""
    bill, ct = _bill()
    where = {"content_type": ct, "object_id": str(bill.pk), "field": "title"}
    if step == "correct":
        return lambda user: services.correct(**where, value="A title", reason="why", user=user)
    if step == "revise":
        _in_state("active")
        return lambda user: services.correct(**where, value="A revised title", reason="why", user=user)
    if step == "propose":
        return lambda user: proposals.propose(**where, value="A proposed title", reason="why", user=user)
    state = {"revert": "active", "reinstate": "reverted", "confirm": "drifted"}.get(step, "proposed")
    correction = _in_state(state)
    return lambda user: getattr(proposals if step in ("approve", "reject") else services, step)(
        correction, reason="why", user=user
    )


# service -> roles allowed (API keys authenticate reads only: no service takes one)
SERVICES = {
    "correct": {"curator", "admin"},
    "revise": {"curator", "admin"},
    "propose": {"editor", "curator", "admin"},
    "approve": {"curator", "admin"},
    "reject": {"curator", "admin"},
    "revert": {"curator", "admin"},
    "reinstate": {"curator", "admin"},
    "confirm": {"curator", "admin"},
}


@pytest.mark.parametrize("role", ["anonymous", "editor", "curator", "admin"])
@pytest.mark.parametrize("step", sorted(SERVICES))
def test_every_correction_service_checks_the_role(hardening_corpus, people, role, step):
    user = people[role]
    take = _prepare(step)
    before = CorrectionEvent.objects.count()
    if role in SERVICES[step]:
        take(user)
        event = CorrectionEvent.objects.order_by("-pk").first()
        expected = {"correct": "create", "revise": "revise"}.get(step, step)
        assert (event.action, event.username) == (expected, user.get_username())
        assert CorrectionEvent.objects.count() == before + 1
    else:
        with pytest.raises(permissions.PermissionDenied, match="may not") as denied:
            take(user)
        assert denied.value.status == 403 and CorrectionEvent.objects.count() == before


@pytest.mark.parametrize("role", ["anonymous", "editor"])
def test_the_queue_refuses_a_role_before_queueing_anything(hardening_corpus, people, role):
    bill, _ = _bill()
    before = QueuedChange.objects.count()
    with pytest.raises(permissions.PermissionDenied):
        queue.submit(
            action=QueuedChange.Action.CORRECT,
            user=people[role],
            record_type="bills.bill",
            object_id=str(bill.pk),
            field="title",
            value="x",
            text="y",
        )
    assert QueuedChange.objects.count() == before


def test_an_editor_proposes_in_the_admin_and_a_curator_approves_from_the_review_queue(
    hardening_corpus, clients
):
    bill, ct = _bill()
    upstream = bill.title
    post = {
        "record": BILL,
        "field": "title",
        "value": "Proposed",
        "reason": "reads",
    }  # the record by its public id
    response = clients["editor"].post(reverse("admin:curation_correction_add"), post)
    assert response.status_code == 302
    correction = Correction.objects.get(object_id=str(bill.pk), field="title")
    bill.refresh_from_db()
    assert (correction.status, correction.proposal_pending, bill.title) == ("proposed", True, upstream)
    queue_page = (
        clients["curator"].get(reverse("admin:curation_correctiontoreview_changelist")).content.decode()
    )
    assert "Proposed" in queue_page and "eddie" in queue_page
    clients["curator"].post(
        reverse("admin:curation_correctiontoreview_changelist"),
        {"action": "approve_selected", "_selected_action": [correction.pk]},
    )
    bill.refresh_from_db()
    correction.refresh_from_db()
    assert (correction.status, correction.proposal_pending, bill.title) == ("active", False, "Proposed")
    # The editor's revision of a served correction waits beside it: the served value stays until approved.
    change = reverse("admin:curation_correction_change", args=[correction.pk])
    clients["editor"].post(change, {**post, "value": "Proposed again"})
    bill.refresh_from_db()
    correction.refresh_from_db()
    assert (bill.title, correction.value, correction.proposal_pending) == ("Proposed", "Proposed", True)
    proposals.reject(correction, reason="the first reading stands")
    events = list(correction.events.order_by("pk").values_list("action", "username"))
    assert events == [
        ("propose", "eddie"),
        ("approve", "cora"),
        ("propose", "eddie"),
        ("reject", ""),
    ]
