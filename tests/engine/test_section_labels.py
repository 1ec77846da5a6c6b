"""The number of a part of a document ("Item 7", "Note 4", "page 59", "第47条") is a label.

Answers about filings point at their parts ("see Note 4 - Segment Reporting", "Item 7"); the
cited excerpt rarely contains the heading, and the number is no amount, date or measure. The
default policy reads such a number as a pointer the evidence cannot confirm (an info finding
that names the label) unless an accepted excerpt numbers parts with the same word: then it is
checked like any value, so a wrong article or note is still caught. The verbatim policy keeps
the spec's literal reading (every number verbatim). docs/number-grammar.md, decision 159.
"""

from __future__ import annotations

import pytest

from groundgate.engine.declarations import section_label
from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY
from groundgate.engine.numbers import extract_numbers
from tests.engine.helpers import gate_whole_text

FILING = "Goodwill was $18,782 million at the end of fiscal 2023, unchanged from the prior year."
NOTES = "See Note 6 - Restructuring for the charges of $145 million. Item 3. Legal Proceedings."
STATUTE = (
    "第四十七条　经济补偿按劳动者在本单位工作的年限，每满一年支付一个月工资的标准向劳动者支付。"
)


def labels(text: str) -> list[tuple[str, str | None]]:
    found = []
    for value in extract_numbers(text):
        label = section_label(text, value)
        found.append((value.text, label.text if label else None))
    return found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("See Item 7 and Section 13(a).", [("7", "Item 7"), ("13", "Section 13")]),
        ("Exhibit 10.1 and Note 4 - Segment", [("10.1", "Exhibit 10.1"), ("4", "Note 4")]),
        ("Items 7 and 7A", [("7", "Items 7"), ("7A", "Items 7 and 7A")]),
        ("on page 59 (p. 60)", [("59", "page 59"), ("60", "p. 60")]),
        ("根据第47条规定", [("47条", "第47条")]),
        ("见第十二页", [("十二页", "第十二页")]),
        # Amounts next to a label stay amounts; a word that merely contains one is no label.
        ("Note 4 shows revenue of $4,625 million", [("4", "Note 4"), ("$4,625 million", None)]),
        ("Keynote 4 speakers", [("4", None)]),
        ("Notes: 4 stores closed", [("4", None)]),
        ("共3条建议", [("3条", None)]),
        # A label and its number share a line: in a copied table of contents the number on the
        # next line is a page, not the part's number.
        ("Financial Statement Schedules\n128", [("128", None)]),
    ],
)
def test_what_is_read_as_a_label(text, expected):
    assert labels(text) == expected


def test_a_label_the_evidence_cannot_confirm_is_an_info_finding_naming_it():
    verdict = gate_whole_text(
        "Goodwill was $18,782 million (see Part II, Item 8, page 59).", FILING
    )
    assert verdict.status == "ok", verdict.findings
    found = [f for f in verdict.findings if f.code == "NUMBER_SECTION_LABEL"]
    assert [(f.value, f.severity) for f in found] == [("8", "info"), ("59", "info")]
    assert "'Item 8'" in found[0].message and "cannot confirm" in found[0].message


def test_the_verbatim_policy_keeps_every_number_a_claim():
    verdict = gate_whole_text(
        "Goodwill was $18,782 million (see Item 8).", FILING, policy=VERBATIM_POLICY
    )
    assert verdict.status == "citation_insufficient"
    assert [f.value for f in verdict.findings if f.code == "UNGROUNDED_NUMBER"] == ["8"]
    assert VERBATIM_POLICY.section_labels_exempt is False


def test_a_label_the_evidence_numbers_is_checked_like_any_value():
    right = gate_whole_text("The charges of $145 million are in Note 6; see Item 3.", NOTES)
    assert right.status == "ok", right.findings
    wrong = gate_whole_text("The charges of $145 million are in Note 5.", NOTES)
    assert wrong.status == "citation_insufficient"
    assert [f.value for f in wrong.findings if f.code == "UNGROUNDED_NUMBER"] == ["5"]


def test_an_article_cited_in_digits_is_grounded_by_its_heading_in_numerals():
    verdict = gate_whole_text("根据第47条，每满一年支付一个月工资。", STATUTE)
    assert verdict.status == "ok", verdict.findings
    (finding,) = verdict.findings
    assert finding.code == "NUMBER_EQUIVALENT" and "'四十七条'" in finding.message
    wrong = gate_whole_text("根据第46条，每满一年支付一个月工资。", STATUTE)
    assert wrong.status == "citation_insufficient"


def test_an_ordinal_that_numbers_no_part_of_a_text_is_still_left_out():
    # "第三次" (the third time) was never a value; only 条/项/章/节/页 after 第 make a label.
    assert extract_numbers("这是第三次会议") == []


def test_the_wrong_amount_beside_a_label_is_still_rejected():
    verdict = gate_whole_text("Goodwill was $18,872 million (see Item 8).", FILING)
    assert verdict.status == "citation_insufficient"
    assert [f.value for f in verdict.findings if f.code == "UNGROUNDED_NUMBER"] == [
        "$18,872 million"
    ]


def test_the_default_policy_names_the_reading():
    assert DEFAULT_POLICY.section_labels_exempt is True
