"""derivation_pairs.may_pair: False only where the bound derivation search finds nothing, so
that the answer gate may skip the binding of a value no pair of cited figures gives (d520).
explain() is held to None wherever may_pair is False: for every `down`, `ambiguity` and
`negatives`, with no `allow` (every pair the search meets passes: the widest binding) and with
a pool of part of the operands (binding.keep), on random tables and targets made from their
figures, and on the real FinanceBench answers' values against their cited chunks."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from groundgate.engine.derivation_pairs import may_pair
from groundgate.engine.derivations import Pools, explain
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import typed
from tests.engine.test_derivation_hits import NUMBERS, operands, pair_result, written

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "financebench"


def found(
    q, pools: Pools, negatives: bool, restate: bool = True, empty=frozenset(), searched=None
) -> list:
    """What explain() finds, for every `down` and `ambiguity` the binding could set, with no
    `allow` (every pair the search meets passes) and with one that takes some pairs only
    (`searched`: the searches of these pools kept, derivation_hits.searched_hits)."""
    out = []
    for down in (False, True):
        for ambiguity in (False, True):
            for allow in (None, lambda operation, a, b: (a.span[0] + len(operation)) % 3):
                result = explain(
                    q,
                    (),
                    max_operands=200,
                    question_exponent=None,
                    pools=pools,
                    allow=allow,
                    signed=True,
                    down=down,
                    ambiguity=ambiguity,
                    negatives=negatives,
                    restate=restate,
                    empty=empty,
                    searched=searched,
                )
                out.append(None if result is None else (result.formula, result.ambiguous))
    return out


def nothing_found(q, pools: Pools, *, negatives: bool, restate: bool = True) -> bool:
    """explain() finds nothing, whatever the binding could set."""
    return all(f is None for f in found(q, pools, negatives, restate))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    numbers=st.lists(NUMBERS, min_size=2, max_size=14),
    percents=st.lists(st.booleans(), min_size=14, max_size=14),
    kept=st.lists(st.booleans(), min_size=14, max_size=14),
    pick=st.tuples(st.integers(0, 13), st.integers(0, 13)),
    operation=st.sampled_from(["+", "-", "avg", "/", "%", "chg", "pts", "x", "off"]),
    places=st.integers(0, 2),
    negatives=st.booleans(),
    restate=st.booleans(),
)
def test_no_pair_no_derivation(
    numbers, percents, kept, pick, operation, places, negatives, restate
):
    text = "\n".join(f"Row {i}  {written(x, 1, percents[i])}" for i, x in enumerate(numbers))
    a, b = numbers[pick[0] % len(numbers)], numbers[pick[1] % len(numbers)]
    result = pair_result(a, b, operation)
    percent = operation in ("%", "chg", "pts")
    target = written(result, places, percent) if operation != "pts" else f"{result:.{places}f}pp"
    values = extract_numbers(target + " million" if operation == "off" else target)
    if not values:
        return
    q = typed(values[0])
    every = operands(text, negatives)
    pools = Pools(every, 200)
    searched: dict = {}  # what may_pair searched on `pools`, kept for explain's searches
    empty = may_pair(
        q,
        pools,
        question_exponent=None,
        min_significant=2,
        restate=restate,
        negatives=negatives,
        searched=searched,
    )
    part = Pools([o for o, keep in zip(every, kept, strict=False) if keep], 200)
    if empty is None:
        assert nothing_found(q, pools, negatives=negatives, restate=restate)
        assert nothing_found(q, part, negatives=negatives, restate=restate)
    else:  # the searches found empty need not be searched again
        for some in (pools, part):
            assert found(q, some, negatives, restate, empty) == found(q, some, negatives, restate)
        # ... and the searches may_pair made on the pools are not made again, with one result
        kept = found(q, pools, negatives, restate, empty, searched)
        assert kept == found(q, pools, negatives, restate)


def test_real_answers_without_a_pair_have_no_derivation():
    """FinanceBench's answers: each value against the chunks its answer cites."""
    skipped = searched = 0
    with (DATA / "cases.jsonl").open("rb") as handle:
        rows = [json.loads(line)["case"] for line in handle if line.strip()][:300]
    for case in rows:
        cited = {e["chunk_id"] for e in case["answer"]["evidences"]}
        text = "\n".join(c["text"] for c in case["raw_chunks"] or [] if c["chunk_id"] in cited)
        pools = Pools(operands(text, True), 200)
        for value in extract_numbers(case["answer"]["conclusion"] or ""):
            q = typed(value)
            for negatives in (False, True):
                empty = may_pair(
                    q,
                    pools,
                    question_exponent=None,
                    min_significant=2,
                    restate=True,
                    negatives=negatives,
                )
                if empty is None:
                    skipped += 1
                    assert nothing_found(q, pools, negatives=negatives), value.text
                else:
                    searched += 1
                    assert found(q, pools, negatives, True, empty) == found(q, pools, negatives)
    assert skipped > 100 and searched > 100  # both ways taken: the test is not vacuous
