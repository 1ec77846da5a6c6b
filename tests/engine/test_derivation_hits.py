"""derivation_hits.hits (explain calls it through searched_hits): the operands that go on to
the pair search are a superset of those that find a pair, so explain() finds what it found with
every operand searched (the loop it replaced): on random tables and targets made from their
figures (sums, differences, averages, ratios, shares, changes), of both signs, signed and not,
with and without ambiguity, with and without negative operands on either side (`negatives`,
d380)."""

from __future__ import annotations

from contextlib import contextmanager
from types import SimpleNamespace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from groundgate.engine import derivation_hits
from groundgate.engine.derivations import Pools, explain, operand_amounts
from groundgate.engine.number_grounding import EvidenceIndex
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import typed


def operands(text: str, signed_cells: bool = False) -> list:
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
    out = [(v, operand_amounts(v)) for v in index.excerpt_values]
    if signed_cells:  # a cell printed negative offers its signed amount too, as in context
        out = [
            (v, [-x for x in found] + found if v.quantity.negative else found) for v, found in out
        ]
    return out


@contextmanager
def every_operand_searched():
    saved = derivation_hits.hits
    derivation_hits.hits = lambda operation, t, tol, pool, keys, both_signs, negatives=False: range(
        len(pool)
    )
    try:
        yield
    finally:
        derivation_hits.hits = saved


def found(result):
    if result is None:
        return None
    other = result.ambiguous
    return (
        result.operation,
        result.formula,
        [o.span for o in result.operands],
        None if other is None else (other.formula, [o.span for o in other.operands]),
    )


NUMBERS = st.one_of(
    st.integers(-3_000, 3_000).map(float),
    st.decimals(-500, 500, places=1).map(float),
    st.sampled_from([0.0, 0.5, 100.0, 7.5, 12.5, 1202.9]),
)


def written(x: float, places: int, percent: bool) -> str:
    text = f"{x:,.{places}f}"
    if x < 0 and percent is False and places == 0:
        text = f"({text[1:]})"  # a cell printed negative
    return text + ("%" if percent else "")


def pair_result(a: float, b: float, operation: str) -> float:
    """What `operation` gives of the pair (a, b); "off" is most likely no pair's result."""
    return {
        "+": a + b,
        "-": a - b,
        "avg": (a + b) / 2,
        "/": a / b if b else a,
        "%": 100 * a / b if b else a,
        "chg": 100 * (a - b) / b if b else a,
        "pts": a - b,
        "x": a * b / 100,
        "off": a * 1.37 + 11.3,
    }[operation]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    numbers=st.lists(NUMBERS, min_size=2, max_size=14),
    percents=st.lists(st.booleans(), min_size=14, max_size=14),
    pick=st.tuples(st.integers(0, 13), st.integers(0, 13)),
    operation=st.sampled_from(["+", "-", "avg", "/", "%", "chg", "pts", "x"]),
    places=st.integers(0, 2),
    signed=st.booleans(),
    down=st.booleans(),
    ambiguity=st.booleans(),
    negatives=st.booleans(),
)
def test_hits_change_no_derivation(
    numbers, percents, pick, operation, places, signed, down, ambiguity, negatives
):
    text = "\n".join(f"Row {i}  {written(x, 1, percents[i])}" for i, x in enumerate(numbers))
    a, b = numbers[pick[0] % len(numbers)], numbers[pick[1] % len(numbers)]
    result = pair_result(a, b, operation)
    percent = operation in ("%", "chg", "pts")
    target = written(result, places, percent) if operation != "pts" else f"{result:.{places}f}pp"
    values = extract_numbers(target)
    if not values:
        return
    q = typed(values[0])
    kwargs = {
        "max_operands": 200,
        "question_exponent": None,
        "signed": signed,
        "down": down,
        "ambiguity": ambiguity,
        "pools": Pools(operands(text, negatives), 200),
        "negatives": negatives,
    }
    new = found(explain(q, (), **kwargs))
    with every_operand_searched():
        old = found(explain(q, (), **kwargs))
    assert new == old
