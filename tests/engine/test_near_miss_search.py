"""EvidenceIndex.near_miss asks numeric_reason only of the values its first test does not rule
out (_numeric_near) and stops at the best reason numeric_reason gives: the same hint as asking
every value, on random excerpts and answer values."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine import number_grounding
from groundgate.engine.near_miss import numeric_reason
from groundgate.engine.number_grounding import _BEST_NUMERIC, _ORDER, EvidenceIndex
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import typed

FIGURES = st.sampled_from(
    ["1,250", "1,205", "12,500", "125", "1250", "2,150", "1.25", "12.5%", "$1,250", "1,250 kg",
     "(1,250)", "-1,250", "3,400", "34,000", "0.5", "125.0", "1.250", "21,50", "9", "99"]
)  # fmt: skip


def index(text: str) -> EvidenceIndex:
    chunk = SimpleNamespace(chunk_id="c", text=text, page_index=None, position_int=None)
    evidence = SimpleNamespace(chunk_id="c", excerpt=text)
    return EvidenceIndex(
        chunks=[chunk],
        accepted=[(0, evidence)],
        located={0: (chunk, 0)},
        scale_scope="chunk",
        question_exponent=None,
        rounding_min_significant=2,
    )


@settings(max_examples=300, deadline=None)
@given(st.lists(FIGURES, min_size=1, max_size=10), FIGURES)
def test_prefiltered_search_gives_the_same_hint(figures, answer):
    text = "\n".join(f"Row {i}  {f}" for i, f in enumerate(figures))
    q = typed(extract_numbers(answer)[0])
    allowed = frozenset({"format"})
    new = index(text).near_miss(q, allowed)
    every = index(text)
    every._numeric_near = lambda q: list(every._numeric_positions)  # type: ignore[method-assign]
    saved = number_grounding._BEST_NUMERIC
    number_grounding._BEST_NUMERIC = "none"  # no early stop
    try:
        old = every.near_miss(q, allowed)
    finally:
        number_grounding._BEST_NUMERIC = saved
    assert (new and (new.reason, new.source.span)) == (old and (old.reason, old.source.span))


@given(FIGURES, FIGURES)
def test_no_numeric_reason_ranks_above_the_best(a, b):
    reason = numeric_reason(typed(extract_numbers(a)[0]), typed(extract_numbers(b)[0]))
    assert reason is None or _ORDER[reason] >= _ORDER[_BEST_NUMERIC]
