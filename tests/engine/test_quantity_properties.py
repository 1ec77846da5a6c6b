"""Properties of the quantity model that must hold for every value, not only the examples:
any value rewritten to another scale, month or digit order is rejected; the equivalences that
should be symmetric are; verdicts stay byte-identical."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.canonical import canonical_bytes
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import compare, typed
from groundgate.engine.values.date.rules_en import MONTHS
from tests.engine.helpers import gate_whole_text

MONTH_NAMES = [m for m in MONTHS if len(m) > 3]


gate = gate_whole_text


def grouped(n: int) -> str:
    return f"{n:,}"


def mutations(digits: str) -> list[str]:
    """Every single-digit insertion, deletion and adjacent transposition of `digits` that gives
    another number."""
    found = set()
    for i in range(len(digits) + 1):
        for d in "0123456789":
            found.add(digits[:i] + d + digits[i:])
    for i in range(len(digits)):
        found.add(digits[:i] + digits[i + 1 :])
    for i in range(len(digits) - 1):
        found.add(digits[:i] + digits[i + 1] + digits[i] + digits[i + 2 :])
    return sorted(m for m in found if m and m.lstrip("0") and int(m) != int(digits))


@given(st.integers(100, 9_999_999), st.data())
@settings(max_examples=300, deadline=None)
def test_a_digit_inserted_deleted_or_swapped_is_rejected(n, data):
    wrong = int(data.draw(st.sampled_from(mutations(str(n)))))
    verdict = gate(f"The total was ${grouped(wrong)}.", f"Total: ${grouped(n)}")
    assert verdict.status == "citation_insufficient", (n, wrong, verdict.findings)


@given(st.integers(1, 99_999), st.sampled_from(["万", "亿"]), st.sampled_from(["万", "亿", "千万"]))
@settings(max_examples=200, deadline=None)
def test_magnitude_always_matters(n, written, claimed):
    source = f"罚款{n}{written}元"
    verdict = gate(f"罚款{n}{claimed}元", source)
    assert (verdict.status == "ok") == (written == claimed), (source, claimed, verdict.findings)


@given(st.integers(1, 9_999), st.sampled_from(["billion", "thousand"]))
@settings(max_examples=200, deadline=None)
def test_a_declared_scale_grounds_only_its_own_magnitude(n, other):
    source = f"(in millions)\nRevenue {grouped(n)}"
    assert gate(f"Revenue was ${grouped(n)} million.", source).status == "ok"
    assert gate(f"Revenue was ${grouped(n)} {other}.", source).status == "citation_insufficient"


@given(st.sampled_from(MONTH_NAMES), st.sampled_from(MONTH_NAMES), st.integers(1990, 2030))
@settings(max_examples=200, deadline=None)
def test_a_month_and_year_must_match_as_a_whole(written, claimed, year):
    verdict = gate(f"It began in {claimed} {year}.", f"It began in {written} {year}.")
    same = MONTHS[written] == MONTHS[claimed]
    assert (verdict.status == "ok") == same, (written, claimed, verdict.findings)


@given(st.integers(0, 23), st.integers(0, 59), st.integers(0, 23))
@settings(max_examples=200, deadline=None)
def test_a_time_matches_only_the_same_time(hour, minute, other_hour):
    twelve = hour % 12 or 12
    claim = f"{twelve}:{minute:02d} {'PM' if hour >= 12 else 'AM'}"
    verdict = gate(f"It opens at {claim}.", f"opens {other_hour}:{minute}")
    assert (verdict.status == "ok") == (hour == other_hour), (claim, other_hour)


SAME_VALUE = st.one_of(
    st.integers(1000, 9_999_999).map(lambda n: (grouped(n), str(n))),
    st.integers(1, 999).map(lambda n: (f"{n}.0", str(n))),
    st.integers(0, 23).map(lambda h: (f"{h}:00", f"{h % 12 or 12} {'pm' if h >= 12 else 'am'}")),
    st.integers(100, 999).map(lambda n: (f"({n}) 352-1200", f"{n}-352-1200")),
    st.integers(1990, 2030).map(lambda y: (f"{y}-03-05", f"March 5, {y}")),
)


@given(SAME_VALUE)
@settings(max_examples=300, deadline=None)
def test_format_equivalences_are_symmetric(pair):
    left, right = (typed(extract_numbers(text)[0]) for text in pair)
    assert compare(left, right) is not None, pair
    assert compare(right, left) is not None, pair


@given(st.integers(1, 10**9), st.integers(1, 10**9))
@settings(max_examples=100, deadline=None)
def test_verdicts_are_byte_identical_run_to_run(a, b):
    conclusion = f"Revenue was ${grouped(a)} million, up 12.3% from {grouped(b)}."
    source = f"(in millions)\nRevenue {grouped(b)} {grouped(a + b)}"
    first = canonical_bytes(gate(conclusion, source))
    assert canonical_bytes(gate(conclusion, source)) == first


@given(
    st.lists(st.sampled_from(["12,345", "4.5%", "noon", "March 2024", "1,050", "9am"]), max_size=8)
)
@settings(max_examples=100, deadline=None)
def test_scanning_excerpts_in_full_gives_the_same_verdict(conclusion_values):
    """Many values against long excerpts switch the fast path to one full scan per excerpt;
    the verdict is byte-identical either way."""
    from groundgate.engine.gates import answer_numbers as answer

    conclusion = " and ".join(conclusion_values)
    source = "rates 4.5% at noon in March 2024: 12,345 units, $1,050 " * 3
    first = canonical_bytes(gate(conclusion, source))
    limit = answer._FULL_SCAN_AT
    answer._FULL_SCAN_AT = 0
    try:
        assert canonical_bytes(gate(conclusion, source)) == first
    finally:
        answer._FULL_SCAN_AT = limit
