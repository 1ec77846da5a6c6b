"""Builders for answer-gate cases used across the engine tests."""

from __future__ import annotations

from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerCase, AnswerVerdict, gate_answer

CHUNK_TEXT = (
    "The discharge valve must be inspected every 90 days. Operating costs rose to 12.50 million "
    "dollars in 2023, and the seal kit costs $1,050."
)


def make_case(
    conclusion: str | None = "Inspect the valve every 90 days.",
    evidences: list[dict] | None = None,
    raw_chunks: list[dict] | str | None = "default",
    case_id: str = "q-1",
) -> AnswerCase:
    if raw_chunks == "default":
        raw_chunks = [
            {
                "chunk_id": "c1",
                "text": CHUNK_TEXT,
                "page_index": 0,
                "position_int": [[1, 72, 523, 100, 160], [2, 72, 523, 40, 60]],
            },
            {"chunk_id": "c2", "text": "营业收入为372.53亿元，罚款1.5万元，2024年5月10日施行。"},
        ]
    if evidences is None:
        evidences = [
            {
                "chunk_id": "c1",
                "excerpt": "inspected every 90 days",
                "page_index": 0,
                "bbox": [72, 100, 523, 160],
            }
        ]
    return AnswerCase.model_validate(
        {
            "case_id": case_id,
            "question": "How often?",
            "raw_chunks": raw_chunks,
            "answer": {"conclusion": conclusion, "evidences": evidences},
        }
    )


def codes(verdict) -> list[str]:
    return [f.code for f in verdict.findings]


def gate_whole_text(conclusion: str, text: str, policy=DEFAULT_POLICY) -> AnswerVerdict:
    """Gate `conclusion` against one chunk whose whole `text` is the one cited excerpt."""
    case = make_case(
        conclusion=conclusion,
        raw_chunks=[{"chunk_id": "c", "text": text}],
        evidences=[{"chunk_id": "c", "excerpt": text}],
    )
    return gate_answer(case, policy)
