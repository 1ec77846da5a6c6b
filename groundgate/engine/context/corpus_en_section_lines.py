"""A section's name under a statement's dated header lines heads none of its columns
(period_words "section_lines", d1039; issue 28, s52): Ulta Beauty's cash-flow statement and
balance sheet as PDF ingestion prints them (chunking 5: "Operating activities" and "Assets" /
"Current assets:" between the header and the first row; figures made up). Each answer cites only
its row; its length and day are its column's, which the header prints. Refused: the same row said
of another column's length or day. ../shared's filing is read in tests/engine/test_section_lines.py.
context/corpus.py's shape; tests/engine/context/test_context_corpus.py runs them."""

from groundgate.engine.context.corpus import Gap, Passes, Refused

CASH_FLOWS = """Exhibit 4 Ulta Beauty, Inc. Condensed Consolidated Statements of Cash Flows
(In thousands)
52 Weeks Ended
January 28, January 29,
2023 2022
(Unaudited)
Operating activities
Net income $ 1,201,338 $ 962,745
Depreciation and amortization 238,104 261,377
Net cash provided by operating activities 1,455,630 1,041,802
Investing activities
Capital expenditures (305,412) (168,930)
Net cash used in investing activities (309,871) (172,015)
Financing activities
Repurchase of common shares (884,016) (1,498,207)
Net cash used in financing activities (902,344) (1,512,660)"""

BALANCE_SHEET = """Exhibit 3 Ulta Beauty, Inc. Condensed Consolidated Balance Sheets
(In thousands)
January 28, January 29,
2023 2022
(Unaudited)
Assets
Current assets:
Cash and cash equivalents $ 721,405 $ 426,118
Receivables, net 195,360 229,874
Total current assets 2,664,932 2,250,417"""

_REPURCHASE = "Repurchase of common shares (884,016) (1,498,207)"
_CAPEX = "Capital expenditures (305,412) (168,930)"
_CASH = "Cash and cash equivalents $ 721,405 $ 426,118"

PASSES = [
    Passes(
        CASH_FLOWS,
        "Ulta Beauty spent $884,016 thousand on repurchases of common shares in the 52 weeks "
        "ended January 28, 2023.",
        excerpt=_REPURCHASE,
    ),
    Passes(
        CASH_FLOWS,
        "Ulta Beauty spent $1,498,207 thousand on repurchases of common shares in the 52 weeks "
        "ended January 29, 2022.",
        excerpt=_REPURCHASE,
    ),
    Passes(
        CASH_FLOWS,
        "Capital expenditures were $305,412 thousand in the 52 weeks ended January 28, 2023.",
        excerpt=_CAPEX,
    ),
    Passes(
        BALANCE_SHEET,
        "Cash and cash equivalents were $721,405 thousand at January 28, 2023.",
        excerpt=_CASH,
    ),
]

REFUSED = [
    Refused(
        CASH_FLOWS,
        "Ulta Beauty spent $884,016 thousand on repurchases of common shares in the 13 weeks "
        "ended January 28, 2023.",
        "period",
        excerpt=_REPURCHASE,
    ),
    Refused(
        CASH_FLOWS,
        "Ulta Beauty spent $884,016 thousand on repurchases of common shares in the 52 weeks "
        "ended January 29, 2022.",
        "period",
        excerpt=_REPURCHASE,
    ),
    Refused(
        CASH_FLOWS,
        "Capital expenditures were $168,930 thousand in the 52 weeks ended January 28, 2023.",
        "period",
        excerpt=_CAPEX,
    ),
    Refused(
        BALANCE_SHEET,
        "Cash and cash equivalents were $721,405 thousand at January 29, 2022.",
        "period",
        excerpt=_CASH,
    ),
]

GAPS: list[Gap] = []
