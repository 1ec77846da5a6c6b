"""Importing a tracing tool's export on the import page, in a real browser: Ada (admin) sends a
Phoenix span file with a broken line and is shown the line while her choices stay, then the
intact file, sees the result with the new cases listed, and opens one from that list and from the
queue. Screenshots of the page empty, with the error and with the result (prefix
`trace-import-`)."""

from __future__ import annotations

import pytest

from groundgate.models import Case
from tests.e2e.test_case_page import shoot as shoot_both_sizes
from tests.e2e.test_workstation_journeys import demo, log_in  # noqa: F401 - fixtures
from tests.integrations.test_trace_import import T1, T2, TRACES

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PATTERN = r"\[([^\[\]]{1,64})\]"


def shoot(page, name: str) -> None:
    shoot_both_sizes(page, name, prefix="trace-import-")


def test_ada_imports_a_phoenix_export_and_opens_a_case_from_it(page, live_server, demo, tmp_path):  # noqa: F811
    source = TRACES / "phoenix-spans.jsonl"
    lines = source.read_text().splitlines()
    lines[2] = lines[2][:80]  # cut off mid-span, as a truncated download would be
    broken = tmp_path / "phoenix-spans-broken.jsonl"
    broken.write_text("\n".join(lines) + "\n")

    log_in(page, live_server, "ada")
    page.click("text=Demo")
    page.click("nav.datasetnav >> text=Import")
    page.locator("#import-traces").scroll_into_view_if_needed()
    shoot(page, "empty")

    # The broken file: nothing is imported, the line is named, the choices stay.
    page.select_option("#import-traces select[name=format]", "openinference")
    page.fill("#import-traces input[name=citation_pattern]", PATTERN)
    page.set_input_files("#import-traces input[name=file]", str(broken))
    page.click("#import-traces button[type=submit]")
    page.wait_for_selector("#import-errors")
    assert page.inner_text("#import-errors tbody tr td >> nth=0") == "3"
    assert "not JSON: Unterminated string" in page.inner_text("#import-errors")
    assert "Nothing imported: 1 problem in phoenix-spans-broken.jsonl" in page.inner_text("h2")
    assert page.input_value("#import-traces select[name=format]") == "openinference"
    assert page.input_value("#import-traces input[name=citation_pattern]") == PATTERN
    assert page.input_value("#import-traces input[name=file]") == ""
    assert "choose the file again" in page.inner_text("#choose-again")
    assert not Case.objects.filter(external_id__in=[T1, T2]).exists()
    shoot(page, "error")

    # The intact file: both traces become gated cases.
    page.set_input_files("#import-traces input[name=file]", str(source))
    page.click("#import-traces button[type=submit]")
    page.wait_for_selector(".import-done")
    assert "Imported 2 cases from phoenix-spans.jsonl" in page.inner_text("#import-result")
    assert set(
        Case.objects.filter(external_id__in=[T1, T2]).values_list("external_id", flat=True)
    ) == {T1, T2}
    rows = page.locator("#imported-cases tbody tr")
    cells = [rows.nth(n).locator("td").all_inner_texts() for n in range(rows.count())]
    assert [(row[0], row[2]) for row in cells] == [(T1, "ok"), (T2, "citation_insufficient")]
    assert all(row[1] for row in cells)  # each with its question
    shoot(page, "result")

    # The result links each new case: the second answer's case opens with its finding.
    case = Case.objects.get(external_id=T2)
    page.click(f"#imported-cases a:has-text('{T2}')")
    page.wait_for_url(f"**/d/demo/cases/{case.pk}/**")
    assert "UNGROUNDED_NUMBER" in page.content()

    # The queue lists them by trace id too.
    page.go_back()
    page.click("#import-result >> text=See the answer cases in the queue")
    page.wait_for_selector("#queue")
    page.click(f"#queue a:text-is('{T2}')")
    page.wait_for_url(f"**/d/demo/cases/{case.pk}/**")
