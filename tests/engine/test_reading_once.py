"""What the gate reads once per excerpt text, or tests first, gives what it read per case before
(d253: a speed-up is the same function on the same input, or a necessary condition):
  - evidence_values._excerpt_reading: EvidenceIndex's values as typed(extract_numbers(...))
    placed in order, range ends after their range, then the dates of values/date/evidence;
  - number_lookup.kept_offers: offered_quantities' table;
  - operands._negative_cells: the per-operand test (_maybe_negative, then the cell's fact);
  - near_search's table filter: every pair numeric_reason finds passes it;
  - written._label_before: the same label as the pattern searched at every value;
  - number_grounding._placed: a case's excerpt values placed in their chunks (contexts and all)
    and its lookup tables, as the case's own index places them, once per evidence set.
On real FinanceBench pages and random texts."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.operands import OperandContext
from groundgate.engine.evidence_values import Located
from groundgate.engine.near_search import _near_table
from groundgate.engine.number_grounding import NO_CONTEXT, EvidenceIndex
from groundgate.engine.number_lookup import _offered_table, kept_offers
from groundgate.engine.numbers import _values, extract_numbers, offered_quantities
from groundgate.engine.quantities import typed
from groundgate.engine.values.date.evidence import shared_day_dates, squeezed_dates
from groundgate.engine.values.number.near_miss import numeric_reason
from groundgate.engine.written import _LABEL, _label_before

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "financebench"


def _pages(limit: int = 60) -> list[str]:
    path = DATA / "gold_cases.jsonl"
    if not path.exists():
        pytest.skip("FinanceBench data not present")
    texts: list[str] = []
    with path.open() as handle:
        for line in handle:
            case = json.loads(line)["case"]
            texts += [e["excerpt"] for e in case["answer"].get("evidences", [])]
            if len(texts) >= limit:
                break
    return texts[:limit]


def _index(text: str) -> EvidenceIndex:
    chunk = SimpleNamespace(chunk_id="c", text="Intro.\n" + text, page_index=None)
    evidence = SimpleNamespace(chunk_id="c", excerpt=text)
    return EvidenceIndex(
        chunks=[chunk],
        accepted=[(0, evidence)],
        scale_scope="chunk",
        question_exponent=None,
        rounding_min_significant=2,
    )


def _expected(text: str) -> list[tuple[object, ...]]:
    """EvidenceIndex's values as its build read them, value by value (before the memo)."""
    out: list[tuple[object, ...]] = []
    values = extract_numbers(text)
    for value in values:
        q = typed(value)
        span = (value.start, value.end)
        chunk_span = (7 + value.start, 7 + value.end)
        for each in (q, *q.endpoints):
            out.append((each, "c", chunk_span, 0, span, "excerpt"))
    for q in squeezed_dates(text) + shared_day_dates(text, values):
        v = q.value
        out.append((q, "c", (7 + v.start, 7 + v.end), 0, (v.start, v.end), "excerpt"))
    return out


def _seen(located: list[Located]) -> list[tuple[object, ...]]:
    return [
        (v.quantity, v.chunk_id, v.chunk_span, v.evidence_index, v.span, v.where) for v in located
    ]


def test_excerpt_values_as_read_value_by_value() -> None:
    for text in [*_pages(), "10-20 kg on June 30, 2023 and 2022; 5%", "December 31,2022"]:
        index = _index(text)
        assert _seen(index.excerpt_values) == _expected(text)
        again = _index(text)  # the second reading is the memo's: the same
        assert _seen(again.excerpt_values) == _seen(index.excerpt_values)


def test_excerpt_values_without_their_chunk() -> None:
    text = "Revenue 1,200 and 10-20 units"
    evidence = SimpleNamespace(chunk_id="x", excerpt=text)
    index = EvidenceIndex(
        chunks=[],
        accepted=[(3, evidence)],
        scale_scope="chunk",
        question_exponent=None,
        rounding_min_significant=2,
    )
    values = index.excerpt_values
    assert all(v.context is NO_CONTEXT and v.chunk_span is None for v in values)
    assert [v.quantity for v in values] == [e[0] for e in _expected(text)]


def test_kept_offers_is_the_full_scan() -> None:
    for text in _pages():
        _offered_table.cache_clear()
        _values.cache_clear()
        assert kept_offers(text) is None  # no values kept: nothing known without a scan
        extract_numbers(text)
        table = kept_offers(text)
        assert table is not None
        assert dict(table) == {q: frozenset(u) for q, u in offered_quantities(text).items()}


def test_negative_cells_as_tested_per_operand() -> None:
    table = (
        "| Item | 2023 | 2022 |\n|---|---|---|\n| Net loss | (9,819) | 6,639 |\n| Tax | -12 | 4 |"
    )
    texts = [*_pages(), table]
    negatives = 0
    for text in texts:
        index = _index(text)
        context = OperandContext(text, "", [(0, SimpleNamespace(chunk_id="c", excerpt=text))])
        for located in index.excerpt_values:
            fact = context._cell(located) if context._maybe_negative(located) else None
            old = fact is not None and fact.negative
            assert context._printed_negative_cell(located) == old
            negatives += old
    assert negatives  # the texts have cells printed negative


