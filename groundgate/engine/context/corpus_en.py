"""Values in context, in English: the same layouts as corpus_zh.py as English reports print them
(unit lines, labels that carry their unit, current/prior year columns, dated headers, negatives
in parentheses, change columns, subtotal rows) and answers said of them (context/corpus.py's
shape; tests/engine/context/test_context_corpus.py runs them)."""

from groundgate.engine.context.corpus import Gap, Passes, Refused

# Key figures: year columns, a change column, and each row's unit in its label.
KEY_FIGURES = (
    "Item  2023  2022  Change\n"
    "Revenue ($ billion)  120.5  100.2  20.3%\n"
    "Net income ($ billion)  15.6  12.0  30.0%\n"
    "Diluted EPS ($ per share)  1.25  0.98  27.6%\n"
    "Gross margin (%)  41.2  39.8  1.4"
)
# A TAT-QA-like table: a unit line, year columns, a negative in parentheses, a total.
NOTE = (
    "(In thousands)\n"
    "  2019  2018\n"
    "Accounts receivable  8,758  5,578\n"
    "Other receivables  68  81\n"
    "Allowance for doubtful accounts  (467)  (321)\n"
    "Total  8,359  5,338"
)
# Current and prior year columns.
RELATIVE = (
    "(In millions)  Current year  Prior year\n"
    "Net sales  4,567.9  4,012.3\n"
    "Cost of sales  3,011.2  2,876.5\n"
    "Operating income  543.2  432.1"
)
# Dated headers over a unit line.
DATED = (
    "($ in thousands)  December 31, 2023  December 31, 2022\n"
    "Cash and cash equivalents  3,456.78  2,987.65\n"
    "Short-term investments  1,200.00  1,500.00\n"
    "Accounts receivable, net  2,345.67  2,100.00\n"
    "Total current assets  7,002.45  6,587.65"
)
# A change column printing a fall in parentheses.
CHANGES = (
    "(In millions)  2019  2018  % Change\n"
    "Net sales  4,567.9  4,012.3  13.8%\n"
    "Operating income  432.1  543.2  (20.5)%"
)
# Long labels said short.
CASH_FLOWS = (
    "(In millions)  2019  2018\n"
    "Net cash provided by operating activities  1,234.5  1,100.2\n"
    "Net cash used in investing activities  (456.7)  (389.0)"
)
# Labels whose words start as a month's name does (month_words "whole_words", d714).
MONTHISH = (
    "(In millions)  2023  2022\n"
    "Gross profit  39,821  36,838\n"
    "Gross margin  41.5%  41.0%\n"
    "Marketing  10,069  7,233\n"
    "Decrease in inventories  (1,120)  (980)\n"
    "Technology  22,620  16,085"
)

PASSES = [
    Passes(CASH_FLOWS, "Cash provided by operating activities was $1,234.5 million in 2019."),
    Passes(CASH_FLOWS, "Cash used in investing activities was $456.7 million in 2019."),
    Passes(CHANGES, "Operating income decreased 20.5% in 2019."),
    Passes(CHANGES, "Net sales rose 13.8% in 2019."),
    Passes("Organic sales change %\nConsumer (0.9)", "Net sales fell 0.9%."),
    Passes(CHANGES, "Net sales were $4,567.9 million in 2019, up 13.8%."),
    Passes(KEY_FIGURES, "Revenue in 2023 was $120.5 billion."),
    Passes(KEY_FIGURES, "Net income in 2022 was $12.0 billion."),
    Passes(KEY_FIGURES, "Gross margin in 2023 was 41.2%."),
    Passes(KEY_FIGURES, "Revenue in 2023 was $120.5 billion, up 20.3%."),
    Passes(KEY_FIGURES, "Revenue increased by $20.3 billion from 2022 to 2023.", derived=True),
    Passes(NOTE, "Accounts receivable were $8,758 thousand in 2019."),
    Passes(NOTE, "The allowance for doubtful accounts was -467 thousand in 2019."),
    Passes(
        NOTE, "Accounts receivable increased by 3,180 thousand from 2018 to 2019.", derived=True
    ),
    Passes(RELATIVE, "Net sales in the current year were $4,567.9 million."),
    Passes(RELATIVE, "Cost of sales in the prior year was $2,876.5 million."),
    Passes(
        RELATIVE, "Operating income increased by $111.1 million over the prior year.", derived=True
    ),
    Passes(DATED, "As of December 31, 2023, cash and cash equivalents were $3,456.78 thousand."),
    Passes(
        DATED,
        "Short-term investments decreased by $300.00 thousand to December 31, 2023.",
        derived=True,
    ),
    Passes(MONTHISH, "Gross margin in 2023 was 41.5%."),
    Passes(MONTHISH, "Marketing was $10,069 million in 2023."),
    Passes(MONTHISH, "The decrease in inventories was $1,120 million in 2023."),
]

