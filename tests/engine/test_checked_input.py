"""The input models with the limits built in (engine/checked_input.py) never accept what the
exact path refuses, and what they accept is the case the exact path builds: the same values and
types, the same fields set. The exact path (parse_case_payload_exact: json.loads marking NaN,
first_problem with field paths, the model on the JSON text) is the one whose errors users see.
"""

from __future__ import annotations

import copy
import json
import sys
from itertools import chain

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from groundgate.engine.canonical import canonical_bytes
from groundgate.engine.checked_input import checked_validator, known_keys_only
from groundgate.engine.limits import (
    DEFAULT_LIMITS,
    MAX_COORDINATE,
    CaseLimits,
    first_problem,
    stored_value_problem,
)
from groundgate.engine.registry import get_gate
from groundgate.engine.runner import parse_case_payload, parse_case_payload_exact

ANSWER = get_gate("answer")
LIMITS = [
    DEFAULT_LIMITS,
    CaseLimits(max_items=3, max_depth=5),
    CaseLimits(max_text_chars=6, max_items=5),
    CaseLimits(max_depth=4),  # too shallow for the answer model: no checked validator
]


def fields_set(value) -> object:
    """Every model's fields set, nested: what repr and == do not show."""
    if isinstance(value, BaseModel):
        return (
            type(value).__name__,
            sorted(value.model_fields_set),
            {name: fields_set(getattr(value, name)) for name in type(value).model_fields},
        )
    if isinstance(value, (list, tuple)):
        return [fields_set(item) for item in value]
    return repr(value)


def checked(spec, payload, limits):
    validator = checked_validator(spec.input_model, limits)
    if validator is None:
        return None
    try:
        return validator.validate_python(payload)
    except ValidationError:
        return None


def assert_accepted_like_the_exact_path(spec, payload, limits):
    text = json.dumps(payload).encode()
    try:
        parsed = orjson.loads(text)
    except orjson.JSONDecodeError:
        return  # NaN etc.: the checked validator never sees it
    case = checked(spec, parsed, limits)
    if case is None:
        return
    exact, _, error, _ = parse_case_payload_exact(spec, text, 1, limits)
    assert error is None, (payload, error)
    assert repr(case) == repr(exact)
    assert canonical_bytes(case) == canonical_bytes(exact)
    assert fields_set(case) == fields_set(exact)


# Values near every rule and limit: ids blank, with control characters or Unicode spaces, long;
# coordinates at and past MAX_COORDINATE, out of order; pages 0 and -1; bools and integral
# floats where ints belong; strings where numbers belong.
M = MAX_COORDINATE
ODD = st.sampled_from(
    [0, 1, -1, 3.0, -0.0, 2.5, True, False, None, "3", "", " ", [], {}, [1, 2], {"x": 1}, 2**63]
)
ID = st.sampled_from(
    ["c1", "c2", "", " ", "\t", "a\nb", "a\x85", "\u2028", "\u00a0", "\u3000x", "\u200b",
     "é", "x" * 255, "x" * 256, "\ufeff", "\x1c", "a b"]
) | st.text(max_size=4) | ODD  # fmt: skip
TEXT = st.sampled_from(["Costs 12.5 on 3 May.", "", "abcdefg", "ab"]) | st.text(max_size=8) | ODD
NUMBER = (
    st.sampled_from([0, 1, -1, 72, 523, M, M + 1, -M, -M - 1, M + 0.5, 1e-7, 0.5, True, 2.0])
    | st.integers(-3, 700)
    | st.floats(-3, 700, allow_nan=False)
    | ODD
)
PAGE = st.sampled_from([0, 1, -1, 2, 1.0, True, None, 2**63 - 1]) | ODD
ROW = st.tuples(PAGE, NUMBER, NUMBER, NUMBER, NUMBER).map(list) | st.lists(NUMBER, max_size=6)
BOX = st.tuples(NUMBER, NUMBER, NUMBER, NUMBER).map(list) | st.lists(NUMBER, max_size=5) | ODD
EXTRA = st.sampled_from(["score", "chunk_id", "page_index", "bbox", "case_id", "meta"])
EXTRA_VALUE = ODD | ID | st.lists(ID, max_size=3) | st.dictionaries(EXTRA, ID, max_size=2)
CHUNK = st.fixed_dictionaries(
    {"chunk_id": ID, "text": TEXT},
    optional={
        "page_index": PAGE,
        "position_int": st.lists(ROW, max_size=3) | ODD,
        "score": EXTRA_VALUE,
    },
)
EVIDENCE = st.fixed_dictionaries(
    {"chunk_id": ID, "excerpt": TEXT},
    optional={"page_index": PAGE, "bbox": BOX, "confidence": EXTRA_VALUE},
)
ANSWER_CASE = st.fixed_dictionaries(
    {
        "case_id": ID,
        "answer": st.fixed_dictionaries(
            {},
            optional={"conclusion": TEXT, "evidences": st.lists(EVIDENCE, max_size=4) | ODD},
        )
        | ODD,
    },
    optional={
        "question": TEXT,
        "raw_chunks": st.lists(CHUNK, max_size=4) | ODD,
        "extra": EXTRA_VALUE,
    },
)


