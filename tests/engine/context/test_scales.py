"""Scale claims (policy `scale_claims`, answer gate 2.9.1): a magnitude word the answer writes
is read at the scale the cited evidence declares - "73 million" is no restatement of a table's
73 when the sentence beside the table says "(in thousands)"; with no declaration anywhere the
added magnitude stays `undeclared_scale`, as before."""

from __future__ import annotations

from groundgate.engine.context.scales import may_restate
from groundgate.engine.gates.answer import AnswerCase, AnswerGatePolicy, gate_answer

TABLE = (
    "December 31,\n"
    "2019  2018\n"
    "Value added tax receivables  592  519\n"
    "Rent and other deposits  6,106  5,687"
)
SCALE = "The table below shows other assets (in thousands)."
ACCEPT = AnswerGatePolicy(derived_numbers="accept")
OWN_CHUNK = AnswerGatePolicy(derived_numbers="accept", scale_claims="off")


def status(conclusion: str, declared: bool = True, policy: AnswerGatePolicy = ACCEPT) -> str:
    chunks = [{"chunk_id": "t", "text": TABLE}]
    if declared:
        chunks.append({"chunk_id": "p", "text": SCALE})
    case = AnswerCase.model_validate(
        {
            "case_id": "scale",
            "question": "",
            "raw_chunks": chunks,
            "answer": {
                "conclusion": conclusion,
                "evidences": [{"chunk_id": c["chunk_id"], "excerpt": c["text"]} for c in chunks],
            },
        }
    )
    return gate_answer(case, policy).status


CHANGE = "The change in Value added tax receivables from 2018 to 2019 was 73 {}."
CELL = "Value added tax receivables in 2019 was 592 {}."


def test_the_declared_scale_beside_the_table_refuses_another_magnitude():
    assert status(CHANGE.format("million")) == "citation_insufficient"
    assert status(CELL.format("million")) == "citation_insufficient"
    # The declared one, and no magnitude at all (the figure as the table writes it).
    assert status(CHANGE.format("thousand")) == "ok"
    assert status(CELL.format("thousand")) == "ok"
    assert status(CHANGE.format("").replace(" .", ".")) == "ok"
    assert status("Value added tax receivables in 2019 was $592,000.") == "ok"


def test_with_no_declaration_or_the_rule_off_the_magnitude_is_undeclared_as_before():
    assert status(CHANGE.format("million"), declared=False) == "ok"
    assert status(CELL.format("million"), declared=False) == "ok"
    assert status(CHANGE.format("million"), policy=OWN_CHUNK) == "ok"
    assert status(CELL.format("million"), policy=OWN_CHUNK) == "ok"


def test_the_refused_cell_names_the_figure_at_another_scale():
    chunks = [{"chunk_id": "t", "text": TABLE}, {"chunk_id": "p", "text": SCALE}]
    case = AnswerCase.model_validate(
        {
            "case_id": "scale",
            "raw_chunks": chunks,
            "answer": {
                "conclusion": CELL.format("million"),
                "evidences": [{"chunk_id": c["chunk_id"], "excerpt": c["text"]} for c in chunks],
            },
        }
    )
    [finding] = [f for f in gate_answer(case, ACCEPT).findings if f.severity == "error"]
    assert finding.near_match is not None and finding.near_match.reason == "wrong_scale"
    assert finding.near_match.text == "592"


def test_may_restate():
    assert may_restate(0, frozenset({3}))
    assert may_restate(6, frozenset())
    assert may_restate(6, frozenset({3, 6}))
    assert not may_restate(6, frozenset({3}))
