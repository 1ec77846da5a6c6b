"""A citation pattern an admin types (trace import: API query, import page, CLI), made safe.

Two guards, because a regular expression can cost time exponential in its input:
1. Refused when written: a repeated group made only of repeats ("(?:a+)+", "(\\w+\\s?)*") is
   the classic catastrophic-backtracking shape; it is refused with the reason, naming the
   pattern (policy citation-pattern-safety/1, docs/decisions.md, d225).
2. Bounded when run: matched with the `regex` package's `timeout`, so a pattern that slips past
   the first guard ("(a|a)+$") stops on an answer with CitationPatternTimeout, which names the
   pattern and the limit, instead of holding a worker for minutes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

# The standard library's own parser of its syntax (Python >= 3.11), to look at a pattern's shape.
from re import _constants as _sre_constants  # type: ignore[attr-defined]
from re import _parser as _sre_parse  # type: ignore[attr-defined]
from typing import Any

import regex

MAX_PATTERN_CHARS = 500
# Seconds of matching one answer may cost (the regex package checks its clock now and then, so
# a stop comes within a few times this; measured ~1 s for 0.1 s on a loaded 2-core machine).
MATCH_TIMEOUT_SECONDS = 0.1

_REPEATS = {
    _sre_constants.MAX_REPEAT,
    _sre_constants.MIN_REPEAT,
    *((_sre_constants.POSSESSIVE_REPEAT,) if hasattr(_sre_constants, "POSSESSIVE_REPEAT") else ()),
}


class CitationPatternTimeout(ValueError):
    """Matching the pattern against one answer ran past MATCH_TIMEOUT_SECONDS."""


@dataclass(frozen=True)
class CitationPattern:
    """A compiled citation pattern whose every match is bounded in time. Pickles (the pattern
    text) for the import's reader processes."""

    pattern: str
    _compiled: Any = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_compiled", regex.compile(self.pattern, regex.VERSION0))

    def __reduce__(self) -> tuple[Any, ...]:
        return (CitationPattern, (self.pattern,))

    @property
    def groups(self) -> int:
        groups: int = self._compiled.groups
        return groups

    def finditer(self, text: str) -> Iterator[Any]:
        return iter(self._bounded(lambda: list(self._compiled.finditer(text, timeout=_t())), text))

    def sub(self, replacement: str, text: str) -> str:
        result: str = self._bounded(
            lambda: self._compiled.sub(replacement, text, timeout=_t()), text
        )
        return result

    def _bounded(self, run: Any, text: str) -> Any:
        try:
            return run()
        except TimeoutError:
            raise CitationPatternTimeout(
                f"citation pattern {self.pattern!r} took longer than {MATCH_TIMEOUT_SECONDS} s "
                f"on an answer of {len(text)} characters (it backtracks catastrophically); "
                "use a pattern without nested or overlapping repeats"
            ) from None


def _t() -> float:
    return MATCH_TIMEOUT_SECONDS


def citation_pattern_compile(pattern: str) -> CitationPattern:
    """The pattern, compiled; ValueError with a readable reason (naming the pattern) when it is
    not a regular expression, has more than one group, or can backtrack catastrophically."""
    if len(pattern) > MAX_PATTERN_CHARS:
        raise ValueError(f"at most {MAX_PATTERN_CHARS} characters")
    try:
        parsed = _sre_parse.parse(pattern)
        re.compile(pattern)
    except re.error as exc:
        raise ValueError(f"not a regular expression: {exc}") from None
    nested = _nested_repeat(parsed)
    if nested:
        raise ValueError(
            f"{pattern!r} can backtrack catastrophically ({nested}, one of them unbounded); "
            "write it without the outer repeat (e.g. a+ instead of (?:a+)+)"
        )
    try:
        compiled = CitationPattern(pattern)
    except regex.error as exc:
        raise ValueError(f"not a regular expression: {exc}") from None
    if compiled.groups > 1:
        raise ValueError("at most one group (the reference)")
    return compiled


def _nested_repeat(items: Any) -> str:
    """The first repeated group whose body is nothing but repeats, one of them unbounded
    ("(?:a+)+", "(\\w+\\s?)*"): the text can be split between the inner and the outer repeat in
    exponentially many ways. A body with a fixed part ("(?:,\\s*\\d+)*") is accepted: the fixed
    part pins each round. Returns the group as written in the pattern's syntax tree, or ""."""
    for op, av in items:
        children: list[Any] = []
        if op in _REPEATS:
            _low, high, body = av
            if high > 1 and _only_repeats(body) and _has_unbounded(body):
                return "a repeated group made only of repeats"
            children = [body]
        elif op == _sre_constants.SUBPATTERN:
            children = [av[-1]]
        elif op == _sre_constants.BRANCH:
            children = list(av[1])
        elif op in (_sre_constants.ASSERT, _sre_constants.ASSERT_NOT):
            children = [av[1]]
        elif op == getattr(_sre_constants, "ATOMIC_GROUP", None):
            children = [av]
        for child in children:
            found = _nested_repeat(child)
            if found:
                return found
    return ""


def _only_repeats(items: Any) -> bool:
    for op, av in items:
        if op in _REPEATS:
            continue
        if op == _sre_constants.SUBPATTERN and _only_repeats(av[-1]):
            continue
        if op == _sre_constants.BRANCH and all(_only_repeats(b) for b in av[1]):
            continue
        return False
    return bool(list(items))


def _has_unbounded(items: Any) -> bool:
    for op, av in items:
        if op in _REPEATS and (av[1] == _sre_constants.MAXREPEAT or _has_unbounded(av[2])):
            return True
        if op == _sre_constants.SUBPATTERN and _has_unbounded(av[-1]):
            return True
        if op == _sre_constants.BRANCH and any(_has_unbounded(b) for b in av[1]):
            return True
    return False
