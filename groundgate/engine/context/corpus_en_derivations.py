"""Derivations in context, in English: tables whose right answers are calculations the context
binds (a rate row's change, a percent column's difference, the rows under a section line) or
refuses (a share two unrelated pairs give alike), and a statement printed one cell a line
(context/corpus.py's shape; tests/engine/context/test_context_corpus.py runs them beside
corpus_en.py and corpus_zh.py)."""

from groundgate.engine.context.corpus import Gap, Passes, Refused

# A rate row under two column groups, and a table printed as percentages of sales ("100.0 %"
# first and last, bare cells between): rate_changes "rate_rows_columns" (d798).
RATES = (
    "Domestic  International\n"
    "September 30,  September 30,\n"
    "2019  2018  2019  2018\n"
    "Discount rate  4.00%  3.75%  1.90%  2.80%\n"
    "Rate of compensation increase  3.10%  3.50%  2.20%  2.00%"
)

OF_SALES = (
    "Year Ended December 31,\n"
    "2019  2018\n"
    "Sales  100.0 %  100.0 %\n"
    "Gross profit  40.0  50.9\n"
    "Operating expenses  33.1  27.0\n"
    "Net income  7.2 %  20.5 %"
)

# A column that starts and ends with rates but holds amounts between: no percent column (d798).
RATES_AROUND = "2019  2018\nGrowth rate  5.0%  4.0%\nRevenue  1,200  1,100\nMargin  12.0%  11.0%"

# Rows under section lines (section_aggregates "named_sections", d797, selectable).
SECTIONS = (
    "(dollars in thousands)  Last Fiscal Year of Expiration  Amount\n"
    "Income tax net operating loss carryforwards:(1)\n"
    "Domestic–state  2039  $57,299\n"
    "Foreign  2039 or indefinite  $565,609\n"
    "Tax credit carryforwards:(1)\n"
    "Domestic–federal  2029  $39,784\n"
    "Domestic–state  2027  $3,313\n"
    "Foreign(2)  2027 or indefinite  $15,345"
)

# A statement as PyMuPDF prints it, one cell a line: the years one a line, each row's cells on
# the lines under its label (FinanceBench's pages). Its rows are read, not its columns (d207,
# d807).
STACKED = (
    "CONSOLIDATED STATEMENTS OF OPERATIONS\n(in thousands)\n \nYear ended December 31,\n \n"
    "2023\n \n2022\n \n2021\nRevenues\n $\n8,412,305 $\n7,118,940 $\n5,902,117\n"
    "Operating income\n \n612,480 \n541,206 \n397,553\n"
)

# A header's footnote marks and a table's duration headings are no operands (footnote_operands
# "marks_durations", d920): "1 + 27.0 ≈ 28.0" took the mark of "2019 (1)", "3 / 5 ≈ 60.0%" the
# headings "1-3 Years" and "3-5 Years" (TAT-QA a5992e2e, ff90c9d7).
HEADER_MARKS = (
    "2019 (1)  2018  2017 (2)\n"
    "Impairment charges  $94.2  $394.0  $211.4\n"
    "Net losses on sales or disposals of assets  45.1  85.6  32.8\n"
    "Other operating expenses  27.0  33.7  11.8\n"
    "Total Other operating expenses  $166.3  $513.3  $256.0"
)
DURATION_COLUMNS = (
    "Payments Due by Period (in millions)\n"
    "Contractual Obligations  Total  Less than 1 Year  1-3 Years  3-5 Years  After 5 Years\n"
    "Capital lease obligations  165.4  20.6  41.0  29.4  74.4\n"
    "Operating lease obligations  312.6  52.1  86.4  59.7  114.4"
)

# A movement schedule: the change the answer says of the total investment is of "At 31
# December" (a label of no naming words), not of "Foreign exchange movements", a row it does not
# say while it says another ("associates"): one_row_pairs "said_named" (d922; TAT-QA 3c4473cb).
ASSOCIATES = (
    "£m  2019  2018\n"
    "At 1 January  65.6  64.8\n"
    "Share of post-tax (loss)/profit of associates  (0.3)  2.3\n"
    "Impairment  (7.4)  –\n"
    "Foreign exchange movements  (4.2)  (1.5)\n"
    "At 31 December  53.7  65.6"
)

