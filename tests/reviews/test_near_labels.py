"""reviews/near_labels.py (d1015): a value out of context's reason labels the answer's figure, its
near match the cell that fits the answer instead - or nothing where the near match is the
answer's figure itself; any other near miss keeps its reason's words."""

from __future__ import annotations

from groundgate.families.near_own import near_is_own
from groundgate.families.value_boxes import value_refs
from reviews.near_labels import near_lines

TEXT = "Net earnings $ 274 $ 306 $ 518 $ 647"


def _finding(near_span: list[int], reason: str = "another_period") -> dict:
    return {
        "code": "VALUE_OUT_OF_CONTEXT",
        "evidence_index": 0,
        "chunk_id": "c-1",
        "chunk_span": [27, 30],
        "near_match": {
            "text": TEXT[near_span[0] : near_span[1]],
            "evidence_index": 0,
            "chunk_id": "c-1",
            "chunk_span": near_span,
            "reason": reason,
        },
    }


def test_the_answers_own_figure_is_labelled_once_and_is_no_near_miss():
    finding = _finding([27, 30])
    assert near_is_own(finding)
    lines = near_lines(finding, TEXT)
    assert [(n.swatch, n.label, n.text) for n in lines] == [
        ("closest", "the answer's figure, another period's value", "518")
    ]
    assert [role for role, _ in value_refs(finding)] == ["value"]


def test_the_cell_that_fits_instead_is_the_near_miss():
    finding = _finding([15, 18])
    assert not near_is_own(finding)
    lines = near_lines(finding, TEXT)
    assert [(n.swatch, n.label, n.text) for n in lines] == [
        ("closest", "the answer's figure, another period's value", "518"),
        ("near", "the cell that fits the answer instead", "274"),
    ]
    assert [role for role, _ in value_refs(finding)] == ["value", "near_miss"]


def test_another_reason_keeps_its_words_on_the_near_miss():
    finding = _finding([15, 18], reason="wrong_scale")
    finding["code"] = "UNGROUNDED_NUMBER"
    lines = near_lines(finding, TEXT)
    assert [(n.swatch, n.label, n.text) for n in lines] == [("near", "another scale", "274")]
    assert near_lines({"code": "X"}, TEXT) == []
