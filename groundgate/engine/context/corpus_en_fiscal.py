"""Values in context, in English: fiscal years as retailers name them (policy fiscal_years
"declared_names", d945-d947, "chunk_names", d977; context/fiscal_names.py), in the forms of
Best Buy's 10-Q and 10-K and Ulta Beauty's earnings release (FinanceBench's PDFs and pages;
the figures here are made up) and of a calendar and a June year for the calendar reading; the
shape of context/corpus.py, run by tests/engine/context/test_context_corpus.py under the
default policy and by tests/engine/context/test_fiscal_names.py under each reading."""

from groundgate.engine.context.corpus import Gap, Passes, Refused

# A 10-Q's balance at the quarter's end, the year's end and a year before, one row a line (Best
# Buy's "Cash and cash equivalents were as follows"): the naming is declared nowhere, the
# January 28 column is a retail year's end.
QUARTER_BALANCE = (
    "Cash and cash equivalents were as follows ($ in millions):\n"
    "July 29, 2023  January 28, 2023  July 30, 2022\n"
    "Cash and cash equivalents  $ 1,112  $ 1,905  $ 862\n"
    "Short-term investments  40  —  95\n"
    "The decrease in cash and cash equivalents in the first six months of fiscal 2024 was due"
    " to the timing of inventory purchases."
)
# The balance's cash row quoted alone (the rows-cited citation of bench/pdf_filings.py, d940):
# its cells take the chunk's columns, and the chunk's header its retail year end (d977).
CASH_LINE = "Cash and cash equivalents  $ 1,112  $ 1,905  $ 862"
# A calendar quarter's revenue row quoted alone: the chunk's header dates no retail year end.
REVENUE_LINE = "Revenue  4,512  4,208"
# The question naming the year (a row quoted alone writes no "2024" to ground it).
CASH_Q = "What were Best Buy's cash and cash equivalents in Q2 of FY 2024?"
REVENUE_Q = "What was the revenue in the third quarter of fiscal 2024?"
# A 10-Q's statement of a quarter and six months with the year's end said in its prose
# (Best Buy's: "fiscal 2024 ... ending February 3, 2024": named by its end).
ENDS_DECLARED = (
    "($ in millions)  Three Months Ended  Six Months Ended\n"
    "July 29, 2023  July 30, 2022  July 29, 2023  July 30, 2022\n"
    "Revenue  $ 9,612  $ 10,318  $ 19,078  $ 20,965\n"
    "Operating income  352  379  665  840\n"
    "Fiscal 2024 is the 53 weeks ending February 3, 2024; fiscal 2023 was the 52 weeks ended"
    " January 28, 2023."
)
# A release's statement by 13 weeks with its naming said by the start (Ulta Beauty's form).
STARTS_DECLARED = (
    "(In thousands)  13 Weeks Ended\n"
    "October 29, 2022  October 30, 2021\n"
    "Net sales  $ 2,338,770  $ 2,003,342\n"
    "Gross profit  922,811  793,012\n"
    "Fiscal 2022 (the 52 weeks ending January 28, 2023) follows fiscal 2021 (the 52 weeks"
    " ended January 29, 2022)."
)
# A release's income statement by 52-week years, its naming said by the start in its prose
# (Ulta Beauty's Exhibit 2 and first page): "2021" is written nowhere (d914 item 1).
YEARS_BY_START = (
    "(In thousands)  52 Weeks Ended\n"
    "January 28, 2023  January 29, 2022\n"
    "Net sales  $ 10,208,580  $ 8,630,889\n"
    "Gross profit  4,044,510  3,368,728\n"
    "Net sales in fiscal 2022 (the 52 weeks ended January 28, 2023) increased 18.3%."
)
# A calendar year's quarter (a TAT-QA-like note): no retail year's end.
CALENDAR = (
    "(In millions)  Three Months Ended\n"
    "September 30, 2023  September 30, 2022\n"
    "Revenue  4,512  4,208\n"
    "Operating income  733  690"
)
# A June year (Microsoft's form): July to June, named by its end; no retail year end.
JUNE_YEAR = (
    "(In millions)  June 30,\n"
    "June 30, 2023  June 30, 2022\n"
    "Revenue  $ 211,915  $ 198,270\n"
    "Operating income  88,523  83,383"
)
# A 10-Q's income statement of a quarter, no January column, its prose naming the quarter's
# fiscal year (Best Buy's page: "the second quarter of fiscal 2024"): the case pairs July of
# 2023 with fiscal 2024 (d945).
QUARTER_NAMED = (
    "($ in millions)  Three Months Ended\n"
    "July 29, 2023  July 30, 2022\n"
    "Revenue  $ 9,583  $ 10,329\n"
    "Gross profit  2,223  2,272\n"
    "Revenue decreased in the second quarter of fiscal 2024, primarily due to lower demand."
)
# A June year's first quarter and its year's end, the fiscal year named (Microsoft's 10-Q).
JUNE_NAMED = (
    "(In millions)\n"
    "September 30, 2023  June 30, 2023\n"
    "Cash and cash equivalents  $ 80,452  $ 34,704\n"
    "Total assets  445,785  411,976\n"
    "Cash and cash equivalents rose in the first quarter of fiscal 2024."
)
# A June year's first quarter (Microsoft's 10-Q form).
JUNE_QUARTER = (
    "(In millions)  Three Months Ended\n"
    "September 30, 2023  September 30, 2022\n"
    "Revenue  $ 56,517  $ 50,122\n"
    "Operating income  26,895  21,518"
)

