"""The engine's text memos are bounded by their bytes, not by a count of entries (d386)."""

from __future__ import annotations

from groundgate.engine.numbers import _values, extract_numbers
from groundgate.engine.text_memo import TextMemo, text_memo


def test_a_memo_keeps_results_within_its_bytes_and_drops_the_least_recently_used():
    calls: list[str] = []

    @text_memo(max_bytes=4_000, item_bytes=1)
    def letters(text: str) -> tuple[str, ...]:
        calls.append(text)
        return tuple(text)

    assert letters("abc") == ("a", "b", "c") and letters("abc") == ("a", "b", "c")
    assert calls == ["abc"]  # read once
    for i in range(100):
        letters(f"{i:0>100}")
    assert letters.bytes <= letters.max_bytes
    assert len(letters) < 100  # the oldest were dropped to stay within the budget
    calls.clear()
    letters("abc")
    assert calls == ["abc"]  # it was among them


def test_a_text_bigger_than_an_eighth_of_the_budget_is_read_and_not_kept():
    memo: TextMemo[[str], int] = TextMemo(len, max_bytes=8_000, item_bytes=0)
    assert memo("x" * 2_000) == 2_000
    assert len(memo) == 0 and memo.bytes == 0
    assert memo("x" * 10) == 10 and len(memo) == 1


def test_extract_numbers_gives_each_caller_its_own_list_of_the_same_values():
    text = "Revenue was $1,200 million in 2019 and 1,050 in 2018."
    first = extract_numbers(text)
    first.append(first[0])  # a caller may change its list
    again = extract_numbers(text)
    assert [v.quantity for v in again] == ["1,200million", "2019", "1,050", "2018"]
    assert again == list(_values(text))


def test_a_memo_keeps_a_none_result_and_its_bytes_are_those_of_the_entries_it_keeps():
    calls: list[str] = []

    @text_memo(max_bytes=2_000, item_bytes=3)
    def odd(text: str) -> tuple[str, ...] | None:
        calls.append(text)
        return None if len(text) % 2 else tuple(text)

    assert odd("abc") is None and odd("abc") is None
    assert calls == ["abc"]  # a None result is kept too
    for i in range(60):
        odd("x" * (i % 30))
        # (the bytes of the entries dropped are made again from their arguments and results)
        kept = sum(
            200 + len(t) + (0 if r is None else 3 * len(r)) for (t,), r in odd._entries.items()
        )
        assert odd.bytes == kept <= odd.max_bytes
