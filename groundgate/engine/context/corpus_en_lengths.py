"""Periods of other lengths in statements as PDF ingestion prints them (period_spans
"printed_heads", d986; fiscal_years "open_names", d987): a 10-Q's lengths side by side one
space apart over four dates (Best Buy's income statement form), and an earnings release's
quarter and year statements in one chunk, the year's header printed below the quarter's rows
(Ulta Beauty's Exhibits 1 and 2). The figures are made up; ../shared's filings are read in
tests/services/test_pdf_lengths.py. context/corpus.py's shape; tests/engine/context/
test_context_corpus.py runs them."""

from groundgate.engine.context.corpus import Gap, Passes, Refused

# Lengths side by side over dates side by side (Best Buy's 10-Q income statement form).
LENGTHS_SIDE_BY_SIDE = (
    "Condensed Consolidated Statements of Earnings $ in millions (unaudited)\n"
    "Three Months Ended Six Months Ended\n"
    "July 29, 2023 July 30, 2022 July 29, 2023 July 30, 2022\n"
    "Revenue $ 9,512 $ 10,214 $ 18,977 $ 20,841\n"
    "Cost of sales 7,301 7,998 14,622 16,287\n"
    "Operating income 341 365 652 826"
)
# Three and nine months, a 10-Q of a calendar year.
QUARTER_AND_NINE = (
    "Condensed Consolidated Statements of Operations (In millions)\n"
    "Three Months Ended Nine Months Ended\n"
    "September 30, 2023 September 30, 2022 September 30, 2023 September 30, 2022\n"
    "Net revenues $ 2,412 $ 2,205 $ 7,034 $ 6,518\n"
    "Net income 318 290 915 842"
)
# The quarter's rows, then the year's statement in the same chunk (Ulta's Exhibits 1 and 2).
QUARTER_THEN_YEAR = (
    "Exhibit 1 Consolidated Statements of Income (In thousands, except per share data)\n"
    "13 Weeks Ended\n"
    "January 28, January 29,\n"
    "2023 2022\n"
    "(Unaudited) (Unaudited)\n"
    "Net sales $ 3,104,552 100.0% $ 2,655,871 100.0%\n"
    "Net income $ 331,207 10.7% $ 281,954 10.6%\n"
    "Exhibit 2\n"
    "Consolidated Statements of Income\n"
    "(In thousands, except per share data)\n"
    "52 Weeks Ended\n"
    "January 28, January 29,\n"
    "2023 2022\n"
    "(Unaudited)\n"
    "Net sales $ 10,112,904 100.0% $ 8,551,230 100.0%\n"
    "Net income $ 1,201,338 11.9% $ 962,745 11.3%"
)
_YEAR_ROW = "Net sales $ 10,112,904 100.0% $ 8,551,230 100.0%"
_Q2 = "Revenue $ 9,512 $ 10,214 $ 18,977 $ 20,841"

