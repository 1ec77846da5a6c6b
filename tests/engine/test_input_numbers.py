"""Policy input-numbers/1: a number field of a gate's input takes a JSON number only.

`"page_index": true` was page 1 (pydantic's lax mode); a boolean or a string in a number field
is now refused naming the field, while a whole float stays an integer (JSON Schema's reading of
"type": "integer", the schema the API publishes, which must not change)."""

from __future__ import annotations

import copy
import json

import pytest
from pydantic import ValidationError

from groundgate.engine.gates.anchored import AnchoredCase
from groundgate.engine.gates.answer_case import AnswerCase
from groundgate.engine.gates.code import EvidenceRef
from groundgate.engine.registry import get_gate
from groundgate.engine.runner import gate_text
from tests.engine.family_samples import ANCHORED, ANSWER, PASSING

WITH_BOXES = copy.deepcopy(ANSWER)
WITH_BOXES["raw_chunks"][0] |= {"page_index": 0, "position_int": [[1, 10, 20, 30, 40]]}
WITH_BOXES["answer"]["evidences"][0] |= {"page_index": 0, "bbox": [10, 30, 20, 40]}


def _with(path: list, value) -> dict:
    data = copy.deepcopy(WITH_BOXES)
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


NUMBER_FIELDS = {
    "raw_chunks.0.page_index": ["raw_chunks", 0, "page_index"],
    "answer.evidences.0.page_index": ["answer", "evidences", 0, "page_index"],
    "raw_chunks.0.position_int.0.0": ["raw_chunks", 0, "position_int", 0, 0],
    "raw_chunks.0.position_int.0.1": ["raw_chunks", 0, "position_int", 0, 1],
    "answer.evidences.0.bbox.0": ["answer", "evidences", 0, "bbox", 0],
}


@pytest.mark.parametrize("field", NUMBER_FIELDS)
@pytest.mark.parametrize(
    ("value", "message"),
    [(True, "not true/false"), (False, "not true/false"), ("0", "not a string")],
)
def test_a_boolean_or_a_string_in_a_number_field_is_refused_naming_it(field, value, message):
    with pytest.raises(ValidationError) as refused:
        AnswerCase.model_validate(_with(NUMBER_FIELDS[field], value))
    (error,) = refused.value.errors()
    assert ".".join(str(p) for p in error["loc"]) == field
    assert error["msg"] == f"a number is expected, {message}"


def test_page_index_true_through_the_gate_text_path_is_bad_input_not_page_1():
    spec = get_gate("answer")
    body = json.dumps(_with(["answer", "evidences", 0, "page_index"], True))
    outcome = gate_text(spec, body, spec.default_policy)
    assert outcome.verdict is None
    assert "answer.evidences[0].page_index: a number is expected, not true/false" in str(
        outcome.error
    )


def test_whole_floats_and_ints_are_accepted_as_before():
    case = AnswerCase.model_validate(_with(["raw_chunks", 0, "page_index"], 0.0))
    assert case.raw_chunks[0].page_index == 0 and type(case.raw_chunks[0].page_index) is int
    box = AnswerCase.model_validate(_with(["answer", "evidences", 0, "bbox", 0], 10.5))
    assert box.answer.evidences[0].bbox == (10.5, 30, 20, 40)  # echoed as sent


def test_the_other_families_number_fields():
    with pytest.raises(ValidationError, match="not true/false"):
        AnchoredCase.model_validate(ANCHORED | {"evidence_char_count": True})
    with pytest.raises(ValidationError, match="greater than or equal to 0"):
        AnchoredCase.model_validate(ANCHORED | {"evidence_char_count": -1})
    with pytest.raises(ValidationError, match="not a string"):
        EvidenceRef.model_validate({"symbol_id": "s", "start_line": "3"})


@pytest.mark.parametrize("kind", sorted(PASSING))
def test_the_published_schemas_say_integer_and_number_as_before(kind):
    schema = json.dumps(get_gate(kind).input_model.model_json_schema())
    assert '"ge"' not in schema  # a constraint the schema writer could not translate
    if kind == "answer":
        fields = get_gate(kind).input_model.model_json_schema()["$defs"]
        assert fields["Evidence"]["properties"]["page_index"] == {
            "anyOf": [{"type": "integer"}, {"type": "null"}],
            "default": None,
            "title": "Page Index",
        }
