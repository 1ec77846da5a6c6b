"""Period words are matched case-insensitively, and Python's IGNORECASE also matches the long s
("ſecond" for "second") and other characters whose case folds to ASCII: their words are looked
up folded, never raise (the gate raised KeyError on "the ſecond half of 2023")."""

from __future__ import annotations

import pytest

from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerCase, gate_answer


@pytest.mark.parametrize(
    "text",
    [
        "the ſecond half of 2023 had 5 units",
        "the ſecond quarter of 2023 had 5 units",
        "ſecond-quarter 2023 had 5 units",
        "the firſt half of 2023 had 5 units",
        "the SECOND HALF of 2023 had 5 units",
    ],
)
def test_a_period_word_with_a_folding_letter_is_read_not_raised_on(text: str) -> None:
    case = AnswerCase.model_validate(
        {
            "case_id": "long-s",
            "question": "How many units?",
            "raw_chunks": [{"chunk_id": "c", "text": text}],
            "answer": {
                "conclusion": f"{text} [c].",
                "evidences": [{"chunk_id": "c", "excerpt": text}],
            },
        }
    )
    assert gate_answer(case, DEFAULT_POLICY).status == "ok"
