"""The shape of the context rules' corpora (context/corpus_zh.py, corpus_en.py), in the manner of
values/corpus.py and Duckling's per-language Corpus files: a cited table as a report prints it,
and answers said of it that must pass, or must be refused because a value is of another row,
period or column than the answer says, of another sign than its direction word, or of another
scale. tests/engine/context/test_context_corpus.py runs every example under the default policy
and with derived numbers accepted. Pure: no Django, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# Why an answer must be refused: its value is another row's, another period's, another
# column's, of the other sign than its direction word ("减少" of a rise), of another scale, or
# a coincidence (a short value pairs of unrelated rows give alike, d808), or a calculation the
# answer writes out (with "=" or in words) whose arithmetic does not give it (d838, d839).
Why = Literal["row", "period", "column", "sign", "scale", "coincidence", "arithmetic"]


@dataclass(frozen=True, slots=True)
class Passes:
    """`answer`, citing `table` alone (or its part `excerpt`), passes (status "ok").
    `derived`: its value is a calculation over the table's cells, so it passes with derived
    numbers accepted (the default policy refuses a derived value by design); else it passes
    under both."""

    table: str
    answer: str
    derived: bool = False
    excerpt: str = ""  # the part of `table` the answer cites ("": the whole table, d940)
    question: str = ""  # the question asked (its dates ground the answer's, question_values)


@dataclass(frozen=True, slots=True)
class Refused:
    """`answer`, citing `table` alone (or its part `excerpt`), is refused under the default
    policy and with derived numbers accepted, for `why`."""

    table: str
    answer: str
    why: Why
    excerpt: str = ""  # the part of `table` the answer cites ("": the whole table, d940)
    question: str = ""  # the question asked (its dates ground the answer's, question_values)


@dataclass(frozen=True, slots=True)
class Gap:
    """A known gap: `answer` should be refused for `why` (or pass, `why` None) and is not yet
    (the test expects it to fail, strictly: a fix must move it into the corpus)."""

    table: str
    answer: str
    why: Why | None
    reason: str
    excerpt: str = ""  # the part of `table` the answer cites ("": the whole table, d940)
    question: str = ""  # the question asked (its dates ground the answer's, question_values)
