"""check_case_json's fast path (orjson + a walk without paths) gives exactly the answer of the
exact path (json.loads marking NaN/Infinity + first_problem) on any JSON."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.limits import (
    CaseLimits,
    check_case_json,
    first_problem,
    loads_marking_nonfinite,
)

SMALL = CaseLimits(max_bytes=1 << 20, max_text_chars=12, max_items=4, max_depth=4)
KEYS = st.sampled_from(
    ["case_id", "chunk_id", "request_id", "page_index", "bbox", "position_int", "text", "x"]
)
LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(-5, 5)
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.sampled_from("ab \n\t\x00\x85\u2028"), max_size=16)
)
TREES = st.recursive(
    LEAVES,
    lambda children: st.lists(children, max_size=6) | st.dictionaries(KEYS, children, max_size=5),
    max_leaves=30,
)


def exact(text: str, limits: CaseLimits):
    payload = loads_marking_nonfinite(text)
    problem = first_problem(payload, limits)
    return (None, problem) if problem else (payload, None)


@settings(max_examples=400)
@given(TREES)
def test_the_fast_path_agrees_with_the_exact_walk(tree):
    text = json.dumps(tree)
    for limits in (SMALL, CaseLimits()):
        assert check_case_json(text, limits) == exact(text, limits)


def test_an_integer_beyond_64_bits_is_still_checked_as_an_integer():
    # orjson would read it as a float; the exact walk sees the int and its sign.
    text = '{"raw_chunks": [{"page_index": -123456789012345678901234567890}]}'
    payload, problem = check_case_json(text)
    assert payload is None and problem is not None
    assert problem.field == "raw_chunks[0].page_index"
    big = '{"page_index": 123456789012345678901234567890}'
    assert check_case_json(big) == exact(big, CaseLimits())


def test_nan_still_named_by_path():
    payload, problem = check_case_json('{"answer": {"evidences": [{"bbox": [NaN, 0, 1, 1]}]}}')
    assert payload is None
    assert problem is not None and problem.field == "answer.evidences[0].bbox[0]"


# Coordinates near every bound the rules and the walk check: 0/1 pages, MAX_COORDINATE, the
# 64-bit float bound; bools, strings and None where a number belongs; rows of other lengths.
EDGES = st.sampled_from(
    [0, 1, 2, -1, 1_000_000, 1_000_001, -1_000_000, -1_000_001, 0.5, 1.0, 999_999.5, 2.0**63]
)
COORDINATES = EDGES | st.integers(-3, 3) | st.booleans() | st.none() | st.just("7")
ROWS = st.lists(COORDINATES, min_size=3, max_size=6) | st.lists(EDGES, min_size=5, max_size=5)


@settings(max_examples=600)
@given(
    st.lists(ROWS, max_size=5),
    st.lists(COORDINATES, min_size=3, max_size=5) | st.lists(EDGES, min_size=4, max_size=4),
    st.integers(1, 6),
    st.integers(1, 5),
)
def test_the_fast_path_agrees_on_positions_and_boxes(rows, box, items, depth):
    case = {
        "raw_chunks": [{"chunk_id": "c", "position_int": rows}],
        "answer": {"evidences": [{"bbox": box}]},
    }
    text = json.dumps(case)
    for limits in (CaseLimits(), CaseLimits(max_items=items, max_depth=depth)):
        assert check_case_json(text, limits) == exact(text, limits)