# Two pairs of unrelated rows give 40% (565 / 1,426 and 195 / 485): a short share the answer
# does not calculate is a coincidence (slip_neighbours "question_pairs_ambiguous", d808).
UNRELATED_SHARES = (
    "(in millions)  2023  2022\nNet income  565  512\n"
    "Net cash provided by operating activities  1,426  1,301\n"
    "Regulatory liabilities  195  180\nDeferred revenue  485  470"
)

# A rate row and an amount row of one statement: changes the answer says in words beside the two
# values they are the change of (said_changes "same_sentence", d838); tests/engine/
# test_said_changes.py reads it with written_labels "coded_words" (d839, selectable) too.
SAID = (
    "Year Ended December 31,\n2022  2021\n"
    "Income before income taxes  1,797  2,426\n"
    "Provision for income taxes  (411)  (491)\n"
    "Effective tax rate  23%  20%\n"
    "Gross profit  2,725  2,820\n"
    "Total current liabilities  3,527  3,210\n"
    "Net cash provided by operating activities  2,915  2,199"
)
# A balance sheet's quick assets and current liabilities: working written out a step at a time,
# each line the one before with a part worked out (written_steps "rewritten", d877, selectable);
# tests/engine/test_written_steps.py reads it both ways.
STEPS = (
    "(in millions)  December 31, 2022  December 31, 2021\n"
    "Cash and cash equivalents  4,835  2,535\n"
    "Short-term investments  1,020  1,073\n"
    "Accounts receivable, net  4,126  2,706\n"
    "Total current liabilities  6,369  4,240"
)
# A row whose last cell is its first plus its second (an adoption's adjustment), and a row of
# a region that fell: a negative value no named operation orders is a flipped sign, a named
# change's negative value is derived (unnamed_negatives "named_operation", d846).
ADOPTION = (
    "(in thousands)  As reported  Adjustments  Without adoption\n"
    "Deferred income tax assets  22,626  (532)  22,094\n"
    "Other assets  22,510  (3,319)  19,191"
)
REGIONS = "(in millions)  2019  2018\nAmericas  18,830  18,030\nEurope  3,100  3,350"
# Rows whose two years are printed alike, beside rows that change: a zero said of a named row
# is their change (zero_results "equal_cells", d915).
UNCHANGED = (
    "£m  2019  2018\nNet investment in finance lease  0.8  1.2\n"
    "Amounts owed by members of Peel  0.3  0.3\nStatutory tax rate  21.0%  21.0%\n"
    "Discount rate  3.4%  3.7%"
)
# Short results of named rows where the answer names no two years (short_named "named_rows",
# d994): one row's two years ("the change in the amount for Ireland": 0.4 − 0.5 = -0.1).
SHORT_NAMED = "2019  2018\nNote  £m  £m\nUK  24.5  24.9\nIreland  0.4  0.5\nTotal  24.9  25.4"
# ... and two named rows' cells of one column (5.0 − 4.2 = 0.8), of no declared scale.
SHORT_LIVES = (
    "Weighted-Average Useful Lives (in years)\n"
    "Purchased technology  4.2\nTrademarks and tradenames  5.0\n"
    "Customer relationships and customer lists  7.0"
)
# Three years' margins worked out a line at a time, then their average under a label that
# opens with a figure ("3-Year Average ... ="): written_lines "labels" (d955); a capex table
# whose bulleted working begins with a dash (written_lines "labels_bullets", d956, selectable).
MARGINS = (
    "(in millions)  Fiscal 2017  Fiscal 2016  Fiscal 2015\n"
    "Revenue  39,403  39,528  40,339\n"
    "Net earnings  1,228  897  1,233"
)
MARGINS_QUESTION = "What is the FY2015 - FY2017 3 year average net profit margin?"
MARGINS_WORKING = (
    "Net Profit Margin for FY2015 = ($1,233 / $40,339) x 100 = 3.06%\n"
    "Net Profit Margin for FY2016 = ($897 / $39,528) x 100 = 2.27%\n"
    "Net Profit Margin for FY2017 = ($1,228 / $39,403) x 100 = 3.12%\n"
    "3-Year Average Net Profit Margin = (3.06% + 2.27% + 3.12%) / 3\n"
    "3-Year Average Net Profit Margin = 8.45% / 3\n"
    "3-Year Average Net Profit Margin = 2.82%"
)
CAPEX = (
    "(in thousands)  2020  2019  2018\n"
    "Total revenues  5,162,082  12,899,672  11,763,096\n"
    "Capital expenditures  (270,579)  (739,006)  (1,486,843)"
)
CAPEX_WORKING = (
    "Capex as a percentage of revenue:\n"
    "- 2018: (1,486,843 / 11,763,096) * 100 = 12.6%\n"
    "- 2019: (739,006 / 12,899,672) * 100 = 5.7%\n"
    "- 2020: (270,579 / 5,162,082) * 100 = 5.2%\n"
    "The 3-year average:\n"
    "- (12.6% + 5.7% + 5.2%) / 3 = 7.8%"
)

