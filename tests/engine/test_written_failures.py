"""A written calculation that does not give its result (policy `written_failures`, d599).

"365 * $1,381 / $7,890 = 50 days": the answer names its operands and its arithmetic gives 63.9,
so 50 is no result of them; `refuse` keeps the derivation search from explaining 50 by other
figures of the pages (a coincidence), `search` (2.33.0's reading, the default: it gained on one
FinanceBench half only) lets it. Only a far result fails (2% of its size, any sign, any reading
of magnitudes and percentages): models' last digits are often off ("19,038 / 34,350 = 55.5%",
graded correct), and a dash before a line of working is a bullet more often than a minus.
"""

from __future__ import annotations

from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY, AnswerCase, gate_answer
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.written import written_results
from tests.conftest import financebench_case

ACCEPT = DEFAULT_POLICY.model_copy(
    update={"derived_numbers": "accept", "written_failures": "search"}
)
REFUSE = ACCEPT.model_copy(update={"written_failures": "refuse"})


def failed(text: str) -> list[str]:
    out: dict[tuple[int, int], str] = {}
    written_results(text, extract_numbers(text), out)
    return [text[a:b] for a, b in out]


def test_far_results_fail() -> None:
    assert failed("DPO = 365 * $1,381 / $7,890 = 50 days") == ["50 days"]
    assert failed("(87,896 + 87,270) / 2 = 60,000") == ["60,000"]


def test_near_results_and_rewritten_steps_do_not_fail() -> None:
    # The last digit off (55.42%), a bullet read as a minus, a ratio shown as a percentage.
    assert failed("19,038 / 34,350 = 55.5%") == []
    assert failed("- (12.6% + 5.7% + 5.2%) / 3 = 7.8%") == []
    assert failed("$3,049 million / $62,286 million = 4.9%") == []
    # "= 27,111 / 50,171": the expression rewritten, its first figure no result of the left.
    assert failed("Quick Ratio = (2,605 + 24,506) / 50,171 = 27,111 / 50,171 = 0.54") == []
    # Years and restatements are no calculations.
    assert failed("revenue of 2019 - 2018 = 3") == []
    assert failed("Total = $1,577 million") == []


def _case(case_id: str) -> AnswerCase:
    return AnswerCase.model_validate(financebench_case(case_id))


def test_financebench_wrong_dpo_is_refused_only_under_refuse() -> None:
    # Corning's FY2020 DPO (gold 63.86), graded incorrect: "365 * $1,381 / $7,890 = 50 days".
    case = _case("fb-10130-claude-2-inContext")
    assert gate_answer(case, ACCEPT).status == "ok"  # 2.33.0: the search finds a 50
    verdict = gate_answer(case, REFUSE)
    assert verdict.status != "ok"
    finding = next(f for f in verdict.findings if f.value == "50 days")
    assert finding.code == "UNGROUNDED_NUMBER"
    assert "the calculation the answer writes out does not give it" in finding.message
    assert finding.derivation is None


def test_the_default_refuses_and_verbatim_reads_it_as_before() -> None:
    # The default since 2.69.0 (d872, under d870); verbatim keeps "search".
    assert VERBATIM_POLICY.written_failures == "search"
    assert DEFAULT_POLICY.written_failures == "refuse"
    case = _case("fb-10130-claude-2-inContext")
    search = DEFAULT_POLICY.model_copy(update={"written_failures": "search"})
    assert gate_answer(case, search).status == gate_answer(case, DEFAULT_POLICY).status
