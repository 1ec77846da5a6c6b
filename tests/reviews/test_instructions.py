"""A dataset's review instructions: written by its admins, shown on the queue and case pages."""

from __future__ import annotations

from groundgate.models import Case


def test_admins_write_instructions_reviewers_read_them_everywhere(admin, reviewer):
    text = "Grounded means every figure is in a cited excerpt.\nSay cannot judge for scans."
    assert reviewer.post("/d/demo/instructions", {"text": "mine"}).status_code == 403
    assert admin.post("/d/demo/instructions", {"text": text}).status_code == 302
    queue = reviewer.get("/d/demo/").content.decode()
    assert "Grounded means every figure is in a cited excerpt." in queue
    assert 'action="/d/demo/instructions"' not in queue  # only admins get the form
    assert 'action="/d/demo/instructions"' in admin.get("/d/demo/").content.decode()
    case = Case.objects.get(external_id="demo-en-12")
    page = reviewer.get(f"/d/demo/cases/{case.pk}/").content.decode()
    assert "Say cannot judge for scans." in page
