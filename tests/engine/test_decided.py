"""engine/decided.py (d608): the same quantity asked again in one case gets what the evidence
index itself answers for it, at any span and whichever sign the answer says in words - on real
FinanceBench pages, each page's values asked of another page (most ground nowhere: near misses)
and of its own (they ground), every value twice at two spans."""

from __future__ import annotations

import itertools

import pytest

from groundgate.engine.decided import Decided
from groundgate.engine.gates.answer import PRESETS
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import typed
from tests.engine.test_reading_once import _index, _pages

ALLOWED = frozenset(PRESETS["default"].equivalences)


@pytest.mark.parametrize("allowed", [ALLOWED, ALLOWED - {"undeclared_scale"}])
def test_the_same_quantity_again_gets_the_index_answer(allowed: frozenset[str]) -> None:
    pages = _pages(12)
    asked = 0
    for page, other in zip(pages, pages[1:] + pages[:1], strict=True):
        for text in (page, other):
            for value in extract_numbers(text)[:40]:
                first = typed(value)
                again = typed(value._replace(start=value.start + 7, end=value.end + 7))
                for said, says, approximately, bound in itertools.product(
                    (False, True), (False, True), (False, True), (None, "over")
                ):
                    decided = Decided(_index(page), [value, value])
                    decided.ground(
                        first,
                        allowed,
                        approximately=approximately,
                        signed=lambda said=said: said,
                        bound=bound,
                    )
                    decided.near_miss(first, allowed, signed=lambda said=said: said)
                    fresh = _index(page)
                    assert decided.ground(
                        again,
                        allowed,
                        approximately=approximately,
                        signed=lambda says=says: says,
                        bound=bound,
                    ) == fresh.ground(
                        again,
                        allowed,
                        approximately=approximately,
                        signed=lambda says=says: says,
                        bound=bound,
                    )
                    assert decided.near_miss(
                        again, allowed, signed=lambda says=says: says
                    ) == fresh.near_miss(again, allowed, signed=lambda says=says: says)
                    asked += 1
    assert asked > 1_000
