"""Values in context, in English: periods as 10-Qs and retail earnings releases write them (a
period's length before its end date, a comparison's other side's period, fiscal years named by
the year they start in), in the forms of Best Buy's 10-Q and Ulta Beauty's earnings release
(FinanceBench's PDFs) and of TAT-QA's reports; the shape of context/corpus.py, run by
tests/engine/context/test_context_corpus.py under the default policy (period_phrases
"other_sides", d910, d911). fiscal_years "declared_starts" (d912) is selectable: its examples
are in tests/engine/context/test_period_phrases.py."""

from groundgate.engine.context.corpus import Gap, Passes, Refused

# A 10-Q's cash-flow statement, one row a line (Best Buy's "Six Months Ended" columns).
SIX_MONTHS = (
    "($ in millions)  Six Months Ended\n"
    "July 29, 2023  July 30, 2022\n"
    "Operating activities\n"
    "Net earnings  $ 518  $ 647\n"
    "Depreciation and amortization  473  453\n"
    "Restructuring charges  (5)  36"
)
# A retail income statement by 52-week years (Ulta Beauty's Exhibit 2), one row a line.
FIFTY_TWO_WEEKS = (
    "(In thousands)  52 Weeks Ended\n"
    "January 28, 2023  January 29, 2022\n"
    "Net sales  $ 10,208,580  $ 8,630,889\n"
    "Cost of sales  6,164,070  5,262,161\n"
    "Gross profit  4,044,510  3,368,728"
)
# A quarter's columns named "three months ended" (a TAT-QA-like note).
THREE_MONTHS = (
    "(In millions)  Three Months Ended\n"
    "March 31, 2021  March 31, 2020\n"
    "Revenue  4,110  3,894\n"
    "Interest expense  149  161"
)
# A release's prose: a figure compared to the prior year's (Ulta Beauty's release, page 1).
RELEASE = (
    "Net sales increased 18.3% to $10.2 billion compared to $8.6 billion in fiscal 2021. Gross"
    " profit increased 20.1% to $4.0 billion compared to $3.4 billion in fiscal 2021. As a"
    " percentage of net sales, SG&A expenses decreased to 23.5% compared to 23.9% in fiscal 2021."
)
# The same comparison said with "versus", "than" and a change "from ... to".
VERSUS = "Operating cash flow was $1,220 million versus $1,145 million in fiscal 2021."
HIGHER_THAN = "Capital expenditures of $336 million were higher than $172 million in fiscal 2021."
FROM_TO = "Diluted earnings per share rose from $17.98 in fiscal 2021 to $24.01."
# A figure with an aside between it and the comparison (the other side's period not recorded).
ASIDE_COMPARED = (
    "Operating income increased 19.2% to $447.6 million, or 13.9% of net sales, compared to"
    " $375.6 million, or 13.8% of net sales, in the fourth quarter of fiscal 2021."
)

PASSES = [
    # A period's length before its end date (period_phrases "ended_lengths", d910).
    Passes(
        SIX_MONTHS,
        "Depreciation and amortization was $473 million in the six months ended July 29, 2023.",
    ),
    Passes(
        SIX_MONTHS, "Net earnings were $647 million for the six-month period ended July 30, 2022."
    ),
    Passes(
        FIFTY_TWO_WEEKS,
        "Net sales were $10,208,580 thousand for the 52 weeks ended January 28, 2023.",
    ),
    Passes(
        THREE_MONTHS, "Interest expense was $149 million for the three months ended March 31, 2021."
    ),
    # The comparison's sides (period_phrases "other_sides", d911).
    Passes(RELEASE, "Net sales were $8.6 billion in fiscal 2021."),
    Passes(RELEASE, "Net sales increased 18.3% to $10.2 billion."),
    Passes(RELEASE, "Gross profit rose from $3.4 billion in fiscal 2021 to $4.0 billion."),
    Passes(RELEASE, "SG&A expenses were 23.9% of net sales in fiscal 2021."),
    Passes(VERSUS, "Operating cash flow was $1,145 million in fiscal 2021."),
    Passes(FROM_TO, "Diluted earnings per share were $17.98 in fiscal 2021."),
]

REFUSED = [
    # Another period's cell said of the period the length ends (d903 item 2, d910).
    Refused(
        SIX_MONTHS,
        "Depreciation and amortization was $453 million in the six months ended July 29, 2023.",
        "period",
    ),
    Refused(
        SIX_MONTHS,
        "Net earnings were $647 million for the six months ended July 29, 2023.",
        "period",
    ),
    Refused(
        FIFTY_TWO_WEEKS,
        "Net sales were $8,630,889 thousand for the 52 weeks ended January 28, 2023.",
        "period",
    ),
    Refused(
        THREE_MONTHS,
        "Interest expense was $161 million for the three months ended March 31, 2021.",
        "period",
    ),
    # The figure compared to the other period's said of that period (d903 item 3, d911).
    Refused(RELEASE, "Net sales were $10.2 billion in fiscal 2021.", "period"),
    Refused(RELEASE, "Gross profit was $4.0 billion in fiscal 2021.", "period"),
    Refused(RELEASE, "SG&A expenses were 23.5% of net sales in fiscal 2021.", "period"),
    Refused(VERSUS, "Operating cash flow was $1,220 million in fiscal 2021.", "period"),
    Refused(HIGHER_THAN, "Capital expenditures were $336 million in fiscal 2021.", "period"),
]

GAPS: list[Gap] = [
    Gap(ASIDE_COMPARED, "Operating income was $447.6 million in the fourth quarter of fiscal"
        " 2021.", "period",
        "an aside with a figure ('or 13.9% of net sales') stands between the value and"
        " 'compared to': the other side's period is recorded for 13.9% only (d911)"),
    Gap(FROM_TO, "Diluted earnings per share were $24.01 in fiscal 2021.", "period",
        "'from $17.98 in fiscal 2021 to $24.01': the sentence's reading gives the period"
        " between to $24.01 too (claims._own_periods), so nothing is recorded against it (d911)"),
]  # fmt: skip
