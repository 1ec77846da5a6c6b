"""Values in context in statements as PDF ingestion prints them (documents/chunking.py, version
2, d905): one row a line, the cells of a row one space apart, a header of dates side by side
("July 29, 2023 July 30, 2022") or of days over years ("January 28, January 29," over "2023
2022"), as Best Buy's 10-Q and Ulta Beauty's earnings release print theirs (../shared's
filings; the figures here are made up). Answers said of them pass, or are refused where the
value is the other date's cell (date_columns "each_date", d906). context/corpus.py's shape;
tests/engine/context/test_context_corpus.py runs them."""

from groundgate.engine.context.corpus import Gap, Passes, Refused

# Days over years, two header lines (Ulta Beauty's balance sheet form): under "Assets" and
# "Current assets:" the day line is past the four header lines a cell is read with, so the
# year line names the columns (in either reading of date_columns).
DAYS_OVER_YEARS = (
    "Condensed Consolidated Balance Sheets\n"
    "(In thousands)\n"
    "January 28, January 29,\n"
    "2023 2022\n"
    "(Unaudited)\n"
    "Assets\n"
    "Current assets:\n"
    "Cash and cash equivalents $ 612,345 $ 498,210\n"
    "Receivables, net 187,654 201,332\n"
    "Total current assets 2,512,908 2,301,447"
)
# A period's length over dates side by side (Best Buy's 10-Q cash flow form).
DATES_SIDE_BY_SIDE = (
    "Condensed Consolidated Statements of Cash Flows\n"
    "$ in millions (unaudited)\n"
    "Six Months Ended\n"
    "July 29, 2023 July 30, 2022\n"
    "Operating activities\n"
    "Net earnings $ 512 $ 633\n"
    "Depreciation and amortization 468 447\n"
    "Restructuring charges (14) 31"
)
# Two dates a column under a title of weeks, with a percent column after each (Ulta's income
# statement form): each date heads its figure and its share.
DAYS_OVER_YEARS_SHARES = (
    "(In thousands)\n"
    "13 Weeks Ended\n"
    "January 28, January 29,\n"
    "2023 2022\n"
    "(Unaudited) (Unaudited)\n"
    "Net sales $ 3,104,552 100.0% $ 2,655,871 100.0%\n"
    "Cost of sales 1,987,311 64.0% 1,699,002 64.0%\n"
    "Gross profit 1,117,241 36.0% 956,869 36.0%"
)

PASSES = [
    Passes(
        DAYS_OVER_YEARS, "Cash and cash equivalents were $612,345 thousand at January 28, 2023."
    ),
    Passes(DAYS_OVER_YEARS, "Receivables, net were $201,332 thousand at January 29, 2022."),
    Passes(
        DATES_SIDE_BY_SIDE,
        "Depreciation and amortization was $468 million in the period ended July 29, 2023.",
    ),
    Passes(DATES_SIDE_BY_SIDE, "Net earnings were $633 million in the period ended July 30, 2022."),
    Passes(DAYS_OVER_YEARS_SHARES, "Gross profit was $956,869 thousand at January 29, 2022."),
]

REFUSED = [
    Refused(
        DAYS_OVER_YEARS,
        "Cash and cash equivalents were $498,210 thousand at January 28, 2023.",
        "period",
    ),
    Refused(
        DAYS_OVER_YEARS, "Receivables, net were $187,654 thousand at January 29, 2022.", "period"
    ),
    Refused(
        DATES_SIDE_BY_SIDE,
        "Depreciation and amortization was $447 million in the period ended July 29, 2023.",
        "period",
    ),
    Refused(
        DATES_SIDE_BY_SIDE,
        "Net earnings were $512 million in the period ended July 30, 2022.",
        "period",
    ),
    Refused(
        DAYS_OVER_YEARS_SHARES,
        "Gross profit was $1,117,241 thousand at January 29, 2022.",
        "period",
    ),
    Refused(
        DATES_SIDE_BY_SIDE,
        "Depreciation and amortization was $447 million in the six months ended July 29, 2023.",
        "period",
    ),
]

# The merge of date_columns (d906) with period_phrases "ended_lengths" (d910) closed the one
# gap this corpus held: "six months" before "ended" is the period phrase's length.
GAPS: list[Gap] = []
