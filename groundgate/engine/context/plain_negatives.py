"""A cell printed negative in parentheses, stated by a Chinese answer as a plain positive
figure (policy negative_cells "parentheses_said", gate 2.52.0, d708).

"应收账款  （4,667）  3,210" prints a negative; "2023年应收账款为4,667万元" states a positive
one. The figure's digits are the cell's (the parentheses are no part of the value the grammar
reads), so it grounded, and a full-width "（4,667）" was not even read as negative by the table
reader while an ASCII "(4,667)" was. Here:
  - a cell in full-width parentheses is negative as one in ASCII parentheses is, spaces inside
    allowed ("（4,667 ）", "(4,667 )": facts._negative);
  - a value of a Chinese answer's sentence, stated by its size with no sign word around it
    (declarations.sign_in_words: 下降, 减少, 亏损, 损失, 流出, 负, ...), whose every matching cell
    is printed in parentheses in a row whose label names no negative side itself ("减：",
    "流出", "损失", "亏损", "支付", "支出": there the positive figure is the row's own reading,
    as "Allowance for doubtful accounts (467)" is said "$467"), is a flipped sign:
    UNGROUNDED_NUMBER with the cell as its near match.
English answers are not read here: English statements print contra accounts and outflows in
parentheses and say them by their size ("cash used in investing activities was $1,234.5").
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from groundgate.engine.context.cell_names import cell_name
from groundgate.engine.context.excerpt_index import excerpt_cells
from groundgate.engine.context.facts import PLAIN, Fact, TableReading
from groundgate.engine.context.grounded_values import grounded_by_size, grounded_needle
from groundgate.engine.context.rounded_cells import CJK, said_in_chinese
from groundgate.engine.context.sign_sides import flipped_sign
from groundgate.engine.declarations import sign_in_words
from groundgate.engine.findings import Finding
from groundgate.engine.numbers import NumericValue

if TYPE_CHECKING:
    from groundgate.engine.gates.answer_case import Evidence, RawChunk

UNGROUNDED_NUMBER = "UNGROUNDED_NUMBER"
# A label that names the negative side itself: its figure said by its size is right.
_NEGATIVE_LABEL = re.compile(
    r"减[:：]|减少|流出|损失|亏损|支付|支出|费用|折旧|摊销|准备|used|loss|less"
)


def plain_negative_findings(
    conclusion: str,
    accepted: Sequence[tuple[int, Evidence]],
    number_findings: Sequence[Finding],
    located: dict[int, tuple[RawChunk, int]] | None = None,
    reading: TableReading = PLAIN,
) -> list[Finding]:
    """UNGROUNDED_NUMBER findings for the grounded values of a Chinese `conclusion` stated
    by their size whose every matching cell is printed in parentheses (module doc). Pure."""
    if not CJK.search(conclusion) or not any(
        "\n" in ev.excerpt and ("(" in ev.excerpt or "（" in ev.excerpt) for _, ev in accepted
    ):
        return []
    out: list[Finding] = []
    for value, finding in grounded_by_size(conclusion, number_findings):
        span = (value.start, value.end)
        if not value.text[0].isdigit():
            continue  # a value stated with its sign
        if not said_in_chinese(conclusion, value.start):
            continue  # not said in a Chinese clause
        if sign_in_words(conclusion, *span):
            continue  # "减少4,667万元", "亏损4,667万元": its sign said
        needle = grounded_needle(value.quantity, finding)
        if needle is None:
            continue
        found: tuple[int, Fact] | None = None
        plain = False
        for index, evidence in accepted:
            for fact in excerpt_cells(evidence.excerpt, reading):
                if fact.value.quantity != needle:
                    continue
                if fact.negative and fact.in_table and not _NEGATIVE_LABEL.search(fact.row):
                    found = found or (index, fact)
                else:
                    plain = True
                    break
            if plain:
                break
        if found is not None and not plain:
            out.append(_finding(value, found, accepted, located))
    return out


def _finding(
    value: NumericValue,
    found: tuple[int, Fact],
    accepted: Sequence[tuple[int, Evidence]],
    located: dict[int, tuple[RawChunk, int]] | None,
) -> Finding:
    index, fact = found
    detail = (
        f"({fact.value.text}) is the figure for {cell_name(fact)}, printed negative; the answer "
        "states it positive, with no word of a fall, a loss or an outflow"
    )
    message = f"{value.text!r} is a flipped sign: {detail}"
    return flipped_sign(value, fact, index, accepted, located, message, detail)
