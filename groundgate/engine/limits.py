"""Bounds on the work one case may cause, checked before any gate runs.

Input limits refuse a case (a 400 / a bad line naming the field and the limit); they never
change a verdict, so the same input and policy still give byte-identical verdicts wherever the
limits are set. The cap on findings, which does shape the verdict, is a constant of the engine
in engine/findings_cap.py, not configuration (docs/limits.md, d91).

Pure: no Django. The configured values come from groundgate.envconfig.env_case_limits.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import chain
from operator import le
from typing import Any

import orjson

from groundgate.engine.errors import field_path


@dataclass(frozen=True)
class CaseLimits:
    """Per-case input limits (env GROUNDGATE_CASE_MAX_BYTES, _MAX_TEXT_CHARS, _MAX_ITEMS,
    _MAX_DEPTH)."""

    max_bytes: int = 2 * 1024 * 1024
    max_text_chars: int = 50_000
    max_items: int = 2000
    max_depth: int = 32


DEFAULT_LIMITS = CaseLimits()
_ENV = {
    "max_bytes": ("GROUNDGATE_CASE_MAX_BYTES", 1024),
    "max_text_chars": ("GROUNDGATE_CASE_MAX_TEXT_CHARS", 1),
    "max_items": ("GROUNDGATE_CASE_MAX_ITEMS", 1),
    "max_depth": ("GROUNDGATE_CASE_MAX_DEPTH", 4),
}


def limits_from_environ(environ: Mapping[str, str]) -> CaseLimits:
    """CaseLimits from GROUNDGATE_CASE_MAX_* (unset or empty: the default). Raises ValueError
    naming the variable. Here, not in envconfig, because the `groundgate` CLI must gate without
    importing Django; settings.py reads the same variables through envconfig.env_case_limits."""
    values = {}
    for name, (variable, minimum) in _ENV.items():
        raw = environ.get(variable, "").strip()
        if not raw:
            continue
        try:
            value = int(raw)
        except ValueError:
            raise ValueError(f"{variable} must be an integer; got {raw!r}") from None
        if value < minimum:
            raise ValueError(f"{variable} must be >= {minimum}; got {value}")
        values[name] = value
    return CaseLimits(**values)


# Text nested deeper than this (or than GROUNDGATE_CASE_MAX_DEPTH, if that is set higher) is
# refused naming (root) before json.loads recurses into it; shallower text is parsed and the
# refusal names the exact path of the first container past the limit. Well below the parser's
# recursion limit on every supported Python, so the named field never depends on the version.
PATH_NAMING_DEPTH = 256


def _as_bytes(text: str | bytes) -> bytes:
    return text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")


@dataclass(frozen=True)
class LimitProblem:
    field: str
    message: str


class _NonFinite:
    """Stands in for NaN / Infinity / -Infinity while the JSON is walked, so the path of the
    value can be named."""

    def __init__(self, literal: str):
        self.literal = literal


def check_case_json(
    text: str | bytes, limits: CaseLimits = DEFAULT_LIMITS
) -> tuple[Any, LimitProblem | None]:
    """(payload, None) when the case is within the limits and free of NaN/Infinity, else
    (None, LimitProblem). (None, None) when the text is not JSON at all: the gate's own parser
    then reports it, exactly as before."""
    payload = payload_within_limits(text, limits)
    if payload is not None:
        return payload, None
    size = _size(text)
    if size > limits.max_bytes:
        return None, LimitProblem(
            "(root)",
            f"the case is {size} bytes; at most {limits.max_bytes} are accepted "
            "(GROUNDGATE_CASE_MAX_BYTES)",
        )
    if json_too_deep(_as_bytes(text), max(limits.max_depth, PATH_NAMING_DEPTH)):
        # Our rule, not the interpreter's: past PATH_NAMING_DEPTH the refusal names (root) on
        # every Python (3.11's parser hit its recursion limit near 1,000 levels, 3.13's parses
        # 5,000 and more, so the same line named a path on one and (root) on the other).
        return None, LimitProblem("(root)", _depth_message(limits))
    try:
        payload = loads_marking_nonfinite(text)
    except RecursionError:  # only when GROUNDGATE_CASE_MAX_DEPTH is set past the parser's reach
        return None, LimitProblem("(root)", _depth_message(limits))
    except ValueError:
        return None, None
    problem = first_problem(payload, limits)
    return (None, problem) if problem else (payload, None)


def payload_within_limits(text: str | bytes, limits: CaseLimits = DEFAULT_LIMITS) -> Any:
    """The fast path of check_case_json (most cases): the payload parsed by orjson when it is
    surely within the limits and free of NaN/Infinity, else None ("maybe": only
    check_case_json's exact path can tell, and name the field). orjson parses in a fraction of
    json.loads' time and refuses NaN/Infinity; _within_limits walks the result without building
    paths. A payload from here holds only what orjson makes of JSON (dicts, lists, str, int up
    to 64 bits, finite floats below 2**63, bools, None), which runner.py relies on."""
    parsed = loads_within_size(text, limits)
    if parsed is None:
        return None
    payload, size = parsed
    return payload if payload_limits_within(payload, size, limits) else None


def loads_within_size(
    text: str | bytes, limits: CaseLimits = DEFAULT_LIMITS
) -> tuple[Any, int] | None:
    """(the payload orjson parses, the text's size in bytes), or None when the text is over
    max_bytes or is not JSON orjson accepts (NaN/Infinity included): payload_within_limits'
    first step, for a caller that may check the rest another way (runner.parse_case_payload)."""
    size = _size(text)
    if size > limits.max_bytes:
        return None
    try:
        return orjson.loads(text), size
    except orjson.JSONDecodeError:
        return None


def payload_limits_within(payload: Any, size: int, limits: CaseLimits = DEFAULT_LIMITS) -> bool:
    """payload_within_limits' second step, on a payload from loads_within_size: True when
    first_problem would find nothing; False means "maybe"."""
    return _within_limits(payload, size, limits)


def _size(text: str | bytes) -> int:
    return len(text) if isinstance(text, bytes) else len(text.encode("utf-8"))


_SCALARS = frozenset({int, float, bool, type(None)})
# orjson reads an integer beyond 64 bits as a float, where json.loads keeps the int (and
# first_problem checks ints: a page_index of -10**30): such floats take the exact walk.
_BIG = float(2**63)


def _within_limits(payload: Any, size: int, limits: CaseLimits) -> bool:
    """True when first_problem would find nothing in an orjson-parsed payload (which holds no
    NaN/Infinity) of a `size`-byte text. False means "maybe": the caller then runs first_problem
    for the exact answer. The same rules, walked without building paths (this runs per case).

    A list of objects (raw_chunks, evidences) is checked a key at a time over all its objects
    (a column: its types in one set, its ids in one list), which keeps the Python work per
    case small; anything uncommon in a column is checked value by value (_item_within)."""
    max_text, max_items, max_depth = limits.max_text_chars, limits.max_items, limits.max_depth
    # A string cannot have more characters than the JSON text has bytes.
    check_text = size > max_text
    if type(payload) is str:
        return not check_text or len(payload) <= max_text
    if type(payload) is float:
        return -_BIG < payload < _BIG
    ids: list[str] = []
    stack: list[tuple[object, int]] = [(payload, 0)]  # (container, length of its path)
    while stack:
        value, depth = stack.pop()
        if depth >= max_depth:
            return False
        if type(value) is dict:
            for key, item in value.items():
                if not _item_within(key, item, depth + 1, ids, stack, check_text, limits):
                    return False
        elif type(value) is list:
            if len(value) > max_items:
                return False
            kinds = set(map(type, value))
            if _SCALARS.issuperset(kinds):
                # Numbers (a box, a position): nothing to check but big floats, no Python loop.
                if float in kinds and not all(
                    -_BIG < item < _BIG for item in value if type(item) is float
                ):
                    return False
                continue
            if kinds == _DICT:
                # Objects at depth + 1, their values at depth + 2.
                if depth + 1 >= max_depth:
                    return False
                for key, column in _columns(value):
                    if not _column_within(key, column, depth + 2, ids, stack, check_text, limits):
                        return False
                continue
            for item in value:
                kind = type(item)
                if kind is float and not -_BIG < item < _BIG:
                    return False
                if kind is list or kind is dict:
                    stack.append((item, depth + 1))
                elif kind is str and check_text and len(item) > max_text:
                    return False
    if not ids:
        return True
    # Every id at once: none too long, none blank (strip() empties it), and one search for
    # control characters over all of them (joining strings creates no control character).
    return (
        max(map(len, ids)) <= MAX_ID_CHARS
        and all(map(str.strip, ids))
        and _CONTROL.search("".join(ids)) is None
    )


_DICT = {dict}


def _columns(objects: list[dict[str, Any]]) -> Iterable[tuple[str, Any]]:
    """(key, [its values]) over a list of objects. Objects of one shape (the same keys in the
    same order, as a serializer writes them) are transposed in one step."""
    shapes = set(map(tuple, objects))
    if len(shapes) == 1:
        return zip(shapes.pop(), zip(*map(dict.values, objects), strict=True), strict=True)
    return ((key, [item[key] for item in objects if key in item]) for key in set().union(*shapes))


def _item_within(
    key: str,
    item: Any,
    depth: int,
    ids: list[Any],
    stack: list[tuple[Any, int]],
    check_text: bool,
    limits: CaseLimits,
) -> bool:
    """One value of an object, at `depth`: its rule by key, and containers onto the stack."""
    kind = type(item)
    if kind is str:
        if key in ID_KEYS:
            ids.append(item)
        return not check_text or len(item) <= limits.max_text_chars
    if kind is list:
        if key == "position_int":
            # Rows of five numbers, checked in one tight loop and not walked.
            return _rows_within(item, depth, limits)
        if key == "bbox" and _box_within(item, depth, limits):
            return True
        if key in _LIST_RULE_KEYS and stored_value_problem(key, item) is not None:
            return False
        stack.append((item, depth))
    elif kind is dict:
        stack.append((item, depth))
    elif kind is int:
        return key != "page_index" or bool(item >= 0)
    elif kind is float:
        return bool(-_BIG < item < _BIG)
    return True


def _column_within(
    key: str,
    column: list[Any],
    depth: int,
    ids: list[Any],
    stack: list[tuple[Any, int]],
    check_text: bool,
    limits: CaseLimits,
) -> bool:
    """The values of one key over a list of objects, at `depth`: _item_within on each, with the
    common columns (all strings, all ints, all lists) checked without a Python call per value."""
    kinds = set(map(type, column))
    if kinds == _STR:
        if key in ID_KEYS:
            ids.extend(column)
        return not check_text or max(map(len, column)) <= limits.max_text_chars
    if kinds == _INT:
        return key != "page_index" or bool(min(column) >= 0)
    if kinds == _LIST and key == "position_int":
        # Every object's rows in one loop: the same depth and the same per-list item limit.
        return max(map(len, column)) <= limits.max_items and _rows_within(
            list(chain.from_iterable(column)), depth, limits
        )
    for item in column:
        if not _item_within(key, item, depth, ids, stack, check_text, limits):
            return False
    return True


_STR, _INT, _LIST = {str}, {int}, {list}


def _box_within(box: list[Any], depth: int, limits: CaseLimits) -> bool:
    """True when a bbox list at `depth` holds four numbers that break no rule (ordered, within
    MAX_COORDINATE) and no limit: then it needs no walk. False means "maybe" (walk it)."""
    if depth >= limits.max_depth or limits.max_items < 4:
        return False
    x0: float
    top: float
    x1: float
    bottom: float
    try:
        x0, top, x1, bottom = box
        # Only ints, floats and bools compare with an int; anything else raises TypeError.
        # Chained: both coordinates in bounds and ordered, as stored_value_problem asks.
        return (
            -MAX_COORDINATE <= x0 <= x1 <= MAX_COORDINATE
            and -MAX_COORDINATE <= top <= bottom <= MAX_COORDINATE
        )
    except (TypeError, ValueError):
        return False


def _rows_within(rows: list[Any], depth: int, limits: CaseLimits) -> bool:
    """True when a position_int list at `depth` breaks no rule and no limit (each row five
    numbers: page_number >= 1, x0 <= x1, top <= bottom, coordinates within MAX_COORDINATE), so
    that neither the list nor its rows need a walk. False means "maybe": first_problem decides.
    Stricter than the exact rules on odd rows (a float page, bools), never looser: those take
    the exact walk. Checked a column at a time (min, max, pairwise <=), without a Python step
    per row."""
    if depth + 1 >= limits.max_depth or len(rows) > limits.max_items or limits.max_items < 5:
        return False
    if not rows:
        return True
    try:
        # strict: rows of unequal lengths raise ValueError, and unpacking a length other than 5.
        # A row that is an object or a string zips its keys or characters: strings, below.
        pages, x0, x1, top, bottom = zip(*rows, strict=True)
        # min and max compare values with each other, and the bounds compare them with
        # numbers: a string, None, a list or a dict raises TypeError there, so rows that pass
        # hold only numbers (bools at most), none beyond the float bound the walk checks.
        # x0 >= min(x0) >= -MAX and x0 <= x1 <= max(x1) <= MAX: every coordinate is in bounds.
        return (
            min(pages) >= 1
            and max(pages) < _BIG
            and min(x0) >= -MAX_COORDINATE
            and max(x1) <= MAX_COORDINATE
            and min(top) >= -MAX_COORDINATE
            and max(bottom) <= MAX_COORDINATE
            and all(map(le, x0, x1))
            and all(map(le, top, bottom))
        )
    except (TypeError, ValueError):
        return False


def loads_marking_nonfinite(text: str | bytes) -> Any:
    """json.loads, with NaN / Infinity / -Infinity kept as markers that first_problem reports
    by path. Raises ValueError (not JSON) or RecursionError (nested too deeply to parse)."""
    return json.loads(text, parse_constant=_NonFinite)


def _depth_message(limits: CaseLimits) -> str:
    return f"nested more than {limits.max_depth} levels deep (GROUNDGATE_CASE_MAX_DEPTH)"


# Stored identifiers (a case's own id, chunk ids): what the database, the review pages, the
# export and file names (Content-Disposition) can carry safely.
ID_KEYS = frozenset({"case_id", "request_id", "chunk_id"})
# The keys whose list values stored_value_problem checks (_within_limits asks it only for these).
_LIST_RULE_KEYS = frozenset({"bbox", "position_int"})
MAX_ID_CHARS = 255
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# A box coordinate beyond this many points from the origin is not on any page (PDF pages are at
# most 14,400 points; UserUnit can scale that, so the bound is generous).
MAX_COORDINATE = 1_000_000


def stored_value_problem(key: str, value: Any) -> str | None:
    """The rules for values that are stored and drawn, by their key, wherever they are in a
    case: ids, page indexes and boxes. None when the value is fine (or not one of these)."""
    # A rule for a new key must also be known to _within_limits (ID_KEYS, _LIST_RULE_KEYS or
    # its page_index test), or the fast path would skip it.
    if key in ID_KEYS and isinstance(value, str):
        if not value.strip():
            return "an id must not be empty"
        if len(value) > MAX_ID_CHARS:
            return f"{len(value)} characters; an id has at most {MAX_ID_CHARS}"
        if _CONTROL.search(value):
            return "an id must not contain control characters (line breaks, tabs, ...)"
    elif key == "page_index" and isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            return f"{value}: a page index is 0 or more"
    elif key == "bbox" and isinstance(value, list) and len(value) == 4:
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
            return None  # the input model reports the type
        if any(abs(v) > MAX_COORDINATE for v in value):
            return f"coordinates are at most {MAX_COORDINATE} points from the origin"
        x0, top, x1, bottom = value
        if x0 > x1 or top > bottom:
            return "a box is [x0, top, x1, bottom] with x0 <= x1 and top <= bottom"
    elif key == "position_int" and isinstance(value, list):
        for i, row in enumerate(value):
            if (message := _position_problem(row)) is not None:
                return f"[{i}]: {message}"
    return None


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _position_problem(row: Any) -> str | None:
    """One position_int row: [page_number (1-based), x0, x1, top, bottom] in PDF points, the
    RAGFlow order (docs/answer-gate.md). A row in the bbox order [page, x0, top, x1, bottom] is
    the usual mix-up; it shows as x0 > x1 or top > bottom on most boxes."""
    if not isinstance(row, list) or len(row) != 5 or not all(_number(v) for v in row):
        return None  # the input model reports the shape and types
    page_number, x0, x1, top, bottom = row
    if isinstance(page_number, int) and page_number < 1:
        return f"page_number {page_number}: position_int pages are 1-based (page_number >= 1)"
    if any(abs(v) > MAX_COORDINATE for v in (x0, x1, top, bottom)):
        return f"coordinates are at most {MAX_COORDINATE} points from the origin"
    if x0 > x1 or top > bottom:
        return f"{row} is not [page_number, x0, x1, top, bottom] with x0 <= x1 and top <= bottom"
    return None


def first_problem(payload: Any, limits: CaseLimits = DEFAULT_LIMITS) -> LimitProblem | None:
    """The first value, depth first and in document order, that breaks a limit, is NaN /
    Infinity, or breaks a stored-value rule (stored_value_problem); without recursion, so any
    depth json.loads accepts is walked safely."""
    stack: list[tuple[object, tuple[str | int, ...]]] = [(payload, ())]
    while stack:
        value, loc = stack.pop()
        if loc and isinstance(loc[-1], str):
            message = stored_value_problem(loc[-1], value)
            if message is not None:
                return LimitProblem(field_path(loc), message)
        if isinstance(value, str):
            if len(value) > limits.max_text_chars:
                return LimitProblem(
                    field_path(loc),
                    f"{len(value)} characters; at most {limits.max_text_chars} "
                    "(GROUNDGATE_CASE_MAX_TEXT_CHARS)",
                )
            continue
        if isinstance(value, _NonFinite):
            return LimitProblem(
                field_path(loc), f"{value.literal} is not a number JSON allows (no NaN/Infinity)"
            )
        if isinstance(value, (dict, list)) and len(loc) >= limits.max_depth:
            return LimitProblem(field_path(loc), _depth_message(limits))
        if isinstance(value, dict):
            stack.extend((item, (*loc, key)) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            if len(value) > limits.max_items:
                return LimitProblem(
                    field_path(loc),
                    f"{len(value)} items; at most {limits.max_items} (GROUNDGATE_CASE_MAX_ITEMS)",
                )
            stack.extend((item, (*loc, i)) for i, item in reversed(list(enumerate(value))))
    return None


_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_JSON_BRACKET = re.compile(rb"[\[\]{}]")


def json_too_deep(data: bytes, max_depth: int) -> bool:
    """Does this JSON text nest arrays/objects deeper than `max_depth` (the gate's limit,
    GROUNDGATE_CASE_MAX_DEPTH)? Brackets inside strings do not count. Linear in the text, and
    no parser recursion: checked before any parser sees a body."""
    depth = 0
    for match in _JSON_BRACKET.finditer(_JSON_STRING.sub(b"", data)):
        if match.group() in (b"[", b"{"):
            depth += 1
            if depth > max_depth:
                return True
        else:
            depth -= 1
    return False


def depth_message(limits: CaseLimits) -> str:
    return _depth_message(limits)
