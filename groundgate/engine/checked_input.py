"""An input model's validator with the case limits and the stored-value rules built in, so that a
case is checked and built in one pass of pydantic-core instead of a limit walk over the payload
and then the model (issue 15, the answer CLI on one core).

checked_validator(model, limits) is a pydantic-core SchemaValidator made from the model's own
core schema: it builds the same classes (an AnswerCase, its RawChunks, ...) with the same values
and fields set as model.model_validate, but refuses more:
  - keys the model does not know (extra="forbid"): the limits cover every key of a case, and a
    schema knows nothing of an unknown key's value, so such a case goes the usual way;
  - every string longer than max_text_chars, every list longer than max_items;
  - an id (limits.ID_KEYS) of more than MAX_ID_CHARS characters, blank, or with a control
    character; a negative page_index; a bbox or position_int row out of MAX_COORDINATE or out of
    order (x0 <= x1, top <= bottom), a position page below 1;
  - coercion: numbers are strict (no bool for an int, no 3.0 for an int), so the values checked
    are the values sent, as the limit rules see them.
Its answer is "surely within the limits and valid" (the case) or a ValidationError that only
means "maybe": runner.parse_case_payload then asks the limit walk and the model, and the exact
path words any error, so no message comes from here. A model whose schema holds anything not
handled below (a dict, Any, a recursive model, a custom validator, ...) gets no checked
validator (None), nor does one whose deepest container is past max_depth.
tests/engine/test_checked_input.py holds the checked validator to the exact path.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic import BaseModel
from pydantic_core import PydanticCustomError, SchemaValidator, core_schema

from groundgate.engine.limits import ID_KEYS, MAX_COORDINATE, MAX_ID_CHARS, CaseLimits

# No control character (limits._CONTROL) and at least one character str.strip() keeps: the
# required one excludes Rust's Unicode \s (Python's isspace() set, less the control characters
# \x1c-\x1f, which are excluded anyway) and a few format characters, to be safe.
_CONTROL = r"\x00-\x1f\x7f-\x9f\x{2028}\x{2029}"
ID_PATTERN = rf"^[^{_CONTROL}]*[^{_CONTROL}\s\x{{180e}}\x{{200b}}\x{{feff}}][^{_CONTROL}]*$"


_BUILDING = threading.Lock()


class _Unsupported(Exception):
    """The schema holds something the checked validator does not handle."""


def _ordered(
    error: str, low: int, high: int, *more: tuple[int, int]
) -> Callable[[tuple[Any, ...]], tuple[Any, ...]]:
    """An after-validator refusing a tuple whose item `low` is above its item `high`."""
    pairs = ((low, high), *more)

    def check(value: tuple[Any, ...]) -> tuple[Any, ...]:
        for a, b in pairs:
            if value[a] > value[b]:
                raise PydanticCustomError(error, "out of order")
        return value

    return check


# bbox [x0, top, x1, bottom]; position_int rows [page_number, x0, x1, top, bottom].
_BOX_ORDERED = _ordered("bbox_order", 0, 2, (1, 3))
_ROW_ORDERED = _ordered("position_order", 1, 2, (3, 4))


# The keys of limits.stored_value_problem's rules on numbers, and the one type each is handled
# as below (ids are strings wherever they are).
_RULE_KINDS = {"page_index": "int", "bbox": "tuple", "position_int": "list"}


@lru_cache(maxsize=32)
def checked_validator(model: type[BaseModel], limits: CaseLimits) -> SchemaValidator | None:
    """The model's validator with the limits built in, or None when the model's schema cannot
    carry them (then every case goes the usual way). Cached per model and limits."""
    schema: dict[str, Any] = copy.deepcopy(dict(model.__pydantic_core_schema__))
    classes: list[type[BaseModel]] = []
    try:
        deepest = _check(schema, None, 0, limits, classes)
    except _Unsupported:
        return None
    if deepest >= limits.max_depth:
        return None
    # pydantic-core takes a model's own, finished validator ("prebuilt") for a model schema of
    # a class whose __pydantic_complete__ is true, which would drop the limits added here; the
    # flag is lowered while this validator is built (the classes' own validators do not read
    # it), under a lock, and restored.
    with _BUILDING:
        try:
            for cls in classes:
                cls.__pydantic_complete__ = False
            return SchemaValidator(schema)
        finally:
            for cls in classes:
                cls.__pydantic_complete__ = True


def _check(
    schema: dict[str, Any], key: str | None, depth: int, limits: CaseLimits, classes: list[Any]
) -> int:
    """Add the limits to `schema` in place, a value under `key` whose path has `depth` parts.
    Returns the greatest path length of a container in it (-1: none) and adds the model classes
    it builds to `classes`. Raises _Unsupported."""
    kind = schema["type"]
    if key in _RULE_KINDS and kind not in (_RULE_KINDS[key], "default", "nullable"):
        # A rule of limits.stored_value_problem on another type than the one handled here.
        raise _Unsupported(f"{key}: {kind}")
    if kind == "model":
        if schema.get("custom_init") or schema.get("root_model") or schema.get("post_init"):
            raise _Unsupported(kind)
        if not schema["cls"].__dict__.get("__pydantic_complete__"):
            raise _Unsupported("an unfinished model")
        classes.append(schema["cls"])
        schema["config"] = {**schema.get("config", {}), "extra_fields_behavior": "forbid"}
        return _check(schema["schema"], key, depth, limits, classes)
    if kind == "model-fields":
        if schema.get("computed_fields"):
            raise _Unsupported("computed fields")
        schema["extra_behavior"] = "forbid"
        deepest = depth
        for name, field in schema["fields"].items():
            if field["type"] != "model-field" or field.get("validation_alias"):
                raise _Unsupported(name)
            deepest = max(deepest, _check(field["schema"], name, depth + 1, limits, classes))
        return deepest
    if kind in ("default", "nullable"):
        return _check(schema["schema"], key, depth, limits, classes)
    if kind == "str":
        if set(schema) - {"type", "metadata"}:
            raise _Unsupported("constrained str")
        schema["max_length"] = limits.max_text_chars
        if key in ID_KEYS:
            schema["max_length"] = min(MAX_ID_CHARS, limits.max_text_chars)
            schema["pattern"] = ID_PATTERN
            schema["regex_engine"] = "rust-regex"
        return -1
    if kind in ("int", "float", "bool"):
        if set(schema) - {"type", "metadata"}:
            raise _Unsupported(f"constrained {kind}")
        schema["strict"] = True
        if kind == "int" and key == "page_index":
            schema["ge"] = 0
        return -1
    if kind == "list":
        schema["max_length"] = limits.max_items
        if key == "position_int":
            rows = schema["items_schema"]
            _numbers(rows, 5, first_is_page=True)
            schema["items_schema"] = core_schema.no_info_after_validator_function(
                _ROW_ORDERED, rows
            )
            # The rows (tuples) at depth + 1; a row's size is within the items limit.
            if limits.max_items < 5:
                raise _Unsupported("max_items below a row's size")
            return depth + 1
        return max(depth, _check(schema["items_schema"], None, depth + 1, limits, classes))
    if kind == "tuple" and key == "bbox":
        _numbers(schema, 4, first_is_page=False)
        if limits.max_items < 4:
            raise _Unsupported("max_items below a box's size")
        box = dict(schema)
        schema.clear()
        schema.update(core_schema.no_info_after_validator_function(_BOX_ORDERED, box))
        return depth
    raise _Unsupported(kind)


def _numbers(schema: dict[str, Any], size: int, *, first_is_page: bool) -> None:
    """A tuple of `size` numbers (int, float or int | float): strict, within MAX_COORDINATE; a
    position row's first item an int page_number >= 1."""
    items = schema.get("items_schema") if schema.get("type") == "tuple" else None
    if items is None or len(items) != size or schema.get("variadic_item_index") is not None:
        raise _Unsupported("not a tuple of numbers")
    for index, item in enumerate(items):
        choices = item["choices"] if item["type"] == "union" else [item]
        for choice in choices:
            if choice["type"] not in ("int", "float") or set(choice) - {"type", "metadata"}:
                raise _Unsupported("not a number")
            choice["strict"] = True
            if index == 0 and first_is_page:
                if choice["type"] != "int":
                    raise _Unsupported("a page number that is not an int")
                choice["ge"] = 1
            else:
                choice["ge"] = -MAX_COORDINATE
                choice["le"] = MAX_COORDINATE


