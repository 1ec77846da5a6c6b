"""parse_case_payload's fast path (one orjson parse, the input model on Python objects) gives
exactly what the exact path gives (the limits with field paths, the input model on the JSON
text): the same case, value for value and type for type, or the same error naming the same field.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.canonical import _check_finite, canonical_bytes
from groundgate.engine.limits import CaseLimits
from groundgate.engine.registry import get_gate
from groundgate.engine.runner import parse_case_payload, parse_case_payload_exact

SPEC = get_gate("answer")

# Values where pydantic's Python and JSON modes could part: numbers as strings, bools where
# numbers belong, integral floats, -0.0, integers around 64 bits, lists where objects belong.
ODD = st.sampled_from(
    [
        0,
        1,
        -1,
        3.0,
        -0.0,
        2.5,
        1e-7,
        True,
        False,
        None,
        "3",
        " 3 ",
        "3.0",
        "1e2",
        "0x10",
        "",
        "a\u2028b",
        2**63 - 1,
        2**63,
        2**64 - 1,
        2**64,
        -(2**63) - 1,
        10**30,
        1e19,
        [],
        {},
        [1, 2],
        {"x": 1},
    ]
)
NUMBER = st.integers(-5, 700) | st.floats(-5, 700, allow_nan=False) | ODD
ROW = st.lists(NUMBER, min_size=4, max_size=6) | st.just([1, 72, 523, 100, 160]) | ODD
CHUNK = st.fixed_dictionaries(
    {
        "chunk_id": st.sampled_from(["c1", "c2"]) | ODD,
        "text": st.just("Costs 12.5 on 3 May.") | ODD,
    },
    optional={"page_index": NUMBER, "position_int": st.lists(ROW, max_size=3) | ODD, "score": ODD},
)
EVIDENCE = st.fixed_dictionaries(
    {"chunk_id": st.sampled_from(["c1", "c2", "c9"]) | ODD, "excerpt": st.just("12.5") | ODD},
    optional={"page_index": NUMBER, "bbox": st.lists(NUMBER, min_size=3, max_size=5) | ODD},
)
CASE = st.fixed_dictionaries(
    {
        "case_id": st.just("q") | ODD,
        "answer": st.fixed_dictionaries(
            {},
            optional={
                "conclusion": st.just("It costs 12.5.") | ODD,
                "evidences": st.lists(EVIDENCE, max_size=3) | ODD,
            },
        )
        | ODD,
    },
    optional={"question": st.just("How much?") | ODD, "raw_chunks": st.lists(CHUNK, max_size=3)},
)


def outcome(result):
    case, payload, error, finite = result
    if finite:  # the digest then skips its NaN/Infinity walk: it must have nothing to find
        _check_finite(payload)
    # repr tells 1 from 1.0 from True, which == does not.
    shown = None if case is None else (repr(case), canonical_bytes(case))
    return shown, payload, error


@settings(max_examples=500, deadline=None)
@given(CASE, st.sampled_from([CaseLimits(), CaseLimits(max_items=3, max_depth=5)]))
def test_the_fast_path_gives_what_the_exact_path_gives(raw, limits):
    text = json.dumps(raw).encode()
    assert outcome(parse_case_payload(SPEC, text, 7, limits)) == outcome(
        parse_case_payload_exact(SPEC, text, 7, limits)
    )


def test_duplicate_keys_and_big_integers_take_the_same_value_either_way():
    for text in (
        b'{"case_id": "a", "case_id": "b", "answer": {}}',
        b'{"case_id": "a", "answer": {}, "raw_chunks": [{"chunk_id": "c", "text": "t", '
        b'"page_index": 18446744073709551615}]}',
        b'{"case_id": "a", "answer": {}, "raw_chunks": [{"chunk_id": "c", "text": "t", '
        b'"page_index": 18446744073709551616}]}',
    ):
        assert outcome(parse_case_payload(SPEC, text)) == outcome(
            parse_case_payload_exact(SPEC, text)
        )


def test_only_a_payload_orjson_parsed_is_said_to_be_finite():
    good = {"case_id": "a", "answer": {"conclusion": "x", "evidences": []}, "raw_chunks": []}
    text = json.dumps(good).encode()
    assert parse_case_payload(SPEC, text).finite
    assert not parse_case_payload_exact(SPEC, text).finite
    # json.loads reads 1e400 as Infinity; in a key the model ignores, the case is valid.
    huge = text[:-1] + b', "extra": [1, 1e400]}'
    parsed = parse_case_payload(SPEC, huge)
    assert parsed.error is None and parsed.payload["extra"][1] == float("inf")
    assert not parsed.finite