# Mostly valid cases, each with a few values replaced by hostile ones (above) at random places:
# a case breaking one rule at a time is the one that tells the rules apart.
GOOD_NUMBER = st.integers(-M, M) | st.floats(-M, M, allow_nan=False) | st.sampled_from([-M, M])
PAIR = st.tuples(GOOD_NUMBER, GOOD_NUMBER).map(sorted)
GOOD_ROW = st.tuples(st.integers(1, 3), PAIR, PAIR).map(lambda r: [r[0], *r[1], *r[2]])
GOOD_BOX = st.tuples(PAIR, PAIR).map(lambda b: [b[0][0], b[1][0], b[0][1], b[1][1]])
GOOD_ID = st.sampled_from(["c1", "c2", "é", "x" * 255, "a b", "\u3000x", "q-1"])
GOOD_TEXT = st.sampled_from(["Costs 12.5 on 3 May.", "", "ab", "abcdef", "abcdefg"])
GOOD_PAGE = st.none() | st.integers(0, 3)
GOOD_CHUNK = st.fixed_dictionaries(
    {"chunk_id": GOOD_ID, "text": GOOD_TEXT},
    optional={"page_index": GOOD_PAGE, "position_int": st.none() | st.lists(GOOD_ROW, max_size=3)},
)
GOOD_EVIDENCE = st.fixed_dictionaries(
    {"chunk_id": GOOD_ID, "excerpt": GOOD_TEXT},
    optional={"page_index": GOOD_PAGE, "bbox": st.none() | GOOD_BOX},
)
GOOD_CASE = st.fixed_dictionaries(
    {
        "case_id": GOOD_ID,
        "answer": st.fixed_dictionaries(
            {},
            optional={
                "conclusion": st.none() | GOOD_TEXT,
                "evidences": st.lists(GOOD_EVIDENCE, max_size=3),
            },
        ),
    },
    optional={"question": GOOD_TEXT, "raw_chunks": st.none() | st.lists(GOOD_CHUNK, max_size=3)},
)
HOSTILE = ID | TEXT | NUMBER | PAGE | ROW | BOX | st.lists(ROW, max_size=3) | EXTRA_VALUE


def places(value):
    """(container, key) of every value in a payload, and of a few keys objects could gain."""
    if isinstance(value, dict):
        for key in [*value, "score", "page_index", "bbox", "position_int", "chunk_id"]:
            yield value, key
        for item in list(value.values()):
            yield from places(item)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield value, index
            yield from places(item)


@settings(max_examples=1500, deadline=None)
@given(st.data(), st.sampled_from(LIMITS))
def test_the_answer_model_with_limits_accepts_only_what_the_exact_path_accepts(data, limits):
    # Copies: sampled values are shared between examples and must not be changed in place.
    payload = copy.deepcopy(data.draw(GOOD_CASE))
    for _ in range(data.draw(st.integers(0, 2))):
        container, key = data.draw(st.sampled_from(list(places(payload))))
        container[key] = copy.deepcopy(data.draw(HOSTILE))
    assert_accepted_like_the_exact_path(ANSWER, payload, limits)


@settings(max_examples=300, deadline=None)
@given(ANSWER_CASE, st.sampled_from(LIMITS))
def test_hostile_answer_cases_are_accepted_only_as_the_exact_path_does(payload, limits):
    assert_accepted_like_the_exact_path(ANSWER, payload, limits)


