"""Admins assign a filtered set of cases to a reviewer; the reviewer finds them under "assigned
to you"; the admin sees each reviewer's progress on her assigned cases."""

from __future__ import annotations

from groundgate.models import Case
from reviews.models import Assignment
from reviews.services import review_submit


def test_an_admin_assigns_a_filtered_set_and_follows_progress(admin, reviewer):
    queue = admin.get("/d/demo/", {"q": "demo-en-1"})
    count = queue.context["page"].count
    assert count > 1
    form = {"q": "demo-en-1", "expected_count": str(count), "reviewer": "rita"}
    assert reviewer.post("/d/demo/assign", form).status_code == 403
    assert admin.post("/d/demo/assign", {**form, "expected_count": "1"}).status_code == 302
    assert not Assignment.objects.exists()  # the set changed (as far as the form knew)
    admin.post("/d/demo/assign", form)
    assigned = set(Assignment.objects.values_list("case__external_id", flat=True))
    assert len(assigned) == count and all(a.startswith("demo-en-1") for a in assigned)

    first = Case.objects.get(external_id=sorted(assigned)[0])
    review_submit(case=first, reviewer=reviewer.user, label="grounded")
    page = reviewer.get("/d/demo/").content.decode()
    assert f"assigned to you: 1 of {count} reviewed" in page
    mine = reviewer.get("/d/demo/", {"assigned": "rita"}).context["page"]
    assert mine.count == count
    progress = admin.get("/d/demo/").context["assignments"]
    assert progress == [{"reviewer": "rita", "total": count, "reviewed": 1}]

    # Taking them back.
    admin.post("/d/demo/assign", {"assigned": "rita", "expected_count": str(count), "reviewer": ""})
    assert not Assignment.objects.exists()
