"""A row of two sides: which side its cell's sign names, and which the answer says (issue 28).

A row label that names both sides of one figure - "Net income (loss)", "Gain (loss) on sale",
"Increase (decrease) in cash", "Net (loss) income", "净利润（亏损）", "增加/（减少）" - says which
side a cell is by its sign: a cell printed negative ("(262)") is the side in parentheses (a
loss, a decrease), a cell printed positive the other (income, an increase). An answer that
states such a cell by its size and names a side in its own words names the other side of a
flipped sign: "net income of $262" for (262), "a loss of 245" for 245. "a net loss of $262"
for (262) says its side and is right.

Policy: AnswerGatePolicy.sign_sides ("side_words" since gate 2.49.0, d687; "named_rows"
selectable, d688: the row's own two-sided name with a figure by its size says the positive
side; "off" is 2.45.0's reading and the verbatim preset's: a cell's sign is given by its
parentheses alone, and the answer's words are not held to the row's sides).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from groundgate.engine.context.cell_names import cell_name
from groundgate.engine.context.excerpt_index import excerpt_cells
from groundgate.engine.context.facts import PLAIN, Fact, TableReading
from groundgate.engine.context.grounded_values import grounded_by_size, grounded_needle
from groundgate.engine.context.periods import is_period_value
from groundgate.engine.findings import Finding, NearMatch, NumberFinding
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.sentences import SENTENCE_END
from groundgate.engine.text_memo import text_memo

if TYPE_CHECKING:
    from groundgate.engine.gates.answer_case import Evidence, RawChunk

UNGROUNDED_NUMBER = "UNGROUNDED_NUMBER"

# The two sides' words, each as the label and the answer write them (stems: "decreased",
# "gains", "earnings" match). A side is named by any of its words: "income" and "profit" alike.
_PLUS = r"income|gains?|increase|profits?|earnings|surplus|inflows?|provided by|利润|收益|增加|盈利"
_MINUS = r"loss(?:es)?|decrease|deficit|outflows?|used in|亏损|损失|减少"
# The label's two sides: the positive word, then the negative one in parentheses or after a
# slash ("Income/(loss)", "增加/（减少）"); or the negative in parentheses first ("Net (loss)
# income").
_TWO_SIDES = re.compile(
    rf"(?:\b|(?<=[\u4e00-\u9fff]))(?:{_PLUS})\s*(?:/\s*)?[(（]\s*(?:{_MINUS})\s*[)）]"
    rf"|(?:{_PLUS})\s*/\s*(?:{_MINUS})\b"
    rf"|[(（]\s*(?:{_MINUS})\s*[)）]\s*(?:{_PLUS})"
)
_PLUS_WORD = re.compile(rf"(?<![a-z])(?:{_PLUS}|increas)")
_MINUS_WORD = re.compile(rf"(?<![a-z])(?:{_MINUS}|decreas)")
# The kinds of two sides: a result (income or loss), a change (an increase or a decrease), a
# flow (cash provided or used). An answer's word is read against a row of its own kind only:
# "net income decreased to $245" says a change of income, not a loss.
_KINDS = (
    re.compile(r"income|gain|profit|earning|surplus|loss|deficit|利润|收益|盈利|亏损|损失"),
    re.compile(r"increas|decreas|增加|减少"),
    re.compile(r"provided|inflow|used|outflow"),
)
# The answer's clause before the value: back to a sentence's end (sentences.py, d716), a
# semicolon or a line break. Not a colon: "Net loss for 2022: $245" says its side before it.
_SENTENCE_END = re.compile(rf"{SENTENCE_END}|[;；\n]")
# After another figure of the sentence, where its words end.
_CLAUSE_END = re.compile(r"[,，、]|\b(?:and|compared|while|whereas|versus|vs\.?|but)\b|[和与而]")
# The words after the value that are still its own: up to a comma, a stop or another figure.
_AFTER_END = re.compile(r"[,.;:!?，。；：！？\n0-9]|\b(?:and|compared|while|from|in|for)\b")


class Flip(NamedTuple):
    """A cell of a two-sided row stated by its size as the other side."""

    fact: Fact
    negative: bool  # the cell printed negative
    cell_side: str  # the side the cell's sign names: "loss", "increase", ...
    said_side: str  # the side the answer's words name


def two_sided(label: str) -> bool:
    """Whether a row label names both sides of its figure ("Net income (loss)")."""
    return _TWO_SIDES.search(label.lower()) is not None


def _side_words(text: str) -> tuple[str | None, str | None]:
    """The first positive and the first negative side word of `text` (lower-cased), each
    outside a two-sided phrase (the answer that repeats the label names no side)."""
    text = _TWO_SIDES.sub(" ", text)
    plus = _PLUS_WORD.search(text)
    minus = _MINUS_WORD.search(text)
    return (plus.group() if plus else None, minus.group() if minus else None)


def answer_side(
    conclusion: str, start: int, end: int, names: bool = False
) -> tuple[bool, str] | None:
    """(negative, word): the side the answer's own words give the value at [start:end]: a side
    word right after it, up to a comma or a stop ("$262 loss", "$3.3 billion net cash outflow");
    else in its clause before it, back to a stop, a comma or a word that starts another value's
    clause ("and", "compared", "while", "versus"), a negative word first ("net income was a
    loss of 245"; "net income of $262"). `names` (sign_sides "named_rows"): else a two-sided
    name alone says the positive side, (False, "=" + the names) - "Net (loss) income ... was
    $31.5". None: no side said, or the value is signed."""
    before = conclusion[max(0, start - 3) : start].replace(" ", "")
    if before.endswith(("(", "-", "\u2212")):
        return None  # "$(546)", "-262": stated with its sign, not by its size
    after = _AFTER_END.split(conclusion[end : end + 24].lower(), maxsplit=1)[0]
    plus, minus = _side_words(after)
    if minus is not None or plus is not None:
        return (True, minus) if minus is not None else (False, plus)  # type: ignore[return-value]
    clause = _clause(conclusion[max(0, start - 160) : start].lower())
    plus, minus = _side_words(clause)
    if minus is not None:
        return True, minus
    if plus is not None:
        return False, plus
    said = {_name(m.group()) for m in _TWO_SIDES.finditer(clause)} if names else None
    if said:
        # A two-sided name and a figure by its size: "Net (loss) income ... was $31.5" reads
        # the figure as the side a positive cell is (only for a row of that name, _flip).
        return False, "=" + "|".join(sorted(said))
    return None


def _name(phrase: str) -> str:
    """A two-sided phrase's words, for comparing the answer's with a label's."""
    return " ".join(re.findall(r"[a-z]+|[\u4e00-\u9fff]+", phrase.lower()))


def _clause(window: str) -> str:
    """The value's own words before it: back to a stop; where another figure (no period) stands
    before it in the sentence, back to that figure's words' end (a comma, "and", "compared")."""
    ends = list(_SENTENCE_END.finditer(window))
    clause = window[ends[-1].end() :] if ends else window
    figures = [v for v in extract_numbers(clause) if not is_period_value(v)]
    if not figures:
        return clause
    clause = clause[figures[-1].end :]
    ends = list(_CLAUSE_END.finditer(clause))
    return clause[ends[-1].end() :] if ends else clause


def side_findings(
    conclusion: str,
    accepted: Sequence[tuple[int, Evidence]],
    number_findings: Sequence[Finding],
    located: dict[int, tuple[RawChunk, int]] | None = None,
    reading: TableReading = PLAIN,
    names: bool = False,
) -> list[Finding]:
    """UNGROUNDED_NUMBER findings for the grounded values of `conclusion` stated by their size
    whose every matching cell is of a two-sided row whose sign names the side the answer's
    words do not ("net income of $262" where "Net income (loss)" prints (262)). Pure."""
    if not any(_has_two_sides(ev.excerpt) for _, ev in accepted):
        return []
    out: list[Finding] = []
    for value, finding in grounded_by_size(conclusion, number_findings):
        span = (value.start, value.end)
        needle = grounded_needle(value.quantity, finding)
        if needle is None:
            continue
        said = answer_side(conclusion, *span, names)
        if said is None:
            continue
        flips: list[tuple[int, Flip]] = []
        agrees = False
        for index, evidence in accepted:
            for fact in excerpt_cells(evidence.excerpt, reading):
                if fact.value.quantity != needle:
                    continue
                flip = _flip(fact, said) if "\n" in evidence.excerpt.strip() else None
                if flip is None:
                    agrees = True
                    break
                flips.append((index, flip))
            if agrees:
                break
        if agrees or not flips:
            continue
        out.append(_finding(value, flips[0], accepted, located))
    return out


@text_memo(max_bytes=4 * 2**20, item_bytes=0)
def _has_two_sides(excerpt: str) -> bool:
    """Whether a table excerpt (two lines at least) holds a two-sided label: read once per
    text (excerpts repeat across the answers about one filing)."""
    return "\n" in excerpt.strip() and _TWO_SIDES.search(excerpt.lower()) is not None


def _flip(fact: Fact, said: tuple[bool, str]) -> Flip | None:
    """The Flip of a cell against the side the answer says; None where the cell's row is no
    two-sided row (prose too) or its sign names the side said."""
    if not fact.in_table or not two_sided(fact.row):
        return None
    negative = fact.negative or fact.value.text.lstrip().startswith(("-", "\u2212"))
    said_negative, word = said
    phrase = _TWO_SIDES.search(fact.row.lower())
    assert phrase is not None  # (two_sided)
    if word.startswith("=") and word[1:] != _name(phrase.group()):
        return None  # another two-sided name than the row's ("increase / (decrease)")
    if not word.startswith("=") and _kind(word) != _kind(phrase.group()):
        return None  # "net income decreased to $245": a change said of a result
    if said_negative == negative:
        return None
    plus, minus = _side_words(_two_sides_words(fact.row.lower()))
    side = (minus if negative else plus) or ("negative" if negative else "positive")
    return Flip(fact, negative, side, word)


def _kind(text: str) -> int:
    """The kind of two sides the first side word of `text` is of (_KINDS' index)."""
    found = [(m.start(), k) for k, kind in enumerate(_KINDS) if (m := kind.search(text))]
    return min(found)[1] if found else -1


def _finding(
    value: NumericValue,
    found: tuple[int, Flip],
    accepted: Sequence[tuple[int, Evidence]],
    located: dict[int, tuple[RawChunk, int]] | None,
) -> Finding:
    index, flip = found
    fact = flip.fact
    printed = "negative" if flip.negative else "positive"
    shown = f"({fact.value.text})" if fact.negative else fact.value.text  # as printed
    detail = (
        f"{shown} is the figure for {cell_name(fact)}, printed {printed}: under its "
        f"row's two sides that is {flip.cell_side}, and the answer "
        + (
            f"says {flip.said_side}"
            if not flip.said_side.startswith("=")
            else "states it by its size under the row's two-sided name (the positive side)"
        )
    )
    message = f"{value.text!r} names the other side of its row, a flipped sign: {detail}"
    return flipped_sign(value, fact, index, accepted, located, message, detail)


def flipped_sign(
    value: NumericValue,
    fact: Fact,
    index: int,
    accepted: Sequence[tuple[int, Evidence]],
    located: dict[int, tuple[RawChunk, int]] | None,
    message: str,
    detail: str,
) -> Finding:
    """The finding of an answer value stating cell `fact` (of accepted evidence `index`) with
    the other sign: its near match is the cell as printed (sign_sides; plain_negatives, d708)."""
    chunk_id = next(ev.chunk_id for i, ev in accepted if i == index)
    offset = located[index][1] if located and index in located else None
    chunk_span = (offset + fact.start, offset + fact.end) if offset is not None else None
    return NumberFinding(
        code=UNGROUNDED_NUMBER,
        message=message,
        field="answer.conclusion",
        span=(value.start, value.end),
        value=value.text,
        evidence_index=index,
        chunk_id=chunk_id,
        chunk_span=chunk_span,
        near_match=NearMatch(
            text=fact.value.text,
            evidence_index=index,
            span=(fact.start, fact.end),
            chunk_id=chunk_id,
            chunk_span=chunk_span,
            reason="wrong_sign",
            detail=detail,
        ),
    )


def _two_sides_words(label: str) -> str:
    """The label's two-sided phrase itself ("income (loss)"), for its side words."""
    found = _TWO_SIDES.search(label)
    return "" if found is None else re.sub(r"[(（)）/]", " ", found.group())