PASSES = [
    Passes(
        LENGTHS_SIDE_BY_SIDE, "Revenue was $9,512 million in the three months ended July 29, 2023."
    ),
    Passes(
        LENGTHS_SIDE_BY_SIDE, "Revenue was $18,977 million in the six months ended July 29, 2023."
    ),
    Passes(
        LENGTHS_SIDE_BY_SIDE,
        "Operating income was $826 million in the six months ended July 30, 2022.",
    ),
    Passes(
        LENGTHS_SIDE_BY_SIDE,
        "Revenue was $18,977 million in the six months ended July 29, 2023.",
        excerpt=_Q2,
        question="What was revenue in the six months ended July 29, 2023?",
    ),
    # No January column and nothing declaring the naming: fiscal 2024 may end in any month of
    # 2024, so its second quarter may end July 29, 2023 (fiscal_years "open_names", d987).
    Passes(
        LENGTHS_SIDE_BY_SIDE,
        "Revenue in Q2 of FY 2024 was $9,512 million.",
        excerpt=_Q2,
        question="What was revenue in Q2 of FY 2024?",
    ),
    Passes(
        LENGTHS_SIDE_BY_SIDE,
        "Revenue in the second quarter of fiscal 2024 was $9,512 million.",
        question="What was revenue in the second quarter of fiscal 2024?",
    ),
    Passes(
        QUARTER_AND_NINE,
        "Net revenues were $2,412 million in the three months ended September 30, 2023.",
    ),
    Passes(
        QUARTER_AND_NINE, "Net income was $915 million in the nine months ended September 30, 2023."
    ),
    Passes(QUARTER_AND_NINE, "Net revenues were $2,412 million in the third quarter of 2023."),
    Passes(
        QUARTER_THEN_YEAR,
        "Net sales were $10,112,904 thousand in the 52 weeks ended January 28, 2023.",
    ),
    Passes(
        QUARTER_THEN_YEAR,
        "Net sales were $10,112,904 thousand in the 52 weeks ended January 28, 2023.",
        excerpt=_YEAR_ROW,
        question="What was net sales in the 52 weeks ended January 28, 2023?",
    ),
    Passes(
        QUARTER_THEN_YEAR,
        "Net income was $331,207 thousand in the 13 weeks ended January 28, 2023.",
    ),
    Passes(
        QUARTER_THEN_YEAR,
        "Net income was $962,745 thousand in the 52 weeks ended January 29, 2022.",
    ),
]

REFUSED = [
    Refused(
        LENGTHS_SIDE_BY_SIDE,
        "Revenue was $18,977 million in the three months ended July 29, 2023.",
        "period",
    ),
    Refused(
        LENGTHS_SIDE_BY_SIDE,
        "Revenue was $9,512 million in the six months ended July 29, 2023.",
        "period",
    ),
    Refused(
        LENGTHS_SIDE_BY_SIDE,
        "Revenue was $9,512 million in the six months ended July 29, 2023.",
        "period",
        excerpt=_Q2,
        question="What was revenue in the six months ended July 29, 2023?",
    ),
    Refused(
        LENGTHS_SIDE_BY_SIDE,
        "Revenue in the first half of fiscal 2024 was $9,512 million.",
        "period",
        question="What was revenue in the first half of fiscal 2024?",
    ),
    Refused(
        LENGTHS_SIDE_BY_SIDE,
        "Revenue in Q2 of FY 2024 was $10,214 million.",
        "period",
        excerpt=_Q2,
        question="What was revenue in Q2 of FY 2024?",
    ),
    Refused(
        LENGTHS_SIDE_BY_SIDE,
        "Revenue in Q2 of FY 2024 was $18,977 million.",
        "period",
        excerpt=_Q2,
        question="What was revenue in Q2 of FY 2024?",
    ),
    Refused(
        QUARTER_AND_NINE,
        "Net revenues were $7,034 million in the three months ended September 30, 2023.",
        "period",
    ),
    Refused(
        QUARTER_AND_NINE,
        "Net income was $318 million in the nine months ended September 30, 2023.",
        "period",
    ),
    Refused(
        QUARTER_AND_NINE, "Net revenues were $7,034 million in the third quarter of 2023.", "period"
    ),
    Refused(
        QUARTER_THEN_YEAR,
        "Net sales were $10,112,904 thousand in the 13 weeks ended January 28, 2023.",
        "period",
    ),
    Refused(
        QUARTER_THEN_YEAR,
        "Net sales were $10,112,904 thousand in the 13 weeks ended January 28, 2023.",
        "period",
        excerpt=_YEAR_ROW,
        question="What was net sales in the 13 weeks ended January 28, 2023?",
    ),
    Refused(
        QUARTER_THEN_YEAR, "Net sales were $10,112,904 thousand in the fourth quarter.", "period"
    ),
    Refused(
        QUARTER_THEN_YEAR,
        "Net income was $331,207 thousand in the 52 weeks ended January 28, 2023.",
        "period",
    ),
]

GAPS: list[Gap] = []
