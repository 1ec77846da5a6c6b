"""The quarter kind (groundgate/engine/values/quarter/): what its corpus cannot say - which values
around a quarter are not quarters, and when a quarter grounds another value."""

from __future__ import annotations

from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import compare, typed
from groundgate.engine.values.quarter.kind import Quarter


def _read(text: str) -> list[tuple[str, str, object]]:
    return [(v.text, (q := typed(v)).kind, q.kind_value) for v in extract_numbers(text)]


def test_a_table_header_quarter_is_shared_by_the_years_on_the_lines_after_it():
    assert _read("SECOND QUARTER\n2023\n2022\nSales 25,530") == [
        ("SECOND QUARTER\n2023", "quarter", Quarter(2023, 2)),
        ("2022", "quarter", Quarter(2022, 2)),
        ("25,530", "count", None),
    ]


def test_years_after_a_quarter_on_the_same_line_or_in_prose_are_years():
    assert [k for _, k, _ in _read("Q3 2024 and\n2023 figures")] == ["quarter", "count"]
    # The year ends a sentence: no table header, though a line break parts the words.
    found = _read("in the third quarter of\n2023.\n2022 was a year of")
    assert [k for _, k, _ in found] == ["quarter", "count"]


def test_the_same_quarter_written_otherwise_grounds_it_and_another_quarter_does_not():
    (answer,) = [typed(v) for v in extract_numbers("in Q2 2022")]
    header = [typed(v) for v in extract_numbers("SECOND QUARTER\n2023\n2022")]
    assert [compare(answer, e) for e in header] == [None, ("date_format",)]
    (same,) = [typed(v) for v in extract_numbers("Q2 2022 sales")]
    assert compare(answer, same) == ()


def test_a_quarter_offers_its_year():
    (year,) = [typed(v) for v in extract_numbers("in 2022")]
    (quarter,) = [typed(v) for v in extract_numbers("2022 Fourth-Quarter sales")]
    assert quarter.value.endpoints == ("2022",)
    assert [compare(year, e) for e in quarter.endpoints] == [()]
