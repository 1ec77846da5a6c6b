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
# A 10-Q's columns of two lengths ending on one day (period_spans "lengths", d694).
Q_YTD = (
    "  Three Months Ended September 30,  Nine Months Ended September 30,\n"
    "(In millions)  2023  2022  2023  2022\n"
    "Revenue  2,345  2,110  6,890  6,201\n"
    "Net income  312  287  901  845"
)
# The same as two header lines each (a PDF's text of a 10-Q), six months beside three.
H_Q = (
    "  Three Months Ended  Six Months Ended\n"
    "  June 30,  June 30,\n"
    "(In millions)  2023  2022  2023  2022\n"
    "Revenue  2,345  2,110  4,610  4,150\n"
    "Net income  312  287  598  561"
)
# An earnings release: the fourth quarter beside the full year.
RELEASE = (
    "(In millions)  Q4 2023  Q4 2022  Full Year 2023  Full Year 2022\n"
    "Revenue  3,120  2,890  11,450  10,780\n"
    "Operating income  410  365  1,520  1,390"
)
# Segments above their total (row_rivals "said", d697).
SEGMENTS = (
    "(In millions)  2023  2022\n"
    "Americas  5,200  4,800\n"
    "Europe  3,100  2,900\n"
    "Asia Pacific  2,200  2,100\n"
    "Total net sales  10,500  9,800"
)
# A release's GAAP rows beside their adjusted (non-GAAP) twins (row_rivals "unqualified", d698).
ADJUSTED = (
    "(In millions, except per share)  Q3 2023  Q3 2022\n"
    "Operating income (GAAP)  812  745\n"
    "Adjusted operating income (non-GAAP)  1,034  958\n"
    "Diluted EPS (GAAP)  1.12  0.98\n"
    "Adjusted diluted EPS (non-GAAP)  1.45  1.31"
)
# A total beside an "Other ..." row: neither is the other qualified (d698).
LIABILITIES = (
    "(In millions)  2022  2021\n"
    "Accounts payable  9,512  8,300\n"
    "Other current liabilities  12,097  11,200\n"
    "Total current liabilities  50,171  47,160"
)
# Basic and diluted EPS rows said by the acronym (row_acronyms "initials", d700).
PER_SHARE = (
    "(In millions, except per share data)  2023  2022\n"
    "Net income  5,432  4,987\n"
    "Basic earnings per share  $ 2.47  $ 2.26\n"
    "Diluted earnings per share  $ 2.45  $ 2.23\n"
    "Cost of goods sold  8,120  7,455"
)
# Each year's amount beside its share of net sales (share_columns "period_before", d702).
SHARES = (
    "(Dollars in millions)  2023  % of net sales  2022  % of net sales\n"
    "Net sales  $ 10,500  100.0%  $ 9,800  100.0%\n"
    "Gross profit  4,200  40.0%  3,822  39.0%\n"
    "Operating income  1,890  18.0%  1,568  16.0%"
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

# A row and its qualified twins, the qualifier outside parentheses (row_rivals "qualified", d748).
EBITDA = (
    "(In millions)  2023  2022\n"
    "Revenue  5,000  4,600\n"
    "Revenue growth  5.1%  4.2%\n"
    "Organic revenue growth  4.0%  3.1%\n"
    "EBITDA (GAAP reconciliation)  1,300  1,200\n"
    "Adjusted EBITDA (non-GAAP)  1,450  1,310"
)

# Negatives printed with a space inside ASCII parentheses (sign_parentheses "spaced", d747).
SPACED_NEGATIVES = (
    "(In thousands)  2023  2022\n"
    "Accounts receivable  (4,667 )  3,210\n"
    "Net cash used in financing activities  ( 2,140 )  ( 1,985 )\n"
    "Foreign currency translation  ( $12 )  $ 8"
)

# An earnings release's prose: each segment's growth and sales in one list (prose_facets
# "change_words", d774: "increased", "was" set no subject apart; "12% year-over-year" a percent).
SEGMENT_PROSE = (
    "Net sales increased 13% to $143.1 billion in the third quarter. North America segment"
    " sales increased 12% year-over-year to $87.9 billion. International segment sales"
    " increased 11% year-over-year to $32.1 billion."
)
REGION_PROSE = (
    "In fiscal 2023, revenue in the Americas rose 8% to $5.2 billion, while Europe revenue rose"
    " 6.9% to $3.1 billion and Asia Pacific revenue increased 4.8% to $2.2 billion."
)
# A change column in percentage points beside a percent one (point_units "unit_headers", d775).
POINT_CHANGES = (
    "(In millions)  2023  2022  Change (%)\n"
    "Net sales  10,500  9,800  7.1\n"
    "Operating expenses  2,310  2,120  9.0"
)
MARGIN_POINTS = (
    "(Percent of net sales)  2023  2022  Change (ppt)\n"
    "Gross margin  40.0  39.0  1.0\n"
    "Operating margin  18.0  16.0  2.0"
)

# A 10-Q's one-line header of four dated parts (dated_headers "long_parts", d778; was d696's gap).
FOUR_DATED = (
    "(In millions)  Three Months Ended September 30, 2023  Three Months Ended September 30,"
    " 2022  Nine Months Ended September 30, 2023  Nine Months Ended September 30, 2022\n"
    "Revenue  2,345  2,110  6,890  6,201\n"
    "Net income  312  287  901  830"
)
# Two semicolon segments, each named at its head with its metric (prose_facets "segment_heads",
# d784: the head's words are its subject's and its metric's).
HEADED_SEGMENTS = (
    "Net sales were $10.2 billion, up 5%, and gross margin was 42.1%; Services revenue was"
    " $3.1 billion, up 12%, and gross margin was 70.2%."
)
# "Respectively" lists: each value its item's by position, a period or a name (prose_facets
# "respective_lists", d786), a list "compared with" it of the same items.
RESPECTIVE_YEARS = (
    "Research and development expenses were $1,234 million and $1,102 million for fiscal 2024"
    " and 2023, respectively, an increase of 12%."
)
RESPECTIVE_MARGINS = (
    "Gross margin and operating margin were 42.5% and 18.3%, respectively, in the third quarter,"
    " compared with 41.0% and 16.9% a year ago."
)
# The names between the list and "respectively" (d786).
RESPECTIVE_REGIONS = (
    "Revenue grew 12% and 9% in the Americas and EMEA, respectively, while APAC declined 3%."
)

# Two periods' values in one sentence, each followed by its own period (sentence_periods
# "adjacent", d827): a line the table reader takes for a row of cells.
TWO_YEARS = "Net sales were $5.2 billion in 2023 and $4.8 billion in 2022."
UP_FROM = "In 2023, net sales were $5.2 billion, up from $4.8 billion in 2022."
TWO_DAYS = (
    "Cash and cash equivalents were $1.9 billion as of December 31, 2023 and $2.3 billion as of"
    " December 31, 2022."
)
# Counts written out whole (whole_amounts "declared_scale", d832): no scale declared, so the
# answer's added zeros restate a scale stated nowhere; a declared one restates them.
OPTION_COUNTS = (
    "Options  2023  2022\nOutstanding at end of year  3,104,563  2,682,738\n"
    "Granted  452,695  401,220"
)
DECLARED_THOUSANDS = "(In thousands)\nItem  2023  2022\nRevenue  381,603  350,112"

# A year said once before a list of quarters (year_quarters "sentence_year", d854) and each
# figure's own period phrase (sentence_periods "own_phrases", d855).
QUARTER_LIST = (
    "In 2023, revenue was $1.1 billion in Q1, $1.3 billion in Q2, $1.4 billion in Q3 and $1.6"
    " billion in Q4."
)
# A period after an aside, and a period before a clause the table reader took for a row (d855).
ASIDE_YEAR = "Revenue was $5.2 billion, or 8% more, in 2023, compared with $4.8 billion in 2022."
LATER_CLAUSE = "Free cash flow totaled $640 million in 2022; in 2023 it was $710 million."
# Two lists of figures compared, without "respectively" (a gap of d855).
PAIRED_LISTS = (
    "Revenue was $5.2 billion and operating income was $1.1 billion in 2023, compared with $4.8"
    " billion and $0.9 billion in 2022."
)

PASSES = [
    Passes(TWO_YEARS, "Net sales were $5.2 billion in 2023."),
    Passes(TWO_YEARS, "Net sales were $4.8 billion in 2022."),
    Passes(UP_FROM, "Net sales were $5.2 billion in 2023."),
    Passes(TWO_DAYS, "Cash and cash equivalents were $2.3 billion at December 31, 2022."),
    Passes(QUARTER_LIST, "Revenue was $1.3 billion in Q2 2023."),
    Passes(QUARTER_LIST, "In the fourth quarter of 2023, revenue was $1.6 billion."),
    Passes(ASIDE_YEAR, "Revenue was $5.2 billion in 2023."),
    Passes(LATER_CLAUSE, "Free cash flow was $710 million in 2023."),
    Passes(RESPECTIVE_REGIONS, "Revenue in the Americas grew 12%."),
    Passes(RESPECTIVE_REGIONS, "EMEA revenue grew 9%."),
    Passes(
        RESPECTIVE_YEARS, "Research and development expenses were $1,102 million in fiscal 2023."
    ),
    Passes(RESPECTIVE_MARGINS, "Operating margin was 18.3% in the third quarter."),
    Passes(
        RESPECTIVE_MARGINS, "Gross margin and operating margin were 42.5% and 18.3%, respectively."
    ),
    Passes(FOUR_DATED, "Revenue for the three months ended Sept. 30, 2023 was $2,345 million."),
    Passes(FOUR_DATED, "Net income for the nine months ended September 30, 2023 was $901 million."),
    Passes(SEGMENT_PROSE, "North America segment sales increased 12% year-over-year."),
    Passes(SEGMENT_PROSE, "Net sales increased 13% to $143.1 billion."),
    Passes(REGION_PROSE, "Europe revenue rose 6.9% to $3.1 billion in fiscal 2023."),
    Passes(REGION_PROSE, "Asia Pacific revenue was $2.2 billion in fiscal 2023."),
    Passes(POINT_CHANGES, "Net sales grew 7.1% in 2023."),
    Passes(MARGIN_POINTS, "Gross margin rose 1.0 percentage points in 2023."),
    Passes(MARGIN_POINTS, "Operating margin was 18.0% in 2023."),
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
    # Lengths (d694): the answer's length is its cell's column's.
    Passes(Q_YTD, "Revenue for the three months ended Sept. 30, 2023 was $2,345 million."),
    Passes(Q_YTD, "Revenue for the nine months ended Sept. 30, 2023 was $6,890 million."),
    Passes(Q_YTD, "Third-quarter 2023 revenue was $2,345 million."),
    Passes(Q_YTD, "Revenue for the first nine months of 2023 was $6,890 million."),
    Passes(Q_YTD, "Year-to-date net income was $901 million in 2023."),
    Passes(Q_YTD, "Net income was $312 million in 2023."),
    Passes(Q_YTD, "Revenue was $2,345 million for the quarter and $6,890 million for nine months."),
    Passes(
        Q_YTD,
        "Revenue grew by $235 million in the third quarter of 2023 from the third quarter of 2022.",
        derived=True,
    ),
    Passes(
        Q_YTD,
        "Revenue grew by $689 million in the first nine months of 2023 from a year earlier.",
        derived=True,
    ),
    Passes(H_Q, "Revenue for the six months ended June 30, 2023 was $4,610 million."),
    Passes(H_Q, "Revenue for the first half of 2023 was $4,610 million."),
    Passes(H_Q, "Second-quarter 2023 net income was $312 million."),
    Passes(RELEASE, "Q4 2023 revenue was $3,120 million."),
    Passes(RELEASE, "Full-year 2023 revenue was $11,450 million."),
    Passes(RELEASE, "Annual operating income reached $1,520 million in 2023."),
    Passes(RELEASE, "Revenue for FY2023 was $11,450 million."),
    Passes(RELEASE, "Fourth-quarter revenue of fiscal 2023 was $3,120 million."),
    # Rows said in full, and the unqualified row (d697, d698).
    Passes(SEGMENTS, "Europe net sales were $3,100 million in 2023."),
    Passes(SEGMENTS, "Total net sales were $10,500 million in 2023."),
    Passes(SEGMENTS, "Net sales were $10,500 million in 2023."),
    Passes(ADJUSTED, "Adjusted operating income was $1,034 million in Q3 2023."),
    Passes(ADJUSTED, "Operating income was $812 million in Q3 2023."),
    Passes(ADJUSTED, "GAAP operating income was $812 million in Q3 2023."),
    Passes(ADJUSTED, "Non-GAAP operating income was $1,034 million in Q3 2023."),
    Passes(ADJUSTED, "Adjusted diluted EPS was $1.45 in Q3 2023."),
    Passes(ADJUSTED, "Diluted EPS was $1.12 in Q3 2023."),
    Passes(LIABILITIES, "Current liabilities were $50,171 million in 2022."),
    Passes(LIABILITIES, "Other current liabilities were $12,097 million in 2022."),
    # An acronym says the label words whose initials it is (d700).
    Passes(PER_SHARE, "Diluted EPS was $2.45 in 2023."),
    Passes(PER_SHARE, "Basic EPS was $2.47 in 2023."),
    Passes(PER_SHARE, "EPS was $2.45 in 2023 on a diluted basis."),
    Passes(PER_SHARE, "COGS was $8,120 million in 2023."),
    # A share column is of the year before it (d702).
    Passes(SHARES, "Gross profit was 40.0% of net sales in 2023."),
    Passes(SHARES, "Gross profit was 39.0% of net sales in 2022."),
    Passes(SHARES, "Operating income was $1,890 million, 18.0% of net sales, in 2023."),
    Passes(MONTHISH, "Gross margin in 2023 was 41.5%."),
    Passes(MONTHISH, "Marketing was $10,069 million in 2023."),
    Passes(MONTHISH, "The decrease in inventories was $1,120 million in 2023."),
    Passes(
        ADJUSTED,
        "Operating income was $812 million in Q3 2023, while adjusted operating"
        " income was $1,034 million.",
    ),
    Passes(
        ADJUSTED,
        "Adjusted operating income of $1,034 million exceeded operating income of"
        " $812 million in Q3 2023.",
    ),
    Passes(EBITDA, "Adjusted EBITDA (non-GAAP) was $1,450 million in 2023."),
    Passes(ADJUSTED, "Non-GAAP operating income was $1,034 million in Q3 2023."),
    Passes(ADJUSTED, "GAAP operating income was $812 million in Q3 2023."),
    Passes(ADJUSTED, "Non-GAAP diluted EPS was $1.45 in Q3 2023."),
    Passes(EBITDA, "EBITDA (GAAP reconciliation) was $1,300 million in 2023."),
    Passes(EBITDA, "Total revenue was $5,000 million in 2023."),
    Passes(EBITDA, "Revenue growth was 5.1% in 2023."),
    Passes(SPACED_NEGATIVES, "Net cash used in financing activities was $1,985 thousand in 2022."),
    Passes(OPTION_COUNTS, "Options granted in 2023 were 452,695."),
    Passes(DECLARED_THOUSANDS, "Revenue was $381,603,000 in 2023."),
]

REFUSED = [
    # A count written out whole at a scale the table states nowhere (d832).
    Refused(OPTION_COUNTS, "Options granted in 2023 were 452,695,000.", "scale"),
    Refused(OPTION_COUNTS, "Options outstanding at end of year 2022 were 2,682,738,000.", "scale"),
    # Another row's or another column group's change of the same rates (d798).
    Refused(
        FOUR_DATED,
        "Revenue for the three months ended Sept. 30, 2023 was $6,890 million.",
        "period",
    ),
    Refused(
        FOUR_DATED,
        "Net income for the nine months ended September 30, 2023 was $312 million.",
        "period",
    ),
    # Another segment's figure in one list of segments (prose_facets "change_words", d774).
    Refused(SEGMENT_PROSE, "North America segment sales increased 13% year-over-year.", "row"),
    Refused(SEGMENT_PROSE, "International segment sales increased 12% year-over-year.", "row"),
    Refused(REGION_PROSE, "Asia Pacific revenue was $3.1 billion in fiscal 2023.", "row"),
    Refused(REGION_PROSE, "Europe revenue rose 8% in fiscal 2023.", "row"),
    # A percent change said in percentage points (point_units "unit_headers", d775).
    Refused(POINT_CHANGES, "Net sales grew 7.1 percentage points in 2023.", "column"),
    Refused(MARGIN_POINTS, "Operating margin rose 2.0% in 2023.", "column"),
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
    # A cell of another length than the answer says (d694).
    Refused(
        Q_YTD, "Revenue for the three months ended Sept. 30, 2023 was $6,890 million.", "period"
    ),
    Refused(
        Q_YTD, "Revenue for the nine months ended Sept. 30, 2023 was $2,345 million.", "period"
    ),
    Refused(Q_YTD, "Third-quarter 2023 revenue was $6,890 million.", "period"),
    Refused(Q_YTD, "Revenue for the first nine months of 2023 was $2,345 million.", "period"),
    Refused(
        Q_YTD, "Net income for the nine months ended Sept. 30, 2022 was $287 million.", "period"
    ),
    Refused(
        Q_YTD, "Revenue grew by $689 million in Q3 2023 from the third quarter of 2022.", "period"
    ),
    Refused(H_Q, "Revenue for the six months ended June 30, 2023 was $2,345 million.", "period"),
    Refused(H_Q, "Revenue for the three months ended June 30, 2023 was $4,610 million.", "period"),
    Refused(H_Q, "Second-quarter 2023 net income was $598 million.", "period"),
    Refused(H_Q, "Revenue for the first half of 2023 was $2,345 million.", "period"),
    Refused(RELEASE, "Q4 2023 revenue was $11,450 million.", "period"),
    Refused(RELEASE, "Full-year 2023 revenue was $3,120 million.", "period"),
    Refused(RELEASE, "Annual operating income reached $410 million in 2023.", "period"),
    Refused(RELEASE, "Fourth-quarter revenue of fiscal 2023 was $11,450 million.", "period"),
    # Another row said in full, or the unqualified row said of the qualified one's cell.
    Refused(SEGMENTS, "Europe net sales were $2,200 million in 2023.", "row"),
    Refused(SEGMENTS, "Americas net sales were $3,100 million in 2023.", "row"),
    Refused(ADJUSTED, "Operating income was $1,034 million in Q3 2023.", "row"),
    Refused(ADJUSTED, "GAAP operating income was $1,034 million in Q3 2023.", "row"),
    Refused(ADJUSTED, "GAAP diluted EPS was $1.45 in Q3 2023.", "row"),
    Refused(ADJUSTED, "Diluted EPS was $1.45 in Q3 2023.", "row"),
    Refused(PER_SHARE, "Diluted EPS was $2.47 in 2023.", "row"),
    Refused(PER_SHARE, "Basic EPS was $2.45 in 2023.", "row"),
    Refused(PER_SHARE, "Diluted EPS was $2.26 in 2023.", "row"),
    Refused(SHARES, "Gross profit was 39.0% of net sales in 2023.", "period"),
    Refused(SHARES, "Operating income was 16.0% of net sales in 2023.", "period"),
    # A word that starts as a month does names its row ("margin", "Marketing"; d714): 2.50.0
    # dropped it, and the answer's "gross" named the other row's cell.
    Refused(MONTHISH, "Gross margin in 2023 was 39,821.0%.", "row"),
    Refused(MONTHISH, "Gross margin was $39,821 million in 2023.", "row"),
    Refused(MONTHISH, "Marketing was $22,620 million in 2023.", "row"),
    # The qualified row's name said of the unqualified row's cell (row_rivals "qualified", d748).
    Refused(ADJUSTED, "Adjusted operating income was $812 million in Q3 2023.", "row"),
    Refused(ADJUSTED, "Adjusted diluted EPS was $1.12 in Q3 2023.", "row"),
    # The twin named by its parenthesised words (row_rivals "parenthesised", d777).
    Refused(ADJUSTED, "Non-GAAP operating income was $812 million in Q3 2023.", "row"),
    Refused(ADJUSTED, "Non-GAAP diluted EPS was $1.12 in Q3 2023.", "row"),
    Refused(EBITDA, "Adjusted EBITDA (non-GAAP) was $1,300 million in 2023.", "row"),
    Refused(EBITDA, "Organic revenue growth was 5.1% in 2023.", "row"),
    Refused(SPACED_NEGATIVES, "Accounts receivable were -$3,210 thousand in 2022.", "sign"),
    Refused(SPACED_NEGATIVES, "Foreign currency translation was -$8 thousand in 2022.", "sign"),
    # A "respectively" list's value said of another item (prose_facets "respective_lists", d786).
    Refused(
        RESPECTIVE_YEARS,
        "Research and development expenses were $1,234 million in fiscal 2023.",
        "period",
    ),
    Refused(RESPECTIVE_MARGINS, "Operating margin was 42.5% in the third quarter.", "row"),
    Refused(RESPECTIVE_REGIONS, "EMEA revenue grew 12%.", "row"),
    # A figure said of the other period of its sentence (sentence_periods "adjacent", d827).
    Refused(TWO_YEARS, "Net sales were $5.2 billion in 2022.", "period"),
    Refused(UP_FROM, "Net sales were $4.8 billion in 2023.", "period"),
    # A quarter's value said of the quarter before it, a figure of the period after its aside
    # or of its later clause said of the other period (d854, d855).
    Refused(QUARTER_LIST, "Revenue was $1.3 billion in Q1 2023.", "period"),
    Refused(QUARTER_LIST, "Revenue was $1.1 billion in Q1 2022.", "period"),
    Refused(ASIDE_YEAR, "Revenue was $5.2 billion in 2022.", "period"),
    Refused(LATER_CLAUSE, "Free cash flow was $710 million in 2022.", "period"),
    Refused(
        TWO_DAYS, "Cash and cash equivalents were $2.3 billion at December 31, 2023.", "period"
    ),
    Refused(RESPECTIVE_MARGINS, "Gross margin was 16.9% a year ago.", "row"),
    Refused(
        RESPECTIVE_MARGINS,
        "Gross margin and operating margin were 18.3% and 42.5%, respectively.",
        "row",
    ),
    # Said by the words that set it apart (row_said apart_or_head, the default since 2.69.0, d872).
    Refused(CASH_FLOWS, "Cash used in investing activities was $1,234.5 million in 2019.", "row"),
]

GAPS: list[Gap] = [
    Gap(PAIRED_LISTS, "Revenue was $4.8 billion in 2022.", None,
        "two lists compared without 'respectively': the second list's first figure is bound to"
        " the first list's last subject ('operating income'), VALUE_OUT_OF_CONTEXT (d855's gap)"),
    Gap(NOTE, "Other receivables were $8,758 thousand in 2019.", "row",
        "'other' is no naming word: both rows share 'receivables' alike (d308, d541)"),
    Gap(DATED, "As of December 31, 2023, accounts receivable were $3,456.78 thousand.", "row",
        "the named row is said without its ', net': a row is named by every word of its label"),
    Gap(SPACED_NEGATIVES, "Accounts receivable were -$4,667 thousand in 2023.", None,
        "'(4,667 )': ASCII parentheses with a space inside give no sign under the default"
        " (sign_parentheses full_width); 'spaced' grounds it, selectable (d747)"),
    Gap(HEADED_SEGMENTS, "Services gross margin was 42.1%.", "row",
        "the head 'Services revenue' is named by part of its words only (d784 asks every word"
        " that sets the head apart: 'revenue' unsaid)"),
]  # fmt: skip