REFUSED = [
    # A change column's cell said with the other direction word.
    Refused(CHANGES, "Operating income increased 20.5% in 2019.", "sign"),
    Refused(CHANGES, "Net sales fell 13.8% in 2019.", "sign"),
    Refused("Organic sales change %\nConsumer (0.9)", "Net sales grew 0.9%.", "sign"),
    Refused(KEY_FIGURES, "Revenue decreased 20.3% in 2023.", "sign"),
    Refused(KEY_FIGURES, "Revenue in 2023 was $120.5 billion, down 20.3%.", "sign"),
    # A label with its unit names its row as the label without it.
    Refused(KEY_FIGURES, "Net income in 2023 was $120.5 billion.", "row"),
    Refused(KEY_FIGURES, "Revenue in 2023 was $15.6 billion.", "row"),
    Refused(KEY_FIGURES, "Revenue grew 30.0% in 2023.", "row"),
    Refused(KEY_FIGURES, "Revenue in 2023 was $100.2 billion.", "period"),
    Refused(KEY_FIGURES, "Revenue in 2023 was $120.5 million.", "scale"),
    Refused(KEY_FIGURES, "Net income decreased by $3.6 billion from 2022 to 2023.", "sign"),
    Refused(NOTE, "Accounts receivable were $5,578 thousand in 2019.", "period"),
    Refused(NOTE, "Allowance for doubtful accounts was $8,758 thousand in 2019.", "row"),
    Refused(NOTE, "Accounts receivable decreased by 3,180 thousand from 2018 to 2019.", "sign"),
    Refused(RELATIVE, "Net sales in the current year were $4,012.3 million.", "period"),
    Refused(RELATIVE, "Cost of sales in the current year was $4,567.9 million.", "row"),
    # A direction word against the sign of a change across relative columns.
    Refused(RELATIVE, "Operating income decreased by $111.1 million from the prior year.", "sign"),
    Refused(
        DATED,
        "As of December 31, 2022, cash and cash equivalents were $3,456.78 thousand.",
        "period",
    ),
    Refused(
        DATED, "As of December 31, 2023, net accounts receivable were $3,456.78 thousand.", "row"
    ),
    # A word that starts as a month does names its row ("margin", "Marketing"; d714): 2.50.0
    # dropped it, and the answer's "gross" named the other row's cell.
    Refused(MONTHISH, "Gross margin in 2023 was 39,821.0%.", "row"),
    Refused(MONTHISH, "Gross margin was $39,821 million in 2023.", "row"),
    Refused(MONTHISH, "Marketing was $22,620 million in 2023.", "row"),
]

GAPS: list[Gap] = [
    Gap(CASH_FLOWS, "Cash used in investing activities was $1,234.5 million in 2019.", "row",
        "said by the words that set it apart: row_said apart_or_head refuses it (selectable)"),
    Gap(NOTE, "Other receivables were $8,758 thousand in 2019.", "row",
        "'other' is no naming word: both rows share 'receivables' alike (d308, d541)"),
    Gap(DATED, "As of December 31, 2023, accounts receivable were $3,456.78 thousand.", "row",
        "the named row is said without its ', net': a row is named by every word of its label"),
]  # fmt: skip
