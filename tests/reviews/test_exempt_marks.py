"""An exempt value is drawn apart from a value grounded other than verbatim (d735): the answer's
marks and the finding rows say which, from the finding's code - the engine's own exempt rules,
each with a real answer the gate marks so."""

from __future__ import annotations

import pytest

from groundgate.engine.gates.answer import AnswerCase, gate_answer
from groundgate.engine.gates.answer_numbers import (
    NUMBER_ABOUT_ANSWER,
    NUMBER_DERIVED,
    NUMBER_EQUIVALENT,
    NUMBER_FROM_QUESTION,
    NUMBER_IN_WORKING,
    NUMBER_SECTION_LABEL,
)
from reviews.presenters import EXEMPT_CODES, FindingGroup, highlight_segments

CHUNK = "Operating costs rose to 12.50 million dollars, of which energy accounted for 38%."


def findings_of(question: str, conclusion: str) -> list[dict]:
    case = {
        "case_id": "exempt-marks",
        "question": question,
        "answer": {
            "conclusion": conclusion,
            "evidences": [{"chunk_id": "c1", "excerpt": CHUNK}],
        },
        "raw_chunks": [{"chunk_id": "c1", "text": CHUNK}],
    }
    return [f.model_dump() for f in gate_answer(AnswerCase.model_validate(case)).findings]


def test_the_exempt_codes_are_the_info_rules_that_look_for_no_evidence():
    assert EXEMPT_CODES == {
        NUMBER_FROM_QUESTION,
        NUMBER_ABOUT_ANSWER,
        NUMBER_IN_WORKING,
        NUMBER_SECTION_LABEL,
    }
    assert not {NUMBER_EQUIVALENT, NUMBER_DERIVED} & EXEMPT_CODES


@pytest.mark.parametrize(
    ("question", "conclusion", "code", "exempt"),
    [
        (
            "What share was energy in 2023?",
            "In 2023 energy was 38% of costs.",
            NUMBER_FROM_QUESTION,
            True,
        ),
        (
            "What share was energy?",
            "Energy was 38% of costs (a summary in 7 words).",
            NUMBER_ABOUT_ANSWER,
            True,
        ),
        ("What share was energy?", "Energy was 4.75 / 12.50 * 100 = 38%.", NUMBER_IN_WORKING, True),
        ("What did costs rise to?", "Costs rose to $12.5 million.", NUMBER_EQUIVALENT, False),
    ],
)
def test_a_mark_and_a_row_say_exempt_only_for_an_exempt_code(question, conclusion, code, exempt):
    findings = findings_of(question, conclusion)
    index = next((i for i, f in enumerate(findings) if f["code"] == code), None)
    assert index is not None, [f["code"] for f in findings]
    finding = findings[index]
    assert finding["severity"] == "info"
    marks = [
        s
        for s in highlight_segments(conclusion, findings, "answer.conclusion")
        if index in s.finding_ids
    ]
    assert marks and all(s.exempt is exempt for s in marks)
    assert FindingGroup(index, finding, None, [index]).exempt is exempt  # type: ignore[arg-type]


def test_an_error_is_never_drawn_exempt():
    findings = [
        {"code": NUMBER_FROM_QUESTION, "severity": "info", "field": "f", "span": [0, 4]},
        {"code": "UNGROUNDED_NUMBER", "severity": "error", "field": "f", "span": [0, 4]},
    ]
    (mark, _) = highlight_segments("2023 etc", findings, "f")
    assert mark.severity == "error" and not mark.exempt
