"""The readings of answer gate 2.11.0 (issue 27), through the whole gate: a span of years with a
two-digit end (d299), number words before a unit (d300), the place of a value that ends an
excerpt (d301), odds named before their ratio (d302). The kinds' corpora say what is read; these
say what the gate does with it."""

from __future__ import annotations

import pytest

from groundgate.engine.gates.answer import gate_answer
from tests.engine.helpers import gate_whole_text, make_case

PENALTY = (
    "依据《中华人民共和国水污染防治法》第八十三条，决定对当事人处以罚款人民币20万元，"
    "并责令于2024年6月30日前完成整改。"
)
EXCERPT = "决定对当事人处以罚款人民币20万元"  # ends with the value


def _penalty(conclusion: str):
    case = make_case(
        conclusion=conclusion,
        raw_chunks=[{"chunk_id": "p", "text": PENALTY}],
        evidences=[{"chunk_id": "p", "excerpt": EXCERPT}],
    )
    return gate_answer(case)


def test_a_near_miss_that_ends_the_excerpt_is_marked_up_to_its_last_character():
    verdict = _penalty("罚款人民币200万元。")
    (finding,) = [f for f in verdict.findings if f.code == "UNGROUNDED_NUMBER"]
    near = finding.near_match
    assert near is not None and near.reason == "digit_inserted"
    assert near.span is not None and near.chunk_span is not None
    assert EXCERPT[slice(*near.span)] == "20万元"
    assert PENALTY[slice(*near.chunk_span)] == "20万元"  # not "20万元，并责"


def test_a_value_grounded_at_the_end_of_the_excerpt_is_marked_up_to_its_last_character():
    verdict = _penalty("罚款人民币200000元。")
    (finding,) = [f for f in verdict.findings if f.code == "NUMBER_EQUIVALENT"]
    grounded = finding.grounded_by
    assert grounded is not None and grounded.span is not None and grounded.chunk_span is not None
    assert EXCERPT[slice(*grounded.span)] == "20万元"
    assert PENALTY[slice(*grounded.chunk_span)] == "20万元"


@pytest.mark.parametrize(
    ("answer", "evidence", "grounded"),
    [
        # A span of years with a two-digit end (d299).
        ("Sales rose in 2007-2011.", "From 2007 -- 11 sales rose.", True),
        ("Sales rose in 2011.", "From 2007 -- 11 sales rose.", True),
        ("Sales rose in 2011.", "From 2007–11 sales rose.", True),
        ("It is on page 2011.", "See pages 10 -- 11.", False),  # pages, no years
        ("It is on page 2011.", "See pages 10–11.", False),
        ("2011年销量上升", "2007—11年间销量上升", True),
        # Number words before a unit (d300).
        ("They won by a 3-point lead.", "They won with a three-point advantage.", True),
        ("It was a 2-day trip.", "It was a two-day trip.", True),
        ("It was a 2-day trip.", "It was a three-day trip.", False),
        ("以3分优势获胜", "以三分优势获胜", True),
        ("领先2分", "最终领先两分", True),
        # Odds named before their ratio: two counts, as "3:1 odds" (d302).
        ("The odds were 3 to 1.", "The odds were 3:1.", True),
        ("The odds were 3:1.", "The odds were 3 to 1.", True),
        ("赔率为3比1", "赔率为3:1", True),
    ],
)
def test_the_readings_ground_what_they_read(answer: str, evidence: str, grounded: bool):
    verdict = gate_whole_text(answer, evidence)
    assert (verdict.status == "ok") is grounded, [f.message for f in verdict.findings]


@pytest.mark.parametrize(
    ("numerals", "written"),
    [("一亿二千万", "1.2亿"), ("三亿五千万", "350000000"), ("一亿零五百万", "1.05亿")],
)
def test_wan_after_yi_multiplies_only_what_came_since_the_yi(numerals, written):
    """ "一亿二千万" is 1 亿 + 2000 万 = 120,000,000; the reader made it (1 亿 + 2000) 万."""
    text = f"该项目总投资{numerals}元。"
    case = make_case(
        conclusion=f"总投资为{written}元。",
        raw_chunks=[{"chunk_id": "c", "text": text}],
        evidences=[{"chunk_id": "c", "excerpt": text}],
    )
    assert gate_answer(case).status == "ok"
