"""A too-deep case is named by our rule, not by the interpreter's recursion limit: past
PATH_NAMING_DEPTH levels the refusal says (root) on every Python (3.11's json.loads gave up near
1,000 levels, 3.13's parses 5,000), and below it the exact path of the first container past
GROUNDGATE_CASE_MAX_DEPTH."""

from __future__ import annotations

import sys

import pytest

from groundgate.engine.limits import PATH_NAMING_DEPTH, CaseLimits, check_case_json


def nested(depth: int) -> bytes:
    return b'{"case_id": "deep", "answer": ' + b"[" * depth + b"]" * depth + b"}"


@pytest.mark.parametrize("depth", [PATH_NAMING_DEPTH, 5_000, 100_000])
def test_past_the_naming_depth_the_refusal_names_the_root(depth):
    payload, problem = check_case_json(nested(depth))
    assert payload is None and problem is not None
    assert (problem.field, problem.message) == (
        "(root)",
        "nested more than 32 levels deep (GROUNDGATE_CASE_MAX_DEPTH)",
    )


def test_below_it_the_path_is_named():
    _, problem = check_case_json(nested(PATH_NAMING_DEPTH - 2))
    assert problem is not None
    assert problem.field == "answer" + "[0]" * 31


def test_the_answer_does_not_depend_on_the_recursion_limit(monkeypatch):
    """A low recursion limit (as on 3.11, where the C parser counts against it) changes
    nothing: the parser never sees text nested past PATH_NAMING_DEPTH."""
    before = [check_case_json(nested(d)) for d in (40, PATH_NAMING_DEPTH - 2, 5_000)]
    limit = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(PATH_NAMING_DEPTH + 150)
        after = [check_case_json(nested(d)) for d in (40, PATH_NAMING_DEPTH - 2, 5_000)]
    finally:
        sys.setrecursionlimit(limit)
    assert before == after


def test_the_naming_depth_never_refuses_what_a_higher_configured_limit_allows():
    limits = CaseLimits(max_depth=300)
    assert check_case_json(nested(299), limits)[1] is None  # 300 levels with the object
    _, problem = check_case_json(nested(300), limits)
    assert problem is not None and problem.field == "(root)"
