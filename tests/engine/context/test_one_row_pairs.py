"""One row's two cells where another row is said better (policy `one_row_pairs: "best_named"`,
answer gate 2.32.0, d567).

derivation_words (d479) lets a change or an average of any one row's two cells through on words
alone, so "the percentage change in the final dividend ... 12.99%" passed as the change of the
"Interim dividend ..." row beside "Final dividend ..." (TAT-QA: a value from another row). Such
a pair is refused where another row of the same excerpt holds every word said of its own label
and more; a row none of whose words is said is not judged so. Small tables in English and
Chinese, a property over generated labels, and real TAT-QA questions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.derivations import table_status as status
from tests.engine.context.derivations import tatqa_answers

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
ANY_ROW = AnswerGatePolicy(derived_numbers="accept", one_row_pairs="any_row")
DIVIDENDS = (
    "Consolidated\n"
    "2019  2018\n"
    "US$'000  US$'000\n"
    "Final dividend for the year ended 30 June 2018 of AU 14 cents (2017: AU 12 cents)"
    "  13,327  12,534\n"
    "Interim dividend for the half year ended 31 December 2018 of AU 16 cents"
    " (2017: AU 13 cents)  14,801  13,099\n"
    "28,128  25,633"
)
ZH = (
    "项目  2019年  2018年\n"
    "本年度末期股息每股14分  13,327  12,534\n"
    "本年度中期股息每股16分  14,801  13,099"
)


def test_the_default_reads_the_best_named_row_and_the_verbatim_preset_does_not():
    # "said_named" reads the best named row too, and more (the default since 2.75.0, d922).
    assert DEFAULT_POLICY.one_row_pairs == "said_named"
    assert VERBATIM_POLICY.one_row_pairs == "any_row"


def test_the_other_dividend_row_is_no_change_of_the_said_one():
    right = "The percentage change in the final dividend from 2018 to 2019 is 6.33%."
    wrong = "The percentage change in the final dividend from 2018 to 2019 is 12.99%."
    assert status(right, DIVIDENDS) == "ok"
    assert status(wrong, DIVIDENDS) != "ok"
    assert status(wrong, DIVIDENDS, ANY_ROW) == "ok"  # 2.30.0: any row's two cells
    right = "The percentage change in the interim dividend from 2018 to 2019 is 12.99%."
    assert status(right, DIVIDENDS) == "ok"
    assert status(right.replace("12.99%", "6.33%"), DIVIDENDS) != "ok"


def test_the_same_in_chinese():
    assert status("末期股息2019年较2018年的变动百分比为6.33%。", ZH) == "ok"
    wrong = "末期股息2019年较2018年的变动百分比为12.99%。"
    assert status(wrong, ZH) != "ok"
    assert status(wrong, ZH, ANY_ROW) == "ok"
    assert status("中期股息2019年较2018年的变动为1,702。", ZH) == "ok"
    assert status("末期股息2019年较2018年的变动为1,702。", ZH) != "ok"


def test_a_row_said_by_none_of_its_words_is_not_judged():
    # "the total dividends paid": the unlabelled total row says nothing, the rows say
    # "dividend" alike - neither is said better, so the sum row's change still passes.
    right = "The percentage change in the total dividends paid from 2018 to 2019 is 9.73%."
    assert status(right, DIVIDENDS) == "ok"


NOUNS = ("dividend", "expense", "receivable", "liability", "reserve")
KINDS = ("final", "interim", "current", "deferred", "special")


@settings(max_examples=25, deadline=None)
@given(
    noun=st.sampled_from(NOUNS),
    kinds=st.lists(st.sampled_from(KINDS), min_size=2, max_size=2, unique=True),
    first=st.booleans(),
)
def test_the_change_of_a_sibling_row_is_rejected(noun: str, kinds: list[str], first: bool) -> None:
    said = kinds[0] if first else kinds[1]
    table = (
        "2019  2018\n"
        f"{kinds[0].capitalize()} {noun} of the group  410  250\n"
        f"{kinds[1].capitalize()} {noun} of the group  730  520"
    )
    own, theirs = (160, 210) if said == kinds[0] else (210, 160)
    sentence = f"The change in the {said} {noun} from 2018 to 2019 was {{}}."
    assert status(sentence.format(own), table) == "ok"
    assert status(sentence.format(theirs), table) != "ok"
    assert status(sentence.format(theirs), table, ANY_ROW) == "ok"


def test_real_tatqa_dividends_and_deferred_tax_rows():
    # "the percentage change in the final dividend": the interim row's 12.99% was accepted.
    answers = tatqa_answers("9f000c2e-f928-401a-a3ba-2ef71b2bccf6")
    assert status(answers["right calculation"]["answer"]["conclusion"], _table(answers)) == "ok"
    assert _gate(answers["row"]) != "ok"
    assert _gate(answers["row"], ANY_ROW) == "ok"
    # "the change in Other deferred tax liabilities": 205 - 156 is the Deferred revenue row,
    # beside "Total deferred tax liabilities", which says more of the question.
    answers = tatqa_answers("a7df73f3-a944-46e5-86c0-ae3c0223b88b")
    assert _gate(answers["row"]) != "ok"
    assert _gate(answers["row"], ANY_ROW) == "ok"


def _table(answers: dict[str, dict]) -> str:
    return str(answers["right calculation"]["raw_chunks"][0]["text"])


def _gate(data: dict, policy: AnswerGatePolicy = ACCEPT) -> str:
    return gate_answer(AnswerCase.model_validate(data), policy).status
