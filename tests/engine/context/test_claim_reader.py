"""ClaimReader reads read_claims' claims a sentence at a time: the same claims, in order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.claims import ClaimReader, read_claims

TEXTS = [
    "Pump I delivers 250 m3/h and Pump B 205 m3/h. In 2019, revenue was 5 and costs were 3.",
    "The pressure is 12 bar [2] and it ran 100 hours [1]. Revenue was 5.2 million [C0].",
    "营收为4.5亿元【3】。利润为1.2亿元^1。",
    "Revenue rose from 295 in 2018 to 308 in 2019 [1]. It was 5 and 4 in 2019 and 2018, "
    "respectively.",
    "A marker [12",
    "",
]
_PIECES = st.sampled_from(
    ["Revenue", " was", " 5.2", " million", " [1]", " [C0]", "【2】", "^3", ".", " In 2019,",
     " and", " 12%", " from 295 to 308", " Q3 2024", ", ", "\n", " costs", " (1,421)", "? "]
)  # fmt: skip


def _same(text: str) -> None:
    whole = read_claims(text)
    reader = ClaimReader(text)
    values = reader.values()
    assert [v for _, v, _ in values] == [c.value for c in whole]
    assert [label for _, _, label in values] == [c.citation for c in whole]
    assert [reader.claim(k, (v.start, v.end)) for k, v, _ in values] == whole
    other = ClaimReader(text)  # asked in any order, by span alone
    assert [other.get((c.value.start, c.value.end)) for c in reversed(whole)] == whole[::-1]
    # A claim's words alone, without its sentence read whole, in any order, and on a sentence
    # read whole already.
    for asked in (ClaimReader(text), reader):
        assert [asked.words((c.value.start, c.value.end)) for c in reversed(whole)] == [
            c.words for c in reversed(whole)
        ]
    assert all(ClaimReader(text).words((c.value.start, c.value.end)) == c.words for c in whole)


def test_the_claims_of_read_claims_sentence_by_sentence():
    for text in TEXTS:
        _same(text)


@settings(max_examples=200)
@given(st.lists(_PIECES, max_size=30).map("".join))
def test_any_text_reads_alike(text: str) -> None:
    _same(text)


def _prefixes_alike(text: str) -> None:
    from groundgate.engine.context.claims import _Prefixes, _Subjects
    from groundgate.engine.numbers import extract_numbers

    scanned = extract_numbers(text)
    shared = _Prefixes(_Subjects(text, scanned))
    for start in [*range(len(text), -1, -1), *range(len(text) + 1)]:  # any order, twice
        assert shared.before(start) == _Subjects(text, scanned).before(start)


@settings(max_examples=200)
@given(st.lists(_PIECES, max_size=30).map("".join))
def test_a_sentence_prefix_read_once_is_a_fresh_reading(text: str) -> None:
    """ClaimReader.words' fallback (a value's words since the sentence's start) keeps one
    _Prefixes per sentence: the same words as a fresh _Subjects for every start, any order."""
    _prefixes_alike(text)


def test_the_sentence_prefixes_of_the_texts() -> None:
    for text in TEXTS:
        _prefixes_alike(text)


def test_the_case_reader_is_one_per_conclusion_and_reading() -> None:
    """context/case_claims.case_reader (d984): the derivations' binding and the context rule
    of one case share one reader; another conclusion or reading gets its own."""
    from groundgate.engine.context.case_claims import case_reader
    from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY
    from groundgate.engine.gates.answer_reading import table_reading

    default, verbatim = table_reading(DEFAULT_POLICY), table_reading(VERBATIM_POLICY)
    first = case_reader(TEXTS[0], default)
    assert case_reader(TEXTS[0], default) is first
    assert case_reader(TEXTS[1], default) is not first
    assert case_reader(TEXTS[1], verbatim) is not case_reader(TEXTS[1], default)


@settings(max_examples=100)
@given(st.lists(_PIECES, max_size=30).map("".join), st.sampled_from(["values", "words"]))
def test_a_shared_reader_reads_as_a_fresh_one(text: str, first: str) -> None:
    """A reader asked by one rule first (its claims or words read on need) gives the next the
    claims a fresh reader gives (case_claims, d984)."""
    from groundgate.engine.context.case_claims import case_reader
    from groundgate.engine.gates.answer import DEFAULT_POLICY
    from groundgate.engine.gates.answer_reading import table_reading

    reading = table_reading(DEFAULT_POLICY)
    shared = case_reader(text, reading)
    values = ClaimReader.of(text, reading).values()
    for k, v, _ in values:  # the first asker
        span = (v.start, v.end)
        shared.claim(k, span) if first == "values" else shared.words(span)
    fresh = ClaimReader.of(text, reading)
    assert case_reader(text, reading).values() == values
    for k, v, _ in values:
        assert shared.claim(k, (v.start, v.end)) == fresh.claim(k, (v.start, v.end))
        assert shared.words((v.start, v.end)) == ClaimReader.of(text, reading).words(
            (v.start, v.end)
        )