# Rows printed negative: a balance, an adjustment and a row naming both sides are below zero
# by their own sign, so their change or total is of their signed cells; a cost row's cells are
# also read by their sizes (negative_sizes "cost_rows", d951; context/negative_sizes.py).
BELOW_ZERO = (
    "(in thousands)  2019  2018\n"
    "Operating income (loss)  (2,310)  (6,540)\n"
    "Foreign currency translation adjustment  (420)  (610)\n"
    "Beginning balance  (1,340)  (1,920)\n"
    "Interest expense  (2,150)  (3,380)"
)

# An average or a total of two named years: one row's two cells, one in each (d998).
YEAR_AGGREGATES = (
    "(in millions)  2019  2018  Change\n"
    "Goodwill, beginning of the year  1,769.4  1,710.3  59.1\n"
    "Additions  866.9  120.0  746.9\n"
    "Goodwill, end of the year  2,450.8  1,620.2  830.6"
)

PASSES = [
    Passes(
        YEAR_AGGREGATES,
        "The average goodwill at the end of the year for 2018 and 2019 is 2,035.5 million.",
        derived=True,
    ),
    Passes(
        YEAR_AGGREGATES, "The total additions for 2018 and 2019 is 986.9 million.", derived=True
    ),
    Passes(
        ASSOCIATES,
        "The percentage change in the total investment in associates from 2018 to 2019 is -18.14%.",
        derived=True,
    ),
    Passes(HEADER_MARKS, "Other operating expenses in 2019 was 27.0 million."),
    Passes(
        HEADER_MARKS,
        "The change in Other operating expenses from 2018 to 2019 was -6.7 million.",
        derived=True,
    ),
    Passes(
        DURATION_COLUMNS,
        "The total of capital lease obligations and operating lease obligations is 478.0 million.",
        derived=True,
    ),
    Passes(ADOPTION, "Deferred income tax assets as reported were $22,626 thousand."),
    Passes(
        REGIONS, "The change in Europe revenue from 2018 to 2019 was -250 million.", derived=True
    ),
    Passes(
        OF_SALES,
        "Gross profit as a percentage of sales fell by 10.9 percentage points from 2018 to 2019.",
        derived=True,
    ),
    Passes(
        RATES,
        "The year on year percentage change in domestic discount rate between 2018 and 2019"
        " is 6.67%.",
        derived=True,
    ),
    Passes(
        OF_SALES,
        "The change in percentage of sales represented by gross profit between 2018 and 2019"
        " was -10.9%.",
        derived=True,
    ),
    Passes(
        UNRELATED_SHARES,
        "Net income was 40% of net cash provided by operating activities in 2023.",
        derived=True,
    ),
    Passes(
        UNRELATED_SHARES,
        "In 2023 net income of $565 million was 40% of the $1,426 million net"
        " cash provided by operating activities.",
        derived=True,
    ),
    Passes(
        SAID,
        "The effective tax rate changed from 20% in 2021 to 23% in 2022, an increase of 3"
        " percentage points.",
        derived=True,
    ),
    Passes(
        SAID,
        "Gross profit decreased by 3% from $2,820 million in 2021 to $2,725 million in 2022.",
        derived=True,
    ),
    Passes(
        SAID,
        "Gross profit was $2,725 million in 2022, down $95 million from $2,820 million in 2021.",
        derived=True,
    ),
    Passes(
        UNCHANGED,
        "The percentage change in the amounts owed by members of Peel from 2018 to 2019 is 0%.",
        derived=True,
    ),
    Passes(
        UNCHANGED,
        "The change in the statutory tax rate from 2018 to 2019 was 0 percentage points.",
        derived=True,
    ),
    Passes(
        BELOW_ZERO,
        "The change in operating income (loss) from 2018 to 2019 was 4,230 thousand.",
        derived=True,
    ),
    Passes(
        BELOW_ZERO,
        "The change in the beginning balance from 2018 to 2019 was 580 thousand.",
        derived=True,
    ),
    Passes(
        BELOW_ZERO,
        "The average foreign currency translation adjustment for 2018 and 2019 was -515 thousand.",
        derived=True,
    ),
    Passes(
        BELOW_ZERO,
        "The change in interest expense from 2018 to 2019 was -1,230 thousand.",
        derived=True,
    ),
    Passes(
        BELOW_ZERO,
        "The change in interest expense from 2018 to 2019 was 1,230 thousand.",
        derived=True,
    ),
    Passes(
        BELOW_ZERO,
        "The average interest expense for 2018 and 2019 was 2,765 thousand.",
        derived=True,
    ),
    Passes(SHORT_NAMED, "The change in the amount for Ireland was -0.1 million.", derived=True),
    Passes(
        SHORT_LIVES,
        "The difference in the useful lives between Trademarks and tradenames and Purchased"
        " technology was 0.8.",
        derived=True,
    ),
    Passes(STACKED, "Operating income in 2023 was $612,480 thousand."),
    Passes(STACKED, "Revenues were $7,118,940 thousand in 2022."),
    # The numbers of a list written inside a sentence are no values (list_markers
    # "inline_sequence", d880).
    Passes(
        REGIONS,
        "The drivers were 1) Americas revenue of 18,830 million in 2019 and 2) Europe revenue"
        " of 3,100 million in 2019.",
    ),
    Passes(
        REGIONS, "Two regions: (1) Americas, 18,830 million in 2019; (2) Europe, 3,100 million."
    ),
]

