"""A right answer's period words grounded by the header its cell takes (period_words
"cell_headers", d1011; issue 28, s52): each answer cites only its row and says the length and
day of its cell's column, which the row does not print and its chunk's header does; the
question names no period, so the period words are the answer's own claim. Refused: the same
row said of another column's length or day (the cell's own header only, never another
column's). The statements are corpus_en_lengths' (Best Buy's and Ulta Beauty's forms, figures
made up); ../shared's filings are read in tests/services/test_pdf_cell_periods.py.
context/corpus.py's shape; tests/engine/context/test_context_corpus.py runs them."""

from groundgate.engine.context.corpus import Gap, Passes, Refused
from groundgate.engine.context.corpus_en_lengths import (
    LENGTHS_SIDE_BY_SIDE,
    QUARTER_AND_NINE,
    QUARTER_THEN_YEAR,
)

_Q2 = "Revenue $ 9,512 $ 10,214 $ 18,977 $ 20,841"
_NINE = "Net income 318 290 915 842"
_YEAR_INCOME = "Net income $ 1,201,338 11.9% $ 962,745 11.3%"
_QUARTER_INCOME = "Net income $ 331,207 10.7% $ 281,954 10.6%"

PASSES = [
    Passes(
        QUARTER_THEN_YEAR,
        "Net income was $1,201,338 thousand in the 52 weeks ended January 28, 2023.",
        excerpt=_YEAR_INCOME,
    ),
    Passes(
        QUARTER_THEN_YEAR,
        "In the 52 weeks ended January 28, 2023, net income was $1,201,338 thousand.",
        excerpt=_YEAR_INCOME,
    ),
    Passes(
        QUARTER_THEN_YEAR,
        "Net income was $962,745 thousand in the 52 weeks ended January 29, 2022.",
        excerpt=_YEAR_INCOME,
    ),
    Passes(
        QUARTER_THEN_YEAR,
        "Net income was $331,207 thousand in the 13 weeks ended January 28, 2023.",
        excerpt=_QUARTER_INCOME,
    ),
    Passes(
        QUARTER_THEN_YEAR,
        "Net income was $1,201,338 thousand, 11.9% of net sales, in the 52 weeks ended "
        "January 28, 2023, compared with $962,745 thousand in the 52 weeks ended January 29, "
        "2022.",
        excerpt=_YEAR_INCOME,
    ),
    Passes(QUARTER_THEN_YEAR, "Net income was $1,201,338 thousand in 2023.", excerpt=_YEAR_INCOME),
    Passes(
        LENGTHS_SIDE_BY_SIDE,
        "Revenue was $9,512 million in the three months ended July 29, 2023.",
        excerpt=_Q2,
    ),
    Passes(
        LENGTHS_SIDE_BY_SIDE,
        "Revenue was $18,977 million in the six months ended July 29, 2023.",
        excerpt=_Q2,
    ),
    Passes(
        LENGTHS_SIDE_BY_SIDE,
        "Revenue was $20,841 million in the six months ended July 30, 2022.",
        excerpt=_Q2,
    ),
    Passes(
        QUARTER_AND_NINE,
        "Net income was $915 million in the nine months ended September 30, 2023.",
        excerpt=_NINE,
    ),
]

REFUSED = [
    Refused(
        QUARTER_THEN_YEAR,
        "Net income was $1,201,338 thousand in the 13 weeks ended January 28, 2023.",
        "period",
        excerpt=_YEAR_INCOME,
    ),
    Refused(
        QUARTER_THEN_YEAR,
        "Net income was $1,201,338 thousand in the 52 weeks ended January 29, 2022.",
        "period",
        excerpt=_YEAR_INCOME,
    ),
    Refused(
        QUARTER_THEN_YEAR,
        "Net income was $331,207 thousand in the 52 weeks ended January 28, 2023.",
        "period",
        excerpt=_QUARTER_INCOME,
    ),
    Refused(
        QUARTER_THEN_YEAR,
        "Net income was $1,201,338 thousand, compared with $962,745 thousand in the 52 weeks "
        "ended January 28, 2023.",
        "period",
        excerpt=_YEAR_INCOME,
    ),
    Refused(
        QUARTER_THEN_YEAR,
        "Net income was $1,201,338 thousand in 2022.",
        "period",
        excerpt=_YEAR_INCOME,
    ),
    Refused(
        LENGTHS_SIDE_BY_SIDE,
        "Revenue was $18,977 million in the three months ended July 29, 2023.",
        "period",
        excerpt=_Q2,
    ),
    Refused(
        LENGTHS_SIDE_BY_SIDE,
        "Revenue was $9,512 million in the six months ended July 29, 2023.",
        "period",
        excerpt=_Q2,
    ),
    Refused(
        LENGTHS_SIDE_BY_SIDE,
        "Revenue was $9,512 million in the three months ended July 30, 2022.",
        "period",
        excerpt=_Q2,
    ),
    Refused(
        QUARTER_AND_NINE,
        "Net income was $318 million in the nine months ended September 30, 2023.",
        "period",
        excerpt=_NINE,
    ),
    Refused(
        QUARTER_AND_NINE,
        "Net income was $915 million in the 39 weeks ended September 30, 2023.",
        "period",
        excerpt=_NINE,
    ),
]

GAPS: list[Gap] = []
