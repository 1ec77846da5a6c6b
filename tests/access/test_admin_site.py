"""The Django admin site asks the access module like every other page. Sid is staff with every
model permission and admin of one dataset ("ours"); another dataset ("theirs") has cases,
documents, chunks, gate runs, a review and a relabel. Before: Sid saw all of "theirs" and could
add himself as its admin through the memberships inline. Superusers see everything, as before.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client

from groundgate.models import Case, Chunk, Document, GateRun, Membership, Role
from groundgate.services.datasets import dataset_get_or_create, membership_grant
from groundgate.services.imports import case_import_lines
from reviews.models import Relabel, Review
from reviews.services import case_relabel, review_submit
from tests.conftest import DEMO_CASES

pytestmark = pytest.mark.django_db

PAGES = {
    "case": Case,
    "gaterun": GateRun,
    "document": Document,
    "chunk": Chunk,
}


def _dataset(slug: str, line: int):
    dataset, _ = dataset_get_or_create(slug=slug)
    report = case_import_lines(dataset=dataset, lines=[DEMO_CASES.read_bytes().splitlines()[line]])
    assert not report.errors
    document = Document.objects.create(dataset=dataset, title=f"{slug}.pdf", sha256=slug * 8)
    Chunk.objects.create(dataset=dataset, document=document, chunk_id=f"{slug}-1", text="x")
    return dataset


def _staff(username: str, superuser: bool = False) -> Client:
    user = get_user_model().objects.create_user(username, is_staff=True, is_superuser=superuser)
    user.user_permissions.set(Permission.objects.all())
    client = Client()
    client.force_login(user)
    client.user = user  # type: ignore[attr-defined]
    return client


@pytest.fixture
def two():
    ours, theirs = _dataset("ours", 0), _dataset("theirs", 1)
    owner = get_user_model().objects.create_user("olga")
    membership_grant(dataset=theirs, user=owner, role=Role.ADMIN)
    case = Case.objects.get(dataset=theirs)
    review_submit(case=case, reviewer=owner, label="grounded")
    case_relabel(case=case, admin=owner, to_label="not_grounded", reason="second look")
    sid = _staff("sid")
    membership_grant(dataset=ours, user=sid.user, role=Role.ADMIN)
    return ours, theirs, sid


def test_staff_see_only_the_records_of_datasets_they_administer(two):
    ours, theirs, sid = two
    assert Review.objects.filter(case__dataset=theirs).exists()
    assert Relabel.objects.filter(case__dataset=theirs).exists()
    for name, model in PAGES.items():
        page = sid.get(f"/admin/groundgate/{name}/")
        assert page.status_code == 200, name
        shown = {row.pk for row in page.context["cl"].result_list}
        mine = set(
            model.objects.filter(
                **{"case__dataset" if model is GateRun else "dataset": ours}
            ).values_list("pk", flat=True)
        )
        assert shown == mine and mine, name
        other = model.objects.exclude(pk__in=mine).first()
        assert sid.get(f"/admin/groundgate/{name}/{other.pk}/change/").status_code == 302, name
    for name in ("review", "relabel"):
        page = sid.get(f"/admin/reviews/{name}/")
        assert page.status_code == 200 and list(page.context["cl"].result_list) == [], name
        assert b"theirs" not in page.content, name
    datasets = sid.get("/admin/groundgate/dataset/")
    assert [d.slug for d in datasets.context["cl"].result_list] == ["ours"]


def test_staff_cannot_make_themselves_admin_of_another_dataset(two):
    ours, theirs, sid = two
    assert sid.get(f"/admin/groundgate/dataset/{theirs.pk}/change/").status_code == 302
    assert sid.get("/admin/groundgate/dataset/add/").status_code == 403
    form = {
        "slug": "theirs",
        "name": "theirs",
        "reviews_required": "1",
        "memberships-TOTAL_FORMS": "1",
        "memberships-INITIAL_FORMS": "0",
        "memberships-0-user": str(sid.user.pk),
        "memberships-0-role": "admin",
    }
    sid.post(f"/admin/groundgate/dataset/{theirs.pk}/change/", form)
    assert not Membership.objects.filter(dataset=theirs, user=sid.user).exists()
    # Its own dataset's memberships it manages as before.
    page = sid.get(f"/admin/groundgate/dataset/{ours.pk}/change/")
    assert page.status_code == 200 and b"memberships" in page.content


def test_staff_without_a_membership_see_nothing_and_superusers_see_everything(two):
    _, theirs, _ = two
    stan = _staff("stan")
    for name in PAGES:
        page = stan.get(f"/admin/groundgate/{name}/")
        assert page.status_code == 200 and list(page.context["cl"].result_list) == [], name
    root = _staff("root", superuser=True)
    page = root.get("/admin/groundgate/case/")
    assert {c.dataset.slug for c in page.context["cl"].result_list} == {"ours", "theirs"}
    assert root.get(f"/admin/groundgate/dataset/{theirs.pk}/change/").status_code == 200
