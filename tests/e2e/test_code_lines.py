"""A long code line wraps inside its box at 1366x768 (it was cut behind a horizontal scroll), its
continuation indented past the line numbers, which stay one column."""

from __future__ import annotations

import pytest

from groundgate.models import Case
from tests.e2e.test_case_page import demo, log_in, shoot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
__all__ = ["demo"]  # the fixture


def test_long_code_lines_wrap_inside_their_box(page, live_server, demo):
    log_in(page, live_server)
    case = Case.objects.filter(kind="code", external_id__startswith="demo-code-01").get()
    page.goto(f"{live_server.url}/d/demo/cases/{case.pk}/")
    pre = page.locator("figure.code pre").first
    # Nothing hidden to the right: the box is as wide as its content.
    assert pre.evaluate("p => p.scrollWidth <= p.clientWidth"), "a code line runs out of its box"
    lines = pre.locator(":scope > span")
    heights = [lines.nth(i).bounding_box()["height"] for i in range(lines.count())]
    assert max(heights) > 1.5 * min(heights), heights  # the long line took two rows
    numbers = pre.locator(".ln").evaluate_all("ns => ns.map(n => n.getBoundingClientRect().left)")
    assert max(numbers) - min(numbers) < 1, numbers
    shoot(page, "code-wrapped")
