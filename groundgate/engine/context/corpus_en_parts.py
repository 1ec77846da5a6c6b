"""Values in context where the answer cites a part of its chunk: a statement's row quoted
without the header lines above it, as reviewers found on Ulta Beauty's balance sheet and Best
Buy's 10-Q cash flows (../shared's filings, chunking version 2, d905; the figures here are made
up), and TAT-QA's tables (cells two spaces apart, a year line on top). With excerpt_headers
"chunk_columns" (d940) the quoted row's cells take the columns the chunk's header gives them,
so another date's cell is refused, and a rounding of it too (d941); prose quoted from the chunk
and a one-cell-a-line page (FinanceBench's chunks: no column to give) read as before.
context/corpus.py's shape (`excerpt`: the part cited); test_context_corpus.py runs them."""

from groundgate.engine.context.corpus import Gap, Passes, Refused
from groundgate.engine.context.corpus_en_pdf import DATES_SIDE_BY_SIDE, DAYS_OVER_YEARS

CASH_ROW = "Cash and cash equivalents $ 612,345 $ 498,210"  # DAYS_OVER_YEARS's
DA_ROW = "Depreciation and amortization 468 447"  # DATES_SIDE_BY_SIDE's
# The questions name the dates (a row quoted alone writes none: the answer's are the question's).
CASH_Q = "What were cash and cash equivalents at January 28, 2023 and January 29, 2022?"
DA_Q = (
    "What was depreciation and amortization in the six months ended July 29, 2023 and "
    "July 30, 2022?"
)
AR_Q = "What were accounts receivable in 2019 and 2018?"
# A TAT-QA-like note: a unit line, a year line, rows two spaces apart.
NOTE = (
    "(In thousands)\n"
    "  2019  2018\n"
    "Accounts receivable  8,758  5,578\n"
    "Other receivables  68  81\n"
    "Total  8,826  5,659"
)
RECEIVABLES_ROW = "Accounts receivable  8,758  5,578"
# A release's paragraph above its table: prose quoted alone keeps its own sentence's periods.
RELEASE = (
    "Net sales increased 16.9% to $3.2 billion in 2023 compared to $2.7 billion in 2022.\n"
    "(In millions)  2023  2022\n"
    "Net sales  3,215  2,750\n"
    "Gross profit  1,228  1,041"
)
SALES_SENTENCE = (
    "Net sales increased 16.9% to $3.2 billion in 2023 compared to $2.7 billion in 2022."
)
# FinanceBench's pages: one cell a line, a header no line reads as one (nothing to give).
ONE_CELL_A_LINE = (
    "CONSOLIDATED BALANCE SHEETS\n"
    "(in millions)\n"
    "December 31,\n"
    "2023\n"
    "2022\n"
    "Cash and cash equivalents\n"
    "$\n"
    "1,234\n"
    "$\n"
    "1,105\n"
    "Accounts receivable\n"
    "987\n"
    "912"
)
CASH_LINES = "Cash and cash equivalents\n$\n1,234\n$\n1,105"

PASSES = [
    Passes(
        DAYS_OVER_YEARS,
        "Cash and cash equivalents were $612,345 thousand at January 28, 2023.",
        excerpt=CASH_ROW,
        question=CASH_Q,
    ),
    Passes(
        DAYS_OVER_YEARS,
        "Cash and cash equivalents were $498,210 thousand at January 29, 2022.",
        excerpt=CASH_ROW,
        question=CASH_Q,
    ),
    Passes(
        DAYS_OVER_YEARS,
        "Cash and cash equivalents were $612.3 million at January 28, 2023.",
        excerpt=CASH_ROW,
        question=CASH_Q,
    ),
    Passes(
        DATES_SIDE_BY_SIDE,
        "Depreciation and amortization was $468 million in the six months ended July 29, 2023.",
        excerpt=DA_ROW,
        question=DA_Q,
    ),
    Passes(
        DATES_SIDE_BY_SIDE,
        "Depreciation and amortization was $447 million in the period ended July 30, 2022.",
        excerpt=DA_ROW,
        question=DA_Q,
    ),
    Passes(NOTE, "Accounts receivable were $8,758 thousand in 2019.", False, RECEIVABLES_ROW, AR_Q),
    Passes(NOTE, "Accounts receivable were 5,578 in 2018.", False, RECEIVABLES_ROW, AR_Q),
    Passes(RELEASE, "Net sales were $3.2 billion in 2023.", excerpt=SALES_SENTENCE),
    Passes(ONE_CELL_A_LINE, "Cash and cash equivalents were $1,234 million.", excerpt=CASH_LINES),
]

REFUSED = [
    Refused(
        DAYS_OVER_YEARS,
        "Cash and cash equivalents were $498,210 thousand at January 28, 2023.",
        "period",
        excerpt=CASH_ROW,
        question=CASH_Q,
    ),
    Refused(
        DAYS_OVER_YEARS,
        "Cash and cash equivalents were $612,345 thousand at January 29, 2022.",
        "period",
        excerpt=CASH_ROW,
        question=CASH_Q,
    ),
    Refused(  # a rounding of the other date's cell (d941)
        DAYS_OVER_YEARS,
        "Cash and cash equivalents were $498.2 million at January 28, 2023.",
        "period",
        excerpt=CASH_ROW,
        question=CASH_Q,
    ),
    Refused(
        DATES_SIDE_BY_SIDE,
        "Depreciation and amortization was $447 million in the six months ended July 29, 2023.",
        "period",
        excerpt=DA_ROW,
        question=DA_Q,
    ),
    Refused(
        DATES_SIDE_BY_SIDE,
        "Depreciation and amortization was $468 million in the period ended July 30, 2022.",
        "period",
        excerpt=DA_ROW,
        question=DA_Q,
    ),
    Refused(
        NOTE, "Accounts receivable were $5,578 thousand in 2019.", "period", RECEIVABLES_ROW, AR_Q
    ),
    Refused(
        NOTE, "Accounts receivable were $8.8 million in 2018.", "period", RECEIVABLES_ROW, AR_Q
    ),
]

GAPS = [
    Gap(
        ONE_CELL_A_LINE,
        "Cash and cash equivalents were $1,105 million at December 31, 2023.",
        "period",
        "a one-cell-a-line page heads no column (d903): the chunk has no header to give",
        excerpt=CASH_LINES,
        question="What were cash and cash equivalents at December 31, 2023?",
    ),
]