@settings(max_examples=300, deadline=None)
@given(ANSWER_CASE, st.sampled_from(LIMITS))
def test_parse_case_payload_gives_what_the_exact_path_gives(payload, limits):
    """The whole runner (checked validator, then the limit walk and the model, then the exact
    path) against the exact path alone, errors included."""
    text = json.dumps(payload).encode()
    case, payload_out, error, _ = parse_case_payload(ANSWER, text, 3, limits)
    exact, exact_payload, exact_error, _ = parse_case_payload_exact(ANSWER, text, 3, limits)
    assert error == exact_error
    assert payload_out == exact_payload
    assert repr(case) == repr(exact)
    assert fields_set(case) == fields_set(exact)


SYNTHESIS = get_gate("synthesis")
REPORT = get_gate("report")
SYNTHESIS_CASE = st.fixed_dictionaries(
    {"case_id": ID, "query": TEXT, "answer_text": TEXT},
    optional={
        "retrieved_chunks": st.lists(
            st.fixed_dictionaries(
                {"semantic_id": ID, "text": TEXT}, optional={"chunk_id": EXTRA_VALUE}
            ),
            max_size=4,
        )
        | ODD,
        "page_index": PAGE,
    },
)
REPORT_CASE = st.fixed_dictionaries(
    {"case_id": ID, "report_markdown": TEXT},
    optional={
        "citations": st.lists(
            st.fixed_dictionaries({"cid": ID, "status": TEXT}, optional={"bbox": BOX}),
            max_size=4,
        )
        | ODD
    },
)


OTHER_FAMILIES = st.one_of(
    SYNTHESIS_CASE.map(lambda payload: (SYNTHESIS, payload)),
    REPORT_CASE.map(lambda payload: (REPORT, payload)),
)


@settings(max_examples=400, deadline=None)
@given(OTHER_FAMILIES, st.sampled_from(LIMITS))
def test_the_other_families_models_with_limits_accept_only_what_the_exact_path_accepts(
    family, limits
):
    spec, payload = family
    assert_accepted_like_the_exact_path(spec, payload, limits)


def test_a_typical_case_takes_the_checked_validator():
    """Else the tests above would hold vacuously."""
    case = {
        "case_id": "q-1",
        "question": "How much?",
        "raw_chunks": [
            {
                "chunk_id": "c1",
                "text": "It costs 12.5.",
                "page_index": 0,
                "position_int": [[1, 72, 523, 100, 160], [1, 72.5, 523, 160, 190.25]],
            }
        ],
        "answer": {
            "conclusion": "It costs 12.5.",
            "evidences": [
                {"chunk_id": "c1", "excerpt": "12.5", "page_index": 0, "bbox": [72, 100, 523, 160]}
            ],
        },
    }
    assert checked(ANSWER, case, DEFAULT_LIMITS) is not None
    assert_accepted_like_the_exact_path(ANSWER, case, DEFAULT_LIMITS)
    for spec in (SYNTHESIS, REPORT):
        assert checked_validator(spec.input_model, DEFAULT_LIMITS) is not None


# (one change to a good case, whether the exact path refuses it too): the model coerces a bool
# or integral float page and ignores unknown keys, which the checked validator leaves to it.
RULES = [
    ({"case_id": "a\tb"}, True),
    ({"case_id": " "}, True),
    ({"case_id": "x" * 256}, True),
    ({"page_index": -1}, True),
    ({"page_index": True}, False),
    ({"page_index": 1.0}, False),
    ({"position_int": [[0, 72, 523, 100, 160]]}, True),
    ({"position_int": [[1, 523, 72, 100, 160]]}, True),
    ({"position_int": [[1, 72, 523, 160, 100]]}, True),
    ({"position_int": [[1, 72, M + 1, 100, 160]]}, True),
    ({"position_int": [[True, 72, 523, 100, 160]]}, False),
    ({"position_int": [[1, 72, 523, 100, 160]] * 6}, True),
    ({"bbox": [523, 100, 72, 160]}, True),
    ({"bbox": [72, 160, 523, 100]}, True),
    ({"bbox": [-M - 1, 100, 523, 160]}, True),
    ({"score": 0.5}, False),
    ({"text": "x" * 7}, True),
]


