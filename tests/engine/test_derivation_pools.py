"""derivations.Pools(more, max, base): the excerpt values' pools with the answer's steps merged
in are the pools of all of them, built at once (the derivation search reads the same order)."""

from __future__ import annotations

from types import SimpleNamespace

from groundgate.engine.derivations import Pools, operand_amounts
from groundgate.engine.number_grounding import EvidenceIndex

EXCERPT = (
    "Revenue  $ 1,496.5  $ 1,202.9\nCost of sales  (912.4)  (788.0)\n"
    "Gross margin  38.9%  34.5%\nOther  0  12\nInterest  1,202.9  7.5%"
)
STEPS = "the change was 293.6, or 24.4%, and 1,496.5 less 912.4 is 584.1"


def operands(text: str) -> list:
    chunk = SimpleNamespace(chunk_id="c", text=text, page_index=None, position_int=None)
    evidence = SimpleNamespace(chunk_id="c", excerpt=text)
    index = EvidenceIndex(
        chunks=[chunk],
        accepted=[(0, evidence)],
        located={0: (chunk, 0)},
        scale_scope="chunk",
        question_exponent=None,
        rounding_min_significant=2,
    )
    return [(v, operand_amounts(v)) for v in index.excerpt_values]


def state(pools: Pools) -> list:
    out: list = []
    for name in Pools.__slots__:
        value = getattr(pools, name)
        if name.endswith("_range"):
            value = tuple(getattr(value, slot) for slot in value.__slots__)
        elif name == "seen":
            value = [id(s) for s in value]
        out.append(value)
    return out


def test_merged_pools_equal_pools_built_at_once_under_every_cap():
    first, more = operands(EXCERPT), operands(STEPS)
    assert first and more
    for cap in range(len(first) + len(more) + 2):
        at_once = Pools(first + more, cap)
        merged = Pools(more, cap, Pools(first, cap))
        assert state(merged) == state(at_once), cap
        assert state(Pools([], cap, Pools(first, cap))) == state(Pools(first, cap))


def test_steps_merged_in_turn_equal_steps_merged_at_once_under_every_cap():
    """The gate merges the answer's new steps into the pools it built for the steps before
    (answer_derivations._DerivationSearch._derive): the same pools as all the steps merged into
    the base."""
    base_operands, steps = operands(EXCERPT), operands(STEPS)
    for cap in range(len(base_operands) + len(steps) + 2):
        base = Pools(base_operands, cap)
        at_once = Pools(steps, cap, base)
        for cut in range(len(steps) + 1):
            in_turn = Pools(steps[cut:], cap, Pools(steps[:cut], cap, base))
            assert state(in_turn) == state(at_once), (cap, cut)
        one_by_one = base
        for step in steps:
            one_by_one = Pools([step], cap, one_by_one)
        assert state(one_by_one) == state(at_once), cap