PASSES = [
    # A fiscal name of the year a retail year's quarter ends in (undeclared, d945).
    Passes(QUARTER_BALANCE, "Cash and cash equivalents were $1,112 million in Q2 of FY 2024."),
    Passes(
        QUARTER_BALANCE,
        "Cash and cash equivalents fell from $1,905 million at the end of FY 2023 to $1,112"
        " million in the second quarter of fiscal 2024.",
    ),
    Passes(QUARTER_BALANCE, "Cash and cash equivalents were $862 million in Q2 of FY2023."),
    Passes(QUARTER_BALANCE, "Cash and cash equivalents were $1,112 million at July 29, 2023."),
    # The row quoted alone: the retail year end of its chunk's header (fiscal_years
    # "chunk_names", d977; fb-00288's form over our chunks).
    Passes(
        QUARTER_BALANCE,
        "Cash and cash equivalents were $1,112 million in Q2 of FY 2024.",
        excerpt=CASH_LINE,
        question=CASH_Q,
    ),
    # Declared by its end (d945).
    Passes(ENDS_DECLARED, "Revenue was $9,612 million in the second quarter of fiscal 2024."),
    Passes(ENDS_DECLARED, "Operating income was $840 million in the first half of FY23."),
    # Declared by its start: the quarter's calendar year is the fiscal year's (d912's reading).
    Passes(STARTS_DECLARED, "Net sales were $2,338,770 thousand in Q3 of fiscal 2022."),
    # Undeclared, no retail year end: the month the case pairs with the year after's name.
    Passes(QUARTER_NAMED, "Revenue was $9,583 million in Q2 of FY 2024."),
    Passes(QUARTER_NAMED, "Gross profit was $2,272 million in the second quarter of FY2023."),
    Passes(JUNE_NAMED, "Cash and cash equivalents were $80,452 million in Q1 of fiscal 2024."),
    # The year of a declared start-year name, written nowhere, is the day's year before (d947).
    Passes(
        YEARS_BY_START,
        "Net sales rose from $8,630,889 thousand in fiscal 2021 to $10,208,580 thousand in fiscal"
        " 2022.",
    ),
    Passes(YEARS_BY_START, "Gross profit was $3,368,728 thousand in fiscal 2021."),
]

REFUSED = [
    # Another period's cell: the year before's quarter, or the year's end for the quarter.
    Refused(
        QUARTER_BALANCE, "Cash and cash equivalents were $862 million in Q2 of FY 2024.", "period"
    ),
    Refused(
        QUARTER_BALANCE, "Cash and cash equivalents were $1,905 million in Q2 of FY 2024.", "period"
    ),
    Refused(
        QUARTER_BALANCE,
        "Cash and cash equivalents were $862 million in Q2 of FY 2024.",
        "period",
        excerpt=CASH_LINE,
        question=CASH_Q,
    ),
    # A plain year is the calendar's: "2024" is no fiscal name.
    Refused(QUARTER_BALANCE, "Cash and cash equivalents were $1,112 million in 2024.", "period"),
    # Declared by its end: the quarter is fiscal 2024's, not fiscal 2023's (d946).
    Refused(
        ENDS_DECLARED, "Revenue was $9,612 million in the second quarter of fiscal 2023.", "period"
    ),
    Refused(
        ENDS_DECLARED, "Revenue was $10,318 million in the second quarter of fiscal 2024.", "period"
    ),
    # Declared by its start: fiscal 2023 is the year after the quarter's.
    Refused(STARTS_DECLARED, "Net sales were $2,338,770 thousand in Q3 of fiscal 2023.", "period"),
    Refused(YEARS_BY_START, "Gross profit was $4,044,510 thousand in fiscal 2021.", "period"),
    Refused(YEARS_BY_START, "Gross profit was $3,368,728 thousand in 2021.", "period"),
    Refused(QUARTER_NAMED, "Revenue was $10,329 million in Q2 of FY 2024.", "period"),
    # A month the case pairs with no fiscal name: the calendar (June 30, 2023 is fiscal 2023's).
    Refused(JUNE_NAMED, "Cash and cash equivalents were $34,704 million in fiscal 2024.", "period"),
    # No retail year's end: the calendar reading (a December or June year).
    Refused(CALENDAR, "Revenue was $4,208 million in the third quarter of fiscal 2023.", "period"),
    Refused(JUNE_YEAR, "Revenue was $198,270 million in fiscal 2023.", "period"),
    # A row quoted alone under a calendar quarter's header: the chunk dates no retail year end.
    Refused(
        CALENDAR,
        "Revenue was $4,512 million in the third quarter of fiscal 2024.",
        "period",
        excerpt=REVENUE_LINE,
        question=REVENUE_Q,
    ),
]

GAPS: list[Gap] = [
    Gap(QUARTER_BALANCE, "Cash and cash equivalents were $1,112 million in Q2 of FY 2023.",
        "period",
        "undeclared, a retail year may be named by its start (Ulta's fiscal 2023 holds July"
        " 2023): the calendar reading stands, only the year after is added (d945)"),
    Gap(JUNE_QUARTER, "Revenue was $56,517 million in the first quarter of fiscal 2024.", None,
        "a June year named by its end (Microsoft's first quarter of fiscal 2024 ends September"
        " 30, 2023) where the case names no fiscal year: no retail year end, no month paired"
        " with a fiscal name (d945, d949)"),
]  # fmt: skip