# ---- a cheap look for unknown keys -------------------------------------------------------------
# A case with keys its model ignores (a retriever's `score`, `doc_name`, ...) is refused by the
# checked validator only after a whole validation (pydantic-core reports every error): such
# cases, common in RAG exports, would pay for two validations. known_keys_only looks at the keys
# first, a set comparison per object, and sends them the usual way at once.


@dataclass(frozen=True)
class _Shape:
    fields: frozenset[str]
    # (field name, the shape of the model(s) in it, whether it holds a list of them)
    children: tuple[tuple[str, _Shape, bool], ...]


@lru_cache(maxsize=32)
def _shape_of(model: type[BaseModel]) -> _Shape | None:
    return _model_shape(dict(model.__pydantic_core_schema__))


def _model_shape(schema: dict[str, Any]) -> _Shape | None:
    """The shape of the model a schema holds (through defaults, nullables and lists), or None."""
    kind = schema.get("type")
    if kind in ("default", "nullable", "function-after", "model"):
        return _model_shape(schema["schema"])
    if kind != "model-fields":
        return None
    children = []
    for name, field in schema["fields"].items():
        inner, many = field["schema"], False
        while inner.get("type") in ("default", "nullable", "list"):
            if inner["type"] == "list":
                many, inner = True, inner.get("items_schema", {})
            else:
                inner = inner["schema"]
        child = _model_shape(inner) if inner.get("type") == "model" else None
        if child is not None:
            children.append((name, child, many))
    return _Shape(frozenset(schema["fields"]), tuple(children))


def known_keys_only(model: type[BaseModel], payload: Any) -> bool:
    """False when some object of `payload` where the model reads one has a key the model does
    not know (or the payload is too odd to tell: the checked validator would refuse it too)."""
    shape = _shape_of(model)
    try:
        return shape is not None and _known(payload, shape)
    except (TypeError, AttributeError):
        return False


def _known(value: Any, shape: _Shape) -> bool:
    if not shape.fields.issuperset(value):
        return False
    for name, child, many in shape.children:
        item = value.get(name)
        if item is None:
            continue
        if not many:
            if not _known(item, child):
                return False
        elif not child.children:
            # A list of objects without models inside (chunks, evidences): one C-level pass.
            if not all(map(child.fields.issuperset, item)):
                return False
        elif not all(_known(each, child) for each in item):
            return False
    return True
