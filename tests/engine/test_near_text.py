"""The closest stretch of a chunk for an excerpt that is not in it: the same hint as difflib's
longest match on small pairs, and the right place on large ones (found in linear time; the
figures are in bench/bench_growth.py)."""

from __future__ import annotations

import difflib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.gates.answer import gate_answer
from groundgate.engine.near_text import EXACT_LIMIT, align
from tests.engine.helpers import make_case

WORDS = "the pump valve pressure was measured during maintenance and the operator".split()


def prose(n: int, seed: int = 7) -> str:
    rng = random.Random(seed)
    return " ".join(rng.choice(WORDS) for _ in range(n // 5))[:n]


@given(st.text(alphabet="abc d", max_size=40), st.text(alphabet="abc d", min_size=1, max_size=20))
@settings(max_examples=300)
def test_small_pairs_get_difflibs_answer(text, excerpt):
    match = difflib.SequenceMatcher(None, text, excerpt, autojunk=False).find_longest_match(
        0, len(text), 0, len(excerpt)
    )
    expected = (match.a - match.b, match.size) if match.size else None
    assert align(text, excerpt) == expected


def test_a_large_excerpt_with_one_wrong_character_is_placed_where_it_belongs():
    text = prose(400_000)
    start = 123_456
    excerpt = text[start : start + 150_000]
    wrong = excerpt[:70_000] + "#" + excerpt[70_001:]
    assert len(text) * len(wrong) > EXACT_LIMIT  # the linear path
    case = make_case(
        conclusion="nothing numeric",
        raw_chunks=[{"chunk_id": "c", "text": text}],
        evidences=[{"chunk_id": "c", "excerpt": wrong}],
    )
    (finding,) = [f for f in gate_answer(case).findings if f.code == "EXCERPT_NOT_IN_CHUNK"]
    assert finding.chunk_span == (start, start + 150_000)
    assert len(finding.message) < 500  # the span says where; the message quotes a little


def test_nothing_in_common():
    assert align("abcdef" * 100_000, "xyz" * 10) is None