digit_strings = st.text(alphabet="0123456789", min_size=1, max_size=7)


@settings(max_examples=400, deadline=None)
@given(st.lists(digit_strings, min_size=1, max_size=12), digit_strings)
def test_near_table_filter_keeps_every_reason(evidence: list[str], answer: str) -> None:
    text = " ".join(f"{d}%" if i % 3 == 0 else d for i, d in enumerate(evidence))
    index = _index(text)
    q = typed(extract_numbers(answer)[0])
    digits = q.digits
    size, figure, quantity = len(digits), q.figure, q.value.quantity
    first, last = digits[:1], digits[-1:]
    for n, f, t, a, z, located in _near_table(index):
        kept = (
            (-2 < n - size < 2 and (a == first or z == last or n == size == 2))
            or f == figure
            or quantity in t
        )
        if numeric_reason(q, located.quantity) is not None:
            assert kept, (answer, located.quantity.value.text)


def _old_label(before: str) -> str | None:
    m = _LABEL.search(before[-80:])
    return " ".join(m.group(1).split()).casefold() if m else None


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet="ab R1=≈＝ \n\t\u00a0(（[-−–)，.:", max_size=90))
def test_label_before_as_searched(before: str) -> None:
    assert _label_before(before) == _old_label(before)


def test_label_before_reads_labels() -> None:
    assert _label_before("so ROA = ") == "so roa"
    assert _label_before("Operating Cash Flow Ratio ≈ (") == "operating cash flow ratio"
    assert _label_before("revenue was ") is None


def _cases(limit: int = 40) -> list[dict[str, object]]:
    path = DATA / "cases.jsonl"
    if not path.exists():
        pytest.skip("FinanceBench data not present")
    cases: list[dict[str, object]] = []
    with path.open() as handle:
        for line in handle:
            cases.append(json.loads(line)["case"])
            if len(cases) >= limit:
                break
    return cases


def _case_index(case: dict[str, object], located: bool) -> EvidenceIndex:
    """An EvidenceIndex of the case's chunks and evidence, as new objects each time (equal
    texts, other objects: as two cases citing the same pages give them)."""
    chunks = [
        SimpleNamespace(chunk_id=c["chunk_id"], text=str(c["text"]), page_index=c.get("page_index"))
        for c in case["raw_chunks"]  # type: ignore[attr-defined]
    ]
    accepted = [
        (i, SimpleNamespace(chunk_id=e["chunk_id"], excerpt=str(e["excerpt"])))
        for i, e in enumerate(case["answer"].get("evidences", []))  # type: ignore[attr-defined]
    ]
    found = {}
    if located:  # where the evidence checks would have found them
        for i, e in accepted:
            for chunk in chunks:
                if chunk.chunk_id == e.chunk_id and e.excerpt in chunk.text:
                    found[i] = (chunk, chunk.text.find(e.excerpt))
                    break
    return EvidenceIndex(
        chunks=chunks,
        accepted=accepted,
        located=found,
        scale_scope="page",
        question_exponent=None,
        rounding_min_significant=2,
    )


def _placed_values(index: EvidenceIndex) -> list[tuple[object, ...]]:
    out = []
    for v in index.excerpt_values:
        declaration = v.context.declaration
        exponent = None if declaration is None else (declaration.exponent, declaration.unit)
        out.append((*_seen([v])[0], exponent, v.context.percent_declared))
    return out


@pytest.mark.parametrize("located", [False, True])
def test_the_reading_placed_once_per_evidence_set_is_the_one_each_case_placed(
    located: bool,
) -> None:
    """number_grounding._placed (d470): a case's excerpt values and lookup tables are those its
    own index places (EvidenceIndex._place, unmemoised), context and all; equal inputs share one
    reading; another offset for an excerpt is another reading."""
    for case in _cases():
        index = _case_index(case, located)
        values = _placed_values(index)
        own = _case_index(case, located)
        made = own._place()
        own._excerpt_values = made.values
        assert values == _placed_values(own)
        assert index.numeric_positions == made.numeric_positions
        assert index._digit_keys == made.digit_keys
        assert index._digit_positions == made.digit_positions
        assert index._by_key == made.by_key
        again = _case_index(case, located)
        again.excerpt_values  # noqa: B018 (the reading, built on first need)
        assert again.reading is index.reading
        if located and index._given:
            moved = _case_index(case, located)
            first = min(moved._given)
            chunk, offset = moved._given[first]
            moved._given[first] = (chunk, offset + 1)
            moved.excerpt_values  # noqa: B018
            assert moved.reading is not index.reading