REFUSED = [
    # A change goes forward in time (0.5 − 0.4 is no change of 2019 from 2018), and a short
    # result at a scale the table does not declare is no pair of its cells (d994).
    Refused(SHORT_NAMED, "The change in the amount for Ireland was 0.1 million.", "sign"),
    Refused(SHORT_NAMED, "The change in the amount for UK was -0.1 million.", "row"),
    Refused(
        SHORT_LIVES,
        "The difference in the useful lives between Trademarks and tradenames and Purchased"
        " technology was 0.8 million.",
        "scale",
    ),
    Refused(
        SAID,
        "The effective tax rate changed from 20% in 2021 to 23% in 2022, an increase of 4"
        " percentage points.",
        "arithmetic",
    ),
    Refused(
        SAID,
        "Gross profit decreased by 8% from $2,820 million in 2021 to $2,725 million in 2022.",
        "arithmetic",
    ),
    Refused(
        SAID,
        "Gross profit decreased by 3% from $2,820 million in 2022 to $2,725 million in 2021.",
        "period",
    ),
    Refused(ADOPTION, "Deferred income tax assets as reported were -22,626 thousand.", "sign"),
    # A list's markers are no values, its figures still are (d880).
    Refused(
        REGIONS,
        "The drivers were 1) Americas revenue of 18,030 million in 2019 and 2) Europe revenue"
        " of 3,100 million in 2019.",
        "period",
    ),
    Refused(ADOPTION, "Other assets without adoption were -19,191 thousand.", "sign"),
    # A zero of a row whose two years differ is no change of it, whichever row is alike (d915).
    Refused(
        UNCHANGED,
        "The percentage change in the net investment in finance lease from 2018 to 2019 is 0%.",
        "arithmetic",
    ),
    Refused(UNCHANGED, "The change in the discount rate from 2018 to 2019 was 0%.", "arithmetic"),
    Refused(REGIONS, "Europe revenue in 2019 was -250 million.", "sign"),
    # A figure below zero of its own read by its size is the other sign (d951).
    Refused(
        BELOW_ZERO,
        "The change in operating income (loss) from 2018 to 2019 was -4,230 thousand.",
        "sign",
    ),
    Refused(
        BELOW_ZERO,
        "The change in the beginning balance from 2018 to 2019 was -580 thousand.",
        "sign",
    ),
    Refused(
        BELOW_ZERO,
        "The average foreign currency translation adjustment for 2018 and 2019 was 515 thousand.",
        "sign",
    ),
    Refused(RATES_AROUND, "The change in revenue from 2018 to 2019 was 100%.", "column"),
    Refused(
        OF_SALES,
        "Gross profit as a percentage of sales rose by 10.9 percentage points from 2018 to 2019.",
        "sign",
    ),
    Refused(
        RATES,
        "The year on year percentage change in domestic discount rate between 2018 and 2019"
        " is -11.43%.",
        "row",
    ),
    Refused(
        RATES,
        "The year on year percentage change in domestic discount rate between 2018 and 2019"
        " is -32.14%.",
        "column",
    ),
    Refused(
        OF_SALES,
        "The change in percentage of sales represented by gross profit between 2018 and 2019"
        " was 6.1%.",
        "row",
    ),
    Refused(
        OF_SALES,
        "The change in percentage of sales represented by gross profit between 2018 and 2019"
        " was 10.9%.",
        "sign",
    ),
    Refused(
        ASSOCIATES,
        "The percentage change in the total investment in associates from 2018 to 2019 is 180.00%.",
        "row",
    ),
    Refused(HEADER_MARKS, "Other operating expenses in 2019 was 28.0 million.", "coincidence"),
    Refused(
        DURATION_COLUMNS,
        "The ratio (in percentage) of total notes payable to total capital lease obligations"
        " is 60.0%.",
        "coincidence",
    ),
    Refused(
        UNRELATED_SHARES,
        "In 2023 about 40% of regulatory liabilities were collected in cash.",
        "coincidence",
    ),
    # Two rows of one year, a row's year and its "Change" cell: no average of two years (d998).
    Refused(
        YEAR_AGGREGATES,
        "The average goodwill at the end of the year for 2018 and 2019 is 1,658.85 million.",
        "period",
    ),
    Refused(
        YEAR_AGGREGATES,
        "The average goodwill at the end of the year for 2018 and 2019 is 1,243.55 million.",
        "row",
    ),
    Refused(YEAR_AGGREGATES, "The total additions for 2018 and 2019 is 1,613.8 million.", "column"),
]

GAPS: list[Gap] = [
    Gap(SECTIONS, "The sum of all Tax credit carryforwards was 58,442 thousand.", None,
        "the rows under a named section line: section_aggregates named_sections derives it,"
        " selectable (d797: one TAT-QA half, and its table's undeclared scale lets the scale"
        " slip through with it)"),
    Gap(STACKED, "Operating income in 2023 was $397,553 thousand.", "period",
        "one cell a line: a cell's column is not read (d207), so 2021's cell passes for 2023;"
        " reading the years by position moved labelled statuses both ways (d807)"),
    Gap(STACKED, "Operating income rose by $143,653 thousand from 2022 to 2023.", "period",
        "derived accept: 541,206 - 397,553 (2022 - 2021) passes for the change the answer names"
        " (d807)"),
]  # fmt: skip