@pytest.mark.parametrize(("change", "exact_refuses"), RULES)
def test_each_rule_refuses_in_the_checked_validator(change, exact_refuses):
    """Every rule and limit is in the checked validator itself (the exact path would catch
    them anyway, slower): one case breaking one rule each, next to the same case unbroken."""
    limits = CaseLimits(max_text_chars=6, max_items=5, max_depth=5)

    def case(change):
        chunk = {"chunk_id": "c1", "text": "abc", "page_index": 0, **change}
        case_id = chunk.pop("case_id", "q")
        evidence = {"chunk_id": "c1", "excerpt": "abc"}
        if "bbox" in chunk:
            evidence["bbox"] = chunk.pop("bbox")
        return {"case_id": case_id, "raw_chunks": [chunk], "answer": {"evidences": [evidence]}}

    assert checked(ANSWER, case({}), limits) is not None
    assert checked(ANSWER, case(change), limits) is None
    error = parse_case_payload_exact(ANSWER, json.dumps(case(change)), 1, limits).error
    assert (error is not None) == exact_refuses


def test_the_id_pattern_agrees_with_the_id_rule_on_every_character():
    """One character at every code point, alone and inside an id: the checked validator accepts
    an id only when stored_value_problem finds nothing (it may refuse a few more: U+180E,
    U+200B, U+FEFF, which str.strip() keeps)."""
    validator = checked_validator(REPORT.input_model, DEFAULT_LIMITS)
    refused_more = []
    # Every point of the Basic Multilingual Plane (all the spaces and controls are there), then
    # a sample of the others.
    for point in chain(range(0x10000), range(0x10000, sys.maxunicode + 1, 97)):
        if 0xD800 <= point <= 0xDFFF:
            continue  # not in text orjson parses
        char = chr(point)
        for case_id in (char, f"a{char}b"):
            try:
                validator.validate_python({"case_id": case_id, "report_markdown": ""})
                accepted = True
            except ValidationError:
                accepted = False
            allowed = stored_value_problem("case_id", case_id) is None
            assert not (accepted and not allowed), hex(point)
            if allowed and not accepted:
                refused_more.append(hex(point))
    assert sorted(set(refused_more)) == ["0x180e", "0x200b", "0xfeff"]


def test_an_unknown_key_anywhere_takes_the_usual_way():
    payload = {"case_id": "q", "answer": {"evidences": []}, "extra": {"deep": [1e300]}}
    assert checked(ANSWER, payload, DEFAULT_LIMITS) is None
    assert first_problem(payload) is None
    case, _, error, _ = parse_case_payload(ANSWER, json.dumps(payload))
    assert error is None and case.case_id == "q"


def test_limits_the_model_cannot_carry_leave_it_to_the_usual_way():
    """A position row or a box is a container at depth 4 and holds 5 or 4 items: with a lower
    max_depth or max_items there is no checked validator, and the exact path refuses."""
    case = {
        "case_id": "q",
        "answer": {"evidences": [{"chunk_id": "c", "excerpt": "e", "bbox": [1, 2, 3, 4]}]},
    }
    assert checked(ANSWER, case, CaseLimits(max_depth=5)) is not None
    for limits in (CaseLimits(max_depth=4), CaseLimits(max_items=4)):
        assert checked_validator(ANSWER.input_model, limits) is None
    assert parse_case_payload_exact(ANSWER, json.dumps(case), 1, CaseLimits(max_depth=4))[2]


def test_unknown_keys_are_seen_before_the_checked_validator_runs():
    """A retriever's extras (score, doc_name) send a case the usual way without first paying
    for a whole refused validation."""
    good = {
        "case_id": "q",
        "raw_chunks": [{"chunk_id": "c", "text": "t"}, {"chunk_id": "d", "text": "u"}],
        "answer": {"evidences": [{"chunk_id": "c", "excerpt": "t"}]},
    }
    assert known_keys_only(ANSWER.input_model, good)
    for path, key in (((), "meta"), (("raw_chunks", 1), "score"), (("answer",), "x"),
                      (("answer", "evidences", 0), "confidence")):  # fmt: skip
        payload = copy.deepcopy(good)
        target = payload
        for part in path:
            target = target[part]
        target[key] = 1
        assert not known_keys_only(ANSWER.input_model, payload)
        case, _, error, _ = parse_case_payload(ANSWER, json.dumps(payload))
        assert error is None and case == checked(ANSWER, good, DEFAULT_LIMITS)
    for odd in ({"case_id": "q", "answer": 5}, {"case_id": "q", "answer": {"evidences": [5]}}):
        assert not known_keys_only(ANSWER.input_model, odd)
